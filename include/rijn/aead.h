/*
 * rijn/aead.h -- conventions shared by every authenticated-encryption
 * (AEAD) header: rijn/gcm.h (GCM, GMAC), rijn/ccm.h, rijn/gcmsiv.h,
 * rijn/eax.h, rijn/ocb.h, rijn/siv.h, and the non-AES AEADs.
 *
 * This header declares nothing but a few shared macros; it is the
 * contract every AEAD header follows. Read it once, then each header only
 * says what differs (nonce and tag sizes, limits, which calls exist).
 *
 * NAMES (<x> = gcm, ccm, gcmsiv, eax, ocb, siv, ...)
 *
 *   rijn_<x>_ctx    a keyed context: caller-allocated, holds the expanded
 *                   key (and key-derived values such as GHASH's H) plus
 *                   the state of at most one streaming message. No pointer
 *                   to caller memory; copyable with memcpy (a copy taken
 *                   mid-message continues independently).
 *   rijn_<x>_init(ctx, key, key_len)          key setup; RIJN_ERR_KEY_LEN,
 *                   RIJN_ERR_NULL. One keyed context serves any number of
 *                   messages.
 *   rijn_<x>_wipe(ctx)                        clears the whole context.
 *
 * ONE-SHOT (every AEAD has these; prefer them)
 *
 *   int rijn_<x>_seal(const rijn_<x>_ctx *ctx, uint8_t *out,
 *                     uint8_t *tag, size_t tag_len,
 *                     const uint8_t *nonce, size_t nonce_len,
 *                     const uint8_t *aad, size_t aad_len,
 *                     const uint8_t *in, size_t len);
 *   int rijn_<x>_open(const rijn_<x>_ctx *ctx, uint8_t *out,
 *                     const uint8_t *tag, size_t tag_len,
 *                     const uint8_t *nonce, size_t nonce_len,
 *                     const uint8_t *aad, size_t aad_len,
 *                     const uint8_t *in, size_t len);
 *
 *   - seal writes len bytes of ciphertext to out and tag_len bytes of tag
 *     to tag (detached tag; to get ciphertext||tag pass tag = out + len).
 *   - open checks the tag in constant time. EAX verifies the tag BEFORE
 *     any plaintext is written; GCM (one pass: GHASH and decryption
 *     together, as fast as seal) and the AEADs whose tag covers the
 *     plaintext (CCM, OCB, SIV, GCM-SIV) produce the plaintext into out,
 *     check, and wipe out on failure before returning. Either way: on
 *     RIJN_ERR_AUTH all len bytes of out are zero and nothing else has
 *     been released (out may hold unauthenticated plaintext only while
 *     the call runs: do not let another thread read it meanwhile).
 *   - The context is const: seal/open keep their message state on the
 *     stack, so one keyed context can serve concurrent seal/open calls
 *     from many threads, and a streaming message in progress on the same
 *     context is not disturbed.
 *   - out may equal in (in place). Any other overlap of out and in, and
 *     any overlap of tag with out or in, gives RIJN_ERR_PARAM.
 *   - A NULL pointer is accepted only with a zero length (aad, in, out);
 *     ctx, tag (tag_len > 0 always) and nonce (when nonce_len > 0) must
 *     not be NULL: RIJN_ERR_NULL.
 *
 * STREAMING (where the construction allows it: GCM, CCM, EAX, OCB; not
 * the two-pass SIV and GCM-SIV)
 *
 *   rijn_<x>_start(ctx, nonce, nonce_len)       new message (CCM also takes
 *                   aad_len, msg_len and tag_len up front: its first block
 *                   encodes them). Abandons any message in progress.
 *   rijn_<x>_aad(ctx, aad, len)                 any number of calls, any
 *                   sizes, all before the first update.
 *   rijn_<x>_encrypt_update(ctx, out, in, len)  any number of calls, any
 *   rijn_<x>_decrypt_update(ctx, out, in, len)  sizes; writes exactly len
 *                   bytes; out == in allowed. A message is either
 *                   encrypted or decrypted: mixing the two gives
 *                   RIJN_ERR_STATE.
 *   rijn_<x>_encrypt_final(ctx, tag, tag_len)   writes the tag.
 *   rijn_<x>_decrypt_final(ctx, tag, tag_len)   checks the tag in constant
 *                   time: RIJN_OK or RIJN_ERR_AUTH.
 *   After _final (either result) the message state is wiped and the
 *   context needs a new _start; the key stays.
 *
 *   WARNING: streaming decryption releases plaintext from
 *   _decrypt_update BEFORE the tag is checked by _decrypt_final. The
 *   caller must not act on (parse, display, forward) any of it until
 *   _decrypt_final returned RIJN_OK, and must discard it otherwise. When
 *   the whole message fits in memory, use _open, which does this for you.
 *
 * STATE ERRORS (RIJN_ERR_STATE): a call on a context that is not keyed;
 * _aad, _update or _final without a _start; _aad after the first _update;
 * encrypt and decrypt calls mixed in one message; (CCM) more AAD or text
 * than announced, or _final before all of it was given. A call that
 * returns an error changes nothing, except that a failed _decrypt_final
 * ends the message like a successful one.
 *
 * SIZES: every size is a macro RIJN_<X>_<NAME> and a function
 * size_t rijn_<x>_<name>(void) returning the same value (for bindings):
 *   KEY_MIN/KEY_MAX     bytes (AES: 16, 24, 32 unless compiled out)
 *   NONCE_SIZE          the recommended nonce length
 *   NONCE_MIN/NONCE_MAX accepted nonce lengths
 *   TAG_SIZE            the default (full) tag length
 *   TAG_MIN/TAG_MAX     accepted tag lengths
 *
 * OTHER ERRORS: RIJN_ERR_NONCE_LEN, RIJN_ERR_TAG_LEN (length not allowed
 * by the construction, checked before anything is written),
 * RIJN_ERR_LIMIT (AAD or text longer than the construction allows; each
 * header gives its limits), RIJN_ERR_AUTH (tag mismatch; out wiped).
 *
 * NONCES: unless a header says otherwise (GCM-SIV, SIV are
 * misuse-resistant), a nonce must never repeat under one key: a repeat
 * loses confidentiality of both messages and (GCM) lets an attacker forge
 * tags. Short tags (under 12 bytes) weaken authentication; use them only
 * where a protocol demands them.
 */
#ifndef RIJN_AEAD_H
#define RIJN_AEAD_H

#include "aes.h"

/* Largest tag any rijn AEAD produces (a buffer of this size fits every
 * tag). */
#define RIJN_AEAD_TAG_MAX 16

/* Streaming message states every AEAD context shares (internal values,
 * stored in the context's state field). */
#define RIJN_I_AEAD_IDLE    0u /* keyed, no message                 */
#define RIJN_I_AEAD_AAD     1u /* started; taking AAD                */
#define RIJN_I_AEAD_ENC     2u /* encrypting text                    */
#define RIJN_I_AEAD_DEC     3u /* decrypting text                    */

#endif /* RIJN_AEAD_H */
