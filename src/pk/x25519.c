/*
 * x25519.c -- X25519 (RFC 7748): clamping, the all-zero check, and the
 * choice of field implementation.
 *
 * Implementation notes
 *   The scalar is copied and clamped on the stack (wiped at exit); the
 *   ladder of the field chosen at compile time (RIJN_CFG_X25519_64, see
 *   rijn/x25519.h and x25519_i.h) does the work -- on x86-64 the 4 x 64
 *   MULX/ADX field (x25519_fe64x.c) when the CPU has BMI2 and ADX (run-
 *   time probe, RIJN_CPU_MASK hides it), else the 51-bit one. The output is written
 *   to a stack buffer first so out may alias either input.
 *   All-zero check: OR of the 32 bytes turned into a 0/1 without a branch
 *   on the data, and the status selected by mask (whether the result is
 *   zero is a public fact, set by the peer's point, but the check need
 *   not branch on secret-derived bytes to say so).
 *   Vectors: tests/test_x25519.c (RFC 7748 5.2, 6.1, iteration loop,
 *   Wycheproof x25519_test.json with the all-zero policy, libsodium and
 *   OpenSSL differential, both field implementations).
 */
#include "x25519_i.h"

#include "internal.h"
#include "core/cpu.h"

size_t rijn_x25519_size(void) { return RIJN_X25519_SIZE; }

#if RIJN_CFG_X25519_64 && RIJN_I_X25519_HAVE_FE64X
static int use_fe64x(void)
{
    const uint32_t need = RIJN_CPU_BMI2 | RIJN_CPU_ADX;
    return (rijn_i_cpu_features() & need) == need;
}
#endif

const char *rijn_x25519_impl(void)
{
#if RIJN_CFG_X25519_64 && RIJN_I_X25519_HAVE_FE64X
    if (use_fe64x())
        return "fe64x";
#endif
    return RIJN_CFG_X25519_64 ? "fe64" : "fe32";
}

static void ladder(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    uint8_t e[32], r[32];
    memcpy(e, scalar, 32);
    e[0] &= 248;
    e[31] &= 127;
    e[31] |= 64;
#if RIJN_CFG_X25519_64 && RIJN_I_X25519_HAVE_FE64X
    if (use_fe64x())
        rijn_i_x25519_ladder64x(r, e, point);
    else
        rijn_i_x25519_ladder64(r, e, point);
#elif RIJN_CFG_X25519_64
    rijn_i_x25519_ladder64(r, e, point);
#else
    rijn_i_x25519_ladder32(r, e, point);
#endif
    memcpy(out, r, 32);
    rijn_wipe(e, sizeof e);
    rijn_wipe(r, sizeof r);
}

int rijn_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    uint32_t acc = 0;
    size_t i;
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_PTR(scalar);
    RIJN_CHECK_PTR(point);
    ladder(out, scalar, point);
    for (i = 0; i < 32; i++)
        acc |= out[i];
    /* All ones if all zero, else 0; the status is chosen by mask so no
     * branch depends on the (secret-derived) bytes. */
    acc = (uint32_t)0 - (1u & ((acc - 1u) >> 8));
    return (int)(acc & (uint32_t)RIJN_ERR_PARAM);
}

int rijn_x25519_base(uint8_t pub[32], const uint8_t secret[32])
{
    static const uint8_t nine[32] = {9};
    RIJN_CHECK_PTR(pub);
    RIJN_CHECK_PTR(secret);
    ladder(pub, secret, nine);
    return RIJN_OK;
}
