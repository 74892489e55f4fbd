/*
 * age_header.c -- the age v1 header reader (https://age-encryption.org/v1,
 * rijn/age.h): the stanzas' meaning (info), X25519 and scrypt unwrapping,
 * and the header MAC check. The lexer (lines, stanzas, Base64, the footer,
 * rijn_age_header_len) is age_lex.c; the writer and the key derivations
 * are in age_write.c.
 *
 * Implementation notes
 *   Layout: "age-encryption.org/v1\n", stanzas ("-> TYPE ARG...\n" then
 *   the body as unpadded standard Base64 in 64-character lines, the last
 *   one shorter, possibly empty), then "--- " + Base64(MAC) + "\n".
 *   Parsing walks the caller's buffer line by line (no copy); Base64 text
 *   is checked character by character and decoded with rijn_base64_decode
 *   after restoring the padding, so only canonical text is accepted (no
 *   stray bits, as Go's strict decoder). Bodies are never stored whole:
 *   an unknown stanza's lines are only checked; X25519 and scrypt bodies
 *   are one 43-character line (32 bytes: file key + Poly1305 tag).
 *   Rules as age's: "\n" only, single spaces, arguments of printable
 *   ASCII, a malformed X25519/scrypt stanza or an all-zero X25519 shared
 *   secret is an error (not "try the next stanza"), an scrypt stanza must
 *   be the only one, and its log N is decimal without leading zeros.
 *   Secrets: shared secrets and wrap keys are wiped; the unwrap loop tries
 *   every X25519 stanza the same way (the AEAD verifies in constant
 *   time), stopping at the first match; the MAC compare is constant time.
 *   Proof: tests/file/test_age.c (files written by age, malformed headers),
 *   tests/cli/test_cli_age.py (against the age and age-keygen programs).
 */
#include "file_i.h"
#include "rijn/age.h"
#include "age_i.h"
#include "rijn/x25519.h"

/* Walk a header checked by rijn_age_header_len: calls fn for each stanza
 * until fn returns nonzero. */
static int for_each(const uint8_t *hdr, size_t len,
                    int (*fn)(const rijn_i_age_stanza *, unsigned, void *), void *arg,
                    size_t *mac_at, uint8_t mac[32])
{
    size_t pos = sizeof RIJN_AGE_INTRO - 1, hl;
    unsigned idx = 0;
    rijn_i_age_stanza st;
    int r;
    RIJN_CHECK_PTR(hdr);
    if (rijn_age_header_len(hdr, len, &hl) != RIJN_OK || hl != len)
        return RIJN_ERR_PARAM;
    while ((r = rijn_i_age_next_item(hdr, len, &pos, &st, mac, mac_at)) == 1) {
        if (fn != NULL && (r = fn(&st, idx++, arg)) != 0)
            return r;
    }
    return r;
}

static int log_n_of(const rijn_i_age_span *s, unsigned *log_n)
{
    size_t i;
    unsigned v = 0;
    if (s->len == 0 || s->len > 2 || s->p[0] == '0')
        return RIJN_ERR_PARAM;
    for (i = 0; i < s->len; i++) {
        if (s->p[i] < '0' || s->p[i] > '9')
            return RIJN_ERR_PARAM;
        v = v * 10 + (unsigned)(s->p[i] - '0');
    }
    *log_n = v;
    return RIJN_OK;
}

static int info_fn(const rijn_i_age_stanza *st, unsigned idx, void *arg)
{
    rijn_age_info *info = (rijn_age_info *)arg;
    uint8_t tmp[32];
    (void)idx;
    info->stanzas++;
    if (rijn_i_age_span_is(&st->args[0], "X25519")) {
        info->x25519++;
        if (st->argc != 2 || st->lines != 1 ||
            rijn_i_age_b64_exact(tmp, 32, &st->args[1]) != RIJN_OK ||
            rijn_i_age_b64_exact(tmp, 32, &st->body) != RIJN_OK)
            return RIJN_ERR_PARAM;
    } else if (rijn_i_age_span_is(&st->args[0], "scrypt")) {
        info->scrypt++;
        if (st->argc != 3 || st->lines != 1 ||
            rijn_i_age_b64_exact(tmp, 16, &st->args[1]) != RIJN_OK ||
            log_n_of(&st->args[2], &info->log_n) != RIJN_OK ||
            rijn_i_age_b64_exact(tmp, 32, &st->body) != RIJN_OK)
            return RIJN_ERR_PARAM;
    }
    return 0;
}

int rijn_age_header_info(const uint8_t *hdr, size_t len, rijn_age_info *info)
{
    size_t mac_at;
    uint8_t mac[32];
    int r;
    RIJN_CHECK_PTR(info);
    memset(info, 0, sizeof *info);
    r = for_each(hdr, len, info_fn, info, &mac_at, mac);
    if (r == RIJN_OK && info->scrypt != 0 && info->stanzas != 1)
        r = RIJN_ERR_PARAM; /* an scrypt stanza must be the only one */
    if (r == RIJN_OK && info->stanzas == 0)
        r = RIJN_ERR_PARAM;
    return r;
}

/* ---- reader ---------------------------------------------------------- */

typedef struct x_arg {
    const uint8_t *identity;
    uint8_t pub[32];
    uint8_t *file_key;
    unsigned which;
    int hard; /* a malformed X25519 stanza or low-order share */
} x_arg;

static int x_fn(const rijn_i_age_stanza *st, unsigned idx, void *arg)
{
    x_arg *x = (x_arg *)arg;
    uint8_t share[32], body[32], shared[32], key[32];
    int r, found = 0;
    if (!rijn_i_age_span_is(&st->args[0], "X25519"))
        return 0;
    if (st->argc != 2 || st->lines != 1 ||
        rijn_i_age_b64_exact(share, 32, &st->args[1]) != RIJN_OK ||
        rijn_i_age_b64_exact(body, 32, &st->body) != RIJN_OK)
        return RIJN_ERR_PARAM;
    r = rijn_x25519(shared, x->identity, share);
    if (r != RIJN_OK) {
        rijn_wipe(shared, sizeof shared);
        return RIJN_ERR_PARAM; /* all-zero shared secret: age rejects the file */
    }
    r = rijn_i_age_x25519_key(key, shared, share, x->pub);
    if (r == RIJN_OK && rijn_i_age_unwrap(x->file_key, key, body) == RIJN_OK) {
        x->which = idx;
        found = 1;
    }
    rijn_wipe(shared, sizeof shared);
    rijn_wipe(key, sizeof key);
    return r != RIJN_OK ? r : found;
}

int rijn_age_unwrap_x25519(uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE], const uint8_t *hdr,
                           size_t len, const uint8_t identity[32], unsigned *which)
{
    x_arg x;
    size_t mac_at;
    uint8_t mac[32];
    int r;
    RIJN_CHECK_PTR(file_key);
    memset(file_key, 0, 16);
    RIJN_CHECK_PTR(identity);
    memset(&x, 0, sizeof x);
    x.identity = identity;
    x.file_key = file_key;
    r = rijn_x25519_base(x.pub, identity);
    if (r == RIJN_OK)
        r = for_each(hdr, len, x_fn, &x, &mac_at, mac);
    if (r == 1) {
        if (which != NULL)
            *which = x.which;
        return RIJN_OK;
    }
    memset(file_key, 0, 16);
    return r == RIJN_OK ? RIJN_ERR_AUTH : r;
}

typedef struct s_arg {
    const uint8_t *pass;
    size_t pass_len;
    unsigned max_log_n;
    void *work;
    size_t work_size;
    uint8_t *file_key;
} s_arg;

static int s_fn(const rijn_i_age_stanza *st, unsigned idx, void *arg)
{
    s_arg *s = (s_arg *)arg;
    uint8_t salt[16], body[32], key[32];
    unsigned log_n = 0;
    int r;
    (void)idx;
    if (!rijn_i_age_span_is(&st->args[0], "scrypt"))
        return 0;
    if (st->argc != 3 || st->lines != 1 ||
        rijn_i_age_b64_exact(salt, 16, &st->args[1]) != RIJN_OK ||
        log_n_of(&st->args[2], &log_n) != RIJN_OK ||
        rijn_i_age_b64_exact(body, 32, &st->body) != RIJN_OK)
        return RIJN_ERR_PARAM;
    if (log_n > s->max_log_n || log_n > 63)
        return RIJN_ERR_LIMIT;
    r = rijn_i_age_scrypt_key(key, s->pass, s->pass_len, salt, log_n, s->work, s->work_size);
    if (r == RIJN_OK)
        r = rijn_i_age_unwrap(s->file_key, key, body) == RIJN_OK ? 1 : RIJN_ERR_AUTH;
    rijn_wipe(key, sizeof key);
    return r;
}

int rijn_age_unwrap_scrypt(uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE], const uint8_t *hdr,
                           size_t len, const uint8_t *pass, size_t pass_len, unsigned max_log_n,
                           void *work, size_t work_size)
{
    rijn_age_info info;
    s_arg s;
    size_t mac_at;
    uint8_t mac[32];
    int r;
    RIJN_CHECK_PTR(file_key);
    memset(file_key, 0, 16);
    RIJN_CHECK_BUF(pass, pass_len);
    r = rijn_age_header_info(hdr, len, &info);
    if (r != RIJN_OK)
        return r;
    if (info.scrypt == 0)
        return RIJN_ERR_AUTH;
    s.pass = pass;
    s.pass_len = pass_len;
    s.max_log_n = max_log_n;
    s.work = work;
    s.work_size = work_size;
    s.file_key = file_key;
    r = for_each(hdr, len, s_fn, &s, &mac_at, mac);
    if (r == 1)
        return RIJN_OK;
    memset(file_key, 0, 16);
    return r == RIJN_OK ? RIJN_ERR_AUTH : r;
}

int rijn_age_verify_header(const uint8_t *hdr, size_t len,
                           const uint8_t file_key[RIJN_AGE_FILE_KEY_SIZE])
{
    uint8_t mac[32], want[32];
    size_t mac_at = 0;
    int r;
    RIJN_CHECK_PTR(file_key);
    r = for_each(hdr, len, NULL, NULL, &mac_at, want);
    if (r != RIJN_OK)
        return r;
    r = rijn_i_age_mac(mac, hdr, mac_at, file_key);
    if (r == RIJN_OK && !rijn_ct_equal(mac, want, 32))
        r = RIJN_ERR_AUTH;
    rijn_wipe(mac, sizeof mac);
    return r;
}
