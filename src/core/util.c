/*
 * util.c -- status strings, version, wiping and constant-time comparison.
 *
 * Implementation notes: the status texts are one X-macro list; on AVR
 * rijn_strerror_P returns them from flash (one progmem array per text;
 * rijn_strerror's literals are in RAM there, ~400 bytes, when it is
 * linked). rijn_wipe (GCC/Clang) is memset followed by a
 * compiler barrier that takes the buffer's address and clobbers memory, so
 * the stores cannot be removed as dead (the idiom of Linux's
 * memzero_explicit); memset is word-wide, where the byte loop through a
 * volatile pointer it replaces cost four instructions a byte; up to 64
 * bytes on hosts (x86, AArch64) it is 16-byte stores in line (no call; no vector-store stall). Other
 * compilers call memset through a volatile function pointer. rijn_ct_equal
 * ORs every byte difference and turns the result into 0/1 without a branch
 * on the data.
 */
#include "internal.h"

#ifdef RIJN_I_MAC64_AVR_DEF
RIJN_I_MAC64_AVR_DEF; /* internal.h's rijn_mul64 on AVR (core/mul64_avr_i.h) */
#endif

/* The status texts, once: (code, text) for rijn_strerror's switch and, on
 * AVR, for rijn_strerror_P's flash arrays. */
#define RIJN_I_STATUS_TEXTS                                                                \
    X(RIJN_OK, "success")                                                                  \
    X(RIJN_ERR_KEY_LEN, "key length not allowed")                                          \
    X(RIJN_ERR_LENGTH, "data length not allowed by the mode")                              \
    X(RIJN_ERR_NULL, "NULL pointer with nonzero length")                                   \
    X(RIJN_ERR_BUFFER, "output buffer too small")                                          \
    X(RIJN_ERR_PADDING, "bad padding")                                                     \
    X(RIJN_ERR_AUTH, "authentication failed")                                              \
    X(RIJN_ERR_UNSUPPORTED, "not supported (not compiled in, or the CPU lacks it)")        \
    X(RIJN_ERR_NONCE_LEN, "nonce or IV length not allowed")                                \
    X(RIJN_ERR_TAG_LEN, "tag length not allowed")                                          \
    X(RIJN_ERR_STATE, "call out of order, or context not set up for it")                   \
    X(RIJN_ERR_LIMIT, "length over the construction's limit")                              \
    X(RIJN_ERR_PARAM, "invalid parameter")
#define RIJN_I_STATUS_UNKNOWN "unknown status"

const char *rijn_strerror(int status)
{
    switch (status) {
#define X(code, text) \
    case code: return text;
        RIJN_I_STATUS_TEXTS
#undef X
    default: return RIJN_I_STATUS_UNKNOWN;
    }
}

#if defined(__AVR__)
/* Flash only (avr-gcc copies const data into RAM: string literals, and the
 * lookup table GCC makes of a switch): one progmem array per text, and a
 * progmem table of them indexed by -status (designated, so the order of
 * the list does not matter), read with LPM. */
#define X(code, text) static const char text_##code[] __attribute__((__progmem__)) = text;
RIJN_I_STATUS_TEXTS
X(unknown, RIJN_I_STATUS_UNKNOWN)
#undef X
#define X(code, text) [-(code)] = text_##code,
static const char *const texts[] __attribute__((__progmem__)) = {RIJN_I_STATUS_TEXTS};
#undef X

const char *rijn_strerror_P(int status)
{
    const char *p = NULL;
    if (status <= 0 && status > -(int)(sizeof texts / sizeof texts[0])) {
        const char *const *q = &texts[-status];
        __asm__("lpm %A0, Z+\n\tlpm %B0, Z" : "=r"(p), "+z"(q));
    }
    return p != NULL ? p : text_unknown;
}
#else
const char *rijn_strerror_P(int status)
{
    return rijn_strerror(status);
}
#endif

const char *rijn_version(void)
{
    return RIJN_VERSION_STRING;
}

#if !(defined(__GNUC__) || defined(__clang__))
/* Called through a volatile pointer so the compiler cannot prove the
 * stores dead. */
static void *(*const volatile wipe_memset)(void *, int, size_t) = memset;
#endif

void rijn_wipe(void *p, size_t n)
{
    if (p == NULL || n == 0)
        return;
#if defined(__GNUC__) || defined(__clang__)
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
    if (n <= 64) { /* blocks, tags, counters: stores beat a memset call */
        rijn_i_zero_stores(p, n);
        return;
    }
#endif
    memset(p, 0, n);
    /* The barrier tells the compiler the zeroed memory is read here. */
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    wipe_memset(p, 0, n);
#endif
}

int rijn_ct_equal(const void *a, const void *b, size_t n)
{
    const volatile uint8_t *x = (const volatile uint8_t *)a;
    const volatile uint8_t *y = (const volatile uint8_t *)b;
    uint32_t d = 0;
    size_t i;
    for (i = 0; i < n; i++)
        d |= (uint32_t)(x[i] ^ y[i]);
    return (int)(1u & ((d - 1u) >> 8));
}

#if RIJN_I_TEST_FAULTS
unsigned long rijn_i_fault_at, rijn_i_fault_key_at; /* 0: off */

int rijn_i_fault(unsigned long *at)
{
    return *at != 0 && --*at == 0;
}
#endif
