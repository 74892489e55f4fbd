/*
 * ctr.c -- AES-CTR (NIST SP 800-38A 6.5): a 128-bit big-endian counter
 * (wraps mod 2^128, as OpenSSL's AES-CTR) or a 32-bit counter in the last
 * four bytes (wraps mod 2^32, RFC 3686 and GCM).
 *
 * Implementation notes
 *   Whole blocks: the class's fused ctr hook when it has one, else runs of
 *   up to RIJN_I_MODE_BATCH counter blocks built in a stack buffer, all
 *   encrypted by one N-block call and XORed into out. The counter is kept
 *   as two 64-bit halves while building a run. A partial last block leaves
 *   its unused keystream in ks for the streaming API (stream.c).
 *   One-shot calls on whole blocks go straight to the class's ctr hook
 *   after the inlined checks (no keystream buffer, no run loop); to the
 *   class's ctr_once hook (IV only read) when it has one, after a single
 *   fast-path test, as a tail call.
 *   Constant time: the counter is public; the keystream buffer is wiped.
 *   Vectors: SP 800-38A F.5, RFC 3686 section 6 (tests/modes/test_modes_sp800_38a.c);
 *   the wrap at 2^128 and 2^32 in tests/modes/test_modes_stream.c.
 */
#include "modes_i.h"

void rijn_i_ctr_blocks(const rijn_aes_ctx *a, unsigned bits, uint8_t ctr[16], uint8_t *out,
                       const uint8_t *in, size_t n)
{
    uint8_t tmp[RIJN_I_MODE_BATCH * 16];
    uint64_t hi, lo;
    size_t i, k;
    if (n == 0)
        return;
    if (a->impl->ctr != NULL) {
        a->impl->ctr(a->ks, a->rounds, bits, ctr, out, in, n);
        return;
    }
    hi = rijn_load64_be(ctr);
    lo = rijn_load64_be(ctr + 8);
    for (; n > 0; n -= k, in += 16 * k, out += 16 * k) {
        k = n < RIJN_I_MODE_BATCH ? n : RIJN_I_MODE_BATCH;
        for (i = 0; i < k; i++) {
            rijn_store64_be(tmp + 16 * i, hi);
            rijn_store64_be(tmp + 16 * i + 8, lo);
            if (bits == 128) {
                lo++;
                hi += (uint64_t)(lo == 0);
            } else {
                lo = (lo & 0xFFFFFFFF00000000u) | (uint32_t)(lo + 1);
            }
        }
        rijn_i_aes_enc(a, tmp, tmp, k);
        rijn_xor(out, in, tmp, 16 * k);
    }
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
    rijn_wipe(tmp, sizeof tmp);
}

void rijn_i_ctr_run(const rijn_aes_ctx *a, unsigned bits, uint8_t reg[16], uint8_t ks[16],
                    uint32_t *pos, uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t p = *pos;
    size_t i = 0, n;
    for (; p < 16 && i < len; i++)
        out[i] = (uint8_t)(in[i] ^ ks[p++]);
    n = (len - i) / 16;
    if (n > 0) {
        rijn_i_ctr_blocks(a, bits, reg, out + i, in + i, n);
        i += 16 * n;
    }
    if (i < len) {
        rijn_i_aes_enc(a, ks, reg, 1);
        rijn_ctr_inc(reg, bits / 8);
        for (p = 0; i < len; i++)
            out[i] = (uint8_t)(in[i] ^ ks[p++]);
    }
    *pos = p;
}

/* Any length, any class (arguments checked). */
RIJN_I_MODE_COLD void ctr_any(const rijn_aes_ctx *aes, unsigned bits, const uint8_t iv[16],
                              uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t reg[16], ks[16];
    uint32_t pos = 16;
    memcpy(reg, iv, 16);
    rijn_i_ctr_run(aes, bits, reg, ks, &pos, out, in, len);
    if (len % 16 != 0) /* keystream left in ks; reg is the public counter */
        rijn_wipe(ks, sizeof ks);
}

/* The full checks (and the call) for every case the one-shot hook does
 * not take; out of line, so that test and its tail call are all
 * a short call runs. */
RIJN_I_MODE_COLD int ctr(const rijn_aes_ctx *aes, unsigned bits, const uint8_t iv[16], uint8_t *out,
                    const uint8_t *in, size_t len)
{
    uint8_t reg[16];
    int r = rijn_i_mode_check_inl(aes, 0, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    r = rijn_i_mode_overlap_inl(out, in, len);
    if (r != RIJN_OK)
        return r;
    if (len % 16 == 0 && aes->impl->ctr != NULL) {
        /* whole blocks (most short messages): straight to the fused hook */
        memcpy(reg, iv, 16);
        if (len != 0)
            aes->impl->ctr(aes->ks, aes->rounds, bits, reg, out, in, len / 16);
        return RIJN_OK;
    }
    ctr_any(aes, bits, iv, out, in, len);
    return RIJN_OK;
}

#if RIJN_I_AES_HOOKS
/* Whole blocks with the class's ctr_once hook after one fast-path test
 * (any other case takes the full checks in ctr(): same errors, same
 * order). */
#define CTR_ONCE(bits)                                                                   \
    if (iv != NULL && rijn_i_mode_fast_ok(aes, RIJN_I_DIR_ENC, out, in, len)) {        \
        int (*once)(const rijn_aes_ctx *, unsigned, const uint8_t *, uint8_t *,          \
                    const uint8_t *, size_t) = aes->impl->ctr_once[RIJN_I_AES_ALT(aes)]; \
        if (RIJN_LIKELY(once != NULL))                                                   \
            return once(aes, bits, iv, out, in, len / 16);                               \
    }
#else
#define CTR_ONCE(bits) (void)0
#endif

int rijn_ctr_crypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                   const uint8_t *in, size_t len)
{
    CTR_ONCE(128);
    return ctr(aes, 128, iv, out, in, len);
}

int rijn_ctr32_crypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                     const uint8_t *in, size_t len)
{
    CTR_ONCE(32);
    return ctr(aes, 32, iv, out, in, len);
}
