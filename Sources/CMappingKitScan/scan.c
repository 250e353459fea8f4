// The scan is static inline in include/CMappingKitScan.h (compiled into its Swift callers); SwiftPM
// builds a C target from its source files, so this one is here, empty.
#include "CMappingKitScan.h"
