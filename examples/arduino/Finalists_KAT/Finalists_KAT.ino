/*
 * Finalists_KAT -- the known-answer and Monte Carlo tests of one AES
 * finalist on the board (RC6 by default; Serpent, Twofish or MARS with
 * FIN_CIPHER below), as the AES-finalists study ran them for AES on an
 * Arduino Mega, and the flash and SRAM the sketch uses.
 *
 * Known answers: the submissions' own vectors (RC6 and MARS as Crypto++'s
 * TestData rc6val.dat / marsval.dat carry them, Serpent and Twofish from
 * serpentv.dat / twofishv.dat; Serpent in the NESSIE byte order), every key
 * size, encrypt and decrypt, through the generic block-cipher interface
 * (rijn/blockcipher.h: the same code as the modes use).
 * Monte Carlo: the AES-candidate ECB-encryption loop (KEY_{i+1} = KEY_i
 * XOR the last output, PT_{i+1} = that output; 128-bit key, all-zero
 * start), REDUCED on the board to FIN_MCT_ROWS rows of FIN_MCT_INNER
 * encryptions instead of 400 x 10,000 (4 million blocks: about 2 hours
 * for RC6 on a 16 MHz Mega, 12 hours for Serpent). Each row is printed as
 * I=, KEY=, PT=, CT= so that another implementation can check it (rijn's
 * test suite does, with an RC6 written from the specification).
 *
 * Flash and RAM: on AVR the sketch prints its flash image (code + the
 * .data initialisers), its static RAM (.data + .bss) and the free RAM left
 * between the static data and the stack; RC6 fits an Arduino Uno.
 */
#include <rijn.h>

#define FIN_RC6 1
#define FIN_SERPENT 2
#define FIN_TWOFISH 3
#define FIN_MARS 4
#ifndef FIN_CIPHER
#define FIN_CIPHER FIN_RC6
#endif
#ifndef FIN_MCT_ROWS
#define FIN_MCT_ROWS 4
#endif
#ifndef FIN_MCT_INNER
#define FIN_MCT_INNER 1000L
#endif

struct kat {
    uint8_t key_len;
    uint8_t key[32], pt[16], ct[16];
};

#if FIN_CIPHER == FIN_RC6
#define FIN_DESC rijn_bc_rc6
static const kat kats[] PROGMEM = {
    {16, {0}, {0}, {0x8f, 0xc3, 0xa5, 0x36, 0x56, 0xb1, 0xf7, 0x78, 0xc1, 0x29, 0xdf, 0x4e, 0x98, 0x48, 0xa4, 0x1e}},
    {16, {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x01, 0x12, 0x23, 0x34, 0x45, 0x56, 0x67, 0x78},
     {0x02, 0x13, 0x24, 0x35, 0x46, 0x57, 0x68, 0x79, 0x8a, 0x9b, 0xac, 0xbd, 0xce, 0xdf, 0xe0, 0xf1},
     {0x52, 0x4e, 0x19, 0x2f, 0x47, 0x15, 0xc6, 0x23, 0x1f, 0x51, 0xf6, 0x36, 0x7e, 0xa4, 0x3f, 0x18}},
    {24, {0}, {0}, {0x6c, 0xd6, 0x1b, 0xcb, 0x19, 0x0b, 0x30, 0x38, 0x4e, 0x8a, 0x3f, 0x16, 0x86, 0x90, 0xae, 0x82}},
    {32, {0}, {0}, {0x8f, 0x5f, 0xbd, 0x05, 0x10, 0xd1, 0x5f, 0xa8, 0x93, 0xfa, 0x3f, 0xda, 0x6e, 0x85, 0x7e, 0xc2}},
};
#elif FIN_CIPHER == FIN_SERPENT
#define FIN_DESC rijn_bc_serpent
static const kat kats[] PROGMEM = {
    {16, {0}, {0xd2, 0x9d, 0x57, 0x6f, 0xce, 0xa3, 0xa3, 0xa7, 0xed, 0x90, 0x99, 0xf2, 0x92, 0x73, 0xd7, 0x8e},
     {0xb2, 0x28, 0x8b, 0x96, 0x8a, 0xe8, 0xb0, 0x86, 0x48, 0xd1, 0xce, 0x96, 0x06, 0xfd, 0x99, 0x2d}},
    {16, {0x80}, {0}, {0x26, 0x4e, 0x54, 0x81, 0xef, 0xf4, 0x2a, 0x46, 0x06, 0xab, 0xda, 0x06, 0xc0, 0xbf, 0xda, 0x3d}},
};
#elif FIN_CIPHER == FIN_TWOFISH
#define FIN_DESC rijn_bc_twofish
static const kat kats[] PROGMEM = {
    {16, {0}, {0}, {0x9f, 0x58, 0x9f, 0x5c, 0xf6, 0x12, 0x2c, 0x32, 0xb6, 0xbf, 0xec, 0x2f, 0x2a, 0xe8, 0xc3, 0x5a}},
    {16, {0}, {0x9f, 0x58, 0x9f, 0x5c, 0xf6, 0x12, 0x2c, 0x32, 0xb6, 0xbf, 0xec, 0x2f, 0x2a, 0xe8, 0xc3, 0x5a},
     {0xd4, 0x91, 0xdb, 0x16, 0xe7, 0xb1, 0xc3, 0x9e, 0x86, 0xcb, 0x08, 0x6b, 0x78, 0x9f, 0x54, 0x19}},
};
#else
#define FIN_DESC rijn_bc_mars
static const kat kats[] PROGMEM = {
    {16, {0}, {0}, {0xdc, 0xc0, 0x7b, 0x8d, 0xfb, 0x07, 0x38, 0xd6, 0xe3, 0x0a, 0x22, 0xdf, 0xcf, 0x27, 0xe8, 0x86}},
    {16, {0}, {0xdc, 0xc0, 0x7b, 0x8d, 0xfb, 0x07, 0x38, 0xd6, 0xe3, 0x0a, 0x22, 0xdf, 0xcf, 0x27, 0xe8, 0x86},
     {0x33, 0xca, 0xff, 0xbd, 0xdc, 0x7f, 0x1d, 0xda, 0x0f, 0x9c, 0x15, 0xfa, 0x2f, 0x30, 0xe2, 0xff}},
};
#endif

#if defined(__AVR__)
#define FIN_READ(dst, src, n) memcpy_P(dst, src, n) /* the table stays in flash */
#else
#define FIN_READ(dst, src, n) memcpy(dst, src, n)
#endif

static rijn_bc_ctx ctx;

static void print_hex(const __FlashStringHelper *label, const uint8_t *p, size_t n)
{
    Serial.print(label);
    for (size_t i = 0; i < n; i++) {
        if (p[i] < 16)
            Serial.print('0');
        Serial.print(p[i], HEX);
    }
    Serial.println();
}

static bool run_kats(void)
{
    const rijn_bc_desc *d = &FIN_DESC;
    bool all = true;
    for (size_t i = 0; i < sizeof kats / sizeof kats[0]; i++) {
        kat k;
        uint8_t out[16];
        FIN_READ(&k, &kats[i], sizeof k);
        bool ok = rijn_bc_init(&ctx, d, k.key, k.key_len) == RIJN_OK;
        d->encrypt(&ctx.u, out, k.pt);
        ok = ok && memcmp(out, k.ct, 16) == 0;
        d->decrypt(&ctx.u, out, k.ct);
        ok = ok && memcmp(out, k.pt, 16) == 0;
        Serial.print(F("KAT "));
        Serial.print(k.key_len * 8);
        Serial.print(F("-bit key: "));
        Serial.println(ok ? F("ok") : F("FAILED"));
        all = all && ok;
    }
    rijn_bc_wipe(&ctx);
    return all;
}

static bool run_mct(void)
{
    const rijn_bc_desc *d = &FIN_DESC;
    uint8_t key[16] = {0}, pt[16] = {0}, ct[16];
    for (int i = 0; i < FIN_MCT_ROWS; i++) {
        if (rijn_bc_init(&ctx, d, key, 16) != RIJN_OK)
            return false;
        Serial.print(F("I="));
        Serial.println(i);
        print_hex(F("KEY="), key, 16);
        print_hex(F("PT="), pt, 16);
        memcpy(ct, pt, 16);
        for (long j = 0; j < FIN_MCT_INNER; j++)
            d->encrypt(&ctx.u, ct, ct);
        print_hex(F("CT="), ct, 16);
        for (int b = 0; b < 16; b++)
            key[b] ^= ct[b];
        memcpy(pt, ct, 16);
    }
    rijn_bc_wipe(&ctx);
    return true;
}

#if defined(__AVR__)
extern "C" char __data_start, __data_end, __bss_end, __heap_start, __data_load_end;
#endif

static void print_memory(void)
{
#if defined(__AVR__)
    char here; /* the stack's current bottom */
    Serial.print(F("flash image: "));
    Serial.print((unsigned long)(uintptr_t)&__data_load_end);
    Serial.print(F(" bytes, static RAM: "));
    Serial.print((unsigned)(&__bss_end - &__data_start));
    Serial.print(F(" bytes, free RAM now: "));
    Serial.print((unsigned)(&here - &__heap_start));
    Serial.println(F(" bytes"));
#else
    Serial.println(F("flash/SRAM: see the build's size report"));
#endif
}

void setup()
{
    Serial.begin(115200);
    Serial.print(F("cipher: "));
    Serial.println(FIN_DESC.name);
    print_memory();
    bool ok = run_kats();
    Serial.print(F("Monte Carlo (ECB encrypt, reduced): "));
    Serial.print(FIN_MCT_ROWS);
    Serial.print(F(" rows x "));
    Serial.print(FIN_MCT_INNER);
    Serial.println(F(" blocks"));
    unsigned long t0 = micros();
    ok = run_mct() && ok;
    Serial.print(F("Monte Carlo time: "));
    Serial.print(micros() - t0);
    Serial.println(F(" us"));
    Serial.println(ok ? F("done: all known answers OK") : F("done: FAILED"));
}

void loop()
{
}
