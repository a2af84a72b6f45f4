#if !canImport(ObjectiveC)
    import Foundation

    /// The process's registered ``ValueTransformer``s, by name, as Foundation keeps them on
    /// Apple platforms. ``NSSecureUnarchiveFromDataTransformer`` is registered from the
    /// start under ``NSValueTransformerName/secureUnarchiveFromDataTransformerName``.
    enum ValueTransformerRegistry {
        private static let registrations = Locked<[NSValueTransformerName: RegisteredTransformer]>([
            .secureUnarchiveFromDataTransformerName: RegisteredTransformer(NSSecureUnarchiveFromDataTransformer())
        ])

        static func register(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
            let registration = transformer.map(RegisteredTransformer.init)
            registrations.withLock { $0[name] = registration }
        }

        static func registration(forName name: NSValueTransformerName) -> RegisteredTransformer? {
            registrations.withLock { $0[name] }
        }

        static func names() -> [NSValueTransformerName] {
            registrations.withLock { $0.keys.sorted { $0.rawValue < $1.rawValue } }
        }
    }

    /// A registered transformer, and the lock that keeps OpenSwiftData's calls to it from
    /// overlapping: models of several contexts, on several threads, read and write the same
    /// attribute through the one registered object.
    // @unchecked Sendable: OpenSwiftData calls `transformer` only inside `withTransformer`,
    // under `lock` (code that takes it from `ValueTransformer(forName:)` shares it, as on
    // Apple platforms); checked by `ValueTransformerRegistryTests.registeredTransformerIsCalledOneAtATime`.
    final class RegisteredTransformer: @unchecked Sendable {
        let transformer: ValueTransformer
        private let lock = NSLock()

        init(_ transformer: ValueTransformer) {
            self.transformer = transformer
        }

        /// Runs `body` with the transformer, never at the same time as another call.
        func withTransformer<Result>(_ body: (ValueTransformer) throws -> Result) rethrows -> Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(transformer)
        }
    }
#endif
