/*
 * util.c -- status strings, version, wiping and constant-time comparison.
 *
 * Implementation notes: rijn_wipe (GCC/Clang) is memset followed by a
 * compiler barrier that takes the buffer's address and clobbers memory, so
 * the stores cannot be removed as dead (the idiom of Linux's
 * memzero_explicit); memset is word-wide, where the byte loop through a
 * volatile pointer it replaces cost four instructions a byte. Other
 * compilers call memset through a volatile function pointer. rijn_ct_equal
 * ORs every byte difference and turns the result into 0/1 without a branch
 * on the data.
 */
#include "internal.h"

const char *rijn_strerror(int status)
{
    switch (status) {
    case RIJN_OK: return "success";
    case RIJN_ERR_KEY_LEN: return "key length not allowed";
    case RIJN_ERR_LENGTH: return "data length not allowed by the mode";
    case RIJN_ERR_NULL: return "NULL pointer with nonzero length";
    case RIJN_ERR_BUFFER: return "output buffer too small";
    case RIJN_ERR_PADDING: return "bad padding";
    case RIJN_ERR_AUTH: return "authentication failed";
    case RIJN_ERR_UNSUPPORTED: return "not supported (not compiled in, or the CPU lacks it)";
    case RIJN_ERR_NONCE_LEN: return "nonce or IV length not allowed";
    case RIJN_ERR_TAG_LEN: return "tag length not allowed";
    case RIJN_ERR_STATE: return "call out of order, or context not set up for it";
    case RIJN_ERR_LIMIT: return "length over the construction's limit";
    case RIJN_ERR_PARAM: return "invalid parameter";
    default: return "unknown status";
    }
}

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
