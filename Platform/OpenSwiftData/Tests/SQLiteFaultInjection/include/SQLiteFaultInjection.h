// A test-only SQLite VFS that makes chosen file operations fail, the way SQLite's own
// I/O-error tests do: it wraps the VFS that was the default, passes every call through,
// and fails the Nth read, write, truncate, sync, lock, shared-memory map or lock, delete or
// open of the files under an armed folder with the error asked for (SQLITE_IOERR_*,
// SQLITE_FULL, SQLITE_CANTOPEN). Files elsewhere are never touched.

#ifndef SQLITE_FAULT_INJECTION_H
#define SQLITE_FAULT_INJECTION_H

/// The operations a fault can hit.
typedef enum {
    OSDFaultWrite = 0,
    OSDFaultSync = 1,
    OSDFaultLock = 2,
    OSDFaultRead = 3,
    OSDFaultTruncate = 4,
    /// Mapping a region of the write-ahead log's shared-memory index (`-shm`).
    OSDFaultShmMap = 5,
    /// Taking a lock of the shared-memory index.
    OSDFaultShmLock = 6,
    /// Deleting a file (a rollback journal, a write-ahead log at close).
    OSDFaultDelete = 7,
    /// Opening a file (the store, its journal or log, a temporary file beside them).
    OSDFaultOpen = 8,
} OSDFaultKind;

/// The errors a fault answers with: SQLite's result codes (checked against sqlite3.h
/// where the VFS is compiled).
typedef enum {
    OSDFaultErrorFull = 13,
    OSDFaultErrorIOWrite = 778,
    OSDFaultErrorIOFsync = 1034,
    OSDFaultErrorIOLock = 3850,
    OSDFaultErrorIORead = 266,
    OSDFaultErrorIOTruncate = 1546,
    OSDFaultErrorIOShmMap = 5386,
    OSDFaultErrorIOShmLock = 5130,
    OSDFaultErrorIODelete = 2570,
    OSDFaultErrorCantOpen = 14,
} OSDFaultError;

/// Registers the VFS as SQLite's default, once per process; later calls do nothing.
/// Returns SQLITE_OK or SQLite's error code.
int osd_fault_vfs_install(void);

/// Arms a fault: the `countdown`-th call of `kind` (1 for the next one) on a file whose
/// path starts with `path_prefix` fails with `error`, and, when `persistent` is
/// non-zero, every later such call too (a full disk stays full). Counting starts now.
void osd_fault_arm(const char *path_prefix, OSDFaultKind kind, int countdown, OSDFaultError error, int persistent);

/// Disarms the fault; calls pass through again.
void osd_fault_disarm(void);

/// How many calls of the armed kind on the armed files were seen since arming, and how
/// many of them failed.
int osd_fault_calls(void);
int osd_fault_failures(void);

#endif
