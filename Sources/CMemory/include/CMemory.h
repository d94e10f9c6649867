#ifndef CMEMORY_H
#define CMEMORY_H

/// Hands the memory that malloc keeps after it was freed back to the system (glibc's
/// `malloc_trim(0)`, which Swift's Glibc module does not name), in every arena.
void cmemory_trim(void);

#endif
