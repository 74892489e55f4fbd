/*
 * Implementation notes: RV32 HAL for QEMU virt: semihosting through
 * sh_call (start.S: slli/ebreak/srai), the same operations as on ARM
 * (SYS_WRITE0, SYS_OPEN, SYS_READ, SYS_EXIT_EXTENDED). Traps are not
 * expected: mtvec points at a handler that reports and exits 99.
 */
#include "hal.h"

int sh_call(int op, void *arg);
void trap_handler(void) __attribute__((noreturn, aligned(4)));

void hal_puts(const char *s)
{
    (void)sh_call(0x04, (void *)(uintptr_t)s);
}

void hal_exit(int code)
{
    uint32_t blk[2] = {0x20026u, (uint32_t)code};
    for (;;)
        (void)sh_call(0x20, blk);
}

static int vec_fd = -1;

int hal_vec_open(void)
{
    static const char name[] = "mcu_vectors.bin";
    uint32_t blk[3] = {(uint32_t)(uintptr_t)name, 1u, sizeof name - 1u};
    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)trap_handler));
    vec_fd = sh_call(0x01, blk);
    return vec_fd < 0 ? -1 : 0;
}

size_t hal_vec_read(uint8_t *buf, size_t n)
{
    uint32_t blk[3] = {(uint32_t)vec_fd, (uint32_t)(uintptr_t)buf, (uint32_t)n};
    int left = sh_call(0x06, blk);
    if (left < 0 || (size_t)left > n)
        return 0;
    return n - (size_t)left;
}

void bench_start(void)
{
    __asm__ volatile("" ::: "memory");
}

void bench_stop(void)
{
    __asm__ volatile("" ::: "memory");
}

void trap_handler(void)
{
    hal_puts("FAULT: unexpected trap\n");
    hal_exit(99);
}
