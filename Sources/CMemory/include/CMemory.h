#ifndef CMEMORY_H
#define CMEMORY_H

/// Hands the memory that malloc keeps after it was freed back to the system (glibc's
/// `malloc_trim(0)`, which Swift's Glibc module does not name), in every arena.
void cmemory_trim(void);

/// Fixes glibc's thresholds for giving memory back (`mallopt`, which Swift's Glibc module does not
/// name either): blocks of 256 KiB and more are mapped and unmapped on their own, and over 1 MiB
/// free at the top of a heap goes back to the system. Left to itself, glibc raises the first
/// threshold to the largest block freed (up to 32 MiB), after which the large buffers that threads
/// hand one another stay in the arenas of the threads that allocated them.
void cmemory_bound_heap(void);

#endif
