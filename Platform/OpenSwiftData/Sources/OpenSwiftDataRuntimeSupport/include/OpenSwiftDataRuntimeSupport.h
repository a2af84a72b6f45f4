// Small pieces of C for OpenSwiftData's hot paths; see each header.
#include "RowBackingSlot.h"
#include "UnownedReference.h"
