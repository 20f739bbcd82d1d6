// System-library shim for the SQLite C API (libsqlite3-dev), used by TerminiBridge's storage.
#ifndef TERMINI_CSQLITE_SHIM_H
#define TERMINI_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
