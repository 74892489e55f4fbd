/*
 * file_stream.c -- the rijn file format's writer and reader (docs/
 * FORMAT.md section 5): header MAC, then chunks sealed with the STREAM
 * construction.
 *
 * Implementation notes
 *   Context: the payload AEAD's keyed context (GCM, ChaCha20-Poly1305 or
 *   Ascon-AEAD128, through their descriptors of rijn/aead_table.h), the index of the next chunk (uint64_t so
 *   index 2^32 can be refused on 32-bit and 8-bit targets too), the chunk
 *   size and a state. No buffers: the caller hands over one chunk.
 *   Nonces: counter_i big-endian over the nonce's bytes but the last,
 *   then the last-chunk flag (00 / 01): 12-byte nonces for GCM and
 *   ChaCha20-Poly1305, 16 bytes for Ascon-AEAD128.
 *   Rules (section 5): a non-last chunk is exactly chunk_size bytes; an
 *   empty last chunk only as chunk 0; at most 2^32 chunks; nothing after
 *   the last chunk; the reader's first failure ends the stream (state
 *   FAILED: every later call is refused), so a caller cannot skip a bad
 *   chunk. The AEAD's one-shot open wipes out on failure (GCM and
 *   ChaCha20-Poly1305 check the tag before writing any plaintext).
 *   Constant time: the counter, flag and lengths are public; the key only
 *   goes through the AEADs and HMAC verify (constant-time compare).
 *   Vectors: docs/FORMAT-vectors.md; tests/file/test_file_format.c (round
 *   trips, every error, tampering), tests/file/format_decoder.py (independent
 *   decoder).
 */
#include "aead/aead_table_i.h"
#include "file_i.h"

#define NONCE_MAX 16

/* The payload AEAD of an id (rijn/aead_table.h descriptors: only these
 * three are linked), NULL when compiled out. */
const rijn_aead_alg *rijn_file_aead_alg(unsigned aead)
{
    switch (aead) {
#if RIJN_CFG_AES_256
    case RIJN_FILE_AES256GCM: return &rijn_i_aead_aes256_gcm;
#endif
#if RIJN_I_FILE_CHACHAPOLY
    case RIJN_FILE_CHACHA20POLY1305: return &rijn_i_aead_chacha20poly1305;
#endif
#if RIJN_I_FILE_ASCON
    case RIJN_FILE_ASCON128: return &rijn_i_aead_ascon_aead128;
#endif
    default: return NULL;
    }
}

/* name equals s, or equals it once the dashes of name are dropped */
static int same_name(const char *s, const char *name)
{
    if (name == NULL)
        return 0;
    if (strcmp(s, name) == 0)
        return 1;
    for (; *name != '\0'; name++) {
        if (*name == '-')
            continue;
        if (*s != *name)
            return 0;
        s++;
    }
    return *s == '\0';
}

unsigned rijn_file_aead_find(const char *name)
{
    unsigned id;
    for (id = RIJN_FILE_AES256GCM; name != NULL && id <= RIJN_FILE_ASCON128; id++) {
        const rijn_aead_alg *a = rijn_file_aead_alg(id);
        if (a != NULL && (same_name(name, a->name) || same_name(name, a->alias)))
            return id;
    }
    return 0;
}
typedef char rijn_i_file_nonces_fit[RIJN_ASCON_AEAD128_NONCE_SIZE <= NONCE_MAX ? 1 : -1];

static void make_nonce(uint8_t *nonce, size_t n, uint64_t counter, int is_last)
{
    memset(nonce, 0, n);
    rijn_store64_be(nonce + n - 9, counter);
    nonce[n - 1] = (uint8_t)(is_last ? 1 : 0);
}

static int aead_init(rijn_file_ctx *ctx, const uint8_t *key, size_t key_len)
{
    const rijn_aead_alg *a = rijn_file_aead_alg(ctx->aead_id);
    if (a == NULL)
        return RIJN_ERR_UNSUPPORTED;
    return a->init(&ctx->aead, key, key_len);
}

/* Seal (seal 1: out gets len bytes and the tag) or open (in holds len
 * bytes and the tag) one chunk; ctx keyed by aead_init: its id has a
 * descriptor. */
static int aead_crypt(const rijn_file_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len,
                      uint64_t counter, int is_last, int seal)
{
    uint8_t nonce[NONCE_MAX];
    const rijn_aead_alg *a = rijn_file_aead_alg(ctx->aead_id);
    if (a == NULL)
        return RIJN_ERR_UNSUPPORTED; /* never keyed (aead_init) */
    make_nonce(nonce, a->nonce_len, counter, is_last);
    if (seal)
        return a->seal(&ctx->aead, out, out + len, RIJN_FILE_TAG_SIZE, nonce, a->nonce_len,
                       NULL, 0, in, len);
    return a->open(&ctx->aead, out, in + len, RIJN_FILE_TAG_SIZE, nonce, a->nonce_len, NULL, 0,
                   in, len);
}

static void aead_wipe(rijn_file_ctx *ctx)
{
    rijn_wipe(&ctx->aead, sizeof ctx->aead);
}

/* Derive the keys, compute the header MAC into mac, key the AEAD: the
 * steps of rijn_file_derive_keys, arranged for a small stack (the header
 * step is the deepest call chain on an AVR). The PRK and the HKDF info
 * live in the not yet keyed AEAD context (as bytes; wiped before it is
 * keyed); the header key, then the payload key, in k. */
#define KS_PRK 0
#define KS_INFO 32
typedef char rijn_i_file_scratch_fits[sizeof(((rijn_file_ctx *)0)->aead) >=
                                              KS_INFO + RIJN_I_FILE_INFO_MAX
                                          ? 1
                                          : -1];

int rijn_i_file_key_up(rijn_file_ctx *ctx, uint8_t mac[32], const uint8_t *body, size_t body_len,
                       const rijn_file_params *p, const uint8_t *master)
{
    uint8_t k[32], *scratch = (uint8_t *)&ctx->aead;
    size_t klen = rijn_file_aead_key_size(p->aead);
    int r;
    memset(ctx, 0, sizeof *ctx);
    if (!rijn_file_aead_available(p->aead) || klen == 0)
        return RIJN_ERR_UNSUPPORTED;
#if SIZE_MAX < RIJN_FILE_CHUNK_MAX + RIJN_FILE_TAG_SIZE
    if (p->chunk_size > SIZE_MAX - RIJN_FILE_TAG_SIZE)
        return RIJN_ERR_LIMIT;
#endif
    ctx->aead_id = p->aead;
    ctx->chunk_size = p->chunk_size;
    rijn_i_file_hmac(scratch + KS_PRK, p->salt, RIJN_FILE_SALT_SIZE, master, RIJN_FILE_KEY_SIZE);
    rijn_i_file_hmac(k, scratch + KS_PRK, 32, scratch + KS_INFO,
                     rijn_i_file_info(scratch + KS_INFO, 0, p->aead));
    rijn_i_file_hmac(mac, k, 32, body, body_len);
    rijn_i_file_hmac(k, scratch + KS_PRK, 32, scratch + KS_INFO,
                     rijn_i_file_info(scratch + KS_INFO, 1, p->aead));
    rijn_wipe(&ctx->aead, sizeof ctx->aead);
    r = aead_init(ctx, k, klen);
    rijn_wipe(k, sizeof k);
    if (r != RIJN_OK)
        rijn_file_wipe(ctx);
    return r;
}

int rijn_i_file_open_keyed(rijn_file_ctx *ctx, const uint8_t *hdr, const rijn_file_params *p,
                           const uint8_t *master)
{
    uint8_t mac[32];
    size_t body = p->header_len - RIJN_FILE_MAC_SIZE;
    int r = rijn_i_file_key_up(ctx, mac, hdr, body, p, master);
    if (r == RIJN_OK && !rijn_ct_equal(mac, hdr + body, RIJN_FILE_MAC_SIZE)) {
        rijn_file_wipe(ctx);
        r = RIJN_ERR_AUTH;
    }
    rijn_wipe(mac, sizeof mac);
    if (r == RIJN_OK)
        ctx->state = RIJN_I_FILE_OPEN;
    return r;
}

int rijn_file_seal_init(rijn_file_ctx *ctx, uint8_t *header, size_t header_size,
                        size_t *header_len, const rijn_file_params *p,
                        const uint8_t master[RIJN_FILE_KEY_SIZE])
{
    rijn_file_params q;
    size_t body;
    int r;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    if (header_len != NULL)
        *header_len = 0;
    RIJN_CHECK_PTR(header);
    RIJN_CHECK_PTR(p);
    RIJN_CHECK_PTR(master);
    q = *p;
    r = rijn_file_params_check(&q);
    if (r != RIJN_OK)
        return r;
    if (header_size < q.header_len)
        return RIJN_ERR_BUFFER;
    body = q.header_len - RIJN_FILE_MAC_SIZE;
    rijn_i_file_header_body(header, &q);
    r = rijn_i_file_key_up(ctx, header + body, header, body, &q, master);
    if (r != RIJN_OK) {
        memset(header, 0, q.header_len);
        return r;
    }
    ctx->state = RIJN_I_FILE_SEAL;
    if (header_len != NULL)
        *header_len = q.header_len;
    return RIJN_OK;
}

int rijn_file_open_header(rijn_file_ctx *ctx, const uint8_t *header, size_t len,
                          const uint8_t master[RIJN_FILE_KEY_SIZE])
{
    rijn_file_params q;
    int r;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_BUF(header, len);
    RIJN_CHECK_PTR(master);
    r = rijn_file_header_parse(&q, header, len);
    if (r != RIJN_OK)
        return r;
    return rijn_i_file_open_keyed(ctx, header, &q, master);
}

/* Key ctx directly with a payload key (other formats on the same STREAM
 * chunks: age, age_write.c). */
int rijn_i_file_key_stream(rijn_file_ctx *ctx, unsigned aead, uint32_t chunk_size,
                           const uint8_t *key, size_t key_len, int seal)
{
    int r;
    memset(ctx, 0, sizeof *ctx);
    if (!rijn_file_aead_available(aead) || key_len != rijn_file_aead_key_size(aead))
        return RIJN_ERR_UNSUPPORTED;
    ctx->aead_id = (uint8_t)aead;
    ctx->chunk_size = chunk_size;
    r = aead_init(ctx, key, key_len);
    if (r != RIJN_OK) {
        rijn_file_wipe(ctx);
        return r;
    }
    ctx->state = seal ? RIJN_I_FILE_SEAL : RIJN_I_FILE_OPEN;
    return RIJN_OK;
}

/* Length rules shared by both directions for chunk idx; text =
 * plaintext length. */
static int check_chunk(const rijn_file_ctx *ctx, uint64_t idx, size_t text, int is_last)
{
    if ((uint64_t)text > ctx->chunk_size || (!is_last && (uint64_t)text != ctx->chunk_size))
        return RIJN_ERR_LENGTH;
    if (is_last && text == 0 && idx != 0)
        return RIJN_ERR_LENGTH;
    if (idx >= RIJN_FILE_MAX_CHUNKS || (!is_last && idx == RIJN_FILE_MAX_CHUNKS - 1))
        return RIJN_ERR_LIMIT;
    return RIJN_OK;
}

static void advance(rijn_file_ctx *ctx, int is_last)
{
    ctx->counter++;
    if (is_last) {
        aead_wipe(ctx);
        ctx->state = RIJN_I_FILE_DONE;
    }
}

int rijn_file_seal_chunk_at(const rijn_file_ctx *ctx, uint64_t index, uint8_t *out,
                            const uint8_t *in, size_t len, int is_last)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_BUF(in, len);
    if (ctx->state != RIJN_I_FILE_SEAL)
        return RIJN_ERR_STATE;
    r = check_chunk(ctx, index, len, is_last);
    if (r != RIJN_OK)
        return r;
    if (in != out && rijn_overlaps(out, len + RIJN_FILE_TAG_SIZE, in, len))
        return RIJN_ERR_PARAM;
    return aead_crypt(ctx, out, in, len, index, is_last, 1);
}

int rijn_file_seal_chunk(rijn_file_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len,
                         int is_last)
{
    int r = rijn_file_seal_chunk_at(ctx, ctx == NULL ? 0 : ctx->counter, out, in, len, is_last);
    if (r == RIJN_OK)
        advance(ctx, is_last);
    return r;
}

/* Open chunk idx (ctx checked, state OPEN); *fatal = 1 on the failures
 * that end a stream (lengths, limits, the tag), 0 on argument errors. */
static int open_at(const rijn_file_ctx *ctx, uint64_t idx, uint8_t *out, const uint8_t *in,
                   size_t len, int is_last, int *fatal)
{
    size_t text;
    int r;
    *fatal = len < RIJN_FILE_TAG_SIZE;
    if (*fatal)
        return RIJN_ERR_LENGTH;
    text = len - RIJN_FILE_TAG_SIZE;
    if (out == NULL && text != 0)
        return RIJN_ERR_NULL;
    r = check_chunk(ctx, idx, text, is_last);
    *fatal = r != RIJN_OK;
    if (*fatal)
        return r;
    if (out != in && text != 0 && rijn_overlaps(out, text, in, len))
        return RIJN_ERR_PARAM;
    *fatal = 1;
    return aead_crypt(ctx, out, in, text, idx, is_last, 0);
}

int rijn_file_open_chunk_at(const rijn_file_ctx *ctx, uint64_t index, uint8_t *out,
                            const uint8_t *in, size_t len, int is_last)
{
    int fatal;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(in, len);
    if (ctx->state != RIJN_I_FILE_OPEN)
        return RIJN_ERR_STATE;
    return open_at(ctx, index, out, in, len, is_last, &fatal);
}

int rijn_file_open_chunk(rijn_file_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len,
                         int is_last)
{
    int r, fatal;
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_BUF(in, len);
    if (ctx->state != RIJN_I_FILE_OPEN)
        return RIJN_ERR_STATE;
    r = open_at(ctx, ctx->counter, out, in, len, is_last, &fatal);
    if (r == RIJN_OK) {
        advance(ctx, is_last);
    } else if (fatal) {
        aead_wipe(ctx);
        ctx->state = RIJN_I_FILE_FAILED;
    }
    return r;
}

int rijn_file_open_final(rijn_file_ctx *ctx)
{
    int r;
    RIJN_CHECK_PTR(ctx);
    r = ctx->state == RIJN_I_FILE_DONE ? RIJN_OK
        : ctx->state == RIJN_I_FILE_OPEN ? RIJN_ERR_LENGTH : RIJN_ERR_STATE;
    rijn_file_wipe(ctx);
    return r;
}

uint64_t rijn_file_chunk_index(const rijn_file_ctx *ctx)
{
    return ctx == NULL ? 0 : ctx->counter;
}

void rijn_file_wipe(rijn_file_ctx *ctx)
{
    if (ctx != NULL)
        rijn_wipe(ctx, sizeof *ctx);
}
