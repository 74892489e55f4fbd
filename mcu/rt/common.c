/*
 * Implementation notes: platform-independent pieces of the MCU runtime:
 * decimal output, the bench markers' weak defaults and stack painting.
 * Stack painting fills the free stack (from the end of .bss, or the
 * platform's __bss_end on AVR, up to just below this function's own
 * frame) with 0xA5 through a volatile pointer (no memset call, whose
 * frame would sit inside the painted area); hal_stack_used() scans up from
 * the bottom for the first changed byte. The caller's stack pointer is
 * passed in, so the figure is the depth used below the caller's frame.
 */
#include "hal.h"

#if defined(__AVR__)
extern uint8_t __bss_end;
#define STACK_BOTTOM (&__bss_end)
#else
extern uint8_t _ebss;
#define STACK_BOTTOM (&_ebss)
#endif

#define PAINT 0xA5u

static uintptr_t paint_sp;  /* caller's stack pointer at paint time */
static uintptr_t paint_top; /* first byte above the painted area    */

void hal_putu(uint32_t v)
{
    char buf[11];
    int i = 10;
    buf[i] = '\0';
    do {
        buf[--i] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v != 0);
    hal_puts(buf + i);
}

void hal_stack_paint(uintptr_t sp)
{
    volatile uint8_t marker = 0;
    volatile uint8_t *p = STACK_BOTTOM + 8;
    uintptr_t top = (uintptr_t)&marker - 16u;
    paint_sp = sp;
    paint_top = top;
    while ((uintptr_t)p < top)
        *p++ = PAINT;
    (void)marker;
}

uint32_t hal_stack_used(void)
{
    volatile const uint8_t *p = STACK_BOTTOM + 8;
    while ((uintptr_t)p < paint_top && *p == PAINT)
        p++;
    if ((uintptr_t)p >= paint_top)
        return 0;
    return (uint32_t)(paint_sp - (uintptr_t)p);
}
