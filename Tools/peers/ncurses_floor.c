// What ncurses itself costs to present a scroll of a 120x40 list screen, with no engine around it: the floor under
// any ncurses app's scroll (docs/PERFORMANCE.md, "Big lists"). Each frame writes the 39 list rows shifted by one
// line (or by a page with `page`), the way an app hands its changed rows to ncurses, then wnoutrefresh + doupdate
// into a pty whose output a thread drains; prints the medians of both parts over 2,000 frames.
//
//   cc -O2 Tools/peers/ncurses_floor.c -o /tmp/ncurses_floor -lncursesw -ltinfo -lutil -lpthread
//   /tmp/ncurses_floor [page]
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <pthread.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double microseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int master;

static void *drain(void *unused) {
    (void)unused;
    char buffer[65536];
    while (read(master, buffer, sizeof buffer) > 0) {}
    return NULL;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    int step = argc > 1 && strcmp(argv[1], "page") == 0 ? 39 : 1;
    setlocale(LC_ALL, "C.UTF-8");
    int slave;
    struct winsize size = {40, 120, 0, 0};
    if (openpty(&master, &slave, NULL, NULL, &size) != 0) { perror("openpty"); return 1; }
    pthread_t reader;
    pthread_create(&reader, NULL, drain, NULL);
    SCREEN *screen = newterm("xterm-256color", fdopen(slave, "w"), fdopen(dup(slave), "r"));
    if (screen == NULL) { fprintf(stderr, "newterm failed\n"); return 1; }
    set_term(screen);
    cbreak();
    noecho();
    leaveok(stdscr, TRUE);
    curs_set(0);
    typeahead(-1);
    static const char *words[] = {"pretty", "red", "table", "large", "orange", "burger", "small", "black", "desk", "cheap"};
    enum { Frames = 2000, WarmUp = 50 };
    static double writing[Frames], updating[Frames];
    for (int frame = 0; frame < Frames + WarmUp; frame++) {
        double start = microseconds();
        mvprintw(0, 0, "rows: %d", 100000);
        for (int y = 1; y < 40; y++) {
            int row = frame * step + y;
            char line[121];
            snprintf(line, sizeof line, "%6d %s %s %s%*s", row, words[row % 10], words[row / 10 % 10],
                     words[row / 100 % 10], 100, "");
            mvaddnstr(y, 0, line, 119);
            mvaddstr(y, 119, y == 1 ? "\u2503" : "\u2502");  // the scroll bar in the last column
        }
        double written = microseconds();
        wnoutrefresh(stdscr);
        doupdate();
        double updated = microseconds();
        if (frame >= WarmUp) {
            writing[frame - WarmUp] = written - start;
            updating[frame - WarmUp] = updated - written;
        }
        usleep(200);
    }
    endwin();
    qsort(writing, Frames, sizeof writing[0], ascending);
    qsort(updating, Frames, sizeof updating[0], ascending);
    printf("ncurses, a scroll by %s of a 120x40 list: writing the rows p50 %.1f us; wnoutrefresh + doupdate p50 %.1f us "
           "(p10 %.1f, p90 %.1f) over %d frames\n", step == 1 ? "one line" : "one page", writing[Frames / 2],
           updating[Frames / 2], updating[Frames / 10], updating[Frames * 9 / 10], Frames);
    return 0;
}
