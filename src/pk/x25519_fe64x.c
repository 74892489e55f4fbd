/*
 * x25519_fe64x.c -- X25519 with GF(2^255 - 19) in 4 limbs of 64 bits
 * (x86-64 with BMI2 and ADX).
 *
 * Implementation notes
 *   Layout: f = f0 + f1 2^64 + f2 2^128 + f3 2^192 in uint64_t, any value
 *   below 2^256 (elements are kept modulo 2p = 2^256 - 38 only partly:
 *   2^256 = 38 mod p folds every carry out of the top limb back into the
 *   bottom one). A product is 4x4 64x64->128 multiplications (16, against
 *   25 for five 51-bit limbs) into 8 limbs, then the top 4 are multiplied
 *   by 38 and added to the bottom 4; the carry out of that (below 39)
 *   is folded once more, and a last carry (only possible when the low
 *   limb is then small) once more. Subtraction borrows fold the same way
 *   with -38. Multiplication, squaring, addition, subtraction, the fused
 *   add/sub and the multiplication by 121665 are assembly routines
 *   (file-scope asm, SysV ELF ABI) on two carry chains (ADCX / ADOX)
 *   with MULX; the ladder and the encodings are C. x25519.c calls this
 *   ladder only when CPUID reports BMI2 and ADX (RIJN_CPU_MASK hides them
 *   to test the 51-bit ladder).
 *   Encoding reduces fully: fold bit 255 (x 19), then add 19 and take
 *   bit 255 as the quotient q, add 19 q and drop bit 255.
 *   Constant time: fixed sequence of limb operations, carries are values
 *   (never branches); fe_cswap swaps with a mask.
 *   Vectors: RFC 7748 5.2 and 6.1, the 1 / 1,000 iteration loop,
 *   Wycheproof x25519_test.json, differential vs libsodium and the other
 *   two ladders (tests/test_x25519.c, tests/test_x25519_paths.c).
 */
#include "x25519_i.h"

#include "internal.h"

#if RIJN_I_X25519_HAVE_FE64X

__extension__ typedef unsigned __int128 u128x;

typedef struct {
    uint64_t v[4];
} fe;

static void fe_zero(fe *h)
{
    h->v[0] = h->v[1] = h->v[2] = h->v[3] = 0;
}
static void fe_one(fe *h)
{
    fe_zero(h);
    h->v[0] = 1;
}
static void fe_copy(fe *h, const fe *f)
{
    *h = *f;
}

#define FE_FN(name)                                                          \
    ".p2align 4\n.globl " name "\n.hidden " name "\n.type " name ", @function\n" \
    name ":\n"
#if defined(__CET__)
#define FE_ENTRY "endbr64\n"
#else
#define FE_ENTRY ""
#endif

/* h = f + g, h = f - g, h = 121665 f (rdi = h, rsi = f, rdx = g): the
 * carry (borrow) out of the top limb is folded as +38 (-38) through all
 * four limbs; a second one leaves limb 0 below 38 (above 2^64 - 38), so
 * the last fold is a masked add (subtract) on limb 0 alone. */
__asm__(
    ".text\n"
    FE_FN("rijn_i_fe64x_add")
    ".intel_syntax noprefix\n" FE_ENTRY
    "mov r8, [rsi]\n mov r9, [rsi+8]\n mov r10, [rsi+16]\n mov r11, [rsi+24]\n"
    "add r8, [rdx]\n adc r9, [rdx+8]\n adc r10, [rdx+16]\n adc r11, [rdx+24]\n"
    "sbb rax, rax\n and eax, 38\n"
    "add r8, rax\n adc r9, 0\n adc r10, 0\n adc r11, 0\n"
    "sbb rax, rax\n and eax, 38\n add r8, rax\n"
    "mov [rdi], r8\n mov [rdi+8], r9\n mov [rdi+16], r10\n mov [rdi+24], r11\n"
    "ret\n"
    ".att_syntax prefix\n"
    ".size rijn_i_fe64x_add, .-rijn_i_fe64x_add\n"
    FE_FN("rijn_i_fe64x_sub")
    ".intel_syntax noprefix\n" FE_ENTRY
    "mov r8, [rsi]\n mov r9, [rsi+8]\n mov r10, [rsi+16]\n mov r11, [rsi+24]\n"
    "sub r8, [rdx]\n sbb r9, [rdx+8]\n sbb r10, [rdx+16]\n sbb r11, [rdx+24]\n"
    "sbb rax, rax\n and eax, 38\n"
    "sub r8, rax\n sbb r9, 0\n sbb r10, 0\n sbb r11, 0\n"
    "sbb rax, rax\n and eax, 38\n sub r8, rax\n"
    "mov [rdi], r8\n mov [rdi+8], r9\n mov [rdi+16], r10\n mov [rdi+24], r11\n"
    "ret\n"
    ".att_syntax prefix\n"
    ".size rijn_i_fe64x_sub, .-rijn_i_fe64x_sub\n"
    FE_FN("rijn_i_fe64x_mul121665")
    ".intel_syntax noprefix\n" FE_ENTRY
    "mov edx, 121665\n"
    "mulx r9, r8, [rsi]\n"
    "mulx r10, rax, [rsi+8]\n add r9, rax\n"
    "mulx r11, rax, [rsi+16]\n adc r10, rax\n"
    "mulx rcx, rax, [rsi+24]\n adc r11, rax\n adc rcx, 0\n"
    "imul rcx, rcx, 38\n"
    "add r8, rcx\n adc r9, 0\n adc r10, 0\n adc r11, 0\n"
    "sbb rax, rax\n and eax, 38\n add r8, rax\n"
    "mov [rdi], r8\n mov [rdi+8], r9\n mov [rdi+16], r10\n mov [rdi+24], r11\n"
    "ret\n"
    ".att_syntax prefix\n"
    ".size rijn_i_fe64x_mul121665, .-rijn_i_fe64x_mul121665\n");

/* s = f + g and d = f - g in one call (rdi = s, rsi = d, rdx = f,
 * rcx = g), the two sequences above back to back. */
__asm__(
    ".text\n"
    FE_FN("rijn_i_fe64x_addsub")
    ".intel_syntax noprefix\n" FE_ENTRY
    "mov r8, [rdx]\n mov r9, [rdx+8]\n mov r10, [rdx+16]\n mov r11, [rdx+24]\n"
    "add r8, [rcx]\n adc r9, [rcx+8]\n adc r10, [rcx+16]\n adc r11, [rcx+24]\n"
    "sbb rax, rax\n and eax, 38\n"
    "add r8, rax\n adc r9, 0\n adc r10, 0\n adc r11, 0\n"
    "sbb rax, rax\n and eax, 38\n add r8, rax\n"
    "mov [rdi], r8\n mov [rdi+8], r9\n mov [rdi+16], r10\n mov [rdi+24], r11\n"
    "mov r8, [rdx]\n mov r9, [rdx+8]\n mov r10, [rdx+16]\n mov r11, [rdx+24]\n"
    "sub r8, [rcx]\n sbb r9, [rcx+8]\n sbb r10, [rcx+16]\n sbb r11, [rcx+24]\n"
    "sbb rax, rax\n and eax, 38\n"
    "sub r8, rax\n sbb r9, 0\n sbb r10, 0\n sbb r11, 0\n"
    "sbb rax, rax\n and eax, 38\n sub r8, rax\n"
    "mov [rsi], r8\n mov [rsi+8], r9\n mov [rsi+16], r10\n mov [rsi+24], r11\n"
    "ret\n"
    ".att_syntax prefix\n"
    ".size rijn_i_fe64x_addsub, .-rijn_i_fe64x_addsub\n");

void rijn_i_fe64x_addsub(uint64_t s[4], uint64_t d[4], const uint64_t f[4], const uint64_t g[4]);
void rijn_i_fe64x_add(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]);
void rijn_i_fe64x_sub(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]);
void rijn_i_fe64x_mul121665(uint64_t h[4], const uint64_t f[4]);

static void fe_add(fe *h, const fe *f, const fe *g)
{
    rijn_i_fe64x_add(h->v, f->v, g->v);
}
static void fe_sub(fe *h, const fe *f, const fe *g)
{
    rijn_i_fe64x_sub(h->v, f->v, g->v);
}
static void fe_mul121665(fe *h, const fe *f)
{
    rijn_i_fe64x_mul121665(h->v, f->v);
}

/* h = f * g mod 2^256 - 38 (partly reduced, below 2^256), SysV ABI:
 * rdi = h, rsi = f, rdx = g. Rows of MULX products accumulated on two
 * carry chains (ADCX: low halves, ADOX: high halves) into c0..c7 =
 * r8 r9 r11 r12 r13 r14 r15 rbp; then c0..c3 += 38 * c4..c7 on the same
 * two chains, the carry (below 39) folded once more and a last carry
 * (then c0 < 38) folded by a masked add. rax stays zero. */
__asm__(
    ".text\n"
    FE_FN("rijn_i_fe64x_mul")
    ".intel_syntax noprefix\n" FE_ENTRY
    "push rbx\n push rbp\n push r12\n push r13\n push r14\n push r15\n"
    "mov rcx, rdx\n"
    "xor eax, eax\n"
    /* row 0 */
    "mov rdx, [rsi]\n"
    "mulx r9, r8, [rcx]\n"
    "mulx r11, r10, [rcx+8]\n add r9, r10\n"
    "mulx r12, r10, [rcx+16]\n adc r11, r10\n"
    "mulx r13, r10, [rcx+24]\n adc r12, r10\n adc r13, rax\n"
    /* row 1 */
    "mov rdx, [rsi+8]\n xor r14d, r14d\n"
    "mulx rbx, r10, [rcx]\n adcx r9, r10\n adox r11, rbx\n"
    "mulx rbx, r10, [rcx+8]\n adcx r11, r10\n adox r12, rbx\n"
    "mulx rbx, r10, [rcx+16]\n adcx r12, r10\n adox r13, rbx\n"
    "mulx rbx, r10, [rcx+24]\n adcx r13, r10\n adox r14, rbx\n adcx r14, rax\n"
    /* row 2 */
    "mov rdx, [rsi+16]\n xor r15d, r15d\n"
    "mulx rbx, r10, [rcx]\n adcx r11, r10\n adox r12, rbx\n"
    "mulx rbx, r10, [rcx+8]\n adcx r12, r10\n adox r13, rbx\n"
    "mulx rbx, r10, [rcx+16]\n adcx r13, r10\n adox r14, rbx\n"
    "mulx rbx, r10, [rcx+24]\n adcx r14, r10\n adox r15, rbx\n adcx r15, rax\n"
    /* row 3 */
    "mov rdx, [rsi+24]\n xor ebp, ebp\n"
    "mulx rbx, r10, [rcx]\n adcx r12, r10\n adox r13, rbx\n"
    "mulx rbx, r10, [rcx+8]\n adcx r13, r10\n adox r14, rbx\n"
    "mulx rbx, r10, [rcx+16]\n adcx r14, r10\n adox r15, rbx\n"
    "mulx rbx, r10, [rcx+24]\n adcx r15, r10\n adox rbp, rbx\n adcx rbp, rax\n"
    /* c0..c3 += 38 * c4..c7 */
    "mov edx, 38\n xor r10d, r10d\n"
    "mulx rbx, r10, r13\n adcx r8, r10\n adox r9, rbx\n"
    "mulx rbx, r10, r14\n adcx r9, r10\n adox r11, rbx\n"
    "mulx rbx, r10, r15\n adcx r11, r10\n adox r12, rbx\n"
    "mulx r13, r10, rbp\n adcx r12, r10\n adox r13, rax\n adcx r13, rax\n"
    "imul r13, r13, 38\n"
    "add r8, r13\n adc r9, rax\n adc r11, rax\n adc r12, rax\n"
    "sbb r13, r13\n and r13, 38\n add r8, r13\n"
    "mov [rdi], r8\n mov [rdi+8], r9\n mov [rdi+16], r11\n mov [rdi+24], r12\n"
    "pop r15\n pop r14\n pop r13\n pop r12\n pop rbp\n pop rbx\n"
    "ret\n"
    ".att_syntax prefix\n"
    ".size rijn_i_fe64x_mul, .-rijn_i_fe64x_mul\n");

void rijn_i_fe64x_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]);

/* h = f^2 mod 2^256 - 38 (rdi = h, rsi = f): the six cross products
 * f_i f_j (i < j) into c1..c6, doubled by an ADC chain (c7 = the bit
 * shifted out), the four squares added on one carry chain (MULX and MOV
 * leave the flags alone), then the reduction of rijn_i_fe64x_mul.
 * c0..c7 = r8..r15; rax stays zero. */
__asm__(
    ".text\n"
    FE_FN("rijn_i_fe64x_sq")
    ".intel_syntax noprefix\n" FE_ENTRY
    "push rbx\n push r12\n push r13\n push r14\n push r15\n"
    "xor eax, eax\n"
    "mov rdx, [rsi]\n"
    "mulx r10, r9, [rsi+8]\n"
    "mulx r11, rcx, [rsi+16]\n add r10, rcx\n"
    "mulx r12, rcx, [rsi+24]\n adc r11, rcx\n adc r12, rax\n"
    "mov rdx, [rsi+8]\n"
    "mulx rbx, rcx, [rsi+16]\n"
    "mulx r13, rdx, [rsi+24]\n"
    "add r11, rcx\n adc r12, rbx\n adc r13, rax\n"
    "add r12, rdx\n adc r13, rax\n"
    "mov rdx, [rsi+16]\n"
    "mulx r14, rcx, [rsi+24]\n add r13, rcx\n adc r14, rax\n"
    "xor r15d, r15d\n"
    "add r9, r9\n adc r10, r10\n adc r11, r11\n adc r12, r12\n adc r13, r13\n"
    "adc r14, r14\n adc r15, r15\n"
    "mov rdx, [rsi]\n mulx rcx, r8, rdx\n add r9, rcx\n"
    "mov rdx, [rsi+8]\n mulx rcx, rbx, rdx\n adc r10, rbx\n adc r11, rcx\n"
    "mov rdx, [rsi+16]\n mulx rcx, rbx, rdx\n adc r12, rbx\n adc r13, rcx\n"
    "mov rdx, [rsi+24]\n mulx rcx, rbx, rdx\n adc r14, rbx\n adc r15, rcx\n"
    "mov edx, 38\n xor ecx, ecx\n"
    "mulx rbx, rcx, r12\n adcx r8, rcx\n adox r9, rbx\n"
    "mulx rbx, rcx, r13\n adcx r9, rcx\n adox r10, rbx\n"
    "mulx rbx, rcx, r14\n adcx r10, rcx\n adox r11, rbx\n"
    "mulx r12, rcx, r15\n adcx r11, rcx\n adox r12, rax\n adcx r12, rax\n"
    "imul r12, r12, 38\n"
    "add r8, r12\n adc r9, rax\n adc r10, rax\n adc r11, rax\n"
    "sbb r12, r12\n and r12, 38\n add r8, r12\n"
    "mov [rdi], r8\n mov [rdi+8], r9\n mov [rdi+16], r10\n mov [rdi+24], r11\n"
    "pop r15\n pop r14\n pop r13\n pop r12\n pop rbx\n"
    "ret\n"
    ".att_syntax prefix\n"
    ".size rijn_i_fe64x_sq, .-rijn_i_fe64x_sq\n");

void rijn_i_fe64x_sq(uint64_t h[4], const uint64_t f[4]);

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    rijn_i_fe64x_mul(h->v, f->v, g->v);
}

static void fe_sq(fe *h, const fe *f)
{
    rijn_i_fe64x_sq(h->v, f->v);
}

static void fe_cswap(fe *f, fe *g, uint32_t bit)
{
    uint64_t m = (uint64_t)0 - (uint64_t)bit, x;
    int i;
    for (i = 0; i < 4; i++) {
        x = m & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

static void fe_frombytes(fe *h, const uint8_t s[32])
{
    h->v[0] = rijn_load64_le(s);
    h->v[1] = rijn_load64_le(s + 8);
    h->v[2] = rijn_load64_le(s + 16);
    h->v[3] = rijn_load64_le(s + 24) & 0x7FFFFFFFFFFFFFFFu; /* bit 255 ignored */
}

static void fe_tobytes(uint8_t s[32], const fe *f)
{
    uint64_t r[4], q;
    u128x t;
    int i;
    /* below 2^256: fold bit 255 (x 19): below 2^255 + 2^6 */
    q = f->v[3] >> 63;
    r[0] = f->v[0];
    r[1] = f->v[1];
    r[2] = f->v[2];
    r[3] = f->v[3] & 0x7FFFFFFFFFFFFFFFu;
    t = (u128x)r[0] + q * 19;
    r[0] = (uint64_t)t;
    for (i = 1; i < 4; i++) {
        t = (u128x)r[i] + (uint64_t)(t >> 64);
        r[i] = (uint64_t)t;
    }
    /* q = 1 iff value >= p, i.e. value + 19 >= 2^255 */
    t = (u128x)r[0] + 19;
    for (i = 1; i < 4; i++)
        t = (u128x)r[i] + (uint64_t)(t >> 64);
    q = (uint64_t)t >> 63;
    t = (u128x)r[0] + q * 19;
    r[0] = (uint64_t)t;
    for (i = 1; i < 4; i++) {
        t = (u128x)r[i] + (uint64_t)(t >> 64);
        r[i] = (uint64_t)t;
    }
    r[3] &= 0x7FFFFFFFFFFFFFFFu;
    for (i = 0; i < 4; i++)
        rijn_store64_le(s + 8 * i, r[i]);
    rijn_wipe(r, sizeof r);
}

#define FE_ADDSUB(s, d, f, g) rijn_i_fe64x_addsub((s)->v, (d)->v, (f)->v, (g)->v)
#define RIJN_I_X25519_LADDER rijn_i_x25519_ladder64x
#include "x25519_ladder.h"

#else
typedef int rijn_i_x25519_fe64x_unused; /* ISO C: no empty translation unit */
#endif
