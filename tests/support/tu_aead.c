/*
 * tu_aead.c -- see tu_aead.h.
 */
#include "tu_aead.h"

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

int tu_aead_feed(const tu_aead_api *api, void *c, int aad, int dec, uint8_t *out,
                 const uint8_t *in, size_t n)
{
    size_t off = 0;
    while (off < n) {
        size_t k = tu_rand_below(4) == 0 ? tu_rand_below(17) : tu_rand_below(n - off + 1);
        int r;
        if (k > n - off)
            k = n - off;
        r = aad ? api->aad(c, in + off, k) : api->update(c, dec, out + off, in + off, k);
        if (r != RIJN_OK)
            return -1;
        off += k;
    }
    return 0;
}

size_t tu_aead_edge_len(size_t sel)
{
    switch (sel) {
    case 0: return 0;
    case 1: return 16 * tu_rand_below(37) + 15;
    case 2: return 16 * tu_rand_below(38);
    case 3: return 16 * tu_rand_below(37) + 17;
    default: return tu_rand_below(601);
    }
}

size_t tu_aead_piece(size_t rest)
{
    return 1 + tu_rand_below(rest < 40 ? rest : (tu_rand64() & 1) ? 40 : rest);
}

int tu_aead_check(const tu_aead_api *api, void *c, const tu_aead_msg *m, const uint8_t *tag,
                  int valid, const char *what)
{
    unsigned long before = tu_failed;
    uint8_t *buf = malloc(m->len + 1), t[16];
    int r;
    TU_CHECK(buf != NULL, "%s: malloc", what);
    if (buf == NULL)
        return 0;
    if (valid) {
        r = api->seal(c, buf, t, m->tl, m->n, m->nl, m->a, m->al, m->pt, m->len);
        TU_CHECK(r == RIJN_OK, "%s: seal %d", what, r);
        TU_EQ(buf, m->ct, m->len, what);
        TU_EQ(t, tag, m->tl, what);
        /* streaming encryption, random splits */
        TU_CHECK(api->start(c, m->n, m->nl, m->al, m->len, m->tl) == RIJN_OK, "%s: start", what);
        TU_CHECK(tu_aead_feed(api, c, 1, 0, NULL, m->a, m->al) == 0, "%s: aad", what);
        TU_CHECK(tu_aead_feed(api, c, 0, 0, buf, m->pt, m->len) == 0, "%s: enc upd", what);
        TU_CHECK(api->final(c, 0, t, m->tl) == RIJN_OK, "%s: enc final", what);
        TU_EQ(buf, m->ct, m->len, what);
        TU_EQ(t, tag, m->tl, what);
    }
    memset(buf, 0xAA, m->len + 1);
    r = api->open(c, buf, tag, m->tl, m->n, m->nl, m->a, m->al, m->ct, m->len);
    if (valid) {
        TU_CHECK(r == RIJN_OK, "%s: open %d", what, r);
        TU_EQ(buf, m->pt, m->len, what);
    } else {
        TU_CHECK(r == RIJN_ERR_AUTH && tu_all_zero(buf, m->len),
                 "%s: open of a bad vector gave %d", what, r);
    }
    /* streaming decryption, in place */
    if (m->len != 0)
        memcpy(buf, m->ct, m->len);
    memcpy(t, tag, m->tl);
    TU_CHECK(api->start(c, m->n, m->nl, m->al, m->len, m->tl) == RIJN_OK, "%s: start", what);
    TU_CHECK(tu_aead_feed(api, c, 1, 1, NULL, m->a, m->al) == 0, "%s: aad", what);
    TU_CHECK(tu_aead_feed(api, c, 0, 1, buf, buf, m->len) == 0, "%s: dec upd", what);
    r = api->final(c, 1, t, m->tl);
    TU_CHECK(r == (valid ? RIJN_OK : RIJN_ERR_AUTH), "%s: dec final %d", what, r);
    if (valid)
        TU_EQ(buf, m->pt, m->len, what);
    free(buf);
    return tu_failed == before;
}

void tu_aead_tampered(const tu_aead_api *api, void *c, const tu_aead_msg *m, const char *what)
{
    uint8_t bad[16], *n = malloc(m->nl + 1), *a = malloc(m->al + 1), *ct = malloc(m->len + 1);
    tu_aead_msg x = *m;
    TU_CHECK(n != NULL && a != NULL && ct != NULL, "%s: malloc", what);
    if (n != NULL && a != NULL && ct != NULL) {
        memcpy(n, m->n, m->nl);
        if (m->al > 0)
            memcpy(a, m->a, m->al);
        if (m->len > 0)
            memcpy(ct, m->ct, m->len);
        x.n = n, x.a = a, x.ct = ct;
        tu_aead_check(api, c, &x, m->tag, 1, what);
        memcpy(bad, m->tag, m->tl);
        bad[tu_rand_below(m->tl)] ^= (uint8_t)(1u << tu_rand_below(8));
        tu_aead_check(api, c, &x, bad, 0, what);
        if (m->len > 0) {
            size_t i = tu_rand_below(m->len);
            ct[i] ^= 0x10;
            tu_aead_check(api, c, &x, m->tag, 0, what);
            ct[i] ^= 0x10;
        }
        if (m->al > 0) {
            size_t i = tu_rand_below(m->al);
            a[i] ^= 0x02;
            tu_aead_check(api, c, &x, m->tag, 0, what);
            a[i] ^= 0x02;
        }
        n[m->nl - 1] ^= 0x01;
        tu_aead_check(api, c, &x, m->tag, 0, what);
    }
    free(n);
    free(a);
    free(ct);
}
