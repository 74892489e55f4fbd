/*
 * Implementation notes: byte-wise memcpy/memmove/memset/memcmp/strlen for
 * the freestanding MCU runtime (no C library is linked on Cortex-M or
 * RISC-V). Deliberately plain byte loops: small and easy to audit; the
 * library's hot paths do not depend on them. The loops are marked so GCC
 * does not turn them back into calls to themselves
 * (-fno-tree-loop-distribute-patterns is set on this file by mcu.py).
 * Proven by every on-target test (mcu/test/mcu_test.c).
 */
#include <string.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s) {
        while (n--)
            *d++ = *s++;
    } else if (d > s) {
        while (n--)
            d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p < *q ? -1 : 1;
    return 0;
}

size_t strlen(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0')
        n++;
    return n;
}
