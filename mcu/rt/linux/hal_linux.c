/*
 * Implementation notes: the HAL for Linux user-mode targets (RV64 under
 * qemu-riscv64: mcu/mcu.py targets rv64 and rv64zk), so the on-target
 * known-answer test runs on a 64-bit RISC-V user-mode emulator with a C
 * library: console on stdout, the vector stream "mcu_vectors.bin" read
 * from the working directory with stdio. Stack painting is not measured
 * there (hal_stack_used returns 0); the bench markers are the common
 * empty functions' equivalents.
 */
#include <stdio.h>
#include <stdlib.h>

#include "hal.h"

static FILE *vec;

void hal_puts(const char *s)
{
    fputs(s, stdout);
}

void hal_putu(uint32_t v)
{
    printf("%lu", (unsigned long)v);
}

void hal_exit(int code)
{
    fflush(stdout);
    exit(code);
}

int hal_vec_open(void)
{
    vec = fopen("mcu_vectors.bin", "rb");
    return vec == NULL ? -1 : 0;
}

size_t hal_vec_read(uint8_t *buf, size_t n)
{
    return fread(buf, 1, n, vec);
}

void bench_start(void)
{
    __asm__ volatile("" ::: "memory");
}

void bench_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

void hal_stack_paint(uintptr_t sp)
{
    (void)sp;
}

uint32_t hal_stack_used(void)
{
    return 0;
}
