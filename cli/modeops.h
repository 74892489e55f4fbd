/*
 * modeops.h -- one call for every classic AES mode, by name, used by the
 * cipher, selftest and bench commands (and the rijn-acvp test tool).
 */
#ifndef RIJN_CLI_MODEOPS_H
#define RIJN_CLI_MODEOPS_H

#include "util.h"

typedef enum {
    CLI_M_ECB,
    CLI_M_CBC,
    CLI_M_CTS1,
    CLI_M_CTS2,
    CLI_M_CTS3,
    CLI_M_CFB1,
    CLI_M_CFB8,
    CLI_M_CFB128,
    CLI_M_OFB,
    CLI_M_CTR,
    CLI_M_CTR32
} cli_mode;

typedef struct cli_mode_info {
    const char *name;
    cli_mode mode;
    int needs_iv;
    int block;   /* length must be a multiple of 16 without padding */
    int can_pad; /* PKCS#7 by default                               */
} cli_mode_info;

/* Look up a mode by name ("cfb" is cfb128); NULL if unknown. */
const cli_mode_info *cli_mode_find(const char *name);
/* The list, terminated by an entry with name NULL. */
extern const cli_mode_info cli_modes[];

/* Encrypt (enc = 1) or decrypt n bytes of in into *out (allocated here;
 * freed by the caller with cli_buf_free). pad selects PKCS#7 for ECB and
 * CBC. CFB1 processes 8*n bits. Returns a RIJN_ status. */
int cli_mode_crypt(cli_mode mode, int enc, int pad, const rijn_aes_ctx *aes,
                   const uint8_t iv[16], const uint8_t *in, size_t n, cli_buf *out);

#endif /* RIJN_CLI_MODEOPS_H */
