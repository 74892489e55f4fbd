/*
 * file_v2.c -- the rijn file format, version 2 (docs/FORMAT.md section
 * 10; rijn/file_recipients.h): a random file key F wrapped once per
 * stanza (X25519 recipient, passphrase, raw key), then version 1's key
 * schedule, header MAC and chunks keyed from F.
 *
 * Implementation notes
 *   Layout: magic(8) 02 aead(1) chunk_size(4) n(1) salt(32), n stanzas
 *   type(1) params wrapped(48), header_mac(32). Stanza sizes: raw 49,
 *   PBKDF2 53 (iterations), Argon2id 58 (t, m, p), X25519 81 (E).
 *   Wrapping: K_i = HKDF-SHA-256(salt = file salt, ikm = S_i, info =
 *   "rijn v2 wrap" || type || params [|| R for X25519]) where S_i is the
 *   raw key, the passphrase master key M (version 1's KDF with the file
 *   salt and the stanza's costs) or the X25519 shared secret X25519(e, R)
 *   (E = X25519(e, 9) in the stanza; an all-zero secret is refused);
 *   wrapped = AES-256-GCM(K_i, 12 zero bytes, no AAD, F) || tag. Each K_i
 *   is used once (fresh salt per file, fresh e per X25519 stanza).
 *   Header: rijn_i_file_key_up (file_stream.c) with F as the master key,
 *   so header_key/payload_key are section 4's with M := F; the MAC covers
 *   every stanza, and binds F (key commitment as in version 1).
 *   Parsing never reads past len; stanza costs are checked with
 *   rijn_file_params_check. Secrets (F, S_i, K_i, e) are wiped.
 *   Proof: docs/FORMAT-vectors.md (tests/file/format_vectors.py, checked by
 *   the independent tests/file/format_decoder.py), tests/file/test_file_v2.c.
 */
#include "file_i.h"
#include "rijn/file_recipients.h"
#include "rijn/x25519.h"

#define WRAP_LABEL "rijn v2 wrap"
#define LABEL_LEN (sizeof WRAP_LABEL - 1)

static const uint8_t magic[RIJN_FILE_MAGIC_SIZE] = {0x89, 0x52, 0x49, 0x4A,
                                                    0x4E, 0x0D, 0x0A, 0x1A};

static size_t params_len(unsigned type)
{
    return type == RIJN_FILE_KEY_PBKDF2 ? 4u : type == RIJN_FILE_KEY_ARGON2ID ? 9u
                                         : type == RIJN_FILE_KEY_X25519 ? 32u : 0u;
}

/* Costs of a passphrase stanza as version 1 parameters (for the check). */
static int stanza_check(const rijn_file_stanza *st, const rijn_file_params *file)
{
    rijn_file_params q = *file;
    if (st->type < RIJN_FILE_KEY_RAW || st->type > RIJN_FILE_KEY_X25519)
        return RIJN_ERR_PARAM;
    if (st->type == RIJN_FILE_KEY_X25519 || st->type == RIJN_FILE_KEY_RAW)
        return RIJN_OK;
    q.key_source = st->type;
    q.iterations = st->iterations;
    q.argon2_t = st->argon2_t;
    q.argon2_m = st->argon2_m;
    q.argon2_lanes = st->argon2_lanes;
    return rijn_file_params_check(&q) == RIJN_OK ? RIJN_OK : RIJN_ERR_PARAM;
}

/* type || params of st into out; its length. */
static size_t stanza_prefix(uint8_t *out, const rijn_file_stanza *st)
{
    out[0] = st->type;
    if (st->type == RIJN_FILE_KEY_PBKDF2) {
        rijn_store32_be(out + 1, st->iterations);
    } else if (st->type == RIJN_FILE_KEY_ARGON2ID) {
        rijn_store32_be(out + 1, st->argon2_t);
        rijn_store32_be(out + 5, st->argon2_m);
        out[9] = st->argon2_lanes;
    } else if (st->type == RIJN_FILE_KEY_X25519) {
        memcpy(out + 1, st->ephemeral, 32);
    }
    return 1 + params_len(st->type);
}

/* K = HKDF(salt, ikm, "rijn v2 wrap" || prefix [|| pub]). */
static int wrap_key(uint8_t key[32], const uint8_t salt[32], const uint8_t ikm[32],
                    const uint8_t *prefix, size_t plen, const uint8_t *pub)
{
    uint8_t info[LABEL_LEN + 33 + 32];
    size_t n = LABEL_LEN;
    memcpy(info, WRAP_LABEL, LABEL_LEN);
    memcpy(info + n, prefix, plen);
    n += plen;
    if (pub != NULL) {
        memcpy(info + n, pub, 32);
        n += 32;
    }
    return rijn_hkdf(&rijn_hash_sha256, key, 32, salt, 32, ikm, 32, info, n);
}

static int gcm_wrap(uint8_t *out, const uint8_t key[32], const uint8_t *in, int seal)
{
    static const uint8_t zero[12] = {0};
    rijn_gcm_ctx g;
    int r = rijn_gcm_init(&g, key, 32);
    if (r == RIJN_OK && seal)
        r = rijn_gcm_seal(&g, out, out + 32, 16, zero, 12, NULL, 0, in, 32);
    else if (r == RIJN_OK)
        r = rijn_gcm_open(&g, out, in + 32, 16, zero, 12, NULL, 0, in, 32);
    rijn_gcm_wipe(&g);
    return r;
}

int rijn_file_v2_begin(rijn_file_writer *w, uint8_t *buf, size_t size,
                       const rijn_file_params *p, unsigned n_stanzas,
                       const uint8_t file_key[RIJN_FILE_FILE_KEY_SIZE])
{
    rijn_file_params q;
    RIJN_CHECK_PTR(w);
    memset(w, 0, sizeof *w);
    RIJN_CHECK_PTR(buf);
    RIJN_CHECK_PTR(p);
    RIJN_CHECK_PTR(file_key);
    if (n_stanzas < 1 || n_stanzas > RIJN_FILE_STANZAS_MAX)
        return RIJN_ERR_PARAM;
    q = *p;
    q.key_source = RIJN_FILE_KEY_RAW; /* only aead and chunk size are checked */
    if (rijn_file_params_check(&q) != RIJN_OK)
        return q.aead < 1 || q.aead > 3 ? RIJN_ERR_UNSUPPORTED : RIJN_ERR_PARAM;
    if (size < RIJN_FILE_FIXED_SIZE + RIJN_FILE_SALT_SIZE)
        return RIJN_ERR_BUFFER;
    memcpy(buf, magic, 8);
    buf[8] = RIJN_FILE_VERSION2;
    buf[9] = q.aead;
    rijn_store32_be(buf + 10, q.chunk_size);
    buf[14] = (uint8_t)n_stanzas;
    memcpy(buf + 15, q.salt, 32);
    q.stanzas = (uint8_t)n_stanzas;
    w->buf = buf;
    w->size = size;
    w->len = 47;
    w->p = q;
    memcpy(w->file_key, file_key, 32);
    w->declared = n_stanzas;
    w->state = 1;
    return RIJN_OK;
}

int rijn_file_v2_add(rijn_file_writer *w, const rijn_file_stanza *st, const uint8_t secret[32],
                     const uint8_t *ephemeral)
{
    rijn_file_stanza s;
    uint8_t shared[32], key[32], *at;
    size_t plen;
    int r;
    RIJN_CHECK_PTR(w);
    RIJN_CHECK_PTR(st);
    RIJN_CHECK_PTR(secret);
    if (w->state != 1 || w->added == w->declared)
        return RIJN_ERR_STATE;
    s = *st;
    if ((r = stanza_check(&s, &w->p)) != RIJN_OK)
        return r;
    if (s.type == RIJN_FILE_KEY_X25519) {
        RIJN_CHECK_PTR(ephemeral);
        if ((r = rijn_x25519_base(s.ephemeral, ephemeral)) != RIJN_OK ||
            (r = rijn_x25519(shared, ephemeral, secret)) != RIJN_OK) {
            rijn_wipe(shared, sizeof shared);
            return r; /* RIJN_ERR_PARAM: a low-order recipient key */
        }
    } else {
        memcpy(shared, secret, 32);
    }
    plen = 1 + params_len(s.type);
    if (w->size - w->len < plen + RIJN_FILE_WRAPPED_SIZE) {
        rijn_wipe(shared, sizeof shared);
        w->state = -1;
        return RIJN_ERR_BUFFER;
    }
    at = w->buf + w->len;
    stanza_prefix(at, &s);
    r = wrap_key(key, w->p.salt, shared, at, plen,
                 s.type == RIJN_FILE_KEY_X25519 ? secret : NULL);
    if (r == RIJN_OK)
        r = gcm_wrap(at + plen, key, w->file_key, 1);
    rijn_wipe(shared, sizeof shared);
    rijn_wipe(key, sizeof key);
    if (r != RIJN_OK) {
        w->state = -1;
        return r;
    }
    w->len += plen + RIJN_FILE_WRAPPED_SIZE;
    w->added++;
    return RIJN_OK;
}

int rijn_file_v2_end(rijn_file_writer *w, rijn_file_ctx *ctx, size_t *header_len)
{
    int r;
    RIJN_CHECK_PTR(w);
    RIJN_CHECK_PTR(ctx);
    RIJN_CHECK_PTR(header_len);
    memset(ctx, 0, sizeof *ctx);
    *header_len = 0;
    if (w->state != 1 || w->added != w->declared)
        return RIJN_ERR_STATE;
    if (w->size - w->len < RIJN_FILE_MAC_SIZE) {
        w->state = -1;
        return RIJN_ERR_BUFFER;
    }
    r = rijn_i_file_key_up(ctx, w->buf + w->len, w->buf, w->len, &w->p, w->file_key);
    rijn_wipe(w->file_key, sizeof w->file_key);
    if (r != RIJN_OK) {
        w->state = -1;
        return r;
    }
    ctx->state = RIJN_I_FILE_SEAL;
    w->len += RIJN_FILE_MAC_SIZE;
    w->state = 2;
    *header_len = w->len;
    return RIJN_OK;
}

/* Stanza at in[pos..len) -> st (costs read); its size, 0 if incomplete. */
static size_t read_stanza(const uint8_t *in, size_t len, size_t pos, rijn_file_stanza *st)
{
    size_t k;
    memset(st, 0, sizeof *st);
    if (pos >= len)
        return 0;
    st->type = in[pos];
    k = 1 + params_len(st->type) + RIJN_FILE_WRAPPED_SIZE;
    if (len - pos < k)
        return 0;
    if (st->type == RIJN_FILE_KEY_PBKDF2) {
        st->iterations = rijn_load32_be(in + pos + 1);
    } else if (st->type == RIJN_FILE_KEY_ARGON2ID) {
        st->argon2_t = rijn_load32_be(in + pos + 1);
        st->argon2_m = rijn_load32_be(in + pos + 5);
        st->argon2_lanes = in[pos + 9];
    } else if (st->type == RIJN_FILE_KEY_X25519) {
        memcpy(st->ephemeral, in + pos + 1, 32);
    }
    return k;
}

/* The q.stanzas stanzas from *pos (advanced past them); p->header_len: a
 * lower bound when the input ends inside them. With i == want, stanza i
 * and its offset into *st_out, *st_at. */
static int parse_stanzas(rijn_file_params *p, const rijn_file_params *q, const uint8_t *in,
                         size_t len, size_t *pos, unsigned want, rijn_file_stanza *st_out,
                         size_t *st_at)
{
    rijn_file_stanza st;
    size_t k;
    unsigned i;
    for (i = 0; i < q->stanzas; i++) {
        if (*pos < len && (in[*pos] < RIJN_FILE_KEY_RAW || in[*pos] > RIJN_FILE_KEY_X25519))
            return RIJN_ERR_PARAM;
        k = read_stanza(in, len, *pos, &st);
        if (k == 0) {
            /* lower bound: this stanza at its type's size (raw if unknown), the rest raw */
            size_t here = *pos < len ? 1 + params_len(in[*pos]) + RIJN_FILE_WRAPPED_SIZE : 49;
            p->header_len = *pos + here + (size_t)(q->stanzas - i - 1) * 49 + RIJN_FILE_MAC_SIZE;
            return RIJN_ERR_LENGTH;
        }
        if (stanza_check(&st, q) != RIJN_OK)
            return RIJN_ERR_PARAM;
        if (i == want) {
            *st_out = st;
            *st_at = *pos;
        }
        *pos += k;
    }
    return RIJN_OK;
}

/* Parse; with want < n, stop after stanza `want` and give its offset. */
static int parse(rijn_file_params *p, const uint8_t *in, size_t len, unsigned want,
                 rijn_file_stanza *st_out, size_t *st_at)
{
    rijn_file_params q;
    size_t pos;
    int r;
    RIJN_CHECK_PTR(p);
    memset(p, 0, sizeof *p);
    RIJN_CHECK_BUF(in, len);
    if ((r = rijn_i_file_prefix(in, len, RIJN_FILE_VERSION2)) != RIJN_OK)
        return r;
    p->header_len = RIJN_FILE_FIXED_SIZE;
    if (len < RIJN_FILE_FIXED_SIZE)
        return RIJN_ERR_LENGTH;
    memset(&q, 0, sizeof q);
    q.aead = in[9];
    q.chunk_size = rijn_load32_be(in + 10);
    q.stanzas = in[14];
    q.key_source = RIJN_FILE_KEY_RAW;
    if (q.stanzas < 1 || q.stanzas > RIJN_FILE_STANZAS_MAX ||
        rijn_file_params_check(&q) != RIJN_OK)
        return RIJN_ERR_PARAM;
    pos = RIJN_FILE_FIXED_SIZE + RIJN_FILE_SALT_SIZE;
    p->header_len = pos + 49 + RIJN_FILE_MAC_SIZE;
    if (len < pos)
        return RIJN_ERR_LENGTH;
    memcpy(q.salt, in + RIJN_FILE_FIXED_SIZE, RIJN_FILE_SALT_SIZE);
    if ((r = parse_stanzas(p, &q, in, len, &pos, want, st_out, st_at)) != RIJN_OK)
        return r;
    p->header_len = pos + RIJN_FILE_MAC_SIZE;
    if (len < p->header_len)
        return RIJN_ERR_LENGTH;
    q.header_len = p->header_len;
    q.key_source = 0;
    *p = q;
    return RIJN_OK;
}

int rijn_file_v2_parse(rijn_file_params *p, const uint8_t *in, size_t len)
{
    rijn_file_stanza st;
    size_t at;
    return parse(p, in, len, RIJN_FILE_STANZAS_MAX, &st, &at);
}

int rijn_file_v2_stanza(const uint8_t *hdr, size_t len, unsigned i, rijn_file_stanza *st)
{
    rijn_file_params p;
    size_t at = 0;
    int r;
    RIJN_CHECK_PTR(st);
    memset(st, 0, sizeof *st);
    r = parse(&p, hdr, len, i, st, &at);
    if (r == RIJN_OK && i >= p.stanzas)
        r = RIJN_ERR_PARAM;
    return r;
}

int rijn_file_v2_unwrap(uint8_t file_key[RIJN_FILE_FILE_KEY_SIZE], const uint8_t *hdr,
                        size_t len, unsigned i, const uint8_t secret[32])
{
    rijn_file_params p;
    rijn_file_stanza st;
    uint8_t shared[32], key[32], pub[32];
    size_t at = 0, plen;
    int r;
    RIJN_CHECK_PTR(file_key);
    memset(file_key, 0, 32);
    RIJN_CHECK_PTR(secret);
    r = parse(&p, hdr, len, i, &st, &at);
    if (r == RIJN_OK && i >= p.stanzas)
        r = RIJN_ERR_PARAM;
    if (r != RIJN_OK)
        return r;
    plen = 1 + params_len(st.type);
    if (st.type == RIJN_FILE_KEY_X25519) {
        if ((r = rijn_x25519_base(pub, secret)) != RIJN_OK ||
            (r = rijn_x25519(shared, secret, st.ephemeral)) != RIJN_OK) {
            rijn_wipe(shared, sizeof shared);
            return r == RIJN_ERR_PARAM ? RIJN_ERR_AUTH : r; /* low-order E: not ours */
        }
    } else {
        memcpy(shared, secret, 32);
    }
    r = wrap_key(key, p.salt, shared, hdr + at, plen,
                 st.type == RIJN_FILE_KEY_X25519 ? pub : NULL);
    if (r == RIJN_OK)
        r = gcm_wrap(file_key, key, hdr + at + plen, 0);
    rijn_wipe(shared, sizeof shared);
    rijn_wipe(key, sizeof key);
    if (r != RIJN_OK)
        memset(file_key, 0, 32);
    return r;
}

int rijn_file_v2_open(rijn_file_ctx *ctx, const uint8_t *hdr, size_t len,
                      const uint8_t file_key[RIJN_FILE_FILE_KEY_SIZE])
{
    rijn_file_params p;
    int r;
    RIJN_CHECK_PTR(ctx);
    memset(ctx, 0, sizeof *ctx);
    RIJN_CHECK_PTR(file_key);
    r = rijn_file_v2_parse(&p, hdr, len);
    if (r != RIJN_OK)
        return r;
    return rijn_i_file_open_keyed(ctx, hdr, &p, file_key);
}
