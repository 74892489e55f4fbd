/* shim/stdio.h -- for peer sources on targets without a C library
 * (RV32 here): Mbed TLS 2.28 includes it but calls nothing from it in our
 * configuration. Used with -idirafter: a real stdio.h wins. */
