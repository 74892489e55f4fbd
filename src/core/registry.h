/*
 * registry.h -- the one registry shape for every primitive that has
 * alternative implementations (ChaCha20, Poly1305, GHASH/POLYVAL, SHA-2,
 * SHA-3, X25519, the Argon2 fill; AES keeps its public class registry,
 * rijn/aes.h, which has the same shape).
 *
 * Implementation notes
 *   Descriptor: each implementation is a const struct whose FIRST member
 *   is a rijn_i_impl (name, the CPU features it needs, an optional extra
 *   availability predicate), followed by the function pointers of that
 *   primitive's interface. RIJN_I_IMPL_OF converts a registry entry back
 *   to the primitive's struct (a pointer to a struct and to its first
 *   member convert to each other, C99 6.7.2.1).
 *   Registry: a const array of entries in order of preference; the last
 *   entry is portable and runs everywhere. The primitive's code owns its
 *   array (it lists what is compiled in) and exports it as a
 *   rijn_i_registry for tests.
 *   Choice: "runs" = all needed RIJN_CPU_* bits are in rijn_i_cpu_features()
 *   (so RIJN_CPU_MASK is an availability filter) and the predicate, if any,
 *   says yes. The default is the first entry that runs. A keyed context
 *   binds its entry at init (an index kept in the context); primitives
 *   without a context resolve it per call from the cached CPU probe. No
 *   global mutable state beyond the probe's cache (core/cpu.c): nothing to
 *   force process-wide.
 *   Force by name (tests, benchmarks): each primitive has an internal
 *   rijn_i_<prim>_use(ctx, name) that rebinds a keyed context (or an
 *   explicit-implementation entry point for context-free primitives);
 *   unknown or not runnable names are RIJN_ERR_UNSUPPORTED.
 *   Everything here is inline: a build with one implementation per
 *   primitive (MCUs) links none of it on the default path.
 */
#ifndef RIJN_CORE_REGISTRY_H
#define RIJN_CORE_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpu.h"
#include "internal.h"

typedef struct rijn_i_impl {
    const char *name;
    uint32_t cpu;            /* RIJN_CPU_* bits it needs (all of them); 0: none */
    int (*available)(void);  /* a further check, NULL: none                   */
} rijn_i_impl;

typedef struct rijn_i_registry {
    const char *primitive;               /* "chacha20", "poly1305", ...      */
    const rijn_i_impl *const *impls;     /* preference order, portable last */
    size_t count;
} rijn_i_registry;

/* the primitive's descriptor of a registry entry (base is its first member) */
#define RIJN_I_IMPL_OF(type, entry) ((const type *)(const void *)(entry))

/* Does im run on this CPU (after RIJN_CPU_MASK)? */
RIJN_INLINE int rijn_i_impl_runs(const rijn_i_impl *im)
{
    return im != NULL && (rijn_i_cpu_features_fast() & im->cpu) == im->cpu &&
           (im->available == NULL || im->available());
}

/* Index of the first entry that runs (the last when none claims to). */
RIJN_INLINE size_t rijn_i_reg_default(const rijn_i_impl *const *impls, size_t count)
{
    size_t i;
    /* the last entry is not asked: with one entry nothing is probed */
    for (i = 0; i + 1 < count; i++)
        if (rijn_i_impl_runs(impls[i]))
            return i;
    return count - 1;
}

RIJN_INLINE int rijn_i_same_name(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

/* *idx = the entry called name ("auto" or NULL: the default).
 * RIJN_ERR_UNSUPPORTED when no entry has that name or it does not run. */
RIJN_INLINE int rijn_i_reg_find(const rijn_i_registry *reg, const char *name, size_t *idx)
{
    size_t i;
    if (name == NULL || rijn_i_same_name(name, "auto")) {
        *idx = rijn_i_reg_default(reg->impls, reg->count);
        return RIJN_OK;
    }
    for (i = 0; i < reg->count; i++) {
        if (rijn_i_same_name(reg->impls[i]->name, name)) {
            if (!rijn_i_impl_runs(reg->impls[i]))
                return RIJN_ERR_UNSUPPORTED;
            *idx = i;
            return RIJN_OK;
        }
    }
    return RIJN_ERR_UNSUPPORTED;
}

#endif
