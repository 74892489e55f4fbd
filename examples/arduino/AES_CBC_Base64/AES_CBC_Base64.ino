/*
 * AES_CBC_Base64 -- encrypt and decrypt a string with AES-128, AES-192 and
 * AES-256 in CBC mode with PKCS#7 padding, print the ciphertext in Base64
 * and the time of each step (micros()), and check the round trip.
 *
 * The keys and the IV are fixed so that the output can be checked with
 * other tools, e.g. for AES-128:
 *   printf '%s' 'AES_Test_1 - Hello! Testing AES Encryption here' |
 *     openssl enc -aes-128-cbc -K 000102030405060708090a0b0c0d0e0f \
 *                 -iv f0e1d2c3b4a5968778695a4b3c2d1e0f | base64 -w0
 * A real application keeps its key secret, draws a fresh random IV for
 * every message (and sends it along with the ciphertext), and should
 * prefer an AEAD such as AES-GCM (example AES_GCM_Record): CBC alone does
 * not detect a modified ciphertext.
 *
 * Flash and RAM: the whole sketch fits an Arduino Uno (ATmega328P).
 */
#include <rijn.h>

static const char message[] = "AES_Test_1 - Hello! Testing AES Encryption here";
#define MSG_LEN (sizeof message - 1u)

/* Demo key material: AES-128 uses the first 16 bytes, AES-192 24, AES-256 32. */
static const uint8_t key[32] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f};
static const uint8_t iv[16] = {0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87,
                               0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0x0f};

/* On AVR rijn_strerror's texts would sit in RAM (about 400 bytes):
 * rijn_strerror_P gives the same text from flash there. */
static void print_error(int rc)
{
    Serial.print(F("error: "));
#if defined(__AVR__)
    Serial.println(reinterpret_cast<const __FlashStringHelper *>(rijn_strerror_P(rc)));
#else
    Serial.println(rijn_strerror(rc));
#endif
}

static void print_us(const __FlashStringHelper *what, unsigned long us)
{
    Serial.print(what);
    Serial.print(us);
    Serial.println(F(" us"));
}

/* Encrypt, encode, decode, decrypt, compare. Returns true on success. */
static bool aes_cbc_round_trip(size_t key_len)
{
    rijn_aes_ctx aes;
    uint8_t ct[RIJN_CBC_PAD_LEN(MSG_LEN)];
    char b64[RIJN_BASE64_ENCODED_SIZE(sizeof ct)];
    uint8_t back[sizeof ct];
    size_t ct_len = 0, b64_len = 0, back_len = 0;
    unsigned long t0, t1;
    bool ok = false;

    Serial.print(F("AES-"));
    Serial.print((unsigned)(key_len * 8u));
    Serial.println(F("-CBC"));

    t0 = micros();
    int rc = rijn_aes_init(&aes, key, key_len);
    t1 = micros();
    if (rc != RIJN_OK) {
        Serial.print(F("  not available in this build: "));
        print_error(rc);
        return true; /* compiled out (RIJN_CFG_AES_192/256 = 0): not a failure */
    }
    print_us(F("  key setup: "), t1 - t0);

    t0 = micros();
    rc = rijn_cbc_pad_encrypt(&aes, iv, ct, sizeof ct, &ct_len, (const uint8_t *)message, MSG_LEN);
    t1 = micros();
    if (rc != RIJN_OK)
        goto done;
    print_us(F("  encrypt:   "), t1 - t0);

    t0 = micros();
    rc = rijn_base64_encode(b64, sizeof b64, &b64_len, ct, ct_len);
    t1 = micros();
    if (rc != RIJN_OK)
        goto done;
    print_us(F("  base64:    "), t1 - t0);
    Serial.print(F("  ciphertext: "));
    Serial.println(b64);

    /* The receiving side: Base64 text -> bytes -> plaintext. */
    rc = rijn_base64_decode(ct, sizeof ct, &ct_len, b64, b64_len);
    if (rc != RIJN_OK)
        goto done;
    t0 = micros();
    rc = rijn_cbc_pad_decrypt(&aes, iv, back, sizeof back, &back_len, ct, ct_len);
    t1 = micros();
    if (rc != RIJN_OK)
        goto done;
    print_us(F("  decrypt:   "), t1 - t0);
    ok = back_len == MSG_LEN && memcmp(back, message, MSG_LEN) == 0;
    Serial.print(F("  plaintext: "));
    back[back_len < sizeof back ? back_len : sizeof back - 1u] = 0;
    Serial.println((const char *)back);

done:
    if (rc != RIJN_OK) {
        Serial.print(F("  "));
        print_error(rc);
    }
    Serial.println(ok ? F("  round trip: OK") : F("  round trip: FAILED"));
    rijn_aes_wipe(&aes);
    rijn_wipe(back, sizeof back);
    return ok;
}

void setup()
{
    Serial.begin(115200);
    while (!Serial) {
    }
    Serial.print(F("rijn "));
    Serial.print(rijn_version());
    Serial.print(F(", AES implementation: "));
    Serial.println(rijn_aes_impl_name(rijn_aes_impl_default()));
    Serial.print(F("message: "));
    Serial.println(message);

    unsigned passed = 0;
    static const uint8_t sizes[3] = {16, 24, 32};
    for (unsigned i = 0; i < 3; i++)
        passed += aes_cbc_round_trip(sizes[i]) ? 1u : 0u;
    Serial.print(F("done: "));
    Serial.print(passed);
    Serial.println(F(" of 3 passed"));
}

void loop()
{
}
