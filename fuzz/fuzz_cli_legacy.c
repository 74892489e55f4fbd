/*
 * fuzz_cli_legacy.c -- the readers of the legacy formats in the CLI
 * (cli/fmt_*.c): `rijn decrypt --format openssl|mbedtls ...` and the
 * automatic detection of `openssl enc` files (no --format), on the input
 * (after one option byte) as IN. The option byte picks the format, the
 * cipher (AES-128/192/256 x CBC, CTR, CFB, CFB8, OFB), the digest, the
 * KDF (EVP_BytesToKey or PBKDF2 with 1 iteration) and Base64 (-a). The
 * passphrase is "fuzz" (file "pass"); seeds in fuzz/corpus/cli_legacy/.
 * Checked: exit code 0, 1 or 2; on failure no output file remains.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, dup2 */
#include "fuzz_cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const ciphers[] = {"aes-128-cbc", "aes-192-ctr", "aes-256-cfb",
                                          "aes-256-cfb8", "aes-128-ofb", "aes-256-cbc",
                                          "aes-256-ctr", "aes-192-cbc"};
    static const char *const mbed[] = {"AES-128-CBC", "AES-192-CTR", "AES-256-CFB128",
                                       "AES-128-OFB", "AES-256-CBC", "AES-256-CTR",
                                       "AES-192-CBC", "AES-128-CFB128"};
    static const char *const mds[] = {"sha256", "md5", "sha1", "sha512"};
    const char *args[24];
    unsigned opt;
    int n = 0, rc;
    if (size < 1 || size > 65536)
        return 0;
    opt = data[0];
    args[n++] = "decrypt";
    args[n++] = "--no-progress";
    args[n++] = "--passphrase-file";
    args[n++] = "@pass";
    switch (opt & 3) {
    case 0: /* openssl enc, stated */
    case 1:
        args[n++] = "--format";
        args[n++] = "openssl";
        args[n++] = "-c";
        args[n++] = ciphers[(opt >> 2) & 7];
        args[n++] = "--md";
        args[n++] = mds[(opt >> 5) & 3];
        if (opt & 1) {
            args[n++] = "--pbkdf2";
            args[n++] = "--iter";
            args[n++] = "1";
        }
        if (opt & 0x80)
            args[n++] = "-a";
        break;
    case 2: /* Mbed TLS crypt_and_hash */
        args[n++] = "--format";
        args[n++] = "mbedtls";
        args[n++] = "-c";
        args[n++] = mbed[(opt >> 2) & 7];
        args[n++] = "--md";
        args[n++] = mds[(opt >> 5) & 3];
        break;
    default: /* no --format: detected from "Salted__" or its Base64 */
        break;
    }
    args[n++] = "-o";
    args[n++] = "@out";
    args[n++] = "@in";
    args[n] = NULL;
    rc = fzc_run(&cli_cmd_decrypt, args, data + 1, size - 1);
    if (rc != CLI_OK)
        FZ_ASSERT(access(fzc_out, F_OK) != 0, "failed decrypt (%d) left its output", rc);
    return 0;
}
