#include "CMemory.h"

#include <malloc.h>

void cmemory_trim(void) { malloc_trim(0); }

void cmemory_bound_heap(void) {
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
}
