/*
 * test_status_text.c -- rijn_strerror and rijn_strerror_P: a distinct,
 * non-empty text for every status code, "unknown status" for anything
 * else, and the _P variant giving the same text (on hosts it is the same
 * address space; the AVR flash copy is compared on the target by
 * mcu/test/mcu_test.c, and its RAM use by tests/mcu/test_avr_flash.py).
 */
#include <limits.h>
#include <string.h>

#include "testutil.h"

static const int codes[] = {RIJN_OK,           RIJN_ERR_KEY_LEN,   RIJN_ERR_LENGTH,
                            RIJN_ERR_NULL,     RIJN_ERR_BUFFER,    RIJN_ERR_PADDING,
                            RIJN_ERR_AUTH,     RIJN_ERR_UNSUPPORTED, RIJN_ERR_NONCE_LEN,
                            RIJN_ERR_TAG_LEN,  RIJN_ERR_STATE,     RIJN_ERR_LIMIT,
                            RIJN_ERR_PARAM};
#define NCODES (sizeof codes / sizeof codes[0])

int main(void)
{
    static const int others[] = {1, 2, -13, -14, 100, -100, INT_MAX, INT_MIN};
    size_t i, j;
    const char *unknown = rijn_strerror(INT_MIN);
    TU_CHECK(unknown != NULL && strcmp(unknown, "unknown status") == 0, "unknown text");
    for (i = 0; i < NCODES; i++) {
        const char *t = rijn_strerror(codes[i]), *p = rijn_strerror_P(codes[i]);
        TU_CHECK(t != NULL && t[0] != '\0', "text of %d", codes[i]);
        TU_CHECK(t != NULL && strcmp(t, unknown) != 0, "code %d is known", codes[i]);
        TU_CHECK(p != NULL && t != NULL && strcmp(p, t) == 0, "_P text of %d", codes[i]);
        for (j = 0; j < i; j++)
            TU_CHECK(strcmp(t, rijn_strerror(codes[j])) != 0, "texts of %d and %d differ",
                     codes[i], codes[j]);
    }
    TU_CHECK(strcmp(rijn_strerror(RIJN_ERR_AUTH), "authentication failed") == 0, "AUTH text");
    for (i = 0; i < sizeof others / sizeof others[0]; i++) {
        TU_CHECK(strcmp(rijn_strerror(others[i]), unknown) == 0, "%d unknown", others[i]);
        TU_CHECK(strcmp(rijn_strerror_P(others[i]), unknown) == 0, "%d unknown (_P)", others[i]);
    }
    return tu_finish();
}
