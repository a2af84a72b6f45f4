#if !canImport(Darwin)
    import Foundation

    /// Foundation's `UndoManager`, which Linux's Foundation does not have: a stack of undo
    /// groups, each a list of actions that undo one change, and a stack of redo groups that
    /// undoing fills. Set one as a ``ModelContext/undoManager`` to undo the context's inserts,
    /// deletes and changes.
    ///
    /// As Apple's: registering an action outside `undo()` and `redo()` clears the redo
    /// stack; the actions registered while undoing make the redo group, and those
    /// registered while redoing an undo group. `undo()` runs a group's actions last first.
    ///
    /// Grouping: with ``groupsByEvent`` (the default), an action registered outside any
    /// group opens one, as Apple's does at the start of a run loop event. Linux programs
    /// turn no Foundation run loop, so that group stays open until the event ends: at
    /// `undo()` or `redo()`, which close it first as Apple's do, and at a model context's
    /// `processPendingChanges()` or `save()`, which end the context's event as Core Data's
    /// `processPendingChanges()` does at the end of each event. Groups opened with
    /// ``beginUndoGrouping()`` nest, and close with ``endUndoGrouping()``.
    ///
    /// Not `Sendable`: use it in one isolation domain, that of the context it serves.
    open class UndoManager {
        /// One registered action: `handler` called with its target, if the target still
        /// lives. The target is held weakly, as Apple's undo manager does not retain it.
        private struct Action {
            weak var target: AnyObject?
            let handler: (AnyObject) -> Void
        }

        /// A closed group: the actions of one undo step, in the order they were registered.
        private struct Group {
            var actions: [Action] = []
            var name = ""
        }

        private var undoStack: [Group] = []
        private var redoStack: [Group] = []
        /// The actions of the groups open now, outermost first: a nested group's actions
        /// join its parent's when it closes.
        private var openGroups: [Group] = []
        /// Whether the outermost open group was opened by a registration (``groupsByEvent``).
        private var openedForEvent = false
        private var disableCount = 0

        /// Creates an undo manager with empty stacks.
        public init() {}

        // MARK: Settings

        /// Whether an action registered outside any group opens one, which the current
        /// event closes (see the type's description). `true` by default.
        open var groupsByEvent = true

        /// The most undo groups kept; the oldest go first. 0, the default, keeps all.
        open var levelsOfUndo = 0 {
            didSet { trim(&undoStack) }
        }

        /// How many groups are open now.
        open var groupingLevel: Int { openGroups.count }

        /// Whether ``registerUndo(withTarget:handler:)`` records actions: `false` between
        /// ``disableUndoRegistration()`` and the matching ``enableUndoRegistration()``.
        open var isUndoRegistrationEnabled: Bool { disableCount == 0 }

        /// Stops recording actions, until the matching ``enableUndoRegistration()``;
        /// calls nest.
        open func disableUndoRegistration() {
            disableCount += 1
        }

        /// Records actions again once every ``disableUndoRegistration()`` is matched.
        open func enableUndoRegistration() {
            precondition(disableCount > 0, "enableUndoRegistration() without a matching disableUndoRegistration()")
            disableCount -= 1
        }

        // MARK: State

        /// Whether ``undo()`` is running.
        open private(set) var isUndoing = false
        /// Whether ``redo()`` is running.
        open private(set) var isRedoing = false

        /// Whether there is a group to undo: a closed one, or an open top-level group with
        /// actions in it (``undo()`` closes it first).
        open var canUndo: Bool {
            if !undoStack.isEmpty { return true }
            return openGroups.count == 1 && !openGroups[0].actions.isEmpty
        }

        /// Whether there is a group to redo.
        open var canRedo: Bool { !redoStack.isEmpty }

        // MARK: Grouping

        /// Opens a group: the actions registered until the matching ``endUndoGrouping()``
        /// are undone together.
        open func beginUndoGrouping() {
            if openGroups.isEmpty { openedForEvent = false }
            openGroups.append(Group())
            post(.NSUndoManagerDidOpenUndoGroup)
        }

        /// Closes the group ``beginUndoGrouping()`` opened last. A top-level group with
        /// actions goes on the undo stack (on the redo stack while undoing); an empty one
        /// is dropped.
        open func endUndoGrouping() {
            precondition(!openGroups.isEmpty, "endUndoGrouping() without a matching beginUndoGrouping()")
            post(.NSUndoManagerWillCloseUndoGroup)
            let group = openGroups.removeLast()
            if openGroups.isEmpty {
                openedForEvent = false
                if !group.actions.isEmpty { push(group) }
            } else {
                openGroups[openGroups.count - 1].actions += group.actions
                if openGroups[openGroups.count - 1].name.isEmpty {
                    openGroups[openGroups.count - 1].name = group.name
                }
            }
            post(.NSUndoManagerDidCloseUndoGroup)
        }

        /// Closes the group a registration opened under ``groupsByEvent``, if it is the
        /// only one open: the end of the current event.
        func endEventGroup() {
            guard openGroups.count == 1, openedForEvent else { return }
            post(.NSUndoManagerCheckpoint)
            endUndoGrouping()
        }

        // MARK: Registering

        /// Records an action that undoes a change: `undo()` calls `handler` with `target`,
        /// unless `target` has ended (it is not retained). Ignored while registration is
        /// disabled, and, with ``groupsByEvent`` off, when no group is open (which the log
        /// says).
        ///
        /// - Parameters:
        ///   - target: The object the action is for, held weakly.
        ///   - handler: The action, called with `target`.
        open func registerUndo<TargetType: AnyObject>(
            withTarget target: TargetType, handler: @escaping (TargetType) -> Void
        ) {
            guard disableCount == 0 else { return }
            if openGroups.isEmpty {
                guard groupsByEvent else {
                    // Apple's says so in its log too, and records nothing.
                    ModelContextCore.logger.error(
                        "undo manager is in invalid state: must begin a group before registering undo")
                    return
                }
                beginUndoGrouping()
                openedForEvent = true
            }
            if !isUndoing && !isRedoing { redoStack.removeAll() }
            // `target` is the object given with the handler, so the cast back succeeds.
            let action = Action(target: target) { handler($0 as! TargetType) }
            openGroups[openGroups.count - 1].actions.append(action)
        }

        /// Names the current group's change ("Rename", "Delete Trip"): the group open now,
        /// or the last one closed.
        ///
        /// - Parameter actionName: The change's name, for the undo and redo menu items.
        open func setActionName(_ actionName: String) {
            if !openGroups.isEmpty {
                openGroups[openGroups.count - 1].name = actionName
            } else if isUndoing, !redoStack.isEmpty {
                redoStack[redoStack.count - 1].name = actionName
            } else if !undoStack.isEmpty {
                undoStack[undoStack.count - 1].name = actionName
            }
        }

        /// The name of the group ``undo()`` undoes next, or "".
        open var undoActionName: String {
            if openGroups.count == 1, !openGroups[0].actions.isEmpty { return openGroups[0].name }
            return undoStack.last?.name ?? ""
        }

        /// The name of the group ``redo()`` redoes next, or "".
        open var redoActionName: String { redoStack.last?.name ?? "" }

        /// "Undo" followed by the next undo group's name, for a menu item.
        open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }

        /// "Redo" followed by the next redo group's name, for a menu item.
        open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

        /// "Undo", followed by `actionName` when there is one.
        ///
        /// - Parameter actionName: The name of an undo group, or "".
        open func undoMenuTitle(forUndoActionName actionName: String) -> String {
            actionName.isEmpty ? "Undo" : "Undo \(actionName)"
        }

        /// "Redo", followed by `actionName` when there is one.
        ///
        /// - Parameter actionName: The name of a redo group, or "".
        open func redoMenuTitle(forUndoActionName actionName: String) -> String {
            actionName.isEmpty ? "Redo" : "Redo \(actionName)"
        }

        // MARK: Undoing

        /// Closes the top-level group if one is open (the event's, or one opened with
        /// ``beginUndoGrouping()``), then undoes the last group: its actions run last first,
        /// and what they register becomes the redo group. Nested groups still open are a
        /// programming error.
        open func undo() {
            closeTopLevelGroup()
            undoNestedGroup()
        }

        /// Undoes the last closed group, with no group open (see ``undo()``).
        open func undoNestedGroup() {
            precondition(openGroups.isEmpty, "undoNestedGroup() while an undo group is open")
            guard let group = undoStack.popLast() else { return }
            post(.NSUndoManagerCheckpoint)
            post(.NSUndoManagerWillUndoChange)
            isUndoing = true
            run(group)
            isUndoing = false
            post(.NSUndoManagerDidUndoChange)
        }

        /// Redoes the group undone last: its actions run last first, and what they
        /// register becomes an undo group again.
        open func redo() {
            closeTopLevelGroup()
            guard let group = redoStack.popLast() else { return }
            post(.NSUndoManagerCheckpoint)
            post(.NSUndoManagerWillRedoChange)
            isRedoing = true
            run(group)
            isRedoing = false
            post(.NSUndoManagerDidRedoChange)
        }

        /// Closes the one group open, before an undo or a redo.
        private func closeTopLevelGroup() {
            precondition(openGroups.count <= 1, "undo or redo with nested undo groups open")
            if openGroups.count == 1 { endUndoGrouping() }
        }

        /// Runs a group's actions in a group of their own, which keeps its name.
        private func run(_ group: Group) {
            beginUndoGrouping()
            openGroups[0].name = group.name
            for action in group.actions.reversed() {
                guard let target = action.target else { continue }
                action.handler(target)
            }
            endUndoGrouping()
        }

        // MARK: Removing

        /// Empties the undo and redo stacks, and the groups open now (which stay open),
        /// and records actions again.
        open func removeAllActions() {
            undoStack.removeAll()
            redoStack.removeAll()
            for index in openGroups.indices { openGroups[index].actions.removeAll() }
            disableCount = 0
        }

        /// Removes the actions registered with `target` from both stacks and the open
        /// groups, and the actions whose target no longer exists (the manager holds targets
        /// weakly); a closed group left empty goes.
        ///
        /// - Parameter target: The object whose actions go.
        open func removeAllActions(withTarget target: Any) {
            let object = target as AnyObject
            func keep(_ action: Action) -> Bool { action.target.map { $0 !== object } ?? false }
            for index in undoStack.indices { undoStack[index].actions.removeAll { !keep($0) } }
            for index in redoStack.indices { redoStack[index].actions.removeAll { !keep($0) } }
            for index in openGroups.indices { openGroups[index].actions.removeAll { !keep($0) } }
            undoStack.removeAll { $0.actions.isEmpty }
            redoStack.removeAll { $0.actions.isEmpty }
        }

        // MARK: Private

        /// Puts a closed top-level group on the stack its actions undo.
        private func push(_ group: Group) {
            if isUndoing {
                redoStack.append(group)
            } else {
                undoStack.append(group)
                trim(&undoStack)
            }
        }

        private func trim(_ stack: inout [Group]) {
            guard levelsOfUndo > 0, stack.count > levelsOfUndo else { return }
            stack.removeFirst(stack.count - levelsOfUndo)
        }

        private func post(_ name: Notification.Name) {
            NotificationCenter.default.post(name: name, object: self)
        }
    }

    /// The notifications an undo manager posts, as Foundation names them; Linux's Foundation
    /// has no `UndoManager`.
    extension Notification.Name {
        /// Posted before an undo manager ends its event group, undoes or redoes.
        public static let NSUndoManagerCheckpoint = Notification.Name("NSUndoManagerCheckpointNotification")
        /// Posted before an undo manager undoes a group.
        public static let NSUndoManagerWillUndoChange = Notification.Name("NSUndoManagerWillUndoChangeNotification")
        /// Posted after an undo manager undid a group.
        public static let NSUndoManagerDidUndoChange = Notification.Name("NSUndoManagerDidUndoChangeNotification")
        /// Posted before an undo manager redoes a group.
        public static let NSUndoManagerWillRedoChange = Notification.Name("NSUndoManagerWillRedoChangeNotification")
        /// Posted after an undo manager redid a group.
        public static let NSUndoManagerDidRedoChange = Notification.Name("NSUndoManagerDidRedoChangeNotification")
        /// Posted after an undo manager opened a group.
        public static let NSUndoManagerDidOpenUndoGroup = Notification.Name(
            "NSUndoManagerDidOpenUndoGroupNotification")
        /// Posted before an undo manager closes a group.
        public static let NSUndoManagerWillCloseUndoGroup = Notification.Name(
            "NSUndoManagerWillCloseUndoGroupNotification")
        /// Posted after an undo manager closed a group.
        public static let NSUndoManagerDidCloseUndoGroup = Notification.Name(
            "NSUndoManagerDidCloseUndoGroupNotification")
    }
#endif
