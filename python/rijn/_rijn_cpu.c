/*
 * _rijn_cpu.c -- cpu_mhz(): the core clock measured on a chain of
 * dependent integer additions, for benchmark reports (python/bench.py
 * names the CPU and its measured clock beside every table); and
 * aesenc_latency(): the cycles one AESENC takes when each depends on the
 * previous one (the bound of serial modes: CBC encryption, CFB, OFB).
 *
 * Implementation notes
 *   Each `add` depends on the previous one, so on every x86-64 core the
 *   chain runs at one addition per cycle (latency 1); 2^20 additions per
 *   sample, timed with CLOCK_MONOTONIC, best of 7 samples (preemption
 *   only lengthens a sample). Returns 0 where the chain is not available
 *   (not x86-64 GCC/Clang, no clock_gettime). The GIL is released.
 *   A measurement: bench.py prints it; tests only check that it runs
 *   (tests never time).
 */
#define _POSIX_C_SOURCE 200809L
#include "_rijn.h"

#include <time.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define ADD4 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
static double chain_mhz(void)
{
    double best = 0.0;
    int s;
    for (s = 0; s < 7; s++) {
        struct timespec a, b;
        unsigned long x = 0, y = 1, i;
        double ns;
        clock_gettime(CLOCK_MONOTONIC, &a);
        for (i = 0; i < (1ul << 20) / 32; i++)
            __asm__ volatile(ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 : "+r"(x) : "r"(y));
        clock_gettime(CLOCK_MONOTONIC, &b);
        ns = (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec);
        if (ns > 0 && (double)(1ul << 20) / ns * 1e3 > best)
            best = (double)(1ul << 20) / ns * 1e3;
    }
    return best;
}

/* Cycles per AESENC in a dependent chain: the chain's time per
 * instruction over the add chain's (one cycle each), best of 7 samples
 * each, the two chains interleaved so that both see the same clock.
 * 0 without AES-NI (CPUID.1:ECX bit 25). The instruction is written in
 * the asm text, so the file needs no -maes. */
typedef long long rijn_py_v2di __attribute__((vector_size(16)));
#define AES4 "aesenc %1, %0\n\taesenc %1, %0\n\taesenc %1, %0\n\taesenc %1, %0\n\t"
static double aesenc_cycles(void)
{
    unsigned a, b, c, d;
    double best_aes = 0.0, best_add = 0.0;
    int s;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 25)))
        return 0.0;
    for (s = 0; s < 7; s++) {
        struct timespec t0, t1, t2;
        rijn_py_v2di x = {1, 2}, k = {3, 4};
        unsigned long i, ax = 0, ay = 1;
        double ns_aes, ns_add;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (i = 0; i < (1ul << 18) / 32; i++)
            __asm__ volatile(AES4 AES4 AES4 AES4 AES4 AES4 AES4 AES4 : "+x"(x) : "x"(k));
        clock_gettime(CLOCK_MONOTONIC, &t1);
        for (i = 0; i < (1ul << 20) / 32; i++)
            __asm__ volatile(ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 ADD4 : "+r"(ax) : "r"(ay));
        clock_gettime(CLOCK_MONOTONIC, &t2);
        ns_aes = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) /
                 (double)(1ul << 18);
        ns_add = ((double)(t2.tv_sec - t1.tv_sec) * 1e9 + (double)(t2.tv_nsec - t1.tv_nsec)) /
                 (double)(1ul << 20);
        if (ns_aes > 0 && (best_aes == 0.0 || ns_aes < best_aes))
            best_aes = ns_aes;
        if (ns_add > 0 && (best_add == 0.0 || ns_add < best_add))
            best_add = ns_add;
    }
    return best_add > 0 ? best_aes / best_add : 0.0;
}
#else
static double chain_mhz(void)
{
    return 0.0;
}

static double aesenc_cycles(void)
{
    return 0.0;
}
#endif

static PyObject *py_cpu_mhz(PyObject *self, PyObject *unused)
{
    double mhz;
    (void)self;
    (void)unused;
    Py_BEGIN_ALLOW_THREADS
    mhz = chain_mhz();
    Py_END_ALLOW_THREADS
    return PyFloat_FromDouble(mhz);
}

static PyObject *py_aesenc_latency(PyObject *self, PyObject *unused)
{
    double cyc;
    (void)self;
    (void)unused;
    Py_BEGIN_ALLOW_THREADS
    cyc = aesenc_cycles();
    Py_END_ALLOW_THREADS
    return PyFloat_FromDouble(cyc);
}

static PyMethodDef cpu_methods[] = {
    {"aesenc_latency", py_aesenc_latency, METH_NOARGS,
     "aesenc_latency() -> cycles per dependent AESENC (0: no AES-NI or not x86-64)"},
    {"cpu_mhz", py_cpu_mhz, METH_NOARGS,
     "cpu_mhz() -> the core clock in MHz measured on dependent additions (0: unknown)"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_cpu(PyObject *m)
{
    return PyModule_AddFunctions(m, cpu_methods);
}
