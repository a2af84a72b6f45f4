/// The rules CloudKit imposes on models, checked when a container is configured for a
/// CloudKit database, so that models that work here also sync on Apple platforms.
enum CloudKitConstraints {
    /// Every violation in the schema, one line each; empty when the schema complies.
    static func violations(in schema: Schema) -> [String] {
        var violations: [String] = []
        for entity in schema.descriptors {
            for property in entity.properties {
                let name = "\(entity.name).\(property.name)"
                if let attribute = property.attribute {
                    if attribute.isUnique {
                        violations.append("\(name) is unique (@Attribute(.unique)); CloudKit cannot enforce uniqueness")
                    }
                    if !attribute.codec.isOptional, attribute.defaultValue == nil {
                        violations.append("\(name) must be optional or have a default value")
                    }
                }
                if let relationship = property.relationship {
                    if !relationship.isOptional {
                        violations.append("\(name) is a relationship and must be optional")
                    }
                    if relationship.deleteRule == .deny {
                        violations.append("\(name) uses the .deny delete rule, which CloudKit does not support")
                    }
                }
            }
            for group in entity.uniquenessConstraints where group.count > 1 {
                violations.append(
                    "\(entity.name) declares #Unique over \(group.joined(separator: ", ")); CloudKit cannot enforce uniqueness"
                )
            }
        }
        return violations
    }
}
