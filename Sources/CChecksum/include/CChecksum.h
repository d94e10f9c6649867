#ifndef CCHECKSUM_H
#define CCHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// The CRC-32C (Castagnoli) of `length` bytes at `bytes`, continuing from `crc` (0 to start):
/// with the processor's CRC32 instruction where it has one (SSE 4.2), else from a table. It
/// detects every change of up to 32 consecutive bits.
uint32_t cchecksum_crc32c(uint32_t crc, const void *bytes, size_t length);

#endif
