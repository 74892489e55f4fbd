/*
 * test_aes_force_thread.c -- rijn_aes_impl_force is per thread where the
 * platform has thread-local storage (RIJN_CFG_TLS, the default on hosted
 * systems): a class forced in one thread reaches that thread's key setups
 * (also the AES keys AEADs set up themselves) and no other thread's.
 *
 * Implementation notes
 *   Two threads each force a different class and run many key setups of a
 *   raw AES context and of a GCM context at the same time, checking after
 *   each that the context got their own thread's class; a third thread that
 *   forces nothing must keep the automatic choice throughout. With one
 *   process-wide choice (RIJN_CFG_TLS 0, or the old code) the threads
 *   overwrite each other and the checks fail within a few iterations.
 *   Then the binding: a GCM context keyed under one forced class keeps it
 *   when the thread forces another before sealing (the force is read at
 *   key setup only), and seals the same bytes as a context of the default.
 *   Needs two available classes (every x86-64 / AArch64 host build has
 *   ct64 plus another); exits 77 with the reason otherwise.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "rijn/aes.h"
#include "rijn/config.h"
#include "rijn/gcm.h"

#define ROUNDS 20000

typedef struct job {
    const char *force; /* NULL: force nothing, expect the default */
    const char *expect;
    int bad;
} job;

static void *run(void *arg)
{
    job *j = arg;
    static const uint8_t key[16] = {1, 2, 3};
    int i;
    if (j->force && rijn_aes_impl_force(j->force) != RIJN_OK) {
        j->bad = -1;
        return NULL;
    }
    for (i = 0; i < ROUNDS && j->bad == 0; i++) {
        rijn_aes_ctx a;
        rijn_gcm_ctx g;
        if (rijn_aes_init(&a, key, sizeof key) != RIJN_OK ||
            strcmp(rijn_aes_ctx_impl_name(&a), j->expect) != 0)
            j->bad = i + 1;
        if (rijn_gcm_init(&g, key, sizeof key) != RIJN_OK ||
            strcmp(rijn_aes_ctx_impl_name(&g.aes), j->expect) != 0)
            j->bad = i + 1;
        rijn_aes_wipe(&a);
        rijn_gcm_wipe(&g);
    }
    if (j->force && rijn_aes_impl_force(NULL) != RIJN_OK)
        j->bad = -1;
    return NULL;
}

/* A context keeps the class of its key setup: force a, key, force b, seal. */
static int bound_check(const char *a, const char *b)
{
    static const uint8_t key[16] = {9, 8, 7}, nonce[12] = {1};
    uint8_t msg[100], c1[100], c2[100], t1[16], t2[16];
    rijn_gcm_ctx g, d;
    int bad = 0;
    memset(msg, 0x5a, sizeof msg);
    if (rijn_aes_impl_force(a) != RIJN_OK || rijn_gcm_init(&g, key, sizeof key) != RIJN_OK ||
        rijn_aes_impl_force(b) != RIJN_OK)
        return printf("FAIL: force/init\n"), 1;
    if (rijn_gcm_seal(&g, c1, t1, 16, nonce, sizeof nonce, NULL, 0, msg, sizeof msg) != RIJN_OK ||
        strcmp(rijn_aes_ctx_impl_name(&g.aes), a) != 0) {
        printf("FAIL: a GCM context keyed under %s reports %s after forcing %s\n", a,
               rijn_aes_ctx_impl_name(&g.aes), b);
        bad = 1;
    }
    if (rijn_aes_impl_force(NULL) != RIJN_OK || rijn_gcm_init(&d, key, sizeof key) != RIJN_OK ||
        rijn_gcm_seal(&d, c2, t2, 16, nonce, sizeof nonce, NULL, 0, msg, sizeof msg) != RIJN_OK ||
        memcmp(c1, c2, sizeof c1) != 0 || memcmp(t1, t2, sizeof t1) != 0) {
        printf("FAIL: the bound context's output differs from the default's\n");
        bad = 1;
    }
    rijn_gcm_wipe(&g);
    rijn_gcm_wipe(&d);
    return bad;
}

int main(void)
{
    const char *def = rijn_aes_impl_name(rijn_aes_impl_default());
    const char *other[2] = {NULL, NULL};
    job jobs[3];
    pthread_t t[3];
    size_t i, n = 0;
    int fails = 0;
    if (!RIJN_CFG_TLS) {
        printf("SKIP: built without thread-local storage (RIJN_CFG_TLS 0)\n");
        return 77;
    }
    for (i = 0; i < rijn_aes_impl_count() && n < 2; i++) {
        const rijn_aes_impl *im = rijn_aes_impl_at(i);
        if (rijn_aes_impl_available(im) && strcmp(rijn_aes_impl_name(im), def) != 0)
            other[n++] = rijn_aes_impl_name(im);
    }
    if (n < 2) {
        printf("SKIP: fewer than three runnable AES classes here\n");
        return 77;
    }
    fails += bound_check(other[0], other[1]);
    jobs[0] = (job){other[0], other[0], 0};
    jobs[1] = (job){other[1], other[1], 0};
    jobs[2] = (job){NULL, def, 0};
    for (i = 0; i < 3; i++)
        if (pthread_create(&t[i], NULL, run, &jobs[i]) != 0)
            return printf("FAIL: pthread_create\n"), 1;
    for (i = 0; i < 3; i++) {
        pthread_join(t[i], NULL);
        if (jobs[i].bad) {
            printf("FAIL: thread %zu (force %s) saw another class at round %d\n", i,
                   jobs[i].force ? jobs[i].force : "nothing", jobs[i].bad);
            fails++;
        }
    }
    /* the main thread forced nothing: still the automatic choice */
    if (strcmp(rijn_aes_impl_name(rijn_aes_impl_default()), def) != 0) {
        printf("FAIL: the main thread's choice changed\n");
        fails++;
    }
    printf("%s: threads forced %s and %s, a third kept %s, %d key setups each\n",
           fails ? "FAIL" : "ok", other[0], other[1], def, ROUNDS);
    return fails != 0;
}
