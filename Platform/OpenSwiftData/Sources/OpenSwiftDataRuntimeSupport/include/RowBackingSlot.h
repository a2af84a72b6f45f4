#ifndef OPEN_SWIFT_DATA_ROW_BACKING_SLOT_H
#define OPEN_SWIFT_DATA_ROW_BACKING_SLOT_H

/// One pointer per thread, for handing a fetched row's backing data to the model
/// initializer that wraps it (see `RowBackingHandOff`). A C thread-local: reading and
/// writing it costs a few instructions, `pthread_getspecific` and `pthread_setspecific`
/// several times more, and a fetch does both for every row.

/// The pointer stored on this thread (NULL when none).
void *_Nullable osd_row_backing_slot_get(void);

/// Stores a pointer for this thread (NULL to clear).
void osd_row_backing_slot_set(void *_Nullable pointer);

#endif
