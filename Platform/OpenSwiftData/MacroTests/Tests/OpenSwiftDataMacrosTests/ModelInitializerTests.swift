import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Model` and the initializers of the class.
@Suite("@Model initializers")
struct ModelInitializerTests {
    @Test("An initializer that leaves optional lets unassigned starts by setting them to nil")
    func unassignedOptionalConstants() {
        assertExpansion(
            """
            @Model
            final class Ticket {
                let code: String
                let seat: String?
                let gate: Int?
                let issuer: String? = "box office"
                init(code: String) {
                    self.code = code
                }
                init(code: String, seat: String) {
                    self.code = code
                    self.seat = seat
                    gate = 4
                }
                init(other: Ticket) {
                    self.code = other.code
                    other.seat = nil
                }
                convenience init() {
                    self.init(code: "")
                }
            }
            """,
            expandedSource: #"""
                final class Ticket {
                    let code: String
                    let seat: String?
                    let gate: Int?
                    let issuer: String? = "box office"
                    init(code: String) {
                        self.seat = nil
                        self.gate = nil
                        self.code = code
                    }
                    init(code: String, seat: String) {
                        self.code = code
                        self.seat = seat
                        gate = 4
                    }
                    init(other: Ticket) {
                        self.seat = nil
                        self.gate = nil
                        self.code = other.code
                        other.seat = nil
                    }
                    convenience init() {
                        self.init(code: "")
                    }

                    nonisolated(unsafe) private var _$backingData = OpenSwiftData.ModelBackingReference()

                    nonisolated var persistentBackingData: OpenSwiftData.ModelBackingData {
                        get {
                            if let backing = _$backingData.backing {
                                return backing
                            }
                            let created = OpenSwiftData.ModelBackingReference.newBacking(for: Ticket.self)
                            _$backingData.backing = created
                            return created
                        }
                        set {
                            let previous = _$backingData.backing
                            OpenSwiftData.ModelBackingReference.replaced(previous, with: newValue)
                            _$backingData.backing = newValue
                        }
                    }

                    nonisolated static var schemaMetadata: [OpenSwiftData.Schema.PropertyMetadata] {
                        OpenSwiftData._modelSchemaMetadata(for: Ticket.self, isolation: Ticket._$isolation_Ticket) {
                            [
                                OpenSwiftData.Schema.PropertyMetadata(name: "code", keypath: \Ticket.code, defaultValue: nil, metadata: nil),
                                OpenSwiftData.Schema.PropertyMetadata(name: "seat", keypath: \Ticket.seat, defaultValue: nil, metadata: nil),
                                OpenSwiftData.Schema.PropertyMetadata(name: "gate", keypath: \Ticket.gate, defaultValue: nil, metadata: nil),
                                OpenSwiftData.Schema.PropertyMetadata(name: "issuer", keypath: \Ticket.issuer, defaultValue: "box office", metadata: nil)
                            ]
                        }
                    }

                    private static func _$isolation_Ticket() {
                    }

                    nonisolated static var schemaIndexes: [[String]] {
                        []
                    }

                    nonisolated static var schemaUniquenessConstraints: [[String]] {
                        []
                    }

                    nonisolated required init(backingData: OpenSwiftData.ModelBackingData) {
                        self.code = backingData.constantValue(at: 0)
                        self.seat = backingData.constantValue(at: 1)
                        self.gate = backingData.constantValue(at: 2)
                        self.persistentBackingData = backingData
                    }
                }

                extension Ticket: nonisolated OpenSwiftData.PersistentModel {
                }
                """#
        )
    }
}
