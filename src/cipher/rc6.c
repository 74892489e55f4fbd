/*
 * rc6.c -- RC6-32/20 (Rivest, Robshaw, Sidney, Yin; AES submission 1998):
 * 32-bit words, 20 rounds, 16/24/32-byte keys.
 *
 * Implementation notes:
 * - Straight from the specification: the block is four little-endian
 *   words A B C D; key schedule S[0] = P32, S[i] = S[i-1] + Q32, then
 *   3 * max(c, 44) mixing steps with L (the key as little-endian words).
 *   Context: the 44 round keys (176 bytes). No table.
 * - Constant time: no secret-dependent branch or index, but every round
 *   has two rotations by a data-dependent amount (the top 5 bits of
 *   t = ROL(B * (2B + 1), 5)) and two 32x32-bit multiplications, and the
 *   key schedule rotates by A + B. Constant time therefore only where
 *   both take fixed time:
 *     x86-64: ROL r32, CL and IMUL r32 are fixed latency (Agner Fog's
 *       tables; no data-dependent early exit on Intel since P6 / AMD K8).
 *     Cortex-M3/M4: ROR by register 1 cycle; MUL 1 cycle (ARMv7-M TRM:
 *       MUL is 1 cycle; only UMULL/SMULL on M3 exit early: not used).
 *     Cortex-M0/M0+: RORS by register 1 cycle; MULS is 1 cycle with the
 *       fast multiplier or 32 cycles with the small iterative one, a
 *       synthesis option of the core (ARM DDI 0432C / 0484C, "MULS ...
 *       1 or 32 cycles"): fixed either way for a given chip, so constant
 *       time on both (the 32-cycle one is slow, not variable).
 *     RV32IM: the ISA says nothing of timing; MUL latency is the core's
 *       (fixed on many, early-out on some): check per chip. Rotations are
 *       shifts (SLL/SRL by register), fixed time.
 *     AVR: no barrel shifter, no 32-bit multiply: avr-gcc emits a shift
 *       loop whose trip count is the secret rotation amount: NOT constant
 *       time on AVR.
 * - Vectors (tests/cipher/test_finalists.c, tests/cipher/cryptopp_diff.cpp):
 *   Crypto++'s TestData/rc6val.dat (the submission's vectors), Crypto++
 *   differential on random keys (libgcrypt has no RC6).
 */
#include "internal.h"
#include "rijn/blockcipher.h"

#define P32 0xB7E15163u
#define Q32 0x9E3779B9u

static uint32_t rol(uint32_t x, uint32_t n)
{
    n &= 31u;
    return (x << n) | (x >> ((32u - n) & 31u));
}

static uint32_t ror(uint32_t x, uint32_t n)
{
    n &= 31u;
    return (x >> n) | (x << ((32u - n) & 31u));
}

int rijn_rc6_init(rijn_rc6_ctx *ctx, const uint8_t *key, size_t key_len)
{
    uint32_t l[8], a = 0, b = 0;
    unsigned c, i, j = 0, s = 0, v;

    RIJN_CHECK_PTR(ctx);
    if (key_len != 16 && key_len != 24 && key_len != 32)
        return RIJN_ERR_KEY_LEN;
    RIJN_CHECK_PTR(key);
    c = (unsigned)key_len / 4;
    for (i = 0; i < c; i++)
        l[i] = rijn_load32_le(key + 4 * i);
    ctx->s[0] = P32;
    for (i = 1; i < 44; i++)
        ctx->s[i] = ctx->s[i - 1] + Q32;
    for (v = 0; v < 3 * 44; v++) {
        a = ctx->s[s] = rol(ctx->s[s] + a + b, 3);
        b = l[j] = rol(l[j] + a + b, a + b);
        s = (s + 1) % 44;
        j = (j + 1) % c;
    }
    ctx->ready = 1;
    rijn_wipe(l, sizeof l);
    return RIJN_OK;
}

void rijn_rc6_encrypt(const rijn_rc6_ctx *ctx, uint8_t out[16], const uint8_t in[16])
{
    const uint32_t *s = ctx->s;
    uint32_t a = rijn_load32_le(in), b = rijn_load32_le(in + 4);
    uint32_t c = rijn_load32_le(in + 8), d = rijn_load32_le(in + 12), t, u, x;
    unsigned i;

    b += s[0];
    d += s[1];
    for (i = 1; i <= 20; i++) {
        t = rol(b * (2 * b + 1), 5);
        u = rol(d * (2 * d + 1), 5);
        a = rol(a ^ t, u) + s[2 * i];
        c = rol(c ^ u, t) + s[2 * i + 1];
        x = a, a = b, b = c, c = d, d = x;
    }
    a += s[42];
    c += s[43];
    rijn_store32_le(out, a);
    rijn_store32_le(out + 4, b);
    rijn_store32_le(out + 8, c);
    rijn_store32_le(out + 12, d);
}

void rijn_rc6_decrypt(const rijn_rc6_ctx *ctx, uint8_t out[16], const uint8_t in[16])
{
    const uint32_t *s = ctx->s;
    uint32_t a = rijn_load32_le(in), b = rijn_load32_le(in + 4);
    uint32_t c = rijn_load32_le(in + 8), d = rijn_load32_le(in + 12), t, u, x;
    unsigned i;

    c -= s[43];
    a -= s[42];
    for (i = 20; i >= 1; i--) {
        x = d, d = c, c = b, b = a, a = x;
        u = rol(d * (2 * d + 1), 5);
        t = rol(b * (2 * b + 1), 5);
        c = ror(c - s[2 * i + 1], t) ^ u;
        a = ror(a - s[2 * i], u) ^ t;
    }
    d -= s[1];
    b -= s[0];
    rijn_store32_le(out, a);
    rijn_store32_le(out + 4, b);
    rijn_store32_le(out + 8, c);
    rijn_store32_le(out + 12, d);
}

void rijn_rc6_wipe(rijn_rc6_ctx *ctx)
{
    if (ctx != NULL)
        rijn_wipe(ctx, sizeof *ctx);
}
