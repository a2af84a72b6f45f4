/// Which edits each machine had seen when it made each of its own: what lets the
/// simulation say which edit must win, whatever the machines' clocks.
///
/// What the simulation claims, per entry (the edits of one ``EntryKey``: adds, edits,
/// removals):
/// - An edit *dominates* another when the machine that made it had seen the other first:
///   its own earlier edit, or one its store had pulled (by a sync whose pull was
///   applied) after the other edit's push had reached the server, directly or through
///   the push of a machine that had seen it. The engine's hybrid logical clock stamps
///   such an edit above every version the machine pulled, so it wins on the server
///   whatever the clocks say.
/// - The final value of the entry (absent after a removal) must be that of an edit no
///   other edit of the entry dominates. When there is one such edit (it came after all
///   the others), its value is the only one allowed: the change latest in real time
///   among changes made causally after the others wins.
/// - Edits that are concurrent (neither machine had seen the other's) are ordered by the
///   machines' clocks: either may win, and all replicas must only agree.
///
/// The model under-approximates what machines have seen: a sync killed, or cut off by
/// the server, may or may not have pushed or pulled, and is taken to have done neither.
/// So every claim it makes holds whichever way such a sync ended.
///
/// A memo taken off a shelf and put back on by one machine between two of its pushes is no
/// change of the set (see the Limits article): such an add makes no claim.
///
/// A removal of an entry its machine added and removed between two pushes sends nothing,
/// and is never on the server. A memo's filing writes only its folder: when it keeps the memo
/// over a concurrent removal, the memo's other fields are those of their last writes.
///
/// A store put back from its backup has seen what it had at the backup, and the edits its
/// machine made since that did not reach the server are gone: lost, when no sync may have
/// pushed them, and maybe lost when one may have. A lost edit takes no part in any claim; a
/// maybe lost one may still win, but dominates no other; an entry whose edits left are all
/// maybe lost may be absent.
///
/// A server put back from a dump has lost what was pushed since: every machine sends all
/// it holds at its next sync (the engine syncs with such a server as with a new one), so the
/// edits some machine has seen stay, and those no machine holds are gone, surely or maybe.
///
/// A memo on a shelf (``EntryKey/shelved(_:_:)``) is an element of an add-wins set, with
/// claims of its own, for memos never removed: it must be on the shelf at the end when one
/// of its adds was seen by no removal, even one of a sync that may have pulled it (an
/// over-approximation of what each machine may have seen, kept beside the other); it must
/// be off when a removal had surely seen every add.
struct CausalHistory {
    struct Edit: CustomStringConvertible {
        let id: Int
        let key: EntryKey
        /// The value after the edit; nil for a removal.
        let value: String?
        let machine: Int
        let step: Int
        /// The edits its machine had seen before it.
        let seen: Set<Int>
        /// The edits its machine may have seen before it (those of syncs that may have
        /// pulled them too).
        let maySeen: Set<Int>
        /// Whether the edit wrote the value's fields; false for a memo's filing (its folder
        /// set or cleared), which writes only its folder and carries the rest as its
        /// machine held it.
        var writesValue = true

        var description: String { "step \(step), machine \(machine): \(value ?? "removed")" }
    }

    private(set) var edits: [Edit] = []
    /// By machine: the edits it has seen (its own included).
    private var seen: [Set<Int>]
    /// By machine: its edits not yet known to be on the server.
    private var pending: [Set<Int>]
    /// The edits whose versions (or versions above them) are on the server.
    private var onServer: Set<Int> = []
    /// By machine, the edits it may have seen; the edits that may be on the server.
    private var maySeen: [Set<Int>]
    private var mayBeOnServer: Set<Int> = []
    /// By machine, what it had seen (surely, maybe) at its last backup.
    private var backups: [Int: (seen: Set<Int>, maySeen: Set<Int>)] = [:]
    /// The edits a restore took away, surely or maybe.
    private var lost: Set<Int> = []
    private var mayBeLost: Set<Int> = []
    /// Removals that sent nothing: their entries were added and removed between two pushes.
    private var unsentRemovals: Set<Int> = []
    /// What the server held, surely and maybe, at its last dump.
    private var dump: (onServer: Set<Int>, mayBeOnServer: Set<Int>)?
    /// Adds of a memo to a shelf made by a machine whose removal of it is not surely on the
    /// server: the two may be one push's, which sends no change (see the Limits article).
    private var foldedAdds: Set<Int> = []
    /// By machine: the entries' adds and edits that a push cut off before it was noted sent,
    /// until a sync of the machine ends; and those that may come back after a removal (the
    /// Limits article: the machine was then away past the retention, and its catch-up keeps
    /// them as never sent).
    private var unnotedPushed: [Set<Int>] = []
    private var mayComeBack: Set<Int> = []

    init(machines: Int) {
        seen = Array(repeating: [], count: machines)
        maySeen = seen
        pending = Array(repeating: [], count: machines)
        unnotedPushed = Array(repeating: [], count: machines)
    }

    /// A push of `machine` reached the server and was cut off before the store noted it.
    mutating func pushedUnnoted(by machine: Int) {
        unnotedPushed[machine].formUnion(pending[machine].filter { edits[$0].value != nil })
        pushed(by: machine)
    }

    /// The retention passed while every machine but `machine` was away: the entries the
    /// others' unnoted pushes sent may come back after a removal made elsewhere.
    mutating func retentionPassed(syncedBy machine: Int) {
        for other in unnotedPushed.indices where other != machine { mayComeBack.formUnion(unnotedPushed[other]) }
        unnotedPushed[machine] = []
    }

    /// Whether an entry may be present though its last edits are removals (the Limits
    /// article's unnoted push), with a value one of its edits wrote.
    private func mayComeBack(_ key: EntryKey) -> Bool {
        edits.contains { $0.key == key && mayComeBack.contains($0.id) }
    }

    /// How many entries came back as the Limits article says they may.
    func cameBack(in final: Replica) -> Int {
        keys.filter { key in
            let candidates = undominated(key)
            return mayComeBack(key) && final.values[key] != nil && !candidates.isEmpty
                && candidates.allSatisfy { $0.value == nil }
        }.count
    }

    mutating func record(_ key: EntryKey, value: String?, machine: Int, step: Int, writesValue: Bool = true) {
        let edit = Edit(
            id: edits.count, key: key, value: value, machine: machine, step: step, seen: seen[machine],
            maySeen: maySeen[machine], writesValue: writesValue)
        if case .shelved = key, value != nil,
            edits.contains(where: {
                $0.key == key && $0.machine == machine && $0.value == nil && !onServer.contains($0.id)
            })
        {
            foldedAdds.insert(edit.id)
        }
        edits.append(edit)
        seen[machine].insert(edit.id)
        maySeen[machine].insert(edit.id)
        pending[machine].insert(edit.id)
    }

    /// The machines with a push committed on the server.
    private var pushers: Set<Int> = []

    /// Whether a push of `machine` committed on the server.
    func hasPushed(_ machine: Int) -> Bool { pushers.contains(machine) }

    /// A push of `machine` committed on the server: every version it sent is above all it
    /// had seen, so whoever pulls from now on has seen those too. A removal of an entry its
    /// machine never saw on the server (added there and removed before a push) sends
    /// nothing: it is never on the server.
    mutating func pushed(by machine: Int) {
        pushers.insert(machine)
        for id in pending[machine] where isUnsent(edits[id]) { unsentRemovals.insert(id) }
        onServer.formUnion(seen[machine].subtracting(unsentRemovals))
        mayHavePushed(by: machine)
        pending[machine] = []
    }

    /// A pull of `machine` was applied: its clock is now at or above every version on the
    /// server.
    mutating func pulled(by machine: Int) {
        // A sync that pulled noted its push, and sent again what an unnoted one had.
        unnotedPushed[machine] = []
        seen[machine].formUnion(onServer)
        mayHavePulled(by: machine)
    }

    /// `machine` backed its store up.
    mutating func backedUp(by machine: Int) {
        backups[machine] = (seen[machine], maySeen[machine])
    }

    /// `machine` put its store back from its last backup: it has seen what it had then, and
    /// its edits made since that are not on the server are gone.
    mutating func restored(by machine: Int) {
        guard let backup = backups[machine] else { return }
        for edit in edits where edit.machine == machine && !backup.maySeen.contains(edit.id) {
            if onServer.contains(edit.id) { continue }
            if mayBeOnServer.contains(edit.id) { mayBeLost.insert(edit.id) } else { lost.insert(edit.id) }
        }
        seen[machine] = backup.seen
        maySeen[machine] = backup.maySeen
        pending[machine] = pending[machine].filter { backup.maySeen.contains($0) }
        // Others' edits this store alone held, once a server put back from a dump lost them.
        forgetUnheld()
    }

    /// Whether `edit` is a removal of an entry (not of a set's element) of which its machine
    /// had seen no edit that is on the server, surely or maybe: the entry's record has no name
    /// yet, and the push sends no tombstone.
    private func isUnsent(_ edit: Edit) -> Bool {
        if case .shelved = edit.key { return false }
        guard edit.value == nil else { return false }
        return !edit.seen.contains { id in
            edits[id].key == edit.key && edits[id].value != nil
                && (onServer.contains(id) || mayBeOnServer.contains(id))
        }
    }

    /// The server's database was dumped.
    mutating func serverDumped() {
        dump = (onServer, mayBeOnServer)
    }

    /// The server's database was put back from its dump: it holds what it held then, and
    /// each machine sends all it holds at its next sync; the edits no machine holds are gone.
    mutating func serverRestored() {
        guard let dump else { return }
        onServer = dump.onServer
        // What may have been on the server may still be held by a machine that may have
        // pulled it: kept, which only weakens the claims.
        mayBeOnServer.formUnion(dump.mayBeOnServer)
        for machine in seen.indices { pending[machine].formUnion(seen[machine].subtracting(onServer)) }
        forgetUnheld()
    }

    /// Marks as lost the edits neither the server nor any machine holds: surely, when no
    /// machine may have seen them and the server may not hold them, else maybe.
    private mutating func forgetUnheld() {
        let held = seen.reduce(into: Set<Int>()) { $0.formUnion($1) }
        let mayBeHeld = maySeen.reduce(into: mayBeOnServer) { $0.formUnion($1) }
        for edit in edits where !onServer.contains(edit.id) && !held.contains(edit.id) {
            if mayBeHeld.contains(edit.id) { mayBeLost.insert(edit.id) } else { lost.insert(edit.id) }
        }
    }

    /// The edits that take part in the claims: not lost.
    private var kept: [Edit] { edits.filter { !lost.contains($0.id) } }

    /// A sync of `machine` that may have pushed (killed, or cut by the server).
    mutating func mayHavePushed(by machine: Int) {
        mayBeOnServer.formUnion(maySeen[machine])
    }

    /// A sync of `machine` that may have pulled.
    mutating func mayHavePulled(by machine: Int) {
        maySeen[machine].formUnion(mayBeOnServer)
    }

    /// The edits of an entry that no other edit of it dominates, in the order they were made.
    /// An edit maybe lost dominates none.
    func undominated(_ key: EntryKey) -> [Edit] {
        let ofKey = kept.filter { $0.key == key }
        let dominated = ofKey.filter { !mayBeLost.contains($0.id) }.reduce(into: Set<Int>()) {
            $0.formUnion($1.seen)
        }
        return ofKey.filter { !dominated.contains($0.id) }
    }

    /// The edits of an entry that wrote its value and that no other such edit dominates.
    private func lastWrites(_ key: EntryKey) -> [Edit] {
        let writes = kept.filter { $0.key == key && $0.value != nil && $0.writesValue }
        let dominated = writes.filter { !mayBeLost.contains($0.id) }.reduce(into: Set<Int>()) {
            $0.formUnion($1.seen)
        }
        return writes.filter { !dominated.contains($0.id) }
    }

    var keys: Set<EntryKey> { Set(kept.map(\.key)) }

    /// How many entries have one edit that must win, and how many end with concurrent ones.
    var claims: (decided: Int, concurrent: Int) {
        keys.reduce(into: (0, 0)) { counts, key in
            if Set(undominated(key).map(\.value)).count == 1 { counts.0 += 1 } else { counts.1 += 1 }
        }
    }

    /// The entries present in `final` whose edits that may win are all removals: deleted
    /// data come back. Each is a violation too (``violations(in:)``), counted apart for the
    /// simulation's figures; the shelves' sets have claims of their own.
    func resurrections(in final: Replica) -> Int {
        keys.filter { key in
            if case .shelved = key { return false }
            if case .filing = key { return false }
            let candidates = undominated(key)
            return !mayComeBack(key) && final.values[key] != nil && !candidates.isEmpty
                && candidates.allSatisfy { $0.value == nil }
        }.count
    }

    /// What breaks the claims in a final state that every replica agrees on; empty when
    /// it holds them all.
    func violations(in final: Replica) -> [String] {
        var found: [String] = []
        for key in keys.union(final.values.keys).sorted() {
            if case .filing = key { continue }
            if case .shelved(_, let title) = key {
                found += setViolations(key, memo: title, in: final)
                continue
            }
            let values = final.values[key] ?? []
            if case .movieRating(let movie) = key, edits.contains(where: { $0.key == .movie(movie) && $0.value == nil })
            {
                found += ratingViolations(key, values: values)
                continue
            }
            if values.count > 1 {
                found.append("\(key): \(values.count) entries (\(values.joined(separator: ", ")))")
                continue
            }
            let candidates = undominated(key)
            guard !candidates.isEmpty else {
                found.append("\(key): present, but no edit made it")
                continue
            }
            let value = values.first
            // Edits that are all maybe lost (a sync that may have pushed them failed, then the
            // store was put back) may all be gone.
            if value == nil, candidates.allSatisfy({ mayBeLost.contains($0.id) }) { continue }
            if let value, !candidates.contains(where: { $0.value == value }),
                candidates.contains(where: { !$0.writesValue && $0.value != nil }),
                lastWrites(key).contains(where: { $0.value == value })
            {
                // A filing kept the entry over a removal: its other fields are those of the
                // last writes of them (the server merges per field).
                continue
            }
            if let value, candidates.allSatisfy({ $0.value == nil }), mayComeBack(key),
                edits.contains(where: { $0.key == key && $0.value == value })
            {
                // Came back, as the Limits article says it may.
                continue
            }
            if !candidates.contains(where: { $0.value == value }) {
                let allowed = candidates.map(\.description).joined(separator: " | ")
                found.append("\(key): \(value ?? "absent"), but the edits that may win are: \(allowed)")
            }
        }
        return found
    }

    /// What breaks the claims of a movie's rating (a newer release's field, which only that
    /// release's machine writes) once the movie was removed somewhere: a removal takes the
    /// rating with the record when it wins, and this release's adds write the record without
    /// it only over a tombstone, so which write wins is the movie's, not the rating's own.
    /// The rating may be absent, or one its machine wrote: never another value.
    private func ratingViolations(_ key: EntryKey, values: [String]) -> [String] {
        let written = Set(edits.filter { $0.key == key }.compactMap(\.value))
        if values.count > 1 { return ["\(key): \(values.count) entries (\(values.joined(separator: ", ")))"] }
        if let value = values.first, !written.contains(value) {
            return ["\(key): \(value), which no edit wrote"]
        }
        return []
    }

    /// What breaks the add-wins claims of a memo on a shelf, for a memo never removed: a
    /// removed memo leaves the shelves of the machine that removed it, and those of the others
    /// keep naming it (a memo brought back by a concurrent edit is on them again), which is
    /// not a change of the set.
    private func setViolations(_ key: EntryKey, memo title: String, in final: Replica) -> [String] {
        guard final.values[.memo(title)] != nil,
            !edits.contains(where: { $0.key == .memo(title) && $0.value == nil })
        else { return [] }
        let ofKey = kept.filter { $0.key == key }
        let adds = ofKey.filter { $0.value != nil }
        let removals = ofKey.filter { $0.value == nil }
        let isOn = final.values[key] != nil
        // An add maybe lost need not be there, nor one a push may have folded with its
        // machine's removal; a removal maybe lost need not have happened.
        let unseen = adds.first { add in
            !mayBeLost.contains(add.id) && !foldedAdds.contains(add.id)
                && !removals.contains { $0.maySeen.contains(add.id) }
        }
        if let unseen, !isOn {
            return ["\(key): off, but the add of \(unseen) was seen by no removal"]
        }
        let seeingAll = removals.first { removal in
            !mayBeLost.contains(removal.id) && adds.allSatisfy { removal.seen.contains($0.id) }
        }
        if !adds.isEmpty, let removal = seeingAll, isOn {
            return ["\(key): on, but the removal of \(removal) had seen every add"]
        }
        if isOn && adds.isEmpty { return ["\(key): on, but no edit put it there"] }
        return []
    }
}
