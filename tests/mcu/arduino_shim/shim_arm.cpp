/*
 * shim_arm.cpp -- TEST-ONLY Cortex-M back end of the Arduino-core
 * stand-in, on the project's MCU runtime (mcu/rt/arm/hal_arm.c: vector
 * table, reset, semihosting output and exit under QEMU). Serial output is
 * buffered per line and written with hal_puts. micros() polls SysTick (a
 * 24-bit down-counter on the core clock, RIJN_SHIM_CPU_MHZ, 25 MHz on the
 * mps2 boards) and accumulates the elapsed ticks, so it is right as long
 * as it is called at least once per 2^24 ticks; under QEMU without
 * -icount the clock is the host's, so times are not cycle counts.
 */
#include <Arduino.h>

extern "C" {
#include "hal.h"
}

#ifndef RIJN_SHIM_CPU_MHZ
#define RIJN_SHIM_CPU_MHZ 25u
#endif
#ifndef RIJN_SHIM_LOOPS
#define RIJN_SHIM_LOOPS 1
#endif

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)

static char line[128];
static size_t line_len;
static uint32_t last_tick;
static unsigned long long ticks;

size_t ShimSerial::write(uint8_t c)
{
    line[line_len++] = (char)c;
    if (c == '\n' || line_len == sizeof line - 1u) {
        line[line_len] = '\0';
        hal_puts(line);
        line_len = 0;
    }
    return 1;
}

unsigned long micros(void)
{
    uint32_t now = SYST_CVR;
    ticks += (last_tick - now) & 0xFFFFFFu;
    last_tick = now;
    return (unsigned long)(ticks / RIJN_SHIM_CPU_MHZ);
}

unsigned long millis(void)
{
    return micros() / 1000UL;
}

void delay(unsigned long ms)
{
    unsigned long start = micros();
    while (micros() - start < ms * 1000UL) {
    }
}

extern "C" int main(void);
int main(void)
{
    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 5u; /* enable, core clock, no interrupt */
    last_tick = SYST_CVR;
    setup();
    for (int i = 0; i < RIJN_SHIM_LOOPS; i++)
        loop();
    if (line_len != 0) {
        line[line_len] = '\0';
        hal_puts(line);
    }
    return 0;
}
