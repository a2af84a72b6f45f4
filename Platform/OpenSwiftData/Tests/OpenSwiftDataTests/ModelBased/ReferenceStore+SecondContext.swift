/// A second context of the container with unsaved changes of its own, interleaved with the
/// working context's: it changes attributes of stored models, then saves or rolls back.
///
/// The rule, OpenSwiftData's (porting guide, "A save reports only what it wrote"), where
/// SwiftData's documentation states none: each save writes only the attributes its context
/// set, so saves of different attributes of one row both stay and of one attribute the
/// later save wins; a save that changes a model whose row another context deleted since
/// throws `modelNotFound` and writes nothing. The working context shows the second
/// context's save at its next fetch, on the models it has not changed.
extension ReferenceStore {
    /// The second context sets `attribute` of `rid`, whose model there holds `current`:
    /// setting the value it holds is no change (``change(_:_:to:)``).
    mutating func changeInSecond(
        _ rid: Int, _ attribute: String, to value: GeneratedValue, holding current: GeneratedValue
    ) {
        if current == value, !value.isNotANumber, secondChanges[rid]?[attribute] == nil { return }
        secondChanges[rid, default: [:]][attribute] = value
    }

    /// The models the second context's save would change whose rows are gone: the save
    /// must throw, naming one of them.
    var secondSaveRefusal: [Int] {
        secondChanges.keys.filter { saved[$0] == nil || secondRowsGone.contains($0) }.sorted()
    }

    /// The second context's save, when ``secondSaveRefusal`` is empty.
    mutating func saveSecond() {
        for (rid, changes) in secondChanges {
            for (name, value) in changes { saved[rid]!.attributes[name] = value }
        }
        secondChanges = [:]
    }

    mutating func rollbackSecond() {
        secondChanges = [:]
    }
}
