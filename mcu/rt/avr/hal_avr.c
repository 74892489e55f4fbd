/*
 * Implementation notes: AVR HAL for simavr with our runner
 * (mcu/rt/avr/runner.c). Console: each byte written to GPIOR0 (0x3E).
 * Bench markers: GPIOR1 (0x4A) = 1 at bench_start, 2 at bench_stop; the
 * runner prints the cycle count between them. Exit: the status byte
 * written to GPIOR2 (0x4B) ends the simulation. Vectors come from a
 * generated PROGMEM array (mcu_vectors_avr.c) read with memcpy_P; the
 * array is placed in the low 64 KiB by the default linker script
 * (.progmem comes first), so near LPM reads reach it on the ATmega2560.
 */
#include <avr/io.h>
#include <avr/pgmspace.h>
#include <string.h>

#include "hal.h"

extern const uint8_t rijn_mcu_vec[] PROGMEM;
extern const uint16_t rijn_mcu_vec_len;

void hal_puts(const char *s)
{
    while (*s != '\0')
        GPIOR0 = (uint8_t)*s++;
}

void hal_exit(int code)
{
    for (;;)
        GPIOR2 = (uint8_t)code;
}

static uint16_t vec_pos;

int hal_vec_open(void)
{
    vec_pos = 0;
    return 0;
}

size_t hal_vec_read(uint8_t *buf, size_t n)
{
    size_t left = (size_t)(rijn_mcu_vec_len - vec_pos);
    if (n > left)
        n = left;
    memcpy_P(buf, rijn_mcu_vec + vec_pos, n);
    vec_pos = (uint16_t)(vec_pos + n);
    return n;
}

void bench_start(void)
{
    GPIOR1 = 1;
}

void bench_stop(void)
{
    GPIOR1 = 2;
}
