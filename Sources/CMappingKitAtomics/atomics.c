// The functions are static inline in include/CMappingKitAtomics.h; SwiftPM builds a C target
// from its source files, so this one is here, empty.
#include "CMappingKitAtomics.h"
