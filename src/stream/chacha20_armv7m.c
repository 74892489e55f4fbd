/*
 * chacha20_armv7m.c -- ChaCha20 blocks in Thumb-2 assembly for ARMv7-M /
 * ARMv7E-M / ARMv8-M mainline (Cortex-M3, M4, M7, M33): the block
 * function of chacha20.c on those cores (RIJN_CFG_CHACHA20_ARMV7M).
 *
 * Implementation notes
 *   rijn_i_chacha20_blocks_armv7m(st, out, in, n) XORs n >= 1 keystream
 *   blocks of the input block st into in (out == in allowed, any
 *   alignment: word LDR/STR, which ARMv7-M allows unaligned unless
 *   CCR.UNALIGN_TRP is set) and adds n to the 32-bit counter word st[12]
 *   (chacha20.c carries into st[13] for the original cipher and makes the
 *   keystream-only blocks by XORing into zeros).
 *   Layout: x0..x7 in r0..r7, x12..x15 in r10..r12, lr, and r8/r9 holding
 *   x8/x9 or x10/x11 (the other pair in the stack frame, swapped twice per
 *   double round); the round counter and the pointers in the frame. The
 *   rotations are deferred: each word is kept as a register value R with
 *   a rotation known at generation time, so the rotation of every
 *   quarter-round step folds into the barrel shifter of the instruction
 *   that next reads the word ("add a, a, b, ror #25"); a quarter round is
 *   8 instructions, rows b and d carry rotations 7 and 8 across quarter
 *   rounds (rotated right once before the rounds, undone by the
 *   feed-forward additions). 96 bytes of stack (36 pushed + 60 frame).
 *   The assembly (between the GENERATED markers) is produced by
 *   src/stream/tools/gen_chacha_armv7m.py, which interprets its own output on
 *   random states, counters next to 2^32 and unaligned/in-place buffers
 *   against a Python ChaCha20 before printing it (tests/stream/test_chacha_asm_gen.py
 *   checks that this file matches the generator). Regenerate with
 *   python3 src/stream/tools/gen_chacha_armv7m.py --update.
 *   Measured (QEMU mps2-an386 Cortex-M4, instruction counts): 833
 *   instructions per block in the loop (13.0 per byte); rijn_chacha20_xor
 *   of 1 KiB 13.8 per byte at -Os, 13.7 at -O2 (C: 21.2 / 19.3).
 *   Constant time: additions, XORs, rotations by constants, loads and
 *   stores at addresses independent of the data; branches on the block
 *   and round counts only.
 *   Vectors: RFC 8439 / RFC 7539 ChaCha20 (IETF counter), the original
 *   cipher across the 32-bit counter carry (vectors computed by OpenSSL
 *   through the cryptography package) and the OpenSSL / BoringSSL
 *   ChaCha20-Poly1305 vectors, on the emulated Cortex-M3/M4/M33 at -Os and
 *   -O2 (mcu/mcu.py test).
 */
#include "internal.h"
#include "stream_i.h"

#if RIJN_I_CHACHA_ARMV7M

/* clang-format off */
__asm__(
    "\t.pushsection .text.rijn_i_chacha20_blocks_armv7m,\"ax\",%progbits\n"
/* BEGIN GENERATED (src/stream/tools/gen_chacha_armv7m.py) */
    "\t.syntax unified\n\t.thumb\n\t.align 2\n\t.global rijn_i_chacha20_blocks_armv7m\n"
    "\t.type rijn_i_chacha20_blocks_armv7m, %function\n\t.thumb_func\n"
    "rijn_i_chacha20_blocks_armv7m: @ (st, out, in, nblocks)\n"
    "\tpush {r4-r11, lr}\n\tsub sp, sp, #60\n\tstr r0, [sp, #36] @ st\n"
    "\tstrd r2, r1, [sp, #40] @ in, out\n"
    "\tstr r3, [sp, #48] @ blocks left\n"
    ".Lcc_block:\n\tmovs r0, #10\n\tstr r0, [sp, #32] @ double rounds left\n"
    "\tldr lr, [sp, #36]\n\tldmia lr, {r0-r11} @ x0..x11\n"
    "\tstrd r10, r11, [sp, #8] @ x10, x11 to the frame\n"
    "\tldrd r10, r11, [lr, #48]\n\tldr r12, [lr, #56]\n"
    "\tldr lr, [lr, #60] @ x12..x15 in r10, r11, r12, lr\n"
    "\tror r4, r4, #7 @ row b: R = word rotr 7\n"
    "\tror r5, r5, #7\n\tror r6, r6, #7\n\tror r7, r7, #7\n"
    "\tror r10, r10, #8 @ row d: R = word rotr 8\n"
    "\tror r11, r11, #8\n\tror r12, r12, #8\n\tror lr, lr, #8\n"
    ".Lcc_round:\n\tadd r0, r0, r4, ror #25\n\teor r10, r0, r10, ror #24\n"
    "\tadd r8, r8, r10, ror #16\n\teor r4, r8, r4, ror #25\n\tadd r0, r0, r4, ror #20\n"
    "\teor r10, r0, r10, ror #16\n\tadd r8, r8, r10, ror #24\n\teor r4, r8, r4, ror #20\n"
    "\tadd r1, r1, r5, ror #25\n\teor r11, r1, r11, ror #24\n\tadd r9, r9, r11, ror #16\n"
    "\teor r5, r9, r5, ror #25\n\tadd r1, r1, r5, ror #20\n\teor r11, r1, r11, ror #16\n"
    "\tadd r9, r9, r11, ror #24\n\teor r5, r9, r5, ror #20\n"
    "\tstrd r8, r9, [sp, #0] @ x8, x9 out, x10, x11 in\n"
    "\tldr r8, [sp, #32]\n\tsubs r8, r8, #1 @ flags live until the bne\n"
    "\tstr r8, [sp, #32]\n\tldrd r8, r9, [sp, #8]\n\tadd r2, r2, r6, ror #25\n"
    "\teor r12, r2, r12, ror #24\n\tadd r8, r8, r12, ror #16\n\teor r6, r8, r6, ror #25\n"
    "\tadd r2, r2, r6, ror #20\n\teor r12, r2, r12, ror #16\n\tadd r8, r8, r12, ror #24\n"
    "\teor r6, r8, r6, ror #20\n\tadd r3, r3, r7, ror #25\n\teor lr, r3, lr, ror #24\n"
    "\tadd r9, r9, lr, ror #16\n\teor r7, r9, r7, ror #25\n\tadd r3, r3, r7, ror #20\n"
    "\teor lr, r3, lr, ror #16\n\tadd r9, r9, lr, ror #24\n\teor r7, r9, r7, ror #20\n"
    "\tadd r0, r0, r5, ror #25\n\teor lr, r0, lr, ror #24\n\tadd r8, r8, lr, ror #16\n"
    "\teor r5, r8, r5, ror #25\n\tadd r0, r0, r5, ror #20\n\teor lr, r0, lr, ror #16\n"
    "\tadd r8, r8, lr, ror #24\n\teor r5, r8, r5, ror #20\n\tadd r1, r1, r6, ror #25\n"
    "\teor r10, r1, r10, ror #24\n\tadd r9, r9, r10, ror #16\n\teor r6, r9, r6, ror #25\n"
    "\tadd r1, r1, r6, ror #20\n\teor r10, r1, r10, ror #16\n\tadd r9, r9, r10, ror #24\n"
    "\teor r6, r9, r6, ror #20\n\tstrd r8, r9, [sp, #8] @ x10, x11 out, x8, x9 in\n"
    "\tldrd r8, r9, [sp, #0]\n\tadd r2, r2, r7, ror #25\n\teor r11, r2, r11, ror #24\n"
    "\tadd r8, r8, r11, ror #16\n\teor r7, r8, r7, ror #25\n\tadd r2, r2, r7, ror #20\n"
    "\teor r11, r2, r11, ror #16\n\tadd r8, r8, r11, ror #24\n\teor r7, r8, r7, ror #20\n"
    "\tadd r3, r3, r4, ror #25\n\teor r12, r3, r12, ror #24\n\tadd r9, r9, r12, ror #16\n"
    "\teor r4, r9, r4, ror #25\n\tadd r3, r3, r4, ror #20\n\teor r12, r3, r12, ror #16\n"
    "\tadd r9, r9, r12, ror #24\n\teor r4, r9, r4, ror #20\n\tbne .Lcc_round\n"
    "\tstrd r10, r11, [sp, #16] @ x12..x15 to the frame\n"
    "\tstrd r12, lr, [sp, #24]\n\tldr r10, [sp, #36] @ r10 = st, r11 = in, r12 = out\n"
    "\tldrd r11, r12, [sp, #40]\n\tldr lr, [r10, #0]\n\tadd r0, lr, r0\n\tldr lr, [r11, #0]\n"
    "\teor r0, r0, lr\n\tstr r0, [r12, #0]\n\tldr lr, [r10, #4]\n\tadd r1, lr, r1\n"
    "\tldr lr, [r11, #4]\n\teor r1, r1, lr\n\tstr r1, [r12, #4]\n\tldr lr, [r10, #8]\n"
    "\tadd r2, lr, r2\n\tldr lr, [r11, #8]\n\teor r2, r2, lr\n\tstr r2, [r12, #8]\n"
    "\tldr lr, [r10, #12]\n\tadd r3, lr, r3\n\tldr lr, [r11, #12]\n\teor r3, r3, lr\n"
    "\tstr r3, [r12, #12]\n\tldr lr, [r10, #16]\n\tadd r4, lr, r4, ror #25\n"
    "\tldr lr, [r11, #16]\n\teor r4, r4, lr\n\tstr r4, [r12, #16]\n\tldr lr, [r10, #20]\n"
    "\tadd r5, lr, r5, ror #25\n\tldr lr, [r11, #20]\n\teor r5, r5, lr\n"
    "\tstr r5, [r12, #20]\n\tldr lr, [r10, #24]\n\tadd r6, lr, r6, ror #25\n"
    "\tldr lr, [r11, #24]\n\teor r6, r6, lr\n\tstr r6, [r12, #24]\n\tldr lr, [r10, #28]\n"
    "\tadd r7, lr, r7, ror #25\n\tldr lr, [r11, #28]\n\teor r7, r7, lr\n"
    "\tstr r7, [r12, #28]\n\tldr lr, [r10, #32]\n\tadd r8, lr, r8\n\tldr lr, [r11, #32]\n"
    "\teor r8, r8, lr\n\tstr r8, [r12, #32]\n\tldr lr, [r10, #36]\n\tadd r9, lr, r9\n"
    "\tldr lr, [r11, #36]\n\teor r9, r9, lr\n\tstr r9, [r12, #36]\n\tldrd r0, r1, [sp, #8]\n"
    "\tldr lr, [r10, #40]\n\tadd r0, lr, r0\n\tldr lr, [r11, #40]\n\teor r0, r0, lr\n"
    "\tstr r0, [r12, #40]\n\tldr lr, [r10, #44]\n\tadd r1, lr, r1\n\tldr lr, [r11, #44]\n"
    "\teor r1, r1, lr\n\tstr r1, [r12, #44]\n\tldrd r0, r1, [sp, #16]\n\tldr lr, [r10, #48]\n"
    "\tadd r0, lr, r0, ror #24\n\tldr lr, [r11, #48]\n\teor r0, r0, lr\n"
    "\tstr r0, [r12, #48]\n\tldr lr, [r10, #52]\n\tadd r1, lr, r1, ror #24\n"
    "\tldr lr, [r11, #52]\n\teor r1, r1, lr\n\tstr r1, [r12, #52]\n\tldrd r0, r1, [sp, #24]\n"
    "\tldr lr, [r10, #56]\n\tadd r0, lr, r0, ror #24\n\tldr lr, [r11, #56]\n"
    "\teor r0, r0, lr\n\tstr r0, [r12, #56]\n\tldr lr, [r10, #60]\n"
    "\tadd r1, lr, r1, ror #24\n\tldr lr, [r11, #60]\n\teor r1, r1, lr\n"
    "\tstr r1, [r12, #60]\n\tldr r0, [r10, #48] @ counter\n"
    "\tadd r0, r0, #1\n\tstr r0, [r10, #48]\n\tadd r11, r11, #64\n\tadd r12, r12, #64\n"
    "\tstrd r11, r12, [sp, #40]\n\tldr r0, [sp, #48]\n\tsubs r0, r0, #1\n"
    "\tstr r0, [sp, #48]\n\tbne .Lcc_block\n\tadd sp, sp, #60\n\tpop {r4-r11, pc}\n"
    "\t.size rijn_i_chacha20_blocks_armv7m, . - rijn_i_chacha20_blocks_armv7m\n"
/* END GENERATED */
    "\t.popsection\n"
);
/* clang-format on */

#else
typedef int rijn_i_chacha20_armv7m_off; /* ISO C: no empty translation unit */
#endif
