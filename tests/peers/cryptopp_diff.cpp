/*
 * cryptopp_diff.cpp -- differential test of rijn's Serpent, Twofish,
 * RC6-32/20 and MARS against Crypto++ (Debian libcrypto++-dev), run by ctest as
 * test_finalists_cryptopp.
 *
 * For each cipher and key size (16, 24, 32 bytes): 300 random keys, one
 * random block each, encrypt and decrypt compared with Crypto++'s ECB
 * block calls, and a 1000-step encryption chain per key size. Crypto++
 * uses the same byte order as rijn for all four (Serpent: NESSIE order).
 * Exit 0 when everything agrees, 1 on the first mismatch (printed).
 */
#include <cryptopp/mars.h>
#include <cryptopp/rc6.h>
#include <cryptopp/serpent.h>
#include <cryptopp/twofish.h>

#include <cstdio>
#include <cstring>
#include <random>

extern "C" {
#include "rijn/blockcipher.h"
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
    if (run<CryptoPP::Serpent>(&rijn_bc_serpent, rng) < 0 ||
        run<CryptoPP::Twofish>(&rijn_bc_twofish, rng) < 0 || run<CryptoPP::RC6>(&rijn_bc_rc6, rng) < 0 ||
        run<CryptoPP::MARS>(&rijn_bc_mars, rng) < 0)
        return 1;
    return 0;
}
