/*
 * aes_small.c -- "small": byte-oriented AES, the least code.
 *
 * Implementation notes
 *   Layout: the schedule is the FIPS 197 round keys as 16*(rounds+1) bytes
 *   in the order they are XORed into the state (column-major state, as in
 *   the standard). Encryption and decryption share it (the straightforward
 *   inverse cipher, not the equivalent one).
 *   Constant time: NO. SubBytes indexes a 256-byte table with secret data;
 *   on CPUs with a data cache this leaks through cache timing. On cacheless
 *   8-bit MCUs (AVR) table reads take constant time. xtime is branch-free.
 *   Never chosen by default while a constant-time class is compiled in.
 *   Key expansion: FIPS 197 KeyExpansion done byte-wise in place in the
 *   schedule (no word array on the stack); round constants by xtime.
 *   RIJN_CFG_AES_SMALL_COMPACT=1 (default 0): the least flash for
 *   encrypt-only builds: SubBytes+ShiftRows as one indexed loop, the rounds
 *   computed in the output buffer (no state copy or wipe; out only ever
 *   holds the block's intermediate states, then its ciphertext), MixColumns
 *   rolled. Cortex-M3 -Os, AES-128 encrypt-only with key setup (small the
 *   only class, mcu/measure.py's count): 884 bytes (default small: 1,116).
 *   Vectors: FIPS 197 appendix C, CAVP AESAVS (GFSbox, KeySbox, VarKey,
 *   VarTxt, MMT, MCT) in tests/, like every class.
 */
#include "aes_i.h"
#include "internal.h"

#if RIJN_CFG_AES_SMALL


/* AVR: the tables live in flash (avr-gcc would copy const data into RAM:
 * 512 bytes of the ATmega328P's 2 KiB), read with LPM through Z. Like
 * every read of these tables it is indexed by secret bytes: classic AVR
 * cores have no data cache and LPM takes 3 cycles whatever the address.
 * .progmem sections come first in avr-libc's linker scripts, so the tables
 * lie in the low 64 KiB that LPM reaches without RAMPZ (ATmega2560). */
#if defined(__AVR__)
#define SMALL_TABLE __attribute__((__progmem__))
static uint8_t small_lpm(const uint8_t *p)
{
    uint8_t r;
    __asm__("lpm %0, Z" : "=r"(r) : "z"(p));
    return r;
}
#define SBOX(x)     small_lpm(sbox + (x))
#define INV_SBOX(x) small_lpm(inv_sbox + (x))
#else
#define SMALL_TABLE
#define SBOX(x)     sbox[x]
#define INV_SBOX(x) inv_sbox[x]
#endif

static const uint8_t sbox[256] SMALL_TABLE = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16};

static uint8_t xtime(uint8_t x)
{
    return (uint8_t)((x << 1) ^ (0x1B & (uint8_t)(0u - (x >> 7))));
}

static void small_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    uint8_t *rk = (uint8_t *)ks, t, rc = 1;
#if RIJN_CFG_AES_192 || RIJN_CFG_AES_256
    unsigned nb = (unsigned)key_len, total = 4 * nb + 112, i, n = 0;
#define SMALL_KS_POS n
#else
    const unsigned nb = 16, total = 176; /* key_len is 16 */
    unsigned i;
#define SMALL_KS_POS (i & 15)
    (void)key_len;
#endif
    (void)dirs;
    /* Byte i of the expanded key; SMALL_KS_POS = i mod key_len: the bytes 0..3
     * of each key-length group are RotWord, SubWord, Rcon of the previous
     * word, the bytes 16..19 of a 32-byte group SubWord of it. */
    for (i = 0; i < nb; i++)
        rk[i] = key[i];
    for (i = nb; i < total; i++) {
        t = rk[i - 4];
        if (SMALL_KS_POS < 4) {
            t = SBOX(rk[(i & ~3u) - 4 + ((i + 1) & 3)]);
            if (SMALL_KS_POS == 0) {
                t ^= rc;
                rc = xtime(rc);
            }
        } else if (nb > 24 && SMALL_KS_POS - 16 < 4) {
            t = SBOX(t);
        }
        rk[i] = (uint8_t)(rk[i - nb] ^ t);
#if RIJN_CFG_AES_192 || RIJN_CFG_AES_256
        if (++n == nb)
            n = 0;
#endif
    }
#undef SMALL_KS_POS
}

#if !RIJN_CFG_AES_SMALL_COMPACT || RIJN_CFG_AES_DECRYPT
static void add_round_key(uint8_t *s, const uint8_t *rk)
{
    unsigned i;
    for (i = 0; i < 16; i++)
        s[i] ^= rk[i];
}
#endif

#if RIJN_CFG_AES_SMALL_COMPACT
static void small_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                          size_t nblocks)
{
    const uint8_t *rk = (const uint8_t *)ks, *k;
    uint8_t s[16], m;
    volatile uint8_t *vs = s;
    unsigned r, i;
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        for (i = 0; i < 16; i++)
            out[i] = (uint8_t)(in[i] ^ rk[i]);
        for (r = rounds, k = rk + 16; r > 0; k += 16) {
            r--; /* rounds still to go after this one */
            /* SubBytes and ShiftRows: byte i (row i % 4) comes from column
             * (i / 4 + i % 4) % 4 of the same row. */
            for (i = 0; i < 16; i++)
                s[i] = SBOX(out[(i * 5) & 15]);
            for (i = 0; i < 16; i++) {
                m = s[i];
                if (r > 0) { /* MixColumns, except in the last round */
                    const uint8_t *c = s + (i & 12);
                    m = (uint8_t)(c[0] ^ c[1] ^ c[2] ^ c[3] ^ m ^
                                  xtime((uint8_t)(m ^ c[(i + 1) & 3])));
                }
                out[i] = (uint8_t)(m ^ k[i]);
            }
        }
    }
    for (i = 0; i < 16; i++) /* wipe without linking memset */
        vs[i] = 0;
}
#else
static void small_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                          size_t nblocks)
{
    const uint8_t *rk = (const uint8_t *)ks;
    uint8_t s[16], t;
    unsigned r, i;
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        memcpy(s, in, 16);
        add_round_key(s, rk);
        for (r = 1;; r++) {
            for (i = 0; i < 16; i++) /* SubBytes */
                s[i] = SBOX(s[i]);
            /* ShiftRows: row k rotates left by k (state is column-major). */
            t = s[1]; s[1] = s[5]; s[5] = s[9]; s[9] = s[13]; s[13] = t;
            t = s[2]; s[2] = s[10]; s[10] = t; t = s[6]; s[6] = s[14]; s[14] = t;
            t = s[15]; s[15] = s[11]; s[11] = s[7]; s[7] = s[3]; s[3] = t;
            if (r == rounds)
                break;
            for (i = 0; i < 16; i += 4) { /* MixColumns */
                uint8_t a0 = s[i], a1 = s[i + 1], a2 = s[i + 2], a3 = s[i + 3];
                uint8_t all = (uint8_t)(a0 ^ a1 ^ a2 ^ a3);
                s[i] ^= (uint8_t)(all ^ xtime((uint8_t)(a0 ^ a1)));
                s[i + 1] ^= (uint8_t)(all ^ xtime((uint8_t)(a1 ^ a2)));
                s[i + 2] ^= (uint8_t)(all ^ xtime((uint8_t)(a2 ^ a3)));
                s[i + 3] ^= (uint8_t)(all ^ xtime((uint8_t)(a3 ^ a0)));
            }
            add_round_key(s, rk + 16 * r);
        }
        add_round_key(s, rk + 16 * rounds);
        memcpy(out, s, 16);
    }
    rijn_wipe(s, sizeof s);
}

#endif /* RIJN_CFG_AES_SMALL_COMPACT */

#if RIJN_CFG_AES_DECRYPT
/* The inverse S-box is computed from sbox at first use would need state;
 * a second table keeps the code simple and stateless. */
static const uint8_t inv_sbox[256] SMALL_TABLE = {
    0x52, 0x09, 0x6a, 0xd5, 0x30, 0x36, 0xa5, 0x38, 0xbf, 0x40, 0xa3, 0x9e, 0x81, 0xf3, 0xd7, 0xfb,
    0x7c, 0xe3, 0x39, 0x82, 0x9b, 0x2f, 0xff, 0x87, 0x34, 0x8e, 0x43, 0x44, 0xc4, 0xde, 0xe9, 0xcb,
    0x54, 0x7b, 0x94, 0x32, 0xa6, 0xc2, 0x23, 0x3d, 0xee, 0x4c, 0x95, 0x0b, 0x42, 0xfa, 0xc3, 0x4e,
    0x08, 0x2e, 0xa1, 0x66, 0x28, 0xd9, 0x24, 0xb2, 0x76, 0x5b, 0xa2, 0x49, 0x6d, 0x8b, 0xd1, 0x25,
    0x72, 0xf8, 0xf6, 0x64, 0x86, 0x68, 0x98, 0x16, 0xd4, 0xa4, 0x5c, 0xcc, 0x5d, 0x65, 0xb6, 0x92,
    0x6c, 0x70, 0x48, 0x50, 0xfd, 0xed, 0xb9, 0xda, 0x5e, 0x15, 0x46, 0x57, 0xa7, 0x8d, 0x9d, 0x84,
    0x90, 0xd8, 0xab, 0x00, 0x8c, 0xbc, 0xd3, 0x0a, 0xf7, 0xe4, 0x58, 0x05, 0xb8, 0xb3, 0x45, 0x06,
    0xd0, 0x2c, 0x1e, 0x8f, 0xca, 0x3f, 0x0f, 0x02, 0xc1, 0xaf, 0xbd, 0x03, 0x01, 0x13, 0x8a, 0x6b,
    0x3a, 0x91, 0x11, 0x41, 0x4f, 0x67, 0xdc, 0xea, 0x97, 0xf2, 0xcf, 0xce, 0xf0, 0xb4, 0xe6, 0x73,
    0x96, 0xac, 0x74, 0x22, 0xe7, 0xad, 0x35, 0x85, 0xe2, 0xf9, 0x37, 0xe8, 0x1c, 0x75, 0xdf, 0x6e,
    0x47, 0xf1, 0x1a, 0x71, 0x1d, 0x29, 0xc5, 0x89, 0x6f, 0xb7, 0x62, 0x0e, 0xaa, 0x18, 0xbe, 0x1b,
    0xfc, 0x56, 0x3e, 0x4b, 0xc6, 0xd2, 0x79, 0x20, 0x9a, 0xdb, 0xc0, 0xfe, 0x78, 0xcd, 0x5a, 0xf4,
    0x1f, 0xdd, 0xa8, 0x33, 0x88, 0x07, 0xc7, 0x31, 0xb1, 0x12, 0x10, 0x59, 0x27, 0x80, 0xec, 0x5f,
    0x60, 0x51, 0x7f, 0xa9, 0x19, 0xb5, 0x4a, 0x0d, 0x2d, 0xe5, 0x7a, 0x9f, 0x93, 0xc9, 0x9c, 0xef,
    0xa0, 0xe0, 0x3b, 0x4d, 0xae, 0x2a, 0xf5, 0xb0, 0xc8, 0xeb, 0xbb, 0x3c, 0x83, 0x53, 0x99, 0x61,
    0x17, 0x2b, 0x04, 0x7e, 0xba, 0x77, 0xd6, 0x26, 0xe1, 0x69, 0x14, 0x63, 0x55, 0x21, 0x0c, 0x7d};

static void small_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                          size_t nblocks)
{
    const uint8_t *rk = (const uint8_t *)ks;
    uint8_t s[16], t;
    unsigned r, i;
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        memcpy(s, in, 16);
        add_round_key(s, rk + 16 * rounds);
        for (r = rounds - 1;; r--) {
            /* InvShiftRows: row k rotates right by k. */
            t = s[13]; s[13] = s[9]; s[9] = s[5]; s[5] = s[1]; s[1] = t;
            t = s[2]; s[2] = s[10]; s[10] = t; t = s[6]; s[6] = s[14]; s[14] = t;
            t = s[3]; s[3] = s[7]; s[7] = s[11]; s[11] = s[15]; s[15] = t;
            for (i = 0; i < 16; i++) /* InvSubBytes */
                s[i] = INV_SBOX(s[i]);
            add_round_key(s, rk + 16 * r);
            if (r == 0)
                break;
            for (i = 0; i < 16; i += 4) { /* InvMixColumns = MixColumns after a pre-step */
                uint8_t u = xtime(xtime((uint8_t)(s[i] ^ s[i + 2])));
                uint8_t v = xtime(xtime((uint8_t)(s[i + 1] ^ s[i + 3])));
                uint8_t a0, a1, a2, a3, all;
                s[i] ^= u; s[i + 2] ^= u; s[i + 1] ^= v; s[i + 3] ^= v;
                a0 = s[i]; a1 = s[i + 1]; a2 = s[i + 2]; a3 = s[i + 3];
                all = (uint8_t)(a0 ^ a1 ^ a2 ^ a3);
                s[i] ^= (uint8_t)(all ^ xtime((uint8_t)(a0 ^ a1)));
                s[i + 1] ^= (uint8_t)(all ^ xtime((uint8_t)(a1 ^ a2)));
                s[i + 2] ^= (uint8_t)(all ^ xtime((uint8_t)(a2 ^ a3)));
                s[i + 3] ^= (uint8_t)(all ^ xtime((uint8_t)(a3 ^ a0)));
            }
        }
        memcpy(out, s, 16);
    }
    rijn_wipe(s, sizeof s);
}
#define SMALL_DECRYPT small_decrypt
#else
#define SMALL_DECRYPT NULL
#endif

const rijn_aes_impl rijn_i_aes_small = {
    .name = "small",
    .flags = 0u,
    .setkey = small_setkey,
    .encrypt = small_encrypt,
    .decrypt = SMALL_DECRYPT,
};

#endif /* RIJN_CFG_AES_SMALL */
