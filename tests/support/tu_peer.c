/*
 * tu_peer.c -- the unpacked source tree of a peer package fetched by
 * scripts/fetch-peers.sh (Debian source packages whose test-vector files
 * the tests read; never committed). See testutil.h.
 *
 * Implementation notes: runs `bash $RIJN_TESTS_DIR/../scripts/fetch-peers.sh
 * <peer>` through popen and takes the directory from its
 * "<peer>\t<dir>\t<version>" line; any other output goes to stderr so a
 * failed download is explained in the test log.
 */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "testutil.h"

int tu_peer_dir(const char *peer, char *dir, size_t cap)
{
    const char *tests = getenv("RIJN_TESTS_DIR");
    char cmd[1200], line[1400];
    size_t pl = strlen(peer);
    FILE *p;

    if (tests == NULL || cap == 0 || pl > 64)
        return -1; /* RIJN_TESTS_DIR is set by ctest */
    dir[0] = 0;
    snprintf(cmd, sizeof cmd, "bash '%s/../scripts/fetch-peers.sh' %s 2>&1", tests, peer);
    p = popen(cmd, "r");
    if (p == NULL)
        return -1;
    while (fgets(line, sizeof line, p) != NULL) {
        int ours = strncmp(line, peer, pl) == 0 && line[pl] == '\t' && line[pl + 1] == '/';
        char *t2 = ours ? strchr(line + pl + 1, '\t') : NULL;
        if (t2 != NULL) {
            *t2 = 0;
            snprintf(dir, cap, "%s", line + pl + 1);
            printf("peer %s: %s, %s", peer, dir, t2 + 1); /* the version ends the line */
        } else {
            fputs(line, stderr);
        }
    }
    return pclose(p) == 0 && dir[0] ? 0 : -1;
}
