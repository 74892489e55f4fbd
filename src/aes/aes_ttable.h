/*
 * aes_ttable.h -- the SRAM tables of the "ttable" class (aes_ttable.c) and
 * its block functions, shared with the assembly files of the class.
 *
 * Implementation notes
 *   One object, rijn_i_ttable_tab, in .bss (SRAM): the encryption round
 *   table(s) te, the decryption round table(s) td, the inverse S-box and
 *   the S-box, filled once by rijn_i_ttable_build() from nothing (the
 *   S-box is computed by the generator walk of GF(2^8)*, no table is read
 *   from flash). Its extent (nm -S: address and size of the symbol) is
 *   the only memory a secret-indexed load of the class may touch: the
 *   on-target trace test (mcu/README.md) checks that.
 *   Layout, little-endian column words (byte 0 = row 0):
 *     te[0][x] = 2s | s << 8 | s << 16 | 3s << 24, s = S(x);
 *     td[0][x] = 14i | 9i << 8 | 13i << 16 | 11i << 24, i = S^-1(x);
 *     te[k] / td[k] = te[0] / td[0] rotated left by 8k (four-table
 *     build only; the one-table build rotates in the round).
 *   Offsets (the assembly relies on them): te at 0, td at 1024 * TT_N,
 *   isb at 2048 * TT_N, sb at 2048 * TT_N + 256 (td and isb are present
 *   without decryption too: the layout does not depend on the options
 *   other than the table count).
 */
#ifndef RIJN_AES_TTABLE_H
#define RIJN_AES_TTABLE_H

#include "aes_i.h"

#if RIJN_CFG_AES_TTABLE

#define RIJN_I_TT_N RIJN_CFG_AES_TTABLE_TABLES

/* Block functions in assembly instead of C (RIJN_CFG_AES_TTABLE_ASM=0:
 * the C ones): 1 Thumb-2 (aes_ttable_armv7m.c, any alignment), 2 Thumb-1
 * (aes_ttable_armv6m.c), 3 RV32 (aes_ttable_rv32.c); 2 and 3 take
 * word-aligned in/out/x (rijn_i_ttable_enc1w/dec1w) and aes_ttable.c
 * bounces other buffers through an aligned one. */
#if !RIJN_CFG_AES_TTABLE_ASM || !(defined(__GNUC__) || defined(__clang__))
#define RIJN_I_TT_ASM 0
#elif defined(__thumb2__) && (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || \
                              defined(__ARM_ARCH_8M_MAIN__))
#define RIJN_I_TT_ASM 1
#elif defined(__thumb__) && (defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__))
#define RIJN_I_TT_ASM 2
#elif defined(__riscv) && defined(__riscv_xlen) && __riscv_xlen == 32
#define RIJN_I_TT_ASM 3
#else
#define RIJN_I_TT_ASM 0
#endif

/* Offsets in rijn_i_ttable_tab, as text for the assembly (.equ). */
#define RIJN_I_TT_STR2(x) #x
#define RIJN_I_TT_STR(x)  RIJN_I_TT_STR2(x)
#define RIJN_I_TT_EQU                                                                     \
    "\t.equ TTOFF_TD, 1024 * " RIJN_I_TT_STR(RIJN_I_TT_N) "\n"                             \
    "\t.equ TTOFF_ISB, 2048 * " RIJN_I_TT_STR(RIJN_I_TT_N) "\n"                            \
    "\t.equ TTOFF_SB, 2048 * " RIJN_I_TT_STR(RIJN_I_TT_N) " + 256\n"

#define RIJN_I_TT_CPUID RIJN_CFG_AES_TTABLE_CPUID

struct rijn_i_ttable_tables {
    uint32_t te[RIJN_I_TT_N][256];
    uint32_t td[RIJN_I_TT_N][256];
    uint8_t isb[256];
    uint8_t sb[256];
};

extern struct rijn_i_ttable_tables rijn_i_ttable_tab;

/* Fills rijn_i_ttable_tab (idempotent: the same values every time). */
void rijn_i_ttable_build(void);

/* One block each, with CBC's chaining XOR built in: enc1 out = E(in ^ x),
 * dec1 out = D(in) ^ x (x = 16 zero bytes for ECB). rk: the class's
 * schedule for the direction (encryption round keys first to last;
 * decryption: the equivalent inverse cipher's, in the order used). out
 * may equal in or x; any alignment. */
void rijn_i_ttable_enc1(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                        const uint8_t *x);
void rijn_i_ttable_dec1(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                        const uint8_t *x);
#if RIJN_I_TT_ASM >= 2
/* the same, word-aligned in, out and x (assembly) */
void rijn_i_ttable_enc1w(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                         const uint8_t *x);
void rijn_i_ttable_dec1w(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in,
                         const uint8_t *x);
#endif

#endif
#endif /* RIJN_AES_TTABLE_H */
