/*
 * peer.h -- the one interface of a peer adapter (bench/peers/<peer>.c),
 * used by both harnesses: the MCU harness (bench/mcu/peer_bench.c,
 * peer_kat.c, peer_feat.c) and the host harness (bench/host/bench.c,
 * through bench/host/peer_bridge.c).
 *
 * Implementation notes
 *   An adapter is AES through the peer's own API, a few lines per entry.
 *   One build of an adapter is one peer configuration: one AES class
 *   (BearSSL: -DPEER_BR_CT, ...), one key size (PEER_KEYBITS, default
 *   128) and static key contexts (so an MCU size program counts them in
 *   RAM). Every entry returns 0 on success.
 *   - MCU: one peer per image; the entries are the plain functions
 *     peer_<entry> (PEER_FN below) that peer_bench.c calls directly, so a
 *     count is the peer's code plus these few lines. The peers' sources are
 *     fetched at measurement time (scripts/fetch-peers.sh) and compiled by
 *     bench/mcu/peers.py with rijn's target flags.
 *   - Host (-DPEER_HOST, scripts/bench.sh): many builds link into one
 *     program, so each names its entries with its own prefix
 *     (-DPEER_PREFIX=bearssl_ct_256_) and exports them as a peer_ops table
 *     (PEER_FN(ops)); peer_bridge.c turns the tables into the harness's
 *     message-level rows. The host also has the message-level entries
 *     below (XTS, CCM, CMAC, ChaCha20-Poly1305, SHA-2, X25519, GCM open),
 *     built only with PEER_HOST: a NULL entry is an operation the peer does
 *     not have (the row says so).
 */
#ifndef RIJN_BENCH_PEER_H
#define RIJN_BENCH_PEER_H

#include <stddef.h>
#include <stdint.h>

#ifndef PEER_KEYBITS
#define PEER_KEYBITS 128
#endif
#define PEER_CAT2(a, b) a##b
#define PEER_CAT(a, b) PEER_CAT2(a, b)
#ifdef PEER_PREFIX
#define PEER_FN(name) PEER_CAT(PEER_PREFIX, name)
#else
#define PEER_FN(name) peer_##name
#endif

/* Optional parts, set by the build (peers.py, bench.sh): PEER_HAS_ECB (a
 * raw multi-block call), PEER_HAS_GCM. Keys are PEER_KEYBITS / 8 bytes. */

int PEER_FN(init)(void);                          /* once, unmeasured */
int PEER_FN(setup_enc)(const uint8_t *key);       /* encryption schedule */
int PEER_FN(setup_dec)(const uint8_t *key);       /* decryption schedule */
int PEER_FN(setup_encdec)(const uint8_t *key);    /* encryption + decryption */
int PEER_FN(enc_block)(uint8_t blk[16]);          /* after setup_enc, in place */
int PEER_FN(dec_block)(uint8_t blk[16]);          /* after setup_dec, in place */
int PEER_FN(ecb_enc)(uint8_t *buf, size_t nblocks); /* after setup_enc (PEER_HAS_ECB) */
int PEER_FN(ctr_setup)(const uint8_t *key);       /* the key CTR needs */
int PEER_FN(ctr)(const uint8_t ctr[16], uint8_t *buf, size_t len); /* 128-bit BE counter */
int PEER_FN(cbc_enc)(const uint8_t iv[16], uint8_t *buf, size_t len); /* after setup_enc */
int PEER_FN(cbc_dec)(const uint8_t iv[16], uint8_t *buf, size_t len); /* after setup_dec */
int PEER_FN(gcm_setup)(const uint8_t *key);       /* PEER_HAS_GCM */
int PEER_FN(gcm_start)(const uint8_t iv[12], const uint8_t *aad, size_t aad_len);
int PEER_FN(gcm_update)(uint8_t *buf, size_t len); /* encrypt; len % 16 == 0 but the last */
int PEER_FN(gcm_final)(uint8_t tag[16]);

/* MCU size programs (peer_feat.c): the smallest call sequence the peer
 * offers for "AES-128 encrypt one block with key setup" (FEAT_ENC) and for
 * "encrypt and decrypt one block with key setup" (FEAT_ENCDEC). */
int peer_feat_enc(const uint8_t key[16], uint8_t blk[16]);
int peer_feat_encdec(const uint8_t key[16], uint8_t blk[16]);

/* The host's table: the entries above plus the message-level ones (in
 * place after the harness copied the input, 16-byte tags written at
 * buf + len, AAD and nonce as bench.h describes). */
typedef struct peer_ops {
    const char *variant;  /* the AES class of this build, or NULL */
    unsigned kbits;       /* PEER_KEYBITS */
    const char *(*version)(void);
    int (*avail)(void);   /* NULL, or 0 when this CPU can run the class */
    int (*init)(void);
    void (*fini)(void);   /* NULL, or releases what init and setups took */
    int (*setup_enc)(const uint8_t *key);
    int (*setup_dec)(const uint8_t *key);
    int (*setup_encdec)(const uint8_t *key);
    int (*enc_block)(uint8_t blk[16]);
    int (*dec_block)(uint8_t blk[16]);
    int (*ecb_enc)(uint8_t *buf, size_t nblocks);
    int (*ctr_setup)(const uint8_t *key);
    int (*ctr)(const uint8_t ctr[16], uint8_t *buf, size_t len);
    int (*cbc_enc)(const uint8_t iv[16], uint8_t *buf, size_t len);
    int (*cbc_dec)(const uint8_t iv[16], uint8_t *buf, size_t len);
    int (*gcm_setup)(const uint8_t *key);
    int (*gcm_start)(const uint8_t iv[12], const uint8_t *aad, size_t aad_len);
    int (*gcm_update)(uint8_t *buf, size_t len);
    int (*gcm_final)(uint8_t tag[16]);
    /* message-level, host only; each needs gcm_setup / its own setup */
    int (*gcm_open)(const uint8_t iv[12], const uint8_t *aad, size_t aad_len, uint8_t *buf,
                    size_t len, const uint8_t tag[16]); /* nonzero: tag wrong */
    int (*xts_setup)(const uint8_t *key2);      /* two keys of kbits each */
    int (*xts_enc)(const uint8_t tweak[16], uint8_t *buf, size_t len);
    int (*xts_setup_dec)(const uint8_t *key2);  /* the same for decryption */
    int (*xts_dec)(const uint8_t tweak[16], uint8_t *buf, size_t len);
    int (*ccm_setup)(const uint8_t *key);
    int (*ccm_seal)(const uint8_t n[12], const uint8_t *aad, size_t aad_len, uint8_t *buf,
                    size_t len);
    int (*cmac_setup)(const uint8_t *key);
    int (*cmac)(const uint8_t *in, size_t len, uint8_t mac[16]);
    int (*chapoly_setup)(const uint8_t key[32]);
    int (*chapoly_seal)(const uint8_t n[12], const uint8_t *aad, size_t aad_len, uint8_t *buf,
                        size_t len);
    int (*sha256)(const uint8_t *in, size_t len, uint8_t out[32]);
    int (*sha512)(const uint8_t *in, size_t len, uint8_t out[64]);
    int (*x25519_setup)(const uint8_t key[64]); /* scalar, then u */
    int (*x25519)(uint8_t out[32]);
    /* NULL, or the library's own out-of-place call for a message operation
     * (op: the host harness's OP_*; iv is the IV, counter, tweak or nonce;
     * a tag is written at out + len, or read from tag for GCM open). A
     * library whose API takes separate in and out buffers fills it, so the
     * harness times no copy the library would not make; it returns
     * PEER_IO_NONE for an op it leaves to the in-place entries. */
    int (*message_io)(int op, const uint8_t *iv, const uint8_t *aad, size_t aad_len,
                      const uint8_t *in, uint8_t *out, size_t len, const uint8_t tag[16]);
} peer_ops;
#define PEER_IO_NONE (-1000)

#endif
