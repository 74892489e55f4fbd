/*
 * aes_ct32_armv6m.c -- "ct32v6m": the fixsliced AES of ct32 in Thumb-1
 * assembly for ARMv6-M and ARMv8-M baseline (Cortex-M0, M0+, M1, M23); the
 * default AES on those cores.
 *
 * Implementation notes
 *   Same state layout, key schedule and round structure as aes_ct32.c and
 *   aes_ct32_armv7m.c (read their notes); key setup and decryption are
 *   ct32's own functions (called through rijn_i_aes_ct32), so this class
 *   needs RIJN_CFG_AES_CT32. Only the block encryption is here.
 *   The assembly between the GENERATED markers comes from
 *   mcu/tools/gen_ct32asm_v6m.py: the pieces of gen_ct32asm.py lowered to
 *   what ARMv6-M offers (two-operand logic on r0-r7, rotations by a
 *   register, no shifted operands, no wide immediates: the masks sit in the
 *   stack frame), register-allocated with r8-r12 (and lr outside the
 *   S-box) as parking registers before stack spills, and checked by
 *   interpretation against each piece's definition.
 *   Blocks are read and written as words with LDM/STR: ARMv6-M faults on
 *   unaligned word access, so unaligned buffers go through an aligned
 *   local copy (alignment is a public property of the pointers).
 *   Rounds: the S-box is a subroutine; four rounds (MC_1, MC_2, MC_3, MC_0)
 *   per loop iteration; after the S-box of rounds 2 mod 4 and 0 mod 4 a
 *   counter (rounds / 2) decides whether this was the last round, and the
 *   matching tail adds the last round key, transposes back and applies SR^2
 *   (AES-128/256) or not (AES-192).
 *   Constant time: AND/BIC/EOR/shifts/rotations, loads and stores at
 *   addresses that depend on the round number alone; branches depend on the
 *   round count and the pointers' alignment only.
 *   Measured (QEMU microbit, exact instruction counts from a TCG plugin,
 *   through rijn_aes_encrypt_blocks, GCC 12 -Os): AES-128 4,534
 *   instructions per 2-block pass (2,267/block; ct32 C: 2,735), one block
 *   alone 4,537 (entry ..1: the block read twice, the second result to a
 *   frame scratch); AES-192 2,693 and AES-256 3,124 per block. Key setup and
 *   decryption are ct32's (~24,200 and ~3,720/block). Code ~3.2 KB;
 *   stack 152 bytes (36 pushed + 116 frame), plus a 32-byte copy in the
 *   caller for unaligned buffers.
 *   Vectors: FIPS 197, CAVP AESAVS KAT/MMT and Monte Carlo under QEMU
 *   (mcu/mcu.py test, Cortex-M0 microbit, -Os and -O2) on this class.
 */
#include "aes_impl.h"
#include "internal.h"

#include <string.h>

#if RIJN_CFG_AES_ARMV6M

/* Encrypts in[0..7] (two blocks, as words) into out[0..7], or with ..1
 * one block in[0..3] into out[0..3]; out may equal in; word-aligned. */
void rijn_i_ct32v6m_enc2(const uint32_t *rk, unsigned rounds, uint32_t *out, const uint32_t *in);
void rijn_i_ct32v6m_enc1(const uint32_t *rk, unsigned rounds, uint32_t *out, const uint32_t *in);

static void ct32v6m_setkey(uint64_t *ks, const uint8_t *key, size_t key_len, unsigned dirs)
{
    rijn_i_aes_ct32.setkey(ks, key, key_len, dirs);
}

static void ct32v6m_encrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
    const uint32_t *rk = (const uint32_t *)(const void *)ks; /* little-endian halves */
    uint32_t two[8];
    if ((((uintptr_t)in | (uintptr_t)out) & 3u) == 0) {
        for (; nblocks >= 2; nblocks -= 2, in += 32, out += 32)
            rijn_i_ct32v6m_enc2(rk, rounds, (uint32_t *)(void *)out,
                                (const uint32_t *)(const void *)in);
        if (nblocks == 1)
            rijn_i_ct32v6m_enc1(rk, rounds, (uint32_t *)(void *)out,
                                (const uint32_t *)(const void *)in);
        return;
    }
    for (; nblocks >= 2; nblocks -= 2, in += 32, out += 32) {
        memcpy(two, in, 32);
        rijn_i_ct32v6m_enc2(rk, rounds, two, two);
        memcpy(out, two, 32);
    }
    if (nblocks == 1) {
        memcpy(two, in, 16);
        rijn_i_ct32v6m_enc1(rk, rounds, two, two);
        memcpy(out, two, 16);
    }
    /* two holds output blocks only: nothing secret to wipe */
}

#if RIJN_CFG_AES_DECRYPT
static void ct32v6m_decrypt(const uint64_t *ks, unsigned rounds, uint8_t *out,
                            const uint8_t *in, size_t nblocks)
{
    rijn_i_aes_ct32.decrypt(ks, rounds, out, in, nblocks);
}
#define CT32V6M_DECRYPT ct32v6m_decrypt
#else
#define CT32V6M_DECRYPT NULL
#endif

const rijn_aes_impl rijn_i_aes_ct32v6m = {
    "ct32v6m", RIJN_AES_IMPL_CONSTTIME, NULL, ct32v6m_setkey, ct32v6m_encrypt, CT32V6M_DECRYPT,
    NULL, NULL, NULL,
};

/* clang-format off */
__asm__(
    "\t.section .text.rijn_i_ct32v6m_enc2,\"ax\",%progbits\n"
/* BEGIN GENERATED (mcu/tools/gen_ct32asm_v6m.py) */
    "\t.syntax unified\n\t.thumb\n\t.align 2\n\t.global rijn_i_ct32v6m_enc1\n"
    "\t.hidden rijn_i_ct32v6m_enc1\n\t.type rijn_i_ct32v6m_enc1, %function\n\t.thumb_func\n"
    "rijn_i_ct32v6m_enc1: @ r0 = rk, r1 = rounds, r2 = out[16], r3 = in[16], word-aligned\n"
    "\tpush {r4-r7, lr}\n\tmov r4, r8\n\tmov r5, r9\n\tmov r6, r10\n\tmov r7, r11\n"
    "\tpush {r4-r7}\n\tsub sp, #116\n\tstr r0, [sp, #0]\n\tstr r2, [sp, #8]\n\tlsrs r1, r1, #1\n"
    "\tstr r1, [sp, #12]\n\tadd r4, sp, #44\n\tstr r4, [sp, #40]\n\tbl .Lct32v6m_consts\n"
    "\tldm r3, {r0-r3}\n\tmovs r4, r0\n\tmovs r5, r1\n\tmovs r6, r2\n\tmovs r7, r3\n"
    "\tb .Lct32v6m_start\n\t.align 2\n\t.global rijn_i_ct32v6m_enc2\n"
    "\t.hidden rijn_i_ct32v6m_enc2\n\t.type rijn_i_ct32v6m_enc2, %function\n\t.thumb_func\n"
    "rijn_i_ct32v6m_enc2: @ r0 = rk, r1 = rounds, r2 = out[32], r3 = in[32], word-aligned\n"
    "\tpush {r4-r7, lr}\n\tmov r4, r8\n\tmov r5, r9\n\tmov r6, r10\n\tmov r7, r11\n"
    "\tpush {r4-r7}\n\tsub sp, #116\n\tstr r0, [sp, #0]\n\tstr r2, [sp, #8]\n\tlsrs r1, r1, #1\n"
    "\tstr r1, [sp, #12]\n\tmovs r4, r2\n\tadds r4, #16\n\tstr r4, [sp, #40]\n"
    "\tbl .Lct32v6m_consts\n\tldm r3, {r0-r7}\n"
    ".Lct32v6m_start:\n"
    "\tmov r8, r6\n\tlsrs r6, r3, #1\n\teors r6, r7\n\tmov r9, r2\n\tldr r2, [sp, #16]\n"
    "\tands r6, r2\n\teors r7, r6\n\tlsls r6, r6, #1\n\teors r3, r6\n\tlsrs r6, r1, #1\n"
    "\teors r6, r5\n\tands r6, r2\n\teors r5, r6\n\tlsls r6, r6, #1\n\teors r1, r6\n"
    "\tlsrs r6, r0, #1\n\teors r6, r4\n\tands r6, r2\n\teors r4, r6\n\tlsls r6, r6, #1\n"
    "\teors r0, r6\n\tmov r6, r9\n\tmov r10, r5\n\tlsrs r5, r6, #1\n\tmov r11, r4\n\tmov r4, r8\n"
    "\teors r5, r4\n\tands r5, r2\n\teors r4, r5\n\tlsls r5, r5, #1\n\teors r5, r6\n"
    "\tlsrs r2, r0, #2\n\teors r2, r1\n\tldr r6, [sp, #20]\n\tands r2, r6\n\teors r1, r2\n"
    "\tlsls r2, r2, #2\n\teors r0, r2\n\tlsrs r2, r5, #2\n\teors r2, r3\n\tands r2, r6\n"
    "\teors r3, r2\n\tlsls r2, r2, #2\n\teors r5, r2\n\tlsrs r2, r4, #2\n\teors r2, r7\n"
    "\tands r2, r6\n\teors r7, r2\n\tlsls r2, r2, #2\n\teors r4, r2\n\tlsrs r2, r1, #4\n"
    "\teors r2, r3\n\tmov r8, r4\n\tldr r4, [sp, #24]\n\tands r2, r4\n\teors r3, r2\n"
    "\tlsls r2, r2, #4\n\teors r1, r2\n\tmov r2, r11\n\tmov r9, r1\n\tlsrs r1, r2, #2\n"
    "\tmov r12, r3\n\tmov r3, r10\n\teors r1, r3\n\tands r1, r6\n\teors r3, r1\n"
    "\tlsls r1, r1, #2\n\teors r1, r2\n\tlsrs r2, r3, #4\n\teors r2, r7\n\tands r2, r4\n"
    "\teors r7, r2\n\tlsls r2, r2, #4\n\teors r3, r2\n\tlsrs r2, r0, #4\n\teors r2, r5\n"
    "\tands r2, r4\n\teors r5, r2\n\tlsls r2, r2, #4\n\teors r0, r2\n\tlsrs r2, r1, #4\n"
    "\tmov r6, r8\n\teors r2, r6\n\tands r2, r4\n\teors r6, r2\n\tlsls r2, r2, #4\n"
    "\teors r1, r2\n\tmov r2, r9\n\tmovs r4, r5\n\tmovs r5, r6\n\tmov r6, r12\n\tmov r8, r6\n"
    "\tldr r6, [sp, #0]\n\tmov r9, r3\n\tldr r3, [r6, #0]\n\teors r0, r3\n\tldr r3, [r6, #16]\n"
    "\teors r4, r3\n\tldr r3, [r6, #28]\n\teors r7, r3\n\tldr r3, [r6, #20]\n\teors r5, r3\n"
    "\tldr r3, [r6, #8]\n\teors r2, r3\n\tmovs r3, r6\n\tadds r3, #32\n\tstr r3, [sp, #0]\n"
    "\tldr r3, [r6, #4]\n\teors r1, r3\n\tldr r3, [r6, #12]\n\tmov r10, r0\n\tmov r0, r9\n"
    "\teors r3, r0\n\tldr r6, [r6, #24]\n\tmov r0, r8\n\teors r6, r0\n\tmov r0, r10\n"
    ".Lct32v6m_loop:\n"
    "\tbl .Lct32v6m_sbox\n\tmov r8, r5\n\tldr r5, [sp, #28]\n\tmov r9, r6\n\tmovs r6, r7\n"
    "\tbics r6, r5\n\tmov r10, r4\n\tmovs r4, #10\n\trors r6, r4\n\tands r5, r7\n\tmov r11, r3\n"
    "\tmovs r3, #2\n\trors r5, r3\n\teors r6, r5\n\teors r7, r6\n\tldr r5, [sp, #28]\n"
    "\tands r5, r0\n\trors r5, r3\n\tmov r12, r6\n\tldr r6, [sp, #28]\n\tmov lr, r7\n"
    "\tmovs r7, r1\n\tbics r7, r6\n\trors r7, r4\n\tands r6, r2\n\trors r6, r3\n"
    "\tstr r6, [sp, #60]\n\tldr r6, [sp, #0]\n\tstr r2, [sp, #64]\n\tldr r2, [sp, #28]\n"
    "\tands r2, r1\n\trors r2, r3\n\teors r7, r2\n\teors r1, r7\n\tldr r2, [r6, #8]\n"
    "\tldr r3, [sp, #28]\n\tstr r7, [sp, #68]\n\tmovs r7, r0\n\tbics r7, r3\n\trors r7, r4\n"
    "\teors r7, r5\n\teors r0, r7\n\tmov r5, lr\n\teors r7, r5\n\tldr r5, [r6, #0]\n"
    "\teors r7, r5\n\tldr r5, [r6, #4]\n\tstr r6, [sp, #72]\n\tldr r6, [sp, #64]\n\tbics r6, r3\n"
    "\trors r6, r4\n\tldr r4, [sp, #60]\n\teors r6, r4\n\tldr r4, [sp, #64]\n\teors r4, r6\n"
    "\teors r6, r1\n\teors r6, r2\n\tmov r2, lr\n\teors r2, r0\n\tstr r6, [sp, #64]\n"
    "\tldr r6, [sp, #68]\n\teors r2, r6\n\teors r2, r5\n\tldr r5, [sp, #24]\n\tmovs r6, r0\n"
    "\tbics r6, r5\n\tands r0, r5\n\tstr r4, [sp, #68]\n\tmovs r4, #20\n\trors r6, r4\n"
    "\teors r7, r6\n\tmovs r6, #12\n\trors r0, r6\n\teors r7, r0\n\tands r5, r1\n"
    "\tldr r0, [sp, #24]\n\tbics r1, r0\n\trors r1, r4\n\teors r2, r1\n\trors r5, r6\n"
    "\teors r2, r5\n\tmov r1, r11\n\tbics r1, r3\n\tmovs r5, #10\n\trors r1, r5\n"
    "\tstr r2, [sp, #60]\n\tmov r2, lr\n\tmov lr, r7\n\tldr r7, [sp, #68]\n\teors r7, r2\n"
    "\tstr r2, [sp, #76]\n\tldr r2, [sp, #68]\n\tbics r2, r0\n\tldr r5, [sp, #68]\n"
    "\tands r5, r0\n\trors r2, r4\n\tldr r4, [sp, #64]\n\teors r2, r4\n\trors r5, r6\n"
    "\teors r2, r5\n\tmov r4, r10\n\tands r4, r3\n\tmovs r5, #2\n\trors r4, r5\n"
    "\tstr r2, [sp, #64]\n\tmov r2, r11\n\tands r2, r3\n\trors r2, r5\n\teors r1, r2\n"
    "\tmov r2, r11\n\teors r2, r1\n\teors r7, r1\n\tmov r1, r10\n\tbics r1, r3\n\tmovs r5, #10\n"
    "\trors r1, r5\n\teors r1, r4\n\tmov r4, r10\n\teors r4, r1\n\tmovs r5, r2\n\tbics r5, r0\n"
    "\tmovs r3, #20\n\trors r5, r3\n\tmov r10, r5\n\tmovs r5, r4\n\tbics r5, r0\n\trors r5, r3\n"
    "\tands r0, r4\n\trors r0, r6\n\tldr r3, [sp, #24]\n\tands r3, r2\n\tmov r11, r4\n"
    "\tldr r4, [sp, #76]\n\teors r2, r4\n\teors r2, r1\n\trors r3, r6\n\tldr r1, [sp, #72]\n"
    "\tldr r4, [r1, #12]\n\teors r7, r4\n\tmov r4, r10\n\teors r7, r4\n\teors r7, r3\n"
    "\tldr r3, [r1, #16]\n\teors r2, r3\n\teors r2, r5\n\teors r2, r0\n\tldr r0, [r1, #20]\n"
    "\tmov r3, r9\n\tldr r4, [sp, #28]\n\tands r3, r4\n\tmovs r5, #2\n\trors r3, r5\n"
    "\tmov r10, r2\n\tldr r2, [r1, #24]\n\tstr r7, [sp, #68]\n\tldr r7, [r1, #28]\n"
    "\tadds r1, #32\n\tstr r1, [sp, #0]\n\tmov r1, r8\n\tands r1, r4\n\trors r1, r5\n"
    "\tmov r5, r8\n\tbics r5, r4\n\tmovs r6, #10\n\trors r5, r6\n\teors r5, r1\n\tmov r1, r11\n"
    "\teors r1, r5\n\tmov r11, r7\n\tmov r7, r8\n\teors r5, r7\n\teors r1, r0\n\tmov r0, r9\n"
    "\tbics r0, r4\n\trors r0, r6\n\teors r0, r3\n\tmov r3, r9\n\teors r3, r0\n\teors r0, r5\n"
    "\teors r0, r2\n\tmov r2, r12\n\teors r2, r3\n\tmov r4, r11\n\teors r2, r4\n"
    "\tldr r4, [sp, #24]\n\tands r4, r3\n\tldr r6, [sp, #24]\n\tbics r3, r6\n\tmovs r7, #12\n"
    "\trors r4, r7\n\tmov r8, r1\n\tmovs r1, #20\n\trors r3, r1\n\teors r0, r3\n\teors r0, r4\n"
    "\tldr r3, [sp, #76]\n\tbics r3, r6\n\tldr r4, [sp, #76]\n\tands r4, r6\n\trors r4, r7\n"
    "\trors r3, r1\n\teors r2, r3\n\teors r2, r4\n\tands r6, r5\n\trors r6, r7\n"
    "\tldr r3, [sp, #24]\n\tbics r5, r3\n\trors r5, r1\n\tmov r1, r8\n\teors r5, r1\n"
    "\teors r5, r6\n\tldr r1, [sp, #60]\n\tldr r3, [sp, #68]\n\tmov r4, r10\n\tmovs r6, r0\n"
    "\tmovs r7, r2\n\tmov r0, lr\n\tldr r2, [sp, #64]\n\tbl .Lct32v6m_sbox\n\tmov r12, r0\n"
    "\tldr r0, [sp, #12]\n\tsubs r0, #1\n\tstr r0, [sp, #12]\n\tmov r0, r12\n"
    "\tbne .Lct32v6m_go2\n\tbl .Lct32v6m_final2\n"
    ".Lct32v6m_go2:\n"
    "\tmov r8, r6\n\tldr r6, [sp, #0]\n\tmov r9, r5\n\tldr r5, [sp, #24]\n\tands r5, r7\n"
    "\tmov r10, r4\n\tldr r4, [sp, #24]\n\tmov r11, r3\n\tmovs r3, r7\n\tbics r3, r4\n"
    "\tmov r12, r2\n\tmovs r2, #12\n\trors r3, r2\n\tmov lr, r1\n\tmovs r1, #4\n\trors r5, r1\n"
    "\teors r3, r5\n\teors r7, r3\n\tands r4, r0\n\tldr r5, [sp, #24]\n\tstr r3, [sp, #60]\n"
    "\tmovs r3, r0\n\tbics r3, r5\n\trors r3, r2\n\trors r4, r1\n\teors r3, r4\n\teors r0, r3\n"
    "\tldr r4, [r6, #0]\n\teors r3, r7\n\teors r3, r4\n\tmovs r4, #16\n\tstr r7, [sp, #64]\n"
    "\tmovs r7, r0\n\trors r7, r4\n\teors r3, r7\n\tmov r7, lr\n\tands r7, r5\n"
    "\tstr r3, [sp, #68]\n\tmov r3, lr\n\tbics r3, r5\n\trors r3, r2\n\trors r7, r1\n"
    "\teors r3, r7\n\tmov r7, lr\n\teors r7, r3\n\tldr r1, [r6, #4]\n\tmov lr, r6\n"
    "\tldr r6, [sp, #64]\n\teors r0, r6\n\teors r0, r3\n\teors r0, r1\n\tmovs r1, r7\n"
    "\trors r1, r4\n\teors r0, r1\n\tmov r1, r12\n\tands r1, r5\n\tmov r3, r12\n\tbics r3, r5\n"
    "\trors r3, r2\n\tstr r0, [sp, #72]\n\tmovs r0, #4\n\trors r1, r0\n\teors r3, r1\n"
    "\tmov r1, r12\n\teors r1, r3\n\tmov r6, lr\n\tldr r0, [r6, #8]\n\teors r7, r3\n"
    "\teors r7, r0\n\tmovs r0, r1\n\trors r0, r4\n\teors r7, r0\n\tmov r0, r11\n\tands r0, r5\n"
    "\tmov r3, r11\n\tbics r3, r5\n\trors r3, r2\n\tmov r12, r7\n\tmovs r7, #4\n\trors r0, r7\n"
    "\teors r3, r0\n\tmov r0, r11\n\teors r0, r3\n\tldr r7, [r6, #12]\n\tldr r6, [sp, #64]\n"
    "\teors r1, r6\n\teors r1, r3\n\teors r1, r7\n\tmovs r3, r0\n\trors r3, r4\n\teors r1, r3\n"
    "\tmov r3, r10\n\tands r3, r5\n\tmov r7, r10\n\tbics r7, r5\n\trors r7, r2\n\tmov r11, r1\n"
    "\tmovs r1, #4\n\trors r3, r1\n\teors r7, r3\n\tmov r3, r10\n\teors r3, r7\n\tmov r1, lr\n"
    "\tldr r2, [r1, #16]\n\teors r0, r6\n\teors r0, r7\n\teors r0, r2\n\tmovs r2, r3\n"
    "\trors r2, r4\n\teors r0, r2\n\tmov r2, r9\n\tands r2, r5\n\tmov r7, r9\n\tbics r7, r5\n"
    "\tmov r10, r0\n\tmovs r0, #12\n\trors r7, r0\n\tmovs r6, #4\n\trors r2, r6\n\teors r7, r2\n"
    "\tmov r2, r9\n\teors r2, r7\n\tldr r6, [r1, #20]\n\teors r3, r7\n\teors r3, r6\n"
    "\tmovs r6, r2\n\trors r6, r4\n\teors r3, r6\n\tmov r6, r8\n\tands r6, r5\n\tmov r7, r8\n"
    "\tbics r7, r5\n\trors r7, r0\n\tmovs r0, #4\n\trors r6, r0\n\teors r7, r6\n\tmov r0, r8\n"
    "\teors r0, r7\n\tldr r5, [r1, #24]\n\teors r2, r7\n\teors r2, r5\n\tmovs r5, r0\n"
    "\trors r5, r4\n\teors r2, r5\n\tldr r5, [r1, #28]\n\tldr r6, [sp, #60]\n\teors r0, r6\n"
    "\teors r0, r5\n\tldr r5, [sp, #64]\n\trors r5, r4\n\teors r0, r5\n\tadds r1, #32\n"
    "\tstr r1, [sp, #0]\n\tldr r1, [sp, #72]\n\tmov r4, r10\n\tmovs r5, r3\n\tmovs r6, r2\n"
    "\tmovs r7, r0\n\tldr r0, [sp, #68]\n\tmov r2, r12\n\tmov r3, r11\n\tbl .Lct32v6m_sbox\n"
    "\tmov r8, r5\n\tldr r5, [sp, #32]\n\tmov r9, r6\n\tmovs r6, r7\n\tbics r6, r5\n"
    "\tmov r10, r4\n\tmovs r4, #14\n\trors r6, r4\n\tands r5, r7\n\tmov r11, r3\n\tmovs r3, #6\n"
    "\trors r5, r3\n\teors r6, r5\n\teors r7, r6\n\tldr r5, [sp, #32]\n\tands r5, r0\n"
    "\trors r5, r3\n\tmov r12, r6\n\tldr r6, [sp, #32]\n\tmov lr, r7\n\tmovs r7, r1\n"
    "\tbics r7, r6\n\trors r7, r4\n\tands r6, r2\n\trors r6, r3\n\tstr r6, [sp, #60]\n"
    "\tldr r6, [sp, #0]\n\tstr r2, [sp, #64]\n\tldr r2, [sp, #32]\n\tands r2, r1\n\trors r2, r3\n"
    "\teors r7, r2\n\teors r1, r7\n\tldr r2, [r6, #8]\n\tldr r3, [sp, #32]\n\tstr r7, [sp, #68]\n"
    "\tmovs r7, r0\n\tbics r7, r3\n\trors r7, r4\n\teors r7, r5\n\teors r0, r7\n\tmov r5, lr\n"
    "\teors r7, r5\n\tldr r5, [r6, #0]\n\teors r7, r5\n\tldr r5, [r6, #4]\n\tstr r6, [sp, #72]\n"
    "\tldr r6, [sp, #64]\n\tbics r6, r3\n\trors r6, r4\n\tldr r4, [sp, #60]\n\teors r6, r4\n"
    "\tldr r4, [sp, #64]\n\teors r4, r6\n\teors r6, r1\n\teors r6, r2\n\tmov r2, lr\n"
    "\teors r2, r0\n\tstr r6, [sp, #64]\n\tldr r6, [sp, #68]\n\teors r2, r6\n\teors r2, r5\n"
    "\tldr r5, [sp, #24]\n\tmovs r6, r0\n\tbics r6, r5\n\tands r0, r5\n\tstr r4, [sp, #68]\n"
    "\tmovs r4, #20\n\trors r6, r4\n\teors r7, r6\n\tmovs r6, #12\n\trors r0, r6\n\teors r7, r0\n"
    "\tands r5, r1\n\tldr r0, [sp, #24]\n\tbics r1, r0\n\trors r1, r4\n\teors r2, r1\n"
    "\trors r5, r6\n\teors r2, r5\n\tmov r1, r11\n\tbics r1, r3\n\tmovs r5, #14\n\trors r1, r5\n"
    "\tstr r2, [sp, #60]\n\tmov r2, lr\n\tmov lr, r7\n\tldr r7, [sp, #68]\n\teors r7, r2\n"
    "\tstr r2, [sp, #76]\n\tldr r2, [sp, #68]\n\tbics r2, r0\n\tldr r5, [sp, #68]\n"
    "\tands r5, r0\n\trors r2, r4\n\tldr r4, [sp, #64]\n\teors r2, r4\n\trors r5, r6\n"
    "\teors r2, r5\n\tmov r4, r10\n\tands r4, r3\n\tmovs r5, #6\n\trors r4, r5\n"
    "\tstr r2, [sp, #64]\n\tmov r2, r11\n\tands r2, r3\n\trors r2, r5\n\teors r1, r2\n"
    "\tmov r2, r11\n\teors r2, r1\n\teors r7, r1\n\tmov r1, r10\n\tbics r1, r3\n\tmovs r5, #14\n"
    "\trors r1, r5\n\teors r1, r4\n\tmov r4, r10\n\teors r4, r1\n\tmovs r5, r2\n\tbics r5, r0\n"
    "\tmovs r3, #20\n\trors r5, r3\n\tmov r10, r5\n\tmovs r5, r4\n\tbics r5, r0\n\trors r5, r3\n"
    "\tands r0, r4\n\trors r0, r6\n\tldr r3, [sp, #24]\n\tands r3, r2\n\tmov r11, r4\n"
    "\tldr r4, [sp, #76]\n\teors r2, r4\n\teors r2, r1\n\trors r3, r6\n\tldr r1, [sp, #72]\n"
    "\tldr r4, [r1, #12]\n\teors r7, r4\n\tmov r4, r10\n\teors r7, r4\n\teors r7, r3\n"
    "\tldr r3, [r1, #16]\n\teors r2, r3\n\teors r2, r5\n\teors r2, r0\n\tldr r0, [r1, #20]\n"
    "\tmov r3, r9\n\tldr r4, [sp, #32]\n\tands r3, r4\n\tmovs r5, #6\n\trors r3, r5\n"
    "\tmov r10, r2\n\tldr r2, [r1, #24]\n\tstr r7, [sp, #68]\n\tldr r7, [r1, #28]\n"
    "\tadds r1, #32\n\tstr r1, [sp, #0]\n\tmov r1, r8\n\tands r1, r4\n\trors r1, r5\n"
    "\tmov r5, r8\n\tbics r5, r4\n\tmovs r6, #14\n\trors r5, r6\n\teors r5, r1\n\tmov r1, r11\n"
    "\teors r1, r5\n\tmov r11, r7\n\tmov r7, r8\n\teors r5, r7\n\teors r1, r0\n\tmov r0, r9\n"
    "\tbics r0, r4\n\trors r0, r6\n\teors r0, r3\n\tmov r3, r9\n\teors r3, r0\n\teors r0, r5\n"
    "\teors r0, r2\n\tmov r2, r12\n\teors r2, r3\n\tmov r4, r11\n\teors r2, r4\n"
    "\tldr r4, [sp, #24]\n\tands r4, r3\n\tldr r6, [sp, #24]\n\tbics r3, r6\n\tmovs r7, #12\n"
    "\trors r4, r7\n\tmov r8, r1\n\tmovs r1, #20\n\trors r3, r1\n\teors r0, r3\n\teors r0, r4\n"
    "\tldr r3, [sp, #76]\n\tbics r3, r6\n\tldr r4, [sp, #76]\n\tands r4, r6\n\trors r4, r7\n"
    "\trors r3, r1\n\teors r2, r3\n\teors r2, r4\n\tands r6, r5\n\trors r6, r7\n"
    "\tldr r3, [sp, #24]\n\tbics r5, r3\n\trors r5, r1\n\tmov r1, r8\n\teors r5, r1\n"
    "\teors r5, r6\n\tldr r1, [sp, #60]\n\tldr r3, [sp, #68]\n\tmov r4, r10\n\tmovs r6, r0\n"
    "\tmovs r7, r2\n\tmov r0, lr\n\tldr r2, [sp, #64]\n\tbl .Lct32v6m_sbox\n\tmov r12, r0\n"
    "\tldr r0, [sp, #12]\n\tsubs r0, #1\n\tstr r0, [sp, #12]\n\tmov r0, r12\n"
    "\tbne .Lct32v6m_go0\n\tbl .Lct32v6m_final0\n"
    ".Lct32v6m_go0:\n"
    "\tmov r8, r6\n\tldr r6, [sp, #0]\n\tmov r9, r5\n\tmovs r5, #8\n\tmov r10, r4\n"
    "\tmovs r4, r7\n\trors r4, r5\n\teors r4, r7\n\tmov r11, r7\n\tmovs r7, r0\n\trors r7, r5\n"
    "\teors r7, r0\n\tmov r12, r3\n\tldr r3, [r6, #0]\n\teors r3, r4\n\trors r0, r5\n"
    "\teors r3, r0\n\tmovs r0, #16\n\tmov lr, r2\n\tmovs r2, r7\n\trors r2, r0\n\teors r3, r2\n"
    "\tmovs r2, r1\n\trors r2, r5\n\teors r2, r1\n\tstr r3, [sp, #60]\n\tldr r3, [r6, #4]\n"
    "\teors r7, r4\n\teors r7, r3\n\trors r1, r5\n\teors r7, r1\n\tmovs r1, r2\n\trors r1, r0\n"
    "\teors r7, r1\n\tmov r1, lr\n\trors r1, r5\n\tmov r3, lr\n\teors r1, r3\n\tmov lr, r7\n"
    "\tldr r7, [r6, #8]\n\teors r2, r7\n\trors r3, r5\n\teors r2, r3\n\tmovs r3, r1\n"
    "\trors r3, r0\n\teors r2, r3\n\tmov r3, r12\n\trors r3, r5\n\tmov r7, r12\n\teors r3, r7\n"
    "\tmov r12, r2\n\tldr r2, [r6, #12]\n\teors r1, r4\n\teors r1, r2\n\trors r7, r5\n"
    "\teors r1, r7\n\tmovs r2, r3\n\trors r2, r0\n\teors r1, r2\n\tmov r2, r10\n\trors r2, r5\n"
    "\tmov r7, r10\n\teors r2, r7\n\tmov r10, r1\n\tldr r1, [r6, #16]\n\teors r3, r4\n"
    "\teors r3, r1\n\trors r7, r5\n\teors r3, r7\n\tmovs r1, r2\n\trors r1, r0\n\teors r3, r1\n"
    "\tmov r1, r9\n\trors r1, r5\n\tmov r7, r9\n\teors r1, r7\n\tmov r9, r3\n"
    "\tldr r3, [r6, #20]\n\teors r2, r3\n\trors r7, r5\n\teors r2, r7\n\tmovs r3, r1\n"
    "\trors r3, r0\n\teors r2, r3\n\tmov r3, r8\n\trors r3, r5\n\tmov r7, r8\n\teors r3, r7\n"
    "\tmov r8, r2\n\tldr r2, [r6, #24]\n\teors r1, r2\n\trors r7, r5\n\teors r1, r7\n"
    "\tmovs r2, r3\n\trors r2, r0\n\teors r1, r2\n\tldr r2, [r6, #28]\n\teors r3, r2\n"
    "\tmov r2, r11\n\trors r2, r5\n\teors r3, r2\n\trors r4, r0\n\teors r3, r4\n\tadds r6, #32\n"
    "\tstr r6, [sp, #0]\n\tldr r0, [sp, #60]\n\tmov r2, r12\n\tmov r4, r9\n\tmov r5, r8\n"
    "\tmovs r6, r1\n\tmovs r7, r3\n\tmov r1, lr\n\tmov r3, r10\n\tb .Lct32v6m_loop\n"
    ".Lct32v6m_final2:\n"
    "\tmov r8, r7\n\tldr r7, [sp, #0]\n\tmov r9, r6\n\tldr r6, [r7, #0]\n\teors r0, r6\n"
    "\tldr r6, [r7, #4]\n\teors r1, r6\n\tldr r6, [r7, #8]\n\teors r2, r6\n\tldr r6, [r7, #12]\n"
    "\teors r3, r6\n\tldr r6, [r7, #16]\n\teors r4, r6\n\tldr r6, [r7, #20]\n\teors r5, r6\n"
    "\tldr r6, [r7, #24]\n\tmov r10, r0\n\tmov r0, r9\n\teors r6, r0\n\tldr r7, [r7, #28]\n"
    "\tmov r0, r8\n\teors r7, r0\n\tmov r0, r10\n\tmov r8, r5\n\tlsrs r5, r2, #1\n\teors r5, r3\n"
    "\tmov r9, r4\n\tldr r4, [sp, #16]\n\tands r5, r4\n\teors r3, r5\n\tlsls r5, r5, #1\n"
    "\teors r2, r5\n\tlsrs r5, r6, #1\n\teors r5, r7\n\tands r5, r4\n\teors r7, r5\n"
    "\tlsls r5, r5, #1\n\teors r6, r5\n\tlsrs r5, r0, #1\n\teors r5, r1\n\tands r5, r4\n"
    "\teors r1, r5\n\tlsls r5, r5, #1\n\teors r0, r5\n\tmov r5, r9\n\tmov r10, r3\n"
    "\tlsrs r3, r5, #1\n\tmov r11, r1\n\tmov r1, r8\n\teors r3, r1\n\tands r3, r4\n"
    "\teors r1, r3\n\tlsls r3, r3, #1\n\teors r3, r5\n\tlsrs r4, r0, #2\n\teors r4, r2\n"
    "\tldr r5, [sp, #20]\n\tands r4, r5\n\teors r2, r4\n\tlsls r4, r4, #2\n\teors r0, r4\n"
    "\tlsrs r4, r1, #2\n\teors r4, r7\n\tands r4, r5\n\teors r7, r4\n\tlsls r4, r4, #2\n"
    "\teors r1, r4\n\tlsrs r4, r0, #4\n\tmov r8, r1\n\tlsrs r1, r3, #2\n\teors r1, r6\n"
    "\tands r1, r5\n\teors r6, r1\n\tlsls r1, r1, #2\n\teors r3, r1\n\teors r4, r3\n"
    "\tldr r1, [sp, #24]\n\tands r4, r1\n\teors r3, r4\n\tlsls r4, r4, #4\n\teors r0, r4\n"
    "\tmov r4, r11\n\tmov r9, r0\n\tlsrs r0, r4, #2\n\tmov r12, r3\n\tmov r3, r10\n"
    "\teors r0, r3\n\tands r0, r5\n\teors r3, r0\n\tlsls r0, r0, #2\n\teors r0, r4\n"
    "\tlsrs r4, r3, #4\n\teors r4, r7\n\tands r4, r1\n\teors r7, r4\n\tlsls r4, r4, #4\n"
    "\teors r3, r4\n\tlsrs r4, r2, #4\n\teors r4, r6\n\tands r4, r1\n\teors r6, r4\n"
    "\tlsls r4, r4, #4\n\teors r2, r4\n\tlsrs r4, r0, #4\n\tmov r5, r8\n\teors r4, r5\n"
    "\tands r4, r1\n\teors r5, r4\n\tlsls r4, r4, #4\n\teors r0, r4\n\tmovs r1, r0\n"
    "\tmov r4, r12\n\tmov r0, r9\n\tmov r8, r3\n\tmovs r3, r0\n\teors r3, r4\n\tmov r9, r7\n"
    "\tldr r7, [sp, #36]\n\tands r3, r7\n\teors r0, r3\n\teors r4, r3\n\tmovs r3, r2\n"
    "\teors r3, r6\n\tands r3, r7\n\teors r2, r3\n\teors r6, r3\n\tmovs r3, r1\n\teors r3, r5\n"
    "\tands r3, r7\n\teors r1, r3\n\teors r5, r3\n\tmov r3, r8\n\tmov r10, r0\n\tmov r0, r9\n"
    "\teors r3, r0\n\tands r3, r7\n\teors r0, r3\n\tmov r7, r8\n\teors r3, r7\n\tmovs r7, r0\n"
    "\tmov r0, r10\n\tmov r12, r7\n\tldr r7, [sp, #8]\n\tstr r0, [r7, #0]\n\tstr r2, [r7, #4]\n"
    "\tstr r4, [r7, #8]\n\tstr r6, [r7, #12]\n\tldr r7, [sp, #40]\n\tstr r1, [r7, #0]\n"
    "\tstr r3, [r7, #4]\n\tstr r5, [r7, #8]\n\tmov r0, r12\n\tstr r0, [r7, #12]\n"
    "\tb .Lct32v6m_done\n"
    ".Lct32v6m_final0:\n"
    "\tmov r8, r7\n\tldr r7, [sp, #0]\n\tmov r9, r6\n\tldr r6, [r7, #0]\n\teors r0, r6\n"
    "\tldr r6, [r7, #4]\n\teors r1, r6\n\tldr r6, [r7, #8]\n\teors r2, r6\n\tldr r6, [r7, #12]\n"
    "\teors r3, r6\n\tldr r6, [r7, #16]\n\teors r4, r6\n\tldr r6, [r7, #20]\n\teors r5, r6\n"
    "\tldr r6, [r7, #24]\n\tmov r10, r0\n\tmov r0, r9\n\teors r6, r0\n\tldr r7, [r7, #28]\n"
    "\tmov r0, r8\n\teors r7, r0\n\tmov r0, r10\n\tmov r8, r5\n\tlsrs r5, r2, #1\n\teors r5, r3\n"
    "\tmov r9, r4\n\tldr r4, [sp, #16]\n\tands r5, r4\n\teors r3, r5\n\tlsls r5, r5, #1\n"
    "\teors r2, r5\n\tlsrs r5, r6, #1\n\teors r5, r7\n\tands r5, r4\n\teors r7, r5\n"
    "\tlsls r5, r5, #1\n\teors r6, r5\n\tlsrs r5, r0, #1\n\teors r5, r1\n\tands r5, r4\n"
    "\teors r1, r5\n\tlsls r5, r5, #1\n\teors r0, r5\n\tmov r5, r9\n\tmov r10, r3\n"
    "\tlsrs r3, r5, #1\n\tmov r11, r1\n\tmov r1, r8\n\teors r3, r1\n\tands r3, r4\n"
    "\teors r1, r3\n\tlsls r3, r3, #1\n\teors r3, r5\n\tlsrs r4, r0, #2\n\teors r4, r2\n"
    "\tldr r5, [sp, #20]\n\tands r4, r5\n\teors r2, r4\n\tlsls r4, r4, #2\n\teors r0, r4\n"
    "\tlsrs r4, r1, #2\n\teors r4, r7\n\tands r4, r5\n\teors r7, r4\n\tlsls r4, r4, #2\n"
    "\teors r1, r4\n\tlsrs r4, r0, #4\n\tmov r8, r1\n\tlsrs r1, r3, #2\n\teors r1, r6\n"
    "\tands r1, r5\n\teors r6, r1\n\tlsls r1, r1, #2\n\teors r3, r1\n\teors r4, r3\n"
    "\tldr r1, [sp, #24]\n\tands r4, r1\n\teors r3, r4\n\tlsls r4, r4, #4\n\teors r0, r4\n"
    "\tmov r4, r11\n\tmov r9, r0\n\tlsrs r0, r4, #2\n\tmov r12, r3\n\tmov r3, r10\n"
    "\teors r0, r3\n\tands r0, r5\n\teors r3, r0\n\tlsls r0, r0, #2\n\teors r0, r4\n"
    "\tlsrs r4, r3, #4\n\teors r4, r7\n\tands r4, r1\n\teors r7, r4\n\tlsls r4, r4, #4\n"
    "\teors r3, r4\n\tlsrs r4, r2, #4\n\teors r4, r6\n\tands r4, r1\n\teors r6, r4\n"
    "\tlsls r4, r4, #4\n\teors r2, r4\n\tlsrs r4, r0, #4\n\tmov r5, r8\n\teors r4, r5\n"
    "\tands r4, r1\n\teors r5, r4\n\tlsls r4, r4, #4\n\teors r0, r4\n\tmovs r1, r0\n"
    "\tmov r4, r12\n\tmov r0, r9\n\tmov r12, r7\n\tldr r7, [sp, #8]\n\tstr r0, [r7, #0]\n"
    "\tstr r2, [r7, #4]\n\tstr r4, [r7, #8]\n\tstr r6, [r7, #12]\n\tldr r7, [sp, #40]\n"
    "\tstr r1, [r7, #0]\n\tstr r3, [r7, #4]\n\tstr r5, [r7, #8]\n\tmov r0, r12\n"
    "\tstr r0, [r7, #12]\n"
    ".Lct32v6m_done:\n"
    "\tadd sp, #116\n\tpop {r4-r7}\n\tmov r8, r4\n\tmov r9, r5\n\tmov r10, r6\n\tmov r11, r7\n"
    "\tpop {r4-r7, pc}\n"
    "\n"
    "\t.align 2\n\t.thumb_func\n"
    ".Lct32v6m_sbox: @ q0..q7 in r0..r7 -> S(q) ^ 0x63; uses r8-r12 and the caller's frame\n"
    "\teors r3, r1\n\tmov r8, r3\n\tmovs r3, r7\n\teors r3, r2\n\tmov r9, r3\n\tmovs r3, r5\n"
    "\teors r3, r2\n\teors r5, r6\n\teors r6, r2\n\teors r2, r4\n\tmov r10, r2\n\tmovs r2, r7\n"
    "\teors r2, r4\n\teors r7, r1\n\teors r4, r0\n\teors r4, r5\n\teors r1, r0\n\teors r1, r5\n"
    "\tmov r11, r7\n\tmov r7, r9\n\teors r7, r1\n\tmov r12, r7\n\tmovs r7, r0\n\teors r7, r5\n"
    "\tstr r1, [sp, #60]\n\tmovs r1, r4\n\tands r1, r0\n\tstr r1, [sp, #64]\n\tmovs r1, r2\n"
    "\teors r1, r3\n\tstr r7, [sp, #68]\n\tmov r7, r8\n\teors r3, r7\n\tmov r8, r0\n"
    "\tmovs r0, r2\n\teors r0, r4\n\tstr r4, [sp, #72]\n\tmovs r4, r2\n\teors r4, r7\n"
    "\teors r5, r4\n\teors r7, r6\n\teors r6, r4\n\tstr r0, [sp, #76]\n\tmov r0, r11\n"
    "\tmov r11, r6\n\tmov r6, r10\n\teors r6, r0\n\tstr r6, [sp, #80]\n\tmovs r6, r0\n"
    "\teors r6, r3\n\tstr r2, [sp, #84]\n\tmov r2, r10\n\tands r2, r1\n\tstr r1, [sp, #88]\n"
    "\tmovs r1, r0\n\tands r1, r3\n\teors r6, r1\n\tstr r0, [sp, #92]\n\tmov r0, r9\n"
    "\tands r0, r5\n\tstr r1, [sp, #96]\n\tmov r1, r8\n\teors r1, r4\n\tstr r3, [sp, #100]\n"
    "\tldr r3, [sp, #84]\n\tands r3, r7\n\teors r0, r3\n\teors r2, r3\n\tmov r3, r9\n"
    "\teors r3, r5\n\tstr r7, [sp, #104]\n\tldr r7, [sp, #60]\n\tstr r5, [sp, #108]\n"
    "\tldr r5, [sp, #68]\n\tands r7, r5\n\teors r6, r7\n\teors r6, r2\n\tldr r7, [sp, #80]\n"
    "\tands r7, r4\n\tstr r4, [sp, #112]\n\tmov r4, r11\n\teors r4, r7\n\tmov r11, r6\n"
    "\tldr r6, [sp, #64]\n\teors r7, r6\n\teors r7, r3\n\teors r7, r0\n\tmov r3, r12\n"
    "\tands r3, r1\n\teors r4, r3\n\teors r4, r2\n\tldr r2, [sp, #100]\n\teors r5, r2\n"
    "\tmovs r3, r4\n\teors r3, r7\n\tldr r6, [sp, #76]\n\tands r6, r5\n\tldr r2, [sp, #96]\n"
    "\teors r6, r2\n\teors r6, r0\n\tmov r0, r11\n\tands r0, r7\n\tldr r2, [sp, #76]\n"
    "\teors r2, r5\n\teors r6, r2\n\tmovs r2, r4\n\tands r2, r6\n\tands r2, r3\n"
    "\tstr r5, [sp, #96]\n\tmov r5, r11\n\tands r4, r5\n\teors r5, r6\n\tands r0, r5\n"
    "\tmov r11, r2\n\tmovs r2, r7\n\teors r2, r4\n\tands r2, r5\n\teors r2, r6\n\teors r6, r4\n"
    "\teors r5, r4\n\teors r0, r5\n\tldr r5, [sp, #72]\n\tands r5, r2\n\tands r1, r0\n"
    "\tstr r5, [sp, #72]\n\tmov r5, r8\n\tands r5, r2\n\tands r6, r3\n\teors r7, r6\n"
    "\teors r3, r4\n\tmov r4, r11\n\teors r3, r4\n\tmov r4, r12\n\tands r4, r0\n"
    "\tldr r6, [sp, #60]\n\tands r6, r3\n\tmov r8, r4\n\tldr r4, [sp, #76]\n\tands r4, r7\n"
    "\tmov r11, r4\n\tldr r4, [sp, #68]\n\tands r4, r3\n\tmov r12, r4\n\tldr r4, [sp, #96]\n"
    "\tands r4, r7\n\teors r6, r4\n\teors r4, r5\n\tstr r6, [sp, #96]\n\tmovs r6, r7\n"
    "\teors r6, r3\n\teors r7, r2\n\teors r3, r0\n\teors r2, r0\n\tldr r0, [sp, #108]\n"
    "\tands r0, r3\n\tstr r5, [sp, #108]\n\tldr r5, [sp, #112]\n\tands r5, r2\n"
    "\tstr r5, [sp, #112]\n\tldr r5, [sp, #80]\n\tands r2, r5\n\tldr r5, [sp, #92]\n"
    "\tands r5, r6\n\tstr r4, [sp, #92]\n\tldr r4, [sp, #100]\n\tands r6, r4\n\teors r1, r2\n"
    "\tldr r4, [sp, #104]\n\tands r4, r7\n\teors r0, r5\n\tstr r2, [sp, #104]\n\tmov r2, r9\n"
    "\tands r2, r3\n\tmov r9, r6\n\tldr r6, [sp, #92]\n\teors r6, r1\n\teors r3, r7\n"
    "\tstr r6, [sp, #92]\n\tldr r6, [sp, #84]\n\tands r7, r6\n\tldr r6, [sp, #112]\n"
    "\teors r1, r6\n\tstr r1, [sp, #84]\n\tldr r1, [sp, #108]\n\teors r6, r1\n\teors r2, r0\n"
    "\tldr r1, [sp, #88]\n\tands r1, r3\n\tstr r2, [sp, #88]\n\tmov r2, r10\n\tands r3, r2\n"
    "\teors r0, r1\n\tmov r2, r11\n\teors r2, r6\n\teors r1, r4\n\tmov r10, r1\n"
    "\tldr r1, [sp, #96]\n\teors r5, r1\n\teors r5, r6\n\teors r4, r7\n\teors r4, r2\n"
    "\tldr r6, [sp, #88]\n\teors r4, r6\n\tmov r6, r9\n\teors r6, r7\n\teors r7, r3\n"
    "\teors r3, r6\n\teors r1, r0\n\teors r5, r3\n\teors r0, r3\n\tmov r6, r12\n\teors r6, r7\n"
    "\teors r6, r1\n\tmov r1, r12\n\tmov r9, r4\n\tmov r4, r8\n\teors r1, r4\n\tmov r11, r5\n"
    "\tldr r5, [sp, #72]\n\teors r5, r1\n\teors r2, r5\n\teors r0, r2\n\teors r4, r7\n"
    "\tldr r2, [sp, #104]\n\teors r2, r1\n\tmov r5, r10\n\teors r2, r5\n\tmov r8, r0\n"
    "\tldr r0, [sp, #84]\n\teors r0, r5\n\teors r4, r0\n\tldr r0, [sp, #84]\n\teors r0, r1\n"
    "\teors r7, r1\n\tldr r1, [sp, #92]\n\teors r7, r1\n\teors r2, r3\n\teors r3, r0\n"
    "\tmov r0, r11\n\tmovs r1, r6\n\tmov r5, r9\n\tmovs r6, r4\n\tmovs r4, r3\n\tmovs r3, r7\n"
    "\tmovs r7, r2\n\tmov r2, r8\n\tbx lr\n"
    "\n"
    "\t.thumb_func\n"
    ".Lct32v6m_consts: @ the masks into the caller's frame\n"
    "\tadr r6, .Lct32v6m_pool\n\tldm r6!, {r0, r1, r2, r4, r5, r7}\n\tadd r6, sp, #16\n"
    "\tstm r6!, {r0, r1, r2, r4, r5, r7}\n\tbx lr\n\t.align 2\n"
    ".Lct32v6m_pool:\n"
    "\t.word 0x55555555\n\t.word 0x33333333\n\t.word 0x0f0f0f0f\n\t.word 0x03030303\n"
    "\t.word 0x3f3f3f3f\n\t.word 0xff00ff00\n"
    "\t.size rijn_i_ct32v6m_enc2, . - rijn_i_ct32v6m_enc2\n"
/* END GENERATED */
);
/* clang-format on */

#endif /* RIJN_CFG_AES_ARMV6M */
