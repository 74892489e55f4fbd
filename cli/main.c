/*
 * main.c -- entry point of the rijn command-line tool: dispatches
 * `rijn <command> [options]` through the table built from commands.h.
 *
 * Implementation notes: every command parses its own options (util.h
 * cli_next) and answers --help itself. Exit codes: 0 success, 1 the
 * operation failed (bad padding, failed authentication, failed self-test),
 * 2 usage error. Messages go to stderr, one line each, prefixed with
 * "rijn <command>:".
 */
#include <stdio.h>
#include <string.h>

#include "util.h"

static const cli_command *const commands[] = {
#define CLI_COMMAND(name) &cli_cmd_##name,
#include "commands.h"
#undef CLI_COMMAND
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    size_t i;
    fprintf(f, "usage: rijn <command> [options]\n"
               "       rijn <command> --help\n"
               "       rijn --version\n\n"
               "Small, constant-time AES and authenticated encryption.\n\n"
               "commands:\n");
    for (i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(f, "\nexit status: 0 success, 1 operation failed (bad padding, failed\n"
               "authentication or self-test), 2 usage error.\n");
}

int main(int argc, char **argv)
{
    static char prog[64];
    size_t i;
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        if (argc > 2 && strcmp(argv[1], "help") == 0) {
            for (i = 0; i < NCOMMANDS; i++) {
                if (strcmp(argv[2], commands[i]->name) == 0) {
                    char *sub[2];
                    char help[] = "--help";
                    sub[0] = argv[2];
                    sub[1] = help;
                    snprintf(prog, sizeof prog, "rijn %s", commands[i]->name);
                    cli_prog = prog;
                    return commands[i]->run(2, sub);
                }
            }
        }
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0 ||
        strcmp(argv[1], "version") == 0) {
        printf("rijn %s\n", rijn_version());
        return CLI_OK;
    }
    for (i = 0; i < NCOMMANDS; i++) {
        if (strcmp(argv[1], commands[i]->name) == 0) {
            snprintf(prog, sizeof prog, "rijn %s", commands[i]->name);
            cli_prog = prog;
            return commands[i]->run(argc - 1, argv + 1);
        }
    }
    if (argv[1][0] == '-')
        fprintf(stderr, "rijn: unknown option '%s' (see rijn --help)\n", argv[1]);
    else
        fprintf(stderr, "rijn: unknown command '%s' (see rijn --help)\n", argv[1]);
    return CLI_USAGE;
}
