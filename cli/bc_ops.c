/*
 * bc_ops.c -- the generic block-cipher modes for `rijn cipher --cipher`.
 *
 * Implementation notes: one library call per request on a buffer
 * allocated here (as modeops.c does for AES); the IV / counter is copied
 * because the generic CBC and CTR calls update it in place.
 */
#include <string.h>

#include "bc_ops.h"

int cli_bc_mode_ok(cli_mode mode)
{
    return mode == CLI_M_ECB || mode == CLI_M_CBC || mode == CLI_M_CTR;
}

int cli_bc_crypt(cli_mode mode, int enc, int pad, const rijn_bc_ctx *bc, const uint8_t iv[16],
                 const uint8_t *in, size_t n, cli_buf *out)
{
    uint8_t chain[16];
    size_t len = 0;
    int r;

    memcpy(chain, iv, 16);
    if (mode == CLI_M_CBC && pad) {
        size_t cap = enc ? n / 16 * 16 + 16 : n;
        out->p = cli_alloc(cap ? cap : 1);
        out->n = 0;
        r = enc ? rijn_bc_cbc_pkcs7_encrypt(bc, chain, out->p, cap, &len, in, n)
                : rijn_bc_cbc_pkcs7_decrypt(bc, chain, out->p, cap, &len, in, n);
        out->n = r == RIJN_OK ? len : 0;
        return r;
    }
    out->p = cli_alloc(n ? n : 1);
    out->n = n;
    if (mode == CLI_M_ECB && !pad)
        r = enc ? rijn_bc_ecb_encrypt(bc, out->p, in, n) : rijn_bc_ecb_decrypt(bc, out->p, in, n);
    else if (mode == CLI_M_CBC)
        r = enc ? rijn_bc_cbc_encrypt(bc, chain, out->p, in, n)
                : rijn_bc_cbc_decrypt(bc, chain, out->p, in, n);
    else if (mode == CLI_M_CTR)
        r = rijn_bc_ctr(bc, chain, out->p, in, n);
    else
        r = RIJN_ERR_UNSUPPORTED;
    if (r != RIJN_OK)
        out->n = 0;
    return r;
}
