#if !canImport(ObjectiveC)
    import Foundation

    /// Foundation's transformer between `Data` and objects that support secure coding, which
    /// Linux's Foundation does not have; on Apple platforms Foundation's own class is used.
    ///
    /// Forward, ``transformedValue(_:)`` unarchives `Data` with `NSKeyedUnarchiver` into one
    /// of ``allowedTopLevelClasses``; in reverse, ``reverseTransformedValue(_:)`` archives a
    /// value with `NSKeyedArchiver`, requiring secure coding. A transformable attribute
    /// stores through it in reverse and reads forward, as Core Data does. Subclass it to
    /// allow your own classes:
    ///
    /// ```swift
    /// final class ColorTransformer: NSSecureUnarchiveFromDataTransformer {
    ///     override class var allowedTopLevelClasses: [AnyClass] { [Color.self] }
    /// }
    /// ```
    ///
    /// Registered by default under ``NSValueTransformerName/secureUnarchiveFromDataTransformerName``.
    ///
    /// Where Foundation's would raise an Objective-C exception, or Linux's archiver would
    /// stop the program (an archive naming a class that is not allowed, a value that does
    /// not support secure coding), this one returns nil: it checks an archive's classes
    /// before unarchiving it, and a value's before archiving it (`SecureArchiveCheck`).
    open class NSSecureUnarchiveFromDataTransformer: ValueTransformer {
        /// The classes an archive's top-level object (and the members of a top-level
        /// collection) may be: Foundation's list unless overridden.
        open class var allowedTopLevelClasses: [AnyClass] {
            [
                NSArray.self, NSDictionary.self, NSSet.self, NSString.self, NSNumber.self, NSDate.self, NSData.self,
                NSURL.self, NSUUID.self, NSNull.self,
            ]
        }

        /// `true`: a value is archived in reverse.
        open override class func allowsReverseTransformation() -> Bool {
            true
        }

        /// The object archived in `value` (`Data`), or nil when it is not a keyed archive of
        /// allowed classes.
        ///
        /// - Parameter value: The archive, as `Data`.
        open override func transformedValue(_ value: Any?) -> Any? {
            guard let data = value as? Data else { return nil }
            let allowed = type(of: self).allowedTopLevelClasses
            guard SecureArchiveCheck.canUnarchive(data, allowedClasses: allowed) else { return nil }
            return try? NSKeyedUnarchiver.unarchivedObject(ofClasses: allowed, from: data)
        }

        /// `value` archived with secure coding, or nil when it cannot be archived, or the
        /// archive could not be unarchived by ``transformedValue(_:)`` (a class that is not
        /// allowed).
        ///
        /// - Parameter value: The value to archive.
        open override func reverseTransformedValue(_ value: Any?) -> Any? {
            guard let value, SecureArchiveCheck.canArchive(value) else { return nil }
            guard let data = try? NSKeyedArchiver.archivedData(withRootObject: value, requiringSecureCoding: true),
                SecureArchiveCheck.canUnarchive(data, allowedClasses: type(of: self).allowedTopLevelClasses)
            else { return nil }
            return data
        }
    }
#endif
