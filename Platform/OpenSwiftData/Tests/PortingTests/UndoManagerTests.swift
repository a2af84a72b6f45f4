import Foundation
import SwiftData
import Synchronization
import Testing

/// A document an app makes undoable with its own actions, as apps do on Apple platforms.
private final class Document {
    var text = ""

    /// Sets the text, registering the action that puts the previous text back.
    func setText(_ newText: String, undoManager: UndoManager) {
        let oldText = text
        undoManager.registerUndo(withTarget: self) { document in
            document.setText(oldText, undoManager: undoManager)
        }
        text = newText
    }
}

@Suite("UndoManager, as apps use Foundation's")
struct UndoManagerTests {
    @Test("undo and redo; a new action clears the redo stack")
    func undoRedo() {
        let undoManager = UndoManager()
        let document = Document()
        document.setText("one", undoManager: undoManager)
        undoManager.endEvent()
        document.setText("two", undoManager: undoManager)
        #expect(undoManager.canUndo)
        #expect(!undoManager.canRedo)

        undoManager.undo()
        #expect(document.text == "one")
        #expect(undoManager.canRedo)
        undoManager.redo()
        #expect(document.text == "two")
        undoManager.undo()
        document.setText("three", undoManager: undoManager)
        #expect(!undoManager.canRedo)
        undoManager.undo()
        #expect(document.text == "one")
        undoManager.undo()
        #expect(document.text == "")
        #expect(!undoManager.canUndo)
    }

    @Test("with groupsByEvent, the actions registered before undo() are one group, which undo() closes")
    func eventGroup() {
        let undoManager = UndoManager()
        let document = Document()
        document.setText("a", undoManager: undoManager)
        document.setText("b", undoManager: undoManager)
        #expect(undoManager.groupingLevel == 1)
        undoManager.undo()
        #expect(undoManager.groupingLevel == 0)
        #expect(document.text == "")
        undoManager.redo()
        #expect(document.text == "b")

        undoManager.groupsByEvent = false
        undoManager.beginUndoGrouping()
        document.setText("c", undoManager: undoManager)
        #expect(undoManager.canUndo)
        undoManager.undo()
        #expect(undoManager.groupingLevel == 0)
        #expect(document.text == "b")
    }

    @Test("nested groups undo as one step with their parent")
    func nestedGroups() {
        let undoManager = UndoManager()
        undoManager.groupsByEvent = false
        let document = Document()
        undoManager.beginUndoGrouping()
        document.setText("outer", undoManager: undoManager)
        undoManager.beginUndoGrouping()
        document.setText("inner", undoManager: undoManager)
        #expect(undoManager.groupingLevel == 2)
        undoManager.endUndoGrouping()
        undoManager.endUndoGrouping()
        undoManager.undo()
        #expect(document.text == "")
        #expect(!undoManager.canUndo)
    }

    @Test("levelsOfUndo keeps the newest groups")
    func levelsOfUndo() {
        let undoManager = UndoManager()
        undoManager.levelsOfUndo = 2
        let document = Document()
        for text in ["a", "b", "c"] {
            document.setText(text, undoManager: undoManager)
            undoManager.endEvent()
        }
        undoManager.undo()
        undoManager.undo()
        #expect(document.text == "a")
        #expect(!undoManager.canUndo)
    }

    @Test("disabled registration records nothing; removeAllActions(withTarget:) removes only that target's")
    func disableAndRemove() {
        let undoManager = UndoManager()
        let kept = Document()
        let removed = Document()
        undoManager.disableUndoRegistration()
        #expect(!undoManager.isUndoRegistrationEnabled)
        kept.setText("unrecorded", undoManager: undoManager)
        undoManager.enableUndoRegistration()
        #expect(!undoManager.canUndo)

        kept.setText("kept", undoManager: undoManager)
        removed.setText("removed", undoManager: undoManager)
        undoManager.removeAllActions(withTarget: removed)
        undoManager.undo()
        #expect(kept.text == "unrecorded")
        #expect(removed.text == "removed")
        undoManager.removeAllActions()
        #expect(!undoManager.canRedo)
    }

    @Test("targets are not retained")
    func targetsNotRetained() {
        let undoManager = UndoManager()
        weak var weakDocument: Document?
        do {
            let document = Document()
            weakDocument = document
            document.setText("gone", undoManager: undoManager)
        }
        #expect(weakDocument == nil)
        undoManager.undo()
    }

    @Test("action names, menu titles and notifications")
    func namesAndNotifications() {
        let undoManager = UndoManager()
        let document = Document()
        document.setText("typed", undoManager: undoManager)
        undoManager.setActionName("Typing")
        #expect(undoManager.undoActionName == "Typing")
        #expect(undoManager.undoMenuItemTitle == "Undo Typing")
        let center = NotificationCenter.default
        let counter = Counter()
        let observer = center.addObserver(forName: .NSUndoManagerDidUndoChange, object: undoManager, queue: nil) {
            _ in counter.increment()
        }
        defer { center.removeObserver(observer) }
        undoManager.undo()
        #expect(counter.value == 1)
        #expect(undoManager.redoActionName == "Typing")
        #expect(undoManager.redoMenuItemTitle == "Redo Typing")
    }
}

/// Counts notifications, from whichever thread posts them.
private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

extension UndoManager {
    /// Ends the event, as the end of a run loop event does on Apple platforms.
    fileprivate func endEvent() {
        if groupingLevel > 0 { endUndoGrouping() }
    }
}
