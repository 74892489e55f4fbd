/*
 * test_x25519_paths.c -- the three X25519 ladders against each other and
 * against libsodium: the 4 x 64-bit MULX/ADX field (x86-64), the 51-bit
 * and the 25.5-bit fields, on random scalars and points including
 * non-canonical u-coordinates (>= p, bit 255 set) and the edge values
 * 0, 1, p - 1, p, 2^255 - 1; the RFC 7748 5.2 vectors through the
 * public API. The program re-runs itself with RIJN_CPU_MASK=0 so the
 * public API's other path is checked on a machine that has MULX/ADX.
 */
#if defined(__linux__) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* fork, execv, setenv, waitpid */
#endif
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "pk/x25519_i.h"
#include "testutil.h"

#if defined(__unix__) || defined(__APPLE__)
#include <sys/wait.h>
#include <unistd.h>
#define HAVE_REEXEC 1
#else
#define HAVE_REEXEC 0
#endif

static void edge_point(uint8_t u[32], int k)
{
    /* p = 2^255 - 19, little-endian */
    memset(u, 0, 32);
    switch (k) {
    case 0: break;                                  /* 0 */
    case 1: u[0] = 1; break;                        /* 1 */
    case 2: memset(u, 0xff, 32); u[0] = 0xec; u[31] = 0x7f; break; /* p - 1 */
    case 3: memset(u, 0xff, 32); u[0] = 0xed; u[31] = 0x7f; break; /* p */
    case 4: memset(u, 0xff, 32); u[31] = 0x7f; break; /* 2^255 - 1 */
    default: memset(u, 0xff, 32); break;            /* bit 255 set too */
    }
}

static void ladders(void)
{
    int i, n = tu_quick() ? 20 : 300;
    for (i = 0; i < n; i++) {
        uint8_t s[32], u[32], a[32], b[32], c[32], want[32], tmp[32];
        tu_rand_bytes(s, 32);
        if (i < 6)
            edge_point(u, i);
        else
            tu_rand_bytes(u, 32);
        memcpy(tmp, s, 32);
        tmp[0] &= 248;
        tmp[31] &= 127;
        tmp[31] |= 64;
        rijn_i_x25519_ladder32(a, tmp, u);
#if RIJN_I_X25519_HAVE_FE64
        rijn_i_x25519_ladder64(b, tmp, u);
        TU_CHECK(memcmp(a, b, 32) == 0, "fe64 vs fe32, case %d", i);
#endif
#if RIJN_I_X25519_HAVE_FE64X
        if ((rijn_i_cpu_features() & (RIJN_CPU_BMI2 | RIJN_CPU_ADX)) ==
            (RIJN_CPU_BMI2 | RIJN_CPU_ADX)) {
            rijn_i_x25519_ladder64x(c, tmp, u);
            TU_CHECK(memcmp(a, c, 32) == 0, "fe64x vs fe32, case %d", i);
        }
#else
        (void)c;
#endif
        /* libsodium rejects all-zero results; compare when it succeeds */
        {
            uint8_t uu[32];
            memcpy(uu, u, 32);
            uu[31] &= 0x7f;
            if (crypto_scalarmult(want, s, uu) == 0)
                TU_CHECK(memcmp(a, want, 32) == 0, "vs libsodium, case %d", i);
        }
    }
}

static void rfc7748(void)
{
    static const char *const v[2][3] = {
        {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
         "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
         "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
        {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
         "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
         "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
    };
    int i;
    for (i = 0; i < 2; i++) {
        uint8_t s[32], u[32], want[32], out[32];
        TU_CHECK(tu_unhex_into(s, 32, v[i][0]) == 0 && tu_unhex_into(u, 32, v[i][1]) == 0 &&
                     tu_unhex_into(want, 32, v[i][2]) == 0, "hex");
        TU_CHECK(rijn_x25519(out, s, u) == RIJN_OK, "x25519");
        TU_CHECK(memcmp(out, want, 32) == 0, "RFC 7748 5.2 vector %d (%s)", i,
                 rijn_x25519_impl());
    }
}

#if HAVE_REEXEC
static void rerun_masked(char **argv)
{
    pid_t pid;
    int status = -1;
    printf("# re-running with RIJN_CPU_MASK=0\n");
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        setenv("RIJN_CPU_MASK", "0", 1);
        setenv("RIJN_X25519_CHILD", "1", 1);
        execv(strchr(argv[0], '/') != NULL ? argv[0] : "/proc/self/exe", argv);
        _exit(127);
    }
    TU_CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
                 WEXITSTATUS(status) == 0,
             "child with RIJN_CPU_MASK=0: status %d", status);
}
#endif

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (sodium_init() < 0)
        return 1;
    tu_rand_seed(0x25519u);
    printf("# x25519 field: %s\n", rijn_x25519_impl());
    ladders();
    rfc7748();
#if HAVE_REEXEC
    if (getenv("RIJN_X25519_CHILD") == NULL)
        rerun_masked(argv);
#endif
    return tu_finish();
}
