extension OSLogInterpolation {
    /// Appends a `Bool`, public under `.auto`.
    public mutating func appendInterpolation(
        _ boolean: @autoclosure @escaping () -> Bool,
        format: OSLogBoolFormat = .truth,
        privacy: OSLogPrivacy = .auto
    ) {
        append(isScalar: true, privacy: privacy) { format.format(boolean()) }
    }
}
