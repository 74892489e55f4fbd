/*
 * x25519_fe32_avr_i.h -- x25519_fe32.c's products and carries on AVR
 * (included there when the device has MUL; the same values as the C
 * field's, in a different order).
 *
 * Implementation notes
 *   The C field on avr-gcc spends most of its time outside the products:
 *   libgcc's 64-bit shifts and adds (__lshrdi3 shifts bit by bit in a
 *   loop), its 32-bit shifts by 25 and 26 (a loop at -Os), the 64-bit
 *   column sums in memory, and stack frames above 64 bytes (every access
 *   an SUBI/SBCI pair around the LD). Here fe_mul, fe_sq and
 *   fe_mul121665 are one call each of rijn_i_fe32_cols_avr, which scans
 *   the product column by column: the 64-bit sum in r18..r25, each
 *   product core/mul64_avr_i.h's sixteen MULs (RIJN_I_AVR_BODY), each
 *   column carried into the next as it is done (its limb stored, the sum
 *   shifted right by 25 or 26: fe_carry64's pass); at the end 19 times
 *   the carry out of limb 9 (below 2^40: five MULs) goes into limb 0 and
 *   that limb's carry into limb 1. A schedule in flash (LPM) lists each
 *   column's runs: n products a[i] b[-i] from two byte offsets into the
 *   caller's workspace (the operands with the odd limbs doubled, times
 *   19, ...: fe_mul's 100 products in 10 runs, fe_sq's 55 in 27), then
 *   the column's end (0x82: 26 bits, 0x81: 25); 0 ends it. The schedules
 *   must lie in the first 64 KiB of flash (LPM without RAMPZ), as
 *   aes_avr.c's tables: .progmem, where avr-libc's linker scripts put it.
 *   fe_carry32 (add, sub: limbs below 2^30) carries in 32 bits with byte
 *   moves and 19 c by one MUL; 19 x is four MULs (fe_19).
 *   Constant time: every branch in the routine reads the schedule (public
 *   and fixed), MUL takes 2 cycles and LPM 3 whatever the values; no
 *   address depends on a limb. mcu/trace runs X25519 on the ATmega2560.
 *   mcu/measure.py, ATmega2560, one scalar multiplication, cycles at -Os
 *   / -O2: the C field (with rijn_i_mac64_avr) 74,799,853 / 71,657,952;
 *   C columns calling rijn_i_mac64_avr with the carries in line
 *   61,085,345 / 64,480,851; an asm run routine called per run from C
 *   44,034,350 / 44,340,965, with fe_carry32 and 19 x in line 38,306,342
 *   / 39,767,253 (the C loops around the calls cost 8 M: the frames);
 *   the schedule routine 31,897,162 / 31,607,559; the last carry in it
 *   (was C: fe_fold) 31,325,607 / 30,996,416; b loaded with LD -Y
 *   31,022,603 / 30,693,412; fe_sq's squares from d2 and f (no third
 *   copy) 30,631,485 / 30,499,764; one workspace builder for both (fe_work:
 *   a square is 2f times f) 31,063,072 / 31,206,899 for 264 / 200 bytes
 *   less flash (the shifts by s a loop; masks instead: 30,984,357 /
 *   31,000,134 and 42 / 32 bytes more). Of those the products are ~23 M
 *   (201,000 of ~114 cycles: 94 in the sixteen MULs and their adds, 16
 *   in the eight loads, 4 the loop), the routine's runs and column ends
 *   ~2.8 M, the C around it (workspaces, add, sub, cswap) ~4 M (simavr
 *   cycles by function). Flash (mcu/measure.py's X25519 link) 5,748 ->
 *   4,466 bytes at -Os, 6,340 -> 4,954 at -O2; stack (painted) 994 ->
 *   922 / 1,002 -> 930 bytes. ATmega328P: 73,926,145 -> 31,041,326 /
 *   70,983,580 -> 31,186,181 cycles, flash 5,748 -> 4,466 / 6,340 ->
 *   4,954. Tried, not kept: add and sub carried in the same pass in C,
 *   30,279,533 / 30,025,596 but 382 bytes more at -Os; the run loop
 *   unrolled twice, 30,508,385 / 30,376,664 for 180 bytes more.
 *   Tests: scripts/mcu-test.sh (RFC 7748 and the first two Wycheproof
 *   valid cases on both AVR targets); all 264 valid cases passed on the
 *   ATmega2560 at -Os and -O2 with mcu/tools/mkvec.py's cap raised by
 *   hand (two images: 18 s of simavr per 100 cases).
 */
/* No include guard: a body of x25519_fe32.c (scripts/amalgamate.py counts
 * its static names as that file's). */

/* the columns of a product into h[0..9], carried */
void rijn_i_fe32_cols_avr(uint32_t *h, const uint32_t *w, const uint8_t *sched);
/* r2..r17, r28, r29 */
#define FE_AVR_REGS(op, a, b, c, d, e, f, g, h, i)                                          \
    #op " r" #a "\n\t" #op " r" #b "\n\t" #op " r" #c "\n\t" #op " r" #d "\n\t" #op " r" #e \
    "\n\t" #op " r" #f "\n\t" #op " r" #g "\n\t" #op " r" #h "\n\t" #op " r" #i "\n\t"
/* w: r2:r3, h: r4:r5 (advancing), schedule: Z; run length r6, zero r7,
 * carries r8, r9; a: X, b: Y (descending) */
__asm__(".pushsection .text.rijn_i_fe32_cols_avr,\"ax\",@progbits\n\t"
        ".global rijn_i_fe32_cols_avr\n\t.type rijn_i_fe32_cols_avr, @function\n"
        "rijn_i_fe32_cols_avr:\n\t" FE_AVR_REGS(push, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        FE_AVR_REGS(push, 11, 12, 13, 14, 15, 16, 17, 28, 29)
        "movw r2, r22\n\tmovw r4, r24\n\tmovw r30, r20\n\tclr r7\n\tclr r18\n\tclr r19\n\t"
        "clr r20\n\tclr r21\n\tclr r22\n\tclr r23\n\tclr r24\n\tclr r25\n"
        "1:\n\tlpm r6, Z+\n\ttst r6\n\tbreq 9f\n\tbrmi 5f\n\trjmp 4f\n5:\n\t"
        /* column end: h[k] = low 25 or 26 bits, sum >>= 25 or 26 */
        "movw r26, r4\n\tst X+, r18\n\tst X+, r19\n\tst X+, r20\n\tmov r16, r21\n\t"
        "mov r18, r21\n\tmov r19, r22\n\tmov r20, r23\n\tmov r21, r24\n\tmov r22, r25\n\t"
        "clr r23\n\tclr r24\n\tclr r25\n\tlsr r22\n\tror r21\n\tror r20\n\tror r19\n\t"
        "ror r18\n\tsbrc r6, 0\n\trjmp 6f\n\tlsr r22\n\tror r21\n\tror r20\n\tror r19\n\t"
        "ror r18\n\tandi r16, 3\n\trjmp 7f\n6:\n\tandi r16, 1\n7:\n\tst X+, r16\n\t"
        "movw r4, r26\n\trjmp 1b\n"
        /* the end: t = 19 c + h[0] (c, the carry out of h[9], below 2^40:
         * r18..r22; t in r10..r15), h[0] = t mod 2^26, h[1] += t >> 26 */
        "9:\n\tldi r16, 19\n\tmul r18, r16\n\tmovw r10, r0\n\tmul r20, r16\n\t"
        "movw r12, r0\n\tmul r22, r16\n\tmovw r14, r0\n\tmul r19, r16\n\tadd r11, r0\n\t"
        "adc r12, r1\n\tadc r13, r7\n\tadc r14, r7\n\tadc r15, r7\n\tmul r21, r16\n\t"
        "add r13, r0\n\tadc r14, r1\n\tadc r15, r7\n\tmovw r28, r4\n\tsbiw r28, 40\n\t"
        "ld r18, Y\n\tldd r19, Y+1\n\tldd r20, Y+2\n\tldd r21, Y+3\n\tadd r10, r18\n\t"
        "adc r11, r19\n\tadc r12, r20\n\tadc r13, r21\n\tadc r14, r7\n\tadc r15, r7\n\t"
        "st Y, r10\n\tstd Y+1, r11\n\tstd Y+2, r12\n\tmov r16, r13\n\tandi r16, 3\n\t"
        "std Y+3, r16\n\tlsr r15\n\tror r14\n\tror r13\n\tlsr r15\n\tror r14\n\t"
        "ror r13\n\tldd r18, Y+4\n\tldd r19, Y+5\n\tldd r20, Y+6\n\tldd r21, Y+7\n\t"
        "add r18, r13\n\tadc r19, r14\n\tadc r20, r15\n\tadc r21, r7\n\tstd Y+4, r18\n\t"
        "std Y+5, r19\n\tstd Y+6, r20\n\tstd Y+7, r21\n\t"
        FE_AVR_REGS(pop, 29, 28, 17, 16, 15, 14, 13, 12, 11)
        FE_AVR_REGS(pop, 10, 9, 8, 7, 6, 5, 4, 3, 2)
        "clr __zero_reg__\n\tret\n"
        /* a run: n, the byte offsets of a[0] and b[0] in w */
        "4:\n\tlpm r16, Z+\n\tmovw r26, r2\n\tadd r26, r16\n\tadc r27, r7\n\t"
        "lpm r16, Z+\n\tmovw r28, r2\n\tadd r28, r16\n\tadc r29, r7\n\tadiw r28, 4\n"
        "2:\n\tld r14, X+\n\tld r15, X+\n\tld r16, X+\n\tld r17, X+\n\tld r13, -Y\n\t"
        "ld r12, -Y\n\tld r11, -Y\n\tld r10, -Y\n\t"
        RIJN_I_AVR_BODY(r8, r9, r7) "dec r6\n\tbreq 3f\n\trjmp 2b\n3:\n\trjmp 1b\n\t"
        ".size rijn_i_fe32_cols_avr, .-rijn_i_fe32_cols_avr\n\t.popsection");
/* the limbs of add and sub stay below 2^30: 32-bit carries, constant
 * shift counts (a loop of single-bit shifts otherwise) */
static void fe_carry32(fe *h)
{
    uint32_t *v = h->v;
    uint8_t c = 0;
    int i;
    for (i = 0; i < 10; i += 2) {
        v[i + 1] += (uint8_t)(v[i] >> 24) >> 2;
        v[i] &= M26;
        c = (uint8_t)(v[i + 1] >> 24) >> 1;
        v[i + 1] &= M25;
        if (i < 8)
            v[i + 2] += c;
    }
    v[0] += (uint16_t)(19 * c);
    v[1] += (uint8_t)(v[0] >> 24) >> 2;
    v[0] &= M26;
}

/* 19 x (x < 2^27) with four MULs (libgcc's __muluhisi3 otherwise) */
RIJN_INLINE uint32_t fe_19(uint32_t x)
{
    uint32_t r;
    __asm__("mul %A1, %2\n\tmov %A0, r0\n\tmov %B0, r1\n\tmul %C1, %2\n\tmov %C0, r0\n\t"
            "mov %D0, r1\n\tmul %D1, %2\n\tadd %D0, r0\n\tmul %B1, %2\n\tadd %B0, r0\n\t"
            "adc %C0, r1\n\tclr __zero_reg__\n\tadc %D0, __zero_reg__"
            : "=&r"(r) : "r"(x), "r"((uint8_t)19));
    return r;
}

/* column ends and runs (n, byte offsets of a[0] and b[0]; b descends) */
#define FE_E(k) (0x82 - ((k) & 1))
#define FE_A(k) (((k) & 1) ? 0 : 40) /* odd columns: f (d2); even: f2 (d4) */
/* fe_mul, w = f, f2 (odd limbs doubled), 19 g, g: column k is
 * f'[i] w[30 + k - i], i = 0..9 */
#define FE_MC(k) 10, FE_A(k), 120 + 4 * (k), FE_E(k)
static const uint8_t fe_sched_mul[] __attribute__((__progmem__)) = {
    FE_MC(0), FE_MC(1), FE_MC(2), FE_MC(3), FE_MC(4),
    FE_MC(5), FE_MC(6), FE_MC(7), FE_MC(8), FE_MC(9), 0};
/* fe_sq, w = d2 (2 f), d4 (2 f, 4 f for odd limbs), 19 f, f: the pairs
 * i < j of column k below (i + j = k) and above (i + j = k + 10), then
 * for even k the squares of f[k/2] and f[k/2 + 5], an odd limb doubled
 * (d2[i] f[i]; an even one f[i] f[i]) */
#define FE_SL(k) ((k) + 1) / 2, FE_A(k), 120 + 4 * (k)
#define FE_SH(k) (9 - (k)) / 2, FE_A(k) + 4 * ((k) + 1), 116
#define FE_S(i) (((i) & 1) ? 4 * (i) : 120 + 4 * (i))
#define FE_SQ(k) 1, FE_S((k) / 2), 120 + 2 * (k), 1, FE_S((k) / 2 + 5), 100 + 2 * (k), FE_E(k)
static const uint8_t fe_sched_sq[] __attribute__((__progmem__)) = {
    FE_SH(0), FE_SQ(0), FE_SL(1), FE_SH(1), FE_E(1), FE_SL(2), FE_SH(2), FE_SQ(2),
    FE_SL(3), FE_SH(3), FE_E(3), FE_SL(4), FE_SH(4), FE_SQ(4), FE_SL(5), FE_SH(5), FE_E(5),
    FE_SL(6), FE_SH(6), FE_SQ(6), FE_SL(7), FE_SH(7), FE_E(7), FE_SL(8), FE_SQ(8),
    FE_SL(9), FE_E(9), 0};
/* fe_mul121665, w = f, 121665 */
#define FE_KC(k) 1, 4 * (k), 40, FE_E(k)
static const uint8_t fe_sched_k[] __attribute__((__progmem__)) = {
    FE_KC(0), FE_KC(1), FE_KC(2), FE_KC(3), FE_KC(4),
    FE_KC(5), FE_KC(6), FE_KC(7), FE_KC(8), FE_KC(9), 0};

/* The workspace of a product f g: f << s (odd limbs doubled again in the
 * second copy), 19 g, g. A square is 2f times f (s = 1) with its own
 * schedule. */
static void fe_work(uint32_t w[40], const fe *f, const fe *g, unsigned s)
{
    int i;
    for (i = 0; i < 10; i += 2) {
        w[i] = w[10 + i] = f->v[i] << s;
        w[i + 1] = f->v[i + 1] << s;
        w[11 + i] = f->v[i + 1] << (s + 1);
        w[20 + i] = fe_19(g->v[i]);
        w[21 + i] = fe_19(g->v[i + 1]);
        w[30 + i] = g->v[i];
        w[31 + i] = g->v[i + 1];
    }
}

static void fe_mul(fe *h, const fe *f, const fe *g)
{
    uint32_t w[40];
    fe_work(w, f, g, 0);
    rijn_i_fe32_cols_avr(h->v, w, fe_sched_mul);
}

static void fe_sq(fe *h, const fe *f)
{
    uint32_t w[40];
    fe_work(w, f, f, 1);
    rijn_i_fe32_cols_avr(h->v, w, fe_sched_sq);
}

static void fe_mul121665(fe *h, const fe *f)
{
    uint32_t w[11];
    memcpy(w, f->v, sizeof f->v);
    w[10] = 121665u;
    rijn_i_fe32_cols_avr(h->v, w, fe_sched_k);
}
