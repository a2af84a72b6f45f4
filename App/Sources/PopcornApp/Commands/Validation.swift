import ArgumentParser

/// Checks of command-line values, each failing with one clear line.
enum Validation {
    static func id(_ id: Int) throws {
        guard id > 0 else { throw ValidationError("An id is a positive whole number; got \(id).") }
    }

    static func page(_ page: Int) throws {
        guard (1...500).contains(page) else { throw ValidationError("--page must be between 1 and 500; got \(page).") }
    }
}
