/* cmd_bench.c -- placeholder while being written. */
#include "util.h"
static int run(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    cli_err("not yet");
    return CLI_FAIL;
}
const cli_command cli_cmd_bench = {"bench", "not yet", run};
