/*
 * hal.h -- the few services an on-target test or benchmark needs, with one
 * implementation per platform family:
 *   mcu/rt/arm/hal_arm.c     Cortex-M under QEMU (semihosting, bkpt 0xAB)
 *   mcu/rt/riscv/hal_riscv.c RV32 under QEMU virt (semihosting, ebreak)
 *   mcu/rt/avr/hal_avr.c     AVR under simavr (GPIOR0 console, GPIOR1
 *                            bench markers, GPIOR2 exit code; see runner.c)
 * Vector data: semihosting file reads of "mcu_vectors.bin" (ARM, RISC-V,
 * in QEMU's working directory) or a generated PROGMEM array (AVR).
 */
#ifndef RIJN_MCU_HAL_H
#define RIJN_MCU_HAL_H

#include <stddef.h>
#include <stdint.h>

void hal_puts(const char *s);
void hal_putu(uint32_t v);
void hal_exit(int code) __attribute__((noreturn));

/* Vector stream: open (0 = ok), then read up to n bytes (returns count). */
int hal_vec_open(void);
size_t hal_vec_read(uint8_t *buf, size_t n);

/* Measurement region markers: the QEMU plugin counts instructions between
 * the entries of these two functions; simavr's runner prints the cycles
 * between the two GPIOR1 writes. Never inlined. */
void bench_start(void) __attribute__((noinline));
void bench_stop(void) __attribute__((noinline));

/* Stack painting: HAL_STACK_PAINT() paints the free stack below the
 * calling function's stack pointer; HAL_STACK_USED() then returns how many
 * bytes below that stack pointer were written since (0 if none). */
void hal_stack_paint(uintptr_t sp) __attribute__((noinline));
uint32_t hal_stack_used(void) __attribute__((noinline));

static inline uintptr_t hal_sp(void)
{
    uintptr_t sp;
#if defined(__arm__)
    __asm__ volatile("mov %0, sp" : "=r"(sp));
#elif defined(__riscv)
    __asm__ volatile("mv %0, sp" : "=r"(sp));
#elif defined(__aarch64__)
    __asm__ volatile("mov %0, sp" : "=r"(sp));
#elif defined(__AVR__)
    sp = (uintptr_t)(*(volatile uint8_t *)0x5D | ((uintptr_t)(*(volatile uint8_t *)0x5E) << 8));
#else
#error "hal_sp: unknown architecture"
#endif
    return sp;
}
#define HAL_STACK_PAINT() hal_stack_paint(hal_sp())
#define HAL_STACK_USED()  hal_stack_used()

#endif
