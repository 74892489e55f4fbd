/*
 * avr_trace.c -- host program that runs an AVR firmware under simavr and
 * traces it for the constant-time trace test (mcu/trace/trace.py);
 * linked with libsimavr. Not part of the library.
 *
 * Usage: avr_trace <mcu> <firmware.elf> [P:LO-HI | D:LO-HI]...
 *   Same conventions as mcu/rt/avr/runner.c: GPIOR0 (0x3E) console to
 *   stdout, GPIOR2 (0x4B) exit status. GPIOR1 (0x4A) = 1 starts a region,
 *   2 ends it and prints, on stdout (in order with the console),
 *   "@t <insns> <loads> <stores> <table loads> <pc digest> <mem digest>
 *    <mem digest with table-load addresses left out> <cycles> 0" (the 0:
 *   no variable-latency instruction is looked for on AVR: the cycle count
 *   covers them).
 *   P:LO-HI is a table region in program memory (LPM/ELPM byte addresses),
 *   D:LO-HI one in data memory (half-open ranges, up to 8). F:K (at most
 *   twice) prints every event of the K-th region (from 0) as
 *   "@d K p <pc> 0" / "@d K l|s <address> D|P" (trace.py finds where two
 *   inputs part).
 *
 * Implementation notes: simavr's raw run executes one instruction per
 * avr_run() call (then its cycle timers; our images enable no interrupt),
 * so the loop reads the PC and decodes the instruction there before each
 * call: the PC goes into one digest; a data access (LD/ST through X, Y, Z
 * with post-increment, pre-decrement or displacement, LDS/STS, PUSH/POP,
 * LPM/ELPM) has its address computed from the registers before the
 * instruction runs and goes into the memory digests as (space, address,
 * load/store); in the second one a load inside a table region adds only
 * a fixed "table load" word (as trace_plugin.c does under QEMU). I/O
 * instructions (IN/OUT/SBI/CBI) and the return addresses of calls have
 * fixed addresses and follow from the PC sequence. The cycle count is
 * simavr's, which is exact for these cores.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_io.h>

#define MAXREG 8
static int done = -1, active;
static avr_cycle_count_t mark;
static unsigned long long insns, loads, stores, tloads;
static uint64_t hpc, hmem, hmemt;
static char reg_space[MAXREG];
static unsigned long reg_lo[MAXREG], reg_hi[MAXREG];
static int nreg;
static unsigned long long nregions, dump_at[2] = {~0ull, ~0ull};
static int dumping;

static uint64_t mix(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

static void on_console(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *p)
{
    (void)avr; (void)addr; (void)p;
    fputc(v, stdout);
}

static void on_marker(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *p)
{
    (void)addr; (void)p;
    if (v == 1) {
        insns = loads = stores = tloads = 0;
        hpc = hmem = hmemt = 0x6A09E667F3BCC908ull;
        active = 1;
        dumping = nregions == dump_at[0] || nregions == dump_at[1];
        mark = avr->cycle;
    } else if (v == 2 && active) {
        active = 0;
        printf("@t %llu %llu %llu %llu %016llx %016llx %016llx %llu 0\n", insns, loads, stores,
               tloads, (unsigned long long)hpc, (unsigned long long)hmem,
               (unsigned long long)hmemt,
               (unsigned long long)(avr->cycle - mark));
        nregions++;
    }
}

static void on_exit_code(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *p)
{
    (void)avr; (void)addr; (void)p;
    done = v;
}

static unsigned reg16(const avr_t *avr, int r)
{
    return (unsigned)avr->data[r] | ((unsigned)avr->data[r + 1] << 8);
}

/* The data access of the instruction at pc, if any: returns 0 (none), or
 * 1 and sets *space ('D' data, 'P' program), *addr, *store. */
static int access_of(const avr_t *avr, uint32_t pc, char *space, unsigned long *addr, int *store)
{
    unsigned op = (unsigned)avr->flash[pc] | ((unsigned)avr->flash[pc + 1] << 8);
    unsigned x = reg16(avr, 26), y = reg16(avr, 28), z = reg16(avr, 30);
    unsigned sp = reg16(avr, 0x5D);
    *space = 'D';
    *store = 0;
    if (op == 0x95C8 || op == 0x95D8) { /* LPM / ELPM r0, Z */
        *space = 'P';
        *addr = z | (op == 0x95D8 && avr->rampz ? (unsigned long)avr->data[avr->rampz] << 16 : 0);
        return 1;
    }
    if ((op & 0xD000) == 0x8000) { /* LDD / STD (Y|Z)+q, also LD/ST Y, Z */
        unsigned q = ((op >> 8) & 0x20) | ((op >> 7) & 0x18) | (op & 7);
        *addr = ((op & 8) ? y : z) + q;
        *store = (op >> 9) & 1;
        return 1;
    }
    if ((op & 0xFC00) != 0x9000)
        return 0;
    *store = (op >> 9) & 1;
    switch (op & 0xF) {
    case 0x0: /* LDS / STS k (two words) */
        *addr = (unsigned)avr->flash[pc + 2] | ((unsigned)avr->flash[pc + 3] << 8);
        return 1;
    case 0x1: *addr = z; return 1;
    case 0x2: *addr = (z - 1) & 0xFFFF; return 1;
    case 0x9: *addr = y; return 1;
    case 0xA: *addr = (y - 1) & 0xFFFF; return 1;
    case 0xC: case 0xD: *addr = x; return 1;
    case 0xE: *addr = (x - 1) & 0xFFFF; return 1;
    case 0xF: *addr = *store ? sp : sp + 1; return 1; /* PUSH / POP */
    case 0x4: case 0x5: case 0x6: case 0x7:
        if (*store)
            return 0; /* XCH/LAS/LAC/LAT: XMEGA only */
        *space = 'P';
        *addr = z | ((op & 2) && avr->rampz ? (unsigned long)avr->data[avr->rampz] << 16 : 0);
        return 1;
    default: return 0;
    }
}

static void trace_insn(const avr_t *avr)
{
    char space;
    unsigned long addr;
    int store, i;
    uint32_t pc = avr->pc;
    insns++;
    hpc = mix(hpc, pc);
    if (dumping)
        printf("@d %llu p %lx 0\n", nregions, (unsigned long)pc);
    if (!access_of(avr, pc, &space, &addr, &store))
        return;
    if (dumping)
        printf("@d %llu %c %lx %c\n", nregions, store ? 's' : 'l', addr, space);
    if (store) {
        stores++;
        hmem = mix(hmem, ((uint64_t)space << 40) ^ addr ^ (1ull << 63));
        hmemt = mix(hmemt, ((uint64_t)space << 40) ^ addr ^ (1ull << 63));
        return;
    }
    loads++;
    hmem = mix(hmem, ((uint64_t)space << 40) ^ addr);
    for (i = 0; i < nreg; i++) {
        if (reg_space[i] == space && addr >= reg_lo[i] && addr < reg_hi[i]) {
            tloads++;
            hmemt = mix(hmemt, ((uint64_t)space << 40) ^ (1ull << 62));
            return;
        }
    }
    hmemt = mix(hmemt, ((uint64_t)space << 40) ^ addr);
}

int main(int argc, char **argv)
{
    elf_firmware_t fw;
    avr_t *avr;
    unsigned long long max_cycles = 4000000000ull;
    int state = cpu_Running, i;

    if (argc < 3) {
        fprintf(stderr, "usage: %s <mcu> <firmware.elf> [P:LO-HI|D:LO-HI|F:K]...\n", argv[0]);
        return 2;
    }
    for (i = 3; i < argc && nreg < MAXREG; i++) {
        char *end;
        if (argv[i][0] == 'F' && argv[i][1] == ':') {
            dump_at[dump_at[0] != ~0ull] = strtoull(argv[i] + 2, NULL, 0);
            continue;
        }
        if ((argv[i][0] != 'P' && argv[i][0] != 'D') || argv[i][1] != ':') {
            fprintf(stderr, "avr_trace: bad region %s\n", argv[i]);
            return 2;
        }
        reg_space[nreg] = argv[i][0];
        reg_lo[nreg] = strtoul(argv[i] + 2, &end, 0);
        if (*end != '-') {
            fprintf(stderr, "avr_trace: bad region %s\n", argv[i]);
            return 2;
        }
        reg_hi[nreg++] = strtoul(end + 1, NULL, 0);
    }
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(argv[2], &fw) != 0) {
        fprintf(stderr, "avr_trace: cannot read %s\n", argv[2]);
        return 2;
    }
    avr = avr_make_mcu_by_name(argv[1]);
    if (avr == NULL) {
        fprintf(stderr, "avr_trace: unknown mcu %s\n", argv[1]);
        return 2;
    }
    avr_init(avr);
    avr->log = LOG_ERROR;
    avr_load_firmware(avr, &fw);
    avr_register_io_write(avr, 0x3E, on_console, NULL);
    avr_register_io_write(avr, 0x4A, on_marker, NULL);
    avr_register_io_write(avr, 0x4B, on_exit_code, NULL);
    while (done < 0) {
        if (active)
            trace_insn(avr);
        state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed)
            break;
        if (avr->cycle > max_cycles) {
            fprintf(stderr, "avr_trace: cycle limit reached\n");
            break;
        }
    }
    fflush(stdout);
    if (done < 0) {
        fprintf(stderr, "avr_trace: firmware stopped without an exit code (state %d)\n", state);
        return 98;
    }
    return done;
}
