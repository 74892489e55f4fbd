/*
 * aes_avr.c -- "avr": AES encryption in AVR assembly (ATmega328P,
 * ATmega2560 and other classic AVR cores); the default AES on AVR.
 *
 * Implementation notes
 *   Layout: the FIPS 197 round keys as 16*(rounds+1) bytes (the same
 *   schedule as "small"), one schedule for both directions. Key setup is
 *   assembly too (the class's setkey entry): in place in the schedule, the
 *   previous word in four registers, word i - nk read through Y, SubWord
 *   by LPM; its branches test the word index and the round constant only.
 *   The block functions (assembly below, between the GENERATED markers)
 *   are produced by src/aes/tools/gen_aes_avr.py, which also checks them by
 *   interpreting them against a reference AES (call-saved registers kept,
 *   0, 1, 3 and 257 blocks; the key setup against FIPS 197 KeyExpansion). They are the class's encrypt/decrypt entries
 *   themselves (the C signature of rijn_aes_impl, size_t block count): no
 *   C wrapper between the dispatcher and the assembly. The block loop is
 *   in the assembly; a one-block call saves 11 registers, a longer one 5
 *   more (the T flag tells the two apart). The state lives in 16
 *   registers; ShiftRows is a renaming of registers (four rounds are
 *   unrolled per loop iteration, after which the names are back in
 *   place); AddRoundKey is fused with the next round's SubBytes (ld r30,
 *   X+ / eor r30, s / lpm s, Z: 6 cycles a byte); SubBytes is LPM from a
 *   256-byte aligned S-box table in flash; MixColumns takes xtime from a
 *   second table, three lookups a column (xtime is linear: xt(a3^a0) =
 *   xt(a0^a1)^xt(a1^a2)^xt(a2^a3)), 27 cycles a column.
 *   RIJN_CFG_AES_AVR_COMPACT=1 swaps in the smallest encryption instead:
 *   ShiftRows by register moves, one column routine (branch-free xtime
 *   with LSL/SBC/ANDI, then AddRoundKey) called for the four columns, the
 *   S-box table only.
 *   Decryption (compiled with RIJN_CFG_AES_DECRYPT): InvShiftRows as the
 *   inverse renaming, InvSubBytes from a third table (inverse S-box), the
 *   schedule read backwards (ld -X), InvMixColumns as MixColumns after
 *   adding u = 4(a0^a2) to a0, a2 and v = 4(a1^a3) to a1, a3 (4x from a
 *   fourth table).
 *   Constant time ON AVR ONLY: the tables are indexed with secret bytes.
 *   That is safe here because classic AVR cores have no data cache and LPM
 *   takes 3 cycles whatever the address; there are no secret-dependent
 *   branches (loop and exit tests use the public round and block counts).
 *   The same code on a CPU with a cache would leak: this file compiles
 *   only for __AVR__ (RIJN_CFG_AES_AVR).
 *   Flash: 512 bytes of tables (1,024 with decryption; 256-byte aligned: up
 *   to 255 bytes of padding before them, depending on the link) + code.
 *   The tables must lie in the first 64 KiB of flash (LPM without RAMPZ):
 *   they go to .progmem, which avr-libc's linker scripts place there.
 *   Measured (simavr, exact cycles, ATmega328P; the generator's
 *   interpreter agrees on the functions): AES-128 encryption 2,150 cycles
 *   for a one-block call, 2,120 for each further block (AES-192 2,563 /
 *   2,533, AES-256 2,982 / 2,952); decryption 2,828 / 2,794 (AES-256
 *   3,952 / 3,918); compact encryption 3,610 / 3,492. One block through
 *   rijn_aes_encrypt_blocks (mcu/measure.py enc_block_128): 2,237 cycles
 *   at -Os, 2,234 at -O2 (was 2,643 / 2,642 with the 8-bit-count
 *   assembly behind two C wrappers); decryption 2,951 / 2,912 (was
 *   3,401 / 3,364). Key setup (the function) 1,638 cycles for AES-128,
 *   1,872 AES-192, 2,195 AES-256; rijn_aes_init_enc with AES-128 1,876 at
 *   -Os (was 7,163 in C). Code: fast encryption 1,452 bytes + 512 of
 *   tables, decryption 1,984 + 512, compact encryption 480 + 256, key
 *   setup 148 (was 308 in C); stack: 11 registers pushed + return address
 *   for one block (16 for more), 2 for the key setup.
 *   Smallest configuration (RIJN_CFG_AES_AVR_COMPACT=1, RIJN_CFG_AES_DECRYPT
 *   =0, RIJN_CFG_AES_192=0, RIJN_CFG_AES_256=0, no other class): AES-128
 *   key setup + encryption, dispatcher included, 1,524 bytes of flash on
 *   the ATmega328P at -Os (mcu/tools/size_feature.py avr328p Os AES_ENC;
 *   was 2,034); the fast encryption instead: 2,752.
 *   CBC entries (C around the block functions, xor16 in assembly): the
 *   chaining XOR straight into out, decryption last block first in place;
 *   seeds' job (key setup, 48-byte PKCS#7 CBC encrypt + decrypt) 25,963
 *   cycles at -O2, 26,157 at -Os (was 28,591 / 28,751 through the mode's
 *   generic loops).
 *   Vectors: FIPS 197 and CAVP AESAVS KAT/MMT/MCT under simavr
 *   (mcu/mcu.py test, ATmega328P and ATmega2560) on this class; the
 *   generator's own check against a Python AES.
 */
#include "aes_impl.h"
#include "internal.h"

#if RIJN_CFG_AES_AVR

/* S-box (256 bytes) then xtime (256 bytes), in flash, 256-byte aligned. */
extern const uint8_t rijn_i_aes_avr_tab[512];
/* The class's block entries themselves (no C wrapper): encrypt / decrypt
 * n blocks (0..SIZE_MAX / 16) with the schedule ks (rounds 10, 12 or 14);
 * out may equal in (each block is read whole before it is written). */
void rijn_i_aes_avr_enc(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                        size_t n);
void rijn_i_aes_avr_dec(const uint64_t *ks, unsigned rounds, uint8_t *out, const uint8_t *in,
                        size_t n);

/* FIPS 197 KeyExpansion into ks (16 * (rounds + 1) bytes), in assembly
 * below; one schedule serves both directions (dirs unused). */
void rijn_i_aes_avr_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs);

/* CBC entries: the chaining XOR straight into out, then the block function
 * in place; no copy of the IV per block and no block-sized buffer to wipe
 * (the mode's generic loop costs ~500 cycles a block more). */
/* d = a ^ b, 16 bytes (d may equal a or b): unrolled through X, Z and Y,
 * 7 cycles a byte (the C loop: 11). */
void rijn_i_aes_avr_xor16(uint8_t *d, const uint8_t *a, const uint8_t *b);
__asm__("\t.section .text.rijn_i_aes_avr_xor16,\"ax\",@progbits\n"
        "\t.global rijn_i_aes_avr_xor16\n\t.hidden rijn_i_aes_avr_xor16\n"
        "\t.type rijn_i_aes_avr_xor16, @function\n"
        "rijn_i_aes_avr_xor16:\n\tpush r28\n\tpush r29\n\tmovw r28, r24\n\tmovw r26, r22\n"
        "\tmovw r30, r20\n\t.rept 16\n\tld r24, X+\n\tld r0, Z+\n\teor r24, r0\n"
        "\tst Y+, r24\n\t.endr\n\tpop r29\n\tpop r28\n\tret\n"
        "\t.size rijn_i_aes_avr_xor16, .-rijn_i_aes_avr_xor16\n\t.text\n");
#define avr_xor16 rijn_i_aes_avr_xor16

static void avr_cbc_encrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                            const uint8_t *in, size_t n)
{
    const uint8_t *prev = iv;
    for (; n > 0; n--, in += 16, out += 16) {
        avr_xor16(out, in, prev);
        rijn_i_aes_avr_enc(ks, rounds, out, out, 1);
        prev = out;
    }
    if (prev != iv)
        memcpy(iv, prev, 16);
}

#if RIJN_CFG_AES_DECRYPT
/* Last block first: in place, each block's predecessor is still the
 * ciphertext when it is needed; the new IV is saved before. */
static void avr_cbc_decrypt(const uint64_t *ks, unsigned rounds, uint8_t iv[16], uint8_t *out,
                            const uint8_t *in, size_t n)
{
    uint8_t next[16];
    if (n == 0)
        return;
    memcpy(next, in + 16 * (n - 1), 16);
    out += 16 * (n - 1);
    in += 16 * (n - 1);
    for (; n > 1; n--, in -= 16, out -= 16) {
        rijn_i_aes_avr_dec(ks, rounds, out, in, 1);
        avr_xor16(out, out, in - 16);
    }
    rijn_i_aes_avr_dec(ks, rounds, out, in, 1);
    avr_xor16(out, out, iv);
    memcpy(iv, next, 16);
}
#define AVR_DECRYPT rijn_i_aes_avr_dec
#define AVR_CBC_DECRYPT avr_cbc_decrypt
#else
#define AVR_DECRYPT NULL
#define AVR_CBC_DECRYPT NULL
#endif

const rijn_aes_impl rijn_i_aes_avr = {
    .name = "avr",
    .flags = RIJN_AES_IMPL_CONSTTIME,
    .setkey = rijn_i_aes_avr_setkey,
    .encrypt = rijn_i_aes_avr_enc,
    .decrypt = AVR_DECRYPT,
    .cbc_decrypt = AVR_CBC_DECRYPT,
    .cbc_encrypt = avr_cbc_encrypt,
};

/* clang-format off */
__asm__(
/* BEGIN GENERATED (src/aes/tools/gen_aes_avr.py) */
    "\t.section .progmem.rijn_aes_avr,\"a\",@progbits\n\t.balign 256\n"
    "\t.global rijn_i_aes_avr_tab\n\t.hidden rijn_i_aes_avr_tab\n"
    "\t.type rijn_i_aes_avr_tab, @object\n"
    "rijn_i_aes_avr_tab: ; S-box, xtime (not in the compact encrypt-only build), inverse S-box, 4x\n"
    "\t.byte 0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76\n"
    "\t.byte 0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0\n"
    "\t.byte 0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15\n"
    "\t.byte 0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75\n"
    "\t.byte 0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84\n"
    "\t.byte 0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf\n"
    "\t.byte 0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8\n"
    "\t.byte 0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2\n"
    "\t.byte 0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73\n"
    "\t.byte 0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb\n"
    "\t.byte 0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79\n"
    "\t.byte 0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08\n"
    "\t.byte 0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a\n"
    "\t.byte 0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e\n"
    "\t.byte 0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf\n"
    "\t.byte 0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16\n"
#if !RIJN_CFG_AES_AVR_COMPACT || RIJN_CFG_AES_DECRYPT
    "\t.byte 0x00, 0x02, 0x04, 0x06, 0x08, 0x0a, 0x0c, 0x0e, 0x10, 0x12, 0x14, 0x16, 0x18, 0x1a, 0x1c, 0x1e\n"
    "\t.byte 0x20, 0x22, 0x24, 0x26, 0x28, 0x2a, 0x2c, 0x2e, 0x30, 0x32, 0x34, 0x36, 0x38, 0x3a, 0x3c, 0x3e\n"
    "\t.byte 0x40, 0x42, 0x44, 0x46, 0x48, 0x4a, 0x4c, 0x4e, 0x50, 0x52, 0x54, 0x56, 0x58, 0x5a, 0x5c, 0x5e\n"
    "\t.byte 0x60, 0x62, 0x64, 0x66, 0x68, 0x6a, 0x6c, 0x6e, 0x70, 0x72, 0x74, 0x76, 0x78, 0x7a, 0x7c, 0x7e\n"
    "\t.byte 0x80, 0x82, 0x84, 0x86, 0x88, 0x8a, 0x8c, 0x8e, 0x90, 0x92, 0x94, 0x96, 0x98, 0x9a, 0x9c, 0x9e\n"
    "\t.byte 0xa0, 0xa2, 0xa4, 0xa6, 0xa8, 0xaa, 0xac, 0xae, 0xb0, 0xb2, 0xb4, 0xb6, 0xb8, 0xba, 0xbc, 0xbe\n"
    "\t.byte 0xc0, 0xc2, 0xc4, 0xc6, 0xc8, 0xca, 0xcc, 0xce, 0xd0, 0xd2, 0xd4, 0xd6, 0xd8, 0xda, 0xdc, 0xde\n"
    "\t.byte 0xe0, 0xe2, 0xe4, 0xe6, 0xe8, 0xea, 0xec, 0xee, 0xf0, 0xf2, 0xf4, 0xf6, 0xf8, 0xfa, 0xfc, 0xfe\n"
    "\t.byte 0x1b, 0x19, 0x1f, 0x1d, 0x13, 0x11, 0x17, 0x15, 0x0b, 0x09, 0x0f, 0x0d, 0x03, 0x01, 0x07, 0x05\n"
    "\t.byte 0x3b, 0x39, 0x3f, 0x3d, 0x33, 0x31, 0x37, 0x35, 0x2b, 0x29, 0x2f, 0x2d, 0x23, 0x21, 0x27, 0x25\n"
    "\t.byte 0x5b, 0x59, 0x5f, 0x5d, 0x53, 0x51, 0x57, 0x55, 0x4b, 0x49, 0x4f, 0x4d, 0x43, 0x41, 0x47, 0x45\n"
    "\t.byte 0x7b, 0x79, 0x7f, 0x7d, 0x73, 0x71, 0x77, 0x75, 0x6b, 0x69, 0x6f, 0x6d, 0x63, 0x61, 0x67, 0x65\n"
    "\t.byte 0x9b, 0x99, 0x9f, 0x9d, 0x93, 0x91, 0x97, 0x95, 0x8b, 0x89, 0x8f, 0x8d, 0x83, 0x81, 0x87, 0x85\n"
    "\t.byte 0xbb, 0xb9, 0xbf, 0xbd, 0xb3, 0xb1, 0xb7, 0xb5, 0xab, 0xa9, 0xaf, 0xad, 0xa3, 0xa1, 0xa7, 0xa5\n"
    "\t.byte 0xdb, 0xd9, 0xdf, 0xdd, 0xd3, 0xd1, 0xd7, 0xd5, 0xcb, 0xc9, 0xcf, 0xcd, 0xc3, 0xc1, 0xc7, 0xc5\n"
    "\t.byte 0xfb, 0xf9, 0xff, 0xfd, 0xf3, 0xf1, 0xf7, 0xf5, 0xeb, 0xe9, 0xef, 0xed, 0xe3, 0xe1, 0xe7, 0xe5\n"
#endif
#if RIJN_CFG_AES_DECRYPT
    "\t.byte 0x52, 0x09, 0x6a, 0xd5, 0x30, 0x36, 0xa5, 0x38, 0xbf, 0x40, 0xa3, 0x9e, 0x81, 0xf3, 0xd7, 0xfb\n"
    "\t.byte 0x7c, 0xe3, 0x39, 0x82, 0x9b, 0x2f, 0xff, 0x87, 0x34, 0x8e, 0x43, 0x44, 0xc4, 0xde, 0xe9, 0xcb\n"
    "\t.byte 0x54, 0x7b, 0x94, 0x32, 0xa6, 0xc2, 0x23, 0x3d, 0xee, 0x4c, 0x95, 0x0b, 0x42, 0xfa, 0xc3, 0x4e\n"
    "\t.byte 0x08, 0x2e, 0xa1, 0x66, 0x28, 0xd9, 0x24, 0xb2, 0x76, 0x5b, 0xa2, 0x49, 0x6d, 0x8b, 0xd1, 0x25\n"
    "\t.byte 0x72, 0xf8, 0xf6, 0x64, 0x86, 0x68, 0x98, 0x16, 0xd4, 0xa4, 0x5c, 0xcc, 0x5d, 0x65, 0xb6, 0x92\n"
    "\t.byte 0x6c, 0x70, 0x48, 0x50, 0xfd, 0xed, 0xb9, 0xda, 0x5e, 0x15, 0x46, 0x57, 0xa7, 0x8d, 0x9d, 0x84\n"
    "\t.byte 0x90, 0xd8, 0xab, 0x00, 0x8c, 0xbc, 0xd3, 0x0a, 0xf7, 0xe4, 0x58, 0x05, 0xb8, 0xb3, 0x45, 0x06\n"
    "\t.byte 0xd0, 0x2c, 0x1e, 0x8f, 0xca, 0x3f, 0x0f, 0x02, 0xc1, 0xaf, 0xbd, 0x03, 0x01, 0x13, 0x8a, 0x6b\n"
    "\t.byte 0x3a, 0x91, 0x11, 0x41, 0x4f, 0x67, 0xdc, 0xea, 0x97, 0xf2, 0xcf, 0xce, 0xf0, 0xb4, 0xe6, 0x73\n"
    "\t.byte 0x96, 0xac, 0x74, 0x22, 0xe7, 0xad, 0x35, 0x85, 0xe2, 0xf9, 0x37, 0xe8, 0x1c, 0x75, 0xdf, 0x6e\n"
    "\t.byte 0x47, 0xf1, 0x1a, 0x71, 0x1d, 0x29, 0xc5, 0x89, 0x6f, 0xb7, 0x62, 0x0e, 0xaa, 0x18, 0xbe, 0x1b\n"
    "\t.byte 0xfc, 0x56, 0x3e, 0x4b, 0xc6, 0xd2, 0x79, 0x20, 0x9a, 0xdb, 0xc0, 0xfe, 0x78, 0xcd, 0x5a, 0xf4\n"
    "\t.byte 0x1f, 0xdd, 0xa8, 0x33, 0x88, 0x07, 0xc7, 0x31, 0xb1, 0x12, 0x10, 0x59, 0x27, 0x80, 0xec, 0x5f\n"
    "\t.byte 0x60, 0x51, 0x7f, 0xa9, 0x19, 0xb5, 0x4a, 0x0d, 0x2d, 0xe5, 0x7a, 0x9f, 0x93, 0xc9, 0x9c, 0xef\n"
    "\t.byte 0xa0, 0xe0, 0x3b, 0x4d, 0xae, 0x2a, 0xf5, 0xb0, 0xc8, 0xeb, 0xbb, 0x3c, 0x83, 0x53, 0x99, 0x61\n"
    "\t.byte 0x17, 0x2b, 0x04, 0x7e, 0xba, 0x77, 0xd6, 0x26, 0xe1, 0x69, 0x14, 0x63, 0x55, 0x21, 0x0c, 0x7d\n"
#endif
#if RIJN_CFG_AES_DECRYPT
    "\t.byte 0x00, 0x04, 0x08, 0x0c, 0x10, 0x14, 0x18, 0x1c, 0x20, 0x24, 0x28, 0x2c, 0x30, 0x34, 0x38, 0x3c\n"
    "\t.byte 0x40, 0x44, 0x48, 0x4c, 0x50, 0x54, 0x58, 0x5c, 0x60, 0x64, 0x68, 0x6c, 0x70, 0x74, 0x78, 0x7c\n"
    "\t.byte 0x80, 0x84, 0x88, 0x8c, 0x90, 0x94, 0x98, 0x9c, 0xa0, 0xa4, 0xa8, 0xac, 0xb0, 0xb4, 0xb8, 0xbc\n"
    "\t.byte 0xc0, 0xc4, 0xc8, 0xcc, 0xd0, 0xd4, 0xd8, 0xdc, 0xe0, 0xe4, 0xe8, 0xec, 0xf0, 0xf4, 0xf8, 0xfc\n"
    "\t.byte 0x1b, 0x1f, 0x13, 0x17, 0x0b, 0x0f, 0x03, 0x07, 0x3b, 0x3f, 0x33, 0x37, 0x2b, 0x2f, 0x23, 0x27\n"
    "\t.byte 0x5b, 0x5f, 0x53, 0x57, 0x4b, 0x4f, 0x43, 0x47, 0x7b, 0x7f, 0x73, 0x77, 0x6b, 0x6f, 0x63, 0x67\n"
    "\t.byte 0x9b, 0x9f, 0x93, 0x97, 0x8b, 0x8f, 0x83, 0x87, 0xbb, 0xbf, 0xb3, 0xb7, 0xab, 0xaf, 0xa3, 0xa7\n"
    "\t.byte 0xdb, 0xdf, 0xd3, 0xd7, 0xcb, 0xcf, 0xc3, 0xc7, 0xfb, 0xff, 0xf3, 0xf7, 0xeb, 0xef, 0xe3, 0xe7\n"
    "\t.byte 0x36, 0x32, 0x3e, 0x3a, 0x26, 0x22, 0x2e, 0x2a, 0x16, 0x12, 0x1e, 0x1a, 0x06, 0x02, 0x0e, 0x0a\n"
    "\t.byte 0x76, 0x72, 0x7e, 0x7a, 0x66, 0x62, 0x6e, 0x6a, 0x56, 0x52, 0x5e, 0x5a, 0x46, 0x42, 0x4e, 0x4a\n"
    "\t.byte 0xb6, 0xb2, 0xbe, 0xba, 0xa6, 0xa2, 0xae, 0xaa, 0x96, 0x92, 0x9e, 0x9a, 0x86, 0x82, 0x8e, 0x8a\n"
    "\t.byte 0xf6, 0xf2, 0xfe, 0xfa, 0xe6, 0xe2, 0xee, 0xea, 0xd6, 0xd2, 0xde, 0xda, 0xc6, 0xc2, 0xce, 0xca\n"
    "\t.byte 0x2d, 0x29, 0x25, 0x21, 0x3d, 0x39, 0x35, 0x31, 0x0d, 0x09, 0x05, 0x01, 0x1d, 0x19, 0x15, 0x11\n"
    "\t.byte 0x6d, 0x69, 0x65, 0x61, 0x7d, 0x79, 0x75, 0x71, 0x4d, 0x49, 0x45, 0x41, 0x5d, 0x59, 0x55, 0x51\n"
    "\t.byte 0xad, 0xa9, 0xa5, 0xa1, 0xbd, 0xb9, 0xb5, 0xb1, 0x8d, 0x89, 0x85, 0x81, 0x9d, 0x99, 0x95, 0x91\n"
    "\t.byte 0xed, 0xe9, 0xe5, 0xe1, 0xfd, 0xf9, 0xf5, 0xf1, 0xcd, 0xc9, 0xc5, 0xc1, 0xdd, 0xd9, 0xd5, 0xd1\n"
#endif
    "\t.size rijn_i_aes_avr_tab, . - rijn_i_aes_avr_tab\n"
    "\n"
    "\t.section .text.rijn_i_aes_avr_setkey,\"ax\",@progbits\n\t.global rijn_i_aes_avr_setkey\n"
    "\t.hidden rijn_i_aes_avr_setkey\n\t.type rijn_i_aes_avr_setkey, @function\n"
    "rijn_i_aes_avr_setkey: ; r25:24 = ks, r23:22 = key, r21:20 = key_len, r19:18 = dirs\n"
    "\tpush r28\n\tpush r29\n\tmovw r26, r24\n\tmovw r30, r22\n\tmov r21, r20\n"
    ".Lks_copy:\n"
    "\tld r0, Z+\n\tst X+, r0\n\tdec r21\n\tbrne .Lks_copy\n\tld r23, -X\n\tld r22, -X\n"
    "\tld r19, -X\n\tld r18, -X\n\tadiw r26, 4\n\tmovw r28, r26\n\tsub r28, r20\n\tsbc r29, r1\n"
    "\tlsr r20\n\tlsr r20\n\tmov r25, r20\n\tlsl r25\n\tadd r25, r20\n\tsubi r25, -28\n"
    "\tldi r24, 1\n\tldi r31, hi8(rijn_i_aes_avr_tab)\n"
    ".Lks_word:\n"
    "\tcpi r21, 0\n\tbrne .Lks_not0\n\tmov r0, r18\n\tmov r30, r19\n\tlpm r18, Z\n"
    "\tmov r30, r22\n\tlpm r19, Z\n\tmov r30, r23\n\tlpm r22, Z\n\tmov r30, r0\n\tlpm r23, Z\n"
    "\teor r18, r24\n\tlsl r24\n\tbrcc .Lks_mix\n\tldi r24, 0x1b\n\trjmp .Lks_mix\n"
    ".Lks_not0:\n"
    "\tcpi r21, 4\n\tbrne .Lks_mix\n\tcpi r20, 8\n\tbrne .Lks_mix\n\tmov r30, r18\n\tlpm r18, Z\n"
    "\tmov r30, r19\n\tlpm r19, Z\n\tmov r30, r22\n\tlpm r22, Z\n\tmov r30, r23\n\tlpm r23, Z\n"
    ".Lks_mix:\n"
    "\tld r0, Y+\n\teor r18, r0\n\tst X+, r18\n\tld r0, Y+\n\teor r19, r0\n\tst X+, r19\n"
    "\tld r0, Y+\n\teor r22, r0\n\tst X+, r22\n\tld r0, Y+\n\teor r23, r0\n\tst X+, r23\n"
    "\tinc r21\n\tcp r21, r20\n\tbrne .Lks_next\n\tclr r21\n"
    ".Lks_next:\n"
    "\tdec r25\n\tbrne .Lks_word\n\tpop r29\n\tpop r28\n\tret\n"
    "\t.size rijn_i_aes_avr_setkey, . - rijn_i_aes_avr_setkey\n"
    "\n"
#if RIJN_CFG_AES_AVR_COMPACT
    "\t.section .text.rijn_i_aes_avr_enc,\"ax\",@progbits\n\t.global rijn_i_aes_avr_enc\n"
    "\t.hidden rijn_i_aes_avr_enc\n\t.type rijn_i_aes_avr_enc, @function\n"
    "rijn_i_aes_avr_enc: ; r25:24 = rk, r23:22 = rounds, r21:20 = out, r19:18 = in, r17:16 = n\n"
    "\tcp r16, r1\n\tcpc r17, r1\n\tbrne .Lavrc_go\n\tret\n"
    ".Lavrc_go:\n"
    "\tpush r2\n\tpush r3\n\tpush r4\n\tpush r5\n\tpush r6\n\tpush r7\n\tpush r8\n\tpush r9\n"
    "\tpush r10\n\tpush r11\n\tpush r12\n\tpush r13\n\tpush r14\n\tpush r15\n\tpush r16\n"
    "\tpush r17\n\tpush r28\n\tpush r29\n\tpush r16\n\tpush r17\n\tpush r18\n\tpush r19\n"
    "\tpush r24\n\tpush r25\n\tpush r22\n\tpush r20\n\tpush r21\n\tin r28, 0x3d\n\tin r29, 0x3e\n"
    "\tldi r31, hi8(rijn_i_aes_avr_tab)\n"
    ".Lavrc_block:\n"
    "\tldd r27, Y+6\n\tldd r26, Y+7\n\tld r2, X+\n\tld r3, X+\n\tld r4, X+\n\tld r5, X+\n"
    "\tld r6, X+\n\tld r7, X+\n\tld r8, X+\n\tld r9, X+\n\tld r10, X+\n\tld r11, X+\n"
    "\tld r12, X+\n\tld r13, X+\n\tld r14, X+\n\tld r15, X+\n\tld r16, X+\n\tld r17, X+\n"
    "\tstd Y+6, r27\n\tstd Y+7, r26\n\tldd r27, Y+4\n\tldd r26, Y+5\n\tldd r0, Y+3\n\tclt\n"
    "\trcall .Lavrc_cols\n"
    ".Lavrc_round:\n"
    "\trcall .Lavrc_sbsr\n\tdec r0\n\tbreq .Lavrc_last\n\tset\n\trcall .Lavrc_cols\n"
    "\trjmp .Lavrc_round\n"
    ".Lavrc_last:\n"
    "\tclt\n\trcall .Lavrc_cols\n\tldd r27, Y+1\n\tldd r26, Y+2\n\tst X+, r2\n\tst X+, r3\n"
    "\tst X+, r4\n\tst X+, r5\n\tst X+, r6\n\tst X+, r7\n\tst X+, r8\n\tst X+, r9\n\tst X+, r10\n"
    "\tst X+, r11\n\tst X+, r12\n\tst X+, r13\n\tst X+, r14\n\tst X+, r15\n\tst X+, r16\n"
    "\tst X+, r17\n\tstd Y+1, r27\n\tstd Y+2, r26\n\tldd r22, Y+9\n\tldd r23, Y+8\n"
    "\tsubi r22, 1\n\tsbci r23, 0\n\tstd Y+9, r22\n\tstd Y+8, r23\n\tbreq .Lavrc_done\n"
    "\trjmp .Lavrc_block\n"
    ".Lavrc_done:\n"
    "\tpop r0\n\tpop r0\n\tpop r0\n\tpop r0\n\tpop r0\n\tpop r0\n\tpop r0\n\tpop r0\n\tpop r0\n"
    "\tpop r29\n\tpop r28\n\tpop r17\n\tpop r16\n\tpop r15\n\tpop r14\n\tpop r13\n\tpop r12\n"
    "\tpop r11\n\tpop r10\n\tpop r9\n\tpop r8\n\tpop r7\n\tpop r6\n\tpop r5\n\tpop r4\n\tpop r3\n"
    "\tpop r2\n\tret\n"
    ".Lavrc_sbsr:\n"
    "\tmov r30, r2\n\tlpm r2, Z\n\tmov r30, r3\n\tlpm r3, Z\n\tmov r30, r4\n\tlpm r4, Z\n"
    "\tmov r30, r5\n\tlpm r5, Z\n\tmov r30, r6\n\tlpm r6, Z\n\tmov r30, r7\n\tlpm r7, Z\n"
    "\tmov r30, r8\n\tlpm r8, Z\n\tmov r30, r9\n\tlpm r9, Z\n\tmov r30, r10\n\tlpm r10, Z\n"
    "\tmov r30, r11\n\tlpm r11, Z\n\tmov r30, r12\n\tlpm r12, Z\n\tmov r30, r13\n\tlpm r13, Z\n"
    "\tmov r30, r14\n\tlpm r14, Z\n\tmov r30, r15\n\tlpm r15, Z\n\tmov r30, r16\n\tlpm r16, Z\n"
    "\tmov r30, r17\n\tlpm r17, Z\n\tmov r22, r3\n\tmov r3, r7\n\tmov r7, r11\n\tmov r11, r15\n"
    "\tmov r15, r22\n\tmov r22, r4\n\tmov r4, r12\n\tmov r12, r22\n\tmov r22, r8\n\tmov r8, r16\n"
    "\tmov r16, r22\n\tmov r22, r17\n\tmov r17, r13\n\tmov r13, r9\n\tmov r9, r5\n\tmov r5, r22\n"
    "\tret\n"
    ".Lavrc_cols:\n"
    "\tmovw r18, r2\n\tmovw r20, r4\n\trcall .Lavrc_col\n\tmovw r2, r18\n\tmovw r4, r20\n"
    "\tmovw r18, r6\n\tmovw r20, r8\n\trcall .Lavrc_col\n\tmovw r6, r18\n\tmovw r8, r20\n"
    "\tmovw r18, r10\n\tmovw r20, r12\n\trcall .Lavrc_col\n\tmovw r10, r18\n\tmovw r12, r20\n"
    "\tmovw r18, r14\n\tmovw r20, r16\n\trcall .Lavrc_col\n\tmovw r14, r18\n\tmovw r16, r20\n"
    "\tret\n"
    ".Lavrc_col:\n"
    "\tbrtc .Lavrc_ark\n\tmov r22, r18\n\teor r22, r19\n\teor r22, r20\n\teor r22, r21\n"
    "\tmov r25, r18\n\tmov r23, r18\n\teor r23, r19\n\tlsl r23\n\tsbc r24, r24\n"
    "\tandi r24, 0x1b\n\teor r23, r24\n\teor r18, r23\n\teor r18, r22\n\tmov r23, r19\n"
    "\teor r23, r20\n\tlsl r23\n\tsbc r24, r24\n\tandi r24, 0x1b\n\teor r23, r24\n"
    "\teor r19, r23\n\teor r19, r22\n\tmov r23, r20\n\teor r23, r21\n\tlsl r23\n\tsbc r24, r24\n"
    "\tandi r24, 0x1b\n\teor r23, r24\n\teor r20, r23\n\teor r20, r22\n\tmov r23, r21\n"
    "\teor r23, r25\n\tlsl r23\n\tsbc r24, r24\n\tandi r24, 0x1b\n\teor r23, r24\n"
    "\teor r21, r23\n\teor r21, r22\n"
    ".Lavrc_ark:\n"
    "\tld r23, X+\n\teor r18, r23\n\tld r23, X+\n\teor r19, r23\n\tld r23, X+\n\teor r20, r23\n"
    "\tld r23, X+\n\teor r21, r23\n\tret\n\t.size rijn_i_aes_avr_enc, . - rijn_i_aes_avr_enc\n"
#else
    "\t.section .text.rijn_i_aes_avr_enc,\"ax\",@progbits\n\t.global rijn_i_aes_avr_enc\n"
    "\t.hidden rijn_i_aes_avr_enc\n\t.type rijn_i_aes_avr_enc, @function\n"
    "rijn_i_aes_avr_enc: ; r25:24 = rk, r23:22 = rounds, r21:20 = out, r19:18 = in, r17:16 = n\n"
    "\tcp r16, r1\n\tcpc r17, r1\n\tbrne .Lavr_go\n\tret\n"
    ".Lavr_go:\n"
    "\tpush r2\n\tpush r3\n\tpush r4\n\tpush r5\n\tpush r6\n\tpush r7\n\tpush r8\n\tpush r9\n"
    "\tpush r10\n\tpush r12\n\tpush r13\n\tmovw r12, r20\n\tmov r10, r22\n\tlsr r10\n"
    "\tmovw r26, r24\n\tmovw r30, r18\n\tclt\n\tcpi r16, 1\n\tcpc r17, r1\n\tbreq .Lavr_block\n"
    "\tpush r11\n\tpush r14\n\tpush r15\n\tpush r16\n\tpush r17\n\tmov r11, r10\n"
    "\tmovw r14, r18\n\tset\n"
    ".Lavr_block:\n"
    "\tld r0, Z+\n\tld r1, Z+\n\tld r18, Z+\n\tld r19, Z+\n\tld r20, Z+\n\tld r21, Z+\n"
    "\tld r22, Z+\n\tld r23, Z+\n\tld r24, Z+\n\tld r25, Z+\n\tld r2, Z+\n\tld r3, Z+\n"
    "\tld r4, Z+\n\tld r5, Z+\n\tld r6, Z+\n\tld r7, Z+\n\tldi r31, hi8(rijn_i_aes_avr_tab)\n"
    ".Lavr_loop:\n"
    "\tld r30, X+\n\teor r30, r0\n\tlpm r0, Z\n\tld r30, X+\n\teor r30, r1\n\tlpm r1, Z\n"
    "\tld r30, X+\n\teor r30, r18\n\tlpm r18, Z\n\tld r30, X+\n\teor r30, r19\n\tlpm r19, Z\n"
    "\tld r30, X+\n\teor r30, r20\n\tlpm r20, Z\n\tld r30, X+\n\teor r30, r21\n\tlpm r21, Z\n"
    "\tld r30, X+\n\teor r30, r22\n\tlpm r22, Z\n\tld r30, X+\n\teor r30, r23\n\tlpm r23, Z\n"
    "\tld r30, X+\n\teor r30, r24\n\tlpm r24, Z\n\tld r30, X+\n\teor r30, r25\n\tlpm r25, Z\n"
    "\tld r30, X+\n\teor r30, r2\n\tlpm r2, Z\n\tld r30, X+\n\teor r30, r3\n\tlpm r3, Z\n"
    "\tld r30, X+\n\teor r30, r4\n\tlpm r4, Z\n\tld r30, X+\n\teor r30, r5\n\tlpm r5, Z\n"
    "\tld r30, X+\n\teor r30, r6\n\tlpm r6, Z\n\tld r30, X+\n\teor r30, r7\n\tlpm r7, Z\n"
    "\tinc r31\n\tmov r30, r0\n\teor r30, r21\n\tmov r9, r30\n\tlpm r8, Z\n\teor r0, r8\n"
    "\tmov r30, r21\n\teor r30, r2\n\tlpm r30, Z\n\teor r21, r30\n\teor r8, r30\n\tmov r30, r2\n"
    "\teor r30, r7\n\teor r9, r30\n\tlpm r30, Z\n\teor r2, r30\n\teor r8, r30\n\teor r7, r8\n"
    "\teor r0, r9\n\teor r21, r9\n\teor r2, r9\n\teor r7, r9\n\tmov r30, r20\n\teor r30, r25\n"
    "\tmov r9, r30\n\tlpm r8, Z\n\teor r20, r8\n\tmov r30, r25\n\teor r30, r6\n\tlpm r30, Z\n"
    "\teor r25, r30\n\teor r8, r30\n\tmov r30, r6\n\teor r30, r19\n\teor r9, r30\n\tlpm r30, Z\n"
    "\teor r6, r30\n\teor r8, r30\n\teor r19, r8\n\teor r20, r9\n\teor r25, r9\n\teor r6, r9\n"
    "\teor r19, r9\n\tmov r30, r24\n\teor r30, r5\n\tmov r9, r30\n\tlpm r8, Z\n\teor r24, r8\n"
    "\tmov r30, r5\n\teor r30, r18\n\tlpm r30, Z\n\teor r5, r30\n\teor r8, r30\n\tmov r30, r18\n"
    "\teor r30, r23\n\teor r9, r30\n\tlpm r30, Z\n\teor r18, r30\n\teor r8, r30\n\teor r23, r8\n"
    "\teor r24, r9\n\teor r5, r9\n\teor r18, r9\n\teor r23, r9\n\tmov r30, r4\n\teor r30, r1\n"
    "\tmov r9, r30\n\tlpm r8, Z\n\teor r4, r8\n\tmov r30, r1\n\teor r30, r22\n\tlpm r30, Z\n"
    "\teor r1, r30\n\teor r8, r30\n\tmov r30, r22\n\teor r30, r3\n\teor r9, r30\n\tlpm r30, Z\n"
    "\teor r22, r30\n\teor r8, r30\n\teor r3, r8\n\teor r4, r9\n\teor r1, r9\n\teor r22, r9\n"
    "\teor r3, r9\n\tdec r31\n\tld r30, X+\n\teor r30, r0\n\tlpm r0, Z\n\tld r30, X+\n"
    "\teor r30, r21\n\tlpm r21, Z\n\tld r30, X+\n\teor r30, r2\n\tlpm r2, Z\n\tld r30, X+\n"
    "\teor r30, r7\n\tlpm r7, Z\n\tld r30, X+\n\teor r30, r20\n\tlpm r20, Z\n\tld r30, X+\n"
    "\teor r30, r25\n\tlpm r25, Z\n\tld r30, X+\n\teor r30, r6\n\tlpm r6, Z\n\tld r30, X+\n"
    "\teor r30, r19\n\tlpm r19, Z\n\tld r30, X+\n\teor r30, r24\n\tlpm r24, Z\n\tld r30, X+\n"
    "\teor r30, r5\n\tlpm r5, Z\n\tld r30, X+\n\teor r30, r18\n\tlpm r18, Z\n\tld r30, X+\n"
    "\teor r30, r23\n\tlpm r23, Z\n\tld r30, X+\n\teor r30, r4\n\tlpm r4, Z\n\tld r30, X+\n"
    "\teor r30, r1\n\tlpm r1, Z\n\tld r30, X+\n\teor r30, r22\n\tlpm r22, Z\n\tld r30, X+\n"
    "\teor r30, r3\n\tlpm r3, Z\n\tdec r10\n\tbrne .Lavr_go2\n\trjmp .Lavr_final2\n"
    ".Lavr_go2:\n"
    "\tinc r31\n\tmov r30, r0\n\teor r30, r25\n\tmov r9, r30\n\tlpm r8, Z\n\teor r0, r8\n"
    "\tmov r30, r25\n\teor r30, r18\n\tlpm r30, Z\n\teor r25, r30\n\teor r8, r30\n"
    "\tmov r30, r18\n\teor r30, r3\n\teor r9, r30\n\tlpm r30, Z\n\teor r18, r30\n\teor r8, r30\n"
    "\teor r3, r8\n\teor r0, r9\n\teor r25, r9\n\teor r18, r9\n\teor r3, r9\n\tmov r30, r20\n"
    "\teor r30, r5\n\tmov r9, r30\n\tlpm r8, Z\n\teor r20, r8\n\tmov r30, r5\n\teor r30, r22\n"
    "\tlpm r30, Z\n\teor r5, r30\n\teor r8, r30\n\tmov r30, r22\n\teor r30, r7\n\teor r9, r30\n"
    "\tlpm r30, Z\n\teor r22, r30\n\teor r8, r30\n\teor r7, r8\n\teor r20, r9\n\teor r5, r9\n"
    "\teor r22, r9\n\teor r7, r9\n\tmov r30, r24\n\teor r30, r1\n\tmov r9, r30\n\tlpm r8, Z\n"
    "\teor r24, r8\n\tmov r30, r1\n\teor r30, r2\n\tlpm r30, Z\n\teor r1, r30\n\teor r8, r30\n"
    "\tmov r30, r2\n\teor r30, r19\n\teor r9, r30\n\tlpm r30, Z\n\teor r2, r30\n\teor r8, r30\n"
    "\teor r19, r8\n\teor r24, r9\n\teor r1, r9\n\teor r2, r9\n\teor r19, r9\n\tmov r30, r4\n"
    "\teor r30, r21\n\tmov r9, r30\n\tlpm r8, Z\n\teor r4, r8\n\tmov r30, r21\n\teor r30, r6\n"
    "\tlpm r30, Z\n\teor r21, r30\n\teor r8, r30\n\tmov r30, r6\n\teor r30, r23\n\teor r9, r30\n"
    "\tlpm r30, Z\n\teor r6, r30\n\teor r8, r30\n\teor r23, r8\n\teor r4, r9\n\teor r21, r9\n"
    "\teor r6, r9\n\teor r23, r9\n\tdec r31\n\tld r30, X+\n\teor r30, r0\n\tlpm r0, Z\n"
    "\tld r30, X+\n\teor r30, r25\n\tlpm r25, Z\n\tld r30, X+\n\teor r30, r18\n\tlpm r18, Z\n"
    "\tld r30, X+\n\teor r30, r3\n\tlpm r3, Z\n\tld r30, X+\n\teor r30, r20\n\tlpm r20, Z\n"
    "\tld r30, X+\n\teor r30, r5\n\tlpm r5, Z\n\tld r30, X+\n\teor r30, r22\n\tlpm r22, Z\n"
    "\tld r30, X+\n\teor r30, r7\n\tlpm r7, Z\n\tld r30, X+\n\teor r30, r24\n\tlpm r24, Z\n"
    "\tld r30, X+\n\teor r30, r1\n\tlpm r1, Z\n\tld r30, X+\n\teor r30, r2\n\tlpm r2, Z\n"
    "\tld r30, X+\n\teor r30, r19\n\tlpm r19, Z\n\tld r30, X+\n\teor r30, r4\n\tlpm r4, Z\n"
    "\tld r30, X+\n\teor r30, r21\n\tlpm r21, Z\n\tld r30, X+\n\teor r30, r6\n\tlpm r6, Z\n"
    "\tld r30, X+\n\teor r30, r23\n\tlpm r23, Z\n\tinc r31\n\tmov r30, r0\n\teor r30, r5\n"
    "\tmov r9, r30\n\tlpm r8, Z\n\teor r0, r8\n\tmov r30, r5\n\teor r30, r2\n\tlpm r30, Z\n"
    "\teor r5, r30\n\teor r8, r30\n\tmov r30, r2\n\teor r30, r23\n\teor r9, r30\n\tlpm r30, Z\n"
    "\teor r2, r30\n\teor r8, r30\n\teor r23, r8\n\teor r0, r9\n\teor r5, r9\n\teor r2, r9\n"
    "\teor r23, r9\n\tmov r30, r20\n\teor r30, r1\n\tmov r9, r30\n\tlpm r8, Z\n\teor r20, r8\n"
    "\tmov r30, r1\n\teor r30, r6\n\tlpm r30, Z\n\teor r1, r30\n\teor r8, r30\n\tmov r30, r6\n"
    "\teor r30, r3\n\teor r9, r30\n\tlpm r30, Z\n\teor r6, r30\n\teor r8, r30\n\teor r3, r8\n"
    "\teor r20, r9\n\teor r1, r9\n\teor r6, r9\n\teor r3, r9\n\tmov r30, r24\n\teor r30, r21\n"
    "\tmov r9, r30\n\tlpm r8, Z\n\teor r24, r8\n\tmov r30, r21\n\teor r30, r18\n\tlpm r30, Z\n"
    "\teor r21, r30\n\teor r8, r30\n\tmov r30, r18\n\teor r30, r7\n\teor r9, r30\n\tlpm r30, Z\n"
    "\teor r18, r30\n\teor r8, r30\n\teor r7, r8\n\teor r24, r9\n\teor r21, r9\n\teor r18, r9\n"
    "\teor r7, r9\n\tmov r30, r4\n\teor r30, r25\n\tmov r9, r30\n\tlpm r8, Z\n\teor r4, r8\n"
    "\tmov r30, r25\n\teor r30, r22\n\tlpm r30, Z\n\teor r25, r30\n\teor r8, r30\n"
    "\tmov r30, r22\n\teor r30, r19\n\teor r9, r30\n\tlpm r30, Z\n\teor r22, r30\n\teor r8, r30\n"
    "\teor r19, r8\n\teor r4, r9\n\teor r25, r9\n\teor r22, r9\n\teor r19, r9\n\tdec r31\n"
    "\tld r30, X+\n\teor r30, r0\n\tlpm r0, Z\n\tld r30, X+\n\teor r30, r5\n\tlpm r5, Z\n"
    "\tld r30, X+\n\teor r30, r2\n\tlpm r2, Z\n\tld r30, X+\n\teor r30, r23\n\tlpm r23, Z\n"
    "\tld r30, X+\n\teor r30, r20\n\tlpm r20, Z\n\tld r30, X+\n\teor r30, r1\n\tlpm r1, Z\n"
    "\tld r30, X+\n\teor r30, r6\n\tlpm r6, Z\n\tld r30, X+\n\teor r30, r3\n\tlpm r3, Z\n"
    "\tld r30, X+\n\teor r30, r24\n\tlpm r24, Z\n\tld r30, X+\n\teor r30, r21\n\tlpm r21, Z\n"
    "\tld r30, X+\n\teor r30, r18\n\tlpm r18, Z\n\tld r30, X+\n\teor r30, r7\n\tlpm r7, Z\n"
    "\tld r30, X+\n\teor r30, r4\n\tlpm r4, Z\n\tld r30, X+\n\teor r30, r25\n\tlpm r25, Z\n"
    "\tld r30, X+\n\teor r30, r22\n\tlpm r22, Z\n\tld r30, X+\n\teor r30, r19\n\tlpm r19, Z\n"
    "\tdec r10\n\tbrne .Lavr_go0\n\trjmp .Lavr_final0\n"
    ".Lavr_go0:\n"
    "\tinc r31\n\tmov r30, r0\n\teor r30, r1\n\tmov r9, r30\n\tlpm r8, Z\n\teor r0, r8\n"
    "\tmov r30, r1\n\teor r30, r18\n\tlpm r30, Z\n\teor r1, r30\n\teor r8, r30\n\tmov r30, r18\n"
    "\teor r30, r19\n\teor r9, r30\n\tlpm r30, Z\n\teor r18, r30\n\teor r8, r30\n\teor r19, r8\n"
    "\teor r0, r9\n\teor r1, r9\n\teor r18, r9\n\teor r19, r9\n\tmov r30, r20\n\teor r30, r21\n"
    "\tmov r9, r30\n\tlpm r8, Z\n\teor r20, r8\n\tmov r30, r21\n\teor r30, r22\n\tlpm r30, Z\n"
    "\teor r21, r30\n\teor r8, r30\n\tmov r30, r22\n\teor r30, r23\n\teor r9, r30\n\tlpm r30, Z\n"
    "\teor r22, r30\n\teor r8, r30\n\teor r23, r8\n\teor r20, r9\n\teor r21, r9\n\teor r22, r9\n"
    "\teor r23, r9\n\tmov r30, r24\n\teor r30, r25\n\tmov r9, r30\n\tlpm r8, Z\n\teor r24, r8\n"
    "\tmov r30, r25\n\teor r30, r2\n\tlpm r30, Z\n\teor r25, r30\n\teor r8, r30\n\tmov r30, r2\n"
    "\teor r30, r3\n\teor r9, r30\n\tlpm r30, Z\n\teor r2, r30\n\teor r8, r30\n\teor r3, r8\n"
    "\teor r24, r9\n\teor r25, r9\n\teor r2, r9\n\teor r3, r9\n\tmov r30, r4\n\teor r30, r5\n"
    "\tmov r9, r30\n\tlpm r8, Z\n\teor r4, r8\n\tmov r30, r5\n\teor r30, r6\n\tlpm r30, Z\n"
    "\teor r5, r30\n\teor r8, r30\n\tmov r30, r6\n\teor r30, r7\n\teor r9, r30\n\tlpm r30, Z\n"
    "\teor r6, r30\n\teor r8, r30\n\teor r7, r8\n\teor r4, r9\n\teor r5, r9\n\teor r6, r9\n"
    "\teor r7, r9\n\tdec r31\n\trjmp .Lavr_loop\n"
    ".Lavr_final2:\n"
    "\tld r30, X+\n\teor r0, r30\n\tld r30, X+\n\teor r25, r30\n\tld r30, X+\n\teor r18, r30\n"
    "\tld r30, X+\n\teor r3, r30\n\tld r30, X+\n\teor r20, r30\n\tld r30, X+\n\teor r5, r30\n"
    "\tld r30, X+\n\teor r22, r30\n\tld r30, X+\n\teor r7, r30\n\tld r30, X+\n\teor r24, r30\n"
    "\tld r30, X+\n\teor r1, r30\n\tld r30, X+\n\teor r2, r30\n\tld r30, X+\n\teor r19, r30\n"
    "\tld r30, X+\n\teor r4, r30\n\tld r30, X+\n\teor r21, r30\n\tld r30, X+\n\teor r6, r30\n"
    "\tld r30, X+\n\teor r23, r30\n\tmovw r30, r12\n\tst Z+, r0\n\tst Z+, r25\n\tst Z+, r18\n"
    "\tst Z+, r3\n\tst Z+, r20\n\tst Z+, r5\n\tst Z+, r22\n\tst Z+, r7\n\tst Z+, r24\n"
    "\tst Z+, r1\n\tst Z+, r2\n\tst Z+, r19\n\tst Z+, r4\n\tst Z+, r21\n\tst Z+, r6\n"
    "\tst Z+, r23\n\trjmp .Lavr_next\n"
    ".Lavr_final0:\n"
    "\tld r30, X+\n\teor r0, r30\n\tld r30, X+\n\teor r1, r30\n\tld r30, X+\n\teor r18, r30\n"
    "\tld r30, X+\n\teor r19, r30\n\tld r30, X+\n\teor r20, r30\n\tld r30, X+\n\teor r21, r30\n"
    "\tld r30, X+\n\teor r22, r30\n\tld r30, X+\n\teor r23, r30\n\tld r30, X+\n\teor r24, r30\n"
    "\tld r30, X+\n\teor r25, r30\n\tld r30, X+\n\teor r2, r30\n\tld r30, X+\n\teor r3, r30\n"
    "\tld r30, X+\n\teor r4, r30\n\tld r30, X+\n\teor r5, r30\n\tld r30, X+\n\teor r6, r30\n"
    "\tld r30, X+\n\teor r7, r30\n\tmovw r30, r12\n\tst Z+, r0\n\tst Z+, r1\n\tst Z+, r18\n"
    "\tst Z+, r19\n\tst Z+, r20\n\tst Z+, r21\n\tst Z+, r22\n\tst Z+, r23\n\tst Z+, r24\n"
    "\tst Z+, r25\n\tst Z+, r2\n\tst Z+, r3\n\tst Z+, r4\n\tst Z+, r5\n\tst Z+, r6\n\tst Z+, r7\n"
    ".Lavr_next:\n"
    "\tbrts .Lavr_more\n"
    ".Lavr_end:\n"
    "\tclr r1\n\tpop r13\n\tpop r12\n\tpop r10\n\tpop r9\n\tpop r8\n\tpop r7\n\tpop r6\n"
    "\tpop r5\n\tpop r4\n\tpop r3\n\tpop r2\n\tret\n"
    ".Lavr_more:\n"
    "\tmovw r12, r30\n\tsubi r16, 1\n\tsbci r17, 0\n\tbreq .Lavr_mend\n\tmov r30, r11\n"
    "\tswap r30\n\tlsl r30\n\tsubi r30, -16\n\tsub r26, r30\n\tsbci r27, 0\n\tmov r10, r11\n"
    "\tmovw r30, r14\n\tadiw r30, 16\n\tmovw r14, r30\n\trjmp .Lavr_block\n"
    ".Lavr_mend:\n"
    "\tpop r17\n\tpop r16\n\tpop r15\n\tpop r14\n\tpop r11\n\trjmp .Lavr_end\n"
    "\t.size rijn_i_aes_avr_enc, . - rijn_i_aes_avr_enc\n"
#endif
    "\n"
#if RIJN_CFG_AES_DECRYPT
    "\t.section .text.rijn_i_aes_avr_dec,\"ax\",@progbits\n\t.global rijn_i_aes_avr_dec\n"
    "\t.hidden rijn_i_aes_avr_dec\n\t.type rijn_i_aes_avr_dec, @function\n"
    "rijn_i_aes_avr_dec: ; r25:24 = rk, r23:22 = rounds, r21:20 = out, r19:18 = in, r17:16 = n\n"
    "\tcp r16, r1\n\tcpc r17, r1\n\tbrne .Lavr_dgo\n\tret\n"
    ".Lavr_dgo:\n"
    "\tpush r2\n\tpush r3\n\tpush r4\n\tpush r5\n\tpush r6\n\tpush r7\n\tpush r8\n\tpush r9\n"
    "\tpush r10\n\tpush r12\n\tpush r13\n\tmovw r12, r20\n\tmov r10, r22\n\tlsr r10\n"
    "\tmovw r26, r24\n\tmov r30, r22\n\tinc r30\n\tswap r30\n\tadd r26, r30\n\tadc r27, r1\n"
    "\tmovw r30, r18\n\tclt\n\tcpi r16, 1\n\tcpc r17, r1\n\tbreq .Lavr_dblock\n\tpush r11\n"
    "\tpush r14\n\tpush r15\n\tpush r16\n\tpush r17\n\tmov r11, r10\n\tmovw r14, r18\n\tset\n"
    ".Lavr_dblock:\n"
    "\tld r0, Z+\n\tld r1, Z+\n\tld r18, Z+\n\tld r19, Z+\n\tld r20, Z+\n\tld r21, Z+\n"
    "\tld r22, Z+\n\tld r23, Z+\n\tld r24, Z+\n\tld r25, Z+\n\tld r2, Z+\n\tld r3, Z+\n"
    "\tld r4, Z+\n\tld r5, Z+\n\tld r6, Z+\n\tld r7, Z+\n\tldi r31, hi8(rijn_i_aes_avr_tab+512)\n"
    "\tld r30, -X\n\teor r7, r30\n\tld r30, -X\n\teor r6, r30\n\tld r30, -X\n\teor r5, r30\n"
    "\tld r30, -X\n\teor r4, r30\n\tld r30, -X\n\teor r3, r30\n\tld r30, -X\n\teor r2, r30\n"
    "\tld r30, -X\n\teor r25, r30\n\tld r30, -X\n\teor r24, r30\n\tld r30, -X\n\teor r23, r30\n"
    "\tld r30, -X\n\teor r22, r30\n\tld r30, -X\n\teor r21, r30\n\tld r30, -X\n\teor r20, r30\n"
    "\tld r30, -X\n\teor r19, r30\n\tld r30, -X\n\teor r18, r30\n\tld r30, -X\n\teor r1, r30\n"
    "\tld r30, -X\n\teor r0, r30\n"
    ".Lavr_dloop:\n"
    "\tmov r30, r0\n\tlpm r0, Z\n\tmov r30, r5\n\tlpm r5, Z\n\tmov r30, r2\n\tlpm r2, Z\n"
    "\tmov r30, r23\n\tlpm r23, Z\n\tmov r30, r20\n\tlpm r20, Z\n\tmov r30, r1\n\tlpm r1, Z\n"
    "\tmov r30, r6\n\tlpm r6, Z\n\tmov r30, r3\n\tlpm r3, Z\n\tmov r30, r24\n\tlpm r24, Z\n"
    "\tmov r30, r21\n\tlpm r21, Z\n\tmov r30, r18\n\tlpm r18, Z\n\tmov r30, r7\n\tlpm r7, Z\n"
    "\tmov r30, r4\n\tlpm r4, Z\n\tmov r30, r25\n\tlpm r25, Z\n\tmov r30, r22\n\tlpm r22, Z\n"
    "\tmov r30, r19\n\tlpm r19, Z\n\tld r30, -X\n\teor r19, r30\n\tld r30, -X\n\teor r22, r30\n"
    "\tld r30, -X\n\teor r25, r30\n\tld r30, -X\n\teor r4, r30\n\tld r30, -X\n\teor r7, r30\n"
    "\tld r30, -X\n\teor r18, r30\n\tld r30, -X\n\teor r21, r30\n\tld r30, -X\n\teor r24, r30\n"
    "\tld r30, -X\n\teor r3, r30\n\tld r30, -X\n\teor r6, r30\n\tld r30, -X\n\teor r1, r30\n"
    "\tld r30, -X\n\teor r20, r30\n\tld r30, -X\n\teor r23, r30\n\tld r30, -X\n\teor r2, r30\n"
    "\tld r30, -X\n\teor r5, r30\n\tld r30, -X\n\teor r0, r30\n\tinc r31\n\tmov r30, r0\n"
    "\teor r30, r2\n\tlpm r30, Z\n\teor r0, r30\n\teor r2, r30\n\tmov r30, r5\n\teor r30, r23\n"
    "\tlpm r30, Z\n\teor r5, r30\n\teor r23, r30\n\tmov r30, r20\n\teor r30, r6\n\tlpm r30, Z\n"
    "\teor r20, r30\n\teor r6, r30\n\tmov r30, r1\n\teor r30, r3\n\tlpm r30, Z\n\teor r1, r30\n"
    "\teor r3, r30\n\tmov r30, r24\n\teor r30, r18\n\tlpm r30, Z\n\teor r24, r30\n"
    "\teor r18, r30\n\tmov r30, r21\n\teor r30, r7\n\tlpm r30, Z\n\teor r21, r30\n\teor r7, r30\n"
    "\tmov r30, r4\n\teor r30, r22\n\tlpm r30, Z\n\teor r4, r30\n\teor r22, r30\n\tmov r30, r25\n"
    "\teor r30, r19\n\tlpm r30, Z\n\teor r25, r30\n\teor r19, r30\n\tsubi r31, 2\n\tmov r30, r0\n"
    "\teor r30, r5\n\tmov r9, r30\n\tlpm r8, Z\n\teor r0, r8\n\tmov r30, r5\n\teor r30, r2\n"
    "\tlpm r30, Z\n\teor r5, r30\n\teor r8, r30\n\tmov r30, r2\n\teor r30, r23\n\teor r9, r30\n"
    "\tlpm r30, Z\n\teor r2, r30\n\teor r8, r30\n\teor r23, r8\n\teor r0, r9\n\teor r5, r9\n"
    "\teor r2, r9\n\teor r23, r9\n\tmov r30, r20\n\teor r30, r1\n\tmov r9, r30\n\tlpm r8, Z\n"
    "\teor r20, r8\n\tmov r30, r1\n\teor r30, r6\n\tlpm r30, Z\n\teor r1, r30\n\teor r8, r30\n"
    "\tmov r30, r6\n\teor r30, r3\n\teor r9, r30\n\tlpm r30, Z\n\teor r6, r30\n\teor r8, r30\n"
    "\teor r3, r8\n\teor r20, r9\n\teor r1, r9\n\teor r6, r9\n\teor r3, r9\n\tmov r30, r24\n"
    "\teor r30, r21\n\tmov r9, r30\n\tlpm r8, Z\n\teor r24, r8\n\tmov r30, r21\n\teor r30, r18\n"
    "\tlpm r30, Z\n\teor r21, r30\n\teor r8, r30\n\tmov r30, r18\n\teor r30, r7\n\teor r9, r30\n"
    "\tlpm r30, Z\n\teor r18, r30\n\teor r8, r30\n\teor r7, r8\n\teor r24, r9\n\teor r21, r9\n"
    "\teor r18, r9\n\teor r7, r9\n\tmov r30, r4\n\teor r30, r25\n\tmov r9, r30\n\tlpm r8, Z\n"
    "\teor r4, r8\n\tmov r30, r25\n\teor r30, r22\n\tlpm r30, Z\n\teor r25, r30\n\teor r8, r30\n"
    "\tmov r30, r22\n\teor r30, r19\n\teor r9, r30\n\tlpm r30, Z\n\teor r22, r30\n\teor r8, r30\n"
    "\teor r19, r8\n\teor r4, r9\n\teor r25, r9\n\teor r22, r9\n\teor r19, r9\n\tinc r31\n"
    "\tmov r30, r0\n\tlpm r0, Z\n\tmov r30, r25\n\tlpm r25, Z\n\tmov r30, r18\n\tlpm r18, Z\n"
    "\tmov r30, r3\n\tlpm r3, Z\n\tmov r30, r20\n\tlpm r20, Z\n\tmov r30, r5\n\tlpm r5, Z\n"
    "\tmov r30, r22\n\tlpm r22, Z\n\tmov r30, r7\n\tlpm r7, Z\n\tmov r30, r24\n\tlpm r24, Z\n"
    "\tmov r30, r1\n\tlpm r1, Z\n\tmov r30, r2\n\tlpm r2, Z\n\tmov r30, r19\n\tlpm r19, Z\n"
    "\tmov r30, r4\n\tlpm r4, Z\n\tmov r30, r21\n\tlpm r21, Z\n\tmov r30, r6\n\tlpm r6, Z\n"
    "\tmov r30, r23\n\tlpm r23, Z\n\tdec r10\n\tbrne .Lavr_dgo2\n\trjmp .Lavr_dfinal2\n"
    ".Lavr_dgo2:\n"
    "\tld r30, -X\n\teor r23, r30\n\tld r30, -X\n\teor r6, r30\n\tld r30, -X\n\teor r21, r30\n"
    "\tld r30, -X\n\teor r4, r30\n\tld r30, -X\n\teor r19, r30\n\tld r30, -X\n\teor r2, r30\n"
    "\tld r30, -X\n\teor r1, r30\n\tld r30, -X\n\teor r24, r30\n\tld r30, -X\n\teor r7, r30\n"
    "\tld r30, -X\n\teor r22, r30\n\tld r30, -X\n\teor r5, r30\n\tld r30, -X\n\teor r20, r30\n"
    "\tld r30, -X\n\teor r3, r30\n\tld r30, -X\n\teor r18, r30\n\tld r30, -X\n\teor r25, r30\n"
    "\tld r30, -X\n\teor r0, r30\n\tinc r31\n\tmov r30, r0\n\teor r30, r18\n\tlpm r30, Z\n"
    "\teor r0, r30\n\teor r18, r30\n\tmov r30, r25\n\teor r30, r3\n\tlpm r30, Z\n\teor r25, r30\n"
    "\teor r3, r30\n\tmov r30, r20\n\teor r30, r22\n\tlpm r30, Z\n\teor r20, r30\n"
    "\teor r22, r30\n\tmov r30, r5\n\teor r30, r7\n\tlpm r30, Z\n\teor r5, r30\n\teor r7, r30\n"
    "\tmov r30, r24\n\teor r30, r2\n\tlpm r30, Z\n\teor r24, r30\n\teor r2, r30\n\tmov r30, r1\n"
    "\teor r30, r19\n\tlpm r30, Z\n\teor r1, r30\n\teor r19, r30\n\tmov r30, r4\n\teor r30, r6\n"
    "\tlpm r30, Z\n\teor r4, r30\n\teor r6, r30\n\tmov r30, r21\n\teor r30, r23\n\tlpm r30, Z\n"
    "\teor r21, r30\n\teor r23, r30\n\tsubi r31, 2\n\tmov r30, r0\n\teor r30, r25\n"
    "\tmov r9, r30\n\tlpm r8, Z\n\teor r0, r8\n\tmov r30, r25\n\teor r30, r18\n\tlpm r30, Z\n"
    "\teor r25, r30\n\teor r8, r30\n\tmov r30, r18\n\teor r30, r3\n\teor r9, r30\n\tlpm r30, Z\n"
    "\teor r18, r30\n\teor r8, r30\n\teor r3, r8\n\teor r0, r9\n\teor r25, r9\n\teor r18, r9\n"
    "\teor r3, r9\n\tmov r30, r20\n\teor r30, r5\n\tmov r9, r30\n\tlpm r8, Z\n\teor r20, r8\n"
    "\tmov r30, r5\n\teor r30, r22\n\tlpm r30, Z\n\teor r5, r30\n\teor r8, r30\n\tmov r30, r22\n"
    "\teor r30, r7\n\teor r9, r30\n\tlpm r30, Z\n\teor r22, r30\n\teor r8, r30\n\teor r7, r8\n"
    "\teor r20, r9\n\teor r5, r9\n\teor r22, r9\n\teor r7, r9\n\tmov r30, r24\n\teor r30, r1\n"
    "\tmov r9, r30\n\tlpm r8, Z\n\teor r24, r8\n\tmov r30, r1\n\teor r30, r2\n\tlpm r30, Z\n"
    "\teor r1, r30\n\teor r8, r30\n\tmov r30, r2\n\teor r30, r19\n\teor r9, r30\n\tlpm r30, Z\n"
    "\teor r2, r30\n\teor r8, r30\n\teor r19, r8\n\teor r24, r9\n\teor r1, r9\n\teor r2, r9\n"
    "\teor r19, r9\n\tmov r30, r4\n\teor r30, r21\n\tmov r9, r30\n\tlpm r8, Z\n\teor r4, r8\n"
    "\tmov r30, r21\n\teor r30, r6\n\tlpm r30, Z\n\teor r21, r30\n\teor r8, r30\n\tmov r30, r6\n"
    "\teor r30, r23\n\teor r9, r30\n\tlpm r30, Z\n\teor r6, r30\n\teor r8, r30\n\teor r23, r8\n"
    "\teor r4, r9\n\teor r21, r9\n\teor r6, r9\n\teor r23, r9\n\tinc r31\n\tmov r30, r0\n"
    "\tlpm r0, Z\n\tmov r30, r21\n\tlpm r21, Z\n\tmov r30, r2\n\tlpm r2, Z\n\tmov r30, r7\n"
    "\tlpm r7, Z\n\tmov r30, r20\n\tlpm r20, Z\n\tmov r30, r25\n\tlpm r25, Z\n\tmov r30, r6\n"
    "\tlpm r6, Z\n\tmov r30, r19\n\tlpm r19, Z\n\tmov r30, r24\n\tlpm r24, Z\n\tmov r30, r5\n"
    "\tlpm r5, Z\n\tmov r30, r18\n\tlpm r18, Z\n\tmov r30, r23\n\tlpm r23, Z\n\tmov r30, r4\n"
    "\tlpm r4, Z\n\tmov r30, r1\n\tlpm r1, Z\n\tmov r30, r22\n\tlpm r22, Z\n\tmov r30, r3\n"
    "\tlpm r3, Z\n\tld r30, -X\n\teor r3, r30\n\tld r30, -X\n\teor r22, r30\n\tld r30, -X\n"
    "\teor r1, r30\n\tld r30, -X\n\teor r4, r30\n\tld r30, -X\n\teor r23, r30\n\tld r30, -X\n"
    "\teor r18, r30\n\tld r30, -X\n\teor r5, r30\n\tld r30, -X\n\teor r24, r30\n\tld r30, -X\n"
    "\teor r19, r30\n\tld r30, -X\n\teor r6, r30\n\tld r30, -X\n\teor r25, r30\n\tld r30, -X\n"
    "\teor r20, r30\n\tld r30, -X\n\teor r7, r30\n\tld r30, -X\n\teor r2, r30\n\tld r30, -X\n"
    "\teor r21, r30\n\tld r30, -X\n\teor r0, r30\n\tinc r31\n\tmov r30, r0\n\teor r30, r2\n"
    "\tlpm r30, Z\n\teor r0, r30\n\teor r2, r30\n\tmov r30, r21\n\teor r30, r7\n\tlpm r30, Z\n"
    "\teor r21, r30\n\teor r7, r30\n\tmov r30, r20\n\teor r30, r6\n\tlpm r30, Z\n\teor r20, r30\n"
    "\teor r6, r30\n\tmov r30, r25\n\teor r30, r19\n\tlpm r30, Z\n\teor r25, r30\n"
    "\teor r19, r30\n\tmov r30, r24\n\teor r30, r18\n\tlpm r30, Z\n\teor r24, r30\n"
    "\teor r18, r30\n\tmov r30, r5\n\teor r30, r23\n\tlpm r30, Z\n\teor r5, r30\n\teor r23, r30\n"
    "\tmov r30, r4\n\teor r30, r22\n\tlpm r30, Z\n\teor r4, r30\n\teor r22, r30\n\tmov r30, r1\n"
    "\teor r30, r3\n\tlpm r30, Z\n\teor r1, r30\n\teor r3, r30\n\tsubi r31, 2\n\tmov r30, r0\n"
    "\teor r30, r21\n\tmov r9, r30\n\tlpm r8, Z\n\teor r0, r8\n\tmov r30, r21\n\teor r30, r2\n"
    "\tlpm r30, Z\n\teor r21, r30\n\teor r8, r30\n\tmov r30, r2\n\teor r30, r7\n\teor r9, r30\n"
    "\tlpm r30, Z\n\teor r2, r30\n\teor r8, r30\n\teor r7, r8\n\teor r0, r9\n\teor r21, r9\n"
    "\teor r2, r9\n\teor r7, r9\n\tmov r30, r20\n\teor r30, r25\n\tmov r9, r30\n\tlpm r8, Z\n"
    "\teor r20, r8\n\tmov r30, r25\n\teor r30, r6\n\tlpm r30, Z\n\teor r25, r30\n\teor r8, r30\n"
    "\tmov r30, r6\n\teor r30, r19\n\teor r9, r30\n\tlpm r30, Z\n\teor r6, r30\n\teor r8, r30\n"
    "\teor r19, r8\n\teor r20, r9\n\teor r25, r9\n\teor r6, r9\n\teor r19, r9\n\tmov r30, r24\n"
    "\teor r30, r5\n\tmov r9, r30\n\tlpm r8, Z\n\teor r24, r8\n\tmov r30, r5\n\teor r30, r18\n"
    "\tlpm r30, Z\n\teor r5, r30\n\teor r8, r30\n\tmov r30, r18\n\teor r30, r23\n\teor r9, r30\n"
    "\tlpm r30, Z\n\teor r18, r30\n\teor r8, r30\n\teor r23, r8\n\teor r24, r9\n\teor r5, r9\n"
    "\teor r18, r9\n\teor r23, r9\n\tmov r30, r4\n\teor r30, r1\n\tmov r9, r30\n\tlpm r8, Z\n"
    "\teor r4, r8\n\tmov r30, r1\n\teor r30, r22\n\tlpm r30, Z\n\teor r1, r30\n\teor r8, r30\n"
    "\tmov r30, r22\n\teor r30, r3\n\teor r9, r30\n\tlpm r30, Z\n\teor r22, r30\n\teor r8, r30\n"
    "\teor r3, r8\n\teor r4, r9\n\teor r1, r9\n\teor r22, r9\n\teor r3, r9\n\tinc r31\n"
    "\tmov r30, r0\n\tlpm r0, Z\n\tmov r30, r1\n\tlpm r1, Z\n\tmov r30, r18\n\tlpm r18, Z\n"
    "\tmov r30, r19\n\tlpm r19, Z\n\tmov r30, r20\n\tlpm r20, Z\n\tmov r30, r21\n\tlpm r21, Z\n"
    "\tmov r30, r22\n\tlpm r22, Z\n\tmov r30, r23\n\tlpm r23, Z\n\tmov r30, r24\n\tlpm r24, Z\n"
    "\tmov r30, r25\n\tlpm r25, Z\n\tmov r30, r2\n\tlpm r2, Z\n\tmov r30, r3\n\tlpm r3, Z\n"
    "\tmov r30, r4\n\tlpm r4, Z\n\tmov r30, r5\n\tlpm r5, Z\n\tmov r30, r6\n\tlpm r6, Z\n"
    "\tmov r30, r7\n\tlpm r7, Z\n\tdec r10\n\tbrne .Lavr_dgo0\n\trjmp .Lavr_dfinal0\n"
    ".Lavr_dgo0:\n"
    "\tld r30, -X\n\teor r7, r30\n\tld r30, -X\n\teor r6, r30\n\tld r30, -X\n\teor r5, r30\n"
    "\tld r30, -X\n\teor r4, r30\n\tld r30, -X\n\teor r3, r30\n\tld r30, -X\n\teor r2, r30\n"
    "\tld r30, -X\n\teor r25, r30\n\tld r30, -X\n\teor r24, r30\n\tld r30, -X\n\teor r23, r30\n"
    "\tld r30, -X\n\teor r22, r30\n\tld r30, -X\n\teor r21, r30\n\tld r30, -X\n\teor r20, r30\n"
    "\tld r30, -X\n\teor r19, r30\n\tld r30, -X\n\teor r18, r30\n\tld r30, -X\n\teor r1, r30\n"
    "\tld r30, -X\n\teor r0, r30\n\tinc r31\n\tmov r30, r0\n\teor r30, r18\n\tlpm r30, Z\n"
    "\teor r0, r30\n\teor r18, r30\n\tmov r30, r1\n\teor r30, r19\n\tlpm r30, Z\n\teor r1, r30\n"
    "\teor r19, r30\n\tmov r30, r20\n\teor r30, r22\n\tlpm r30, Z\n\teor r20, r30\n"
    "\teor r22, r30\n\tmov r30, r21\n\teor r30, r23\n\tlpm r30, Z\n\teor r21, r30\n"
    "\teor r23, r30\n\tmov r30, r24\n\teor r30, r2\n\tlpm r30, Z\n\teor r24, r30\n\teor r2, r30\n"
    "\tmov r30, r25\n\teor r30, r3\n\tlpm r30, Z\n\teor r25, r30\n\teor r3, r30\n\tmov r30, r4\n"
    "\teor r30, r6\n\tlpm r30, Z\n\teor r4, r30\n\teor r6, r30\n\tmov r30, r5\n\teor r30, r7\n"
    "\tlpm r30, Z\n\teor r5, r30\n\teor r7, r30\n\tsubi r31, 2\n\tmov r30, r0\n\teor r30, r1\n"
    "\tmov r9, r30\n\tlpm r8, Z\n\teor r0, r8\n\tmov r30, r1\n\teor r30, r18\n\tlpm r30, Z\n"
    "\teor r1, r30\n\teor r8, r30\n\tmov r30, r18\n\teor r30, r19\n\teor r9, r30\n\tlpm r30, Z\n"
    "\teor r18, r30\n\teor r8, r30\n\teor r19, r8\n\teor r0, r9\n\teor r1, r9\n\teor r18, r9\n"
    "\teor r19, r9\n\tmov r30, r20\n\teor r30, r21\n\tmov r9, r30\n\tlpm r8, Z\n\teor r20, r8\n"
    "\tmov r30, r21\n\teor r30, r22\n\tlpm r30, Z\n\teor r21, r30\n\teor r8, r30\n"
    "\tmov r30, r22\n\teor r30, r23\n\teor r9, r30\n\tlpm r30, Z\n\teor r22, r30\n\teor r8, r30\n"
    "\teor r23, r8\n\teor r20, r9\n\teor r21, r9\n\teor r22, r9\n\teor r23, r9\n\tmov r30, r24\n"
    "\teor r30, r25\n\tmov r9, r30\n\tlpm r8, Z\n\teor r24, r8\n\tmov r30, r25\n\teor r30, r2\n"
    "\tlpm r30, Z\n\teor r25, r30\n\teor r8, r30\n\tmov r30, r2\n\teor r30, r3\n\teor r9, r30\n"
    "\tlpm r30, Z\n\teor r2, r30\n\teor r8, r30\n\teor r3, r8\n\teor r24, r9\n\teor r25, r9\n"
    "\teor r2, r9\n\teor r3, r9\n\tmov r30, r4\n\teor r30, r5\n\tmov r9, r30\n\tlpm r8, Z\n"
    "\teor r4, r8\n\tmov r30, r5\n\teor r30, r6\n\tlpm r30, Z\n\teor r5, r30\n\teor r8, r30\n"
    "\tmov r30, r6\n\teor r30, r7\n\teor r9, r30\n\tlpm r30, Z\n\teor r6, r30\n\teor r8, r30\n"
    "\teor r7, r8\n\teor r4, r9\n\teor r5, r9\n\teor r6, r9\n\teor r7, r9\n\tinc r31\n"
    "\trjmp .Lavr_dloop\n"
    ".Lavr_dfinal2:\n"
    "\tld r30, -X\n\teor r23, r30\n\tld r30, -X\n\teor r6, r30\n\tld r30, -X\n\teor r21, r30\n"
    "\tld r30, -X\n\teor r4, r30\n\tld r30, -X\n\teor r19, r30\n\tld r30, -X\n\teor r2, r30\n"
    "\tld r30, -X\n\teor r1, r30\n\tld r30, -X\n\teor r24, r30\n\tld r30, -X\n\teor r7, r30\n"
    "\tld r30, -X\n\teor r22, r30\n\tld r30, -X\n\teor r5, r30\n\tld r30, -X\n\teor r20, r30\n"
    "\tld r30, -X\n\teor r3, r30\n\tld r30, -X\n\teor r18, r30\n\tld r30, -X\n\teor r25, r30\n"
    "\tld r30, -X\n\teor r0, r30\n\tmovw r30, r12\n\tst Z+, r0\n\tst Z+, r25\n\tst Z+, r18\n"
    "\tst Z+, r3\n\tst Z+, r20\n\tst Z+, r5\n\tst Z+, r22\n\tst Z+, r7\n\tst Z+, r24\n"
    "\tst Z+, r1\n\tst Z+, r2\n\tst Z+, r19\n\tst Z+, r4\n\tst Z+, r21\n\tst Z+, r6\n"
    "\tst Z+, r23\n\trjmp .Lavr_dnext\n"
    ".Lavr_dfinal0:\n"
    "\tld r30, -X\n\teor r7, r30\n\tld r30, -X\n\teor r6, r30\n\tld r30, -X\n\teor r5, r30\n"
    "\tld r30, -X\n\teor r4, r30\n\tld r30, -X\n\teor r3, r30\n\tld r30, -X\n\teor r2, r30\n"
    "\tld r30, -X\n\teor r25, r30\n\tld r30, -X\n\teor r24, r30\n\tld r30, -X\n\teor r23, r30\n"
    "\tld r30, -X\n\teor r22, r30\n\tld r30, -X\n\teor r21, r30\n\tld r30, -X\n\teor r20, r30\n"
    "\tld r30, -X\n\teor r19, r30\n\tld r30, -X\n\teor r18, r30\n\tld r30, -X\n\teor r1, r30\n"
    "\tld r30, -X\n\teor r0, r30\n\tmovw r30, r12\n\tst Z+, r0\n\tst Z+, r1\n\tst Z+, r18\n"
    "\tst Z+, r19\n\tst Z+, r20\n\tst Z+, r21\n\tst Z+, r22\n\tst Z+, r23\n\tst Z+, r24\n"
    "\tst Z+, r25\n\tst Z+, r2\n\tst Z+, r3\n\tst Z+, r4\n\tst Z+, r5\n\tst Z+, r6\n\tst Z+, r7\n"
    ".Lavr_dnext:\n"
    "\tbrts .Lavr_dmore\n"
    ".Lavr_dend:\n"
    "\tclr r1\n\tpop r13\n\tpop r12\n\tpop r10\n\tpop r9\n\tpop r8\n\tpop r7\n\tpop r6\n"
    "\tpop r5\n\tpop r4\n\tpop r3\n\tpop r2\n\tret\n"
    ".Lavr_dmore:\n"
    "\tmovw r12, r30\n\tsubi r16, 1\n\tsbci r17, 0\n\tbreq .Lavr_dmend\n\tmov r30, r11\n"
    "\tswap r30\n\tlsl r30\n\tsubi r30, -16\n\tclr r1\n\tadd r26, r30\n\tadc r27, r1\n"
    "\tmov r10, r11\n\tmovw r30, r14\n\tadiw r30, 16\n\tmovw r14, r30\n\trjmp .Lavr_dblock\n"
    ".Lavr_dmend:\n"
    "\tpop r17\n\tpop r16\n\tpop r15\n\tpop r14\n\tpop r11\n\trjmp .Lavr_dend\n"
    "\t.size rijn_i_aes_avr_dec, . - rijn_i_aes_avr_dec\n"
#endif
/* END GENERATED */
);
/* clang-format on */

#endif /* RIJN_CFG_AES_AVR */
