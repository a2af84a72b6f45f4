extension OSLogInterpolation {
    /// Appends an error as `String(describing:)` writes it, private under `.auto`, so that
    /// `"\(error)"` in a `catch` compiles whichever SDK the code was written against.
    public mutating func appendInterpolation(
        _ error: @autoclosure @escaping () -> any Error,
        align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {
        append(isScalar: false, privacy: privacy, align: align) { String(describing: error()) }
    }
}
