/*
 * string.h -- the four memory functions rijn needs, for freestanding MCU
 * builds that have no C library (RISC-V) or do not link one (Cortex-M).
 * Implementations in mcu/rt/string.c. AVR builds use avr-libc's instead.
 */
#ifndef RIJN_MCU_STRING_H
#define RIJN_MCU_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);

#endif
