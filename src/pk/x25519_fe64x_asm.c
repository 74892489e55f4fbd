/*
 * x25519_fe64x_asm.c -- the assembly routines of the 4 x 64-bit X25519
 * field (x25519_fe64x.c): multiplication, squaring, n squarings, and a
 * whole Montgomery ladder step (x86-64, BMI2 + ADX, SysV ELF ABI).
 *
 * Implementation notes
 *   Layout: an element is four uint64_t limbs, any value below 2^256,
 *   congruent mod p = 2^255 - 19 (2^256 = 38 mod p folds carries out of
 *   the top limb back into the bottom one). Each field operation is a C
 *   string macro over memory operands given as address expressions
 *   ("rdi+160"), so one routine can run a whole sequence of them with one
 *   push/pop of the callee-saved registers and no calls:
 *     FE_MUL   4 rows of MULX on two carry chains (ADCX: low halves,
 *              ADOX: high halves) into c0..c7 = r8 r9 r11 r12 r13 r14 r15
 *              rbp, then c0..c3 += 38 c4..c7 on the same two chains; the
 *              carry k out of that (below 40) and bit 255 b are folded
 *              as 19 (2k + b) after clearing bit 255 (2^255 = 19 mod p),
 *              which cannot carry out: products are below 2^255 + 2^11;
 *              rax is zero throughout;
 *     FE_SQ    the six cross products on two carry chains, then doubled
 *              (ADOX) and the four squares added (ADCX) in one pass, the
 *              same reduction (c0..c7 = r8..r15);
 *     FE_ADDSUB, FE_SUB: the carry (borrow) out of the top limb folded as
 *              +38 (-38) through the four limbs, once: their inputs are
 *              products or the ladder's start (x1 < 2^255, 0, 1), all
 *              below 2^255 + 2^11, so a second carry cannot occur;
 *     FE_M121666: a + 121665 f in five limbs (the top one below 2^17 + 2),
 *              the top limb times 38 folded, then the masked fold;
 *     FE_CSWAP: swap by the all-ones/all-zeros mask in rsi.
 *   Every macro reads all its inputs before it writes its output, so the
 *   output may be one of the inputs.
 *   rijn_i_fe64x_step(st, mask) is RFC 7748's ladder step on the state
 *   st = x1, x2, z2, x3, z3 and nine scratch elements (see the offsets
 *   below), preceded by the conditional swaps of (x2, x3) and (z2, z3);
 *   x2, z2, x3, z3 must be below 2^255 + 2^11 (it writes them so), x1
 *   any value below 2^256.
 *   Its operations are ordered by the dependency chains, longest first
 *   (DA, CB -> DA - CB -> square -> times x1), the independent ones in
 *   between, so the out-of-order core overlaps them (the order chosen
 *   by timing permutations): 194 -> 167 TSC ticks per step on the Zen
 *   host against the RFC order (one MULX/ADX
 *   multiplication is ~24 ticks of latency, a squaring ~21).
 *   rijn_i_fe64x_sqn(h, f, n) squares n > 0 times (n public: the loop
 *   branch depends on it alone) with the element in registers between
 *   squarings (FE_SQ_CORE on registers).
 *   Constant time: fixed instruction sequences; carries and the swap are
 *   values (masks), never branches or addresses.
 *   CET: every entry begins with ENDBR64 when the compiler targets CET.
 *   Vectors: RFC 7748 5.2 and the 1 / 1,000 iteration loop, Wycheproof,
 *   differential against the 51-bit and 25.5-bit ladders and libsodium,
 *   and each routine against a C reference on edge-value limbs
 *   (tests/pk/test_x25519.c, tests/pk/test_x25519_paths.c).
 */
#include "x25519_i.h"

#if RIJN_I_X25519_HAVE_FE64X

#define FE_FN(name)                                                              \
    ".p2align 4\n.globl " name "\n.hidden " name "\n.type " name ", @function\n" \
    name ":\n"
#if defined(__CET__)
#define FE_ENTRY "endbr64\n"
#else
#define FE_ENTRY ""
#endif
#define FE_STORE(h, a, b, c, d) \
    "mov [" h "], " a "\n mov [" h "+8], " b "\n mov [" h "+16], " c "\n mov [" h "+24], " d "\n"

/* c0..c3 = c0..c7 mod p (below 2^255 + 2^11): c0..c3 += 38 c4..c7, then
 * the carry k and bit 255 b folded as 19 (2k + b); c0..c7 given as
 * registers; rax = 0, rdx and t0, t1 are clobbered. */
#define FE_RED(c0, c1, c2, c3, c4, c5, c6, c7, t0, t1)                     \
    "mov edx, 38\n xor " t0 ", " t0 "\n"                                    \
    "mulx " t1 ", " t0 ", " c4 "\n adcx " c0 ", " t0 "\n adox " c1 ", " t1 "\n" \
    "mulx " t1 ", " t0 ", " c5 "\n adcx " c1 ", " t0 "\n adox " c2 ", " t1 "\n" \
    "mulx " t1 ", " t0 ", " c6 "\n adcx " c2 ", " t0 "\n adox " c3 ", " t1 "\n" \
    "mulx " c4 ", " t0 ", " c7 "\n adcx " c3 ", " t0 "\n adox " c4 ", rax\n"     \
    "adcx " c4 ", rax\n btr " c3 ", 63\n adc " c4 ", " c4 "\n"             \
    "imul " c4 ", " c4 ", 19\n"                                           \
    "add " c0 ", " c4 "\n adc " c1 ", rax\n adc " c2 ", rax\n adc " c3 ", rax\n"

/* [h] = [f] * [g]; clobbers rax rbx rdx rbp r8..r15. */
#define FE_MUL(h, f, g)                                                          \
    "xor eax, eax\n mov rdx, [" f "]\n"                                          \
    "mulx r9, r8, [" g "]\n"                                                     \
    "mulx r11, r10, [" g "+8]\n add r9, r10\n"                                   \
    "mulx r12, r10, [" g "+16]\n adc r11, r10\n"                                 \
    "mulx r13, r10, [" g "+24]\n adc r12, r10\n adc r13, rax\n"                  \
    "mov rdx, [" f "+8]\n xor r14d, r14d\n"                                      \
    "mulx rbx, r10, [" g "]\n adcx r9, r10\n adox r11, rbx\n"                    \
    "mulx rbx, r10, [" g "+8]\n adcx r11, r10\n adox r12, rbx\n"                 \
    "mulx rbx, r10, [" g "+16]\n adcx r12, r10\n adox r13, rbx\n"                \
    "mulx rbx, r10, [" g "+24]\n adcx r13, r10\n adox r14, rbx\n adcx r14, rax\n" \
    "mov rdx, [" f "+16]\n xor r15d, r15d\n"                                     \
    "mulx rbx, r10, [" g "]\n adcx r11, r10\n adox r12, rbx\n"                   \
    "mulx rbx, r10, [" g "+8]\n adcx r12, r10\n adox r13, rbx\n"                 \
    "mulx rbx, r10, [" g "+16]\n adcx r13, r10\n adox r14, rbx\n"                \
    "mulx rbx, r10, [" g "+24]\n adcx r14, r10\n adox r15, rbx\n adcx r15, rax\n" \
    "mov rdx, [" f "+24]\n xor ebp, ebp\n"                                       \
    "mulx rbx, r10, [" g "]\n adcx r12, r10\n adox r13, rbx\n"                   \
    "mulx rbx, r10, [" g "+8]\n adcx r13, r10\n adox r14, rbx\n"                 \
    "mulx rbx, r10, [" g "+16]\n adcx r14, r10\n adox r15, rbx\n"                \
    "mulx rbx, r10, [" g "+24]\n adcx r15, r10\n adox rbp, rbx\n adcx rbp, rax\n" \
    FE_RED("r8", "r9", "r11", "r12", "r13", "r14", "r15", "rbp", "r10", "rbx")     \
    FE_STORE(h, "r8", "r9", "r11", "r12")

/* c0..c7 = r8..r15 = f^2, f0..f3 given as operands (registers or memory,
 * not rbx rcx rdx r8..r15); clobbers rbx rcx rdx. The six cross products
 * f_i f_j (i < j) into r9..r14 on two carry chains (r15 = 0 meanwhile:
 * the sum is below 2^448, so neither chain carries out); then one pass
 * doubles them (ADOX r, r) and adds the four squares (ADCX) limb by limb,
 * so both chains run side by side; the total is below 2^512. */
#define FE_SQ_CORE(f0, f1, f2, f3)                                          \
    "xor r15d, r15d\n mov rdx, " f0 "\n"                                    \
    "mulx r10, r9, " f1 "\n"                                                \
    "mulx r11, rcx, " f2 "\n"                                               \
    "mulx r12, rbx, " f3 "\n"                                               \
    "adcx r10, rcx\n adcx r11, rbx\n"                                       \
    "mov rdx, " f1 "\n mulx rcx, rbx, " f2 "\n"                             \
    "adox r11, rbx\n adcx r12, rcx\n"                                       \
    "mulx r13, rbx, " f3 "\n adox r12, rbx\n"                               \
    "mov rdx, " f2 "\n mulx r14, rcx, " f3 "\n"                             \
    "adcx r13, rcx\n adox r13, r15\n adcx r14, r15\n adox r14, r15\n"       \
    "xor r8d, r8d\n"                                                        \
    "mov rdx, " f0 "\n mulx rcx, r8, rdx\n"                                 \
    "adox r9, r9\n adcx r9, rcx\n"                                          \
    "mov rdx, " f1 "\n mulx rcx, rbx, rdx\n"                                \
    "adox r10, r10\n adcx r10, rbx\n adox r11, r11\n adcx r11, rcx\n"       \
    "mov rdx, " f2 "\n mulx rcx, rbx, rdx\n"                                \
    "adox r12, r12\n adcx r12, rbx\n adox r13, r13\n adcx r13, rcx\n"       \
    "mov rdx, " f3 "\n mulx rcx, rbx, rdx\n"                                \
    "adox r14, r14\n adcx r14, rbx\n adox r15, r15\n adcx r15, rcx\n"

/* [h] = [f]^2; clobbers rax rbx rcx rdx r8..r15. */
#define FE_SQ(h, f)                                                              \
    FE_SQ_CORE("[" f "]", "[" f "+8]", "[" f "+16]", "[" f "+24]") "xor eax, eax\n" \
    FE_RED("r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rcx", "rbx")     \
    FE_STORE(h, "r8", "r9", "r10", "r11")

/* limbs r8..r11 +/- [g], then the fold of the carry/borrow (op: add or
 * sub, opc: adc or sbb); clobbers rax. Both inputs below 2^255 + 2^11
 * (products, or the ladder's starting values), so one fold is enough:
 * a carry leaves r8..r11 below 2^12, a borrow above 2^255 - 2^12. */
#define FE_ADDSUB_CORE(g, op, opc)                                                    \
    op " r8, [" g "]\n " opc " r9, [" g "+8]\n " opc " r10, [" g "+16]\n " opc        \
    " r11, [" g "+24]\n"                                                              \
    "sbb rax, rax\n and eax, 38\n"                                                    \
    op " r8, rax\n " opc " r9, 0\n " opc " r10, 0\n " opc " r11, 0\n"
#define FE_LOAD(f) "mov r8, [" f "]\n mov r9, [" f "+8]\n mov r10, [" f "+16]\n mov r11, [" f "+24]\n"

/* [h] = [f] - [g]; [s] = [f] + [g], [d] = [f] - [g]; clobber rax r8..r11. */
#define FE_SUB(h, f, g) FE_LOAD(f) FE_ADDSUB_CORE(g, "sub", "sbb") FE_STORE(h, "r8", "r9", "r10", "r11")
#define FE_ADDSUB(s, d, f, g)                                                    \
    FE_LOAD(f) FE_ADDSUB_CORE(g, "add", "adc") FE_STORE(s, "r8", "r9", "r10", "r11") \
    FE_LOAD(f) FE_ADDSUB_CORE(g, "sub", "sbb") FE_STORE(d, "r8", "r9", "r10", "r11")

/* [h] = [a] + 121665 [f]; clobbers rax rcx rdx r8..r11. */
#define FE_M121666(h, f, a)                                                      \
    "mov edx, 121665\n"                                                          \
    "mulx r9, r8, [" f "]\n"                                                     \
    "mulx r10, rax, [" f "+8]\n add r9, rax\n"                                   \
    "mulx r11, rax, [" f "+16]\n adc r10, rax\n"                                 \
    "mulx rcx, rax, [" f "+24]\n adc r11, rax\n adc rcx, 0\n"                    \
    "add r8, [" a "]\n adc r9, [" a "+8]\n adc r10, [" a "+16]\n adc r11, [" a "+24]\n" \
    "adc rcx, 0\n imul rcx, rcx, 38\n"                                           \
    "add r8, rcx\n adc r9, 0\n adc r10, 0\n adc r11, 0\n"                        \
    "sbb rax, rax\n and eax, 38\n add r8, rax\n"                                 \
    FE_STORE(h, "r8", "r9", "r10", "r11")

/* swap [f] and [g] where rsi = all ones; clobbers rax r8 r9. */
#define FE_CSWAP1(f, g)                                                        \
    "mov r8, [" f "]\n mov r9, [" g "]\n mov rax, r8\n xor rax, r9\n and rax, rsi\n" \
    "xor r8, rax\n xor r9, rax\n mov [" f "], r8\n mov [" g "], r9\n"
#define FE_CSWAP(f, g) \
    FE_CSWAP1(f, g) FE_CSWAP1(f "+8", g "+8") FE_CSWAP1(f "+16", g "+16") FE_CSWAP1(f "+24", g "+24")

#define FE_PUSH "push rbx\n push rbp\n push r12\n push r13\n push r14\n push r15\n"
#define FE_POP "pop r15\n pop r14\n pop r13\n pop r12\n pop rbp\n pop rbx\n"
#define FE_END(name) ".att_syntax prefix\n.size " name ", .-" name "\n"

/* h = f g (rdi = h, rsi = f, rdx = g) and h = f^2 (rdi = h, rsi = f). */
__asm__(
    ".text\n"
    FE_FN("rijn_i_fe64x_mul")
    ".intel_syntax noprefix\n" FE_ENTRY FE_PUSH
    "mov rcx, rdx\n"
    FE_MUL("rdi", "rsi", "rcx")
    FE_POP "ret\n"
    FE_END("rijn_i_fe64x_mul")
    FE_FN("rijn_i_fe64x_sq")
    ".intel_syntax noprefix\n" FE_ENTRY FE_PUSH
    FE_SQ("rdi", "rsi")
    FE_POP "ret\n"
    FE_END("rijn_i_fe64x_sq"));

/* h = f^(2^n) (rdi = h, rsi = f, edx = n > 0): the element stays in
 * rdi rsi rbp rax from one squaring to the next (no store and reload);
 * h and the count n are kept on the stack. */
__asm__(
    ".text\n"
    FE_FN("rijn_i_fe64x_sqn")
    ".intel_syntax noprefix\n" FE_ENTRY FE_PUSH
    "push rdi\n push rdx\n"
    "mov rdi, [rsi]\n mov rbp, [rsi+16]\n mov rax, [rsi+24]\n mov rsi, [rsi+8]\n"
    ".p2align 4\n"
    ".Lrijn_i_fe64x_sqn_loop:\n"
    FE_SQ_CORE("rdi", "rsi", "rbp", "rax")
    "xor eax, eax\n"
    FE_RED("r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rcx", "rbx")
    "mov rdi, r8\n mov rsi, r9\n mov rbp, r10\n mov rax, r11\n"
    "sub dword ptr [rsp], 1\n jnz .Lrijn_i_fe64x_sqn_loop\n"
    "pop rdx\n pop rdi\n"
    FE_STORE("rdi", "r8", "r9", "r10", "r11")
    FE_POP "ret\n"
    FE_END("rijn_i_fe64x_sqn"));

/* State offsets (bytes from rdi), as struct fe64x_state in x25519_fe64x.c. */
#define S_X1 "rdi"
#define S_X2 "rdi+32"
#define S_Z2 "rdi+64"
#define S_X3 "rdi+96"
#define S_Z3 "rdi+128"
#define S_A "rdi+160"
#define S_B "rdi+192"
#define S_C "rdi+224"
#define S_D "rdi+256"
#define S_AA "rdi+288"
#define S_BB "rdi+320"
#define S_E "rdi+352"
#define S_DA "rdi+384"
#define S_CB "rdi+416"

/* One ladder step (rdi = state, rsi = swap mask, all ones or zero). */
__asm__(
    ".text\n"
    FE_FN("rijn_i_fe64x_step")
    ".intel_syntax noprefix\n" FE_ENTRY FE_PUSH
    FE_CSWAP(S_X2, S_X3)
    FE_CSWAP(S_Z2, S_Z3)
    FE_ADDSUB(S_A, S_B, S_X2, S_Z2)
    FE_ADDSUB(S_C, S_D, S_X3, S_Z3)
    FE_MUL(S_DA, S_D, S_A)
    FE_MUL(S_CB, S_C, S_B)
    FE_SQ(S_AA, S_A)
    FE_ADDSUB(S_X3, S_Z3, S_DA, S_CB)
    FE_SQ(S_BB, S_B)
    FE_SQ(S_Z3, S_Z3)
    FE_SQ(S_X3, S_X3)
    FE_SUB(S_E, S_AA, S_BB)
    FE_M121666(S_Z2, S_E, S_AA)
    FE_MUL(S_Z3, S_Z3, S_X1)
    FE_MUL(S_X2, S_AA, S_BB)
    FE_MUL(S_Z2, S_Z2, S_E)
    FE_POP "ret\n"
    FE_END("rijn_i_fe64x_step"));

#else
typedef int rijn_i_x25519_fe64x_asm_unused; /* ISO C: no empty translation unit */
#endif
