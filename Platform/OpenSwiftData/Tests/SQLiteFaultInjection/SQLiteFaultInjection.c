#include "SQLiteFaultInjection.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

_Static_assert(OSDFaultErrorFull == SQLITE_FULL, "SQLITE_FULL");
_Static_assert(OSDFaultErrorIOWrite == SQLITE_IOERR_WRITE, "SQLITE_IOERR_WRITE");
_Static_assert(OSDFaultErrorIOFsync == SQLITE_IOERR_FSYNC, "SQLITE_IOERR_FSYNC");
_Static_assert(OSDFaultErrorIOLock == SQLITE_IOERR_LOCK, "SQLITE_IOERR_LOCK");
_Static_assert(OSDFaultErrorIORead == SQLITE_IOERR_READ, "SQLITE_IOERR_READ");
_Static_assert(OSDFaultErrorIOTruncate == SQLITE_IOERR_TRUNCATE, "SQLITE_IOERR_TRUNCATE");
_Static_assert(OSDFaultErrorIOShmMap == SQLITE_IOERR_SHMMAP, "SQLITE_IOERR_SHMMAP");
_Static_assert(OSDFaultErrorIOShmLock == SQLITE_IOERR_SHMLOCK, "SQLITE_IOERR_SHMLOCK");
_Static_assert(OSDFaultErrorIODelete == SQLITE_IOERR_DELETE, "SQLITE_IOERR_DELETE");
_Static_assert(OSDFaultErrorCantOpen == SQLITE_CANTOPEN, "SQLITE_CANTOPEN");

// The armed fault, read and written under `armed_fault_lock`: arming happens while other
// tests' connections do I/O through this VFS.
static pthread_rwlock_t armed_fault_lock = PTHREAD_RWLOCK_INITIALIZER;
static char fault_prefix[4096];
static size_t fault_prefix_length;
static int armed;
static int fault_kind;
static int fault_countdown;
static int fault_code;
static int fault_persistent;
static atomic_int calls;
static atomic_int failures;

static sqlite3_vfs *real_vfs;
static sqlite3_vfs fault_vfs;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static int install_result = SQLITE_OK;

// A file of the wrapping VFS: its own header, then the real VFS's file, in one allocation
// of `szOsFile` bytes that SQLite makes. SQLite keeps `name` valid until the file closes.
typedef struct {
    sqlite3_file base;
    const char *name;
    sqlite3_file *real;
} fault_file;

// The real file starts after the header, at an offset aligned for any C object.
#define REAL_OFFSET ((sizeof(fault_file) + 15) & ~(size_t)15)

// Returns the error to answer a call of `kind` on the file named `name` with, or SQLITE_OK
// to pass it through.
static int fault_for_name(const char *name, int kind) {
    int code = SQLITE_OK;
    pthread_rwlock_rdlock(&armed_fault_lock);
    if (armed && kind == fault_kind && name != NULL && strncmp(name, fault_prefix, fault_prefix_length) == 0) {
        int call = atomic_fetch_add(&calls, 1) + 1;
        if (call == fault_countdown || (fault_persistent && call > fault_countdown)) {
            atomic_fetch_add(&failures, 1);
            code = fault_code;
        }
    }
    pthread_rwlock_unlock(&armed_fault_lock);
    return code;
}

// The same, for a call on an open file.
static int fault_for(fault_file *file, int kind) {
    return fault_for_name(file->name, kind);
}

static int fault_close(sqlite3_file *f) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xClose(file->real);
}

static int fault_read(sqlite3_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    fault_file *file = (fault_file *)f;
    int code = fault_for(file, OSDFaultRead);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}

static int fault_write(sqlite3_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    fault_file *file = (fault_file *)f;
    int code = fault_for(file, OSDFaultWrite);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
}

static int fault_truncate(sqlite3_file *f, sqlite3_int64 size) {
    fault_file *file = (fault_file *)f;
    int code = fault_for(file, OSDFaultTruncate);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xTruncate(file->real, size);
}

static int fault_sync(sqlite3_file *f, int flags) {
    fault_file *file = (fault_file *)f;
    int code = fault_for(file, OSDFaultSync);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xSync(file->real, flags);
}

static int fault_file_size(sqlite3_file *f, sqlite3_int64 *size) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xFileSize(file->real, size);
}

static int fault_lock(sqlite3_file *f, int level) {
    fault_file *file = (fault_file *)f;
    int code = fault_for(file, OSDFaultLock);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xLock(file->real, level);
}

static int fault_unlock(sqlite3_file *f, int level) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xUnlock(file->real, level);
}

static int fault_check_reserved_lock(sqlite3_file *f, int *result) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xCheckReservedLock(file->real, result);
}

static int fault_file_control(sqlite3_file *f, int op, void *argument) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xFileControl(file->real, op, argument);
}

static int fault_sector_size(sqlite3_file *f) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xSectorSize(file->real);
}

static int fault_device_characteristics(sqlite3_file *f) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int fault_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **pointer) {
    fault_file *file = (fault_file *)f;
    int code = fault_for(file, OSDFaultShmMap);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xShmMap(file->real, region, size, extend, pointer);
}

static int fault_shm_lock(sqlite3_file *f, int offset, int count, int flags) {
    fault_file *file = (fault_file *)f;
    // Only taking a lock fails: releasing one cannot fail in SQLite's own VFS either.
    if ((flags & SQLITE_SHM_LOCK) != 0) {
        int code = fault_for(file, OSDFaultShmLock);
        if (code != SQLITE_OK) return code;
    }
    return file->real->pMethods->xShmLock(file->real, offset, count, flags);
}

static void fault_shm_barrier(sqlite3_file *f) {
    fault_file *file = (fault_file *)f;
    file->real->pMethods->xShmBarrier(file->real);
}

static int fault_shm_unmap(sqlite3_file *f, int delete_flag) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xShmUnmap(file->real, delete_flag);
}

static int fault_fetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **pointer) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xFetch(file->real, offset, amount, pointer);
}

static int fault_unfetch(sqlite3_file *f, sqlite3_int64 offset, void *pointer) {
    fault_file *file = (fault_file *)f;
    return file->real->pMethods->xUnfetch(file->real, offset, pointer);
}

// One table of methods per version the real files may have: a wrapped file offers no
// method its real file lacks.
static sqlite3_io_methods fault_methods[3];

static void fill_methods(void) {
    for (int version = 1; version <= 3; version++) {
        sqlite3_io_methods *methods = &fault_methods[version - 1];
        memset(methods, 0, sizeof(*methods));
        methods->iVersion = version;
        methods->xClose = fault_close;
        methods->xRead = fault_read;
        methods->xWrite = fault_write;
        methods->xTruncate = fault_truncate;
        methods->xSync = fault_sync;
        methods->xFileSize = fault_file_size;
        methods->xLock = fault_lock;
        methods->xUnlock = fault_unlock;
        methods->xCheckReservedLock = fault_check_reserved_lock;
        methods->xFileControl = fault_file_control;
        methods->xSectorSize = fault_sector_size;
        methods->xDeviceCharacteristics = fault_device_characteristics;
        if (version >= 2) {
            methods->xShmMap = fault_shm_map;
            methods->xShmLock = fault_shm_lock;
            methods->xShmBarrier = fault_shm_barrier;
            methods->xShmUnmap = fault_shm_unmap;
        }
        if (version >= 3) {
            methods->xFetch = fault_fetch;
            methods->xUnfetch = fault_unfetch;
        }
    }
}

static int fault_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *f, int flags, int *out_flags) {
    (void)vfs;
    fault_file *file = (fault_file *)f;
    file->real = (sqlite3_file *)((char *)f + REAL_OFFSET);
    file->name = name;
    int code = fault_for_name(name, OSDFaultOpen);
    if (code != SQLITE_OK) {
        // SQLite reads no method of a file whose open failed, and does not close it.
        f->pMethods = NULL;
        return code;
    }
    int result = real_vfs->xOpen(real_vfs, name, file->real, flags, out_flags);
    if (file->real->pMethods == NULL) {
        f->pMethods = NULL;
        return result;
    }
    int version = file->real->pMethods->iVersion;
    if (version < 1) version = 1;
    if (version > 3) version = 3;
    f->pMethods = &fault_methods[version - 1];
    return result;
}

static int fault_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    (void)vfs;
    int code = fault_for_name(name, OSDFaultDelete);
    if (code != SQLITE_OK) return code;
    return real_vfs->xDelete(real_vfs, name, sync_dir);
}

static int fault_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return real_vfs->xAccess(real_vfs, name, flags, result);
}

static int fault_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    (void)vfs;
    return real_vfs->xFullPathname(real_vfs, name, size, out);
}

static void *fault_dl_open(sqlite3_vfs *vfs, const char *name) {
    (void)vfs;
    return real_vfs->xDlOpen(real_vfs, name);
}

static void fault_dl_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    real_vfs->xDlError(real_vfs, size, message);
}

static void (*fault_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return real_vfs->xDlSym(real_vfs, handle, symbol);
}

static void fault_dl_close(sqlite3_vfs *vfs, void *handle) {
    (void)vfs;
    real_vfs->xDlClose(real_vfs, handle);
}

static int fault_randomness(sqlite3_vfs *vfs, int size, char *out) {
    (void)vfs;
    return real_vfs->xRandomness(real_vfs, size, out);
}

static int fault_sleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return real_vfs->xSleep(real_vfs, microseconds);
}

static int fault_current_time(sqlite3_vfs *vfs, double *now) {
    (void)vfs;
    return real_vfs->xCurrentTime(real_vfs, now);
}

static int fault_get_last_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    return real_vfs->xGetLastError(real_vfs, size, message);
}

static int fault_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    (void)vfs;
    return real_vfs->xCurrentTimeInt64(real_vfs, now);
}

static void install(void) {
    real_vfs = sqlite3_vfs_find(NULL);
    if (real_vfs == NULL) {
        install_result = SQLITE_ERROR;
        return;
    }
    fill_methods();
    memset(&fault_vfs, 0, sizeof(fault_vfs));
    // Version 2 at most: the system-call overrides of version 3 stay the real VFS's own.
    fault_vfs.iVersion = real_vfs->iVersion < 2 ? real_vfs->iVersion : 2;
    fault_vfs.szOsFile = (int)(REAL_OFFSET + (size_t)real_vfs->szOsFile);
    fault_vfs.mxPathname = real_vfs->mxPathname;
    fault_vfs.zName = "openswiftdata-faults";
    fault_vfs.xOpen = fault_open;
    fault_vfs.xDelete = fault_delete;
    fault_vfs.xAccess = fault_access;
    fault_vfs.xFullPathname = fault_full_pathname;
    fault_vfs.xDlOpen = fault_dl_open;
    fault_vfs.xDlError = fault_dl_error;
    fault_vfs.xDlSym = fault_dl_sym;
    fault_vfs.xDlClose = fault_dl_close;
    fault_vfs.xRandomness = fault_randomness;
    fault_vfs.xSleep = fault_sleep;
    fault_vfs.xCurrentTime = fault_current_time;
    fault_vfs.xGetLastError = fault_get_last_error;
    if (fault_vfs.iVersion >= 2) fault_vfs.xCurrentTimeInt64 = fault_current_time_int64;
    install_result = sqlite3_vfs_register(&fault_vfs, 1);
}

int osd_fault_vfs_install(void) {
    pthread_once(&install_once, install);
    return install_result;
}

void osd_fault_arm(const char *path_prefix, OSDFaultKind kind, int countdown, OSDFaultError error, int persistent) {
    pthread_rwlock_wrlock(&armed_fault_lock);
    size_t length = strlen(path_prefix);
    if (length >= sizeof(fault_prefix)) length = sizeof(fault_prefix) - 1;
    memcpy(fault_prefix, path_prefix, length);
    fault_prefix[length] = '\0';
    fault_prefix_length = length;
    fault_kind = (int)kind;
    fault_countdown = countdown;
    fault_code = (int)error;
    fault_persistent = persistent;
    atomic_store(&calls, 0);
    atomic_store(&failures, 0);
    armed = 1;
    pthread_rwlock_unlock(&armed_fault_lock);
}

void osd_fault_disarm(void) {
    pthread_rwlock_wrlock(&armed_fault_lock);
    armed = 0;
    pthread_rwlock_unlock(&armed_fault_lock);
}

int osd_fault_calls(void) {
    return atomic_load(&calls);
}

int osd_fault_failures(void) {
    return atomic_load(&failures);
}
