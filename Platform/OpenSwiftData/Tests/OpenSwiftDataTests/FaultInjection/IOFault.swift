import Foundation
import SQLiteFaultInjection

/// A failure a trial arms for the files under a folder (``IOFaultTrial``).
protocol InjectableFault: CustomStringConvertible {
    /// Arms the fault for the files under `folder`, its `countdown`-th call failing.
    func arm(folder: URL, countdown: Int)
    /// Lets every call through again.
    func disarm()
    /// Whether the armed fault failed a call since it was armed.
    var hit: Bool { get }
}

/// One fault the I/O-error tests inject in SQLite's calls (``IOFaultTrial``), through the
/// fault-injection VFS: which call fails, with which error, once or from then on.
struct IOFault: InjectableFault {
    var kind: OSDFaultKind
    var error: OSDFaultError
    var persistent: Bool

    var description: String {
        let call =
            switch kind {
            case OSDFaultWrite: "write"
            case OSDFaultSync: "sync"
            case OSDFaultLock: "lock"
            case OSDFaultRead: "read"
            case OSDFaultTruncate: "truncate"
            case OSDFaultShmMap: "shared-memory map"
            case OSDFaultShmLock: "shared-memory lock"
            case OSDFaultDelete: "delete"
            default: "open"
            }
        let code =
            switch error {
            case OSDFaultErrorFull: "SQLITE_FULL"
            case OSDFaultErrorIOWrite: "SQLITE_IOERR_WRITE"
            case OSDFaultErrorIOFsync: "SQLITE_IOERR_FSYNC"
            case OSDFaultErrorIOLock: "SQLITE_IOERR_LOCK"
            case OSDFaultErrorIORead: "SQLITE_IOERR_READ"
            case OSDFaultErrorIOTruncate: "SQLITE_IOERR_TRUNCATE"
            case OSDFaultErrorIOShmMap: "SQLITE_IOERR_SHMMAP"
            case OSDFaultErrorIOShmLock: "SQLITE_IOERR_SHMLOCK"
            case OSDFaultErrorIODelete: "SQLITE_IOERR_DELETE"
            default: "SQLITE_CANTOPEN"
            }
        return "\(call) failing with \(code)\(persistent ? " from then on" : " once")"
    }

    /// Every call the VFS can fail, each with the error SQLite's own VFS gives for it. A
    /// full disk stays full; the other errors may pass.
    static let all: [IOFault] = [
        IOFault(kind: OSDFaultWrite, error: OSDFaultErrorFull, persistent: true),
        IOFault(kind: OSDFaultWrite, error: OSDFaultErrorIOWrite, persistent: false),
        IOFault(kind: OSDFaultSync, error: OSDFaultErrorIOFsync, persistent: false),
        IOFault(kind: OSDFaultLock, error: OSDFaultErrorIOLock, persistent: false),
        IOFault(kind: OSDFaultRead, error: OSDFaultErrorIORead, persistent: false),
        IOFault(kind: OSDFaultTruncate, error: OSDFaultErrorIOTruncate, persistent: false),
        IOFault(kind: OSDFaultShmMap, error: OSDFaultErrorIOShmMap, persistent: false),
        IOFault(kind: OSDFaultShmLock, error: OSDFaultErrorIOShmLock, persistent: false),
        IOFault(kind: OSDFaultDelete, error: OSDFaultErrorIODelete, persistent: false),
        IOFault(kind: OSDFaultOpen, error: OSDFaultErrorCantOpen, persistent: false),
    ]

    /// Arms the fault for the files under `folder`, its `countdown`-th call failing.
    func arm(folder: URL, countdown: Int) {
        let installed = osd_fault_vfs_install()
        precondition(installed == 0, "the fault-injection VFS did not register: \(installed)")
        osd_fault_arm(folder.path, kind, Int32(countdown), error, persistent ? 1 : 0)
    }

    func disarm() {
        osd_fault_disarm()
    }

    var hit: Bool { osd_fault_failures() > 0 }
}
