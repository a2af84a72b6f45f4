import Foundation

extension OSLogInterpolation {
    /// Appends a string, private under `.auto`.
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append(isScalar: false, privacy: privacy, align: align, argumentString)
    }

    /// Appends a value's `description`, private under `.auto`.
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append(isScalar: false, privacy: privacy, align: align) { value().description }
    }

    /// Appends an object's `description`, private under `.auto`.
    public mutating func appendInterpolation(
        _ argumentObject: @autoclosure @escaping () -> NSObject,
        privacy: OSLogPrivacy = .auto
    ) {
        append(isScalar: false, privacy: privacy) { argumentObject().description }
    }

    /// Appends a type's name (`String(describing:)`), private under `.auto`.
    public mutating func appendInterpolation(
        _ value: @autoclosure @escaping () -> Any.Type,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append(isScalar: false, privacy: privacy, align: align) { String(describing: value()) }
    }
}
