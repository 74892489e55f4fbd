/*
 * argon2.c -- Argon2 (RFC 9106, version 0x13): parameter checks, H0, the
 * variable-length hash H', the first two blocks of each lane and the
 * final tag. The memory fill is in argon2_fill.c.
 *
 * Implementation notes:
 * - Memory: the caller's work area holds the m' blocks as native 64-bit
 *   words (so it must be 8-byte aligned). H' writes its bytes straight
 *   into a block, which is then converted to words in place; the final
 *   XOR of the last column is converted back to bytes in place too, so no
 *   1 KiB buffer lives on the stack here.
 * - Secrets: H0 (64 bytes) and the BLAKE2b contexts are wiped at exit;
 *   the whole work area is wiped before return (it holds password-derived
 *   blocks), on success and on failure after it was touched.
 * - Constant time: H0 and H' are BLAKE2b over inputs of public length;
 *   see argon2_fill.c and rijn/argon2.h for the fill.
 * - Proof: RFC 9106 section 5 vectors (Argon2d, Argon2i, Argon2id with
 *   secret and associated data), cryptography-vectors KDF/argon2*.txt,
 *   differential tests against libsodium crypto_pwhash and the Python
 *   cryptography package (tests/kdf/test_argon2.c).
 */
#include "argon2_i.h"
#include "rijn/argon2.h"
#include "rijn/blake2.h"

#if RIJN_CFG_HASH_BLAKE2B

/* 1 if n does not fit in 32 bits (a function, so that hosts with a
 * 32-bit size_t see no always-false comparison). */
static int over32(uint64_t n)
{
    return n > (uint64_t)0xFFFFFFFFu;
}

static int absorb32(rijn_blake2b_ctx *c, uint64_t v)
{
    uint8_t le[4];
    rijn_store32_le(le, (uint32_t)v);
    return rijn_blake2b_update(c, le, 4);
}

/* H'^T(a || b) (RFC 9106 section 3.3) into out[0..T). */
static int hprime(uint8_t *out, uint32_t t, const uint8_t *a, size_t alen, const uint8_t *b,
                  size_t blen)
{
    rijn_blake2b_ctx c;
    uint8_t v[64];
    int r;
    r = rijn_blake2b_init(&c, t < 64 ? (size_t)t : 64);
    if (r == RIJN_OK)
        r = absorb32(&c, t);
    if (r == RIJN_OK)
        r = rijn_blake2b_update(&c, a, alen);
    if (r == RIJN_OK)
        r = rijn_blake2b_update(&c, b, blen);
    if (r == RIJN_OK && t <= 64) {
        r = rijn_blake2b_final(&c, out);
    } else if (r == RIJN_OK) {
        /* V1 = H^64(T || A); V_{i+1} = H^64(V_i); 32 bytes of each while
         * more than 64 remain, then the last T - 32r bytes in full */
        r = rijn_blake2b_final(&c, v);
        while (r == RIJN_OK && t > 64) {
            memcpy(out, v, 32);
            out += 32;
            t -= 32;
            r = rijn_blake2b(v, t < 64 ? (size_t)t : 64, NULL, 0, v, 64);
        }
        if (r == RIJN_OK)
            memcpy(out, v, (size_t)t);
    }
    rijn_blake2b_wipe(&c);
    rijn_i_hash_wipe(v, sizeof v);
    return r;
}

/* H0 (RFC 9106 section 3.2): six 32-bit parameters, then four
 * length-prefixed fields. */
static int h0(uint8_t out[64], const rijn_argon2_params *p, uint32_t m_cost, uint64_t tag_len,
              const uint8_t *pwd, size_t pwd_len, const uint8_t *salt, size_t salt_len)
{
    const uint64_t head[6] = {p->lanes, tag_len, m_cost, p->t_cost, RIJN_ARGON2_VERSION,
                              p->type};
    const uint8_t *field[4];
    size_t len[4], i;
    rijn_blake2b_ctx c;
    int r = rijn_blake2b_init(&c, 64);
    field[0] = pwd, len[0] = pwd_len;
    field[1] = salt, len[1] = salt_len;
    field[2] = p->secret, len[2] = p->secret_len;
    field[3] = p->ad, len[3] = p->ad_len;
    for (i = 0; r == RIJN_OK && i < 6; i++)
        r = absorb32(&c, head[i]);
    for (i = 0; r == RIJN_OK && i < 4; i++) {
        r = absorb32(&c, (uint64_t)len[i]);
        if (r == RIJN_OK)
            r = rijn_blake2b_update(&c, field[i], len[i]);
    }
    if (r == RIJN_OK)
        r = rijn_blake2b_final(&c, out);
    rijn_blake2b_wipe(&c);
    return r;
}

size_t rijn_argon2_work_size(uint32_t m_cost_kib, uint32_t lanes)
{
    uint64_t blocks;
    if (lanes == 0 || lanes > RIJN_ARGON2_MAX_LANES || (uint64_t)m_cost_kib < 8 * (uint64_t)lanes)
        return 0;
    blocks = (uint64_t)(m_cost_kib / (4 * lanes)) * 4 * lanes;
    if (blocks > (uint64_t)SIZE_MAX / RIJN_ARGON2_BLOCK_SIZE)
        return 0;
    return (size_t)blocks * RIJN_ARGON2_BLOCK_SIZE;
}

/* *need: the work area p takes; RIJN_ERR_BUFFER if work_size is short of
 * it (or no buffer can hold it), RIJN_ERR_PARAM for invalid costs. */
static int work_need(const rijn_argon2_params *p, size_t work_size, size_t *need)
{
    *need = rijn_argon2_work_size(p->m_cost_kib, p->lanes);
    if (*need == 0) {
        /* valid lanes and m but m' KiB beyond size_t: no buffer can hold it */
        if (p->lanes != 0 && p->lanes <= RIJN_ARGON2_MAX_LANES &&
            (uint64_t)p->m_cost_kib >= 8 * (uint64_t)p->lanes)
            return RIJN_ERR_BUFFER;
        return RIJN_ERR_PARAM;
    }
    return work_size < *need ? RIJN_ERR_BUFFER : RIJN_OK;
}

/* The argument checks of rijn_argon2; *need: the work area it takes. */
static int check_args(const rijn_argon2_params *p, const uint8_t *out, size_t out_len,
                      const uint8_t *pwd, size_t pwd_len, const uint8_t *salt, size_t salt_len,
                      const void *work, size_t work_size, size_t *need)
{
    RIJN_CHECK_PTR(p);
    RIJN_CHECK_PTR(out);
    RIJN_CHECK_PTR(work);
    RIJN_CHECK_BUF(pwd, pwd_len);
    RIJN_CHECK_BUF(salt, salt_len);
    RIJN_CHECK_BUF(p->secret, p->secret_len);
    RIJN_CHECK_BUF(p->ad, p->ad_len);
    if (p->type > RIJN_ARGON2_ID || p->t_cost == 0 || out_len < RIJN_ARGON2_MIN_OUT ||
        salt_len < RIJN_ARGON2_MIN_SALT || over32(out_len) || over32(pwd_len) ||
        over32(salt_len) || over32(p->secret_len) || over32(p->ad_len) ||
        ((uintptr_t)work & 7) != 0)
        return RIJN_ERR_PARAM;
    return work_need(p, work_size, need);
}

/* B[lane][0..1] = H'^1024(H0 || LE32(j) || LE32(lane)) */
static int first_blocks(const rijn_i_argon2 *a, uint8_t hash0[72])
{
    uint32_t lane, j;
    size_t k;
    int r = RIJN_OK;
    for (lane = 0; r == RIJN_OK && lane < a->lanes; lane++) {
        for (j = 0; r == RIJN_OK && j < 2; j++) {
            size_t blk = (size_t)lane * (size_t)a->lane_len + (size_t)j;
            uint64_t *w = a->mem + blk * RIJN_I_ARGON2_WORDS;
            uint8_t *bytes = (uint8_t *)w;
            rijn_store32_le(hash0 + 64, j);
            rijn_store32_le(hash0 + 68, lane);
            r = hprime(bytes, RIJN_ARGON2_BLOCK_SIZE, hash0, 72, NULL, 0);
            for (k = 0; k < RIJN_I_ARGON2_WORDS; k++)
                w[k] = rijn_load64_le(bytes + 8 * k); /* reads word k before writing it */
        }
    }
    return r;
}

/* The tag: H' of C, the XOR of the last block of every lane (into lane
 * 0's last block). */
static int final_tag(const rijn_i_argon2 *a, uint8_t *out, size_t out_len)
{
    uint64_t *w = a->mem + ((size_t)a->lane_len - 1) * RIJN_I_ARGON2_WORDS;
    uint8_t *bytes = (uint8_t *)w;
    uint32_t lane;
    size_t k;
    int r;
    for (lane = 1; lane < a->lanes; lane++) {
        const uint64_t *o = w + (size_t)lane * (size_t)a->lane_len * RIJN_I_ARGON2_WORDS;
        for (k = 0; k < RIJN_I_ARGON2_WORDS; k++)
            w[k] ^= o[k];
    }
    for (k = 0; k < RIJN_I_ARGON2_WORDS; k++) {
        uint64_t v = w[k]; /* read word k, then overwrite its own bytes */
        rijn_store64_le(bytes + 8 * k, v);
    }
    r = hprime(out, (uint32_t)out_len, bytes, RIJN_ARGON2_BLOCK_SIZE, NULL, 0);
    if (r != RIJN_OK)
        memset(out, 0, out_len);
    return r;
}

/* rijn_argon2 with the fill's registry entry im (NULL: the default) */
static int run(const rijn_i_impl *im, const rijn_argon2_params *p, uint8_t *out, size_t out_len,
               const uint8_t *pwd, size_t pwd_len, const uint8_t *salt, size_t salt_len,
               void *work, size_t work_size)
{
    rijn_i_argon2 a;
    uint8_t hash0[72]; /* H0 || LE32(block) || LE32(lane) */
    size_t need = 0;
    int r;
    r = check_args(p, out, out_len, pwd, pwd_len, salt, salt_len, work, work_size, &need);
    if (r != RIJN_OK)
        return r;
    a.mem = (uint64_t *)work;
    a.impl = im;
    a.type = p->type;
    a.passes = p->t_cost;
    a.lanes = p->lanes;
    a.m_blocks = (uint32_t)(need / RIJN_ARGON2_BLOCK_SIZE);
    a.lane_len = a.m_blocks / a.lanes;
    a.seg_len = a.lane_len / 4;
    r = h0(hash0, p, p->m_cost_kib, (uint64_t)out_len, pwd, pwd_len, salt, salt_len);
    if (r == RIJN_OK)
        r = first_blocks(&a, hash0);
    if (r == RIJN_OK) {
        rijn_i_argon2_fill(&a);
        r = final_tag(&a, out, out_len);
    }
    rijn_i_hash_wipe(hash0, sizeof hash0);
    rijn_i_hash_wipe(work, need); /* memset + barrier: fast on 100s of MiB */
    return r;
}

int rijn_argon2(const rijn_argon2_params *p, uint8_t *out, size_t out_len, const uint8_t *pwd,
                size_t pwd_len, const uint8_t *salt, size_t salt_len, void *work,
                size_t work_size)
{
    return run(NULL, p, out, out_len, pwd, pwd_len, salt, salt_len, work, work_size);
}

int rijn_i_argon2_with(const char *impl, const rijn_argon2_params *p, uint8_t *out,
                       size_t out_len, const uint8_t *pwd, size_t pwd_len, const uint8_t *salt,
                       size_t salt_len, void *work, size_t work_size)
{
    size_t i;
    int r = rijn_i_reg_find(&rijn_i_argon2_registry, impl, &i);
    if (r != RIJN_OK)
        return r;
    return run(rijn_i_argon2_registry.impls[i], p, out, out_len, pwd, pwd_len, salt, salt_len,
               work, work_size);
}

static int simple(uint32_t type, uint8_t *out, size_t out_len, const uint8_t *pwd,
                  size_t pwd_len, const uint8_t *salt, size_t salt_len, uint32_t t_cost,
                  uint32_t m_cost_kib, uint32_t lanes, void *work, size_t work_size)
{
    rijn_argon2_params p;
    memset(&p, 0, sizeof p);
    p.type = type;
    p.t_cost = t_cost;
    p.m_cost_kib = m_cost_kib;
    p.lanes = lanes;
    return rijn_argon2(&p, out, out_len, pwd, pwd_len, salt, salt_len, work, work_size);
}

int rijn_argon2id(uint8_t *out, size_t out_len, const uint8_t *pwd, size_t pwd_len,
                  const uint8_t *salt, size_t salt_len, uint32_t t_cost, uint32_t m_cost_kib,
                  uint32_t lanes, void *work, size_t work_size)
{
    return simple(RIJN_ARGON2_ID, out, out_len, pwd, pwd_len, salt, salt_len, t_cost,
                  m_cost_kib, lanes, work, work_size);
}

int rijn_argon2i(uint8_t *out, size_t out_len, const uint8_t *pwd, size_t pwd_len,
                 const uint8_t *salt, size_t salt_len, uint32_t t_cost, uint32_t m_cost_kib,
                 uint32_t lanes, void *work, size_t work_size)
{
    return simple(RIJN_ARGON2_I, out, out_len, pwd, pwd_len, salt, salt_len, t_cost,
                  m_cost_kib, lanes, work, work_size);
}

int rijn_argon2d(uint8_t *out, size_t out_len, const uint8_t *pwd, size_t pwd_len,
                 const uint8_t *salt, size_t salt_len, uint32_t t_cost, uint32_t m_cost_kib,
                 uint32_t lanes, void *work, size_t work_size)
{
    return simple(RIJN_ARGON2_D, out, out_len, pwd, pwd_len, salt, salt_len, t_cost,
                  m_cost_kib, lanes, work, work_size);
}

#else
typedef int rijn_i_argon2_off; /* ISO C: no empty translation unit */
#endif
