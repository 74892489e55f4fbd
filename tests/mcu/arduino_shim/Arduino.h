/*
 * Arduino.h -- TEST-ONLY stand-in for the Arduino core, just enough for
 * rijn's examples (examples/arduino/) to build and run under simavr
 * (ATmega328P/2560) and QEMU (Cortex-M3) in CI, where no Arduino IDE or
 * arduino-cli exists. Not for users: on a board the real core is used.
 *
 * Provided: Serial (begin, print/println of strings, F() strings, chars
 * and integers in base 10 or 16, write), millis(), micros(), delay(),
 * setup()/loop() driven by a main() that runs setup() and then loop()
 * RIJN_SHIM_LOOPS times (default 1) and exits with status 0.
 * Back ends: shim_avr.cpp (console on GPIOR0, timer 0 as the real core
 * sets it up: prescaler 64 at F_CPU 16 MHz, so micros() steps by 4 us) and
 * shim_arm.cpp (semihosting console, micros() from SysTick).
 */
#ifndef RIJN_TEST_ARDUINO_H
#define RIJN_TEST_ARDUINO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__AVR__)
#include <avr/pgmspace.h>
#else
#define PROGMEM
#define PSTR(s) (s)
#define pgm_read_byte(p) (*(const uint8_t *)(p))
#endif

class __FlashStringHelper;
#define F(s) (reinterpret_cast<const __FlashStringHelper *>(PSTR(s)))

#define DEC 10
#define HEX 16

unsigned long millis(void);
unsigned long micros(void);
void delay(unsigned long ms);

class ShimSerial {
public:
    void begin(unsigned long) {}
    explicit operator bool() const { return true; }
    void flush() {}
    size_t write(uint8_t c);
    size_t print(const char *s);
    size_t print(const __FlashStringHelper *s);
    size_t print(char c) { return write((uint8_t)c); }
    size_t print(unsigned long v, int base = DEC);
    size_t print(long v, int base = DEC);
    size_t print(unsigned int v, int base = DEC) { return print((unsigned long)v, base); }
    size_t print(int v, int base = DEC) { return print((long)v, base); }
    size_t print(unsigned char v, int base = DEC) { return print((unsigned long)v, base); }
    size_t println() { return print("\r\n"); }
    template <typename T> size_t println(T v) { return print(v) + println(); }
    template <typename T> size_t println(T v, int base) { return print(v, base) + println(); }
};
extern ShimSerial Serial;

void setup(void);
void loop(void);

#endif
