/*
 * bc_ops.h -- `rijn cipher --cipher NAME` for the ciphers other than AES:
 * the modes the generic block-cipher interface has (rijn/blockcipher.h).
 */
#ifndef RIJN_CLI_BC_OPS_H
#define RIJN_CLI_BC_OPS_H

#include "modeops.h"
#include "rijn/blockcipher.h"

/* 1 if `mode` is available with a non-AES cipher (ecb, cbc, ctr). */
int cli_bc_mode_ok(cli_mode mode);

/* As cli_mode_crypt over a generic context: ECB (pad must be 0), CBC
 * (PKCS#7 when pad), CTR (128-bit counter). Returns a RIJN_ status. */
int cli_bc_crypt(cli_mode mode, int enc, int pad, const rijn_bc_ctx *bc, const uint8_t iv[16],
                 const uint8_t *in, size_t n, cli_buf *out);

#endif /* RIJN_CLI_BC_OPS_H */
