/*
 * shim_avr.cpp -- TEST-ONLY AVR back end of the Arduino-core stand-in, for
 * simavr with the project's runner (mcu/rt/avr/runner.c): each byte written
 * to GPIOR0 is console output, a byte written to GPIOR2 ends the run with
 * that exit status. Timer 0 runs as in the Arduino AVR core (fast PWM,
 * prescaler 64, overflow interrupt every 1024 us at 16 MHz); micros()
 * combines the overflow count with TCNT0, so it advances in 4 us steps.
 * The clock for simavr's timers comes from shim_avr_mcu.c. At the end the
 * peak stack depth is printed as "@stack <bytes>" (stack painting).
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

/* Stack painting: the free RAM between the end of .bss and the stack
 * pointer is filled with 0xA5 before setup(); after the sketch, the
 * untouched bytes are counted, and "@stack <bytes>" is printed (the
 * deepest stack the sketch used, for RAM budgets). */
extern uint8_t __bss_end;

static void paint(void)
{
    volatile uint8_t here = 0;
    for (volatile uint8_t *p = &__bss_end; p < &here - 32; p++)
        *p = 0xA5;
}

static unsigned stack_used(void)
{
    const uint8_t *p = &__bss_end;
    while (p < (const uint8_t *)RAMEND && *p == 0xA5)
        p++;
    return (unsigned)((const uint8_t *)RAMEND + 1 - p);
}

int main(void)
{
    paint();
    TCCR0A = _BV(WGM01) | _BV(WGM00);
    TCCR0B = _BV(CS01) | _BV(CS00);
    TIMSK0 = _BV(TOIE0);
    sei();
    setup();
    for (int i = 0; i < RIJN_SHIM_LOOPS; i++)
        loop();
    Serial.print(F("@stack "));
    Serial.println(stack_used());
    for (;;)
        GPIOR2 = 0;
}
