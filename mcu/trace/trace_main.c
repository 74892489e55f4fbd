/*
 * trace_main.c -- on-target driver of the constant-time trace test
 * (mcu/trace/trace.py). For every AES class compiled in, every key size
 * and every operation below (key setup, ECB, CBC, CTR, CMAC with its key
 * setup, CCM seal and open of valid messages), it runs TRACE_N random
 * inputs (fresh key, data, IV, counter and nonce each time), each call between bench_start() and
 * bench_stop(): the QEMU plugin (trace_plugin.c) or the simavr tracer
 * (avr_trace.c) digests what runs between the two, and trace.py requires
 * one digest per group of a class that claims constant time
 * (RIJN_AES_IMPL_CONSTTIME), and expects the others ("small": S-box
 * lookups), traced on key setup and ECB only, to be caught on ECB (the
 * other operations would only repeat that: on a64 they were 30% of the
 * instructions traced at -O0). Before each group it prints
 * "G <class> <op> <key bytes> <n>" ("N ..." for a class without the claim).
 *
 * Implementation notes: inputs, outputs and the context are static, so
 * every public address is the same for every input; the stack depth at
 * each call is the same too (one call site per operation). Outside the
 * regions each result is checked (a round trip through the inverse
 * operation, and FIPS-197 appendix C once per class and key size), so a
 * class that does not run, or runs wrong, fails the image (exit 1).
 * Positive controls, compiled in with TRACE_PLANT (the plant runs inside
 * every region, on the key's first byte):
 *   1  a secret-dependent branch that skips one instruction (on AVR an
 *      SBRC over a NOP: the same cycle count either way, only the
 *      instruction sequence differs);
 *   2  a load at a secret index from a 64-byte array outside any table;
 *   3  a load at a secret index inside the table TRACE_TABLE (a symbol;
 *      TRACE_TABLE_FLASH: read with LPM on AVR): must NOT be flagged;
 *   4  a division of a secret (UDIV on Cortex-M3/M4/M33 and AArch64, DIVU on RV32:
 *      operand-dependent latency, the same instruction sequence).
 * With TRACE_GCM (the 32-bit targets and a64) also GCM seal and open (48
 * bytes, 12-byte IV; GHASH on the library's default implementation); with
 * TRACE_MODES (the same targets) the checks that must hide a secret:
 * CBC-PKCS#7 decryption (48 bytes, a random valid padding length 1..16),
 * KW unwrap (24 bytes) and KWP unwrap (16 bytes, a random length
 * indicator 1..8), each *out_len checked outside the region; with
 * TRACE_EXTRA (the same targets: every AES class and key size, 12 KiB of
 * flash and 1 KiB of RAM more on the M0 at -Os) also XTS both ways (40
 * bytes: two blocks and a stolen partial one; AES-128 and AES-256),
 * CFB128 both ways and OFB (48 bytes: the neonbs one-block path's chains),
 * CFB8 both ways (17 bytes: serial one-block calls, resp. 17 windows in
 * one N-block call), CFB1 both ways (20 bits: decryption's parallel run of
 * 2 bytes and its serial tail; the input's bits past the end are zero, as
 * the output's come out), OCB (12-byte nonce) and EAX (16-byte nonce),
 * GCM-SIV (AES-128 and AES-256) and SIV (RFC 5297, a 16-byte nonce as its
 * last component) seal and open (48 bytes, GCM-SIV open 136 on a64, its
 * one-pass AES-CE + PMULL kernel's 8 blocks and a tail; OCB with one nonce per group:
 * its bits choose the shift of the first offset, a public branch), CBC
 * with PKCS#7 padding encryption (40 bytes), CBC-CTS (40 bytes, CS1
 * encryption, CS3 decryption), CTR with the 32-bit counter, KW wrap (16
 * bytes of key data) and KWP wrap (5 bytes) and GMAC compute/verify (48
 * bytes of AAD); each *out_len is checked. GCM, GMAC and GCM-SIV run on
 * the library's default GHASH, checked by name at each key setup
 * (GHASH_DEFAULT: ct32 on the 32-bit targets, its only class there;
 * PMULL's on a64). With TRACE_WIDE (a64) also GCM and GCM-SIV seal and
 * open again with the GHASH class TRACE_GHASH (default "ct64") bound by
 * name through the test hooks rijn_i_gcm_use_ghash /
 * rijn_i_gcmsiv_use_ghash (aead/ghash.h), checked by name. Then with
 * TRACE_STREAM (the 32-bit targets and a64) the groups of
 * trace_stream.h, AES-128 only (OP_K128 on: the code under test is the
 * mode's, the cipher's key sizes are traced above): the streaming APIs of
 * CTR, GCM, CBC, CBC-PKCS#7 (decryption: a random valid padding), CTS
 * (CS2), ECB, OFB, CFB128/8/1 and CCM (a public split), the AAD as the
 * varying secret of GCM and CCM seals (29 bytes, an empty message); with
 * TRACE_EXTRA too the streaming APIs of EAX and OCB, the AAD of EAX, OCB,
 * GCM-SIV and SIV, GCM seal with the AAD and the message secret in one
 * call (gcm_aad_msg), the inverse-cipher key wraps (_inv) and CTS
 * one-shot with CS2; with TRACE_WIDE GCM and GCM-SIV on GHASH's ct32 entry
 * (bound by name as ct64; on the 32-bit targets the default groups are
 * those), and every streaming and AAD group runs with every key size too
 * (all_keys()). In the control images (TRACE_PLANT) every group but
 * X25519's (TRACE_NS) runs TRACE_NC inputs (trace.py: 4) with key[0]'s
 * bit 0, the plants' secret, alternating: each plant then differs
 * between inputs 0 and 1 whatever the random bytes.
 * Then, once per image (not per AES class), the other primitives that
 * claim constant time, each with its secret in key[] (so the plants see
 * it): X25519 (TRACE_X25519: random scalar and u-coordinate, TRACE_NS
 * inputs, fewer than TRACE_N: millions of instructions a call; 0 leaves
 * the group out), Poly1305 one-shot (TRACE_POLY1305: random key, 48-byte
 * message) and ChaCha20-Poly1305 seal and open (TRACE_CHAPOLY: 48 bytes,
 * 12-byte nonce, valid messages; with TRACE_STREAM also its streaming
 * API, 13 + 35 bytes, and a seal of 29 bytes of AAD; with TRACE_WIDE
 * XChaCha20-Poly1305 seal, open and streaming API with a 24-byte nonce,
 * and HChaCha20 of the key and iv's first 16 bytes), labelled "G x25519
 * scalarmult 32 <n>", "G poly1305 mac 32 <n>", "G chacha20poly1305
 * seal|open|stream_seal|stream_open|aad_seal 32 <n>", "G xchacha20poly1305
 * seal|open|stream_seal|stream_open 32 <n>",
 * "G hchacha20 derive 32 <n>". Their
 * checks outside the regions: in the image without a plant the RFC 7748
 * 5.2 vector once and the DH property on the first two traced inputs
 * (X(a, X(b, 9)) then X(b, X(a, 9)), the other inputs random: two
 * ladders outside the regions, not four); the RFC 8439 2.5.2 vector once
 * and every tag recomputed with the streaming API; draft-irtf-cfrg-xchacha
 * 2.2.1 once and each HChaCha20 output recomputed (rijn_hchacha20_c);
 * each AEAD call inverted. In these groups bit 0 of key[0] alternates from input to
 * input, so a plant on it is seen even with TRACE_NS = 2 (X25519 clamps
 * that bit away; Poly1305's r does not use it; it is still a key bit).
 * A PRNG with a fixed seed (TRACE_SEED) makes every run the same.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hal.h"
#include "rijn/aes.h"
#include "rijn/ccm.h"
#include "rijn/cmac.h"
#include "rijn/modes.h"
#include "rijn/chachapoly.h"
#include "rijn/poly1305.h"
#include "rijn/x25519.h"

#ifndef TRACE_N
#define TRACE_N 16
#endif
#ifndef TRACE_SEED
#define TRACE_SEED 0x2545F491u
#endif
#ifndef TRACE_PLANT
#define TRACE_PLANT 0
#endif
#ifndef TRACE_WIDE
#define TRACE_WIDE 0
#endif
#ifndef TRACE_EXTRA
#define TRACE_EXTRA TRACE_WIDE
#endif
#ifndef TRACE_GCM
#define TRACE_GCM TRACE_EXTRA
#endif
#ifndef TRACE_MODES
#define TRACE_MODES TRACE_EXTRA
#endif
#ifndef TRACE_STREAM
#define TRACE_STREAM TRACE_EXTRA
#endif
#if TRACE_WIDE && !TRACE_EXTRA
#error "TRACE_WIDE needs TRACE_EXTRA"
#endif
#if TRACE_EXTRA && !(TRACE_GCM && TRACE_MODES && TRACE_STREAM)
#error "TRACE_EXTRA needs TRACE_GCM, TRACE_MODES and TRACE_STREAM"
#endif
#if TRACE_STREAM && !(TRACE_GCM && TRACE_MODES)
#error "TRACE_STREAM needs TRACE_GCM and TRACE_MODES"
#endif
#ifndef TRACE_NC
#define TRACE_NC TRACE_N
#endif
#ifndef TRACE_NS
#define TRACE_NS TRACE_N
#endif
#ifndef TRACE_X25519
#define TRACE_X25519 1
#endif
#ifndef TRACE_POLY1305
#define TRACE_POLY1305 1
#endif
#ifndef TRACE_CHAPOLY
#define TRACE_CHAPOLY 1
#endif
#if TRACE_GCM
#include "rijn/gcm.h"
#endif
#if TRACE_MODES
#include "rijn/keywrap.h"
#endif
#if TRACE_EXTRA
#include "aead/ghash.h" /* the GHASH class's name; on a64 one bound by name */
#include "rijn/eax.h"
#include "rijn/gcmsiv.h"
#include "rijn/ocb.h"
#include "rijn/siv.h"
#include "rijn/xts.h"
#endif

enum { OP_INIT, OP_INIT_ENC, OP_ENC1, OP_DEC1, OP_ENC3, OP_DEC3, OP_CBC_ENC, OP_CBC_DEC, OP_CTR,
       OP_CMAC, OP_CCM_SEAL, OP_CCM_OPEN,
#if TRACE_GCM
       OP_GCM_SEAL, OP_GCM_OPEN,
#endif
#if TRACE_MODES
       OP_CBCPAD_DEC, OP_KW_UNWRAP, OP_KWP_UNWRAP,
#endif
#if TRACE_EXTRA
       OP_XTS_ENC, OP_XTS_DEC, OP_CFB_ENC, OP_CFB_DEC, OP_CFB8_ENC, OP_OFB, OP_OCB_SEAL,
       OP_OCB_OPEN, OP_EAX_SEAL, OP_EAX_OPEN, OP_SIV_SEAL, OP_SIV_OPEN, OP_CFB1_ENC,
       OP_CFB1_DEC, OP_AESSIV_SEAL, OP_AESSIV_OPEN, OP_CFB8_DEC, OP_CBCPAD_ENC, OP_CTS_ENC,
       OP_CTS_DEC, OP_CTR32, OP_KW_WRAP, OP_KWP_WRAP, OP_GMAC, OP_GMAC_VERIFY,
#endif
#if TRACE_WIDE
       OP_GCM64_SEAL, OP_GCM64_OPEN, OP_SIV64_SEAL, OP_SIV64_OPEN,
#endif
#if TRACE_STREAM
       /* AES-128 only (K128: the mode's code, not the cipher's key size;
        * on a64 all_keys() runs some with all three): trace_stream.h */
       OP_CTR_STREAM, OP_K128 = OP_CTR_STREAM, OP_GCMS_SEAL, OP_GCMS_OPEN, OP_CBCS_ENC,
       OP_CBCS_DEC, OP_PADS_DEC, OP_CCMS_SEAL, OP_CCMS_OPEN, OP_GCM_AAD, OP_CCM_AAD,
       OP_PADS_ENC, OP_CTS2S_ENC, OP_CTS2S_DEC, OP_OFBS, OP_CFBS_ENC, OP_CFBS_DEC, OP_CFB8S_ENC,
       OP_CFB8S_DEC, OP_CFB1S_ENC, OP_CFB1S_DEC, OP_ECBS_ENC, OP_ECBS_DEC,
#endif
#if TRACE_EXTRA
       OP_EAXS_SEAL, OP_EAXS_OPEN, OP_OCBS_SEAL, OP_OCBS_OPEN, OP_EAX_AAD, OP_OCB_AAD,
       OP_SIV_AAD, OP_AESSIV_AAD, OP_GCM_AADMSG, OP_KW_WRAP_INV, OP_KW_UNWRAP_INV, OP_KWP_WRAP_INV,
       OP_KWP_UNWRAP_INV, OP_CTS2_ENC, OP_CTS2_DEC,
#endif
#if TRACE_WIDE
       OP_GCM32_SEAL, OP_GCM32_OPEN, OP_SIV32_SEAL, OP_SIV32_OPEN,
#endif
       NOPS, /* the AES operations; then the other primitives, once per image */
       OP_X25519 = NOPS, OP_POLY1305, OP_CP_SEAL, OP_CP_OPEN, OP_CP_SSEAL, OP_CP_SOPEN, OP_CP_AAD,
       OP_XCP_SEAL, OP_XCP_OPEN, OP_XCP_SSEAL, OP_XCP_SOPEN, OP_HCHACHA, NALL };
static const char *const op_name[NALL] = {"init",    "init_enc", "enc1",    "dec1",
                                          "enc3",    "dec3",     "cbc_enc", "cbc_dec",
                                          "ctr",     "cmac",     "ccm_seal", "ccm_open",
#if TRACE_GCM
                                          "gcm_seal", "gcm_open",
#endif
#if TRACE_MODES
                                          "cbcpad_dec", "kw_unwrap", "kwp_unwrap",
#endif
#if TRACE_EXTRA
                                          "xts_enc", "xts_dec", "cfb_enc", "cfb_dec",
                                          "cfb8_enc", "ofb", "ocb_seal", "ocb_open",
                                          "eax_seal", "eax_open", "gcmsiv_seal",
                                          "gcmsiv_open", "cfb1_enc", "cfb1_dec",
                                          "siv_seal", "siv_open", "cfb8_dec", "cbcpad_enc",
                                          "cts_enc", "cts_dec", "ctr32", "kw_wrap",
                                          "kwp_wrap", "gmac", "gmac_verify",
#endif
#if TRACE_WIDE
                                          "gcm_ct64_seal", "gcm_ct64_open",
                                          "gcmsiv_ct64_seal", "gcmsiv_ct64_open",
#endif
#if TRACE_STREAM
                                          "ctr_stream", "gcm_stream_seal", "gcm_stream_open",
                                          "cbc_stream_enc", "cbc_stream_dec",
                                          "cbcpad_stream_dec", "ccm_stream_seal",
                                          "ccm_stream_open", "gcm_aad", "ccm_aad",
                                          "cbcpad_stream_enc", "cts2_stream_enc",
                                          "cts2_stream_dec", "ofb_stream", "cfb_stream_enc",
                                          "cfb_stream_dec", "cfb8_stream_enc",
                                          "cfb8_stream_dec", "cfb1_stream_enc",
                                          "cfb1_stream_dec", "ecb_stream_enc",
                                          "ecb_stream_dec",
#endif
#if TRACE_EXTRA
                                          "eax_stream_seal", "eax_stream_open",
                                          "ocb_stream_seal", "ocb_stream_open", "eax_aad",
                                          "ocb_aad", "gcmsiv_aad", "siv_aad", "gcm_aad_msg",
                                          "kw_wrap_inv", "kw_unwrap_inv", "kwp_wrap_inv",
                                          "kwp_unwrap_inv", "cts2_enc", "cts2_dec",
#endif
#if TRACE_WIDE
                                          "gcm_ct32_seal", "gcm_ct32_open",
                                          "gcmsiv_ct32_seal", "gcmsiv_ct32_open",
#endif
                                          "scalarmult", "mac", "seal", "open", "stream_seal",
                                          "stream_open", "aad_seal", "seal", "open",
                                          "stream_seal", "stream_open", "derive"};

static rijn_aes_ctx ctx;
static rijn_ccm_ctx ccm;
/* a64 (TRACE_WIDE): GCM-SIV open on the default GHASH over 8 blocks and
 * a half (its one-pass AES-CE + PMULL kernel from 8 blocks,
 * gcm_stitch_arm.c, then the two passes); every other group 48 bytes */
#if TRACE_WIDE
#define SIVO_LEN 136u
#else
#define SIVO_LEN 48u
#endif
static uint8_t key[32], iv[24], in[SIVO_LEN], out[SIVO_LEN], back[SIVO_LEN], tag[16];
static volatile uint8_t sink;
#if TRACE_GCM
static rijn_gcm_ctx gcm;
/* The library's default GHASH class, checked by name on every GCM, GMAC
 * and GCM-SIV key setup: on the 32-bit targets ct32, the only one built
 * (so the ct32 groups bound by name, a64's, would repeat those); on a64
 * PMULL's (-cpu max) */
#if !defined(GHASH_DEFAULT) && TRACE_WIDE
#define GHASH_DEFAULT "pmull"
#elif !defined(GHASH_DEFAULT)
#define GHASH_DEFAULT "ct32"
#endif
#endif
#if TRACE_EXTRA
/* One group's context at a time: one union (the 32-bit images' 16 KiB of
 * RAM; the largest member, AES-SIV's or XTS's two schedules, sets its
 * size) */
static union {
    rijn_ocb_ctx ocb;
    rijn_eax_ctx eax;
    rijn_gcmsiv_ctx siv;
    rijn_siv_ctx aessiv;
    rijn_xts_ctx xts;
} xctx;
#define ocb xctx.ocb
#define eax xctx.eax
#define siv xctx.siv
#define aessiv xctx.aessiv
#define xts xctx.xts
static uint8_t xkey[64];
#define XTS_LEN 40u
/* CFB1: 2 whole bytes (decryption: one parallel run, cfb1.c) and 4 bits
 * (the serial tail): 20 AES calls to encrypt (92 bits took 46% of the
 * instructions traced at -O0) */
#define CFB1_BITS 20u
/* CFB8: 17 bytes. Decryption: 17 windows in one N-block call (cfb.c;
 * neonbs: two bitsliced passes and its one-block path); 48 bytes made the
 * group 11% of the instructions traced at -O0. Encryption: 17 serial
 * one-block calls in one window of x (RIJN_I_MODE_WIDE 64; armce's fused
 * hook); with 48 it was 16% */
#define CFB8_LEN 17u
#endif
#if TRACE_WIDE
static rijn_gcm_ctx gcmb;    /* GCM on a GHASH class bound by name (bound_ghash) */
static rijn_gcmsiv_ctx sivb; /* GCM-SIV the same */
#ifndef TRACE_GHASH
#define TRACE_GHASH "ct64" /* GCM traced again on this GHASH class */
#endif
#endif
/* CTS: 40 bytes, a CBC body of one block and a tail of 24 (cts.c); CS1
 * encrypts (natural order), CS3 decrypts (the last two blocks swapped) */
#define CTS_LEN 40u
#if TRACE_MODES
/* CBC-PKCS#7 encryption: 40 bytes (2 blocks and 8 of padding); its
 * decryption 48 bytes whose last block ends in a valid padding of a random
 * length 1..16 (want_len: the plaintext's length is secret too) */
#define PAD_LEN 40u
/* KW: 16 bytes (W's 12 serial AES calls); KWP: wrap 5 bytes, unwrap 16
 * whose length indicator is random 1..8: its one-block path (W is KW's);
 * with 13 and 9..16 the four key wrap groups were 18% of the instructions
 * traced on a64 at -O0 */
#define KWP_LEN 5u
static size_t olen, want_len; /* *out_len; its expected value */
#endif
#if TRACE_CHAPOLY
static rijn_chacha20poly1305_ctx cp;
#define CP_NONCE(op) ((op) >= OP_XCP_SEAL ? 24u : 12u) /* XChaCha20-Poly1305's: 24 bytes */
#endif
static uint32_t rng = TRACE_SEED;

static void fill(uint8_t *p, size_t n)
{
    while (n-- > 0) {
        rng ^= rng << 13;
        rng ^= rng >> 17;
        rng ^= rng << 5;
        *p++ = (uint8_t)(rng >> 24);
    }
}

#if TRACE_PLANT == 1
static void plant(uint8_t s)
{
#if defined(__AVR__)
    __asm__ volatile("sbrc %0, 0\n\tnop\n" : : "r"(s));
#elif defined(__arm__)
    uint32_t t = s;
    __asm__ volatile(".syntax unified\n\tlsls %0, %0, #31\n\tbeq 1f\n\tnop\n1:\n"
                     : "+l"(t) : : "cc");
#elif defined(__riscv)
    uint32_t t = s;
    __asm__ volatile("andi %0, %0, 1\n\tbeqz %0, 1f\n\tnop\n1:\n" : "+r"(t));
#elif defined(__aarch64__)
    uint32_t t = s;
    __asm__ volatile("tbz %w0, #0, 1f\n\tnop\n1:\n" : : "r"(t));
#else
#error "TRACE_PLANT 1: unknown architecture"
#endif
}
#elif TRACE_PLANT == 2
static volatile uint8_t probe[64];
static void plant(uint8_t s)
{
    sink = probe[s & 63u];
}
#elif TRACE_PLANT == 3
extern const uint8_t TRACE_TABLE[];
static void plant(uint8_t s)
{
#if defined(TRACE_TABLE_FLASH) && defined(__AVR__)
    uint16_t a = (uint16_t)(uintptr_t)&TRACE_TABLE[s];
    uint8_t v;
    __asm__ volatile("lpm %0, Z" : "=r"(v) : "z"(a));
    sink = v;
#else
    sink = ((const volatile uint8_t *)TRACE_TABLE)[s];
#endif
}
#elif TRACE_PLANT == 4
static void plant(uint8_t s)
{
    sink = (uint8_t)(100000u / (uint32_t)(s | 1u)); /* UDIV / DIVU */
}
#else
#define plant(s) ((void)(s))
#endif


static int same(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

#if TRACE_STREAM
#include "trace_stream.h" /* the AES-128 groups */
#endif

/* The traced call: one call site per operation. */
static int traced(int op, size_t klen)
{
    int r = RIJN_ERR_PARAM;
    bench_start();
    switch (op) {
    case OP_INIT: r = rijn_aes_init(&ctx, key, klen); break;
    case OP_INIT_ENC: r = rijn_aes_init_enc(&ctx, key, klen); break;
    case OP_ENC1: r = rijn_aes_encrypt_blocks(&ctx, out, in, 1); break;
    case OP_DEC1: r = rijn_aes_decrypt_blocks(&ctx, out, in, 1); break;
    case OP_ENC3: r = rijn_aes_encrypt_blocks(&ctx, out, in, 3); break;
    case OP_DEC3: r = rijn_aes_decrypt_blocks(&ctx, out, in, 3); break;
    case OP_CBC_ENC: r = rijn_cbc_encrypt(&ctx, iv, out, in, 48); break;
    case OP_CBC_DEC: r = rijn_cbc_decrypt(&ctx, iv, out, in, 48); break;
    case OP_CTR: r = rijn_ctr_crypt(&ctx, iv, out, in, 48); break;
    case OP_CMAC: r = rijn_cmac(tag, 16, key, klen, in, 48); break;
    case OP_CCM_SEAL: r = rijn_ccm_seal(&ccm, out, tag, 16, iv, 13, NULL, 0, in, 48); break;
    case OP_CCM_OPEN: r = rijn_ccm_open(&ccm, out, tag, 16, iv, 13, NULL, 0, in, 48); break;
#if TRACE_GCM
    case OP_GCM_SEAL: r = rijn_gcm_seal(&gcm, out, tag, 16, iv, 12, NULL, 0, in, 48); break;
    case OP_GCM_OPEN: r = rijn_gcm_open(&gcm, out, tag, 16, iv, 12, NULL, 0, in, 48); break;
#endif
#if TRACE_MODES
    case OP_CBCPAD_DEC: r = rijn_cbc_pad_decrypt(&ctx, iv, out, 48, &olen, in, 48); break;
    case OP_KW_UNWRAP: r = rijn_kw_unwrap(&ctx, out, 48, &olen, in, 24); break;
    case OP_KWP_UNWRAP: r = rijn_kwp_unwrap(&ctx, out, 8, &olen, in, 16); break;
#endif
#if TRACE_EXTRA
    case OP_XTS_ENC: r = rijn_xts_encrypt(&xts, iv, out, in, XTS_LEN); break;
    case OP_XTS_DEC: r = rijn_xts_decrypt(&xts, iv, out, in, XTS_LEN); break;
    case OP_CFB_ENC: r = rijn_cfb128_encrypt(&ctx, iv, out, in, 48); break;
    case OP_CFB_DEC: r = rijn_cfb128_decrypt(&ctx, iv, out, in, 48); break;
    case OP_CFB8_ENC: r = rijn_cfb8_encrypt(&ctx, iv, out, in, CFB8_LEN); break;
    case OP_OFB: r = rijn_ofb_crypt(&ctx, iv, out, in, 48); break;
    case OP_OCB_SEAL: r = rijn_ocb_seal(&ocb, out, tag, 16, iv, 12, NULL, 0, in, 48); break;
    case OP_OCB_OPEN: r = rijn_ocb_open(&ocb, out, tag, 16, iv, 12, NULL, 0, in, 48); break;
    case OP_EAX_SEAL: r = rijn_eax_seal(&eax, out, tag, 16, iv, 16, NULL, 0, in, 48); break;
    case OP_EAX_OPEN: r = rijn_eax_open(&eax, out, tag, 16, iv, 16, NULL, 0, in, 48); break;
    case OP_SIV_SEAL: r = rijn_gcmsiv_seal(&siv, out, tag, 16, iv, 12, NULL, 0, in, 48); break;
    case OP_SIV_OPEN:
        r = rijn_gcmsiv_open(&siv, out, tag, 16, iv, 12, NULL, 0, in, SIVO_LEN);
        break;
    case OP_CFB1_ENC: r = rijn_cfb1_encrypt_bits(&ctx, iv, out, in, CFB1_BITS); break;
    case OP_CFB1_DEC: r = rijn_cfb1_decrypt_bits(&ctx, iv, out, in, CFB1_BITS); break;
    case OP_AESSIV_SEAL:
        r = rijn_siv_seal(&aessiv, out, tag, 16, iv, 16, NULL, 0, in, 48);
        break;
    case OP_AESSIV_OPEN:
        r = rijn_siv_open(&aessiv, out, tag, 16, iv, 16, NULL, 0, in, 48);
        break;
    case OP_CFB8_DEC: r = rijn_cfb8_decrypt(&ctx, iv, out, in, CFB8_LEN); break;
    case OP_CBCPAD_ENC: r = rijn_cbc_pad_encrypt(&ctx, iv, out, 48, &olen, in, PAD_LEN); break;
    case OP_CTS_ENC: r = rijn_cbc_cts_encrypt(&ctx, RIJN_CTS_CS1, iv, out, in, CTS_LEN); break;
    case OP_CTS_DEC: r = rijn_cbc_cts_decrypt(&ctx, RIJN_CTS_CS3, iv, out, in, CTS_LEN); break;
    case OP_CTR32: r = rijn_ctr32_crypt(&ctx, iv, out, in, 48); break;
    case OP_KW_WRAP: r = rijn_kw_wrap(&ctx, out, 48, &olen, in, 16); break;
    case OP_KWP_WRAP: r = rijn_kwp_wrap(&ctx, out, 48, &olen, in, KWP_LEN); break;
    case OP_GMAC: r = rijn_gmac_compute(&gcm, tag, 16, iv, 12, in, 48); break;
    case OP_GMAC_VERIFY: r = rijn_gmac_verify(&gcm, tag, 16, iv, 12, in, 48); break;
#endif
#if TRACE_WIDE
    case OP_GCM64_SEAL: case OP_GCM32_SEAL:
        r = rijn_gcm_seal(&gcmb, out, tag, 16, iv, 12, NULL, 0, in, 48);
        break;
    case OP_GCM64_OPEN: case OP_GCM32_OPEN:
        r = rijn_gcm_open(&gcmb, out, tag, 16, iv, 12, NULL, 0, in, 48);
        break;
    case OP_SIV64_SEAL: case OP_SIV32_SEAL:
        r = rijn_gcmsiv_seal(&sivb, out, tag, 16, iv, 12, NULL, 0, in, 48);
        break;
    case OP_SIV64_OPEN: case OP_SIV32_OPEN:
        r = rijn_gcmsiv_open(&sivb, out, tag, 16, iv, 12, NULL, 0, in, 48);
        break;
#endif
#if TRACE_X25519
    case OP_X25519: r = rijn_x25519(out, key, in); break;
#endif
#if TRACE_POLY1305
    case OP_POLY1305: r = rijn_poly1305(tag, key, in, 48); break;
#endif
#if TRACE_CHAPOLY
    case OP_CP_SEAL:
        r = rijn_chacha20poly1305_seal(&cp, out, tag, 16, iv, 12, NULL, 0, in, 48);
        break;
    case OP_CP_OPEN:
        r = rijn_chacha20poly1305_open(&cp, out, tag, 16, iv, 12, NULL, 0, in, 48);
        break;
#if TRACE_STREAM
    case OP_CP_SSEAL: case OP_XCP_SSEAL: /* (XChaCha20-Poly1305: a64) */
        AEAD_STREAM(r, rijn_chacha20poly1305, &cp,
                    rijn_chacha20poly1305_start(&cp, iv, CP_NONCE(op)), encrypt, 48);
        break;
    case OP_CP_SOPEN: case OP_XCP_SOPEN:
        AEAD_STREAM(r, rijn_chacha20poly1305, &cp,
                    rijn_chacha20poly1305_start(&cp, iv, CP_NONCE(op)), decrypt, 48);
        break;
    case OP_CP_AAD:
        r = rijn_chacha20poly1305_seal(&cp, out, tag, 16, iv, 12, in, AAD_LEN, out, 0);
        break;
#endif
#if TRACE_WIDE
    case OP_XCP_SEAL:
        r = rijn_xchacha20poly1305_seal(&cp, out, tag, 16, iv, 24, NULL, 0, in, 48);
        break;
    case OP_XCP_OPEN:
        r = rijn_xchacha20poly1305_open(&cp, out, tag, 16, iv, 24, NULL, 0, in, 48);
        break;
    case OP_HCHACHA: rijn_hchacha20(out, key, iv); r = RIJN_OK; break;
#endif
#endif
    default:
#if TRACE_STREAM
        if (op >= OP_K128 && op < NOPS)
            r = traced_k128(op);
#endif
        break;
    }
    plant(key[0]);
    bench_stop();
    return r;
}

#if TRACE_MODES
/* The inverses of the operations with an output length (checked against
 * the expected one) and of GMAC (back = in when the tag verifies). */
static int inverse_len_ops(int op)
{
    size_t n = 0;
    int r = RIJN_ERR_PARAM;
    switch (op) {
    case OP_CBCPAD_DEC: /* out: the whole padded plaintext */
        return olen != want_len ? RIJN_ERR_PARAM : rijn_cbc_encrypt(&ctx, iv, back, out, 48);
    case OP_KW_UNWRAP:
        r = rijn_kw_wrap(&ctx, back, 48, &n, out, 16);
        return olen != 16 || n != 24 ? RIJN_ERR_PARAM : r;
    case OP_KWP_UNWRAP:
        r = rijn_kwp_wrap(&ctx, back, 48, &n, out, olen);
        return olen != want_len || n != 16 ? RIJN_ERR_PARAM : r;
#if TRACE_EXTRA
    case OP_CBCPAD_ENC:
        r = rijn_cbc_pad_decrypt(&ctx, iv, back, 48, &n, out, 48);
        return r != RIJN_OK || olen != 48 || n != PAD_LEN ? RIJN_ERR_PARAM : r;
    case OP_KW_WRAP:
        r = rijn_kw_unwrap(&ctx, back, 48, &n, out, 24);
        return olen != 24 || n != 16 ? RIJN_ERR_PARAM : r;
    case OP_KWP_WRAP:
        r = rijn_kwp_unwrap(&ctx, back, 48, &n, out, 16);
        return olen != 16 || n != KWP_LEN ? RIJN_ERR_PARAM : r;
    case OP_GMAC:
        memcpy(back, in, 48);
        return rijn_gmac_verify(&gcm, tag, 16, iv, 12, in, 48);
    case OP_GMAC_VERIFY: {
        uint8_t t[16];
        memcpy(back, in, 48);
        r = rijn_gmac_compute(&gcm, t, 16, iv, 12, in, 48);
        return r == RIJN_OK && memcmp(t, tag, 16) != 0 ? RIJN_ERR_AUTH : r;
    }
#endif
    default: return r;
    }
}

/* Inputs of the groups that need a valid one (outside the regions): a
 * PKCS#7 padding of random length, a wrapped key (KWP: of random length
 * 1..8), a GMAC tag. */
static int prepare(int op)
{
    size_t n;
    int r = RIJN_OK;
    switch (op) {
    case OP_CBCPAD_DEC:
#if TRACE_STREAM
    case OP_PADS_DEC:
#endif
        want_len = 48u - (1u + (in[0] & 15u));
        memset(in + want_len, (int)(48u - want_len), 48u - want_len);
        r = rijn_cbc_encrypt(&ctx, iv, out, in, 48);
        memcpy(in, out, 48);
        break;
    case OP_KW_UNWRAP:
        r = rijn_kw_wrap(&ctx, out, 48, &n, in, 16);
        memcpy(in, out, 24);
        break;
    case OP_KWP_UNWRAP:
        want_len = 1u + (in[0] & 7u);
        r = rijn_kwp_wrap(&ctx, out, 48, &n, in, want_len);
        memcpy(in, out, 16);
        break;
#if TRACE_EXTRA
    case OP_GMAC_VERIFY: r = rijn_gmac_compute(&gcm, tag, 16, iv, 12, in, 48); break;
    case OP_KW_UNWRAP_INV:
        r = rijn_kw_wrap_inv(&ctx, out, 48, &n, in, 16);
        memcpy(in, out, 24);
        break;
    case OP_KWP_UNWRAP_INV:
        want_len = 1u + (in[0] & 7u);
        r = rijn_kwp_wrap_inv(&ctx, out, 48, &n, in, want_len);
        memcpy(in, out, 16);
        break;
#endif
    default: break;
    }
    return r;
}
#endif


/* The inverse of op on out, into back (outside the regions). */
static int inverse(int op)
{
    switch (op) {
    case OP_ENC1: return rijn_aes_decrypt_blocks(&ctx, back, out, 1);
    case OP_DEC1: return rijn_aes_encrypt_blocks(&ctx, back, out, 1);
    case OP_ENC3: return rijn_aes_decrypt_blocks(&ctx, back, out, 3);
    case OP_DEC3: return rijn_aes_encrypt_blocks(&ctx, back, out, 3);
    case OP_CBC_ENC: return rijn_cbc_decrypt(&ctx, iv, back, out, 48);
    case OP_CBC_DEC: return rijn_cbc_encrypt(&ctx, iv, back, out, 48);
    case OP_CTR: return rijn_ctr_crypt(&ctx, iv, back, out, 48);
    case OP_CCM_SEAL: return rijn_ccm_open(&ccm, back, tag, 16, iv, 13, NULL, 0, out, 48);
    case OP_CCM_OPEN: return rijn_ccm_seal(&ccm, back, tag, 16, iv, 13, NULL, 0, out, 48);
#if TRACE_GCM
    case OP_GCM_SEAL: return rijn_gcm_open(&gcm, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_GCM_OPEN: return rijn_gcm_seal(&gcm, back, tag, 16, iv, 12, NULL, 0, out, 48);
#endif
#if TRACE_EXTRA
    case OP_XTS_ENC: return rijn_xts_decrypt(&xts, iv, back, out, XTS_LEN);
    case OP_XTS_DEC: return rijn_xts_encrypt(&xts, iv, back, out, XTS_LEN);
    case OP_CFB_ENC: return rijn_cfb128_decrypt(&ctx, iv, back, out, 48);
    case OP_CFB_DEC: return rijn_cfb128_encrypt(&ctx, iv, back, out, 48);
    case OP_CFB8_ENC: return rijn_cfb8_decrypt(&ctx, iv, back, out, CFB8_LEN);
    case OP_OFB: return rijn_ofb_crypt(&ctx, iv, back, out, 48);
    case OP_OCB_SEAL: return rijn_ocb_open(&ocb, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_OCB_OPEN: return rijn_ocb_seal(&ocb, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_EAX_SEAL: return rijn_eax_open(&eax, back, tag, 16, iv, 16, NULL, 0, out, 48);
    case OP_EAX_OPEN: return rijn_eax_seal(&eax, back, tag, 16, iv, 16, NULL, 0, out, 48);
    case OP_SIV_SEAL: return rijn_gcmsiv_open(&siv, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_SIV_OPEN: return rijn_gcmsiv_seal(&siv, back, tag, 16, iv, 12, NULL, 0, out, SIVO_LEN);
    case OP_CFB1_ENC: return rijn_cfb1_decrypt_bits(&ctx, iv, back, out, CFB1_BITS);
    case OP_CFB1_DEC: return rijn_cfb1_encrypt_bits(&ctx, iv, back, out, CFB1_BITS);
    case OP_AESSIV_SEAL: return rijn_siv_open(&aessiv, back, tag, 16, iv, 16, NULL, 0, out, 48);
    case OP_AESSIV_OPEN: return rijn_siv_seal(&aessiv, back, tag, 16, iv, 16, NULL, 0, out, 48);
    case OP_CFB8_DEC: return rijn_cfb8_encrypt(&ctx, iv, back, out, CFB8_LEN);
    case OP_CTS_ENC: return rijn_cbc_cts_decrypt(&ctx, RIJN_CTS_CS1, iv, back, out, CTS_LEN);
    case OP_CTS_DEC: return rijn_cbc_cts_encrypt(&ctx, RIJN_CTS_CS3, iv, back, out, CTS_LEN);
    case OP_CTR32: return rijn_ctr32_crypt(&ctx, iv, back, out, 48);
    case OP_CBCPAD_ENC: case OP_KW_WRAP: case OP_KWP_WRAP: case OP_GMAC: case OP_GMAC_VERIFY:
        return inverse_len_ops(op);
#endif
#if TRACE_WIDE
    case OP_GCM64_SEAL: case OP_GCM32_SEAL:
        return rijn_gcm_open(&gcmb, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_GCM64_OPEN: case OP_GCM32_OPEN:
        return rijn_gcm_seal(&gcmb, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_SIV64_SEAL: case OP_SIV32_SEAL:
        return rijn_gcmsiv_open(&sivb, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_SIV64_OPEN: case OP_SIV32_OPEN:
        return rijn_gcmsiv_seal(&sivb, back, tag, 16, iv, 12, NULL, 0, out, 48);
#endif
#if TRACE_MODES
    case OP_CBCPAD_DEC: case OP_KW_UNWRAP: case OP_KWP_UNWRAP: return inverse_len_ops(op);
#endif
#if TRACE_CHAPOLY
    case OP_CP_SEAL: case OP_CP_SSEAL: case OP_XCP_SEAL: case OP_XCP_SSEAL:
        return rijn_chacha20poly1305_open(&cp, back, tag, 16, iv, CP_NONCE(op), NULL, 0, out, 48);
    case OP_CP_OPEN: case OP_CP_SOPEN: case OP_XCP_OPEN: case OP_XCP_SOPEN:
        return rijn_chacha20poly1305_seal(&cp, back, tag, 16, iv, CP_NONCE(op), NULL, 0, out, 48);
#if TRACE_STREAM
    case OP_CP_AAD:
        memcpy(back, in, 48);
        return rijn_chacha20poly1305_open(&cp, out, tag, 16, iv, 12, in, AAD_LEN, out, 0);
#endif
#endif
    default:
#if TRACE_STREAM
        if (op >= OP_K128 && op < NOPS)
            return inverse_k128(op);
#endif
        return RIJN_ERR_PARAM;
    }
}

static size_t inverse_len(int op)
{
#if TRACE_STREAM
    if (op >= OP_K128 && op < NOPS)
        return k128_len(op);
#endif
#if TRACE_EXTRA
    if (op == OP_XTS_ENC || op == OP_XTS_DEC)
        return XTS_LEN;
    if (op == OP_SIV_OPEN)
        return SIVO_LEN;
    if (op == OP_CFB1_ENC || op == OP_CFB1_DEC)
        return (CFB1_BITS + 7) / 8;
    if (op == OP_CFB8_ENC || op == OP_CFB8_DEC)
        return CFB8_LEN;
    if (op == OP_CBCPAD_ENC || op == OP_CTS_ENC || op == OP_CTS_DEC)
        return PAD_LEN; /* = CTS_LEN */
    if (op == OP_KW_WRAP)
        return 16;
    if (op == OP_KWP_WRAP)
        return KWP_LEN;
#endif
#if TRACE_MODES
    if (op == OP_KWP_UNWRAP)
        return 16;
    if (op == OP_KW_UNWRAP)
        return 24;
#endif
    return (op == OP_ENC1 || op == OP_DEC1) ? 16u : 48u;
}

static void fail(const char *what, const char *cls, size_t klen)
{
    hal_puts("FAIL ");
    hal_puts(what);
    hal_puts(" ");
    hal_puts(cls);
    hal_puts(" ");
    hal_putu((uint32_t)klen);
    hal_puts("\n");
    hal_exit(1);
}

/* FIPS-197 appendix C: key 00 01 .., plaintext 00 11 22 .. */
static const uint8_t fips_ct[3][4] = {{0x69, 0xc4, 0xe0, 0xd8},
                                      {0xdd, 0xa9, 0x7c, 0xa4},
                                      {0x8e, 0xa2, 0xb7, 0xca}};

static int known_answer(const char *cls, size_t klen)
{
    uint8_t i;
    for (i = 0; i < 32; i++)
        key[i] = i;
    for (i = 0; i < 16; i++)
        in[i] = (uint8_t)(i * 0x11u);
    if (rijn_aes_init(&ctx, key, klen) != RIJN_OK)
        return 0; /* key size compiled out */
    if (!same(rijn_aes_ctx_impl_name(&ctx), cls))
        fail("class not used", cls, klen);
    if (rijn_aes_encrypt_blocks(&ctx, out, in, 1) != RIJN_OK ||
        memcmp(out, fips_ct[klen / 8 - 2], 4) != 0)
        fail("FIPS-197", cls, klen);
    return 1;
}


#if TRACE_WIDE
/* The GHASH class a group of gcmb / sivb binds by name: GHASH's ct32
 * entry (the AES-128 groups *32_*), else TRACE_GHASH. */
static const char *bound_ghash(int op)
{
    return op == OP_GCM32_SEAL || op == OP_GCM32_OPEN || op == OP_SIV32_SEAL ||
                   op == OP_SIV32_OPEN
               ? "ct32"
               : TRACE_GHASH;
}
#endif

#if TRACE_GCM
/* Keys of the GCM, XTS, OCB, EAX, GCM-SIV and SIV operations. */
static void wide_setup(int op, const char *cls, size_t klen)
{
#if TRACE_WIDE
    if ((op == OP_GCM64_SEAL || op == OP_GCM64_OPEN || op == OP_GCM32_SEAL ||
         op == OP_GCM32_OPEN) &&
        (rijn_gcm_init(&gcmb, key, klen) != RIJN_OK ||
         rijn_i_gcm_use_ghash(&gcmb, bound_ghash(op)) != RIJN_OK ||
         !same(rijn_gcm_ctx_ghash_name(&gcmb), bound_ghash(op))))
        fail("GCM key setup on the GHASH bound by name", cls, klen);
    if ((op == OP_SIV64_SEAL || op == OP_SIV64_OPEN || op == OP_SIV32_SEAL ||
         op == OP_SIV32_OPEN) &&
        (rijn_gcmsiv_init(&sivb, key, klen) != RIJN_OK ||
         rijn_i_gcmsiv_use_ghash(&sivb, bound_ghash(op)) != RIJN_OK ||
         !same(sivb.gh->base.name, bound_ghash(op))))
        fail("GCM-SIV key setup on the GHASH bound by name", cls, klen);
#endif
#if TRACE_EXTRA
    if (op == OP_XTS_ENC || op == OP_XTS_DEC || op == OP_AESSIV_SEAL || op == OP_AESSIV_OPEN)
        fill(xkey, 2 * klen); /* two AES keys */
    if ((op == OP_XTS_ENC || op == OP_XTS_DEC) && rijn_xts_init(&xts, xkey, 2 * klen) != RIJN_OK)
        fail("XTS key setup", cls, klen);
    if ((op == OP_AESSIV_SEAL || op == OP_AESSIV_OPEN) &&
        rijn_siv_init(&aessiv, xkey, 2 * klen) != RIJN_OK)
        fail("SIV key setup", cls, klen);
    if ((op == OP_OCB_SEAL || op == OP_OCB_OPEN) && rijn_ocb_init(&ocb, key, klen) != RIJN_OK)
        fail("OCB key setup", cls, klen);
    if ((op == OP_EAX_SEAL || op == OP_EAX_OPEN) && rijn_eax_init(&eax, key, klen) != RIJN_OK)
        fail("EAX key setup", cls, klen);
    if ((op == OP_SIV_SEAL || op == OP_SIV_OPEN) &&
        (rijn_gcmsiv_init(&siv, key, klen) != RIJN_OK || !same(siv.gh->base.name, GHASH_DEFAULT)))
        fail("GCM-SIV key setup on the default GHASH " GHASH_DEFAULT, cls, klen);
#endif
    if ((op == OP_GCM_SEAL || op == OP_GCM_OPEN
#if TRACE_EXTRA
         || op == OP_GMAC || op == OP_GMAC_VERIFY
#endif
         ) && (rijn_gcm_init(&gcm, key, klen) != RIJN_OK ||
               !same(rijn_gcm_ctx_ghash_name(&gcm), GHASH_DEFAULT)))
        fail("GCM key setup on the default GHASH " GHASH_DEFAULT, cls, klen);
#if TRACE_STREAM
    if (op >= OP_K128 && k128_setup(op, klen) != RIJN_OK)
        fail("key setup", cls, klen);
#endif
}
#endif

static void label(const char *cls, int ct, int op, size_t klen, unsigned n)
{
    hal_puts(ct ? "G " : "N ");
    hal_puts(cls);
    hal_puts(" ");
    hal_puts(op_name[op]);
    hal_puts(" ");
    hal_putu((uint32_t)klen);
    hal_puts(" ");
    hal_putu(n);
    hal_puts("\n");
}


/* An AEAD's open: traced on a valid message */
static int is_open(int op)
{
    return op == OP_CCM_OPEN
#if TRACE_GCM
           || op == OP_GCM_OPEN
#endif
#if TRACE_STREAM
           || op == OP_GCMS_OPEN || op == OP_CCMS_OPEN
#endif
#if TRACE_EXTRA
           || op == OP_OCB_OPEN || op == OP_EAX_OPEN || op == OP_SIV_OPEN ||
           op == OP_AESSIV_OPEN || op == OP_EAXS_OPEN || op == OP_OCBS_OPEN
#endif
#if TRACE_WIDE
           || op == OP_GCM64_OPEN || op == OP_SIV64_OPEN || op == OP_GCM32_OPEN ||
           op == OP_SIV32_OPEN
#endif
        ;
}

/* The groups that key no ctx (group() skips rijn_aes_init for them, a key
 * expansion an input outside the region): CMAC keys itself, CCM's and
 * GCM's calls and inverses run on their own contexts, the streaming stream
 * modes' inverses on the stream context's encrypt-only schedule. */
static int own_ctx(int op)
{
    switch (op) {
    case OP_CMAC: case OP_CCM_SEAL: case OP_CCM_OPEN:
#if TRACE_GCM
    case OP_GCM_SEAL: case OP_GCM_OPEN:
#endif
        return 1;
    default:
#if TRACE_STREAM
        return k128_own_ctx(op);
#else
        return 0;
#endif
    }
}

/* The inputs of a group: TRACE_NC in a control image (key[0]'s bit 0,
 * the plants' secret, alternating), else TRACE_N */
#define INPUTS (TRACE_PLANT != 0 ? TRACE_NC : TRACE_N)

static void group(const char *cls, int ct, int op, size_t klen)
{
    unsigned n, count = INPUTS;
    label(cls, ct, op, klen, count);
    for (n = 0; n < count; n++) {
        fill(key, sizeof key);
        fill(iv, sizeof iv);
        fill(in, sizeof in);
        if (TRACE_PLANT != 0) /* the plants' bit differs */
            key[0] = (uint8_t)((key[0] & 0xFEu) | (n & 1u));
#if TRACE_EXTRA
        if (op == OP_OCB_SEAL || op == OP_OCB_OPEN || op == OP_OCBS_SEAL || op == OP_OCBS_OPEN ||
            op == OP_OCB_AAD) /* OCB's nonce picks its */
            memset(iv, 0xA5, 12); /* offset's shift (ocb.c): public, one per group */
        if (op == OP_CFB1_ENC || op == OP_CFB1_DEC) /* the bits past the end, */
            in[CFB1_BITS / 8] &= (uint8_t)(0xFF00u >> CFB1_BITS % 8); /* which come out 0 */
#endif
        if (op > OP_INIT_ENC && !own_ctx(op) && rijn_aes_init(&ctx, key, klen) != RIJN_OK)
            fail("key setup", cls, klen);
        if ((op == OP_CCM_SEAL || op == OP_CCM_OPEN) && rijn_ccm_init(&ccm, key, klen) != RIJN_OK)
            fail("CCM key setup", cls, klen);
#if TRACE_GCM
        wide_setup(op, cls, klen);
#endif
        if (is_open(op)) { /* a valid message: in = seal(plaintext), its tag */
            memcpy(out, in, sizeof out);
            if (inverse(op) != RIJN_OK) /* an open's inverse seals out into back */
                fail(op_name[op], cls, klen);
            memcpy(in, back, sizeof in);
        }
#if TRACE_MODES
        if (prepare(op) != RIJN_OK)
            fail(op_name[op], cls, klen);
#endif
        if (traced(op, klen) != RIJN_OK)
            fail(op_name[op], cls, klen);
        if (op == OP_CMAC ? rijn_cmac_check(tag, 16, key, klen, in, 48) != RIJN_OK
                          : op > OP_INIT_ENC && (inverse(op) != RIJN_OK ||
                                                 memcmp(back, in, inverse_len(op)) != 0))
            fail(op_name[op], cls, klen);
    }
}

/* ---- the other primitives, once per image ------------------------------ */

#if TRACE_X25519 || TRACE_POLY1305 || (TRACE_CHAPOLY && TRACE_WIDE)
static uint8_t unhex1(char c)
{
    return (uint8_t)(c <= '9' ? c - '0' : c - 'a' + 10);
}

static void unhex(uint8_t *p, const char *h)
{
    for (; h[0] != '\0'; h += 2)
        *p++ = (uint8_t)(unhex1(h[0]) << 4 | unhex1(h[1]));
}
#endif

#if TRACE_X25519
/* The DH pair: the first two traced inputs are X(a, X(b, 9)) and
 * X(b, X(a, 9)), which must agree (the image without a plant only). */
static uint8_t dh_a[32], dh_b[32], dh_pa[32], dh_pb[32], dh_s[32];

/* RFC 7748 5.2, the first vector, and the DH pair's public values (only
 * in the image without a plant: X25519 costs millions of instructions). */
static void x25519_setup(void)
{
    static uint8_t nine[32] = {9};
    if (TRACE_PLANT != 0)
        return;
    unhex(key, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    unhex(in, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
    unhex(back, "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    if (rijn_x25519(out, key, in) != RIJN_OK || memcmp(out, back, 32) != 0)
        fail("RFC 7748", "x25519", 32);
    fill(dh_a, 32);
    fill(dh_b, 32);
    if (rijn_x25519(dh_pa, dh_a, nine) != RIJN_OK || rijn_x25519(dh_pb, dh_b, nine) != RIJN_OK)
        fail("X25519 base", "x25519", 32);
}

/* Inputs 0 and 1: the DH pair; the others random (u with its top bit too). */
static void x25519_input(unsigned n)
{
    if (TRACE_PLANT != 0 || n > 1)
        return;
    memcpy(key, n == 0 ? dh_a : dh_b, 32);
    memcpy(in, n == 0 ? dh_pb : dh_pa, 32);
}

static int x25519_check(unsigned n)
{
    if (TRACE_PLANT != 0 || n > 1)
        return 1;
    if (n == 0)
        memcpy(dh_s, out, 32);
    return memcmp(dh_s, out, 32) == 0;
}
#else
#define x25519_input(n) ((void)(n))
#define x25519_check(n) 1
#endif

#if TRACE_POLY1305
/* RFC 8439 2.5.2 */
static void poly1305_known_answer(void)
{
    static const char msg[] = "Cryptographic Forum Research Group";
    unhex(key, "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
    unhex(back, "a8061dc1305136c6c22b8baf0c0127a9");
    if (rijn_poly1305(tag, key, (const uint8_t *)msg, sizeof msg - 1) != RIJN_OK ||
        memcmp(tag, back, 16) != 0)
        fail("RFC 8439 2.5.2", "poly1305", 32);
}

/* The tag recomputed with the streaming API (13 + 35 bytes). */
static int poly1305_check(void)
{
    rijn_poly1305_ctx pc;
    uint8_t t[16];
    if (rijn_poly1305_init(&pc, key) != RIJN_OK || rijn_poly1305_update(&pc, in, 13) != RIJN_OK ||
        rijn_poly1305_update(&pc, in + 13, 35) != RIJN_OK || rijn_poly1305_final(&pc, t) != RIJN_OK)
        return 0;
    return memcmp(t, tag, 16) == 0;
}
#else
#define poly1305_check() 0
#endif

#if TRACE_CHAPOLY && TRACE_WIDE
/* HChaCha20: draft-irtf-cfrg-xchacha 2.2.1 once; each traced output
 * recomputed with the constants passed explicitly (rijn_hchacha20_c). */
static void hchacha_known_answer(void)
{
    uint8_t i;
    for (i = 0; i < 32; i++)
        key[i] = i;
    unhex(iv, "000000090000004a0000000031415927");
    unhex(back, "82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc");
    rijn_hchacha20(out, key, iv);
    if (memcmp(out, back, 32) != 0)
        fail("draft-irtf-cfrg-xchacha 2.2.1", "hchacha20", 32);
}

static int hchacha_check(void)
{
    static const uint8_t sigma[16] = "expand 32-byte k";
    rijn_hchacha20_c(back, key, iv, sigma);
    return memcmp(back, out, 32) == 0;
}
#else
#define hchacha_check() 0
#endif

static void prim_group(const char *prim, int op, unsigned count)
{
    unsigned n;
    if (count == 0)
        return;
    label(prim, 1, op, 32, count);
    for (n = 0; n < count; n++) {
        fill(key, sizeof key);
        fill(iv, sizeof iv);
        fill(in, sizeof in);
        if (op == OP_X25519)
            x25519_input(n);
        key[0] = (uint8_t)((key[0] & 0xFEu) | (n & 1u)); /* the plants' bit differs */
#if TRACE_CHAPOLY
        if (op >= OP_CP_SEAL && op < OP_HCHACHA &&
            (op < OP_XCP_SEAL ? rijn_chacha20poly1305_init(&cp, key, 32)
                              : rijn_xchacha20poly1305_init(&cp, key, 32)) != RIJN_OK)
            fail("key setup", prim, 32);
        if (op == OP_CP_OPEN || op == OP_CP_SOPEN || op == OP_XCP_OPEN ||
            op == OP_XCP_SOPEN) { /* a valid message */
            if (rijn_chacha20poly1305_seal(&cp, back, tag, 16, iv, CP_NONCE(op),
                                           NULL, 0, in, 48) != RIJN_OK)
                fail(op_name[op], prim, 32);
            memcpy(in, back, 48);
        }
#endif
        if (traced(op, 32) != RIJN_OK)
            fail(op_name[op], prim, 32);
        if (op == OP_X25519 ? !x25519_check(n)
            : op == OP_POLY1305 ? !poly1305_check()
            : op == OP_HCHACHA ? !hchacha_check()
                                : inverse(op) != RIJN_OK || memcmp(back, in, 48) != 0)
            fail(op_name[op], prim, 32);
    }
}

/* The groups of the other primitives; returns their number. */
static unsigned prim_groups(void)
{
    unsigned groups = 0;
#if TRACE_X25519
    if (TRACE_NS > 0) {
        x25519_setup();
        hal_puts("x25519 field ");
        hal_puts(rijn_x25519_impl());
        hal_puts("\n");
        prim_group("x25519", OP_X25519, TRACE_NS);
        groups++;
    }
#endif
#if TRACE_POLY1305
    poly1305_known_answer();
    prim_group("poly1305", OP_POLY1305, INPUTS);
    groups++;
#endif
#if TRACE_CHAPOLY
    prim_group("chacha20poly1305", OP_CP_SEAL, INPUTS);
    prim_group("chacha20poly1305", OP_CP_OPEN, INPUTS);
    groups += 2;
#if TRACE_STREAM /* the streaming API (13 + 35 bytes), the AAD (29 bytes) */
    prim_group("chacha20poly1305", OP_CP_SSEAL, INPUTS);
    prim_group("chacha20poly1305", OP_CP_SOPEN, INPUTS);
    prim_group("chacha20poly1305", OP_CP_AAD, INPUTS);
    groups += 3;
#endif
#if TRACE_WIDE
    prim_group("xchacha20poly1305", OP_XCP_SEAL, INPUTS); /* 24-byte nonce: */
    prim_group("xchacha20poly1305", OP_XCP_OPEN, INPUTS); /* HChaCha20 then */
    hchacha_known_answer();                                /* ChaCha20-Poly1305 */
    prim_group("hchacha20", OP_HCHACHA, INPUTS);
    prim_group("xchacha20poly1305", OP_XCP_SSEAL, INPUTS); /* its streaming API */
    prim_group("xchacha20poly1305", OP_XCP_SOPEN, INPUTS);
    groups += 5;
#endif
#endif
    (void)prim_group; /* (used by none where all are left out) */
    return groups;
}

int main(void)
{
    size_t i, klen;
    unsigned groups = 0;
    int op;
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *impl = rijn_aes_impl_at(i);
        const char *cls = rijn_aes_impl_name(impl);
        int ct = (rijn_aes_impl_flags(impl) & RIJN_AES_IMPL_CONSTTIME) != 0;
        if (!rijn_aes_impl_available(impl))
            continue;
        if (rijn_aes_impl_force(cls) != RIJN_OK)
            fail("force", cls, 0);
        for (klen = 16; klen <= 32; klen += 8) {
            if (!known_answer(cls, klen))
                continue;
            for (op = 0; op < NOPS; op++) {
                if (!ct && op > OP_DEC3)
                    break; /* without the claim: key setup and ECB (to be caught) */
#if TRACE_EXTRA
                if (klen == 24 && (op == OP_XTS_ENC || op == OP_XTS_DEC || op == OP_SIV_SEAL ||
                                   op == OP_SIV_OPEN
#if TRACE_WIDE
                                   || op == OP_SIV64_SEAL || op == OP_SIV64_OPEN
#endif
                                   ))
                    continue; /* XTS, GCM-SIV: AES-128 and AES-256 only */
#endif
#if TRACE_STREAM
                if (klen != 16 && op >= OP_K128 && !all_keys(op))
                    continue;
#endif
                group(cls, ct, op, klen);
                groups++;
            }
        }
    }
    groups += prim_groups();
    hal_puts("done ");
    hal_putu(groups);
    hal_puts("\n");
    hal_exit(0); /* (on AVR a return from main would end without a status) */
}
