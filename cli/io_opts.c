/*
 * io_opts.c -- the data options shared by `rijn cipher`, `rijn aead` and
 * `rijn mac` (-i/--in-string/-o/--inform/--outform/--impl): one parser,
 * one reader, one writer, so the three commands treat input and output
 * the same way (tests/cli/test_cli_cipher.py, test_cli_aead.py, test_cli.py).
 */
#include <string.h>

#include "util.h"

int cli_io_option(cli_io *io, int id, const char *val)
{
    switch (id) {
    case CLI_O_IN: io->in_path = val; return 1;
    case CLI_O_INSTR: io->in_str = val; return 1;
    case CLI_O_OUT: io->out_path = val; return 1;
    case CLI_O_IMPL: io->impl = val; return 1;
    case CLI_O_INFORM: return cli_parse_form(val, &io->inform) != 0 ? -1 : 1;
    case CLI_O_OUTFORM: return cli_parse_form(val, &io->outform) != 0 ? -1 : 1;
    default: return 0;
    }
}

int cli_io_read(const cli_io *io, cli_buf *in)
{
    if (io->in_path != NULL && io->in_str != NULL) {
        cli_err("give only one of -i and --in-string");
        return CLI_USAGE;
    }
    if (cli_force_impl(io->impl) != 0)
        return CLI_USAGE;
    if (io->in_str != NULL)
        cli_buf_set(in, io->in_str, strlen(io->in_str));
    else if (cli_read_file(io->in_path != NULL ? io->in_path : "-", in) != 0)
        return CLI_FAIL;
    return cli_decode_form(io->inform, in) != 0 ? CLI_FAIL : CLI_OK;
}

int cli_io_write(const cli_io *io, const uint8_t *p, size_t n)
{
    cli_buf enc = {NULL, 0};
    int r;
    cli_encode_form(io->outform, p, n, &enc);
    r = cli_write_file(io->out_path, enc.p, enc.n) != 0 ? CLI_FAIL : CLI_OK;
    cli_buf_free(&enc);
    return r;
}
