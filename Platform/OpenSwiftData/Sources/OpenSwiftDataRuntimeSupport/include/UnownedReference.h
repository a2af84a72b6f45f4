#ifndef OPEN_SWIFT_DATA_UNOWNED_REFERENCE_H
#define OPEN_SWIFT_DATA_UNOWNED_REFERENCE_H

#include <stdbool.h>

/// Unowned references to Swift objects, kept by hand: the Swift runtime's own
/// `unowned(safe)` operations, exposed for an object held as a raw pointer.
///
/// An unowned reference keeps the object's memory, not the object: once its last strong
/// reference goes, the object is deinitialized, but its memory stays until the last
/// unowned reference is released, so `osd_unowned_is_released` can still be asked.

/// Adds an unowned reference to a live Swift object.
void osd_unowned_retain(void *_Nonnull object);

/// Removes an unowned reference; frees the object's memory when it was the last
/// reference of any kind.
void osd_unowned_release(void *_Nonnull object);

/// Whether the object's strong references are all gone (it is being or has been
/// deinitialized). The caller must hold an unowned reference to it.
bool osd_unowned_is_released(void *_Nonnull object);

#endif
