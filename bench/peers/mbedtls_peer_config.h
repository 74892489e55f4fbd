/*
 * peer_mbedtls_config.h -- our minimal Mbed TLS 2.28 configuration for the
 * MCU peer runs (MBEDTLS_CONFIG_FILE): AES with CBC and CTR, GCM (which
 * needs the cipher layer), nothing else; no platform layer, no time, no
 * entropy, no assembly (MBEDTLS_HAVE_ASM off: plain C, as for the other
 * peers; its bignum assembly would not be used here anyway).
 *
 * Implementation notes: MBEDTLS_AES_ROM_TABLES puts the AES tables in
 * flash as const arrays (the default computes them into RAM at first use:
 * 8.5 KiB of RAM). PEER_MBED_FEWER=1 adds MBEDTLS_AES_FEWER_TABLES (one
 * table per direction, rotated at run time: 2.5 KiB instead of 8.5 KiB),
 * the only Mbed TLS AES that fits an ATmega2560 (avr-gcc keeps const data
 * in RAM). Mbed TLS 2.28 cannot drop AES decryption.
 */
#ifndef PEER_MBEDTLS_CONFIG_H
#define PEER_MBEDTLS_CONFIG_H

#define MBEDTLS_AES_C
#define MBEDTLS_AES_ROM_TABLES
#if defined(PEER_MBED_FEWER) && PEER_MBED_FEWER
#define MBEDTLS_AES_FEWER_TABLES
#endif
#define MBEDTLS_CIPHER_MODE_CBC
#define MBEDTLS_CIPHER_MODE_CTR
#define MBEDTLS_CIPHER_C
#define MBEDTLS_GCM_C

#include "mbedtls/check_config.h"

#endif
