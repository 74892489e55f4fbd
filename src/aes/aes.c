/*
 * aes.c -- the AES dispatcher: argument checks, implementation registry,
 * run-time choice. The implementations live in aes_<name>.c.
 *
 * Implementation notes
 *   Single class: when exactly one class is compiled in (or with
 *   RIJN_CFG_AES_SINGLE=1), the default is that class without the
 *   registry walk, the availability probe or the cached choice: the
 *   smallest image for flash-bound MCUs (the registry API still works).
 *   Availability is probed by rijn_aes_init_impl only, so the automatic
 *   key setup does not link the probe.
 */
#include "aes_i.h"
#include "core/cpu.h"
#include "internal.h"

static const rijn_aes_impl *const impls[] = {
#if RIJN_CFG_AES_X86NI
    &rijn_i_aes_x86ni_vaes512, /* the widest vector path the CPU runs first */
    &rijn_i_aes_x86ni_vaes256,
    &rijn_i_aes_x86ni,
#endif
#if RIJN_CFG_AES_ARMCE
    &rijn_i_aes_armce,
#endif
#if RIJN_CFG_AES_RVK
    &rijn_i_aes_rvk, /* compiled in only for a -march with Zkne + Zknd */
#endif
#if RIJN_CFG_AES_NEONBS
    &rijn_i_aes_neonbs, /* before ct64: the constant-time default on AArch64 without AES */
#endif
#if RIJN_CFG_AES_BS256
    &rijn_i_aes_bs256, /* before ct64: the constant-time default with AVX2 */
#endif
#if RIJN_CFG_AES_CT64
    &rijn_i_aes_ct64,
#endif
#if RIJN_CFG_AES_AVR
    &rijn_i_aes_avr, /* the default on AVR */
#endif
#if RIJN_CFG_AES_TTABLE
    &rijn_i_aes_ttable, /* the default on cache-less cores (Cortex-M0..M33, RV32) */
#endif
#if RIJN_CFG_AES_CT32ASM
    &rijn_i_aes_ct32asm, /* before ct32: the default on Cortex-M3/M4/M33 */
#endif
#if RIJN_CFG_AES_CT32V6M
    &rijn_i_aes_ct32v6m, /* before ct32: the default on Cortex-M0/M0+/M23 */
#endif
#if RIJN_CFG_AES_CT32
    &rijn_i_aes_ct32,
#endif
#if RIJN_CFG_AES_SMALL
    &rijn_i_aes_small,
#endif
};
#define NIMPLS (sizeof impls / sizeof impls[0])

/* Set only by rijn_aes_impl_force, per thread where the platform has
 * thread-local storage (RIJN_CFG_TLS): a test that forces a class in one
 * thread changes no other thread's key setups, and there is no race. */
#if RIJN_CFG_TLS && defined(_MSC_VER)
#define RIJN_I_TLS __declspec(thread)
#elif RIJN_CFG_TLS && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define RIJN_I_TLS _Thread_local
#elif RIJN_CFG_TLS
#define RIJN_I_TLS __thread
#else
#define RIJN_I_TLS
#endif
static RIJN_I_TLS const rijn_aes_impl *forced;

size_t rijn_aes_impl_count(void)
{
    return NIMPLS;
}

const rijn_aes_impl *rijn_aes_impl_at(size_t i)
{
    return i < NIMPLS ? impls[i] : NULL;
}

const char *rijn_aes_impl_name(const rijn_aes_impl *impl)
{
    return impl != NULL ? impl->name : "none";
}

unsigned rijn_aes_impl_flags(const rijn_aes_impl *impl)
{
    return impl != NULL ? impl->flags : 0u;
}

int rijn_aes_impl_available(const rijn_aes_impl *impl)
{
    if (impl == NULL)
        return 0;
    return impl->available == NULL || impl->available();
}

static int same_name(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

int rijn_aes_impl_get(const char *name, const rijn_aes_impl **impl)
{
    size_t i;
    RIJN_CHECK_PTR(impl);
    *impl = NULL;
    RIJN_CHECK_PTR(name);
    for (i = 0; i < NIMPLS; i++) {
        if (same_name(impls[i]->name, name)) {
            if (!rijn_aes_impl_available(impls[i]))
                return RIJN_ERR_UNSUPPORTED;
            *impl = impls[i];
            return RIJN_OK;
        }
    }
    return RIJN_ERR_UNSUPPORTED;
}

#if RIJN_CFG_AES_SINGLE
/* One class: it is the choice (choose() would return it whether or not it
 * is available, and rijn_aes_impl_force can only force it). */
const rijn_aes_impl *rijn_aes_impl_default(void)
{
    return impls[0];
}
#else
static const rijn_aes_impl *choose(void)
{
    size_t i;
    /* Prefer constant-time classes; "small" only when it is all we have. */
    for (i = 0; i < NIMPLS; i++)
        if ((impls[i]->flags & RIJN_AES_IMPL_CONSTTIME) && rijn_aes_impl_available(impls[i]))
            return impls[i];
    for (i = 0; i < NIMPLS; i++)
        if (rijn_aes_impl_available(impls[i]))
            return impls[i];
    return impls[NIMPLS - 1];
}

/* The automatic choice depends only on the CPU probe (itself done once),
 * so it is made once too: key setup then costs no registry walk. */
static const rijn_aes_impl *chosen;

const rijn_aes_impl *rijn_aes_impl_default(void)
{
    const rijn_aes_impl *p = forced;
    if (p != NULL)
        return p;
    p = chosen;
    if (p == NULL) {
        p = choose();
        chosen = p;
    }
    return p;
}
#endif

int rijn_aes_impl_force(const char *name)
{
    const rijn_aes_impl *p;
    int r;
    if (name == NULL || same_name(name, "auto")) {
        forced = NULL;
        return RIJN_OK;
    }
    r = rijn_aes_impl_get(name, &p);
    if (r != RIJN_OK)
        return r;
    forced = p;
    return RIJN_OK;
}

static int key_ok(size_t key_len)
{
    return key_len == 16 || (RIJN_CFG_AES_192 && key_len == 24) ||
           (RIJN_CFG_AES_256 && key_len == 32);
}

/* avail: impl runs here (the default choice, or probed by the caller). */
static int setup(rijn_aes_ctx *ctx, const rijn_aes_impl *impl, const uint8_t *key,
                 size_t key_len, unsigned dirs, int avail)
{
    RIJN_CHECK_PTR(ctx);
    ctx->impl = NULL;
    ctx->rounds = 0;
    ctx->dirs = 0;
    RIJN_CHECK_PTR(key);
    if (!key_ok(key_len))
        return RIJN_ERR_KEY_LEN;
    if (impl == NULL || !avail || RIJN_I_FAULT_KEY())
        return RIJN_ERR_UNSUPPORTED;
    if (!RIJN_CFG_AES_DECRYPT || impl->decrypt == NULL)
        dirs &= ~RIJN_I_DIR_DEC;
    impl->setkey(ctx->ks, key, key_len, dirs);
#if RIJN_I_AES_HOOKS
    /* the class's alternate one-shot entries, when this CPU runs them */
    /* and its vector paths (RIJN_I_DIR_W256 / W512) */
    if ((impl->alt_cpu | impl->w256_cpu | impl->w512_cpu) != 0) {
        uint32_t f = rijn_i_cpu_features();
        if (impl->alt_cpu != 0 && (f & impl->alt_cpu) == impl->alt_cpu)
            dirs |= RIJN_I_DIR_ALT;
        if (impl->w256_cpu != 0 && (f & impl->w256_cpu) == impl->w256_cpu)
            dirs |= RIJN_I_DIR_W256;
        if (impl->w512_cpu != 0 && (f & impl->w512_cpu) == impl->w512_cpu)
            dirs |= RIJN_I_DIR_W512;
    }
#endif
    ctx->impl = impl;
    ctx->rounds = (uint32_t)(key_len / 4 + 6);
    ctx->dirs = dirs;
    return RIJN_OK;
}

/* The default class runs here: choose() probed it, except for a single
 * class; of those only ttable has a probe (SCB->CPUID on ARMv7E-M and
 * ARMv8-M mainline: a build for a Cortex-M4 run on a cached M7 fails key
 * setup rather than using SRAM tables behind a data cache). */
#if RIJN_CFG_AES_SINGLE && RIJN_CFG_AES_TTABLE && RIJN_CFG_AES_TTABLE_CPUID
#define DEFAULT_RUNS(p) rijn_aes_impl_available(p)
#else
#define DEFAULT_RUNS(p) 1
#endif

int rijn_aes_init(rijn_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
    const rijn_aes_impl *p = rijn_aes_impl_default();
    return setup(ctx, p, key, key_len, RIJN_I_DIR_ENC | RIJN_I_DIR_DEC, DEFAULT_RUNS(p));
}

int rijn_aes_init_enc(rijn_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
    const rijn_aes_impl *p = rijn_aes_impl_default();
    return setup(ctx, p, key, key_len, RIJN_I_DIR_ENC, DEFAULT_RUNS(p));
}

int rijn_aes_init_impl(rijn_aes_ctx *ctx, const rijn_aes_impl *impl, const uint8_t *key,
                       size_t key_len)
{
    return setup(ctx, impl, key, key_len, RIJN_I_DIR_ENC | RIJN_I_DIR_DEC,
                 rijn_aes_impl_available(impl));
}

/* Inlined into rijn_aes_encrypt_blocks: an encrypt-only image then links
 * one function for the block call. */
RIJN_INLINE int check_enc(const rijn_aes_ctx *ctx)
{
    RIJN_CHECK_PTR(ctx);
    if (ctx->impl == NULL || !(ctx->dirs & RIJN_I_DIR_ENC))
        return RIJN_ERR_STATE;
    return RIJN_OK;
}

int rijn_i_aes_check_enc(const rijn_aes_ctx *ctx)
{
    return check_enc(ctx);
}

int rijn_i_aes_check_dec(const rijn_aes_ctx *ctx)
{
    RIJN_CHECK_PTR(ctx);
    if (!RIJN_CFG_AES_DECRYPT)
        return RIJN_ERR_UNSUPPORTED;
    if (ctx->impl == NULL || !(ctx->dirs & RIJN_I_DIR_DEC))
        return RIJN_ERR_STATE;
    return RIJN_OK;
}

int rijn_aes_encrypt_blocks(const rijn_aes_ctx *ctx, uint8_t *out, const uint8_t *in,
                            size_t nblocks)
{
    int r = check_enc(ctx);
    if (r != RIJN_OK)
        return r;
    RIJN_CHECK_BUF(out, nblocks);
    RIJN_CHECK_BUF(in, nblocks);
    if (nblocks > SIZE_MAX / 16)
        return RIJN_ERR_LENGTH;
    if (out != in && rijn_overlaps(out, nblocks * 16, in, nblocks * 16))
        return RIJN_ERR_PARAM;
    rijn_i_aes_enc(ctx, out, in, nblocks);
    return RIJN_OK;
}

int rijn_aes_decrypt_blocks(const rijn_aes_ctx *ctx, uint8_t *out, const uint8_t *in,
                            size_t nblocks)
{
    int r = rijn_i_aes_check_dec(ctx);
    if (r != RIJN_OK)
        return r;
    RIJN_CHECK_BUF(out, nblocks);
    RIJN_CHECK_BUF(in, nblocks);
    if (nblocks > SIZE_MAX / 16)
        return RIJN_ERR_LENGTH;
    if (out != in && rijn_overlaps(out, nblocks * 16, in, nblocks * 16))
        return RIJN_ERR_PARAM;
    rijn_i_aes_dec(ctx, out, in, nblocks);
    return RIJN_OK;
}

void rijn_aes_wipe(rijn_aes_ctx *ctx)
{
    rijn_wipe(ctx, sizeof *ctx);
}

const char *rijn_aes_ctx_impl_name(const rijn_aes_ctx *ctx)
{
    return ctx != NULL ? rijn_aes_impl_name(ctx->impl) : "none";
}
