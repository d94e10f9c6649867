#ifndef CMEMORY_H
#define CMEMORY_H

#include <stddef.h>

/// Hands the memory that malloc keeps after it was freed back to the system (glibc's
/// `malloc_trim(0)`, which Swift's Glibc module does not name), in every arena.
void cmemory_trim(void);

/// Fixes glibc's thresholds for giving memory back (`mallopt`, which Swift's Glibc module does not
/// name either): blocks of 256 KiB and more are mapped and unmapped on their own, and over 1 MiB
/// free at the top of a heap goes back to the system. Left to itself, glibc raises the first
/// threshold to the largest block freed (up to 32 MiB), after which the large buffers that threads
/// hand one another stay in the arenas of the threads that allocated them.
void cmemory_bound_heap(void);

/// Asks the kernel to back the whole 2 MiB pages within [start, start + length) with huge pages
/// when they are first touched (transparent huge pages in `madvise` mode): one TLB entry covers
/// 2 MiB, where 4 KiB pages need 512, so a table read at random misses the TLB far less. Call it
/// before the pages are touched. Does nothing for a range smaller than one huge page, or where the
/// kernel has no transparent huge pages.
void cmemory_advise_huge_pages(void *start, size_t length);

#endif
