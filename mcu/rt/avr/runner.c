/*
 * runner.c -- host program that runs an AVR firmware under simavr
 * (linked with libsimavr; built by mcu/mcu.py). Not part of the library.
 *
 * Usage: runner <mcu> <firmware.elf> [max_cycles]
 *   GPIOR0 (0x3E) writes go to stdout (console);
 *   GPIOR1 (0x4A): 1 = bench start, 2 = bench stop -> prints
 *     "@cycles <n>" on stderr (cycles between the two writes);
 *   GPIOR2 (0x4B): exit status; the runner exits with it.
 * A crash, a sleep with interrupts off, or max_cycles (default 2e10)
 * ends the run with status 98.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_io.h>

static int done = -1;
static avr_cycle_count_t mark;

static void on_console(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *p)
{
    (void)avr; (void)addr; (void)p;
    fputc(v, stdout);
}

static void on_marker(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *p)
{
    (void)addr; (void)p;
    if (v == 1) {
        mark = avr->cycle;
    } else if (v == 2) {
        fprintf(stderr, "@cycles %llu\n", (unsigned long long)(avr->cycle - mark));
    }
}

static void on_exit_code(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *p)
{
    (void)avr; (void)addr; (void)p;
    done = v;
}

int main(int argc, char **argv)
{
    elf_firmware_t fw;
    avr_t *avr;
    unsigned long long max_cycles = 20000000000ull;
    int state = cpu_Running;

    if (argc < 3) {
        fprintf(stderr, "usage: %s <mcu> <firmware.elf> [max_cycles]\n", argv[0]);
        return 2;
    }
    if (argc > 3)
        max_cycles = strtoull(argv[3], NULL, 0);
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(argv[2], &fw) != 0) {
        fprintf(stderr, "runner: cannot read %s\n", argv[2]);
        return 2;
    }
    avr = avr_make_mcu_by_name(argv[1]);
    if (avr == NULL) {
        fprintf(stderr, "runner: unknown mcu %s\n", argv[1]);
        return 2;
    }
    avr_init(avr);
    avr->log = LOG_ERROR;
    avr_load_firmware(avr, &fw);
    avr_register_io_write(avr, 0x3E, on_console, NULL);
    avr_register_io_write(avr, 0x4A, on_marker, NULL);
    avr_register_io_write(avr, 0x4B, on_exit_code, NULL);
    while (done < 0) {
        state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed)
            break;
        if (avr->cycle > max_cycles) {
            fprintf(stderr, "runner: cycle limit reached\n");
            break;
        }
    }
    fflush(stdout);
    if (done < 0) {
        fprintf(stderr, "runner: firmware stopped without an exit code (state %d)\n", state);
        return 98;
    }
    return done;
}
