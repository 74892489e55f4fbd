/*
 * cfb.c -- AES-CFB128 and AES-CFB8 (NIST SP 800-38A 6.3).
 *
 * Implementation notes
 *   CFB128: reg is the next cipher input; after E(reg) -> ks, each output
 *   byte's ciphertext is written back into reg at the same position, so a
 *   stream can stop mid-block (*pos = bytes of ks used). Encryption is
 *   serial: whole blocks go to the class's fused cfb_encrypt hook when it
 *   has one (x86ni: the chain in registers, P folded into the last round
 *   key, no buffer); otherwise its keystream is a CBC encryption of the
 *   plaintext (see cfb128_enc_blocks), so it runs through the class's CBC
 *   entry at the CBC-encryption latency bound. Decryption of whole
 *   blocks is parallel: the cipher inputs are the previous ciphertext
 *   blocks; the class's fused cfb_decrypt hook takes them when it has one
 *   (x86ni: VAES passes with the XOR in registers, at CTR speed), else runs of up to
 *   RIJN_I_MODE_WIDE blocks go through the N-block entry straight from in,
 *   last run first (see cfb128_dec_blocks).
 *   CFB8: reg is a 16-byte shift register. Encryption: one AES call per
 *   byte on a window of reg || C (no byte shifting), or the class's fused
 *   cfb8_encrypt hook (x86ni: the register stays in an XMM register). Decryption: the
 *   inputs for k bytes are the k sliding windows of reg || C, copied 16
 *   bytes at a time into a stack buffer and encrypted in one call.
 *   All inputs are read into the stack buffers before out is written, so
 *   out == in works. Constant time: as the AES class; buffers wiped (the
 *   bytes written, not the whole 1 KiB: rijn_wipe then uses stores, not
 *   a memset call).
 *   Short messages (27 Nov 2026): the one-shot calls check inline and
 *   inline the CFB128 core, x86ni gained the cfb_encrypt hook, and its
 *   cfb_decrypt hook keeps short inputs in registers (aes_x86ni_cfb.c):
 *   before, a 16-byte call wiped a 1040-byte (encryption) or 256-byte
 *   (decryption) stack buffer with memset. Zen 5 EPYC, TSC ticks/byte,
 *   median of 3 processes (bench/host/bench.c --group cfb), before -> after
 *   (libgcrypt 1.10.1): AES-128 encrypt 16 B 3.59 -> 1.60 (2.38), 64 B
 *   1.53 -> 0.86 (1.08), 1 KiB 1.58 -> 1.34 (1.35); decrypt 16 B 3.20 ->
 *   1.62 (2.44), 64 B 0.99 -> 0.45 (0.61); AES-256 encrypt 16 B 3.56 ->
 *   1.66 (2.48), decrypt 64 B 1.07 -> 0.45 (0.66).
 *   Vectors: SP 800-38A F.3.7-F.3.18 (tests/modes/test_modes_sp800_38a.c), CAVP
 *   CFB8/CFB128 files.
 */
#include "modes_i.h"

static void cfb128_bytes(uint8_t reg[16], const uint8_t ks[16], uint32_t *pos, int dec,
                         uint8_t *out, const uint8_t *in, size_t n)
{
    uint32_t p = *pos;
    size_t i;
    for (i = 0; i < n; i++, p++) {
        uint8_t x = in[i], o = (uint8_t)(x ^ ks[p]);
        out[i] = o;
        reg[p] = dec ? x : o;
    }
    *pos = p;
}

/* Encryption of n > 0 whole blocks from a block boundary (reg = the last
 * ciphertext block). The keystream is K_1 = E(reg), K_{j+1} = E(P_j ^ K_j):
 * the CBC encryption of P under the IV K_1, so runs of blocks go through
 * the class's CBC entry (its fused cbc_encrypt hook, at the CBC latency
 * bound) into tmp, then C = P ^ K a word at a time. With more (a partial
 * block follows), the last run also makes K_{n+1} = E(C_n) into ks. */
static void cfb128_enc_blocks(const rijn_aes_ctx *a, uint8_t reg[16], uint8_t ks[16],
                              uint8_t *out, const uint8_t *in, size_t n, int more)
{
    uint8_t tmp[(RIJN_I_MODE_WIDE + 1) * 16];
    size_t k, m, used = 16 * ((n < RIJN_I_MODE_WIDE ? n : RIJN_I_MODE_WIDE) + 1);
#if RIJN_I_AES_HOOKS
    if (a->impl->cfb_encrypt != NULL) { /* fused: the chain in registers (x86ni) */
        a->impl->cfb_encrypt(a->ks, a->rounds, reg, out, in, n);
        if (more)
            rijn_i_aes_enc(a, ks, reg, 1);
        return;
    }
#endif
    rijn_i_aes_enc(a, tmp, reg, 1);
    for (; n > 0; n -= k, in += 16 * k, out += 16 * k) {
        k = n < RIJN_I_MODE_WIDE ? n : RIJN_I_MODE_WIDE;
        m = (k < n || more) ? k : k - 1;
        memcpy(ks, tmp, 16);
        rijn_i_cbc_enc_blocks(a, ks, tmp + 16, in, m); /* ks = K of block k+1 */
        rijn_i_xor_blocks(out, in, tmp, 16 * k);
        memcpy(tmp, tmp + 16 * k, 16);
    }
    memcpy(reg, out - 16, 16);
    rijn_wipe(tmp, RIJN_I_MODE_WIPE_LEN(used, sizeof tmp)); /* the first run is the longest */
}

/* Decryption of n > 0 whole blocks: P_j = C_j ^ E(C_{j-1}), C_0 = reg.
 * Runs are taken from the last block down, so each reads its cipher inputs
 * straight from in (no copy) before writing out, and out == in works; the
 * lowest run builds reg || C_0 .. in tmp. */
static void cfb128_dec_blocks(const rijn_aes_ctx *a, uint8_t reg[16], uint8_t *out,
                              const uint8_t *in, size_t n)
{
    uint8_t tmp[RIJN_I_MODE_WIDE * 16], last[16];
    size_t j, k, lo;
#if RIJN_I_AES_HOOKS
    if (a->impl->cfb_decrypt != NULL) { /* fused: VAES-wide on x86ni */
        a->impl->cfb_decrypt(a->ks, a->rounds, reg, out, in, n);
        return;
    }
#endif
    memcpy(last, in + 16 * (n - 1), 16);
    for (j = n; j > 0; j = lo) {
        k = j < RIJN_I_MODE_WIDE ? j : RIJN_I_MODE_WIDE;
        lo = j - k;
        if (lo > 0) {
            rijn_i_aes_enc(a, tmp, in + 16 * (lo - 1), k);
        } else {
            memcpy(tmp, reg, 16);
            memcpy(tmp + 16, in, 16 * (k - 1));
            rijn_i_aes_enc(a, tmp, tmp, k);
        }
        rijn_i_xor_blocks(out + 16 * lo, in + 16 * lo, tmp, 16 * k);
    }
    memcpy(reg, last, 16);
    rijn_wipe(tmp, RIJN_I_MODE_WIPE_LEN(16 * (n < RIJN_I_MODE_WIDE ? n : RIJN_I_MODE_WIDE),
                                        sizeof tmp));
}

RIJN_I_MODE_CORE void cfb128_run(const rijn_aes_ctx *a, int dec, uint8_t reg[16],
                                 uint8_t ks[16], uint32_t *pos, uint8_t *out, const uint8_t *in,
                                 size_t len)
{
    size_t i = 16 - *pos, n;
    int more;
    if (i > len)
        i = len;
    if (i > 0)
        cfb128_bytes(reg, ks, pos, dec, out, in, i);
    n = (len - i) / 16;
    more = len - i > 16 * n;
    if (n > 0) {
        if (dec)
            cfb128_dec_blocks(a, reg, out + i, in + i, n);
        else
            cfb128_enc_blocks(a, reg, ks, out + i, in + i, n, more);
        i += 16 * n;
    }
    if (more) {
        if (dec || n == 0)
            rijn_i_aes_enc(a, ks, reg, 1);
        *pos = 0;
        cfb128_bytes(reg, ks, pos, dec, out + i, in + i, len - i);
    }
}

void rijn_i_cfb128_run(const rijn_aes_ctx *a, int dec, uint8_t reg[16], uint8_t ks[16],
                       uint32_t *pos, uint8_t *out, const uint8_t *in, size_t len)
{
    cfb128_run(a, dec, reg, ks, pos, out, in, len);
}

/* x = reg || up to RIJN_I_MODE_WIDE ciphertext bytes: the register before
 * byte j of a run is x[j .. j + 16). Encryption appends each ciphertext
 * byte to x and encrypts the window in place of a 16-byte shift; a full x
 * moves its last 16 bytes to the front. Decryption copies k windows of x
 * into tmp and encrypts them in one N-block call. */
void rijn_i_cfb8_run(const rijn_aes_ctx *a, int dec, uint8_t reg[16], uint8_t *out,
                     const uint8_t *in, size_t len)
{
    uint8_t tmp[RIJN_I_MODE_WIDE * 16], x[16 + RIJN_I_MODE_WIDE];
    size_t i, j, k;
#if RIJN_I_AES_HOOKS
    if (!dec && a->impl->cfb8_encrypt != NULL) { /* fused: register in a register */
        a->impl->cfb8_encrypt(a->ks, a->rounds, reg, out, in, len);
        return;
    }
#endif
    for (i = 0; i < len; i += k) {
        k = len - i < RIJN_I_MODE_WIDE ? len - i : RIJN_I_MODE_WIDE;
        memcpy(x, reg, 16);
        if (!dec) {
            for (j = 0; j < k; j++) {
                uint8_t c;
                rijn_i_aes_enc(a, tmp, x + j, 1);
                c = (uint8_t)(in[i + j] ^ tmp[0]);
                out[i + j] = c;
                x[16 + j] = c;
            }
        } else {
            memcpy(x + 16, in + i, k);
            for (j = 0; j < k; j++)
                memcpy(tmp + 16 * j, x + j, 16);
            rijn_i_aes_enc(a, tmp, tmp, k);
            for (j = 0; j < k; j++)
                out[i + j] = (uint8_t)(x[16 + j] ^ tmp[16 * j]);
        }
        memcpy(reg, x + k, 16);
    }
    rijn_wipe(tmp, sizeof tmp);
    rijn_wipe(x, sizeof x);
}

RIJN_I_MODE_CORE int cfb(const rijn_aes_ctx *aes, int seg8, int dec, const uint8_t iv[16],
                         uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t reg[16], ks[16];
    uint32_t pos = 16;
    int r = RIJN_I_MODE_CHECK(aes, 0, iv, out, in, len);
    if (r != RIJN_OK)
        return r;
    r = RIJN_I_MODE_OVERLAP(out, in, len);
    if (r != RIJN_OK)
        return r;
    memcpy(reg, iv, 16);
    if (seg8)
        rijn_i_cfb8_run(aes, dec, reg, out, in, len);
    else
        cfb128_run(aes, dec, reg, ks, &pos, out, in, len);
    rijn_wipe(ks, sizeof ks);
    rijn_wipe(reg, sizeof reg);
    return RIJN_OK;
}

int rijn_cfb128_encrypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t len)
{
    return cfb(aes, 0, 0, iv, out, in, len);
}

int rijn_cfb128_decrypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t len)
{
    return cfb(aes, 0, 1, iv, out, in, len);
}

int rijn_cfb8_encrypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                      const uint8_t *in, size_t len)
{
    return cfb(aes, 1, 0, iv, out, in, len);
}

int rijn_cfb8_decrypt(const rijn_aes_ctx *aes, const uint8_t iv[16], uint8_t *out,
                      const uint8_t *in, size_t len)
{
    return cfb(aes, 1, 1, iv, out, in, len);
}
