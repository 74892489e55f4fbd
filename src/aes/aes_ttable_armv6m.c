/*
 * aes_ttable_armv6m.c -- the block functions of the "ttable" class in
 * Thumb-1 (ARMv6-M, ARMv8-M baseline: Cortex-M0, M0+, M23) assembly (encryption and decryption of one block
 * with CBC's chaining XOR built in; see aes_ttable.c and aes_ttable.h).
 *
 * Implementation notes
 *   The assembly between the GENERATED markers is written by
 *   src/aes/tools/gen_ttable_asm.py --isa thumb1 (its docstring has the
 *   register plan); regenerate with --update. tests/aes/test_aes_asm_gen.py
 *   checks that the committed text is the generator's output; the
 *   on-target vectors (mcu/mcu.py test) check what it computes.
 *   Constant time (on the cores where ttable is built, config.h): the
 *   only branches are on the round count; secret-indexed loads are all
 *   inside rijn_i_ttable_tab (SRAM).
 *   Measured (QEMU microbit, Cortex-M0, exact instruction counts,
 *   mcu/measure.py, GCC 12 -O2): AES-128 one block 1,172 instructions
 *   encrypt, 1,175 decrypt (C: 1,458 / 1,775); the seeds' job 13,704.
 */
#include "aes_ttable.h"

#if RIJN_CFG_AES_TTABLE && RIJN_I_TT_ASM == 2

/* clang-format off */
__asm__(
    RIJN_I_TT_EQU
/* BEGIN GENERATED (src/aes/tools/gen_ttable_asm.py --isa thumb1) */
    "\t.syntax unified\n\t.thumb\n\t.section .text.rijn_i_ttable_enc1w,\"ax\",%progbits\n"
    "\t.align 2\n\t.global rijn_i_ttable_enc1w\n\t.hidden rijn_i_ttable_enc1w\n"
    "\t.type rijn_i_ttable_enc1w, %function\n\t.thumb_func\n"
    "rijn_i_ttable_enc1w: @ r0 = rk, r1 = rounds, r2 = out, r3 = in, [sp] = x; word-aligned\n"
    "\tpush {r4-r7, lr}\n\tmov r4, r8\n\tmov r5, r9\n\tmov r6, r10\n\tmov r7, r11\n"
    "\tpush {r4-r7}\n\tsub sp, #8\n\tstr r2, [sp]\n\tsubs r1, r1, #1\n\tstr r1, [sp, #4]\n"
    "\tldr r4, [sp, #44]\n\tmov r8, r0\n\tldm r3, {r0-r3}\n\tldr r5, [r4, #0]\n"
    "\teors r0, r5\n\tldr r5, [r4, #4]\n\teors r1, r5\n\tldr r5, [r4, #8]\n\teors r2, r5\n"
    "\tldr r5, [r4, #12]\n\teors r3, r5\n\tmov r4, r8\n\tldr r5, [r4, #0]\n\teors r0, r5\n"
    "\tldr r5, [r4, #4]\n\teors r1, r5\n\tldr r5, [r4, #8]\n\teors r2, r5\n"
    "\tldr r5, [r4, #12]\n\teors r3, r5\n\tadds r4, #16\n\tmov r8, r4\n"
    "\tldr r6, .Ltt6_e_pool\n\tmovs r7, #24\n"
    ".Ltt6_e:\n"
    "\tlsrs r4, r3, #24\n\tlsls r4, r4, #2\n\tldr r4, [r6, r4]\n\trors r4, r7\n"
    "\tlsrs r5, r2, #16\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n"
    "\teors r4, r5\n\trors r4, r7\n\tlsrs r5, r1, #8\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n\tuxtb r5, r0\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #0]\n\teors r4, r5\n"
    "\tmov r9, r4\n\tlsrs r4, r0, #24\n\tlsls r4, r4, #2\n\tldr r4, [r6, r4]\n"
    "\trors r4, r7\n\tlsrs r5, r3, #16\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n\tlsrs r5, r2, #8\n\tuxtb r5, r5\n"
    "\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n\tuxtb r5, r1\n"
    "\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n\teors r4, r5\n\tmov r5, r8\n"
    "\tldr r5, [r5, #4]\n\teors r4, r5\n\tmov r10, r4\n\tlsrs r4, r1, #24\n"
    "\tlsls r4, r4, #2\n\tldr r4, [r6, r4]\n\trors r4, r7\n\tlsrs r5, r0, #16\n"
    "\tuxtb r5, r5\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n"
    "\tlsrs r5, r3, #8\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n"
    "\teors r4, r5\n\trors r4, r7\n\tuxtb r5, r2\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n"
    "\teors r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #8]\n\teors r4, r5\n\tmov r11, r4\n"
    "\tlsrs r4, r2, #24\n\tlsls r4, r4, #2\n\tldr r4, [r6, r4]\n\trors r4, r7\n"
    "\tlsrs r5, r1, #16\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n"
    "\teors r4, r5\n\trors r4, r7\n\tlsrs r5, r0, #8\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n\tuxtb r5, r3\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #12]\n\teors r4, r5\n"
    "\tmov r12, r4\n\tmov r0, r9\n\tmov r1, r10\n\tmov r2, r11\n\tmov r3, r12\n"
    "\tmov r5, r8\n\tadds r5, #16\n\tmov r8, r5\n\tldr r5, [sp, #4]\n\tsubs r5, r5, #1\n"
    "\tstr r5, [sp, #4]\n\tbne .Ltt6_e\n\tldr r6, .Ltt6_e_pool_sb\n\tlsrs r4, r3, #24\n"
    "\tldrb r4, [r6, r4]\n\tlsls r4, r4, #8\n\tlsrs r5, r2, #16\n\tuxtb r5, r5\n"
    "\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tlsls r4, r4, #8\n\tlsrs r5, r1, #8\n"
    "\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tlsls r4, r4, #8\n\tuxtb r5, r0\n"
    "\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #0]\n\teors r4, r5\n"
    "\tmov r9, r4\n\tlsrs r4, r0, #24\n\tldrb r4, [r6, r4]\n\tlsls r4, r4, #8\n"
    "\tlsrs r5, r3, #16\n\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n"
    "\tlsls r4, r4, #8\n\tlsrs r5, r2, #8\n\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n"
    "\torrs r4, r5\n\tlsls r4, r4, #8\n\tuxtb r5, r1\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n"
    "\tmov r5, r8\n\tldr r5, [r5, #4]\n\teors r4, r5\n\tmov r10, r4\n\tlsrs r4, r1, #24\n"
    "\tldrb r4, [r6, r4]\n\tlsls r4, r4, #8\n\tlsrs r5, r0, #16\n\tuxtb r5, r5\n"
    "\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tlsls r4, r4, #8\n\tlsrs r5, r3, #8\n"
    "\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tlsls r4, r4, #8\n\tuxtb r5, r2\n"
    "\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #8]\n\teors r4, r5\n"
    "\tmov r11, r4\n\tlsrs r4, r2, #24\n\tldrb r4, [r6, r4]\n\tlsls r4, r4, #8\n"
    "\tlsrs r5, r1, #16\n\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n"
    "\tlsls r4, r4, #8\n\tlsrs r5, r0, #8\n\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n"
    "\torrs r4, r5\n\tlsls r4, r4, #8\n\tuxtb r5, r3\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n"
    "\tmov r5, r8\n\tldr r5, [r5, #12]\n\teors r4, r5\n\tmov r12, r4\n\tmov r0, r9\n"
    "\tmov r1, r10\n\tmov r2, r11\n\tmov r3, r12\n\tldr r4, [sp]\n\tstm r4!, {r0-r3}\n"
    "\tadd sp, #8\n\tpop {r4-r7}\n\tmov r8, r4\n\tmov r9, r5\n\tmov r10, r6\n"
    "\tmov r11, r7\n\tpop {r4-r7, pc}\n\t.align 2\n"
    ".Ltt6_e_pool:\n"
    "\t.word rijn_i_ttable_tab + 0\n"
    ".Ltt6_e_pool_sb:\n"
    "\t.word rijn_i_ttable_tab + TTOFF_SB\n"
    "\t.size rijn_i_ttable_enc1w, .-rijn_i_ttable_enc1w\n"
#if RIJN_CFG_AES_DECRYPT
    "\t.section .text.rijn_i_ttable_dec1w,\"ax\",%progbits\n\t.align 2\n"
    "\t.global rijn_i_ttable_dec1w\n\t.hidden rijn_i_ttable_dec1w\n"
    "\t.type rijn_i_ttable_dec1w, %function\n\t.thumb_func\n"
    "rijn_i_ttable_dec1w: @ r0 = rk, r1 = rounds, r2 = out, r3 = in, [sp] = x; word-aligned\n"
    "\tpush {r4-r7, lr}\n\tmov r4, r8\n\tmov r5, r9\n\tmov r6, r10\n\tmov r7, r11\n"
    "\tpush {r4-r7}\n\tsub sp, #8\n\tstr r2, [sp]\n\tsubs r1, r1, #1\n\tstr r1, [sp, #4]\n"
    "\tldr r4, [sp, #44]\n\tmov r8, r0\n\tldm r3, {r0-r3}\n\tmov r4, r8\n"
    "\tldr r5, [r4, #0]\n\teors r0, r5\n\tldr r5, [r4, #4]\n\teors r1, r5\n"
    "\tldr r5, [r4, #8]\n\teors r2, r5\n\tldr r5, [r4, #12]\n\teors r3, r5\n"
    "\tadds r4, #16\n\tmov r8, r4\n\tldr r6, .Ltt6_d_pool\n\tmovs r7, #24\n"
    ".Ltt6_d:\n"
    "\tlsrs r4, r1, #24\n\tlsls r4, r4, #2\n\tldr r4, [r6, r4]\n\trors r4, r7\n"
    "\tlsrs r5, r2, #16\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n"
    "\teors r4, r5\n\trors r4, r7\n\tlsrs r5, r3, #8\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n\tuxtb r5, r0\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #0]\n\teors r4, r5\n"
    "\tmov r9, r4\n\tlsrs r4, r2, #24\n\tlsls r4, r4, #2\n\tldr r4, [r6, r4]\n"
    "\trors r4, r7\n\tlsrs r5, r3, #16\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n\tlsrs r5, r0, #8\n\tuxtb r5, r5\n"
    "\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n\tuxtb r5, r1\n"
    "\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n\teors r4, r5\n\tmov r5, r8\n"
    "\tldr r5, [r5, #4]\n\teors r4, r5\n\tmov r10, r4\n\tlsrs r4, r3, #24\n"
    "\tlsls r4, r4, #2\n\tldr r4, [r6, r4]\n\trors r4, r7\n\tlsrs r5, r0, #16\n"
    "\tuxtb r5, r5\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n"
    "\tlsrs r5, r1, #8\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n"
    "\teors r4, r5\n\trors r4, r7\n\tuxtb r5, r2\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n"
    "\teors r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #8]\n\teors r4, r5\n\tmov r11, r4\n"
    "\tlsrs r4, r0, #24\n\tlsls r4, r4, #2\n\tldr r4, [r6, r4]\n\trors r4, r7\n"
    "\tlsrs r5, r1, #16\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n\tldr r5, [r6, r5]\n"
    "\teors r4, r5\n\trors r4, r7\n\tlsrs r5, r2, #8\n\tuxtb r5, r5\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\trors r4, r7\n\tuxtb r5, r3\n\tlsls r5, r5, #2\n"
    "\tldr r5, [r6, r5]\n\teors r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #12]\n\teors r4, r5\n"
    "\tmov r12, r4\n\tmov r0, r9\n\tmov r1, r10\n\tmov r2, r11\n\tmov r3, r12\n"
    "\tmov r5, r8\n\tadds r5, #16\n\tmov r8, r5\n\tldr r5, [sp, #4]\n\tsubs r5, r5, #1\n"
    "\tstr r5, [sp, #4]\n\tbne .Ltt6_d\n\tldr r6, .Ltt6_d_pool_sb\n\tlsrs r4, r1, #24\n"
    "\tldrb r4, [r6, r4]\n\tlsls r4, r4, #8\n\tlsrs r5, r2, #16\n\tuxtb r5, r5\n"
    "\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tlsls r4, r4, #8\n\tlsrs r5, r3, #8\n"
    "\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tlsls r4, r4, #8\n\tuxtb r5, r0\n"
    "\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #0]\n\teors r4, r5\n"
    "\tmov r9, r4\n\tlsrs r4, r2, #24\n\tldrb r4, [r6, r4]\n\tlsls r4, r4, #8\n"
    "\tlsrs r5, r3, #16\n\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n"
    "\tlsls r4, r4, #8\n\tlsrs r5, r0, #8\n\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n"
    "\torrs r4, r5\n\tlsls r4, r4, #8\n\tuxtb r5, r1\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n"
    "\tmov r5, r8\n\tldr r5, [r5, #4]\n\teors r4, r5\n\tmov r10, r4\n\tlsrs r4, r3, #24\n"
    "\tldrb r4, [r6, r4]\n\tlsls r4, r4, #8\n\tlsrs r5, r0, #16\n\tuxtb r5, r5\n"
    "\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tlsls r4, r4, #8\n\tlsrs r5, r1, #8\n"
    "\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tlsls r4, r4, #8\n\tuxtb r5, r2\n"
    "\tldrb r5, [r6, r5]\n\torrs r4, r5\n\tmov r5, r8\n\tldr r5, [r5, #8]\n\teors r4, r5\n"
    "\tmov r11, r4\n\tlsrs r4, r0, #24\n\tldrb r4, [r6, r4]\n\tlsls r4, r4, #8\n"
    "\tlsrs r5, r1, #16\n\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n"
    "\tlsls r4, r4, #8\n\tlsrs r5, r2, #8\n\tuxtb r5, r5\n\tldrb r5, [r6, r5]\n"
    "\torrs r4, r5\n\tlsls r4, r4, #8\n\tuxtb r5, r3\n\tldrb r5, [r6, r5]\n\torrs r4, r5\n"
    "\tmov r5, r8\n\tldr r5, [r5, #12]\n\teors r4, r5\n\tmov r12, r4\n\tmov r0, r9\n"
    "\tmov r1, r10\n\tmov r2, r11\n\tmov r3, r12\n\tldr r4, [sp, #44]\n\tldr r5, [r4, #0]\n"
    "\teors r0, r5\n\tldr r5, [r4, #4]\n\teors r1, r5\n\tldr r5, [r4, #8]\n\teors r2, r5\n"
    "\tldr r5, [r4, #12]\n\teors r3, r5\n\tldr r4, [sp]\n\tstm r4!, {r0-r3}\n\tadd sp, #8\n"
    "\tpop {r4-r7}\n\tmov r8, r4\n\tmov r9, r5\n\tmov r10, r6\n\tmov r11, r7\n"
    "\tpop {r4-r7, pc}\n\t.align 2\n"
    ".Ltt6_d_pool:\n"
    "\t.word rijn_i_ttable_tab + TTOFF_TD\n"
    ".Ltt6_d_pool_sb:\n"
    "\t.word rijn_i_ttable_tab + TTOFF_ISB\n"
    "\t.size rijn_i_ttable_dec1w, .-rijn_i_ttable_dec1w\n"
#endif
/* END GENERATED */
);
/* clang-format on */

#endif
