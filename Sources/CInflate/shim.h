// System-library shim for zlib's inflate (zlib1g-dev), which TerminiRuntime's DeflateStreamCheck drives over exactly
// the bytes of a bundle's zip entry.
#ifndef TERMINI_CINFLATE_SHIM_H
#define TERMINI_CINFLATE_SHIM_H
#include <zlib.h>
#endif
