/*
 * trace_stream.h -- the AES-128 groups of trace_main.c (OP_K128 on;
 * included once by it, after its statics): the streaming APIs, the AAD as
 * the secret, the inverse-cipher key wraps, CTS one-shot with CS2, and on
 * a64 (TRACE_WIDE) GCM and GCM-SIV on GHASH's ct32 entry.
 *
 * With TRACE_STREAM (the 32-bit targets and a64): CTR streaming (reset,
 * 13 + 35 bytes), GCM and CCM streaming (start, two updates, final), the
 * block modes' streaming (CBC, ECB, CTS CS2 both ways, CBC-PKCS#7: its
 * decryption with a random valid padding, so the final's length is
 * secret), OFB and CFB128/8/1 streaming, GCM's and CCM's AAD; with
 * TRACE_EXTRA (the same targets) the others (EAX and OCB streaming, the
 * AAD of EAX, OCB, GCM-SIV and SIV, GCM with the AAD and the message
 * secret, the _inv key wraps, CTS CS2 one-shot). AES-128 only: their code
 * is the mode's; the cipher's key sizes are traced one-shot. On a64
 * all_keys() runs every streaming and AAD group with AES-192 and AES-256
 * too, and GCM seal with the AAD and the message secret at once
 * (gcm_aad_msg: 29 + 19 bytes).
 *
 * Block modes (bctx): reset, updates of 13 and len - 13, final; stream
 * modes (sctx) reset and two updates: 13 + 35 bytes, CFB8 2 + 1 (cfb.c
 * runs each update as one batch below RIJN_I_MODE_WIDE, decryption one
 * 2-block and one 1-block call of the class, encryption one-block calls;
 * 2 + 3 ran the same code with two AES calls more, 17 bytes made the two
 * groups 1.9% of the instructions traced at -O0, 8 1.2%), CFB1 one byte
 * in one update (8 AES calls; 1 + 1 bytes made the two groups 2.2%, 3
 * bytes 2.6%). The AEADs' streaming
 * (CCM, EAX, OCB): 13 + 19 bytes (the buffered partial block, a whole one
 * across the calls, a partial last one; 48 made CCM, EAX and OCB's six
 * groups 4.1% of the instructions traced at -O0). The AAD groups: 29
 * bytes of AAD (a whole block and a partial one; 48, three whole blocks,
 * made the seven 2.9%) and an empty message.
 */
#define AS_LEN 32u
#define AAD_LEN 29u
#define CFB8S_LEN 3u
#define CFB1S_LEN 1u
/* An AEAD's streaming calls: start (the expression), updates of 13 and
 * len - 13 bytes, final */
#define AEAD_STREAM(r, api, c, start, dir, len)                                   \
    do {                                                                          \
        (r) = (start);                                                            \
        (r) |= api##_##dir##_update(c, out, in, 13);                              \
        (r) |= api##_##dir##_update(c, out + 13, in + 13, (len) - 13);            \
        (r) |= api##_##dir##_final(c, tag, 16);                                   \
    } while (0)

/* Never live at once: one union (the 32-bit images' 16 KiB of RAM) */
static union {
    rijn_ctr_ctx s;   /* the stream modes */
    rijn_block_ctx b; /* the block modes */
} mctx;
#define sctx mctx.s
#define bctx mctx.b
#define ssched (&mctx.s.aes) /* the stream context's encrypt-only schedule */

static int bstream(size_t len)
{
    size_t a = 0, b = 0, c = 0;
    int r = rijn_block_reset(&bctx, iv);
    r |= rijn_block_update(&bctx, out, 48, &a, in, 13);
    r |= rijn_block_update(&bctx, out + a, 48 - a, &b, in + 13, len - 13);
    r |= rijn_block_final(&bctx, out + a + b, 48 - a - b, &c);
    olen = a + b + c;
    return r;
}

static int sstream(size_t len, size_t s)
{
    int r = rijn_stream_reset(&sctx, iv);
    r |= rijn_stream_update(&sctx, out, in, s);
    if (s < len)
        r |= rijn_stream_update(&sctx, out + s, in + s, len - s);
    return r;
}

/* On a64 the groups traced with every key size: every streaming and AAD
 * group (OP_K128 .. OP_GCM_AADMSG in the enum); the key wraps' _inv, GCM
 * and GCM-SIV on GHASH ct32 and CTS CS2 one-shot with AES-128 only */
static int all_keys(int op)
{
#if TRACE_WIDE
    return op <= OP_GCM_AADMSG;
#else
    (void)op;
    return 0;
#endif
}

#if TRACE_EXTRA
/* OCB's (its updates and final write out_len bytes; olen their sum) */
#define OCB_STREAM(r, dir)                                                                \
    do {                                                                                  \
        size_t a_ = 0, b_ = 0, c_ = 0;                                                    \
        (r) = rijn_ocb_start(&ocb, iv, 12, 16);                                           \
        (r) |= rijn_ocb_##dir##_update(&ocb, out, 48, &a_, in, 13);                       \
        (r) |= rijn_ocb_##dir##_update(&ocb, out + a_, 48 - a_, &b_, in + 13, AS_LEN - 13); \
        (r) |= rijn_ocb_##dir##_final(&ocb, out + a_ + b_, 48 - a_ - b_, &c_, tag, 16);   \
        olen = a_ + b_ + c_;                                                              \
    } while (0)

/* The TRACE_EXTRA AES-128 groups, inside traced()'s region */
static int traced_extra128(int op)
{
    int r = RIJN_ERR_PARAM;
    switch (op) {
    case OP_EAXS_SEAL:
        AEAD_STREAM(r, rijn_eax, &eax, rijn_eax_start(&eax, iv, 16), encrypt, AS_LEN);
        break;
    case OP_EAXS_OPEN:
        AEAD_STREAM(r, rijn_eax, &eax, rijn_eax_start(&eax, iv, 16), decrypt, AS_LEN);
        break;
    case OP_OCBS_SEAL: OCB_STREAM(r, encrypt); break;
    case OP_OCBS_OPEN: OCB_STREAM(r, decrypt); break;
    /* the AAD (AAD_LEN bytes) the secret, an empty message */
    case OP_EAX_AAD: r = rijn_eax_seal(&eax, out, tag, 16, iv, 16, in, AAD_LEN, out, 0); break;
    case OP_OCB_AAD: r = rijn_ocb_seal(&ocb, out, tag, 16, iv, 12, in, AAD_LEN, out, 0); break;
    case OP_SIV_AAD: r = rijn_gcmsiv_seal(&siv, out, tag, 16, iv, 12, in, AAD_LEN, out, 0); break;
    case OP_AESSIV_AAD: r = rijn_siv_seal(&aessiv, out, tag, 16, iv, 16, in, AAD_LEN, out, 0); break;
    case OP_GCM_AADMSG: /* the AAD and the message secret in one call */
        r = rijn_gcm_seal(&gcm, out, tag, 16, iv, 12, in, AAD_LEN, in + AAD_LEN, 48 - AAD_LEN);
        break;
    case OP_KW_WRAP_INV: r = rijn_kw_wrap_inv(&ctx, out, 48, &olen, in, 16); break;
    case OP_KW_UNWRAP_INV: r = rijn_kw_unwrap_inv(&ctx, out, 48, &olen, in, 24); break;
    case OP_KWP_WRAP_INV: r = rijn_kwp_wrap_inv(&ctx, out, 48, &olen, in, KWP_LEN); break;
    case OP_KWP_UNWRAP_INV: r = rijn_kwp_unwrap_inv(&ctx, out, 8, &olen, in, 16); break;
    case OP_CTS2_ENC: r = rijn_cbc_cts_encrypt(&ctx, RIJN_CTS_CS2, iv, out, in, CTS_LEN); break;
    case OP_CTS2_DEC: r = rijn_cbc_cts_decrypt(&ctx, RIJN_CTS_CS2, iv, out, in, CTS_LEN); break;
    default: break;
    }
    return r;
}
#endif

/* The AES-128 groups (OP_K128 on), inside traced()'s region */
static int traced_k128(int op)
{
    int r = RIJN_ERR_PARAM;
    switch (op) {
    case OP_CTR_STREAM: case OP_OFBS: case OP_CFBS_ENC: case OP_CFBS_DEC:
        r = sstream(48, 13);
        break;
    case OP_CFB8S_ENC: case OP_CFB8S_DEC: r = sstream(CFB8S_LEN, 2); break;
    case OP_CFB1S_ENC: case OP_CFB1S_DEC: r = sstream(CFB1S_LEN, CFB1S_LEN); break;
    case OP_PADS_ENC: r = bstream(PAD_LEN); break;
    case OP_CTS2S_ENC: case OP_CTS2S_DEC: r = bstream(CTS_LEN); break;
    case OP_GCMS_SEAL:
        AEAD_STREAM(r, rijn_gcm, &gcm, rijn_gcm_start(&gcm, iv, 12), encrypt, 48);
        break;
    case OP_GCMS_OPEN:
        AEAD_STREAM(r, rijn_gcm, &gcm, rijn_gcm_start(&gcm, iv, 12), decrypt, 48);
        break;
    case OP_CBCS_ENC: case OP_CBCS_DEC: case OP_PADS_DEC: case OP_ECBS_ENC: case OP_ECBS_DEC:
        r = bstream(48);
        break;
    case OP_CCMS_SEAL:
        AEAD_STREAM(r, rijn_ccm, &ccm, rijn_ccm_start(&ccm, iv, 13, 0, AS_LEN, 16), encrypt,
                    AS_LEN);
        break;
    case OP_CCMS_OPEN:
        AEAD_STREAM(r, rijn_ccm, &ccm, rijn_ccm_start(&ccm, iv, 13, 0, AS_LEN, 16), decrypt,
                    AS_LEN);
        break;
    /* the AAD (AAD_LEN bytes) the secret, an empty message */
    case OP_GCM_AAD: r = rijn_gcm_seal(&gcm, out, tag, 16, iv, 12, in, AAD_LEN, out, 0); break;
    case OP_CCM_AAD: r = rijn_ccm_seal(&ccm, out, tag, 16, iv, 13, in, AAD_LEN, out, 0); break;
    default:
#if TRACE_EXTRA
        r = traced_extra128(op);
#endif
        break;
    }
    return r;
}

/* The contexts of the AES-128 groups (keyed outside the regions) */
static int k128_setup(int op, size_t klen)
{
    switch (op) {
    case OP_CTR_STREAM: return rijn_ctr_init(&sctx, key, klen, iv);
    case OP_GCMS_SEAL: case OP_GCMS_OPEN: case OP_GCM_AAD: return rijn_gcm_init(&gcm, key, klen);
    case OP_CBCS_ENC: return rijn_cbc_encrypt_init(&bctx, key, klen, iv);
    case OP_CBCS_DEC: return rijn_cbc_decrypt_init(&bctx, key, klen, iv);
    case OP_PADS_DEC: return rijn_cbc_pad_decrypt_init(&bctx, key, klen, iv);
    case OP_CCMS_SEAL: case OP_CCMS_OPEN: case OP_CCM_AAD: return rijn_ccm_init(&ccm, key, klen);
    case OP_PADS_ENC: return rijn_cbc_pad_encrypt_init(&bctx, key, klen, iv);
    case OP_CTS2S_ENC: return rijn_cbc_cts_encrypt_init(&bctx, RIJN_CTS_CS2, key, klen, iv);
    case OP_CTS2S_DEC: return rijn_cbc_cts_decrypt_init(&bctx, RIJN_CTS_CS2, key, klen, iv);
    case OP_OFBS: return rijn_ofb_init(&sctx, key, klen, iv);
    case OP_CFBS_ENC: return rijn_cfb128_encrypt_init(&sctx, key, klen, iv);
    case OP_CFBS_DEC: return rijn_cfb128_decrypt_init(&sctx, key, klen, iv);
    case OP_CFB8S_ENC: return rijn_cfb8_encrypt_init(&sctx, key, klen, iv);
    case OP_CFB8S_DEC: return rijn_cfb8_decrypt_init(&sctx, key, klen, iv);
    case OP_CFB1S_ENC: return rijn_cfb1_encrypt_init(&sctx, key, klen, iv);
    case OP_CFB1S_DEC: return rijn_cfb1_decrypt_init(&sctx, key, klen, iv);
    case OP_ECBS_ENC: return rijn_ecb_encrypt_init(&bctx, key, klen);
    case OP_ECBS_DEC: return rijn_ecb_decrypt_init(&bctx, key, klen);
#if TRACE_EXTRA
    case OP_EAXS_SEAL: case OP_EAXS_OPEN: case OP_EAX_AAD: return rijn_eax_init(&eax, key, klen);
    case OP_OCBS_SEAL: case OP_OCBS_OPEN: case OP_OCB_AAD: return rijn_ocb_init(&ocb, key, klen);
    case OP_SIV_AAD: return rijn_gcmsiv_init(&siv, key, klen);
    case OP_GCM_AADMSG: return rijn_gcm_init(&gcm, key, klen);
    case OP_AESSIV_AAD:
        fill(xkey, 2 * klen);
        return rijn_siv_init(&aessiv, xkey, 2 * klen);
#endif
    default: return RIJN_OK;
    }
}

#if TRACE_EXTRA
/* The inverses of the TRACE_EXTRA AES-128 groups */
static int inverse_extra128(int op)
{
    size_t n = 0;
    int r = RIJN_ERR_PARAM;
    switch (op) {
    case OP_CTS2_ENC: return rijn_cbc_cts_decrypt(&ctx, RIJN_CTS_CS2, iv, back, out, CTS_LEN);
    case OP_CTS2_DEC: return rijn_cbc_cts_encrypt(&ctx, RIJN_CTS_CS2, iv, back, out, CTS_LEN);
    case OP_EAXS_SEAL: return rijn_eax_open(&eax, back, tag, 16, iv, 16, NULL, 0, out, AS_LEN);
    case OP_EAXS_OPEN: return rijn_eax_seal(&eax, back, tag, 16, iv, 16, NULL, 0, out, AS_LEN);
    case OP_OCBS_SEAL:
        return olen != AS_LEN ? r : rijn_ocb_open(&ocb, back, tag, 16, iv, 12, NULL, 0, out, AS_LEN);
    case OP_OCBS_OPEN: return rijn_ocb_seal(&ocb, back, tag, 16, iv, 12, NULL, 0, out, AS_LEN);
    case OP_KW_WRAP_INV:
        r = rijn_kw_unwrap_inv(&ctx, back, 48, &n, out, 24);
        return olen != 24 || n != 16 ? RIJN_ERR_PARAM : r;
    case OP_KW_UNWRAP_INV:
        r = rijn_kw_wrap_inv(&ctx, back, 48, &n, out, 16);
        return olen != 16 || n != 24 ? RIJN_ERR_PARAM : r;
    case OP_KWP_WRAP_INV:
        r = rijn_kwp_unwrap_inv(&ctx, back, 48, &n, out, 16);
        return olen != 16 || n != KWP_LEN ? RIJN_ERR_PARAM : r;
    case OP_KWP_UNWRAP_INV:
        r = rijn_kwp_wrap_inv(&ctx, back, 48, &n, out, olen);
        return olen != want_len || n != 16 ? RIJN_ERR_PARAM : r;
    default: break;
    }
    memcpy(back, in, 48); /* the AAD groups: the tag must verify */
    switch (op) {
    case OP_EAX_AAD: return rijn_eax_open(&eax, out, tag, 16, iv, 16, in, AAD_LEN, out, 0);
    case OP_OCB_AAD: return rijn_ocb_open(&ocb, out, tag, 16, iv, 12, in, AAD_LEN, out, 0);
    case OP_SIV_AAD: return rijn_gcmsiv_open(&siv, out, tag, 16, iv, 12, in, AAD_LEN, out, 0);
    case OP_AESSIV_AAD: return rijn_siv_open(&aessiv, out, tag, 16, iv, 16, in, AAD_LEN, out, 0);
    case OP_GCM_AADMSG: /* back: the AAD, then the message opened */
        memcpy(back, in, AAD_LEN);
        return rijn_gcm_open(&gcm, back + AAD_LEN, tag, 16, iv, 12, in, AAD_LEN, out,
                             48 - AAD_LEN);
    default: return RIJN_ERR_PARAM;
    }
}
#endif

/* The AES-128 groups that need no ctx (trace_main.c own_ctx): the stream
 * modes (their inverses on sctx's schedule, ssched) and the AEADs but for
 * the TRACE_EXTRA ones */
static int k128_own_ctx(int op)
{
    switch (op) {
    case OP_CTR_STREAM: case OP_OFBS: case OP_CFBS_ENC: case OP_CFBS_DEC: case OP_CFB8S_ENC:
    case OP_CFB8S_DEC: case OP_CFB1S_ENC: case OP_CFB1S_DEC: case OP_GCMS_SEAL: case OP_GCMS_OPEN:
    case OP_CCMS_SEAL: case OP_CCMS_OPEN: case OP_GCM_AAD: case OP_CCM_AAD:
#if TRACE_EXTRA
    case OP_GCM_AADMSG:
#endif
        return 1;
    default: return 0;
    }
}

/* The inverses of the AES-128 groups (one-shot calls; lengths checked) */
static int inverse_k128(int op)
{
    size_t n = 0;
    int r = RIJN_ERR_PARAM;
    switch (op) {
    case OP_CTR_STREAM: return rijn_ctr_crypt(ssched, iv, back, out, 48);
    case OP_GCMS_SEAL: return rijn_gcm_open(&gcm, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_GCMS_OPEN: return rijn_gcm_seal(&gcm, back, tag, 16, iv, 12, NULL, 0, out, 48);
    case OP_CBCS_ENC: return olen != 48 ? r : rijn_cbc_decrypt(&ctx, iv, back, out, 48);
    case OP_CBCS_DEC: return olen != 48 ? r : rijn_cbc_encrypt(&ctx, iv, back, out, 48);
    case OP_PADS_DEC: /* back: in again when out holds its want_len bytes */
        r = rijn_cbc_pad_encrypt(&ctx, iv, back, 48, &n, out, olen);
        return olen != want_len || n != 48 ? RIJN_ERR_PARAM : r;
    case OP_PADS_ENC:
        r = rijn_cbc_pad_decrypt(&ctx, iv, back, 48, &n, out, 48);
        return olen != 48 || n != PAD_LEN ? RIJN_ERR_PARAM : r;
    case OP_CTS2S_ENC:
        return olen != CTS_LEN ? r : rijn_cbc_cts_decrypt(&ctx, RIJN_CTS_CS2, iv, back, out, CTS_LEN);
    case OP_CTS2S_DEC:
        return olen != CTS_LEN ? r : rijn_cbc_cts_encrypt(&ctx, RIJN_CTS_CS2, iv, back, out, CTS_LEN);
    case OP_OFBS: return rijn_ofb_crypt(ssched, iv, back, out, 48);
    case OP_CFBS_ENC: return rijn_cfb128_decrypt(ssched, iv, back, out, 48);
    case OP_CFBS_DEC: return rijn_cfb128_encrypt(ssched, iv, back, out, 48);
    case OP_CFB8S_ENC: return rijn_cfb8_decrypt(ssched, iv, back, out, CFB8S_LEN);
    case OP_CFB8S_DEC: return rijn_cfb8_encrypt(ssched, iv, back, out, CFB8S_LEN);
    case OP_CFB1S_ENC: return rijn_cfb1_decrypt_bits(ssched, iv, back, out, 8 * CFB1S_LEN);
    case OP_CFB1S_DEC: return rijn_cfb1_encrypt_bits(ssched, iv, back, out, 8 * CFB1S_LEN);
    case OP_ECBS_ENC: return olen != 48 ? r : rijn_ecb_decrypt(&ctx, back, out, 48);
    case OP_ECBS_DEC: return olen != 48 ? r : rijn_ecb_encrypt(&ctx, back, out, 48);
    case OP_CCMS_SEAL: return rijn_ccm_open(&ccm, back, tag, 16, iv, 13, NULL, 0, out, AS_LEN);
    case OP_CCMS_OPEN: return rijn_ccm_seal(&ccm, back, tag, 16, iv, 13, NULL, 0, out, AS_LEN);
    case OP_GCM_AAD:
        memcpy(back, in, 48); /* the tag must verify */
        return rijn_gcm_open(&gcm, out, tag, 16, iv, 12, in, AAD_LEN, out, 0);
    case OP_CCM_AAD:
        memcpy(back, in, 48);
        return rijn_ccm_open(&ccm, out, tag, 16, iv, 13, in, AAD_LEN, out, 0);
    default:
#if TRACE_EXTRA
        return inverse_extra128(op);
#else
        return r;
#endif
    }
}

/* The bytes of in that the inverse gives back into back */
static size_t k128_len(int op)
{
    switch (op) {
    case OP_CCMS_SEAL: case OP_CCMS_OPEN: return AS_LEN;
    case OP_PADS_ENC: case OP_CTS2S_ENC: case OP_CTS2S_DEC: return PAD_LEN; /* = CTS_LEN */
    case OP_CFB8S_ENC: case OP_CFB8S_DEC: return CFB8S_LEN;
    case OP_CFB1S_ENC: case OP_CFB1S_DEC: return CFB1S_LEN;
#if TRACE_EXTRA
    case OP_CTS2_ENC: case OP_CTS2_DEC: return CTS_LEN;
    case OP_EAXS_SEAL: case OP_EAXS_OPEN: case OP_OCBS_SEAL: case OP_OCBS_OPEN: return AS_LEN;
    case OP_KW_WRAP_INV: return 16;
    case OP_KWP_WRAP_INV: return KWP_LEN;
    case OP_KW_UNWRAP_INV: return 24;
    case OP_KWP_UNWRAP_INV: return 16;
#endif
    default: return 48;
    }
}
