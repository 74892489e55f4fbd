/*
 * shim_avr.cpp -- TEST-ONLY AVR back end of the Arduino-core stand-in, for
 * simavr with the project's runner (mcu/rt/avr/runner.c): each byte written
 * to GPIOR0 is console output, a byte written to GPIOR2 ends the run with
 * that exit status. Timer 0 runs as in the Arduino AVR core (fast PWM,
 * prescaler 64, overflow interrupt every 1024 us at 16 MHz); micros()
 * combines the overflow count with TCNT0, so it advances in 4 us steps.
 * The clock for simavr's timers comes from shim_avr_mcu.c.
 */
#include <Arduino.h>
#include <avr/interrupt.h>
#include <avr/io.h>

#ifndef F_CPU
#define F_CPU 16000000UL
#endif


#ifndef RIJN_SHIM_LOOPS
#define RIJN_SHIM_LOOPS 1
#endif

static volatile unsigned long timer0_overflows;

ISR(TIMER0_OVF_vect)
{
    timer0_overflows = timer0_overflows + 1;
}

size_t ShimSerial::write(uint8_t c)
{
    GPIOR0 = c;
    return 1;
}

unsigned long micros(void)
{
    uint8_t sreg = SREG;
    cli();
    unsigned long ovf = timer0_overflows;
    uint8_t t = TCNT0;
    if ((TIFR0 & _BV(TOV0)) && t < 255)
        ovf++;
    SREG = sreg;
    return ((ovf << 8) + t) * (64UL / (F_CPU / 1000000UL));
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

int main(void)
{
    TCCR0A = _BV(WGM01) | _BV(WGM00);
    TCCR0B = _BV(CS01) | _BV(CS00);
    TIMSK0 = _BV(TOIE0);
    sei();
    setup();
    for (int i = 0; i < RIJN_SHIM_LOOPS; i++)
        loop();
    for (;;)
        GPIOR2 = 0;
}
