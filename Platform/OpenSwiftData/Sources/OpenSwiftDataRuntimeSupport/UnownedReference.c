#include "UnownedReference.h"

// Entry points of the Swift runtime (libswiftCore), which every Swift program links.
// Declared here rather than in the header so that Swift code never sees them under the
// runtime's own names.
extern void *swift_unownedRetain(void *object);
extern void swift_unownedRelease(void *object);
extern bool swift_isDeallocating(void *object);

void osd_unowned_retain(void *object) { swift_unownedRetain(object); }

void osd_unowned_release(void *object) { swift_unownedRelease(object); }

bool osd_unowned_is_released(void *object) { return swift_isDeallocating(object); }
