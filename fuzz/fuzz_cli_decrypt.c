/*
 * fuzz_cli_decrypt.c -- `rijn decrypt -k KEY -o OUT IN` on the input as
 * IN: the CLI's whole reading path for rijn files (armor detection, the
 * ASCII armor and its Base64, header, chunk reader, the safe output
 * file). The key file holds the fixed test key FZ_CLI_KEY_HEX, under
 * which the seeds in fuzz/corpus/cli_decrypt/ (binary and --armor files)
 * were made, so their mutations get past the header MAC.
 * Checked: the exit code is 0, 1 or 2; on failure OUT does not exist and
 * no temporary file is left in the folder (only in, key, pass remain).
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, dup2 */
#include <dirent.h>

#include "fuzz_cli.h"

static size_t entries(void)
{
    DIR *d = opendir(fzc_dir);
    struct dirent *e;
    size_t n = 0;
    FZ_ASSERT(d != NULL, "opendir");
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.' || (e->d_name[1] != '\0' && e->d_name[1] != '.'))
            n++;
    closedir(d);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const args[] = {"decrypt", "--no-progress", "-k", "@key",
                                       "-o",      "@out",          "@in", NULL};
    int rc;
    if (size > 65536)
        return 0;
    rc = fzc_run(&cli_cmd_decrypt, args, data, size);
    if (rc != CLI_OK) {
        FZ_ASSERT(access(fzc_out, F_OK) != 0, "failed decrypt (%d) left its output", rc);
        FZ_ASSERT(entries() == 3, "failed decrypt (%d) left a file behind", rc);
    }
    return 0;
}
