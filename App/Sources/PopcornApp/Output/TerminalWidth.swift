import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The width of the terminal standard output is on: `COLUMNS` if set, else the
/// terminal's own size, else 100 (when the output is a pipe or a file).
enum TerminalWidth {
    static var current: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 20 {
            return columns
        }
        #if canImport(Glibc)
            var size = winsize()
            if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 {
                return Int(size.ws_col)
            }
        #endif
        return 100
    }

    /// Whether standard error is a terminal (for progress bars).
    static var standardErrorIsTerminal: Bool {
        #if canImport(Glibc)
            return isatty(STDERR_FILENO) == 1
        #else
            return false
        #endif
    }
}
