/*
 * trace_plugin.c -- a QEMU TCG plugin for the constant-time trace test
 * (mcu/trace/trace.py): between the entry of a "start" address and the
 * entry of a "stop" address it hashes the sequence of executed
 * instruction addresses and the sequence of memory accesses, and prints
 * one record per region:
 *   "@t <insns> <loads> <stores> <table loads> <pc digest> <mem digest>
 *       <mem digest with table-load addresses left out> - <variable-latency
 *       instructions>"
 *
 * Implementation notes: Debian's QEMU (7.2) has the plugin API compiled in
 * but ships no qemu-plugin.h, so the few functions used are declared here
 * (API version 1, as mcu/bench/insn_plugin.c). Every translated
 * instruction gets an execution callback (its address is the userdata)
 * and a memory callback (address, size, load/store from the meminfo
 * word); both do nothing outside a region. The memory digest takes every
 * store and every load as (address, size); the second one the same except
 * for a load inside one of the table regions given with region=LO-HI (up
 * to 8, half-open): such a load adds only a fixed "table load of this
 * size" word, so a secret-indexed load there keeps that digest, and one
 * anywhere else changes it (<table loads> counts them; <loads> counts
 * all). The digests are 64-bit multiply-xorshift chains (each step a
 * bijection of the state for a given word, so one differing word always
 * changes the digest). With vlat=arm, arm-m3, riscv or a64 the instructions
 * whose latency depends on their operands on that core (see
 * variable_latency; read from the instruction bytes at translation) are
 * counted. Run with -plugin ./trace_plugin.so,start=0x..,stop=0x..
 * [,region=0x..-0x..][,vlat=..] -d plugin -D <logfile>. dump=K (at most
 * twice) prints every event of the K-th region, "@d K p|l|s|t addr size"
 * (instruction, load, store, table load): trace.py finds where two
 * inputs part. One vCPU assumed.
 * Built by mcu/trace/trace.py with the host gcc; not part of the library.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_R = 1, QEMU_PLUGIN_MEM_W, QEMU_PLUGIN_MEM_RW };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                            void (*cb)(unsigned int, void *),
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
                                      void (*cb)(unsigned int, qemu_plugin_meminfo_t, uint64_t,
                                                 void *),
                                      enum qemu_plugin_cb_flags flags,
                                      enum qemu_plugin_mem_rw rw, void *userdata);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, void *),
                                    void *userdata);
void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) extern const int qemu_plugin_version;
__attribute__((visibility("default"))) const int qemu_plugin_version = 1;
__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id,
                                                               const qemu_info_t *info,
                                                               int argc, char **argv);

#define MAXREG 8
static uint64_t start_addr = UINT64_MAX, stop_addr = UINT64_MAX;
static uint64_t reg_lo[MAXREG], reg_hi[MAXREG];
static int nreg;
static int active;
static uint64_t insns, loads, stores, tloads, hpc, hmem, hmemt, vlat, regions;

/* dump=K (twice at most): print every event of the K-th region (from 0). */
static uint64_t dump_at[2] = {UINT64_MAX, UINT64_MAX};
static int dumping;

/* vlat=: which instructions take operand-dependent time on the core. */
enum { VL_NONE, VL_ARM, VL_ARM_M3, VL_RISCV, VL_A64 };
static int vl_kind;

static uint64_t mix(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ull; /* odd: a bijection of h */
    return h ^ (h >> 29);                /* also a bijection */
}

static void on_start(unsigned int vcpu, void *u)
{
    (void)vcpu;
    (void)u;
    insns = loads = stores = tloads = vlat = 0;
    hpc = hmem = hmemt = 0x6A09E667F3BCC908ull;
    active = 1;
    dumping = regions == dump_at[0] || regions == dump_at[1];
}

static void on_stop(unsigned int vcpu, void *u)
{
    char line[160];
    (void)vcpu;
    (void)u;
    if (!active)
        return;
    active = 0;
    snprintf(line, sizeof line,
             "@t %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %016" PRIx64 " %016" PRIx64
             " %016" PRIx64 " - %" PRIu64 "\n",
             insns, loads, stores, tloads, hpc, hmem, hmemt, vlat);
    qemu_plugin_outs(line);
    regions++;
}

static void dump(char kind, uint64_t va, uint64_t size)
{
    char line[80];
    snprintf(line, sizeof line, "@d %" PRIu64 " %c %" PRIx64 " %" PRIu64 "\n", regions, kind, va,
             size);
    qemu_plugin_outs(line);
}

static void on_insn(unsigned int vcpu, void *u)
{
    (void)vcpu;
    if (active) {
        insns++;
        hpc = mix(hpc, (uint64_t)(uintptr_t)u);
        if (dumping)
            dump('p', (uint64_t)(uintptr_t)u, 0);
    }
}

static void on_vlat(unsigned int vcpu, void *u)
{
    (void)vcpu;
    (void)u;
    if (active)
        vlat++;
}

/* 1 if the instruction's latency depends on its operands on the core:
 * SDIV/UDIV (Cortex-M3/M4/M33: 2-12 cycles), on the M3 also the long
 * multiplies SMULL/UMULL/SMLAL/UMLAL (early termination); RV32 DIV, DIVU,
 * REM, REMU (iterative dividers); A64 UDIV/SDIV (W and X forms: early
 * termination on Cortex-A cores, e.g. A53, A72). */
static int variable_latency(const struct qemu_plugin_insn *insn)
{
    const uint8_t *b = qemu_plugin_insn_data(insn);
    size_t n = qemu_plugin_insn_size(insn);
    if ((vl_kind == VL_ARM || vl_kind == VL_ARM_M3) && n == 4) {
        unsigned hw1 = (unsigned)b[0] | (unsigned)b[1] << 8;
        unsigned hw2 = (unsigned)b[2] | (unsigned)b[3] << 8;
        unsigned op1 = (hw1 >> 4) & 0xFFFu;
        if ((op1 == 0xFB9 || op1 == 0xFBB) && (hw2 & 0xF0F0u) == 0xF0F0u)
            return 1; /* SDIV, UDIV */
        if (vl_kind == VL_ARM_M3 && (hw2 & 0xF0u) == 0 &&
            (op1 == 0xFB8 || op1 == 0xFBA || op1 == 0xFBC || op1 == 0xFBE))
            return 1; /* SMULL, UMULL, SMLAL, UMLAL */
    }
    if (vl_kind == VL_RISCV && n == 4) {
        uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                     (uint32_t)b[3] << 24;
        if ((w & 0x7F) == 0x33 && (w >> 25) == 1 && ((w >> 12) & 7) >= 4)
            return 1; /* DIV, DIVU, REM, REMU */
    }
    if (vl_kind == VL_A64 && n == 4) {
        uint32_t w = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                     (uint32_t)b[3] << 24;
        if ((w & 0x7FE0F800u) == 0x1AC00800u)
            return 1; /* sf 0 0 11010110 Rm 00001 o1 Rn Rd: UDIV (o1 0), SDIV (o1 1) */
    }
    return 0;
}

static int in_table(uint64_t va, uint64_t size)
{
    int i;
    for (i = 0; i < nreg; i++)
        if (va >= reg_lo[i] && va + size <= reg_hi[i])
            return 1;
    return 0;
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t va, void *u)
{
    uint64_t size;
    (void)vcpu;
    (void)u;
    if (!active)
        return;
    size = (uint64_t)1 << qemu_plugin_mem_size_shift(info);
    if (dumping)
        dump(qemu_plugin_mem_is_store(info) ? 's' : in_table(va, size) ? 't' : 'l', va, size);
    if (qemu_plugin_mem_is_store(info)) {
        stores++;
        hmem = mix(hmem, va ^ (size << 56) ^ (1ull << 63));
        hmemt = mix(hmemt, va ^ (size << 56) ^ (1ull << 63));
        return;
    }
    loads++;
    hmem = mix(hmem, va ^ (size << 56));
    if (in_table(va, size)) {
        tloads++;
        hmemt = mix(hmemt, (size << 56) ^ (1ull << 62)); /* "a table load", no address */
    } else {
        hmemt = mix(hmemt, va ^ (size << 56));
    }
}

static void on_tb(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t i, n = qemu_plugin_tb_n_insns(tb);
    (void)id;
    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t va = qemu_plugin_insn_vaddr(insn);
        if (va == stop_addr)
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_stop, QEMU_PLUGIN_CB_NO_REGS, NULL);
        if (va == start_addr)
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_start, QEMU_PLUGIN_CB_NO_REGS, NULL);
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn, QEMU_PLUGIN_CB_NO_REGS,
                                               (void *)(uintptr_t)va);
        if (vl_kind != VL_NONE && variable_latency(insn))
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_vlat, QEMU_PLUGIN_CB_NO_REGS, NULL);
        qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
                                         NULL);
    }
}

static void at_exit(qemu_plugin_id_t id, void *u)
{
    char line[80];
    (void)id;
    (void)u;
    snprintf(line, sizeof line, "@regions %" PRIu64 "\n", regions);
    qemu_plugin_outs(line);
}

int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    int i;
    (void)info;
    for (i = 0; i < argc; i++) {
        char *end;
        if (strncmp(argv[i], "start=", 6) == 0) {
            start_addr = strtoull(argv[i] + 6, NULL, 0) & ~(uint64_t)1; /* Thumb bit */
        } else if (strncmp(argv[i], "stop=", 5) == 0) {
            stop_addr = strtoull(argv[i] + 5, NULL, 0) & ~(uint64_t)1;
        } else if (strncmp(argv[i], "dump=", 5) == 0) {
            dump_at[dump_at[0] != UINT64_MAX] = strtoull(argv[i] + 5, NULL, 0);
        } else if (strcmp(argv[i], "vlat=arm") == 0) {
            vl_kind = VL_ARM;
        } else if (strcmp(argv[i], "vlat=arm-m3") == 0) {
            vl_kind = VL_ARM_M3;
        } else if (strcmp(argv[i], "vlat=riscv") == 0) {
            vl_kind = VL_RISCV;
        } else if (strcmp(argv[i], "vlat=a64") == 0) {
            vl_kind = VL_A64;
        } else if (strncmp(argv[i], "region=", 7) == 0 && nreg < MAXREG) {
            reg_lo[nreg] = strtoull(argv[i] + 7, &end, 0);
            if (*end != '-')
                return -1;
            reg_hi[nreg] = strtoull(end + 1, NULL, 0);
            nreg++;
        } else {
            fprintf(stderr, "trace_plugin: unknown argument %s\n", argv[i]);
            return -1;
        }
    }
    if (start_addr == UINT64_MAX || stop_addr == UINT64_MAX)
        return -1;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
