#include "CStandardOutput.h"
#include <errno.h>
#include <stdio.h>

int cstdout_finish(void) {
    errno = 0;
    if (fflush(stdout) != 0) return errno != 0 ? errno : -1;
    // glibc drops a buffer whose write failed earlier and keeps only the error flag.
    if (ferror(stdout)) return errno != 0 ? errno : -1;
    return 0;
}

int cstdout_write(const void *bytes, unsigned long count) {
    errno = 0;
    if (fwrite(bytes, 1, count, stdout) == count) return 0;
    return errno != 0 ? errno : -1;
}
