#include "CMemory.h"

#include <malloc.h>

void cmemory_trim(void) { malloc_trim(0); }
