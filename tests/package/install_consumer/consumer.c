/* Uses the installed headers and library: FIPS 197 C.1 and the version. */
#include <stdio.h>
#include <string.h>
#include <rijn.h>

int main(void)
{
    static const uint8_t key[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    static const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                   0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
    static const uint8_t want[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                     0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
    uint8_t out[16];
    rijn_aes_ctx ctx;
    if (rijn_aes_init(&ctx, key, 16) != RIJN_OK || rijn_aes_encrypt_blocks(&ctx, out, pt, 1) != RIJN_OK)
        return 1;
    printf("rijn %s %s\n", rijn_version(), memcmp(out, want, 16) == 0 ? "ok" : "WRONG");
    return memcmp(out, want, 16) != 0;
}
