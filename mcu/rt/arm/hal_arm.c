/*
 * Implementation notes: Cortex-M startup and semihosting for QEMU
 * (microbit, mps2-an385/an386/an505). Our own vector table (initial SP,
 * reset, and one default handler that reports the fault and exits with
 * status 99), reset copies .data, clears .bss, calls main and exits with
 * its status. Output and exit go through semihosting (bkpt 0xAB):
 * SYS_WRITE0, SYS_OPEN/SYS_READ for the vector file, and
 * SYS_EXIT_EXTENDED (reason ADP_Stopped_ApplicationExit + code), because
 * plain SYS_EXIT only carries 0 or 1 on 32-bit ARM. No C library.
 */
#include "hal.h"

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);
void Reset_Handler(void) __attribute__((noreturn));
void Default_Handler(void) __attribute__((noreturn));

static int sh_call(int op, void *arg)
{
    register int r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void hal_puts(const char *s)
{
    (void)sh_call(0x04, (void *)(uintptr_t)s); /* SYS_WRITE0 */
}

void hal_exit(int code)
{
    uint32_t blk[2] = {0x20026u, (uint32_t)code}; /* ApplicationExit */
    for (;;)
        (void)sh_call(0x20, blk); /* SYS_EXIT_EXTENDED */
}

static int vec_fd = -1;

int hal_vec_open(void)
{
    static const char name[] = "mcu_vectors.bin";
    uint32_t blk[3] = {(uint32_t)(uintptr_t)name, 1u /* "rb" */, sizeof name - 1u};
    vec_fd = sh_call(0x01, blk); /* SYS_OPEN */
    return vec_fd < 0 ? -1 : 0;
}

size_t hal_vec_read(uint8_t *buf, size_t n)
{
    uint32_t blk[3] = {(uint32_t)vec_fd, (uint32_t)(uintptr_t)buf, (uint32_t)n};
    int left = sh_call(0x06, blk); /* SYS_READ: returns bytes NOT read */
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

void Reset_Handler(void)
{
    uint32_t *s = &_sidata, *d = &_sdata;
    while (d < &_edata)
        *d++ = *s++;
    for (d = &_sbss; d < &_ebss; d++)
        *d = 0;
    hal_exit(main());
}

void Default_Handler(void)
{
    hal_puts("FAULT: unexpected exception\n");
    hal_exit(99);
}

__attribute__((section(".isr_vector"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void))(uintptr_t)&_estack,
    Reset_Handler,
    Default_Handler, Default_Handler, Default_Handler, Default_Handler, Default_Handler,
    0, 0, 0, 0,
    Default_Handler, Default_Handler, 0, Default_Handler, Default_Handler,
};
