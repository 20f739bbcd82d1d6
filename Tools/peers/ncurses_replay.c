// The ncurses floor of one workload: a program with no engine that answers each key by handing ncurses exactly the
// cells a Termini frame changed, then wnoutrefresh + doupdate, as Termini's NcursesBackend does (same modes: raw,
// noecho, nonl, no keypad, leaveok, no scrolling, typeahead off, default colours). Tools/peers/floor_table.py
// captures Termini's screens before and after a key with pyte, writes them as frames, and times this program in the
// same pty as Termini: key written -> last byte read is then the echo floor plus the ncurses floor for the same cells.
//
//   cc -O2 Tools/peers/ncurses_replay.c -o /tmp/ncurses_replay -lncursesw -ltinfo
//   /tmp/ncurses_replay FRAMES-FILE            (in a terminal; reads keys from stdin)
//
// FRAMES-FILE, one record a line:
//   frame N                      starts frame N (0-9); frame 0 is drawn at start, key '0'+N draws frame N
//   cursor Y X VISIBLE           where the frame leaves the terminal's cursor (VISIBLE 0: hidden, ncurses leaves it)
//   run Y X ATTRS FG BG<TAB>TEXT cells from (Y, X): UTF-8 TEXT in one style. ATTRS: 1 bold, 2 italic, 4 underline,
//                                8 reverse, 16 blink; FG, BG: a palette index 0-255, -1 the terminal's default
// Key 'q' or Ctrl-C ends the program. What it reproduces: every changed cell's character, its bold, italic,
// underline, reverse and blink, and its colours as palette indexes, and the cursor. What it does not: dim and
// strike-through (pyte does not keep them), 24-bit colours (written as the nearest palette index by the script),
// and anything Termini writes outside ncurses (mouse and paste modes at start, hyperlinks).
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    int y, x;
    int bits, fg, bg;  // as read
    attr_t attrs;
    short pair;
    char *text;
} Run;

typedef struct {
    Run *runs;
    int count, capacity;
    int cursorY, cursorX, cursorVisible;
} Frame;

enum { MaxFrames = 10 };
static Frame frames[MaxFrames];
static int pairFg[256], pairBg[256], pairs = 0;

static short pairFor(int fg, int bg) {
    if (fg == -1 && bg == -1) return 0;
    for (int i = 1; i <= pairs; i++) {
        if (pairFg[i] == fg && pairBg[i] == bg) return (short)i;
    }
    if (pairs + 1 >= 256 || pairs + 1 >= COLOR_PAIRS) return 0;
    pairs++;
    pairFg[pairs] = fg >= COLORS ? -1 : fg;
    pairBg[pairs] = bg >= COLORS ? -1 : bg;
    init_pair((short)pairs, (short)pairFg[pairs], (short)pairBg[pairs]);
    return (short)pairs;
}

static attr_t attributes(int bits) {
    attr_t a = 0;
    if (bits & 1) a |= A_BOLD;
    if (bits & 2) a |= A_ITALIC;
    if (bits & 4) a |= A_UNDERLINE;
    if (bits & 8) a |= A_REVERSE;
    if (bits & 16) a |= A_BLINK;
    return a;
}

static int load(const char *path) {
    FILE *in = fopen(path, "r");
    if (in == NULL) { perror(path); return -1; }
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    Frame *frame = NULL;
    while ((length = getline(&line, &size, in)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[--length] = 0;
        int n, y, x, bits, fg, bg, visible;
        if (sscanf(line, "frame %d", &n) == 1) {
            if (n < 0 || n >= MaxFrames) { fprintf(stderr, "frame %d: 0-9 only\n", n); return -1; }
            frame = &frames[n];
        } else if (frame != NULL && sscanf(line, "cursor %d %d %d", &y, &x, &visible) == 3) {
            frame->cursorY = y, frame->cursorX = x, frame->cursorVisible = visible;
        } else if (frame != NULL && sscanf(line, "run %d %d %d %d %d", &y, &x, &bits, &fg, &bg) == 5) {
            char *tab = strchr(line, '\t');
            if (tab == NULL) { fprintf(stderr, "run without a tab: %s\n", line); return -1; }
            if (frame->count == frame->capacity) {
                frame->capacity = frame->capacity ? frame->capacity * 2 : 64;
                frame->runs = realloc(frame->runs, frame->capacity * sizeof(Run));
            }
            frame->runs[frame->count++] = (Run){y, x, bits, fg, bg, 0, 0, strdup(tab + 1)};
        } else if (length > 0) {
            fprintf(stderr, "not understood: %s\n", line);
            return -1;
        }
    }
    free(line);
    fclose(in);
    return 0;
}

// Colour pairs (they need the screen) and attributes, once, before any key is timed.
static void prepare(void) {
    for (int f = 0; f < MaxFrames; f++) {
        for (int i = 0; i < frames[f].count; i++) {
            Run *run = &frames[f].runs[i];
            run->pair = has_colors() ? pairFor(run->fg, run->bg) : 0;
            run->attrs = attributes(run->bits);
        }
    }
}

static int shown = 0;  // whether the cursor is visible now

static void draw(const Frame *frame) {
    for (int i = 0; i < frame->count; i++) {
        const Run *run = &frame->runs[i];
        attr_set(run->attrs, run->pair, NULL);
        mvaddstr(run->y, run->x, run->text);
    }
    attr_set(A_NORMAL, 0, NULL);
    if (frame->cursorVisible) {
        if (!shown) { leaveok(stdscr, FALSE); curs_set(1); shown = 1; }
        move(frame->cursorY, frame->cursorX);
    } else if (shown) {
        leaveok(stdscr, TRUE);
        curs_set(0);
        shown = 0;
    }
    wnoutrefresh(stdscr);
    doupdate();
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s FRAMES-FILE\n", argv[0]); return 2; }
    if (load(argv[1]) != 0) return 2;
    setlocale(LC_ALL, "C.UTF-8");
    if (newterm(NULL, stdout, stdin) == NULL) { fprintf(stderr, "newterm failed\n"); return 1; }
    raw();
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    keypad(stdscr, FALSE);
    leaveok(stdscr, TRUE);
    scrollok(stdscr, FALSE);
    curs_set(0);
    typeahead(-1);
    if (has_colors()) {
        start_color();
        use_default_colors();
    }
    prepare();
    draw(&frames[0]);
    for (;;) {
        unsigned char key;
        ssize_t n = read(0, &key, 1);
        if (n <= 0 || key == 'q' || key == 3) break;
        if (key >= '0' && key <= '9') draw(&frames[key - '0']);
    }
    endwin();
    return 0;
}
