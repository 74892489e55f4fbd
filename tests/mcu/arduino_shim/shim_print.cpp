/*
 * shim_print.cpp -- TEST-ONLY: Serial's formatting for the Arduino-core
 * stand-in (Arduino.h); the byte output and the clock are per target
 * (shim_avr.cpp, shim_arm.cpp).
 */
#include <Arduino.h>

ShimSerial Serial;

size_t ShimSerial::print(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0')
        write((uint8_t)s[n++]);
    return n;
}

size_t ShimSerial::print(const __FlashStringHelper *s)
{
    const char *p = reinterpret_cast<const char *>(s);
    size_t n = 0;
    for (;;) {
        uint8_t c = pgm_read_byte(p + n);
        if (c == 0)
            return n;
        write(c);
        n++;
    }
}

size_t ShimSerial::print(unsigned long v, int base)
{
    char buf[8 * sizeof v + 1];
    unsigned b = (base == HEX) ? 16u : 10u;
    int i = (int)sizeof buf - 1;
    buf[i] = '\0';
    do {
        unsigned d = (unsigned)(v % b);
        buf[--i] = (char)(d < 10u ? '0' + d : 'A' + d - 10u);
        v /= b;
    } while (v != 0);
    return print(buf + i);
}

size_t ShimSerial::print(long v, int base)
{
    if (v < 0 && base == DEC)
        return print('-') + print((unsigned long)0 - (unsigned long)v, base);
    return print((unsigned long)v, base);
}
