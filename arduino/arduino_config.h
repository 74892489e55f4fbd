/*
 * rijn/arduino_config.h -- build options of the Arduino pack.
 *
 * The Arduino IDE has no per-library compiler flags, so the pack's
 * rijn/config.h includes this file first (scripts/arduino-pack.sh inserts
 * the #include). Every RIJN_CFG_* option of rijn/config.h may be set here;
 * the library and your sketch both see it, as they must (context sizes
 * depend on the options). Defaults below suit the smallest boards.
 *
 * To trim flash and RAM further (all documented in rijn/config.h):
 *   #define RIJN_CFG_AES_DECRYPT 0   no AES inverse cipher (CTR, GCM, CCM,
 *                                    CBC encryption still work)
 *   #define RIJN_CFG_AES_192 0       refuse 24-byte keys
 *   #define RIJN_CFG_AES_256 0       refuse 32-byte keys
 *   #define RIJN_CFG_FILE_CHACHAPOLY 0  file format without ChaCha20-Poly1305
 *   #define RIJN_CFG_FILE_ASCON 0    file format without Ascon-AEAD128
 * Unused functions cost nothing: the Arduino build drops them
 * (-ffunction-sections, --gc-sections, LTO).
 */
#ifndef RIJN_ARDUINO_CONFIG_H
#define RIJN_ARDUINO_CONFIG_H

#if defined(__AVR__)
/* AVR boards (Uno, Nano, Mega...): the "avr" AES class (assembly, table
 * lookups, constant time on AVR) encrypts and decrypts. The byte-oriented
 * "small" class would add its two S-boxes to RAM (512 of the Uno's 2048
 * bytes): leave it out. */
#ifndef RIJN_CFG_AES_SMALL
#define RIJN_CFG_AES_SMALL 0
#endif
#include <avr/io.h>
#if RAMEND < 0x1000
/* Boards with at most 2.5 KiB of RAM (Uno, Nano, Pro Mini, Leonardo:
 * RAMEND below 0x1000): the avr class keeps its tables in flash. Set it to 1 for faster AES (a table
 * load from SRAM, LD, takes 2 cycles; from flash, LPM, 3) for 512 bytes of RAM (and up to
 * 255 more of alignment padding in these LTO builds). The Mega keeps the
 * library's default (tables in SRAM). */
#ifndef RIJN_CFG_AES_AVR_RAM
#define RIJN_CFG_AES_AVR_RAM 0
#endif
#endif
/* The file format (rijn/file.h) without Ascon-AEAD128 (aead id 3): about
 * 4.5 KiB less flash. Such files give RIJN_ERR_UNSUPPORTED here. */
#ifndef RIJN_CFG_FILE_ASCON
#define RIJN_CFG_FILE_ASCON 0
#endif
#if FLASHEND < 0x8000
/* 32 KiB boards (Uno, Nano, Pro Mini): the file format with AES-256-GCM
 * only, without ChaCha20-Poly1305 (aead id 2): about 4 KiB less flash,
 * so the File_Stream example fits the Uno. Set it to 1 to read and
 * write ChaCha20-Poly1305 files (the rest of the sketch must then be
 * smaller). The ChaCha20-Poly1305 API (rijn/chachapoly.h) stays. */
#ifndef RIJN_CFG_FILE_CHACHAPOLY
#define RIJN_CFG_FILE_CHACHAPOLY 0
#endif
#endif
#endif

#endif /* RIJN_ARDUINO_CONFIG_H */
