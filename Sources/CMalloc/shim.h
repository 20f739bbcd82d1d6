// glibc's malloc statistics (mallinfo2), which the Glibc module does not bring in: the bench counts the bytes in use.
#ifndef TERMINI_CMALLOC_SHIM_H
#define TERMINI_CMALLOC_SHIM_H
#include <malloc.h>
#endif
