/*
 * peer.h -- what a peer wrapper (mcu/peers/peer_*.c) gives the MCU
 * harness: AES-128 through the peer's own API, a few lines per function.
 *
 * Implementation notes: the peers' sources are fetched at measurement time
 * (scripts/fetch-peers.sh) and compiled by mcu/peers/peers.py with the same
 * target flags and -Os/-O2 as rijn; only these wrappers are ours. Every
 * function returns 0 on success. The key contexts are static objects of
 * the wrapper (so a size program counts them in RAM). peer_bench.c checks
 * every wrapper against FIPS-197 / SP 800-38A / GCM-spec vectors on target
 * before it measures anything.
 */
#ifndef RIJN_MCU_PEER_H
#define RIJN_MCU_PEER_H

#include <stddef.h>
#include <stdint.h>

/* Optional parts, set by the wrapper's compile flags (peers.py):
 * PEER_HAS_ECB (a raw multi-block call), PEER_HAS_GCM. */

int peer_init(void);                            /* once, unmeasured */
int peer_setup_enc(const uint8_t key[16]);      /* encryption schedule */
int peer_setup_encdec(const uint8_t key[16]);   /* encryption + decryption */
int peer_enc_block(uint8_t blk[16]);            /* after setup_encdec, in place */
int peer_dec_block(uint8_t blk[16]);            /* after setup_encdec, in place */
int peer_ecb_enc(uint8_t *buf, size_t nblocks); /* after setup_enc (PEER_HAS_ECB) */
int peer_ctr_setup(const uint8_t key[16]);      /* unmeasured: the key CTR needs */
int peer_ctr(const uint8_t ctr[16], uint8_t *buf, size_t len); /* 128-bit BE counter */
int peer_cbc_enc(const uint8_t iv[16], uint8_t *buf, size_t len); /* after setup_encdec */
int peer_cbc_dec(const uint8_t iv[16], uint8_t *buf, size_t len);
int peer_gcm_setup(const uint8_t key[16]);      /* PEER_HAS_GCM */
int peer_gcm_start(const uint8_t iv[12], const uint8_t *aad, size_t aad_len);
int peer_gcm_update(uint8_t *buf, size_t len);  /* encrypt; len % 16 == 0 but the last */
int peer_gcm_final(uint8_t tag[16]);

/* Size programs (peer_feat.c): the smallest call sequence the peer offers
 * for "AES-128 encrypt one block with key setup" (FEAT_ENC) and for
 * "encrypt and decrypt one block with key setup" (FEAT_ENCDEC). */
int peer_feat_enc(const uint8_t key[16], uint8_t blk[16]);
int peer_feat_encdec(const uint8_t key[16], uint8_t blk[16]);

#endif
