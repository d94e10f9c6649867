// The prefetch helpers are inline functions in include/CPrefetch.h; SwiftPM needs one source file.
#include "CPrefetch.h"
