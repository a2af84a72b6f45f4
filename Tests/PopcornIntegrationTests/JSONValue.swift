import Foundation

/// Any JSON document, as the kinds of its values: to compare `popcorn --json` output with
/// the README's examples by shape (keys and kinds of values) rather than by value.
indirect enum JSONValue: Decodable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // JSONDecoder reads a Bool only from true or false, and a number never from them.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    init(parsing text: String) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The keys, at any depth, that break the contract's one naming style, camelCase:
    /// a lowercase letter, then letters and digits (`^[a-z][A-Za-z0-9]*$`), each with
    /// its path.
    func keysOutOfStyle(at path: String = "$") -> [String] {
        switch self {
        case .object(let members):
            members.sorted { $0.key < $1.key }.flatMap { key, value in
                (key.wholeMatch(of: /[a-z][A-Za-z0-9]*/) == nil ? ["\(path).\(key)"] : [])
                    + value.keysOutOfStyle(at: "\(path).\(key)")
            }
        case .array(let elements):
            elements.enumerated().flatMap { $0.element.keysOutOfStyle(at: "\(path)[\($0.offset)]") }
        case .null, .bool, .number, .string:
            []
        }
    }

    /// Where this document's shape differs from `example`'s: keys missing or added, and
    /// values of another kind. `null` matches any kind (a value may be absent in one and
    /// present in the other), and an empty array any elements; every element of an array
    /// is compared with the example's first.
    func shapeDifferences(from example: JSONValue, at path: String = "$") -> [String] {
        switch (self, example) {
        case (.null, _), (_, .null):
            return []
        case (.object(let actual), .object(let expected)):
            var differences =
                Set(expected.keys).subtracting(actual.keys).sorted().map { "\(path).\($0) is missing" }
                + Set(actual.keys).subtracting(expected.keys).sorted().map { "\(path).\($0) is not in the example" }
            for (key, value) in actual.sorted(by: { $0.key < $1.key }) {
                if let expectedValue = expected[key] {
                    differences += value.shapeDifferences(from: expectedValue, at: "\(path).\(key)")
                }
            }
            return differences
        case (.array(let actual), .array(let expected)):
            guard let first = expected.first else { return [] }
            return actual.enumerated().flatMap { $0.element.shapeDifferences(from: first, at: "\(path)[\($0.offset)]") }
        case (.bool, .bool), (.number, .number), (.string, .string):
            return []
        default:
            return ["\(path) is \(self), the example has \(example)"]
        }
    }
}
