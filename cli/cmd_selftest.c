/*
 * cmd_selftest.c -- `rijn selftest`: known-answer tests of AES (FIPS 197
 * appendix C) and of every classic mode (SP 800-38A appendix F samples,
 * plus ciphertext-stealing samples derived from the F.2 CBC sample as the
 * SP 800-38A addendum defines CS1/CS2/CS3), in both directions, one-shot
 * and streaming, on every compiled-in AES implementation the CPU can run.
 *
 * Implementation notes: the expected values are the published SP 800-38A
 * ciphertexts (F.1 ECB, F.2 CBC, F.3.7/F.3.13 CFB1/CFB8 on the first 16
 * bits / 18 bytes, F.3.13 CFB128, F.4 OFB, F.5 CTR); the CTS values are
 * the F.2 CBC ciphertext rearranged and truncated per the addendum. Exit
 * status 1 on any mismatch.
 */
#include <stdio.h>
#include <string.h>

#include "modeops.h"

static const char sp_pt[] = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                            "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
static const char sp_iv[] = "000102030405060708090a0b0c0d0e0f";
static const char sp_ctr[] = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

typedef struct {
    const char *key, *fips_ct; /* FIPS 197 C.n key and ciphertext */
    const char *sp_key, *ecb, *cbc, *cfb1, *cfb8, *cfb128, *ofb, *ctr;
    const char *cs1_47, *cs3_47, *cs3_64, *cs1_17;
} kat;

static const kat kats[3] = {
    {"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a",
     "2b7e151628aed2a6abf7158809cf4f3c",
     "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
     "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4",
     "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
     "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
     "68b3", "3b79424c9c0dd436bace9e0ed4586a4f32b9",
     "3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b"
     "26751f67a3cbb140b1808cf187a4f4dfc04b05357c5d1c0eeac4c66f9ff7f2e6",
     "3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed825"
     "9740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e",
     "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
     "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
     "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a9176789dc43313f849e395374eac6507d949b7",
     "7649abac8119b246cee98e9b12e9197d9dc43313f849e395374eac6507d949b75086cb9b507219ee95db113a917678",
     "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
     "3ff1caa1681fac09120eca307586e1a773bed6b8e3c1743b7116e69e22229516",
     "76b8d266c62a614f00d7c901dc791ecea9"},
    {"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191",
     "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
     "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e",
     "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
     "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd",
     "9359", "cda2521ef0a905ca44cd057cbf0d47a0678a",
     "cdc80d6fddf18cab34c25909c99a417467ce7f7f81173621961a2b70171d3d7a"
     "2e1e8a1dd59b88b1c8e60fed1efac4c9c05f9f9ca9834fa042ae8fba584b09ff",
     "cdc80d6fddf18cab34c25909c99a4174fcc28b8d4c63837c09e81700c1100401"
     "8d9a9aeac0f6596f559c6d4daf59a5f26d9f200857ca6c3e9cac524bd9acc92a",
     "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
     "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050",
     "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f6914b90036fb9552afaf238546331991c2e2",
     "4f021db243bc633d7178183a9fa071e8b90036fb9552afaf238546331991c2e2b4d9ada9ad7dedf4e5e738763f6914",
     "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
     "08b0e27988598881d920a9e64f5615cd571b242012fb7ae07fa9baac3df102e0",
     "4ff02ce01a872fb5993d448f1602c7b007"},
    {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "8ea2b7ca516745bfeafc49904b496089",
     "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
     "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7",
     "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
     "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
     "9029", "dc1f1a8520a64db55fcc8ac554844e889700",
     "dc7e84bfda79164b7ecd8486985d386039ffed143b28b1c832113c6331e5407b"
     "df10132415e54b92a13ed0a8267ae2f975a385741ab9cef82031623d55b1e471",
     "dc7e84bfda79164b7ecd8486985d38604febdc6740d20b3ac88f6ad82a4fb08d"
     "71ab47a086e86eedf39d1c5bba97c4080126141d67f37be8538f5a8be740e484",
     "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
     "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6",
     "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c1569e6cd75c99d0526ba33f3db323cbd",
     "f58c4c04d6e5f1ba779eabfb5f7bfbd61569e6cd75c99d0526ba33f3db323cbd9cfc4e967edb808d679f777bc6702c",
     "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
     "b2eb05e2c39be9fcda6c19078c6a9d1b39f23369a9d9bacfa530e26304231461",
     "f529d372a201f3b07d72f459881d34e62e"}};

typedef struct {
    unsigned long pass, fail;
    int verbose;
    const char *impl;
} tally;

static void check(tally *t, int ok, const char *what, int bits)
{
    if (ok) {
        t->pass++;
        return;
    }
    t->fail++;
    fprintf(stderr, "%s: FAIL %s AES-%d on %s\n", cli_prog, what, bits, t->impl);
}

static void unhex(uint8_t *out, size_t max, size_t *len, const char *hex)
{
    if (cli_parse_hex(hex, out, max, len) != 0)
        *len = 0; /* cannot happen with the tables above */
}

/* One mode, both directions, against want (hex) on the first n bytes. */
static void kat_mode(tally *t, const rijn_aes_ctx *aes, cli_mode mode, int pad, const char *name,
                     const uint8_t *iv, const uint8_t *pt, size_t n, const char *want_hex,
                     int bits)
{
    uint8_t want[80];
    size_t wlen;
    cli_buf out = {NULL, 0};
    unhex(want, sizeof want, &wlen, want_hex);
    check(t, cli_mode_crypt(mode, 1, pad, aes, iv, pt, n, &out) == RIJN_OK && out.n == wlen &&
                 memcmp(out.p, want, wlen) == 0, name, bits);
    cli_buf_free(&out);
    check(t, cli_mode_crypt(mode, 0, pad, aes, iv, want, wlen, &out) == RIJN_OK && out.n == n &&
                 memcmp(out.p, pt, n) == 0, name, bits);
    cli_buf_free(&out);
}

/* Streaming in uneven pieces must match the one-shot result. */
static void stream_checks(tally *t, const uint8_t *key, size_t klen, const uint8_t *iv,
                          const uint8_t *ctr, const uint8_t *pt, const uint8_t *cbc_ct,
                          const uint8_t *ctr_ct, int bits)
{
    static const size_t cuts[] = {1, 7, 16, 3, 21, 16};
    rijn_ctr_ctx sc;
    rijn_cbc_ctx cbc;
    uint8_t out[96];
    size_t off = 0, pos = 0, i, w = 0;
    int ok = rijn_cbc_encrypt_init(&cbc, key, klen, iv) == RIJN_OK;
    for (i = 0; ok && i < sizeof cuts / sizeof cuts[0]; i++) {
        ok = rijn_cbc_update(&cbc, out + pos, sizeof out - pos, &w, pt + off, cuts[i]) == RIJN_OK;
        pos += w;
        off += cuts[i];
    }
    ok = ok && rijn_cbc_final(&cbc, out + pos, sizeof out - pos, &w) == RIJN_OK;
    check(t, ok && pos + w == 64 && memcmp(out, cbc_ct, 64) == 0, "CBC streaming", bits);
    rijn_cbc_wipe(&cbc);
    ok = rijn_ctr_init(&sc, key, klen, ctr) == RIJN_OK;
    for (i = 0, off = 0; ok && i < sizeof cuts / sizeof cuts[0]; i++) {
        ok = rijn_ctr_update(&sc, out + off, pt + off, cuts[i]) == RIJN_OK;
        off += cuts[i];
    }
    check(t, ok && memcmp(out, ctr_ct, 64) == 0, "CTR streaming", bits);
    rijn_ctr_wipe(&sc);
}

static void run_impl(tally *t)
{
    uint8_t key[32], pt[64], iv[16], ctr[16], blk[16], want[80], cbc_ct[64], ctr_ct[64];
    size_t klen, n, i;
    rijn_aes_ctx aes;
    cli_buf out = {NULL, 0};
    unhex(pt, sizeof pt, &n, sp_pt);
    unhex(iv, sizeof iv, &n, sp_iv);
    unhex(ctr, sizeof ctr, &n, sp_ctr);
    for (i = 0; i < 3; i++) {
        const kat *k = &kats[i];
        int bits = (int)(128 + 64 * i);
        /* FIPS 197 appendix C */
        unhex(key, sizeof key, &klen, k->key);
        unhex(want, sizeof want, &n, k->fips_ct);
        unhex(blk, sizeof blk, &n, "00112233445566778899aabbccddeeff");
        check(t, rijn_aes_init(&aes, key, klen) == RIJN_OK &&
                     strcmp(rijn_aes_ctx_impl_name(&aes), t->impl) == 0, "key setup", bits);
        check(t, rijn_aes_encrypt_blocks(&aes, blk, blk, 1) == RIJN_OK &&
                     memcmp(blk, want, 16) == 0, "FIPS 197 C encrypt", bits);
        check(t, rijn_aes_decrypt_blocks(&aes, blk, blk, 1) == RIJN_OK &&
                     blk[0] == 0x00 && blk[15] == 0xff, "FIPS 197 C decrypt", bits);
        /* SP 800-38A appendix F */
        unhex(key, sizeof key, &klen, k->sp_key);
        check(t, rijn_aes_init(&aes, key, klen) == RIJN_OK, "key setup", bits);
        kat_mode(t, &aes, CLI_M_ECB, 0, "ECB (SP 800-38A F.1)", iv, pt, 64, k->ecb, bits);
        kat_mode(t, &aes, CLI_M_CBC, 0, "CBC (F.2)", iv, pt, 64, k->cbc, bits);
        kat_mode(t, &aes, CLI_M_CFB1, 0, "CFB1 (F.3.1)", iv, pt, 2, k->cfb1, bits);
        kat_mode(t, &aes, CLI_M_CFB8, 0, "CFB8 (F.3.7)", iv, pt, 18, k->cfb8, bits);
        kat_mode(t, &aes, CLI_M_CFB128, 0, "CFB128 (F.3.13)", iv, pt, 64, k->cfb128, bits);
        kat_mode(t, &aes, CLI_M_OFB, 0, "OFB (F.4)", iv, pt, 64, k->ofb, bits);
        kat_mode(t, &aes, CLI_M_CTR, 0, "CTR (F.5)", ctr, pt, 64, k->ctr, bits);
        kat_mode(t, &aes, CLI_M_CTR32, 0, "CTR32 (F.5)", ctr, pt, 64, k->ctr, bits);
        /* ciphertext stealing */
        kat_mode(t, &aes, CLI_M_CTS1, 0, "CBC-CS1 47 bytes", iv, pt, 47, k->cs1_47, bits);
        kat_mode(t, &aes, CLI_M_CTS2, 0, "CBC-CS2 47 bytes", iv, pt, 47, k->cs3_47, bits);
        kat_mode(t, &aes, CLI_M_CTS3, 0, "CBC-CS3 47 bytes", iv, pt, 47, k->cs3_47, bits);
        kat_mode(t, &aes, CLI_M_CTS1, 0, "CBC-CS1 64 bytes", iv, pt, 64, k->cbc, bits);
        kat_mode(t, &aes, CLI_M_CTS2, 0, "CBC-CS2 64 bytes", iv, pt, 64, k->cbc, bits);
        kat_mode(t, &aes, CLI_M_CTS3, 0, "CBC-CS3 64 bytes", iv, pt, 64, k->cs3_64, bits);
        kat_mode(t, &aes, CLI_M_CTS1, 0, "CBC-CS1 17 bytes", iv, pt, 17, k->cs1_17, bits);
        /* PKCS#7: 64 bytes of data get a full block of padding; the first
         * 64 output bytes are the F.2 ciphertext. A damaged pad fails. */
        unhex(cbc_ct, sizeof cbc_ct, &n, k->cbc);
        unhex(ctr_ct, sizeof ctr_ct, &n, k->ctr);
        check(t, cli_mode_crypt(CLI_M_CBC, 1, 1, &aes, iv, pt, 64, &out) == RIJN_OK &&
                     out.n == 80 && memcmp(out.p, cbc_ct, 64) == 0, "CBC-PKCS#7 encrypt", bits);
        if (out.p != NULL) {
            cli_buf back = {NULL, 0};
            check(t, cli_mode_crypt(CLI_M_CBC, 0, 1, &aes, iv, out.p, out.n, &back) == RIJN_OK &&
                         back.n == 64 && memcmp(back.p, pt, 64) == 0, "CBC-PKCS#7 decrypt",
                  bits);
            cli_buf_free(&back);
            out.p[out.n - 17] ^= 1; /* last byte of the last plaintext block */
            check(t, cli_mode_crypt(CLI_M_CBC, 0, 1, &aes, iv, out.p, out.n, &back) ==
                         RIJN_ERR_PADDING, "CBC-PKCS#7 bad padding rejected", bits);
            cli_buf_free(&back);
        }
        cli_buf_free(&out);
        stream_checks(t, key, klen, iv, ctr, pt, cbc_ct, ctr_ct, bits);
    }
    rijn_aes_wipe(&aes);
}

enum { O_IMPL = 1, O_QUIET, O_HELP };
static const cli_opt opts[] = {{"impl", 0, 1, O_IMPL},
                               {"quiet", 'q', 0, O_QUIET},
                               {"help", 'h', 0, O_HELP},
                               {NULL, 0, 0, 0}};

static void help(void)
{
    printf("usage: rijn selftest [--impl NAME] [-q]\n\n"
           "Known-answer tests (FIPS 197 appendix C, SP 800-38A appendix F for\n"
           "ECB, CBC, CFB1, CFB8, CFB128, OFB, CTR; CBC-CS1/2/3; PKCS#7; streaming)\n"
           "on every AES implementation compiled in that this CPU can run.\n\n"
           "  --impl NAME   test only this implementation\n"
           "  -q, --quiet   print only failures and the verdict\n"
           "  -h, --help    this help\n\n"
           "exit status: 0 all passed, 1 a test failed, 2 usage error\n");
}

/* Parse the command line; -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, const char **only, int *quiet)
{
    cli_args a;
    int id;
    cli_args_init(&a, argc, argv);
    while ((id = cli_next(&a, opts)) != 0) {
        if (id == -1)
            return CLI_USAGE;
        if (id == O_HELP) {
            help();
            return CLI_OK;
        }
        if (id == O_IMPL)
            *only = a.val;
        else if (id == O_QUIET)
            *quiet = 1;
        else {
            cli_err("unexpected argument '%s'", a.val);
            return CLI_USAGE;
        }
    }
    return cli_impl_known(*only);
}

/* The list of the compiled-in classes. */
static void list_impls(const rijn_aes_impl *def)
{
    size_t i;
    printf("rijn %s self-test\n", rijn_version());
    printf("AES implementations compiled in (in order of preference):\n");
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *p = rijn_aes_impl_at(i);
        unsigned f = rijn_aes_impl_flags(p);
        printf("  %-13s %-28s %s%s\n", rijn_aes_impl_name(p),
               (f & RIJN_AES_IMPL_HW)          ? "hardware, constant-time"
               : (f & RIJN_AES_IMPL_CONSTTIME) ? "software, constant-time"
                                               : "software, NOT constant-time",
               rijn_aes_impl_available(p) ? "available" : "compiled in, CPU lacks it",
               p == def ? " (default)" : "");
    }
}

/* The checks on class p, added to *sum; 0, or -1 if it cannot be forced. */
static int test_impl(const rijn_aes_impl *p, int quiet, tally *sum)
{
    tally t;
    memset(&t, 0, sizeof t);
    t.impl = rijn_aes_impl_name(p);
    if (rijn_aes_impl_force(t.impl) != RIJN_OK) {
        cli_err("cannot select %s", t.impl);
        sum->fail++;
        return -1;
    }
    run_impl(&t);
    if (!quiet)
        printf("%-13s %lu checks, %lu failed\n", t.impl, t.pass + t.fail, t.fail);
    sum->pass += t.pass;
    sum->fail += t.fail;
    return 0;
}

static int run(int argc, char **argv)
{
    int quiet = 0, rc;
    const char *only = NULL;
    size_t i, ran = 0;
    tally sum;
    const rijn_aes_impl *def;
    if ((rc = parse_args(argc, argv, &only, &quiet)) >= 0)
        return rc;
    memset(&sum, 0, sizeof sum);
    def = rijn_aes_impl_default();
    if (!quiet)
        list_impls(def);
    for (i = 0; i < rijn_aes_impl_count(); i++) {
        const rijn_aes_impl *p = rijn_aes_impl_at(i);
        if (rijn_aes_impl_available(p) && cli_impl_selected(only, p, def) &&
            test_impl(p, quiet, &sum) == 0)
            ran++;
    }
    if (rijn_aes_impl_force("auto") != RIJN_OK)
        sum.fail++;
    if (ran == 0) {
        cli_err("no AES implementation could run");
        return CLI_FAIL;
    }
    if (sum.fail != 0) {
        printf("self-test FAILED: %lu of %lu checks failed\n", sum.fail, sum.pass + sum.fail);
        return CLI_FAIL;
    }
    printf("self-test passed: %lu checks on %zu implementation%s\n", sum.pass, ran,
           ran == 1 ? "" : "s");
    return CLI_OK;
}

const cli_command cli_cmd_selftest = {"selftest",
                                      "known-answer tests on every AES implementation", run};
