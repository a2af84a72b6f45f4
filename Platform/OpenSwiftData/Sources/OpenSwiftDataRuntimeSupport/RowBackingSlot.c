#include "RowBackingSlot.h"

static _Thread_local void *slot = 0;

void *osd_row_backing_slot_get(void) { return slot; }

void osd_row_backing_slot_set(void *pointer) { slot = pointer; }
