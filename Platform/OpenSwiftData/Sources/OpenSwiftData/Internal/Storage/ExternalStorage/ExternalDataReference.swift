/// A BLOB attribute whose row holds the name of a file in the store's external-data
/// folder (``ExternalDataFolder``) instead of the bytes: what decoding such a row throws,
/// so that the model's backing data loads the file (``ModelBackingData``'s
/// `externalValue(at:codec:reference:)`).
///
/// A BLOB column holds text only as such a name: OpenSwiftData stores every BLOB
/// attribute's own value as a BLOB.
struct ExternalDataReference: Error, Hashable {
    /// The file's name in the folder.
    let fileName: String
}

extension ValueConversion {
    /// The conversion with external data recognized: a BLOB attribute's text is a file
    /// name (thrown as ``ExternalDataReference``), and its values are compared in memory,
    /// since a row may hold a file name where the bytes would be compared.
    func readingExternalData() -> ValueConversion {
        guard storageType == .blob else { return self }
        var conversion = self
        let decodeStored = decode
        conversion.decode = { stored in
            if case .text(let fileName) = stored { throw ExternalDataReference(fileName: fileName) }
            return try decodeStored(stored)
        }
        conversion.comparesInSQL = false
        return conversion
    }
}
