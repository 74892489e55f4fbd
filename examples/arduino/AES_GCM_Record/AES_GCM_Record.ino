/*
 * AES_GCM_Record -- seal and open sensor records with AES-128-GCM, the
 * nonce built from a device id and a message counter.
 *
 * Each record is encrypted and authenticated; the device id travels as
 * associated data (authenticated, not encrypted). The 12-byte nonce is
 *   device id (4 bytes) || counter (8 bytes, big-endian)
 * and must never repeat under one key: a real device keeps the counter
 * in EEPROM/flash (write it back before sending) or uses one key per
 * boot. The receiver checks the tag before it releases any plaintext;
 * a modified record is refused (the example shows it).
 *
 * Output per record: nonce, ciphertext and tag in hex, e.g. to feed a
 * server that opens them with any AES-GCM library.
 * The key here is fixed for the demo; keep real keys secret.
 */
#include <rijn.h>

static const uint8_t key[16] = {0xfe, 0xff, 0xe9, 0x92, 0x86, 0x65, 0x73, 0x1c,
                                0x6d, 0x6a, 0x8f, 0x94, 0x67, 0x30, 0x83, 0x08};
static const uint8_t device_id[4] = {0x52, 0x49, 0x4a, 0x4e}; /* "RIJN" */

static rijn_gcm_ctx gcm;            /* keyed once in setup() */
static uint64_t next_counter = 1;   /* persist this on a real device */

static void print_hex(const __FlashStringHelper *label, const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    Serial.print(label);
    for (size_t i = 0; i < n; i++) {
        Serial.print(digits[p[i] >> 4]);
        Serial.print(digits[p[i] & 15u]);
    }
    Serial.println();
}

/* A record: "seq=<n> temp=<t>C" with made-up readings. Returns its length. */
static size_t make_record(char *out, size_t size, unsigned seq)
{
    char tmp[24];
    size_t n = 0;
    const char *parts[2] = {"seq=", " temp=2"};
    unsigned vals[2] = {seq, seq % 10u};
    for (unsigned k = 0; k < 2; k++) {
        for (const char *s = parts[k]; *s != '\0' && n < size - 1u; s++)
            out[n++] = *s;
        size_t m = 0;
        unsigned v = vals[k];
        do {
            tmp[m++] = (char)('0' + v % 10u);
            v /= 10u;
        } while (v != 0 && m < sizeof tmp);
        while (m > 0 && n < size - 1u)
            out[n++] = tmp[--m];
    }
    for (const char *s = ".5C"; *s != '\0' && n < size - 1u; s++)
        out[n++] = *s;
    out[n] = '\0';
    return n;
}

static void make_nonce(uint8_t nonce[RIJN_GCM_NONCE_SIZE], uint64_t counter)
{
    memcpy(nonce, device_id, 4);
    for (int i = 0; i < 8; i++)
        nonce[4 + i] = (uint8_t)(counter >> (56 - 8 * i));
}

static bool seal_and_open(unsigned seq)
{
    char record[32];
    uint8_t nonce[RIJN_GCM_NONCE_SIZE];
    uint8_t ct[sizeof record], tag[RIJN_GCM_TAG_SIZE], back[sizeof record];
    size_t len = make_record(record, sizeof record, seq);
    unsigned long t0, t1;
    bool ok = true;

    make_nonce(nonce, next_counter++);
    Serial.print(F("record: "));
    Serial.println(record);
    t0 = micros();
    if (rijn_gcm_seal(&gcm, ct, tag, sizeof tag, nonce, sizeof nonce, device_id,
                      sizeof device_id, (const uint8_t *)record, len) != RIJN_OK)
        return false;
    t1 = micros();
    print_hex(F("  nonce: "), nonce, sizeof nonce);
    print_hex(F("  ct:    "), ct, len);
    print_hex(F("  tag:   "), tag, sizeof tag);
    Serial.print(F("  seal: "));
    Serial.print(t1 - t0);
    Serial.println(F(" us"));

    /* Receiver: open (checks the tag first). */
    t0 = micros();
    int rc = rijn_gcm_open(&gcm, back, tag, sizeof tag, nonce, sizeof nonce, device_id,
                           sizeof device_id, ct, len);
    t1 = micros();
    Serial.print(F("  open: "));
    Serial.print(t1 - t0);
    Serial.print(F(" us, "));
    if (rc != RIJN_OK || memcmp(back, record, len) != 0) {
        Serial.println(F("FAILED"));
        ok = false;
    } else {
        Serial.println(F("OK"));
    }

    /* An attacker flips one bit: open must refuse and release nothing. */
    ct[0] ^= 0x01;
    rc = rijn_gcm_open(&gcm, back, tag, sizeof tag, nonce, sizeof nonce, device_id,
                       sizeof device_id, ct, len);
    Serial.print(F("  tampered: "));
    if (rc == RIJN_ERR_AUTH) {
        Serial.println(F("refused, OK"));
    } else {
        Serial.println(F("ACCEPTED, FAILED"));
        ok = false;
    }
    rijn_wipe(back, sizeof back);
    return ok;
}

void setup()
{
    Serial.begin(115200);
    while (!Serial) {
    }
    unsigned long t0 = micros();
    if (rijn_gcm_init(&gcm, key, sizeof key) != RIJN_OK) {
        Serial.println(F("key setup FAILED"));
        return;
    }
    unsigned long t1 = micros();
    Serial.print(F("AES-128-GCM key setup: "));
    Serial.print(t1 - t0);
    Serial.print(F(" us (AES: "));
    Serial.print(rijn_aes_ctx_impl_name(&gcm.aes));
    Serial.print(F(", GHASH: "));
    Serial.print(rijn_gcm_ctx_ghash_name(&gcm));
    Serial.println(F(")"));

    unsigned passed = 0;
    for (unsigned seq = 1; seq <= 3; seq++)
        passed += seal_and_open(seq) ? 1u : 0u;
    rijn_gcm_wipe(&gcm);
    Serial.print(F("done: "));
    Serial.print(passed);
    Serial.println(F(" of 3 passed"));
}

void loop()
{
}
