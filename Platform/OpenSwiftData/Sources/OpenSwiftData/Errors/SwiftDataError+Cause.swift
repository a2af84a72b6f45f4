import Foundation

extension SwiftDataError {
    /// What exactly went wrong, one case per cause, each with a message a person can act
    /// on: the detail behind SwiftData's broader kinds (``SwiftDataError/loadIssueModelContainer``
    /// and the others).
    public enum Cause: Equatable, Sendable, CustomStringConvertible {
        /// A model type cannot be stored as declared.
        case invalidModel(entity: String, reason: String)
        /// The file is not an SQLite database at all.
        case notADatabase(path: String)
        /// The file is an SQLite database whose pages are damaged.
        case corruptFile(path: String, detail: String)
        /// The file is an SQLite database that OpenSwiftData did not write.
        case notAModelStore(path: String, tables: [String])
        /// The store was written for a different schema, and no migration was given.
        case schemaMismatch(path: String, differences: [String])
        /// The store cannot be opened for writing or read at all.
        case io(path: String, detail: String)
        /// `save()` on a configuration created with `allowsSave: false`.
        case saveNotAllowed
        /// A model deleted while a `.deny` relationship still refers to other models.
        case deleteDenied(entity: String, relationship: String, count: Int)
        /// A model that belongs to another context was passed to this one.
        case modelBelongsToAnotherContext(entity: String)
        /// No model with this identifier exists in the store.
        case modelNotFound(PersistentIdentifier)
        /// The configuration cannot be served (for example a custom migration stage in a
        /// container of several stores).
        case unsupportedConfiguration(reason: String)
        /// SQLite reported an error; the message and the SQL say which.
        case database(code: Int32, message: String, sql: String?)
        /// The store matches no version of the migration plan.
        case unknownModelVersion(path: String, nearestVersion: String?, differences: [String])
        /// The store was written by a newer version of the schema than the plan knows.
        case storeIsNewer(path: String, storeVersion: String, latestKnownVersion: String)
        /// The migration plan is inconsistent; nothing was touched.
        case invalidMigrationPlan(reason: String)
        /// Two versions of the plan store their models the same way and a custom stage lies
        /// between them: a store of that shape cannot tell whether the stage has run.
        /// Nothing was touched.
        case duplicateVersionShapes(first: String, second: String)
        /// A schema change that would lose or corrupt data; nothing was changed.
        case refusedChange(entity: String, property: String?, reason: String, remedy: String)
        /// A migration stage threw or left the store inconsistent; nothing was changed.
        case migrationStageFailed(stage: String, reason: String)
        /// A migration changed an entity's row count where no stage deleted or inserted
        /// rows; nothing was changed.
        case rowCountMismatch(entity: String, expected: Int, found: Int)
        /// Models that CloudKit could not sync, each violation on its own line.
        case cloudKitConstraintViolations([String])
        /// A relationship was changed while its stored targets could not be read, or in a
        /// way that drops stored targets after a read of them failed in the context (the
        /// change may be built on the failed read's empty result), so saving it could
        /// overwrite links that were never seen; nothing was written.
        case relationshipNotLoaded(entity: String, relationship: String, reason: String)
        /// A to-many relationship holds fewer models than its `minimumModelCount` or more
        /// than its `maximumModelCount`; nothing was written.
        case modelCountOutOfRange(entity: String, relationship: String, count: Int, minimum: Int?, maximum: Int?)
        /// A model's attribute was set to a value that cannot be stored (a transformable
        /// attribute whose transformer returned nil or no `Data`); nothing was written,
        /// and the model kept its changes.
        case valueNotStored(entity: String, property: String, reason: String)
        /// The rows of one store could not be copied into another
        /// (`StoreFile.copyRows(from:)`); nothing was written.
        case rowsNotCopied(from: String, into: String, reason: String)
        /// Two configurations of one container name the same store file.
        case duplicateConfiguration(path: String)
        /// A model type cannot be given a store: it is in no configuration, in several,
        /// not in the container's schema, or related to a model of another store.
        case configurationAssignment(entity: String, reason: String)
        /// A key path of a fetch descriptor names no property it can be used for.
        case unsupportedKeyPath(entity: String, keyPath: String, reason: String)
        /// An `enumerate` block left unsaved changes without `allowEscapingMutations`;
        /// the changes are still in the context.
        case mutationsEscapedEnumeration(entity: String, count: Int)
        /// A model's to-one relationship that is not optional refers to no model: its
        /// target was deleted under a `.nullify` rule, or it was removed from the
        /// target's inverse. Saving it would store a row that cannot be read back;
        /// nothing was written, and the context kept its changes. (Core Data's
        /// validation of a mandatory relationship, which SwiftData's save runs.)
        case requiredRelationshipMissing(entity: String, relationship: String, target: String)
        /// A new model's unique values are those of a stored row of another class of its
        /// hierarchy (a subclass's model and a row of its superclass, or the reverse): an
        /// upsert updates a row of the model's own class only, as it cannot change a row's
        /// class without losing or making up the values of the other; nothing was written,
        /// and the context kept its changes.
        case uniqueValueOfAnotherClass(entity: String, properties: [String], storedEntity: String)

        public var description: String {
            switch self {
            case .invalidModel(let entity, let reason):
                "Model \(entity) cannot be stored: \(reason)."
            case .notADatabase(let path):
                "\(path) is not an SQLite database (it may be damaged or another kind of file); move it aside or restore it from a backup."
            case .corruptFile(let path, let detail):
                "\(path) is damaged (\(detail)); restore it from a backup."
            case .notAModelStore(let path, let tables):
                "\(path) is an SQLite database that was not written by OpenSwiftData (tables: \(tables.joined(separator: ", "))); use another file."
            case .schemaMismatch(let path, let differences):
                "\(path) was written with a different schema and no migration was given: "
                    + differences.joined(separator: "; ")
            case .io(let path, let detail):
                "Cannot open \(path): \(detail)."
            case .saveNotAllowed:
                "This container was configured with allowsSave: false; changes cannot be saved."
            case .deleteDenied(let entity, let relationship, let count):
                "Cannot delete a \(entity): its relationship '\(relationship)' has the .deny rule and still refers to \(count) model(s); delete or detach them first."
            case .modelBelongsToAnotherContext(let entity):
                "This \(entity) is registered in another model context; fetch it in this context by its persistentModelID instead."
            case .modelNotFound(let identifier):
                "No model with identifier \(identifier) exists in the store."
            case .unsupportedConfiguration(let reason):
                "Unsupported configuration: \(reason)."
            case .database(let code, let message, let sql):
                "SQLite error \(code): \(message)" + (sql.map { " (SQL: \($0))" } ?? "")
            case .unknownModelVersion(let path, let nearest, let differences):
                "\(path) matches no version of the migration plan"
                    + (nearest.map { "; nearest is \($0), which differs: " } ?? ": ")
                    + differences.joined(separator: "; ")
                    + ". Add the version that wrote this store to the plan, or restore a backup."
            case .storeIsNewer(let path, let storeVersion, let latest):
                "\(path) was written by schema version \(storeVersion), newer than the latest this program knows (\(latest)); use a newer version of the program. The file was not changed."
            case .invalidMigrationPlan(let reason):
                "Invalid migration plan: \(reason). Nothing was changed."
            case .duplicateVersionShapes(let first, let second):
                "Versions \(first) and \(second) of the migration plan store their models identically and a custom stage lies between them, so a store of that shape cannot tell whether the stage has run; change the models of one of the versions, or make the stages between them lightweight. Nothing was touched."
            case .refusedChange(let entity, let property, let reason, let remedy):
                "Refused migration of \(entity)\(property.map { ".\($0)" } ?? ""): \(reason). \(remedy) The store was not changed."
            case .migrationStageFailed(let stage, let reason):
                "Migration stage \(stage) failed: \(reason). The store was not changed."
            case .rowCountMismatch(let entity, let expected, let found):
                "Migration would leave \(found) rows of \(entity) where \(expected) were expected; it was rolled back and the store was not changed."
            case .cloudKitConstraintViolations(let violations):
                "The models cannot be used with CloudKit:\n- " + violations.joined(separator: "\n- ")
            case .relationshipNotLoaded(let entity, let relationship, let reason):
                "Cannot save \(entity).\(relationship): it was changed on top of a read of its stored models that failed (\(reason)); roll back and read it again."
            case .modelCountOutOfRange(let entity, let relationship, let count, let minimum, let maximum):
                "Cannot save \(entity).\(relationship): it holds \(count) models, "
                    + "outside its allowed range (\(minimum.map(String.init) ?? "0") to \(maximum.map(String.init) ?? "any")); add or remove models first."
            case .valueNotStored(let entity, let property, let reason):
                "Cannot save \(entity).\(property): it was set to a value that cannot be stored (\(reason)); set it to another value, or roll back."
            case .rowsNotCopied(let source, let destination, let reason):
                "Cannot copy the rows of \(source) into \(destination): \(reason). Nothing was written."
            case .duplicateConfiguration(let path):
                "Two configurations of the container store their models in \(path); give each configuration its own file."
            case .configurationAssignment(let entity, let reason):
                "Model \(entity) cannot be given a store: \(reason)."
            case .unsupportedKeyPath(let entity, let keyPath, let reason):
                "The key path \(keyPath) of \(entity) cannot be used here: \(reason)."
            case .mutationsEscapedEnumeration(let entity, let count):
                "The block of enumerate over \(entity) left \(count) unsaved change(s); save them in the block, or pass allowEscapingMutations: true. The changes are still in the context."
            case .requiredRelationshipMissing(let entity, let relationship, let target):
                "Cannot save \(entity).\(relationship): it is not optional but refers to no \(target) (deleting its \(target) under a .nullify rule, or removing it from the \(target)'s inverse, cleared it); give it a \(target), delete the \(entity) as well (a .cascade rule does), make the relationship optional, or roll back. Nothing was written."
            case .uniqueValueOfAnotherClass(let entity, let properties, let storedEntity):
                "Cannot save a new \(entity): a stored \(storedEntity) has the same \(properties.joined(separator: ", ")), and an upsert updates a row of its own class only; change the value, or delete the \(storedEntity) first. Nothing was written."
            }
        }

    }
}
