/*
 * aes_avr.c -- "avr": AES encryption in AVR assembly (ATmega328P,
 * ATmega2560 and other classic AVR cores); the default AES on AVR.
 *
 * Implementation notes
 *   Layout: the FIPS 197 round keys as 16*(rounds+1) bytes (the same
 *   schedule as "small"), one schedule for both directions. Key setup is
 *   assembly too (the class's setkey entry): in place in the schedule, the
 *   previous word in four registers, word i - nk read through Y, SubWord
 *   by table lookups; its branches test the word index and the round
 *   constant only.
 *   The block functions and the tables (aes_avr_asm.h, between its
 *   GENERATED markers) are produced by src/aes/tools/gen_aes_avr.py, which also checks them
 *   by interpreting them against a reference AES (call-saved registers
 *   and SRAM tables kept, 0, 1, 3 and 257 blocks; the key setup against
 *   FIPS 197 KeyExpansion), for both table placements. They are the
 *   class's encrypt/decrypt entries themselves (the C signature of
 *   rijn_aes_impl, size_t block count): no C wrapper between the
 *   dispatcher and the assembly. The block loop is in the assembly; a
 *   one-block call saves 12 registers (11 with the tables in flash), a
 *   longer one 5 more (the T flag tells the two apart). The state lives
 *   in 16 registers; ShiftRows is a renaming of registers (four rounds
 *   are unrolled per loop iteration, after which the names are back in
 *   place); AddRoundKey is fused with the next round's SubBytes;
 *   MixColumns takes xtime from a second table, three lookups a column
 *   (xtime is linear: xt(a3^a0) = xt(a0^a1)^xt(a1^a2)^xt(a2^a3)).
 *   Tables (256-byte aligned: a lookup is the page in ZH or YH and the
 *   byte in ZL or YL):
 *   - RIJN_CFG_AES_AVR_RAM=1 (the default): S-box and xtime in SRAM
 *     (rijn_i_aes_avr_ram, 512 bytes of initialized data that the C
 *     start-up copies from flash before main), read by LD in 2 cycles:
 *     SubBytes through Y (ld r28, X+ / eor r28, s / ld s, Y: 5 cycles a
 *     byte), xtime through Z (24 cycles a column), no page switch. The
 *     section is .data itself: with -fdata-sections it is the first input
 *     of the output .data, whose start (0x100 on the ATmega328P, 0x200 on
 *     the ATmega2560) is aligned, so there is no padding; where other
 *     variables share the section (LTO builds) the assembler rounds it up
 *     to 256 bytes: up to 255 bytes of RAM more. Decryption's tables stay
 *     in flash (rijn_i_aes_avr_tab: inverse S-box, 4x) and read xtime
 *     from SRAM.
 *   - RIJN_CFG_AES_AVR_RAM=0: every table in flash (rijn_i_aes_avr_tab:
 *     S-box, xtime, inverse S-box, 4x; .progmem, LPM, 3 cycles): no RAM;
 *     SubBytes 6 cycles a byte, MixColumns 27 a column + 2 page switches
 *     a round.
 *   RIJN_CFG_AES_AVR_COMPACT=1 swaps in the smallest encryption instead
 *   (tables in flash): ShiftRows by register moves, one column routine
 *   (branch-free xtime with LSL/SBC/ANDI, then AddRoundKey) called for
 *   the four columns, the S-box table only.
 *   Decryption (compiled with RIJN_CFG_AES_DECRYPT): InvShiftRows as the
 *   inverse renaming, InvSubBytes from the inverse S-box, the schedule
 *   read backwards (ld -X), InvMixColumns as MixColumns after adding
 *   u = 4(a0^a2) to a0, a2 and v = 4(a1^a3) to a1, a3 (4x from a table).
 *   Constant time ON AVR ONLY: the tables are indexed with secret bytes.
 *   That is safe here because classic AVR cores have no data cache: LD
 *   from internal SRAM takes 2 cycles and LPM 3 whatever the address
 *   (keep .data in internal SRAM, not on an external XMEM bus with wait
 *   states); there are no secret-dependent branches (loop and exit tests
 *   use the public round and block counts). The same code on a CPU with a
 *   cache would leak: this file compiles only for __AVR__
 *   (RIJN_CFG_AES_AVR). mcu/trace/trace.py checks it under simavr: the
 *   same instruction addresses, loads, stores and cycles for random keys
 *   and blocks, secret-indexed loads only inside the tables.
 *   The flash tables must lie in the first 64 KiB of flash (LPM without
 *   RAMPZ): they go to .progmem, which avr-libc's linker scripts place
 *   there.
 *   Measured (simavr, exact cycles, ATmega328P; the generator's
 *   interpreter agrees on the functions), tables in SRAM: AES-128
 *   encryption 1,869 cycles for a one-block call, 1,834 for each further
 *   block (AES-192 2,222 / 2,187, AES-256 2,581 / 2,546); decryption
 *   2,720 / 2,686 (AES-256 3,796 / 3,762); key setup (the function)
 *   1,598 cycles for AES-128, 1,840 AES-192, 2,143 AES-256. Tables in
 *   flash: encryption 2,150 / 2,120 (AES-192 2,563 / 2,533, AES-256
 *   2,982 / 2,952); decryption 2,828 / 2,794 (AES-256 3,952 / 3,918);
 *   key setup 1,638 / 1,872 / 2,195; compact encryption 3,610 / 3,492.
 *   Through the API (mcu/measure.py, -O2, tables in SRAM; in flash):
 *   enc_block_128 1,955 cycles (2,236), dec_block_128 2,806 (2,914),
 *   setup_enc_128 1,825 (1,865). Code: fast encryption 1,442 bytes
 *   (1,452 with flash tables), decryption 1,984, compact encryption 480,
 *   key setup 148; tables 512 bytes (S-box, xtime; in SRAM, or in flash)
 *   + 512 for decryption (flash) + 256 compact. Stack: 12 registers
 *   pushed (11 in flash) + return address for one block (17 / 16 for
 *   more), 2 for the key setup.
 *   Smallest configuration (RIJN_CFG_AES_AVR_COMPACT=1, RIJN_CFG_AES_DECRYPT
 *   =0, RIJN_CFG_AES_192=0, RIJN_CFG_AES_256=0, no other class): AES-128
 *   key setup + encryption, dispatcher included, 1,524 bytes of flash on
 *   the ATmega328P at -Os (mcu/tools/size_feature.py avr328p Os AES_ENC;
 *   was 2,034); the fast encryption instead: 2,752.
 *   CBC entries (C around the block functions, xor16 in assembly): the
 *   chaining XOR straight into out, decryption last block first in place;
 *   seeds' job (key setup, 48-byte PKCS#7 CBC encrypt + decrypt) 24,367
 *   cycles at -O2, 24,561 at -Os with the tables in SRAM (25,963 / 26,157
 *   in flash; 28,591 / 28,751 through the mode's generic loops).
 *   Vectors: FIPS 197 and CAVP AESAVS KAT/MMT/MCT under simavr
 *   (mcu/mcu.py test, ATmega328P and ATmega2560; on the ATmega328P the
 *   mode images run the SRAM tables, the XTS and AEAD images the flash
 *   ones) on this class; the generator's own check against a Python AES.
 */
#include "aes_i.h"
#include "internal.h"

#if RIJN_CFG_AES_AVR

/* The tables (assembly below, 256-byte aligned): with RIJN_CFG_AES_AVR_RAM
 * S-box and xtime in SRAM (rijn_i_aes_avr_ram), inverse S-box and 4x in
 * flash (rijn_i_aes_avr_tab, with decryption only); without, all four in
 * flash (rijn_i_aes_avr_tab). Read by the assembly only. */
extern const uint8_t rijn_i_aes_avr_tab[];
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

/* The tables and the assembly of the block functions and of the key
 * setup, generated (src/aes/tools/gen_aes_avr.py). */
#include "aes_avr_asm.h"

#endif /* RIJN_CFG_AES_AVR */
