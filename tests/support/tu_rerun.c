/*
 * tu_rerun.c -- re-run the calling test program with a narrower
 * RIJN_CPU_MASK, so one ctest entry covers every dispatch path (the fast
 * paths and the software classes behind them) on the machine it runs on.
 *
 * Implementation notes: fork + execv of argv[0] (not /proc/self/exe, which
 * under Valgrind is the tool; /proc/self/exe only when argv[0] has no
 * slash), the child marked by an environment variable so it does not
 * recurse, the mask ANDed with the caller's own RIJN_CPU_MASK. Linux only;
 * elsewhere the call prints a line saying to run the masks by hand.
 */
#if defined(__linux__)
#define _POSIX_C_SOURCE 200809L
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

int tu_rerun_is_child(const char *child_env)
{
    return getenv(child_env) != NULL;
}

void tu_rerun_masked(char **argv, uint32_t mask, const char *what, const char *child_env)
{
#if defined(__linux__)
    const char *cur = getenv("RIJN_CPU_MASK");
    char buf[32];
    pid_t pid;
    int status = -1;
    if (cur != NULL && *cur != '\0')
        mask &= (uint32_t)strtoul(cur, NULL, 16);
    snprintf(buf, sizeof buf, "%x", (unsigned)mask);
    printf("# re-running with RIJN_CPU_MASK=%s (%s)\n", buf, what);
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid == 0) {
        setenv("RIJN_CPU_MASK", buf, 1);
        setenv(child_env, "1", 1);
        execv(strchr(argv[0], '/') != NULL ? argv[0] : "/proc/self/exe", argv);
        _exit(127);
    }
    TU_CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
                 WEXITSTATUS(status) == 0,
             "child with RIJN_CPU_MASK=%s (%s): status %d", buf, what, status);
#else
    (void)argv;
    (void)child_env;
    printf("# no re-exec here: run this test with RIJN_CPU_MASK=%x (%s) too\n", (unsigned)mask,
           what);
#endif
}
