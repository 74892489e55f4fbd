/*
 * finalists_host.cpp -- the host (x86-64) speed row of docs/FINALISTS.md:
 * rijn's five block ciphers through the generic interface
 * (rijn/blockcipher.h) beside Crypto++ (all five) and libgcrypt (AES,
 * Serpent, Twofish; it has no RC6 or MARS). Built and run by
 * mcu/finalists.py --host; prints one TSV line per cipher, implementation
 * and operation: "cipher impl op ns" (ns per byte for CBC, per call for
 * key setup).
 *
 * Implementation notes: CBC encryption of 4 KiB (serial in every library,
 * so no implementation gets multi-block parallelism the others lack) and
 * a 128-bit key setup. The implementations are measured interleaved,
 * round after round (REPS rounds, each timing a batch with the thread's
 * CPU clock, CLOCK_THREAD_CPUTIME_ID: on a shared, loaded machine wall
 * time counts the other processes' slices), and the median batch per
 * implementation is reported: the document gives ratios from the same
 * run beside the figures.
 * rijn's AES is its default class on this CPU (AES-NI where present);
 * Crypto++'s and libgcrypt's are theirs (AES-NI too).
 */
#include <cryptopp/aes.h>
#include <cryptopp/mars.h>
#include <cryptopp/modes.h>
#include <cryptopp/rc6.h>
#include <cryptopp/serpent.h>
#include <cryptopp/twofish.h>
#include <gcrypt.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

extern "C" {
#include "rijn/blockcipher.h"
}

static const size_t LEN = 4096;
static const int REPS = 31;
static uint8_t buf[LEN], key[32], iv[16];

static double now()
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

struct job {
    std::string cipher, impl, op;
    double per; /* divisor: bytes or calls per batch */
    std::function<void()> run;
    std::vector<double> t;
};

template <class C> static void add_cryptopp(std::vector<job> &jobs, const char *name)
{
    auto *e = new typename CryptoPP::CBC_Mode<C>::Encryption(key, 16, iv);
    jobs.push_back({name, "cryptopp", "cbc", 8.0 * LEN, [e] {
                        for (int i = 0; i < 8; i++)
                            e->ProcessData(buf, buf, LEN);
                    }, {}});
    jobs.push_back({name, "cryptopp", "setup", 64, [] {
                        typename C::Encryption k;
                        for (int i = 0; i < 64; i++)
                            k.SetKey(key, 16);
                    }, {}});
}

static void add_rijn(std::vector<job> &jobs, const rijn_bc_desc *d)
{
    auto *c = new rijn_bc_ctx;
    if (rijn_bc_init(c, d, key, 16) != RIJN_OK)
        std::abort();
    jobs.push_back({d->name, "rijn", "cbc", 8.0 * LEN, [c] {
                        uint8_t v[16];
                        std::memcpy(v, iv, 16);
                        for (int i = 0; i < 8; i++)
                            if (rijn_bc_cbc_encrypt(c, v, buf, buf, LEN) != RIJN_OK)
                                std::abort();
                    }, {}});
    jobs.push_back({d->name, "rijn", "setup", 64, [d] {
                        rijn_bc_ctx k;
                        for (int i = 0; i < 64; i++)
                            if (rijn_bc_init(&k, d, key, 16) != RIJN_OK)
                                std::abort();
                        rijn_bc_wipe(&k);
                    }, {}});
}

static void add_gcrypt(std::vector<job> &jobs, const char *name, int algo)
{
    gcry_cipher_hd_t h;
    if (gcry_cipher_open(&h, algo, GCRY_CIPHER_MODE_CBC, 0) || gcry_cipher_setkey(h, key, 16) ||
        gcry_cipher_setiv(h, iv, 16))
        std::abort();
    jobs.push_back({name, "libgcrypt", "cbc", 8.0 * LEN, [h] {
                        for (int i = 0; i < 8; i++)
                            if (gcry_cipher_encrypt(h, buf, LEN, NULL, 0))
                                std::abort();
                    }, {}});
    jobs.push_back({name, "libgcrypt", "setup", 64, [h] {
                        for (int i = 0; i < 64; i++)
                            if (gcry_cipher_setkey(h, key, 16))
                                std::abort();
                    }, {}});
}

int main()
{
    std::vector<job> jobs;
    if (!gcry_check_version(GCRYPT_VERSION))
        return 1;
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 7 + 1);
    add_rijn(jobs, &rijn_bc_aes);
    add_cryptopp<CryptoPP::AES>(jobs, "aes");
    add_gcrypt(jobs, "aes", GCRY_CIPHER_AES128);
    add_rijn(jobs, &rijn_bc_serpent);
    add_cryptopp<CryptoPP::Serpent>(jobs, "serpent");
    add_gcrypt(jobs, "serpent", GCRY_CIPHER_SERPENT128);
    add_rijn(jobs, &rijn_bc_twofish);
    add_cryptopp<CryptoPP::Twofish>(jobs, "twofish");
    add_gcrypt(jobs, "twofish", GCRY_CIPHER_TWOFISH128);
    add_rijn(jobs, &rijn_bc_rc6);
    add_cryptopp<CryptoPP::RC6>(jobs, "rc6");
    add_rijn(jobs, &rijn_bc_mars);
    add_cryptopp<CryptoPP::MARS>(jobs, "mars");
    for (auto &j : jobs)
        j.run(); /* warm-up */
    for (int r = 0; r < REPS; r++)
        for (auto &j : jobs) {
            double t0 = now();
            j.run();
            j.t.push_back(now() - t0);
        }
    for (auto &j : jobs) {
        std::sort(j.t.begin(), j.t.end());
        std::printf("%s\t%s\t%s\t%.3f\n", j.cipher.c_str(), j.impl.c_str(), j.op.c_str(),
                    j.t[j.t.size() / 2] / j.per);
    }
    return 0;
}
