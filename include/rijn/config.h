/*
 * rijn/config.h -- build options.
 *
 * Every option is a macro RIJN_CFG_<NAME>. Set it on the compiler command
 * line (-DRIJN_CFG_AES_SMALL=0), or put your settings in a header and build
 * with -DRIJN_CFG_FILE='"my_rijn_config.h"'. The library and the code that
 * uses it must be built with the same settings: the size of rijn_aes_ctx
 * depends on which implementations are compiled in.
 *
 * AES implementations (unset = auto, 0 = off, 1 = on):
 *   RIJN_CFG_AES_X86NI  AES-NI (+PCLMULQDQ), chosen at run time by CPUID.
 *                       auto: on for x86/x86-64 with GCC or Clang.
 *   RIJN_CFG_AES_CT64   constant-time bitsliced AES on 64-bit words.
 *                       auto: on for 64-bit targets.      ks: 960 bytes
 *   RIJN_CFG_AES_BS256  "bs256": ct64's bitsliced AES on 256-bit registers
 *                       (16 blocks per pass; AVX2 + AVX-512 VL, chosen at
 *                       run time; ct64's schedule, so it needs CT64).
 *                       auto: on for x86-64 with GCC or Clang when CT64 is.
 *   RIJN_CFG_AES_CT32   constant-time fixsliced AES on 32-bit words.
 *                       auto: on for 32- and 64-bit targets. ks: 480 bytes
 *   RIJN_CFG_AES_ARMV7M "ct32asm": ct32 with the block encryption in Thumb-2
 *                       assembly (same schedule; key setup and decryption
 *                       are ct32's, so it needs RIJN_CFG_AES_CT32).
 *                       auto: on for ARMv7-M/ARMv7E-M/ARMv8-M mainline
 *                       (Cortex-M3/M4/M7/M33) with GCC or Clang.
 *   RIJN_CFG_AES_ARMV6M "ct32v6m": ct32 with the block encryption in Thumb-1
 *                       assembly for ARMv6-M / ARMv8-M baseline (Cortex-M0,
 *                       M0+, M23); key setup and decryption are ct32's.
 *                       auto: on for those cores with GCC or Clang.
 *   RIJN_CFG_AES_AVR    "avr": AES in AVR assembly, tables in flash (LPM:
 *                       constant time on AVR only, which has no data cache;
 *                       never built for other CPUs).
 *                       auto: on for __AVR__ with GCC.     ks: 240 bytes
 *   RIJN_CFG_AES_AVR_COMPACT
 *                       0 (default): "avr" encryption unrolled for speed
 *                       (~1.6 KB code + 512 bytes of tables, ~2,450 cycles
 *                       per AES-128 block); 1: the smallest encryption
 *                       (~0.45 KB code + the 256-byte S-box, ~3,600 cycles).
 *                       Decryption is the same either way.
 *   RIJN_CFG_AES_SMALL  byte-oriented AES with an S-box table; least code.
 *                       NOT constant-time on CPUs with a data cache.
 *                       auto: on for 8/16-bit targets and 64-bit hosts
 *                       (there for tests; never chosen by default while a
 *                       constant-time implementation is compiled in).
 *                                                             ks: 240 bytes
 * Features:
 *   RIJN_CFG_AES_DECRYPT  1 (default) keeps the AES inverse cipher;
 *                       0 drops it (CTR, CFB, OFB, CBC-encrypt, GCM, CCM,
 *                       CMAC... still work; *_decrypt of ECB/CBC/CTS/XTS
 *                       return RIJN_ERR_UNSUPPORTED).
 *   RIJN_CFG_AES_192, RIJN_CFG_AES_256
 *                       1 (default) accept 24- / 32-byte keys; 0 rejects
 *                       them with RIJN_ERR_KEY_LEN and shrinks contexts.
 */
#ifndef RIJN_CONFIG_H
#define RIJN_CONFIG_H

#ifdef RIJN_CFG_FILE
#include RIJN_CFG_FILE
#endif

#include <stdint.h>

/* ---- target facts ------------------------------------------------------ */
#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
#define RIJN_ARCH_X86 1
#else
#define RIJN_ARCH_X86 0
#endif

#if UINTPTR_MAX > 0xFFFFFFFFu
#define RIJN_ARCH_64 1
#else
#define RIJN_ARCH_64 0
#endif

#if UINTPTR_MAX <= 0xFFFFu
#define RIJN_ARCH_SMALLWORD 1 /* AVR, MSP430: 8/16-bit */
#else
#define RIJN_ARCH_SMALLWORD 0
#endif

/* ---- AES implementations ----------------------------------------------- */
#ifndef RIJN_CFG_AES_X86NI
#if RIJN_ARCH_X86 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_CFG_AES_X86NI 1
#else
#define RIJN_CFG_AES_X86NI 0
#endif
#endif

#ifndef RIJN_CFG_AES_CT64
#define RIJN_CFG_AES_CT64 RIJN_ARCH_64
#endif

#ifndef RIJN_CFG_AES_BS256 /* bitsliced, 16 blocks per pass on 256-bit AVX-512VL registers */
#if RIJN_CFG_AES_CT64 && RIJN_ARCH_X86 && RIJN_ARCH_64 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_CFG_AES_BS256 1
#else
#define RIJN_CFG_AES_BS256 0
#endif
#endif

#ifndef RIJN_CFG_AES_CT32
#define RIJN_CFG_AES_CT32 (!RIJN_ARCH_SMALLWORD)
#endif

#ifndef RIJN_CFG_AES_ARMV7M
#if RIJN_CFG_AES_CT32 && defined(__thumb2__) && (defined(__GNUC__) || defined(__clang__)) && \
    (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__))
#define RIJN_CFG_AES_ARMV7M 1
#else
#define RIJN_CFG_AES_ARMV7M 0
#endif
#endif

#ifndef RIJN_CFG_AES_ARMV6M
#if RIJN_CFG_AES_CT32 && defined(__thumb__) && (defined(__GNUC__) || defined(__clang__)) && \
    (defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__))
#define RIJN_CFG_AES_ARMV6M 1
#else
#define RIJN_CFG_AES_ARMV6M 0
#endif
#endif

#ifndef RIJN_CFG_AES_SMALL
#define RIJN_CFG_AES_SMALL (RIJN_ARCH_SMALLWORD || RIJN_ARCH_64)
#endif

#ifndef RIJN_CFG_AES_AVR
#if defined(__AVR__) && defined(__GNUC__)
#define RIJN_CFG_AES_AVR 1
#else
#define RIJN_CFG_AES_AVR 0
#endif
#endif

#ifndef RIJN_CFG_AES_DECRYPT
#define RIJN_CFG_AES_DECRYPT 1
#endif
#ifndef RIJN_CFG_AES_192
#define RIJN_CFG_AES_192 1
#endif
#ifndef RIJN_CFG_AES_256
#define RIJN_CFG_AES_256 1
#endif

#if !RIJN_CFG_AES_X86NI && !RIJN_CFG_AES_CT64 && !RIJN_CFG_AES_CT32 && !RIJN_CFG_AES_SMALL && \
    !RIJN_CFG_AES_AVR
#error "rijn: at least one AES implementation must be enabled (RIJN_CFG_AES_*)"
#endif
#if RIJN_CFG_AES_ARMV7M && !RIJN_CFG_AES_CT32
#error "rijn: RIJN_CFG_AES_ARMV7M needs RIJN_CFG_AES_CT32 (shared key schedule)"
#endif
#if RIJN_CFG_AES_ARMV7M && !(defined(__thumb2__) && !defined(__ARM_ARCH_6M__) && \
                             !defined(__ARM_ARCH_8M_BASE__))
#error "rijn: RIJN_CFG_AES_ARMV7M needs a Thumb-2 target (ARMv7-M, ARMv7E-M, ARMv8-M mainline)"
#endif
#if RIJN_CFG_AES_ARMV6M && !(RIJN_CFG_AES_CT32 && defined(__thumb__))
#error "rijn: RIJN_CFG_AES_ARMV6M needs RIJN_CFG_AES_CT32 and a Thumb target"
#endif
#ifndef RIJN_CFG_AES_AVR_COMPACT
#define RIJN_CFG_AES_AVR_COMPACT 0
#endif
#if RIJN_CFG_AES_AVR && !defined(__AVR__)
#error "rijn: RIJN_CFG_AES_AVR is for AVR targets only (its tables are not constant time elsewhere)"
#endif
#if RIJN_CFG_AES_X86NI && !RIJN_ARCH_X86
#error "rijn: RIJN_CFG_AES_X86NI needs an x86 target"
#endif

/* ---- key schedule storage (in 64-bit words) ---------------------------- */
#if RIJN_CFG_AES_256
#define RIJN_AES_MAX_ROUNDS 14
#elif RIJN_CFG_AES_192
#define RIJN_AES_MAX_ROUNDS 12
#else
#define RIJN_AES_MAX_ROUNDS 10
#endif

/* ct64: 8 words of 64 bits per round key; x86ni: 16 bytes per round key,
 * twice (encrypt and decrypt); ct32: 8 words of 32 bits per round key;
 * small: 16 bytes per round key. */
#define RIJN_I_KS_CT64  (RIJN_CFG_AES_CT64 ? 8 * (RIJN_AES_MAX_ROUNDS + 1) : 0)
#define RIJN_I_KS_X86NI (RIJN_CFG_AES_X86NI ? 4 * (RIJN_AES_MAX_ROUNDS + 1) : 0)
#define RIJN_I_KS_CT32  (RIJN_CFG_AES_CT32 ? 4 * (RIJN_AES_MAX_ROUNDS + 1) : 0)
/* small and avr share the FIPS 197 byte schedule */
#define RIJN_I_KS_SMALL \
    ((RIJN_CFG_AES_SMALL || RIJN_CFG_AES_AVR) ? 2 * (RIJN_AES_MAX_ROUNDS + 1) : 0)
#define RIJN_I_MAX2(a, b) ((a) > (b) ? (a) : (b))
#define RIJN_AES_KS_WORDS \
    RIJN_I_MAX2(RIJN_I_MAX2(RIJN_I_KS_CT64, RIJN_I_KS_X86NI), \
                RIJN_I_MAX2(RIJN_I_KS_CT32, RIJN_I_KS_SMALL))

#endif /* RIJN_CONFIG_H */
