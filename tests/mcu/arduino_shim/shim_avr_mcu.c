/*
 * shim_avr_mcu.c -- TEST-ONLY: simavr's .mmcu section (C only: the macro
 * uses designated initializers) giving the simulated clock, which simavr's
 * timers need for micros(). Linked with -Wl,--section-start=.mmcu=0x910000.
 */
#include <avr/avr_mcu_section.h> /* simavr's: -idirafter /usr/include/simavr */

#ifndef F_CPU
#define F_CPU 16000000UL
#endif
#if defined(__AVR_ATmega2560__)
AVR_MCU(F_CPU, "atmega2560");
#else
AVR_MCU(F_CPU, "atmega328p");
#endif
