#include "CMemory.h"

#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>

void cmemory_trim(void) { malloc_trim(0); }

void cmemory_bound_heap(void) {
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
    mallopt(M_TRIM_THRESHOLD, 1024 * 1024);
}

void cmemory_advise_huge_pages(void *start, size_t length) {
    const uintptr_t page = 4096;
    const uintptr_t huge = 2u << 20;
    uintptr_t begin = ((uintptr_t)start + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)start + length) & ~(page - 1);
    // Only whole 2 MiB pages inside the range can be huge.
    if (end > begin && end - begin >= huge) madvise((void *)begin, end - begin, MADV_HUGEPAGE);
}
