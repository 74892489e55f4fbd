/*
 * encrypt_help.c -- the help screens of `rijn encrypt` and `rijn decrypt`
 * (cmd_encrypt.c parses the options they describe).
 *
 * Implementation notes: plain printf text; the decryption limits printed
 * are the file layer's reader limits (FCRYPT_MAX_*, file_io.h), so the
 * help cannot drift from what decrypt refuses.
 */
#include <stdio.h>

#include "file_io.h"

static void help_common(void)
{
    printf("  -p, --passphrase       ask for a passphrase on the terminal (the default)\n"
           "      --passphrase-file F  the passphrase is the first line of F\n"
           "  -k, --key-file F       a key file made by `rijn keygen`\n"
           "  -o, --output F         write F (default stdout; '-' = stdout). F is\n"
           "                         written under a temporary name and renamed only\n"
           "                         when complete; an existing F needs --force.\n"
           "                         Without O_TMPFILE that name is .F.rijn-tmp-XXXXXX;\n"
           "                         one a killed run left is named on stderr by the\n"
           "                         next run writing there (never deleted)\n"
           "  -f, --force            replace an existing output file\n"
           "      --no-progress      no progress bar (shown on a terminal only)\n"
           "  -h, --help             this help\n"
           "      --format F         age (age-encryption.org/v1, X25519 recipients\n"
           "                         or scrypt), or openssl / mbedtls (legacy); see\n"
           "                         `rijn encrypt --format F --help`\n");
}

void fcrypt_enc_help(void)
{
    printf("usage: rijn encrypt [-p | --passphrase-file F | -k KEYFILE] [-a AEAD]\n"
           "                    [-r age1...]... [-R RECIPIENTS_FILE]...\n"
           "                    [--chunk-size N] [--kdf argon2id|pbkdf2] [--iter N]\n"
           "                    [--armor] [-o OUT] [--force] [IN]\n\n"
           "Encrypt IN (default stdin; '-' = stdin) into the rijn file format:\n"
           "authenticated, streaming (any size, constant memory); any change,\n"
           "truncation, reordering or appending is detected on decryption.\n\n");
    help_common();
    printf("  -r, --recipient KEY    an X25519 public key (age1..., from `rijn keygen\n"
           "                         --x25519` or age-keygen), repeatable: writes format\n"
           "                         version 2, a random file key wrapped for each\n"
           "                         recipient; -p/--passphrase-file and -k may be added\n"
           "                         (a stanza each)\n"
           "  -R, --recipients-file F one age1... key per line ('#' comments)\n"
           "  -a, --aead NAME        aes-256-gcm (default), chacha20-poly1305, ascon128\n"
           "      --chunk-size N     plaintext bytes per chunk, 256 .. 16M (suffix K,\n"
           "                         M allowed; default 64K)\n"
           "      --kdf NAME         argon2id (default where built) or pbkdf2\n"
           "      --iter N           PBKDF2 iterations (default 600000) or Argon2id\n"
           "                         passes (default 3)\n"
           "      --memory KIB       Argon2id memory in KiB (default 65536 = 64 MiB)\n"
           "      --lanes P          Argon2id lanes (default 4)\n"
           "      --armor            write text (Base64 between BEGIN/END lines)\n\n"
           "Binary output is not written to a terminal. The passphrase is never\n"
           "taken from the command line; it is asked twice on /dev/tty.\n"
           "Weaker KDF settings than OWASP's minimums get a warning on stderr (the\n"
           "file is still written): PBKDF2 below 600000 iterations; Argon2id below\n"
           "7168 KiB (7 MiB) of memory, or memory x passes below 35840 KiB.\n"
           "exit status: 0 ok, 1 failed (I/O error, passphrases differ), 2 usage\n"
           "error (bad option, output exists, input = output, empty passphrase\n"
           "typed or in the passphrase file).\n");
}

void fcrypt_dec_help(void)
{
    printf("usage: rijn decrypt [-i IDENTITY_FILE]... [-p | --passphrase-file F |\n"
           "                    -k KEYFILE] [-o OUT] [--force] [IN]\n\n"
           "Decrypt a rijn file (binary or --armor text, recognised by itself) from\n"
           "IN (default stdin). The header says which AEAD and KDF were used.\n"
           "Nothing unauthenticated is ever written: to a file, the output appears\n"
           "only once the whole input verified; to stdout, each chunk is written\n"
           "after it verified, and a damaged or truncated input stops with exit 1.\n\n");
    help_common();
    printf("  -i, --identity F       an X25519 identity file (`rijn keygen --x25519`\n"
           "                         or age-keygen), repeatable, for version 2 files\n"
           "                         with recipients (and for age files)\n");
    printf("\nHeaders asking for more than %u PBKDF2 iterations or Argon2id t > %u\n"
           "or m > %u MiB are refused.\n"
           "exit status: 0 ok, 1 wrong key or passphrase, corrupted or truncated\n"
           "input (one line says what failed), 2 usage error.\n",
           FCRYPT_MAX_ITER, FCRYPT_MAX_ARGON2_T, FCRYPT_MAX_ARGON2_M >> 10);
}
