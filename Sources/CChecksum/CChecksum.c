#include "CChecksum.h"

#include <pthread.h>
#include <string.h>

/// The reflected Castagnoli polynomial.
#define CRC32C_POLYNOMIAL 0x82F63B78u

static uint32_t table[256];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static void fill_table(void) {
    for (uint32_t index = 0; index < 256; index++) {
        uint32_t crc = index;
        for (int bit = 0; bit < 8; bit++) crc = (crc >> 1) ^ (CRC32C_POLYNOMIAL & (0u - (crc & 1)));
        table[index] = crc;
    }
}

static uint32_t crc32c_table(uint32_t crc, const unsigned char *bytes, size_t length) {
    pthread_once(&table_once, fill_table);
    while (length--) crc = table[(crc ^ *bytes++) & 0xFF] ^ (crc >> 8);
    return crc;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) static uint32_t crc32c_sse42(uint32_t crc, const unsigned char *bytes, size_t length) {
    uint64_t wide = crc;
    while (length >= 8) {
        uint64_t word;
        memcpy(&word, bytes, 8);
        wide = __builtin_ia32_crc32di(wide, word);
        bytes += 8;
        length -= 8;
    }
    crc = (uint32_t)wide;
    while (length--) crc = __builtin_ia32_crc32qi(crc, *bytes++);
    return crc;
}
#endif

uint32_t cchecksum_crc32c(uint32_t crc, const void *bytes, size_t length) {
    crc = ~crc;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("sse4.2")) return ~crc32c_sse42(crc, bytes, length);
#endif
    return ~crc32c_table(crc, bytes, length);
}
