import Foundation

/// Every error OpenSwiftData throws, shaped as SwiftData declares it: a struct whose
/// static members name the kinds of failure SwiftData reports, so that SwiftData code
/// such as `catch let error as SwiftDataError where error == .loadIssueModelContainer`
/// compiles and matches. Two errors are equal when they are of the same kind.
///
/// What exactly went wrong is the ``cause`` (a refused migration change, a store
/// written by a newer version, a row-count mismatch, …), and the ``description`` says
/// it in a sentence a person can act on.
///
/// ```swift
/// do {
///     container = try ModelContainer(for: schema, migrationPlan: plan, configurations: configuration)
/// } catch let error as SwiftDataError where error == .loadIssueModelContainer {
///     if case .refusedChange(let entity, let property, _, _) = error.cause { reportRefusal(entity, property) }
///     print(error)  // the cause, in one sentence
/// }
/// ```
public struct SwiftDataError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// SwiftData's kinds of failure, and OpenSwiftData's where SwiftData has none.
    enum Kind: String, Hashable, Sendable {
        case loadIssueModelContainer, modelValidationFailure, missingModelContext, unknownSchema
        case unsupportedPredicate, unsupportedSortDescriptor, unsupportedKeyPath, backwardMigration
        case duplicateConfiguration, configurationSchemaNotFoundInContainerSchema
        case includePendingChangesWithBatchSize, historyTokenExpired
        case sortingPendingChangesWithIdentifiers, invalidTransactionFetchRequest, unknownDataStoreSchema
        case configurationFileNameContainsInvalidCharacters, configurationFileNameTooLong
        case unknownModel, storeAccessFailure
    }

    let kind: Kind
    /// What exactly went wrong; nil for the bare kinds (``loadIssueModelContainer``, …).
    public let cause: Cause?

    init(_ kind: Kind, _ cause: Cause? = nil) {
        self.kind = kind
        self.cause = cause
    }

    /// Errors are equal when they are of the same kind, whatever their cause, as code
    /// written for SwiftData compares them.
    public static func == (lhs: SwiftDataError, rhs: SwiftDataError) -> Bool { lhs.kind == rhs.kind }

    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    /// Matches an error of the same kind, as SwiftData's: `case SwiftDataError.loadIssueModelContainer:`
    /// in a `switch` over a caught error.
    ///
    /// - Parameters:
    ///   - pattern: The error to match, such as `SwiftDataError.loadIssueModelContainer`.
    ///   - value: The error caught.
    /// - Returns: Whether `value` is a ``SwiftDataError`` of the same kind as `pattern`.
    public static func ~= (pattern: SwiftDataError, value: any Error) -> Bool {
        (value as? SwiftDataError).map { $0 == pattern } ?? false
    }

    public var description: String {
        cause?.description ?? "SwiftData error: \(kind.rawValue)."
    }

    public var errorDescription: String? { description }

    // MARK: SwiftData's kinds

    /// The container could not be created: the store cannot be opened, read or migrated.
    public static let loadIssueModelContainer = SwiftDataError(.loadIssueModelContainer)
    /// A save broke a rule of the models (a `.deny` relationship, a read-only store, …).
    public static let modelValidationFailure = SwiftDataError(.modelValidationFailure)
    /// A model is not in this context.
    public static let missingModelContext = SwiftDataError(.missingModelContext)
    /// A model type is not in the container's schema. Declared so that SwiftData code
    /// matching it compiles; OpenSwiftData never throws it: a type the schema lacks is
    /// refused with ``Cause/invalidModel(entity:reason:)`` (``loadIssueModelContainer``).
    public static let unknownSchema = SwiftDataError(.unknownSchema)
    /// A predicate cannot be evaluated (OpenSwiftData evaluates in memory what SQL cannot).
    public static let unsupportedPredicate = SwiftDataError(.unsupportedPredicate)
    /// A sort descriptor cannot be evaluated (OpenSwiftData sorts in memory what SQL cannot).
    public static let unsupportedSortDescriptor = SwiftDataError(.unsupportedSortDescriptor)
    /// A key path names no persisted property.
    public static let unsupportedKeyPath = SwiftDataError(.unsupportedKeyPath)
    /// The store was written by a newer version of the schema.
    public static let backwardMigration = SwiftDataError(.backwardMigration)
    /// A configuration's name, which makes its store's file name, has a `/` or a NUL.
    public static let configurationFileNameContainsInvalidCharacters = SwiftDataError(
        .configurationFileNameContainsInvalidCharacters)
    /// A configuration's name makes a file name longer than the file system takes.
    public static let configurationFileNameTooLong = SwiftDataError(.configurationFileNameTooLong)
    /// Two configurations of one container are the same.
    public static let duplicateConfiguration = SwiftDataError(.duplicateConfiguration)
    /// A configuration's schema has models the container's schema does not.
    public static let configurationSchemaNotFoundInContainerSchema = SwiftDataError(
        .configurationSchemaNotFoundInContainerSchema)
    /// `includePendingChanges` with a batched fetch.
    public static let includePendingChangesWithBatchSize = SwiftDataError(.includePendingChangesWithBatchSize)
    /// A history token older than the history that was deleted. Declared so that SwiftData
    /// code matching it compiles; OpenSwiftData never throws it: a token from before
    /// deleted transactions still selects the history left after it.
    public static let historyTokenExpired = SwiftDataError(.historyTokenExpired)
    /// Declared so that SwiftData code matching it compiles; OpenSwiftData never throws it:
    /// ``ModelContext/fetchIdentifiers(_:)`` with unsaved changes and a sort order sorts
    /// the matching models, pending ones included.
    public static let sortingPendingChangesWithIdentifiers = SwiftDataError(.sortingPendingChangesWithIdentifiers)
    /// Declared so that SwiftData code matching it compiles; OpenSwiftData never throws it:
    /// every ``HistoryDescriptor`` is a valid request of the history.
    public static let invalidTransactionFetchRequest = SwiftDataError(.invalidTransactionFetchRequest)
    /// Declared so that SwiftData code matching it compiles. A store written with a schema
    /// neither the container's nor one of its migration plan's throws
    /// ``loadIssueModelContainer`` with the cause ``Cause/schemaMismatch(path:differences:)``,
    /// as SwiftData does for apps built before its version 27.
    public static let unknownDataStoreSchema = SwiftDataError(.unknownDataStoreSchema)

    // MARK: OpenSwiftData's causes

    /// ``Cause/invalidModel(entity:reason:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the model's entity.
    ///   - reason: Why the model cannot be stored.
    public static func invalidModel(entity: String, reason: String) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .invalidModel(entity: entity, reason: reason))
    }

    /// ``Cause/notADatabase(path:)``.
    ///
    /// - Parameter path: The file's path.
    public static func notADatabase(path: String) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .notADatabase(path: path))
    }

    /// ``Cause/corruptFile(path:detail:)``.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - detail: What SQLite reported.
    public static func corruptFile(path: String, detail: String) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .corruptFile(path: path, detail: detail))
    }

    /// ``Cause/notAModelStore(path:tables:)``.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - tables: The names of the tables the file holds.
    public static func notAModelStore(path: String, tables: [String]) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .notAModelStore(path: path, tables: tables))
    }

    /// ``Cause/schemaMismatch(path:differences:)``.
    ///
    /// - Parameters:
    ///   - path: The store file's path.
    ///   - differences: How the store differs from the schema, one difference an element.
    public static func schemaMismatch(path: String, differences: [String]) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .schemaMismatch(path: path, differences: differences))
    }

    /// ``Cause/io(path:detail:)``.
    ///
    /// - Parameters:
    ///   - path: The path of the file or folder that cannot be used.
    ///   - detail: What went wrong.
    public static func io(path: String, detail: String) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .io(path: path, detail: detail))
    }

    /// ``Cause/saveNotAllowed``.
    public static var saveNotAllowed: SwiftDataError { SwiftDataError(.modelValidationFailure, .saveNotAllowed) }

    /// ``Cause/deleteDenied(entity:relationship:count:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the deleted model's entity.
    ///   - relationship: The name of the `.deny` relationship.
    ///   - count: How many models it still refers to.
    public static func deleteDenied(entity: String, relationship: String, count: Int) -> SwiftDataError {
        SwiftDataError(.modelValidationFailure, .deleteDenied(entity: entity, relationship: relationship, count: count))
    }

    /// ``Cause/modelBelongsToAnotherContext(entity:)``.
    ///
    /// - Parameter entity: The name of the model's entity.
    public static func modelBelongsToAnotherContext(entity: String) -> SwiftDataError {
        SwiftDataError(.missingModelContext, .modelBelongsToAnotherContext(entity: entity))
    }

    /// ``Cause/modelNotFound(_:)``.
    ///
    /// - Parameter value0: The identifier no model has.
    public static func modelNotFound(_ value0: PersistentIdentifier) -> SwiftDataError {
        SwiftDataError(.unknownModel, .modelNotFound(value0))
    }

    /// ``Cause/unsupportedConfiguration(reason:)``.
    ///
    /// - Parameter reason: Why the configuration cannot be served.
    public static func unsupportedConfiguration(reason: String) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .unsupportedConfiguration(reason: reason))
    }

    /// ``Cause/database(code:message:sql:)``.
    ///
    /// - Parameters:
    ///   - code: SQLite's (extended) result code.
    ///   - message: SQLite's message.
    ///   - sql: The statement that failed, if known.
    public static func database(code: Int32, message: String, sql: String?) -> SwiftDataError {
        SwiftDataError(.storeAccessFailure, .database(code: code, message: message, sql: sql))
    }

    /// ``Cause/unknownModelVersion(path:nearestVersion:differences:)``.
    ///
    /// - Parameters:
    ///   - path: The store file's path.
    ///   - nearestVersion: The plan's version closest to the store, if the plan has any.
    ///   - differences: How the store differs from that version, one difference an element.
    public static func unknownModelVersion(path: String, nearestVersion: String?, differences: [String])
        -> SwiftDataError
    {
        SwiftDataError(
            .loadIssueModelContainer,
            .unknownModelVersion(path: path, nearestVersion: nearestVersion, differences: differences))
    }

    /// ``Cause/storeIsNewer(path:storeVersion:latestKnownVersion:)``.
    ///
    /// - Parameters:
    ///   - path: The store file's path.
    ///   - storeVersion: The version the store was written by.
    ///   - latestKnownVersion: The latest version of the migration plan.
    public static func storeIsNewer(path: String, storeVersion: String, latestKnownVersion: String) -> SwiftDataError {
        SwiftDataError(
            .backwardMigration,
            .storeIsNewer(path: path, storeVersion: storeVersion, latestKnownVersion: latestKnownVersion))
    }

    /// ``Cause/invalidMigrationPlan(reason:)``.
    ///
    /// - Parameter reason: What is inconsistent in the plan.
    public static func invalidMigrationPlan(reason: String) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .invalidMigrationPlan(reason: reason))
    }

    /// ``Cause/duplicateVersionShapes(first:second:)``.
    ///
    /// - Parameters:
    ///   - first: The earlier of the two versions.
    ///   - second: The later of the two versions.
    public static func duplicateVersionShapes(first: String, second: String) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .duplicateVersionShapes(first: first, second: second))
    }

    /// ``Cause/refusedChange(entity:property:reason:remedy:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the model's entity.
    ///   - property: The name of the property changed, or nil for a change of the entity.
    ///   - reason: Why the change is refused.
    ///   - remedy: What to do instead, as a sentence.
    public static func refusedChange(entity: String, property: String?, reason: String, remedy: String)
        -> SwiftDataError
    {
        SwiftDataError(
            .loadIssueModelContainer, .refusedChange(entity: entity, property: property, reason: reason, remedy: remedy)
        )
    }

    /// ``Cause/migrationStageFailed(stage:reason:)``.
    ///
    /// - Parameters:
    ///   - stage: The stage that failed.
    ///   - reason: What it threw, or how it left the store.
    public static func migrationStageFailed(stage: String, reason: String) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .migrationStageFailed(stage: stage, reason: reason))
    }

    /// ``Cause/rowCountMismatch(entity:expected:found:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the model's entity.
    ///   - expected: The row count before the migration.
    ///   - found: The row count after it.
    public static func rowCountMismatch(entity: String, expected: Int, found: Int) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .rowCountMismatch(entity: entity, expected: expected, found: found))
    }

    /// ``Cause/cloudKitConstraintViolations(_:)``.
    ///
    /// - Parameter value0: The violations, one an element.
    public static func cloudKitConstraintViolations(_ value0: [String]) -> SwiftDataError {
        SwiftDataError(.loadIssueModelContainer, .cloudKitConstraintViolations(value0))
    }

    /// ``Cause/relationshipNotLoaded(entity:relationship:reason:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the model's entity.
    ///   - relationship: The name of the relationship.
    ///   - reason: Why its stored targets could not be read.
    public static func relationshipNotLoaded(entity: String, relationship: String, reason: String) -> SwiftDataError {
        SwiftDataError(
            .modelValidationFailure, .relationshipNotLoaded(entity: entity, relationship: relationship, reason: reason))
    }

    /// ``Cause/modelCountOutOfRange(entity:relationship:count:minimum:maximum:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the model's entity.
    ///   - relationship: The name of the to-many relationship.
    ///   - count: How many models it holds.
    ///   - minimum: Its `minimumModelCount`, or nil when it has none.
    ///   - maximum: Its `maximumModelCount`, or nil when it has none.
    public static func modelCountOutOfRange(
        entity: String, relationship: String, count: Int, minimum: Int?, maximum: Int?
    ) -> SwiftDataError {
        SwiftDataError(
            .modelValidationFailure,
            .modelCountOutOfRange(
                entity: entity, relationship: relationship, count: count, minimum: minimum, maximum: maximum))
    }

    /// ``Cause/duplicateConfiguration(path:)``.
    ///
    /// - Parameter path: The store file both configurations name.
    public static func duplicateConfiguration(path: String) -> SwiftDataError {
        SwiftDataError(.duplicateConfiguration, .duplicateConfiguration(path: path))
    }

    /// ``Cause/configurationAssignment(entity:reason:)``; of the kind
    /// ``configurationSchemaNotFoundInContainerSchema`` when a configuration lists a model
    /// the container's schema does not have.
    ///
    /// - Parameters:
    ///   - entity: The name of the model's entity.
    ///   - reason: Why the model cannot be given a store.
    ///   - notInContainerSchema: Whether a configuration lists the model and the container's
    ///     schema does not have it.
    public static func configurationAssignment(entity: String, reason: String, notInContainerSchema: Bool = false)
        -> SwiftDataError
    {
        SwiftDataError(
            notInContainerSchema ? .configurationSchemaNotFoundInContainerSchema : .loadIssueModelContainer,
            .configurationAssignment(entity: entity, reason: reason))
    }

    /// ``Cause/unsupportedKeyPath(entity:keyPath:reason:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the model's entity.
    ///   - keyPath: The key path, as written.
    ///   - reason: Why it cannot be used.
    public static func unsupportedKeyPath(entity: String, keyPath: String, reason: String) -> SwiftDataError {
        SwiftDataError(.unsupportedKeyPath, .unsupportedKeyPath(entity: entity, keyPath: keyPath, reason: reason))
    }

    /// ``Cause/mutationsEscapedEnumeration(entity:count:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the entity enumerated.
    ///   - count: How many unsaved changes the block left.
    public static func mutationsEscapedEnumeration(entity: String, count: Int) -> SwiftDataError {
        SwiftDataError(.modelValidationFailure, .mutationsEscapedEnumeration(entity: entity, count: count))
    }

    /// ``Cause/requiredRelationshipMissing(entity:relationship:target:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the model's entity.
    ///   - relationship: The name of the to-one relationship.
    ///   - target: The name of the relationship's target entity.
    public static func requiredRelationshipMissing(entity: String, relationship: String, target: String)
        -> SwiftDataError
    {
        SwiftDataError(
            .modelValidationFailure,
            .requiredRelationshipMissing(entity: entity, relationship: relationship, target: target))
    }

    /// ``Cause/uniqueValueOfAnotherClass(entity:properties:storedEntity:)``.
    ///
    /// - Parameters:
    ///   - entity: The name of the new model's entity.
    ///   - properties: The unique properties whose values a stored row holds.
    ///   - storedEntity: The name of the stored row's entity.
    public static func uniqueValueOfAnotherClass(entity: String, properties: [String], storedEntity: String)
        -> SwiftDataError
    {
        SwiftDataError(
            .modelValidationFailure,
            .uniqueValueOfAnotherClass(entity: entity, properties: properties, storedEntity: storedEntity))
    }
}
