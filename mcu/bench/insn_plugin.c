/*
 * insn_plugin.c -- a QEMU TCG plugin that counts, exactly and repeatably,
 * the guest instructions executed and the memory loads made between the
 * entry of a "start" address and the entry of a "stop" address.
 *
 * Implementation notes: Debian's QEMU (7.2) has the plugin API compiled in
 * but ships no qemu-plugin.h, so the few functions and constants used are
 * declared here (API version 1). Every translated instruction gets an
 * inline 64-bit add (instructions) and an inline add per data load
 * (loads: one per memory access, so an LDM of n registers counts n); the
 * instructions at the start and stop addresses get a callback that takes
 * a snapshot (start) or prints the difference (stop) as
 * "@insns <n> loads <m>". Run with -plugin ./insn_plugin.so,start=0x..,
 * stop=0x..[,profile=on] -d plugin -D <logfile>. With profile=on each
 * instruction also adds to its function's counter (qemu_plugin_insn_symbol)
 * and each region lists "@fn <function> <instructions>". One vCPU is
 * assumed (all our boards).
 * Built by mcu/measure.py with the host gcc; not part of the library.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
enum qemu_plugin_mem_rw { QEMU_PLUGIN_MEM_R = 1, QEMU_PLUGIN_MEM_W, QEMU_PLUGIN_MEM_RW };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
                                           void (*cb)(qemu_plugin_id_t, struct qemu_plugin_tb *));
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
const char *qemu_plugin_insn_symbol(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
                                                enum qemu_plugin_op op, void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_mem_inline(struct qemu_plugin_insn *insn,
                                          enum qemu_plugin_mem_rw rw, enum qemu_plugin_op op,
                                          void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                            void (*cb)(unsigned int, void *),
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, void (*cb)(qemu_plugin_id_t, void *),
                                    void *userdata);
void qemu_plugin_outs(const char *string);

__attribute__((visibility("default"))) extern const int qemu_plugin_version;
__attribute__((visibility("default"))) const int qemu_plugin_version = 1;
__attribute__((visibility("default"))) int qemu_plugin_install(qemu_plugin_id_t id,
                                                               const qemu_info_t *info,
                                                               int argc, char **argv);

static uint64_t start_addr = UINT64_MAX, stop_addr = UINT64_MAX;
static uint64_t insns, loads, insns0, loads0, regions;

/* profile=on: instructions per function (symbol), printed per region as
 * "@fn <name> <n>" for every function with a nonzero count. */
#define MAXFN 512
static int profile;
static const char *fn_name[MAXFN];
static uint64_t fn_count[MAXFN], fn_count0[MAXFN];
static int nfn;

static int fn_index(const char *name)
{
    int i;
    if (name == NULL)
        name = "?";
    for (i = 0; i < nfn; i++)
        if (strcmp(fn_name[i], name) == 0)
            return i;
    if (nfn == MAXFN)
        return MAXFN - 1;
    fn_name[nfn] = strdup(name);
    return nfn++;
}

static void on_start(unsigned int vcpu, void *u)
{
    (void)vcpu;
    (void)u;
    insns0 = insns;
    loads0 = loads;
    if (profile)
        memcpy(fn_count0, fn_count, sizeof fn_count);
}

static void on_stop(unsigned int vcpu, void *u)
{
    char line[80];
    (void)vcpu;
    (void)u;
    snprintf(line, sizeof line, "@insns %" PRIu64 " loads %" PRIu64 "\n", insns - insns0,
             loads - loads0);
    qemu_plugin_outs(line);
    if (profile) {
        int i;
        for (i = 0; i < nfn; i++) {
            if (fn_count[i] != fn_count0[i]) {
                char l2[160];
                snprintf(l2, sizeof l2, "@fn %s %" PRIu64 "\n", fn_name[i],
                         fn_count[i] - fn_count0[i]);
                qemu_plugin_outs(l2);
            }
        }
    }
    regions++;
}

static void on_tb(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t i, n = qemu_plugin_tb_n_insns(tb);
    (void)id;
    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t va = qemu_plugin_insn_vaddr(insn);
        if (va == start_addr)
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_start, QEMU_PLUGIN_CB_NO_REGS, NULL);
        if (va == stop_addr)
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_stop, QEMU_PLUGIN_CB_NO_REGS, NULL);
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &insns, 1);
        if (profile)
            qemu_plugin_register_vcpu_insn_exec_inline(
                insn, QEMU_PLUGIN_INLINE_ADD_U64,
                &fn_count[fn_index(qemu_plugin_insn_symbol(insn))], 1);
        qemu_plugin_register_vcpu_mem_inline(insn, QEMU_PLUGIN_MEM_R, QEMU_PLUGIN_INLINE_ADD_U64,
                                             &loads, 1);
    }
}

static void at_exit(qemu_plugin_id_t id, void *u)
{
    char line[80];
    (void)id;
    (void)u;
    snprintf(line, sizeof line, "@total insns %" PRIu64 " regions %" PRIu64 "\n", insns,
             regions);
    qemu_plugin_outs(line);
}

int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    int i;
    (void)info;
    for (i = 0; i < argc; i++) {
        if (strncmp(argv[i], "start=", 6) == 0)
            start_addr = strtoull(argv[i] + 6, NULL, 0) & ~(uint64_t)1; /* Thumb bit */
        else if (strncmp(argv[i], "stop=", 5) == 0)
            stop_addr = strtoull(argv[i] + 5, NULL, 0) & ~(uint64_t)1;
        else if (strcmp(argv[i], "profile=on") == 0)
            profile = 1;
    }
    if (start_addr == UINT64_MAX || stop_addr == UINT64_MAX)
        return -1;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb);
    qemu_plugin_register_atexit_cb(id, at_exit, NULL);
    return 0;
}
