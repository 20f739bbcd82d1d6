// System-library shim for ncursesw, with the wide-character API enabled.
#ifndef TERMINI_CNCURSES_SHIM_H
#define TERMINI_CNCURSES_SHIM_H
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#endif
