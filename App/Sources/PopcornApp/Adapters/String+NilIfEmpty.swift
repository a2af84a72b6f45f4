extension String {
    /// nil for the empty string, which TMDb sends for unknown values.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
