#!/usr/bin/env python3
"""test_file_robustness.py -- the robustness campaign of `rijn decrypt`.

A file of 4 full chunks and a short last one (256-byte chunks, so it is
fast), with a key file and with a PBKDF2 passphrase, is damaged in every
way the format must catch, and `rijn decrypt` (to stdout) must exit 1
with the right one-line message, never crash (no signal, no exit code
other than 1), and release exactly the plaintext of the chunks that
verified before the damage (nothing for a damaged header):
  - every single-bit flip of both headers (the key-file one and the
    PBKDF2 one, including its iteration count; RIJN_TEST_QUICK: every
    bit of bytes 8..15 -- version, AEAD id, chunk size, key source --
    and every fifth bit of the others, at least one in every byte);
  - chunk and tag bits: one bit of every 11th byte (bit position
    rotating; every byte is changed in the per-AEAD part below), every bit
    of the first tag (RIJN_TEST_QUICK: every seventh), and (key-file
    file) every bit of the short last chunk and its tag (RIJN_TEST_QUICK:
    not those);
  - truncation at every header length (RIJN_TEST_QUICK: every third and
    the last two), every chunk boundary and random offsets; chunk swap,
    duplicate and drop for every chunk; appended garbage (1..300 bytes, a
    chunk copy, an empty "chunk");
  - wrong passphrase, wrong key file, garbage input (empty, random, random
    after the magic, an `openssl enc` header), damaged armor.
Then, for each AEAD of the file format (AES-256-GCM, ChaCha20-Poly1305,
Ascon-AEAD128), a small file (2 full chunks and an 8-byte last one) is
decrypted to a file (-o) after every single-byte change (each byte XORed
with a nonzero value), every truncation (0 .. size-1 bytes), every
reordering of its chunks and every duplication of a chunk at every place:
each must exit 1 with one line on stderr, nothing on stdout and nothing at
all in the output directory (no output, no temporary file); the intact
file must decrypt (RIJN_TEST_QUICK, the sanitizer stages: every 17th
byte and length).
Decryptions run two at a time.
Prints a tally per category and "N passed, N failed"; exit 1 on failure,
77 without the CLI.
"""
import collections
import concurrent.futures
import itertools
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "file"))
import format_decoder as fd  # noqa: E402

CLI = os.environ.get("RIJN_CLI")
QUICK = bool(os.environ.get("RIJN_TEST_QUICK"))
CS, PIECE = 256, 272
tally = collections.Counter()
fails = collections.Counter()
shown = 0


def decrypt(data, opts):
    p = subprocess.run([CLI, "decrypt"] + opts, input=data, capture_output=True, timeout=60)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace").strip()


pending = []


def expect(cat, data, opts, want_msg, want_out):
    """Exit 1, one line containing want_msg, stdout == want_out (queued;
    run_pending decrypts two at a time and checks)."""
    pending.append((cat, data, opts, want_msg, want_out))


def run_pending():
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda c: decrypt(c[1], c[2]), pending))
    for case, res in zip(pending, results):
        check_one(*(case + res))
    del pending[:]


def check_one(cat, data, opts, want_msg, want_out, rc, out, err):
    global shown
    lines = err.splitlines()
    ok = (rc == 1 and len(lines) == 1 and lines[0].startswith("rijn decrypt:") and
          want_msg in lines[0] and out == want_out)
    tally[cat] += 1
    if not ok:
        fails[cat] += 1
        if shown < 30:
            shown += 1
            print("FAIL %s: rc %d, %d bytes out (want %d), %r (want %r)" %
                  (cat, rc, len(out), len(want_out), lines, want_msg))


def header_expectation(data, kind):
    """The message a correct reader gives for a damaged header."""
    try:
        h = fd.parse_header(data)
    except fd.FormatError as e:
        s = str(e)
        if "magic" in s:
            return "not a rijn encrypted file"
        if "version" in s:
            return "unsupported format version"
        if "unknown aead" in s:
            return "unknown AEAD id"
        if "unknown key source" in s:
            return "unknown key source"
        return "invalid chunk size or KDF parameters"
    if kind == "key" and h["key_source"] != 1:
        return "not a key file"
    if kind == "pass" and h["key_source"] == 1:
        return "encrypted with a key file"
    if h["key_source"] == 2 and h["iterations"] > 10000000:
        return "above this tool's limits"
    if h["key_source"] == 3 and (h["t_cost"] > 64 or h["m_cost"] > 4194304):
        return "above this tool's limits"
    return "header authentication failed"


def slow_kdf(data):
    try:
        h = fd.parse_header(data)
    except fd.FormatError:
        return False
    return h["key_source"] == 2 and 100000 < h["iterations"] <= 10000000


def campaign(kind, ct, pt, opts, rnd):
    hl = 79 if kind == "key" else 83
    nfull = len(pt) // CS
    # every bit of the header (RIJN_TEST_QUICK: those of bytes 8..15, every
    # fifth of the others, and not the iteration-count bits that make PBKDF2
    # run millions of times within the limit: minutes under a sanitizer,
    # only to fail the header MAC)
    for bit in range(0, hl * 8):
        if QUICK and bit % 5 != 0 and not 64 <= bit < 128:
            continue
        d = bytearray(ct)
        d[bit // 8] ^= 1 << (bit % 8)
        if QUICK and kind == "pass" and slow_kdf(bytes(d)):
            continue
        expect("header bit flip", bytes(d), opts, header_expectation(bytes(d), kind), b"")
    # chunk bytes: one bit each, rotating; every bit of one tag and of the last chunk
    step = 11
    positions = [(i, (i * 5) % 8) for i in range(hl, len(ct), step)]
    tag0 = hl + PIECE - 16
    positions += [(tag0 + b // 8, b % 8) for b in range(0, 128, 7 if QUICK else 1)]
    last = hl + nfull * PIECE
    if kind == "key" and not QUICK:
        positions += [(last + b // 8, b % 8) for b in range((len(ct) - last) * 8)]
    for pos, b in positions:
        d = bytearray(ct)
        d[pos] ^= 1 << b
        k = (pos - hl) // PIECE
        expect("chunk/tag bit flip", bytes(d), opts, "chunk %d: authentication failed" % k,
               pt[:k * CS])
    # truncation: every header length, every boundary, random offsets
    cuts = sorted(set(range(0, hl + 1, 3 if QUICK else 1)) | {hl - 1, hl})
    cuts += [hl + k * PIECE for k in range(1, nfull + 1)]
    cuts += [rnd.randrange(hl + 1, len(ct)) for _ in range(20 if QUICK else 150)]
    for c in cuts:
        d = ct[:c]
        m = (c - hl) // PIECE if c > hl else 0
        rem = (c - hl) % PIECE if c > hl else 0
        if c == 0:
            want = "is empty"
        elif c < hl:
            want = "ends inside the header"
        elif c == hl:
            want = "no chunk"
        elif rem == 0:
            want = "truncated: it ends after chunk %d" % (m - 1)
        elif rem < 16:
            want = "chunk %d: truncated" % m
        elif rem == 16:
            want = "chunk %d: an empty last chunk after chunk 0" % m
        else:
            want = "chunk %d: authentication failed" % m
        expect("truncation", d, opts, want, pt[:m * CS])
    chunks = [ct[hl + i * PIECE:hl + (i + 1) * PIECE] for i in range(nfull)] + [ct[last:]]
    head = ct[:hl]
    for i in range(nfull - 1):  # swap neighbours
        c2 = list(chunks)
        c2[i], c2[i + 1] = c2[i + 1], c2[i]
        expect("chunk swap", head + b"".join(c2), opts, "chunk %d: authentication failed" % i,
               pt[:i * CS])
    for i in range(len(chunks)):  # duplicate (the short last one reads as one piece)
        c2 = chunks[:i + 1] + [chunks[i]] + chunks[i + 1:]
        j = min(i + 1, nfull)
        want = "chunk %d: authentication failed" % j
        expect("chunk duplicate", head + b"".join(c2), opts, want, pt[:j * CS])
    for i in range(len(chunks)):  # drop
        c2 = chunks[:i] + chunks[i + 1:]
        if i == len(chunks) - 1:
            want, out = "truncated: it ends after chunk %d" % (i - 1), pt[:i * CS]
        else:
            want, out = "chunk %d: authentication failed" % i, pt[:i * CS]
        expect("chunk drop", head + b"".join(c2), opts, want, out)
    extras = [rnd.randbytes(n) for n in (1, 2, 15, 16, 17, 100, 156, 157, 300)]
    extras += [chunks[0], chunks[-1], chunks[-1][-16:]]
    for e in extras:
        expect("appended data", ct + e, opts, "chunk %d: authentication failed" % nfull,
               pt[:nfull * CS])


AEADS = ("aes-256-gcm", "chacha20-poly1305", "ascon128")


def rejected_to_file(t, key, cases):
    """cases: (category, data). Each decrypted with -o into its own empty
    directory entry: exit 1, one stderr line, nothing on stdout, no file."""
    global shown
    out_dir = os.path.join(t, "out")
    os.mkdir(out_dir)

    def one(i):
        target = os.path.join(out_dir, "o%d" % i)
        p = subprocess.run([CLI, "decrypt", "-k", key, "-o", target], input=cases[i][1],
                           capture_output=True, timeout=60)
        return p.returncode, p.stdout, p.stderr.decode(errors="replace").strip()

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(one, range(len(cases))))
    left = sorted(os.listdir(out_dir))
    for (cat, data), (rc, out, err) in zip(cases, results):
        lines = err.splitlines()
        ok = rc == 1 and out == b"" and len(lines) == 1 and lines[0].startswith("rijn decrypt:")
        tally[cat] += 1
        if not ok:
            fails[cat] += 1
            if shown < 30:
                shown += 1
                print("FAIL %s (%d bytes): rc %d, %d bytes out, %r" % (cat, len(data), rc,
                                                                     len(out), lines))
    tally["nothing written (-o)"] += 1
    if left:
        fails["nothing written (-o)"] += 1
        print("FAIL files left in the output directory: %s" % left[:10])
    for n in left:
        os.unlink(os.path.join(out_dir, n))
    os.rmdir(out_dir)


def every_aead(t, key, rnd):
    pt = rnd.randbytes(2 * CS + 8)
    step = 17 if QUICK else 1
    for aead in AEADS:
        p = subprocess.run([CLI, "encrypt", "-k", key, "-a", aead, "--chunk-size", str(CS)],
                           input=pt, capture_output=True, timeout=60)
        tally["small file, " + aead] += 1
        if p.returncode != 0:
            fails["small file, " + aead] += 1
            print("FAIL encrypt -a %s: %s" % (aead, p.stderr.decode(errors="replace")))
            continue
        ct = p.stdout
        target = os.path.join(t, "intact")
        rc, out, err = decrypt(ct, ["-k", key, "-o", target])
        if rc != 0 or open(target, "rb").read() != pt:
            fails["small file, " + aead] += 1
            print("FAIL intact %s file: %d %s" % (aead, rc, err))
        os.unlink(target)
        hl = 79
        chunks = [ct[hl:hl + PIECE], ct[hl + PIECE:hl + 2 * PIECE], ct[hl + 2 * PIECE:]]
        assert b"".join([ct[:hl]] + chunks) == ct and len(chunks[2]) == 8 + 16
        cases = [("%s byte change" % aead,
                  ct[:i] + bytes([ct[i] ^ ((i * 37) % 255 + 1)]) + ct[i + 1:])
                 for i in range(0, len(ct), step)]
        cases += [("%s truncation" % aead, ct[:n]) for n in range(0, len(ct), step)]
        cases += [("%s reorder" % aead, ct[:hl] + b"".join(c))
                  for c in itertools.permutations(chunks) if list(c) != chunks]
        cases += [("%s duplicate" % aead, ct[:hl] + b"".join(chunks[:j] + [chunks[i]] + chunks[j:]))
                  for i in range(3) for j in range(4)]
        rejected_to_file(t, key, cases)


def main():
    if not CLI or not os.path.exists(CLI):
        print("RIJN_CLI not set: skipped")
        return 77
    rnd = random.Random(2026)
    pt = rnd.randbytes(4 * CS + 100)
    with tempfile.TemporaryDirectory() as t:
        key, other, pf, wrong = (os.path.join(t, n) for n in ("key", "other", "pf", "wrong"))
        subprocess.run([CLI, "keygen", "-o", key], check=True)
        subprocess.run([CLI, "keygen", "-o", other], check=True)
        with open(pf, "w") as f:
            f.write("robust passphrase\n")
        with open(wrong, "w") as f:
            f.write("robust passphrasE\n")
        ct_key = subprocess.run([CLI, "encrypt", "-k", key, "--chunk-size", str(CS)], input=pt,
                                capture_output=True, check=True).stdout
        ct_pass = subprocess.run([CLI, "encrypt", "--passphrase-file", pf, "--kdf", "pbkdf2",
                                  "--iter", "1000", "--chunk-size", str(CS)], input=pt,
                                 capture_output=True, check=True).stdout
        for ct, kind, opts in ((ct_key, "key", ["-k", key]),
                               (ct_pass, "pass", ["--passphrase-file", pf])):
            rc, out, err = decrypt(ct, opts)
            tally["intact file"] += 1
            if rc != 0 or out != pt:
                fails["intact file"] += 1
                print("FAIL intact %s file: %d %s" % (kind, rc, err))
            campaign(kind, ct, pt, opts, rnd)
        expect("wrong passphrase", ct_pass, ["--passphrase-file", wrong],
               "wrong key or passphrase", b"")
        expect("wrong key file", ct_key, ["-k", other], "wrong key or passphrase", b"")
        garbage = [(b"", "is empty"), (b"\x89RIJN\r\n", "ends inside the header"),
                   (b"Salted__" + rnd.randbytes(64), "openssl enc")]
        garbage += [(rnd.randbytes(n), "not a rijn encrypted file") for n in (1, 15, 79, 1000)]
        garbage += [(ct_key[:9] + rnd.randbytes(300), "") for _ in range(10)]
        garbage += [(ct_key[:15] + rnd.randbytes(300), "") for _ in range(10)]
        for data, want in garbage:
            if data[:1] == b"\x89" and want == "":
                want = header_expectation(data, "key")
            expect("garbage input", data, ["-k", key], want, b"")
        asc = subprocess.run([CLI, "encrypt", "-k", key, "--armor", "--chunk-size", str(CS)],
                             input=pt, capture_output=True, check=True).stdout
        for i in range(40, len(asc) - 40, 23 if QUICK else 8):
            d = bytearray(asc)
            if chr(d[i]) in "\n-":
                continue
            d[i] = ord("A") if d[i] != ord("A") else ord("B")
            rc, out, err = decrypt(bytes(d), ["-k", key])
            tally["armor damage"] += 1
            if rc != 1 or len(err.splitlines()) != 1 or not pt.startswith(out):
                fails["armor damage"] += 1
                print("FAIL armor damage at %d: rc %d %r" % (i, rc, err))
        run_pending()
        every_aead(t, key, rnd)
    total = sum(tally.values())
    bad = sum(fails.values())
    for cat in tally:
        print("  %-20s %5d cases, %d failed" % (cat, tally[cat], fails[cat]))
    print("%d passed, %d failed" % (total - bad, bad))
    return 1 if bad or not total else 0


if __name__ == "__main__":
    sys.exit(main())
