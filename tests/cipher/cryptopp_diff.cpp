/*
 * cryptopp_diff.cpp -- differential test of rijn's Serpent, Twofish,
 * RC6-32/20 and MARS against Crypto++ (Debian libcrypto++-dev), run by ctest as
 * test_finalists_cryptopp.
 *
 * For each cipher and key size (16, 24, 32 bytes): 300 random keys, one
 * random block each, encrypt and decrypt compared with Crypto++'s ECB
 * block calls, and a 1000-step encryption chain per key size. Crypto++
 * uses the same byte order as rijn for all four (Serpent: NESSIE order).
 * Then the AES-candidate Monte Carlo tests (tests/cipher/finalists_mct.h: ECB and
 * CBC, encryption and decryption, from the all-zero start) run by both
 * with the same loop, every row's output compared: the first 2 rows of
 * each (10,000 blocks each) per key size; all 400 rows with
 * RIJN_FINALISTS_FULL_MCT=1; RIJN_TEST_QUICK (Valgrind): one row of 1,000
 * blocks, 128-bit keys. Twofish's and RC6's submission Monte Carlo
 * files are in no package registry: this is their Monte Carlo check
 * (Serpent's and MARS's published rows: test_finalists_kat, test_finalists).
 * Exit 0 when everything agrees, 1 on the first mismatch (printed).
 */
#include <cryptopp/mars.h>
#include <cryptopp/rc6.h>
#include <cryptopp/serpent.h>
#include <cryptopp/twofish.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

extern "C" {
#include "rijn/blockcipher.h"
}
#include "finalists_mct.h"

/* The Monte Carlo loop's cipher: rijn through its descriptor ... */
static int rijn_setkey(void *st, const uint8_t *key, size_t kl)
{
    rijn_bc_ctx *c = static_cast<rijn_bc_ctx *>(st);
    return rijn_bc_init(c, c->desc, key, kl) == RIJN_OK ? 0 : -1;
}
static void rijn_block(void *st, uint8_t out[16], const uint8_t in[16], int enc)
{
    rijn_bc_ctx *c = static_cast<rijn_bc_ctx *>(st);
    (enc ? c->desc->encrypt : c->desc->decrypt)(&c->u, out, in);
}
/* ... and Crypto++ */
template <class C> struct cpp_state {
    typename C::Encryption e;
    typename C::Decryption d;
};
template <class C> static int cpp_setkey(void *st, const uint8_t *key, size_t kl)
{
    cpp_state<C> *s = static_cast<cpp_state<C> *>(st);
    s->e.SetKey(key, kl);
    s->d.SetKey(key, kl);
    return 0;
}
template <class C> static void cpp_block(void *st, uint8_t out[16], const uint8_t in[16], int enc)
{
    cpp_state<C> *s = static_cast<cpp_state<C> *>(st);
    if (enc)
        s->e.ProcessBlock(in, out);
    else
        s->d.ProcessBlock(in, out);
}

template <class C> static int mct(const rijn_bc_desc *d, int rows, int inner, size_t max_kl)
{
    int checks = 0;
    for (int mode = FIN_ECB_E; mode <= FIN_CBC_D; mode++) {
        for (size_t kl = 16; kl <= max_kl; kl += 8) {
            rijn_bc_ctx ctx;
            cpp_state<C> cs;
            std::memset(&ctx, 0, sizeof ctx);
            ctx.desc = d;
            fin_cipher a = {&ctx, rijn_setkey, rijn_block};
            fin_cipher b = {&cs, cpp_setkey<C>, cpp_block<C>};
            fin_mct sa, sb;
            std::memset(&sa, 0, sizeof sa);
            sa.kl = kl;
            sb = sa;
            for (int i = 0; i < rows; i++) {
                if (fin_mct_row(&a, mode, &sa, inner) != 0 || fin_mct_row(&b, mode, &sb, inner) != 0 ||
                    std::memcmp(&sa, &sb, sizeof sa) != 0) {
                    std::printf("%s-%zu %s Monte Carlo row %d differs from Crypto++\n", d->name,
                                kl * 8, fin_mct_name(mode), i);
                    return -1;
                }
                checks++;
            }
            rijn_bc_wipe(&ctx);
        }
    }
    std::printf("%-8s %d Monte Carlo rows (%d blocks each; ECB/CBC encrypt/decrypt) agree "
                "with Crypto++\n", d->name, checks, inner);
    return checks;
}

template <class C> static int run(const rijn_bc_desc *d, std::mt19937_64 &rng)
{
    int checks = 0;
    for (size_t kl = 16; kl <= 32; kl += 8) {
        uint8_t key[32], pt[16], a[16], b[16];
        rijn_bc_ctx ctx;
        for (int t = 0; t < 300; t++) {
            for (auto &x : key) x = (uint8_t)rng();
            for (auto &x : pt) x = (uint8_t)rng();
            typename C::Encryption e(key, kl);
            typename C::Decryption dd(key, kl);
            if (rijn_bc_init(&ctx, d, key, kl) != RIJN_OK) {
                std::printf("%s: init failed\n", d->name);
                return -1;
            }
            e.ProcessBlock(pt, a);
            d->encrypt(&ctx.u, b, pt);
            if (std::memcmp(a, b, 16) != 0) {
                std::printf("%s-%zu: encrypt differs from Crypto++\n", d->name, kl * 8);
                return -1;
            }
            dd.ProcessBlock(a, a);
            d->decrypt(&ctx.u, b, b);
            if (std::memcmp(a, pt, 16) != 0 || std::memcmp(b, pt, 16) != 0) {
                std::printf("%s-%zu: decrypt differs from Crypto++\n", d->name, kl * 8);
                return -1;
            }
            checks += 2;
        }
        typename C::Encryption e(key, kl);
        std::memset(a, 0, 16);
        std::memset(b, 0, 16);
        for (int t = 0; t < 1000; t++) {
            e.ProcessBlock(a);
            d->encrypt(&ctx.u, b, b);
        }
        if (std::memcmp(a, b, 16) != 0) {
            std::printf("%s-%zu: 1000-step chain differs from Crypto++\n", d->name, kl * 8);
            return -1;
        }
        checks++;
        rijn_bc_wipe(&ctx);
    }
    std::printf("%-8s %d checks against Crypto++: all agree\n", d->name, checks);
    return checks;
}

int main()
{
    std::mt19937_64 rng(19);
    int rows = std::getenv("RIJN_FINALISTS_FULL_MCT") ? 400 : 2, inner = 10000;
    size_t max_kl = 32;
    const char *q = std::getenv("RIJN_TEST_QUICK");
    if (q != nullptr && *q != '\0' && *q != '0') /* Valgrind runs: 1 short row, 128-bit keys */
        rows = 1, inner = 1000, max_kl = 16;
    if (run<CryptoPP::Serpent>(&rijn_bc_serpent, rng) < 0 ||
        run<CryptoPP::Twofish>(&rijn_bc_twofish, rng) < 0 || run<CryptoPP::RC6>(&rijn_bc_rc6, rng) < 0 ||
        run<CryptoPP::MARS>(&rijn_bc_mars, rng) < 0)
        return 1;
    if (mct<CryptoPP::Serpent>(&rijn_bc_serpent, rows, inner, max_kl) < 0 ||
        mct<CryptoPP::Twofish>(&rijn_bc_twofish, rows, inner, max_kl) < 0 ||
        mct<CryptoPP::RC6>(&rijn_bc_rc6, rows, inner, max_kl) < 0)
        return 1;
    return 0;
}
