/*
 * gcm_ctr.c -- counter-mode keystream for the AEADs (GCM, CCM, GCM-SIV).
 *
 * Implementation notes
 *   Uses the AES class's fused ctr hook (big-endian 32- or 128-bit
 *   counters) when present; otherwise builds up to 16 counter blocks on the
 *   stack and encrypts them in one N-block call, so bitsliced classes run
 *   at full width. GCM-SIV's little-endian 32-bit counter, and GCM counters
 *   derived from a secret (J0 = GHASH(nonce) for nonces other than 12
 *   bytes: a fused hook may branch on the counter to spot a 32-bit wrap),
 *   always take the N-block path, whose increment is branch-free (GCM-SIV
 *   on AES-NI round keys first runs whole 32-block VAES-512 passes in
 *   gcm_ctr_vaes512.c, then 16-block VAES-256 and 8-block AES-NI passes in
 *   gcm_ctr_x86.c). Counter values are public (they derive from the nonce);
 *   the keystream on the stack is wiped.
 *   Vectors: every GCM/CCM/GCM-SIV test exercises it, per AES class.
 */
#include "gcm_i.h"
#include "internal.h"

/* Counter blocks per N-block call: 16 on 64-bit hosts (wide AES-NI paths),
 * 4 on MCUs to keep the stack small (64 bytes). */
#define BATCH (RIJN_ARCH_64 ? 16 : 4)

static void ctr_inc(uint8_t ctr[16], unsigned mode)
{
    if (mode == RIJN_I_CTR_LE32)
        rijn_store32_le(ctr, rijn_load32_le(ctr) + 1u);
    else if (mode == RIJN_I_CTR_BE32 || mode == RIJN_I_CTR_BE32_SECRET)
        rijn_store32_be(ctr + 12, rijn_load32_be(ctr + 12) + 1u);
    else
        rijn_ctr_inc(ctr, 16);
}

/* complexity: hot counter loop, one branch per hook/width (8/4/1 blocks, 32-bit wrap) */
void rijn_i_aead_ctr(const rijn_aes_ctx *aes, unsigned mode, uint8_t ctr[16], uint8_t *out,
                     const uint8_t *in, size_t nblocks)
{
    uint8_t ks[BATCH * 16];
    if (nblocks == 0)
        return;
    if (aes->impl->ctr != NULL && (mode == RIJN_I_CTR_BE32 || mode == RIJN_I_CTR_BE128)) {
        aes->impl->ctr(aes->ks, (unsigned)aes->rounds, mode, ctr, out, in, nblocks);
        return;
    }
#if RIJN_I_AES_RK_AESNI
    if (mode == RIJN_I_CTR_LE32) {
        size_t d = rijn_i_aead_ctr_le32_vaes512(aes, ctr, out, in, nblocks);
        d += rijn_i_aead_ctr_le32_x86(aes, ctr, out + 16 * d, in + 16 * d, nblocks - d);
        out += 16 * d;
        in += 16 * d;
        nblocks -= d;
        if (nblocks == 0)
            return;
    }
#endif
    while (nblocks > 0) {
        size_t n = nblocks < BATCH ? nblocks : BATCH, i;
        if (mode == RIJN_I_CTR_BE128) {
            for (i = 0; i < n; i++) {
                memcpy(ks + 16 * i, ctr, 16);
                rijn_ctr_inc(ctr, 16);
            }
        } else {
            /* 32-bit counters: only one word changes */
            int le = mode == RIJN_I_CTR_LE32;
            uint8_t *w = le ? ctr : ctr + 12;
            uint32_t c = le ? rijn_load32_le(w) : rijn_load32_be(w);
            for (i = 0; i < n; i++, c = rijn_i_opaque32(c + 1)) { /* c may be secret */
                uint8_t *b = ks + 16 * i;
                memcpy(b, ctr, 16);
                if (le)
                    rijn_store32_le(b, c);
                else
                    rijn_store32_be(b + 12, c);
            }
            if (le)
                rijn_store32_le(w, c);
            else
                rijn_store32_be(w, c);
        }
        rijn_i_aes_enc(aes, ks, ks, n);
        for (i = 0; i < 2 * n; i++) /* 8 bytes at a time */
            rijn_store64_le(out + 8 * i, rijn_load64_le(in + 8 * i) ^ rijn_load64_le(ks + 8 * i));
        out += 16 * n;
        in += 16 * n;
        nblocks -= n;
    }
    rijn_wipe(ks, sizeof ks);
}

void rijn_i_aead_ks(const rijn_aes_ctx *aes, unsigned mode, uint8_t ctr[16],
                          uint8_t ks[16])
{
    rijn_i_aes_enc(aes, ks, ctr, 1);
    ctr_inc(ctr, mode);
}
