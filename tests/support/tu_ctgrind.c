/*
 * tu_ctgrind.c -- Valgrind re-execution, planted-leak self-checks and the
 * two-pass driver of the ctgrind tests (see tu_ctgrind.h).
 *
 * Implementation notes: the program re-runs itself with fork + execvp
 * (no shell, so any path works); the child's exit status is returned as
 * is. Without <valgrind/memcheck.h> only tu_ct_skip exists.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, fork, WIFEXITED */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tu_ctgrind.h"

int tu_ct_skip(void)
{
    printf("valgrind/memcheck.h missing or sanitizer build: skipped\n");
    return 77;
}

#if TU_HAVE_MEMCHECK
int tu_ct_valgrind(const char *self, const char *arg, const char *env, unsigned flags)
{
    pid_t pid;
    int st;
    fflush(stdout);
    fflush(stderr);
    pid = fork();
    if (pid == 0) {
        char *args[8];
        int n = 0;
        args[n++] = (char *)"valgrind";
        args[n++] = (char *)"-q";
        args[n++] = (char *)"--leak-check=no";
        if (flags & TU_CT_ERROR_EXIT)
            args[n++] = (char *)"--error-exitcode=99";
        if (flags & TU_CT_NO_LOG)
            args[n++] = (char *)"--log-file=/dev/null";
        args[n++] = (char *)self;
        if (arg != NULL)
            args[n++] = (char *)arg;
        args[n] = NULL;
        if (env != NULL) {
            char name[64];
            const char *eq = strchr(env, '=');
            size_t len = eq != NULL ? (size_t)(eq - env) : 0;
            if (len == 0 || len >= sizeof name)
                _exit(1);
            memcpy(name, env, len);
            name[len] = '\0';
            if (setenv(name, eq + 1, 1) != 0)
                _exit(1);
        }
        if ((flags & TU_CT_MUTE) && (freopen("/dev/null", "w", stderr) == NULL ||
                                     freopen("/dev/null", "w", stdout) == NULL))
            _exit(1);
        execvp("valgrind", args);
        _exit(77);
    }
    if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

static volatile int planted_sink;

unsigned long tu_ct_planted_branch(const uint8_t *secret)
{
    unsigned long e;
    TU_ERRORS_IN(e, {
        if (secret[3] & 1)
            planted_sink = 1;
    });
    TU_CHECK(e > 0, "planted branch on a secret was not reported");
    printf("  planted secret branch: %lu reports (must be > 0)\n", e);
    return e;
}

void tu_ct_each_aes(void (*fn)(const char *name))
{
    size_t i;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *a = rijn_aes_impl_at(i);
        if (!rijn_aes_impl_available(a) || !(rijn_aes_impl_flags(a) & RIJN_AES_IMPL_CONSTTIME))
            continue;
        TU_CHECK(rijn_aes_impl_force(rijn_aes_impl_name(a)) == RIJN_OK, "force %s",
                 rijn_aes_impl_name(a));
        fn(rijn_aes_impl_name(a));
    }
    TU_CHECK(rijn_aes_impl_force(NULL) == RIJN_OK, "auto");
}

int tu_ct_leaky_aes(const uint8_t *secret, unsigned long (*run_ops)(const char *label, int must))
{
    unsigned long e;
    tu_ct_planted_branch(secret);
    if (rijn_aes_impl_force("small") == RIJN_OK) {
        e = run_ops("AES small", 0);
        TU_CHECK(e > 0, "the table-based small class was not reported");
        printf("  AES small (S-box table): %lu reports (must be > 0)\n", e);
    }
    TU_CHECK(rijn_aes_impl_force(NULL) == RIJN_OK, "auto");
    return tu_finish();
}

int tu_ct_main(int argc, char **argv, const char *what, int (*ct)(void), int (*leaky)(void))
{
    int r1, r2;
    if (argc > 1) {
        if (!RUNNING_ON_VALGRIND) {
            printf("child mode must run under valgrind\n");
            return 1;
        }
        return strcmp(argv[1], "leaky") == 0 ? leaky() : ct();
    }
    if (RUNNING_ON_VALGRIND) { /* scripts/valgrind.sh runs every test under memcheck */
        printf("already under valgrind: run the constant-time pass directly\n");
        return ct();
    }
    if (system("command -v valgrind >/dev/null 2>&1") != 0) {
        printf("valgrind is not installed: skipped\n");
        return 77;
    }
    printf("pass 1: %s on secret inputs (no report allowed)\n", what);
    r1 = tu_ct_valgrind(argv[0], "ct", NULL, TU_CT_ERROR_EXIT);
    if (r1 == 99)
        printf("valgrind reported errors outside the counted operations\n");
    printf("pass 2: planted leaks (reports required; valgrind log discarded)\n");
    r2 = tu_ct_valgrind(argv[0], "leaky", NULL, TU_CT_NO_LOG);
    printf("%d passed, %d failed\n", (r1 == 0) + (r2 == 0), (r1 != 0) + (r2 != 0));
    return r1 == 0 && r2 == 0 ? 0 : 1;
}

int tu_ct_planted_env(const char *self, const char *plant_env, const char *what)
{
    int a = tu_ct_valgrind(self, NULL, NULL, TU_CT_ERROR_EXIT), b;
    if (a == 77) {
        printf("valgrind not found: skipped\n");
        return 77;
    }
    TU_CHECK(a == 0, "memcheck reported a secret-dependent branch or index (exit %d)", a);
    b = tu_ct_valgrind(self, NULL, plant_env, TU_CT_ERROR_EXIT | TU_CT_MUTE);
    TU_CHECK(b == 99, "a planted secret-dependent branch was not reported (exit %d)", b);
    printf("%s clean under memcheck; planted leak detected\n", what);
    return tu_finish();
}
#endif
