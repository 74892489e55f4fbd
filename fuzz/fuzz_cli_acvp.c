/*
 * fuzz_cli_acvp.c -- the ACVP harness (`rijn-acvp -o OUT IN`, a test tool):
 * cJSON's parser and every family's group parser (tests/acvp/tool) on the
 * input as IN. Seeds in fuzz/corpus/cli_acvp/ are small prompt files of
 * several families. Checked: exit code 0, 1 or 2 (the sanitizers catch
 * the rest: out-of-bounds reads of hex fields, leaks of parsed trees).
 * Inputs over 16 KiB are skipped (Monte Carlo groups are slow enough).
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, dup2 */
#include "fuzz_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const args[] = {"acvp", "-o", "@out", "@in", NULL};
    if (size > 16384)
        return 0;
    (void)fzc_run(&cli_cmd_acvp, args, data, size);
    return 0;
}
