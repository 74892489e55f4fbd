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

#include "aes_impl.h"

#if RIJN_CFG_AES_TTABLE

#define RIJN_I_TT_N RIJN_CFG_AES_TTABLE_TABLES

/* Block functions in assembly (aes_ttable_<arch>.c) instead of C. */
#ifndef RIJN_I_TT_ASM
#define RIJN_I_TT_ASM 0
#endif

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

/* One block each; rk: the class's schedule for the direction (encryption
 * round keys first to last; decryption: the equivalent inverse cipher's,
 * in the order used). out may equal in; any alignment. */
void rijn_i_ttable_enc1(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in);
void rijn_i_ttable_dec1(const uint32_t *rk, unsigned rounds, uint8_t *out, const uint8_t *in);

#endif
#endif /* RIJN_AES_TTABLE_H */
