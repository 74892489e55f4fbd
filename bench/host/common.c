/*
 * common.c -- data and helpers shared by the adapters.
 *
 * Implementation notes
 *   The string case of the seeds: "AES_Test_1 - Hello! Testing AES
 *   Encryption here" (47 characters) with its terminating NUL: 48 bytes,
 *   PKCS#7-padded to 64. The padding helpers serve the libraries that leave
 *   padding to the caller (Nettle, BearSSL, tiny-AES-c, wolfSSL, ...); the
 *   unpadding check here is not constant-time (benchmark code only).
 */
#include "bench.h"

#include <string.h>

const uint8_t bench_string[BENCH_STRING_LEN] =
    "AES_Test_1 - Hello! Testing AES Encryption here";

size_t bench_pkcs7_pad(uint8_t *out, const uint8_t *in, size_t len)
{
    size_t p = 16 - (len % 16);
    memmove(out, in, len);
    memset(out + len, (int)p, p);
    return len + p;
}

size_t bench_pkcs7_unpad_len(const uint8_t *buf, size_t len)
{
    if (len == 0 || len % 16 != 0)
        return 0;
    size_t p = buf[len - 1];
    if (p == 0 || p > 16)
        return 0;
    for (size_t i = 0; i < p; i++)
        if (buf[len - 1 - i] != p)
            return 0;
    return len - p;
}
