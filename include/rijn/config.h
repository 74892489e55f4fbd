/*
 * rijn/config.h -- build options.
 *
 * Every option is a macro RIJN_CFG_<NAME>. Set it on the compiler command
 * line (-DRIJN_CFG_AES_SMALL=0), or put your settings in a header and build
 * with -DRIJN_CFG_FILE='"my_rijn_config.h"'. The library and the code that
 * uses it must be built with the same settings: the size of rijn_aes_ctx
 * depends on which implementations are compiled in (and rijn_hash_ctx on
 * the hash options).
 *
 * This comment lists every RIJN_CFG_* option of the tree: its default, what
 * it does, what it costs, and where it is defined when that is not here
 * (options private to one part of the library keep their default next to
 * the code; the public ones are defined below). Sizes are measured:
 * "M3" = linked flash bytes on Cortex-M3 at -Os (docs/BENCHMARKS-MCU.md,
 * mcu/bench/feat.c), "x64" = .text bytes of the object files at -O3 on
 * x86-64 (GCC 12); "ks" = bytes of key schedule the class needs in
 * rijn_aes_ctx (the context holds the largest). The "~" sizes, cycle and
 * instruction counts below were measured when their option was added or
 * last changed (the commit named beside a figure, else the one that wrote
 * it: git log -S'<figure>' include/rijn/config.h) and drift as the code
 * changes; the current MCU figures are docs/BENCHMARKS-MCU.md's
 * (scripts/mcu-measure.sh), the host ones docs/BENCHMARKS.md's.
 *
 * AES implementations (unset = auto, 0 = off, 1 = on):
 *   RIJN_CFG_AES_X86NI  AES-NI (+PCLMULQDQ), VAES 256/512, chosen at run
 *                       time by CPUID. auto: on for x86/x86-64 with GCC or
 *                       Clang.          x64: ~33 KB (4 files); ks: 480 bytes
 *   RIJN_CFG_AES_ARMCE  "armce": AES with the ARMv8 Crypto Extensions
 *                       (AESE/AESMC, 8 blocks per pass; fused CTR and CBC),
 *                       chosen at run time (HWCAP_AES). auto: on for
 *                       little-endian AArch64 with GCC or Clang.
 *                                                             ks: 480 bytes
 *   RIJN_CFG_AES_NEONBS "neonbs": constant-time bitsliced AES on 128-bit
 *                       NEON registers (8 blocks per pass; fused CTR and
 *                       CBC decryption), the default on AArch64 CPUs
 *                       without AES (Cortex-A72: Raspberry Pi 4). auto: on
 *                       for little-endian AArch64 with GCC or Clang.
 *                                                             ks: 240 bytes
 *   RIJN_CFG_AES_RVK    "rvk": AES with the RISC-V scalar crypto extensions
 *                       Zkne + Zknd (aes32* on RV32, aes64* on RV64; fused
 *                       CTR and CBC), chosen at compile time: auto: on when
 *                       -march has both (GCC or Clang define __riscv_zkne
 *                       and __riscv_zknd); such an image needs a CPU with
 *                       them. It then replaces ttable as the RV32 default
 *                       (ttable is off unless set to 1).   ks: 480 bytes
 *   RIJN_CFG_AES_CT64   constant-time bitsliced AES on 64-bit words.
 *                       auto: on for 64-bit targets. x64: ~10.7 KB;
 *                                                             ks: 960 bytes
 *   RIJN_CFG_AES_BS256  "bs256": ct64's bitsliced AES on 256-bit registers
 *                       (16 blocks per pass; AVX2 + AVX-512 VL, chosen at
 *                       run time; ct64's schedule, so it needs CT64).
 *                       auto: on for x86-64 with GCC or Clang when CT64 is.
 *                                                             x64: ~4.6 KB
 *   RIJN_CFG_AES_TTABLE "ttable": AES with round tables in SRAM, one block
 *                       per call, equivalent inverse cipher; constant time
 *                       only on cores without a data cache (table below).
 *                       auto: on for Cortex-M0/M0+/M3/M4/M23/M33 and RV32
 *                       without an OS, where it is the default and the only
 *                       class built (ct32 and its assembly are then off
 *                       unless set to 1). Tables are generated into SRAM at
 *                       the first key setup (never read from flash), SRAM:
 *                       2,560 bytes with RIJN_CFG_AES_TTABLE_TABLES=1,
 *                       8,704 with 4 (1 KiB per table per direction + two
 *                       256-byte S-boxes); the same without decryption.
 *                                                             ks: 480 bytes
 *     Where the argument (a secret-indexed load costs the same time at any
 *     address) holds:
 *       Cortex-M0, M0+, M23 (RP2040, STM32F0/G0/L0, SAMD21)   yes: default
 *       Cortex-M3, M4, M33 with SRAM tables (STM32F1/F4/L4,
 *         nRF52, nRF5340, RP2350, LPC, SAM4)                  yes: default
 *       RV32 without a data cache (ESP32-C3/C6 internal SRAM,
 *         GD32VF103, SiFive E31/E20, CH32V)                   yes: default
 *       Cortex-M7, M55, M85 (data cache; same compiler macros
 *         as M4/M33: ttable's probe reads SCB->CPUID and
 *         refuses them)                                       no: set
 *                       RIJN_CFG_AES_TTABLE=0 (ct32asm becomes the default)
 *       tables in flash behind a prefetch/ART/XIP cache       no (ttable
 *                       never reads its tables from flash)
 *       parts with a cache on SRAM (Kinetis LMEM system cache, any core
 *         with the D-cache enabled over the table memory)     no: set 0
 *       A-class cores, x86, hosts                             no: never
 *                       the default; builds there need
 *                       RIJN_CFG_AES_TTABLE_VARTIME=1 (tests only).
 *   RIJN_CFG_AES_TTABLE_TABLES
 *                       1: one encryption and one decryption table,
 *                       rotated in the round (free on Thumb-2; one RORS
 *                       per lookup on Thumb-1); 4: four of each (6 KiB
 *                       more SRAM; RV32 has no rotate instruction).
 *                       default: 4 on RISC-V, 1 elsewhere.
 *   RIJN_CFG_AES_TTABLE_ASM
 *                       1 (default): the block functions in assembly on
 *                       Thumb-2, Thumb-1 and RV32 (src/aes/aes_ttable_*.c,
 *                       generated); 0: the portable C ones.
 *   RIJN_CFG_AES_TTABLE_VARTIME
 *                       0; 1: allow ttable on a CPU not in the table above
 *                       (host tests of its C code). The class then does
 *                       not carry RIJN_AES_IMPL_CONSTTIME: never chosen by
 *                       default, not in the ctgrind list.
 *   RIJN_CFG_AES_TTABLE_CPUID
 *                       auto: 1 on ARMv7E-M / ARMv8-M mainline: ttable's
 *                       availability probe reads SCB->CPUID (privileged)
 *                       and refuses Cortex-M7/M55/M85; 0 drops the probe
 *                       (unprivileged code on a known cache-less part).
 *   RIJN_CFG_AES_CT32   constant-time fixsliced AES on 32-bit words.
 *                       auto: on for 32- and 64-bit targets without
 *                       ttable (Cortex-M7, A-class, hosts). ks: 480 bytes
 *                       M3: 3,796 (AES-128 encrypt-only with key setup),
 *                       6,136 with decryption; x64: ~11.2 KB
 *   RIJN_CFG_AES_CT32ASM "ct32asm": ct32 with the block encryption in Thumb-2
 *                       assembly (same schedule; key setup and decryption
 *                       are ct32's, so it needs RIJN_CFG_AES_CT32).
 *                       auto: on for ARMv7-M/ARMv7E-M/ARMv8-M mainline
 *                       with GCC or Clang when ct32 is on: the default
 *                       for Cortex-M7 builds (RIJN_CFG_AES_TTABLE=0).
 *                       M3: 6,732 (AES-128 encrypt-only with key setup)
 *   RIJN_CFG_AES_CT32V6M "ct32v6m": ct32 with the block encryption in Thumb-1
 *                       assembly for ARMv6-M / ARMv8-M baseline (Cortex-M0,
 *                       M0+, M23); key setup and decryption are ct32's.
 *                       auto: on for those cores with GCC or Clang.
 *   RIJN_CFG_AES_ARMV7M, RIJN_CFG_AES_ARMV6M
 *                       deprecated spellings of RIJN_CFG_AES_CT32ASM and
 *                       RIJN_CFG_AES_CT32V6M (each class now has one name:
 *                       class, file aes_<class>.c, macro); still honoured
 *                       when the new macro is not defined; will go.
 *   RIJN_CFG_AES_AVR    "avr": AES in AVR assembly, table lookups (SRAM or
 *                       flash: constant time on AVR only, which has no data
 *                       cache; never built for other CPUs).
 *                       auto: on for __AVR__ with GCC.     ks: 240 bytes
 *   RIJN_CFG_AES_AVR_COMPACT
 *                       0 (default): "avr" encryption unrolled for speed
 *                       (~1.5 KB code + 512 bytes of tables, ~1,950 cycles
 *                       per AES-128 block at 6b45d4f, simavr); 1: the
 *                       smallest encryption (~0.45 KB code + the 256-byte
 *                       S-box in flash, ~3,600 cycles at f8857a8).
 *                       Decryption is the same either way.
 *   RIJN_CFG_AES_AVR_RAM
 *                       1 (default unless RIJN_CFG_AES_AVR_COMPACT): the
 *                       "avr" S-box and xtime tables in SRAM: 512 bytes of
 *                       RAM (initialized data, 256-byte aligned: no padding
 *                       when it comes first in .data, as with
 *                       -fdata-sections; at most 255 bytes otherwise),
 *                       ~280 cycles less per AES-128 block (SRAM loads take
 *                       2 cycles, LPM 3), ~110 less decryption, 40 less
 *                       key setup (simavr, at 6b45d4f). 0: every table in flash (no RAM).
 *                       Constant time either way (no data cache; a load
 *                       from internal SRAM takes 2 cycles at any address:
 *                       keep .data in internal SRAM, not on an XMEM bus).
 *   RIJN_CFG_AES_SMALL  byte-oriented AES with an S-box table; least code.
 *                       NOT constant-time on CPUs with a data cache.
 *                       auto: on for 8/16-bit targets without the avr
 *                       class (MSP430) and 64-bit hosts
 *                       (there for tests; never chosen by default while a
 *                       constant-time implementation is compiled in).
 *                       M3, AES-128 encrypt-only with key setup: the
 *                       "small" figure of docs/BENCHMARKS-MCU.md; 2,164
 *                       with decryption (at 248586a).         ks: 240 bytes
 *   RIJN_CFG_AES_SMALL_COMPACT
 *                       0 (default); 1: "small" with the least flash for
 *                       encrypt-only builds (rolled SubBytes+ShiftRows and
 *                       MixColumns, rounds computed in the output buffer):
 *                       M3, small the only class, AES-128 encrypt-only with
 *                       key setup: docs/BENCHMARKS-MCU.md's "smallcompact"
 *                       figure against "small" (884 instead of 1,116 bytes
 *                       at 05d40df).
 *   RIJN_CFG_TLS        1 (default on hosted Unix, macOS and Windows with
 *                       GCC, Clang or MSVC): rijn_aes_impl_force (tests,
 *                       benchmarks) holds its choice per thread, in
 *                       thread-local storage, so a forced class never
 *                       reaches another thread's key setups; 0 (the
 *                       default elsewhere: bare-metal MCUs, which have no
 *                       threads and often no TLS runtime): one per process.
 *   RIJN_CFG_AES_SINGLE unset = auto: 1 when exactly one class is compiled
 *                       in. 1: the default class is used without the
 *                       registry walk, the availability probe and the cached
 *                       choice (the smallest image; the registry API still
 *                       works).
 * AES features (0 / 1):
 *   RIJN_CFG_AES_DECRYPT  1 (default) keeps the AES inverse cipher;
 *                       0 drops it (CTR, CFB, OFB, CBC-encrypt, GCM, CCM,
 *                       CMAC... still work; *_decrypt of ECB/CBC/CTS/XTS
 *                       return RIJN_ERR_UNSUPPORTED). M3 saves 2,340 bytes
 *                       with ct32, 776 with small.
 *   RIJN_CFG_AES_192, RIJN_CFG_AES_256
 *                       1 (default) accept 24- / 32-byte keys; 0 rejects
 *                       them with RIJN_ERR_KEY_LEN and shrinks contexts
 *                       (both 0: 128 bytes less RAM for a ct32 context,
 *                       ~24 bytes of flash on M3).
 * GHASH for GCM / GMAC / GCM-SIV (unset = auto, 0 = off, 1 = on; defined in
 * src/aead/ghash.h; at least one must be on):
 *   RIJN_CFG_GHASH_PCLMUL PCLMULQDQ (and VPCLMULQDQ on 512-bit registers)
 *                       paths, chosen at run time. auto: on for x86 with
 *                       GCC or Clang.                         x64: ~7.3 KB
 *   RIJN_CFG_GHASH_PMULL "pmull": AArch64 PMULL, 8 blocks per reduction,
 *                       chosen at run time (HWCAP_PMULL). auto: on for
 *                       little-endian AArch64 with GCC or Clang.
 *   RIJN_CFG_GHASH_RVCLMUL "rvclmul": RISC-V Zbkc clmul/clmulh with Zbkb
 *                       brev8 on RV64 and RV32, chosen at compile time. auto: on
 *                       when -march has both (__riscv_zbkc, __riscv_zbkb).
 *   RIJN_CFG_GHASH_CT64 constant-time carry-less multiply on 64-bit words.
 *                       auto: on for 64-bit targets.          x64: ~1.8 KB
 *   RIJN_CFG_GHASH_CT32 constant-time carry-less multiply on 32-bit words.
 *                       default: 1 (the fallback everywhere). x64: ~2.8 KB
 * Hashes (0 / 1; defined below; SHA-224/256 are always built; rijn/hash.h
 * says what each descriptor becomes when it is off):
 *   RIJN_CFG_HASH_SHA512  1 (default): SHA-384, SHA-512, SHA-512/224,
 *                         SHA-512/256. 0 drops them: ~2.3 KB of code on
 *                         Cortex-M4 (6 KB on AVR); rijn_hash_ctx shrinks.
 *   RIJN_CFG_HASH_SHA3    1 (default): SHA-3, SHAKE, Keccak. 0 drops them;
 *                         rijn_hash_ctx shrinks from 216+ to 208 or 112
 *                         bytes (the HMAC context is two of them).
 *   RIJN_CFG_HASH_LEGACY  1 (default): MD5 and SHA-1 (openssl enc's key
 *                         derivation, old HMACs). 0 drops them. x64: ~4 KB
 *   RIJN_CFG_HASH_BLAKE2B 1 (default): BLAKE2b and Argon2. 0 drops them;
 *                         its 216-byte context is as big as SHA-3's, so
 *                         rijn_hash_ctx shrinks only with both at 0.
 *                         x64: ~17 KB with Argon2
 * Hash code/speed trade-offs (the "auto" detection is in src/hash/hash_i.h):
 *   RIJN_CFG_SHA_X86      unset = auto (on for x86-64 with GCC or Clang),
 *                         0 = off: the SHA-NI SHA-256 path, chosen at run
 *                         time.                               x64: ~1 KB
 *                         Also the x86 SHA-512 code and the Keccak-f[1600]
 *                         versions for AVX-512VL and BMI1. x64: +~5 KB Keccak
 *   RIJN_CFG_SHA_ARMCE    unset = auto (on for little-endian AArch64 with
 *                         GCC or Clang), 0 = off: SHA-256 with the ARMv8
 *                         SHA2 instructions, chosen at run time (HWCAP_SHA2),
 *                         and, with GCC, SHA-384/512 with the ARMv8.2 SHA512
 *                         ones (HWCAP_SHA512; src/hash/sha512_armce.c).
 *   RIJN_CFG_SHA256_UNROLLED, RIJN_CFG_SHA512_UNROLLED
 *                         portable SHA-2 rounds unrolled by eight (1) or a
 *                         compact loop (0). default: 1 on 64-bit targets
 *                         (SHA-256 ~+33% speed without SHA-NI), 0 elsewhere
 *                         (M3: SHA-256 one-shot 1,292 bytes; both at 725a6f4).
 *   RIJN_CFG_KECCAK_IMPL  Keccak-f[1600]: 0 compact loops on 64-bit lanes
 *                         (default on 8/16-bit), 1 unrolled (default on
 *                         64-bit), 2 bit-interleaved on 32-bit words
 *                         (default on 32-bit targets).
 *   RIJN_CFG_ARGON2_X86   unset = auto (AVX2 Argon2 block function on
 *                         x86-64 with GCC or Clang, chosen at run time),
 *                         0 = portable only (src/hash/argon2_i.h).
 *   RIJN_CFG_BASE64_X86   unset = auto (AVX2 / SSSE3 Base64 block coders on
 *                         x86-64 with GCC or Clang, chosen at run time),
 *                         0 = portable only (src/encoding/b64_i.h).
 * Other primitives:
 *   RIJN_CFG_ASCON_32     Ascon permutation: 1 the bit-interleaved 32-bit
 *                         one, 0 the 64-bit one. default: 1 on targets
 *                         without 64-bit pointers (src/ascon/ascon_i.h).
 *   RIJN_CFG_ASCON_SMALL  0 (default); 1: the least code, for flash-bound
 *                         32-bit MCUs (compact permutation ascon_p32s.c,
 *                         byte loops; takes precedence over ASCON_32):
 *                         Ascon-AEAD128 init+seal+open on Cortex-M4 -Os
 *                         1,904 -> 1,188 bytes, at 168 instead of 134
 *                         instructions per byte (at b9ae803;
 *                         src/ascon/ascon_i.h).
 *   RIJN_CFG_CHACHA_X86   unset = auto (on for x86-64 with GCC or Clang),
 *                         0 = off: the AVX2 ChaCha20 path, chosen at run
 *                         time (AVX-512 where present, 4-way SSSE3 on
 *                         CPUs without AVX2; src/stream/stream_i.h); with
 *                         RIJN_CFG_POLY1305_X86 also the fused
 *                         ChaCha20-Poly1305 passes of CPUs without AVX-512
 *                         (src/aead/chachapoly_fused.c).      x64: ~6 KB
 *   RIJN_CFG_CHACHA20_ARMV7M unset = auto (on for Thumb-2 ARMv7-M,
 *                         ARMv7E-M and ARMv8-M mainline -- Cortex-M3/M4/
 *                         M7/M33 -- little-endian, with GCC or Clang), 0 =
 *                         off: ChaCha20 blocks in generated Thumb-2
 *                         assembly (src/stream/chacha20_armv7m.c; rotations
 *                         folded into the barrel shifter). Cortex-M4, 1 KiB
 *                         (at c1eac80, QEMU instruction counts):
 *                         21.2 -> 13.8 instructions per byte at -Os; 736
 *                         bytes of assembly in place of the C rounds
 *                         (ChaCha20 alone: 1,504 -> 1,676 bytes at -Os;
 *                         src/stream/stream_i.h).
 *   RIJN_CFG_POLY1305_X86 unset = auto (on for x86-64 with GCC or Clang),
 *                         0 = off: the AVX2 Poly1305 path, chosen at run
 *                         time (AVX-512 IFMA, AVX-512 where present; a
 *                         radix-2^64 scalar path on CPUs without AVX2;
 *                         src/mac/mac_i.h).
 *   RIJN_CFG_POLY1305_NEON unset = auto (on for little-endian AArch64 with
 *                         GCC or Clang), 0 = off: the two-lane NEON
 *                         Poly1305 path (src/mac/poly1305_neon.c).
 *                                                             x64: ~10 KB
 *   RIJN_CFG_X25519_64    X25519 field arithmetic: 1 five 51-bit limbs
 *                         (64x64->128 products, unsigned __int128), 0 ten
 *                         25.5-bit limbs in 32-bit words. default: 1 on 64-bit targets whose
 *                         compiler has __int128 (src/pk/x25519_i.h; 1
 *                         without __int128 is an error). x64: fe64 ~5.5 KB,
 *                         fe32 ~6.4 KB
 *   RIJN_CFG_X25519_X86   unset = auto (on for x86-64 ELF with GCC or
 *                         Clang and fe64), 0 = off: four 64-bit limbs with
 *                         MULX/ADX in assembly, chosen at run time when the
 *                         CPU has BMI2 and ADX (src/pk/x25519_i.h).
 *                                                             x64: ~3.4 KB
 * File format (rijn/file.h; with 0 the ids
 * still parse, but keying with them gives RIJN_ERR_UNSUPPORTED):
 *   RIJN_CFG_FILE_ARGON2      Argon2id key source (default: on when
 *                             RIJN_CFG_HASH_BLAKE2B is).
 *   RIJN_CFG_FILE_ASCON       Ascon-AEAD128 chunks (default 1).
 *   RIJN_CFG_FILE_CHACHAPOLY  ChaCha20-Poly1305 chunks (default 1).
 * The configuration file:
 *   RIJN_CFG_FILE         a header (as a quoted string) included first by
 *                         this file, where the options above can be set.
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


/* Cores where a load from SRAM takes the same time at any address (no data
 * cache): ARMv6-M, ARMv7-M, ARMv7E-M, ARMv8-M baseline and mainline (the
 * M7/M55/M85 among them are caught at run time: RIJN_CFG_AES_TTABLE_CPUID)
 * and 32-bit RISC-V without an OS. */
#if (defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) ||     \
     defined(__ARM_ARCH_8M_BASE__) || defined(__ARM_ARCH_8M_MAIN__)) ||                        \
    (defined(__riscv) && defined(__riscv_xlen) && __riscv_xlen == 32 && !defined(__linux__))
#define RIJN_ARCH_CACHELESS 1
#else
#define RIJN_ARCH_CACHELESS 0
#endif

/* ---- AES implementations ----------------------------------------------- */
#ifndef RIJN_CFG_AES_RVK
#if defined(__riscv) && defined(__riscv_zkne) && defined(__riscv_zknd) && \
    (defined(__GNUC__) || defined(__clang__))
#define RIJN_CFG_AES_RVK 1
#else
#define RIJN_CFG_AES_RVK 0
#endif
#endif
#ifndef RIJN_CFG_AES_TTABLE
#define RIJN_CFG_AES_TTABLE (RIJN_ARCH_CACHELESS && !RIJN_CFG_AES_RVK)
#endif
#ifndef RIJN_CFG_AES_TTABLE_TABLES
#if defined(__riscv)
#define RIJN_CFG_AES_TTABLE_TABLES 4 /* no rotate instruction in RV32IMAC */
#else
#define RIJN_CFG_AES_TTABLE_TABLES 1
#endif
#endif
#ifndef RIJN_CFG_AES_TTABLE_VARTIME
#define RIJN_CFG_AES_TTABLE_VARTIME 0
#endif
#ifndef RIJN_CFG_AES_TTABLE_CPUID
#if RIJN_CFG_AES_TTABLE && !RIJN_CFG_AES_TTABLE_VARTIME && \
    (defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__))
#define RIJN_CFG_AES_TTABLE_CPUID 1
#else
#define RIJN_CFG_AES_TTABLE_CPUID 0
#endif
#endif
#ifndef RIJN_CFG_AES_X86NI
#if RIJN_ARCH_X86 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_CFG_AES_X86NI 1
#else
#define RIJN_CFG_AES_X86NI 0
#endif
#endif

#ifndef RIJN_CFG_AES_ARMCE
#if defined(__aarch64__) && !defined(__AARCH64EB__) && (defined(__GNUC__) || defined(__clang__))
#define RIJN_CFG_AES_ARMCE 1
#else
#define RIJN_CFG_AES_ARMCE 0
#endif
#endif

#ifndef RIJN_CFG_AES_NEONBS
#if defined(__aarch64__) && !defined(__AARCH64EB__) && (defined(__GNUC__) || defined(__clang__))
#define RIJN_CFG_AES_NEONBS 1
#else
#define RIJN_CFG_AES_NEONBS 0
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
#define RIJN_CFG_AES_CT32 (!RIJN_ARCH_SMALLWORD && !RIJN_CFG_AES_TTABLE)
#endif

/* The deprecated spellings (documented above) set the new macros. */
#if !defined(RIJN_CFG_AES_CT32ASM) && defined(RIJN_CFG_AES_ARMV7M)
#define RIJN_CFG_AES_CT32ASM RIJN_CFG_AES_ARMV7M
#endif
#if !defined(RIJN_CFG_AES_CT32V6M) && defined(RIJN_CFG_AES_ARMV6M)
#define RIJN_CFG_AES_CT32V6M RIJN_CFG_AES_ARMV6M
#endif

#ifndef RIJN_CFG_AES_CT32ASM
#if RIJN_CFG_AES_CT32 && defined(__thumb2__) && (defined(__GNUC__) || defined(__clang__)) && \
    (defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__))
#define RIJN_CFG_AES_CT32ASM 1
#else
#define RIJN_CFG_AES_CT32ASM 0
#endif
#endif

#ifndef RIJN_CFG_AES_CT32V6M
#if RIJN_CFG_AES_CT32 && defined(__thumb__) && (defined(__GNUC__) || defined(__clang__)) && \
    (defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__))
#define RIJN_CFG_AES_CT32V6M 1
#else
#define RIJN_CFG_AES_CT32V6M 0
#endif
#endif

#ifndef RIJN_CFG_AES_AVR
#if defined(__AVR__) && defined(__GNUC__)
#define RIJN_CFG_AES_AVR 1
#else
#define RIJN_CFG_AES_AVR 0
#endif
#endif

#ifndef RIJN_CFG_AES_SMALL /* one class per target: not beside avr */
#define RIJN_CFG_AES_SMALL ((RIJN_ARCH_SMALLWORD && !RIJN_CFG_AES_AVR) || RIJN_ARCH_64)
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

#ifndef RIJN_CFG_AES_TTABLE_ASM
#define RIJN_CFG_AES_TTABLE_ASM 1
#endif
#ifndef RIJN_CFG_TLS /* thread-local storage for rijn_aes_impl_force */
#if (defined(__unix__) || defined(__APPLE__) || defined(_WIN32)) &&                      \
    (defined(__GNUC__) || defined(__clang__) || defined(_MSC_VER))
#define RIJN_CFG_TLS 1
#else
#define RIJN_CFG_TLS 0
#endif
#endif
#ifndef RIJN_CFG_AES_SINGLE /* exactly one class compiled in */
#define RIJN_CFG_AES_SINGLE                                                               \
    ((RIJN_CFG_AES_X86NI + RIJN_CFG_AES_ARMCE + RIJN_CFG_AES_RVK + RIJN_CFG_AES_NEONBS +    \
      RIJN_CFG_AES_BS256 + RIJN_CFG_AES_CT64 + RIJN_CFG_AES_AVR + RIJN_CFG_AES_TTABLE +     \
      RIJN_CFG_AES_CT32ASM + RIJN_CFG_AES_CT32V6M + RIJN_CFG_AES_CT32 + RIJN_CFG_AES_SMALL) == 1)
#endif

/* ---- hashes (rijn/hash.h) ---------------------------------------------- */
#ifndef RIJN_CFG_HASH_SHA512
#define RIJN_CFG_HASH_SHA512 1
#endif
#ifndef RIJN_CFG_HASH_SHA3
#define RIJN_CFG_HASH_SHA3 1
#endif
#ifndef RIJN_CFG_HASH_LEGACY
#define RIJN_CFG_HASH_LEGACY 1
#endif
#ifndef RIJN_CFG_HASH_BLAKE2B
#define RIJN_CFG_HASH_BLAKE2B 1
#endif
#ifndef RIJN_CFG_KECCAK_IMPL /* by word size */
#if RIJN_ARCH_64
#define RIJN_CFG_KECCAK_IMPL 1
#elif RIJN_ARCH_SMALLWORD
#define RIJN_CFG_KECCAK_IMPL 0
#else
#define RIJN_CFG_KECCAK_IMPL 2
#endif
#endif
#ifndef RIJN_CFG_SHA256_UNROLLED
#define RIJN_CFG_SHA256_UNROLLED RIJN_ARCH_64
#endif
#ifndef RIJN_CFG_SHA512_UNROLLED
#define RIJN_CFG_SHA512_UNROLLED RIJN_ARCH_64
#endif

/* ---- file format (rijn/file.h); RIJN_I_FILE_ARGON2 / _ASCON are the
 * older private names of the first two, still honoured ------------------ */
#ifndef RIJN_CFG_FILE_ARGON2
#ifdef RIJN_I_FILE_ARGON2
#define RIJN_CFG_FILE_ARGON2 RIJN_I_FILE_ARGON2
#else
/* Argon2 needs BLAKE2b: without it, passphrase files use PBKDF2 only. */
#define RIJN_CFG_FILE_ARGON2 RIJN_CFG_HASH_BLAKE2B
#endif
#endif
#ifndef RIJN_CFG_FILE_ASCON
#ifdef RIJN_I_FILE_ASCON
#define RIJN_CFG_FILE_ASCON RIJN_I_FILE_ASCON
#else
#define RIJN_CFG_FILE_ASCON 1
#endif
#endif
#ifndef RIJN_CFG_FILE_CHACHAPOLY
#define RIJN_CFG_FILE_CHACHAPOLY 1
#endif

#ifndef RIJN_CFG_AES_SMALL_COMPACT
#define RIJN_CFG_AES_SMALL_COMPACT 0
#endif

#ifndef RIJN_CFG_GHASH_PCLMUL
#if RIJN_ARCH_X86 && (defined(__GNUC__) || defined(__clang__))
#define RIJN_CFG_GHASH_PCLMUL 1
#else
#define RIJN_CFG_GHASH_PCLMUL 0
#endif
#endif
#ifndef RIJN_CFG_GHASH_PMULL
#if defined(__aarch64__) && !defined(__AARCH64EB__) && (defined(__GNUC__) || defined(__clang__))
#define RIJN_CFG_GHASH_PMULL 1
#else
#define RIJN_CFG_GHASH_PMULL 0
#endif
#endif
#ifndef RIJN_CFG_GHASH_RVCLMUL
#if defined(__riscv) && (__riscv_xlen == 64 || __riscv_xlen == 32) && defined(__riscv_zbkc) && \
    defined(__riscv_zbkb) && \
    (defined(__GNUC__) || defined(__clang__))
#define RIJN_CFG_GHASH_RVCLMUL 1
#else
#define RIJN_CFG_GHASH_RVCLMUL 0
#endif
#endif
#ifndef RIJN_CFG_GHASH_CT64
#define RIJN_CFG_GHASH_CT64 RIJN_ARCH_64
#endif
#ifndef RIJN_CFG_GHASH_CT32
#define RIJN_CFG_GHASH_CT32 1
#endif

#ifndef RIJN_CFG_ASCON_32
#define RIJN_CFG_ASCON_32 (!RIJN_ARCH_64)
#endif

#ifndef RIJN_CFG_X25519_64 /* five 51-bit limbs need unsigned __int128 */
#if defined(__SIZEOF_INT128__)
#define RIJN_CFG_X25519_64 RIJN_ARCH_64
#else
#define RIJN_CFG_X25519_64 0
#endif
#endif

#if !RIJN_CFG_AES_X86NI && !RIJN_CFG_AES_NEONBS && !RIJN_CFG_AES_CT64 && !RIJN_CFG_AES_CT32 && !RIJN_CFG_AES_SMALL && \
    !RIJN_CFG_AES_AVR && !RIJN_CFG_AES_TTABLE
#error "rijn: at least one AES implementation must be enabled (RIJN_CFG_AES_*)"
#endif
#if RIJN_CFG_AES_CT32ASM && !RIJN_CFG_AES_CT32
#error "rijn: RIJN_CFG_AES_CT32ASM needs RIJN_CFG_AES_CT32 (shared key schedule)"
#endif
#if RIJN_CFG_AES_CT32ASM && !(defined(__thumb2__) && !defined(__ARM_ARCH_6M__) && \
                             !defined(__ARM_ARCH_8M_BASE__))
#error "rijn: RIJN_CFG_AES_CT32ASM needs a Thumb-2 target (ARMv7-M, ARMv7E-M, ARMv8-M mainline)"
#endif
#if RIJN_CFG_AES_CT32V6M && !(RIJN_CFG_AES_CT32 && defined(__thumb__))
#error "rijn: RIJN_CFG_AES_CT32V6M needs RIJN_CFG_AES_CT32 and a Thumb target"
#endif
#ifndef RIJN_CFG_AES_AVR_COMPACT
#define RIJN_CFG_AES_AVR_COMPACT 0
#endif
#ifndef RIJN_CFG_AES_AVR_RAM
#define RIJN_CFG_AES_AVR_RAM (!RIJN_CFG_AES_AVR_COMPACT)
#endif
#if RIJN_CFG_AES_AVR_RAM && RIJN_CFG_AES_AVR_COMPACT
#error "rijn: RIJN_CFG_AES_AVR_RAM is for the fast avr encryption (RIJN_CFG_AES_AVR_COMPACT=0)"
#endif
#if RIJN_CFG_AES_AVR && !defined(__AVR__)
#error "rijn: RIJN_CFG_AES_AVR is for AVR targets only (its tables are not constant time elsewhere)"
#endif
#if RIJN_CFG_AES_TTABLE && !RIJN_ARCH_CACHELESS && !RIJN_CFG_AES_TTABLE_VARTIME
#error "rijn: RIJN_CFG_AES_TTABLE is constant time only on cores without a data cache (config.h); define RIJN_CFG_AES_TTABLE_VARTIME=1 to build it here anyway (tests)"
#endif
#if RIJN_CFG_AES_TTABLE && RIJN_CFG_AES_TTABLE_TABLES != 1 && RIJN_CFG_AES_TTABLE_TABLES != 4
#error "rijn: RIJN_CFG_AES_TTABLE_TABLES must be 1 or 4"
#endif
#if RIJN_CFG_AES_X86NI && !RIJN_ARCH_X86
#error "rijn: RIJN_CFG_AES_X86NI needs an x86 target"
#endif
#if RIJN_CFG_AES_ARMCE && !(defined(__aarch64__) && !defined(__AARCH64EB__))
#error "rijn: RIJN_CFG_AES_ARMCE needs a little-endian AArch64 target"
#endif
#if RIJN_CFG_AES_NEONBS && !(defined(__aarch64__) && !defined(__AARCH64EB__))
#error "rijn: RIJN_CFG_AES_NEONBS needs a little-endian AArch64 target"
#endif
#if RIJN_CFG_AES_RVK && !(defined(__riscv) && defined(__riscv_zkne) && defined(__riscv_zknd))
#error "rijn: RIJN_CFG_AES_RVK needs a RISC-V target built with Zkne and Zknd (-march=..._zkne_zknd)"
#endif
#if RIJN_CFG_AES_BS256 && !RIJN_CFG_AES_CT64
#error "rijn: RIJN_CFG_AES_BS256 needs RIJN_CFG_AES_CT64 (ct64's key schedule and decryption)"
#endif
#if RIJN_CFG_AES_BS256 && !(RIJN_ARCH_X86 && RIJN_ARCH_64)
#error "rijn: RIJN_CFG_AES_BS256 needs an x86-64 target"
#endif
#if defined(RIJN_CFG_KECCAK_IMPL) && (RIJN_CFG_KECCAK_IMPL < 0 || RIJN_CFG_KECCAK_IMPL > 2)
#error "rijn: RIJN_CFG_KECCAK_IMPL must be 0 (compact), 1 (unrolled) or 2 (32-bit interleaved)"
#endif

/* ---- key schedule storage (in 64-bit words) ---------------------------- */
#if RIJN_CFG_AES_256
#define RIJN_AES_MAX_ROUNDS 14
#elif RIJN_CFG_AES_192
#define RIJN_AES_MAX_ROUNDS 12
#else
#define RIJN_AES_MAX_ROUNDS 10
#endif

/* ct64: 8 words of 64 bits per round key; x86ni, armce, rvk: 16 bytes per round key,
 * twice (encrypt and decrypt; neonbs: once, within that); ct32: 8 words of 32 bits per round key;
 * small: 16 bytes per round key. */
#define RIJN_I_KS_CT64  (RIJN_CFG_AES_CT64 ? 8 * (RIJN_AES_MAX_ROUNDS + 1) : 0)
#define RIJN_I_KS_X86NI \
    ((RIJN_CFG_AES_X86NI || RIJN_CFG_AES_ARMCE || RIJN_CFG_AES_RVK || RIJN_CFG_AES_NEONBS) ? \
         4 * (RIJN_AES_MAX_ROUNDS + 1) : 0)
#define RIJN_I_KS_CT32  (RIJN_CFG_AES_CT32 ? 4 * (RIJN_AES_MAX_ROUNDS + 1) : 0)
/* ttable: 4 words of 32 bits per round key, for encryption and decryption */
#define RIJN_I_KS_TTABLE (RIJN_CFG_AES_TTABLE ? 4 * (RIJN_AES_MAX_ROUNDS + 1) : 0)
/* small and avr share the FIPS 197 byte schedule */
#define RIJN_I_KS_SMALL \
    ((RIJN_CFG_AES_SMALL || RIJN_CFG_AES_AVR) ? 2 * (RIJN_AES_MAX_ROUNDS + 1) : 0)
#define RIJN_I_MAX2(a, b) ((a) > (b) ? (a) : (b))
#define RIJN_AES_KS_WORDS \
    RIJN_I_MAX2(RIJN_I_MAX2(RIJN_I_KS_CT64, RIJN_I_KS_X86NI), \
                RIJN_I_MAX2(RIJN_I_MAX2(RIJN_I_KS_CT32, RIJN_I_KS_TTABLE), RIJN_I_KS_SMALL))

#endif /* RIJN_CONFIG_H */
