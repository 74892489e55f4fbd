/* shim/stdlib.h -- for peer sources on targets without a C library
 * (RV32 here): only what Mbed TLS 2.28 uses (calloc/free, given by
 * peer_mbedtls.c). Used with -idirafter: a real stdlib.h wins. */
#include <stddef.h>
void *calloc(size_t n, size_t size);
void free(void *p);
