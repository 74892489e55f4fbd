/*
 * _rijn_cpu.c -- cpu_mhz(): the core clock measured on a chain of
 * dependent integer additions, for benchmark reports (python/bench.py
 * names the CPU and its measured clock beside every table).
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
#else
static double chain_mhz(void)
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

static PyMethodDef cpu_methods[] = {
    {"cpu_mhz", py_cpu_mhz, METH_NOARGS,
     "cpu_mhz() -> the core clock in MHz measured on dependent additions (0: unknown)"},
    {NULL, NULL, 0, NULL}};

int rijn_py_init_cpu(PyObject *m)
{
    return PyModule_AddFunctions(m, cpu_methods);
}
