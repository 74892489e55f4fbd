/*
 * tu_rerun.c -- re-run the calling test program with a narrower
 * RIJN_CPU_MASK, so one ctest entry covers every dispatch path (the fast
 * paths and the software classes behind them) on the machine it runs on.
 *
 * Implementation notes: fork + execv of argv[0] (not /proc/self/exe, which
 * under Valgrind is the tool; /proc/self/exe only when argv[0] has no
 * slash), the child marked by an environment variable so it does not
 * recurse, the mask ANDed with the caller's own RIJN_CPU_MASK. A mask that
 * hides none of the features this process sees would re-test the same
 * paths (an x86 mask on AArch64, AVX-512 hidden on a CPU without it): that
 * run is left out, with a line saying so (under QEMU user mode each run of
 * a long test costs minutes). With RIJN_TEST_NO_REEXEC set no run is
 * made either, with a line saying so: under qemu-aarch64 (user mode, no
 * binfmt_misc) a re-exec cannot start the program, and fork in a
 * dynamically linked guest hung in QEMU 7.2; scripts/test-aarch64.sh runs
 * every test a second time with RIJN_CPU_MASK=0 instead. Linux only;
 * elsewhere the call prints a line saying to run the masks by hand.
 * tu_rerun_keccak holds the masks the two SHA-3 tests (CAVP, OpenSSL diff)
 * both re-run with, written once.
 */
#if defined(__linux__)
#define _POSIX_C_SOURCE 200809L
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
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
    if (getenv("RIJN_TEST_NO_REEXEC") != NULL) {
        printf("# not re-running with RIJN_CPU_MASK=%s (%s): RIJN_TEST_NO_REEXEC is set, the "
               "caller runs that mask\n",
               buf, what);
        return;
    }
    if ((rijn_i_cpu_features() & mask) == rijn_i_cpu_features()) {
        printf("# not re-running with RIJN_CPU_MASK=%s (%s): it hides no feature of this CPU "
               "(0x%x), the paths are those just tested\n",
               buf, what, (unsigned)rijn_i_cpu_features());
        return;
    }
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

void tu_rerun_keccak(char **argv)
{
    if (tu_rerun_is_child("RIJN_SHA3_CHILD"))
        return;
    tu_rerun_masked(argv, ~RIJN_CPU_AVX512, "no AVX-512: Keccak-f[1600] bmi1", "RIJN_SHA3_CHILD");
    tu_rerun_masked(argv, ~(RIJN_CPU_AVX512 | RIJN_CPU_BMI1),
                    "no AVX-512, no BMI1: the portable Keccak-f[1600]", "RIJN_SHA3_CHILD");
}
