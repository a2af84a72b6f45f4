#if !canImport(ObjectiveC)
    import Foundation

    /// What Linux's `NSKeyedUnarchiver` and `NSKeyedArchiver` would refuse, found without
    /// calling them: with secure coding required, both stop the program (`fatalError`) where
    /// Foundation on Apple platforms throws, when an archive names a class that is not
    /// allowed or a value does not support secure coding.
    enum SecureArchiveCheck {
        /// Whether unarchiving `data` with `NSKeyedUnarchiver.unarchivedObject(ofClasses:from:)`
        /// passes the unarchiver's class checks: the root object, and the members of
        /// collections reached from it, are each of a class allowed (or a subclass of one).
        /// Plain property-list values (strings, numbers) are not checked, as the unarchiver
        /// does not check them; objects decoded by a class's own `init(coder:)` are checked
        /// against the classes that initializer names, not these.
        static func canUnarchive(_ data: Data, allowedClasses: [AnyClass]) -> Bool {
            guard
                let archive = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                archive["$archiver"] as? String == "NSKeyedArchiver",
                let objects = archive["$objects"] as? [Any],
                let top = archive["$top"] as? [String: Any],
                let root = top["root"].flatMap(uid)
            else { return false }
            var checked = Set<Int>()

            func check(_ index: Int, depth: Int) -> Bool {
                // Index 0 is `$null`, nil; deep nesting is refused rather than followed.
                guard index != 0 else { return true }
                guard depth < 64, objects.indices.contains(index) else { return false }
                guard checked.insert(index).inserted else { return true }
                guard let object = objects[index] as? [String: Any] else { return true }
                guard let classIndex = object["$class"].flatMap(uid), objects.indices.contains(classIndex),
                    let description = objects[classIndex] as? [String: Any],
                    let className = description["$classname"] as? String,
                    let objectClass = NSClassFromString(className),
                    isKind(objectClass, ofAnyOf: allowedClasses)
                else { return false }
                guard isCollection(objectClass) else { return true }
                for key in ["NS.objects", "NS.keys"] {
                    for member in object[key] as? [Any] ?? [] {
                        guard let memberIndex = uid(member), check(memberIndex, depth: depth + 1) else { return false }
                    }
                }
                return true
            }
            return check(root, depth: 0)
        }

        /// Whether `NSKeyedArchiver.archivedData(withRootObject:requiringSecureCoding: true)`
        /// accepts `value` at the top level and in the members of collections: each is a
        /// value Foundation bridges to a secure-coding class, or an object of a class that
        /// supports secure coding. What a class's own `encode(with:)` archives is its own
        /// responsibility, as on Apple platforms.
        static func canArchive(_ value: Any, depth: Int = 0) -> Bool {
            guard depth < 64 else { return false }
            switch value {
            case is String, is Bool, is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16,
                is UInt32, is UInt64, is Double, is Float, is Data, is Date, is URL, is UUID:
                return true
            case let array as [Any]:
                return array.allSatisfy { canArchive($0, depth: depth + 1) }
            case let dictionary as [AnyHashable: Any]:
                return dictionary.allSatisfy {
                    canArchive($0.key.base, depth: depth + 1) && canArchive($0.value, depth: depth + 1)
                }
            case let set as Set<AnyHashable>:
                return set.allSatisfy { canArchive($0.base, depth: depth + 1) }
            case let object as NSObject:
                guard let secure = type(of: object) as? NSSecureCoding.Type, secure.supportsSecureCoding else {
                    return false
                }
                if let array = object as? NSArray { return array.allSatisfy { canArchive($0, depth: depth + 1) } }
                if let set = object as? NSSet { return set.allSatisfy { canArchive($0, depth: depth + 1) } }
                if let dictionary = object as? NSDictionary {
                    return dictionary.allSatisfy {
                        canArchive($0.key, depth: depth + 1) && canArchive($0.value, depth: depth + 1)
                    }
                }
                return true
            default:
                return false
            }
        }

        /// The index a keyed archive's reference holds. Linux's property-list reader gives
        /// references as a Foundation-internal class whose one stored value is the index,
        /// read here by reflection; an XML archive spells them `{"CF$UID": n}`.
        private static func uid(_ reference: Any) -> Int? {
            if let dictionary = reference as? [String: Any], let index = dictionary["CF$UID"] as? Int { return index }
            guard String(describing: type(of: reference)) == "_NSKeyedArchiverUID" else { return nil }
            for child in Mirror(reflecting: reference).children where child.label == "value" {
                if let index = child.value as? UInt32 { return Int(index) }
                if let index = child.value as? Int { return index }
            }
            return nil
        }

        private static func isKind(_ objectClass: AnyClass, ofAnyOf allowed: [AnyClass]) -> Bool {
            guard let object = objectClass as? NSObject.Type else { return false }
            return allowed.contains { object.isSubclass(of: $0) }
        }

        /// The classes whose `init(coder:)` decodes members with the unarchiver's allowed
        /// classes.
        private static func isCollection(_ objectClass: AnyClass) -> Bool {
            guard let object = objectClass as? NSObject.Type else { return false }
            return [NSArray.self, NSDictionary.self, NSSet.self, NSOrderedSet.self].contains {
                object.isSubclass(of: $0)
            }
        }
    }
#endif
