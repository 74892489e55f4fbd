/*
 * File_Stream -- write and read a rijn encrypted file (docs/FORMAT.md) in
 * 256-byte chunks with constant memory: the streaming C API of
 * rijn/file.h, AES-256-GCM, a raw 32-byte key.
 *
 * A log of 20 records (640 bytes) is sealed chunk by chunk; each sealed
 * piece is printed in hex (on a real board: appended to a file on an SD
 * card or sent over the network) and opened again at once by a reader, as
 * the receiving side would, which checks every chunk's tag before
 * releasing its plaintext. The bytes printed are a complete file that
 *   rijn decrypt -k key.txt
 * opens on a host (key.txt: the key below as 64 hex digits).
 *
 * Memory: one chunk buffer (chunk_size + 16 bytes, which also holds the
 * header before the first chunk) and two contexts (writer and reader,
 * about 390 bytes each on AVR). The flash and RAM each board takes are in
 * arduino/README.md (measured by the tests): on an Uno static RAM + peak
 * stack come within a few hundred bytes of its 2,048, too tight beside the
 * real core's Serial buffers. Prefer a Mega or a 32-bit board.
 * The key and the salt here are fixed for the demo. A real device keeps
 * its key secret and fills the salt from a hardware random generator
 * (e.g. esp_fill_random() on ESP32, the TRNG on SAMD51/RP2040/STM32):
 * it must be fresh for every file.
 */
#include <rijn.h>
#include <rijn/file.h>

#define CHUNK   256u
#define RECORD  32u
#define RECORDS 20u

static const uint8_t master_key[RIJN_FILE_KEY_SIZE] = {
    0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81,
    0x1f, 0x35, 0x2c, 0x07, 0x3b, 0x61, 0x08, 0xd7, 0x2d, 0x98, 0x10, 0xa3, 0x09, 0x14, 0xdf, 0xf4};

static rijn_file_ctx writer, reader;
static rijn_file_params params;
/* the sealed chunks, and before them the header (RIJN_FILE_HEADER_MAX) */
static uint8_t buf[CHUNK + RIJN_FILE_TAG_SIZE];

static void fill_salt(uint8_t salt[RIJN_FILE_SALT_SIZE])
{
    /* DEMO ONLY: use your board's hardware random generator here. */
    for (unsigned i = 0; i < RIJN_FILE_SALT_SIZE; i++)
        salt[i] = (uint8_t)(0xa5u ^ (i * 29u));
}

/* Record r: "rec NNNN t=2D.5C h=4D% --------\n", 32 bytes. */
static void make_record(uint8_t out[RECORD], unsigned r)
{
    static const char tmpl[RECORD + 1] = "rec 0000 t=20.5C h=40% --------\n";
    memcpy(out, tmpl, RECORD);
    out[4] = (uint8_t)('0' + r / 1000u % 10u);
    out[5] = (uint8_t)('0' + r / 100u % 10u);
    out[6] = (uint8_t)('0' + r / 10u % 10u);
    out[7] = (uint8_t)('0' + r % 10u);
    out[12] = (uint8_t)('0' + r * 7u % 10u);
    out[18] = (uint8_t)('0' + r * 3u % 10u);
}

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

static bool fail(const __FlashStringHelper *what, int rc)
{
    Serial.print(what);
    Serial.print(F(" FAILED, "));
    print_error(rc);
    return false;
}

static bool write_and_read(void)
{
    size_t header_len = 0;
    int rc;

    rijn_file_params_init(&params);
    params.aead = RIJN_FILE_AES256GCM;
    params.key_source = RIJN_FILE_KEY_RAW;
    params.chunk_size = CHUNK;
    fill_salt(params.salt);

    rc = rijn_file_seal_init(&writer, buf, sizeof buf, &header_len, &params, master_key);
    if (rc != RIJN_OK)
        return fail(F("seal_init"), rc);
    print_hex(F("header "), buf, header_len);
    rc = rijn_file_open_header(&reader, buf, header_len, master_key);
    if (rc != RIJN_OK)
        return fail(F("open_header"), rc);

    unsigned next = 0; /* next record to write */
    unsigned check = 0; /* next record to compare */
    while (next < RECORDS) {
        size_t len = 0;
        while (len < CHUNK && next < RECORDS) {
            make_record(buf + len, next++);
            len += RECORD;
        }
        int last = next == RECORDS;
        unsigned long t0 = micros();
        rc = rijn_file_seal_chunk(&writer, buf, buf, len, last);
        unsigned long t1 = micros();
        if (rc != RIJN_OK)
            return fail(F("seal_chunk"), rc);
        print_hex(F("chunk "), buf, len + RIJN_FILE_TAG_SIZE);

        /* The reader's side: the sealed piece, chunk_size + 16 bytes at most. */
        unsigned long t2 = micros();
        rc = rijn_file_open_chunk(&reader, buf, buf, len + RIJN_FILE_TAG_SIZE, last);
        unsigned long t3 = micros();
        if (rc != RIJN_OK)
            return fail(F("open_chunk"), rc);
        for (size_t off = 0; off < len; off += RECORD) {
            uint8_t want[RECORD];
            make_record(want, check++);
            if (memcmp(buf + off, want, RECORD) != 0)
                return fail(F("compare"), RIJN_ERR_AUTH);
        }
        Serial.print(F("  "));
        Serial.print((unsigned)len);
        Serial.print(F(" bytes: seal "));
        Serial.print(t1 - t0);
        Serial.print(F(" us, open "));
        Serial.print(t3 - t2);
        Serial.println(F(" us"));
    }
    rc = rijn_file_open_final(&reader);
    if (rc != RIJN_OK)
        return fail(F("open_final"), rc);
    return true;
}

void setup()
{
    Serial.begin(115200);
    while (!Serial) {
    }
    Serial.println(F("rijn file, AES-256-GCM, 256-byte chunks"));
    bool ok = write_and_read();
    rijn_file_wipe(&writer);
    rijn_file_wipe(&reader);
    rijn_wipe(buf, sizeof buf);
    Serial.println(ok ? F("done: file written and read back, OK") : F("done: FAILED"));
}

void loop()
{
}
