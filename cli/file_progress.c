/*
 * file_progress.c -- the progress bar of `rijn encrypt` / `rijn decrypt`.
 *
 * Implementation notes: drawn on stderr only when stderr is a terminal
 * (and --no-progress was not given), only once the work has taken a
 * second, at most five times a second; a carriage return redraws the
 * line and the line is cleared at the end, so nothing remains in the
 * terminal and nothing at all goes to a file or a pipe. It shows the
 * share of a regular input file read (bytes of input consumed), or the
 * bytes read so far for a pipe.
 */
#define _POSIX_C_SOURCE 200809L
#include "file_io.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static int g_prog_on, g_prog_shown;
static double g_prog_start, g_prog_last;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void fio_progress_init(int enable)
{
    g_prog_on = enable && isatty(2);
    g_prog_start = g_prog_last = now();
    g_prog_shown = 0;
}

static void human(char *s, size_t n, uint64_t v)
{
    if (v >= (uint64_t)1 << 30)
        snprintf(s, n, "%.1f GiB", (double)v / (double)((uint64_t)1 << 30));
    else
        snprintf(s, n, "%.1f MiB", (double)v / (double)(1 << 20));
}

void fio_progress(const fio_in *in, const char *what)
{
    char a[32], b[32];
    double t;
    if (!g_prog_on)
        return;
    t = now();
    if (t - g_prog_start < 1.0 || t - g_prog_last < 0.2)
        return;
    g_prog_last = t;
    g_prog_shown = 1;
    human(a, sizeof a, in->consumed);
    if (in->size > 0) {
        unsigned pct = (unsigned)(100.0 * (double)in->consumed / (double)in->size);
        int i, bar = (int)(pct > 100 ? 30 : pct * 30 / 100);
        human(b, sizeof b, in->size);
        fprintf(stderr, "\r%s [", what);
        for (i = 0; i < 30; i++)
            fputc(i < bar ? '#' : '.', stderr);
        fprintf(stderr, "] %3u%% %s of %s ", pct > 100 ? 100 : pct, a, b);
    } else {
        fprintf(stderr, "\r%s %s ", what, a);
    }
    fflush(stderr);
}

void fio_progress_done(void)
{
    if (g_prog_shown)
        fprintf(stderr, "\r\033[K");
    g_prog_shown = 0;
}
