#ifndef CSTANDARDOUTPUT_H
#define CSTANDARDOUTPUT_H

/// Flushes standard output and tells whether any write of it failed since the program started:
/// 0 when everything printed reached the descriptor, else the errno of the failure (or -1 when
/// stdio kept only its error flag). Swift 6 cannot name C's `stdout`, a mutable global.
int cstdout_finish(void);

/// Writes `count` bytes to standard output through stdio (so that they keep their order with
/// everything else printed): 0 when stdio took them all, else the errno of the failure (or -1).
int cstdout_write(const void *bytes, unsigned long count);

#endif
