/*
 * x25519.c -- X25519 (RFC 7748): clamping, the all-zero check, and the
 * choice of field implementation.
 *
 * Implementation notes
 *   The scalar is copied and clamped on the stack (wiped at exit); the
 *   ladder of the registry's default entry (core/registry.h; x25519_i.h
 *   lists the order) does the work -- with RIJN_CFG_X25519_64 on x86-64
 *   the 4 x 64 MULX/ADX field (x25519_fe64x.c) when the CPU has BMI2 and
 *   ADX (RIJN_CPU_MASK hides it), else the 51-bit one; without it fe32.
 *   No context: the entry is taken per call from the one-time CPU probe;
 *   rijn_i_x25519_with runs a named one (tests). The output is written
 *   to a stack buffer first so out may alias either input.
 *   All-zero check: OR of the 32 bytes turned into a 0/1 without a branch
 *   on the data, and the status selected by mask (whether the result is
 *   zero is a public fact, set by the peer's point, but the check need
 *   not branch on secret-derived bytes to say so).
 *   Vectors: tests/pk/test_x25519.c (RFC 7748 5.2, 6.1, iteration loop,
 *   Wycheproof x25519_test.json with the all-zero policy, libsodium and
 *   OpenSSL differential, both field implementations).
 */
#include "x25519_i.h"

#include "internal.h"

size_t rijn_x25519_size(void) { return RIJN_X25519_SIZE; }

/* ---- registry (core/registry.h) ---------------------------------------- */

#if RIJN_I_X25519_HAVE_FE64X
static const rijn_i_x25519_impl x_fe64x = {{"fe64x", RIJN_CPU_BMI2 | RIJN_CPU_ADX, NULL},
                                           rijn_i_x25519_ladder64x};
#endif
#if RIJN_I_X25519_HAVE_FE64
static const rijn_i_x25519_impl x_fe64 = {{"fe64", 0, NULL}, rijn_i_x25519_ladder64};
#endif
static const rijn_i_x25519_impl x_fe32 = {{"fe32", 0, NULL}, rijn_i_x25519_ladder32};

static const rijn_i_impl *const xs[] = {
#if RIJN_CFG_X25519_64
#if RIJN_I_X25519_HAVE_FE64X
    &x_fe64x.base,
#endif
    &x_fe64.base,
    &x_fe32.base,
#else
    &x_fe32.base, /* the choice; the others only for tests */
#if RIJN_I_X25519_HAVE_FE64X
    &x_fe64x.base,
#endif
#if RIJN_I_X25519_HAVE_FE64
    &x_fe64.base,
#endif
#endif
};
#define NXS (sizeof xs / sizeof xs[0])

const rijn_i_registry rijn_i_x25519_registry = {"x25519", xs, NXS};

/* The default entry: fe32 first needs no probe. With one entry (MCUs:
 * fe32 alone) the ladder is called directly, no descriptor linked. */
#define X_MULTI (RIJN_I_X25519_HAVE_FE64 || RIJN_I_X25519_HAVE_FE64X)
#if RIJN_CFG_X25519_64
#define DEFAULT_ENTRY() xs[rijn_i_reg_default(xs, NXS)]
#elif X_MULTI
#define DEFAULT_ENTRY() xs[0]
#else
#define DEFAULT_ENTRY() NULL
#endif
#if X_MULTI
#define RUN_LADDER(im, r, e, u) RIJN_I_IMPL_OF(rijn_i_x25519_impl, im)->ladder(r, e, u)
#else
#define RUN_LADDER(im, r, e, u) ((void)(im), rijn_i_x25519_ladder32(r, e, u))
#endif

const char *rijn_x25519_impl(void)
{
    return xs[rijn_i_reg_default(xs, NXS)]->name;
}

static void ladder(const rijn_i_impl *im, uint8_t out[32], const uint8_t scalar[32],
                   const uint8_t point[32])
{
    uint8_t e[32], r[32];
    memcpy(e, scalar, 32);
    e[0] &= 248;
    e[31] &= 127;
    e[31] |= 64;
    RUN_LADDER(im, r, e, point);
    memcpy(out, r, 32);
    rijn_wipe(e, sizeof e);
    rijn_wipe(r, sizeof r);
}

RIJN_INLINE int x25519(const rijn_i_impl *im, uint8_t out[32], const uint8_t scalar[32],
                       const uint8_t point[32])
{
    uint32_t acc = 0;
    size_t i;
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_PTR(scalar);
    RIJN_CHECK_PTR(point);
    ladder(im, out, scalar, point);
    for (i = 0; i < 32; i++)
        acc |= out[i];
    /* All ones if all zero, else 0; the status is chosen by mask so no
     * branch depends on the (secret-derived) bytes. */
    acc = (uint32_t)0 - (1u & ((acc - 1u) >> 8));
    return (int)(acc & (uint32_t)RIJN_ERR_PARAM);
}

int rijn_i_x25519_with(const char *name, uint8_t out[32], const uint8_t scalar[32],
                       const uint8_t point[32])
{
    size_t i;
    int r = rijn_i_reg_find(&rijn_i_x25519_registry, name, &i);
    return r != RIJN_OK ? r : x25519(xs[i], out, scalar, point);
}

int rijn_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    return x25519(DEFAULT_ENTRY(), out, scalar, point);
}

int rijn_x25519_base(uint8_t pub[32], const uint8_t secret[32])
{
    static const uint8_t nine[32] = {9};
    RIJN_CHECK_PTR(pub);
    RIJN_CHECK_PTR(secret);
    ladder(DEFAULT_ENTRY(), pub, secret, nine);
    return RIJN_OK;
}
