/*
 * peer_kat.h -- the known-answer checks of peer_kat.c (see there).
 */
#ifndef RIJN_MCU_PEER_KAT_H
#define RIJN_MCU_PEER_KAT_H

#include <stddef.h>
#include <stdint.h>

/* All checks; 0 if every one passed (each failure is printed). */
int peer_kat(void);
/* got[0..n) against a vector in flash; 0 if equal, else prints what. */
int peer_kat_eq(const char *what, const uint8_t *got, const uint8_t *exp_rom, size_t n);
/* The seeds' string case: the 64-byte ciphertext. */
int peer_kat_seed(const uint8_t *ct64);

#endif
