#!/usr/bin/env python3
"""finvec.py -- the AES finalists' known answers and a Monte Carlo row as a
record stream for the on-target check (mcu/test/fin_test.c), read from the
same package-registry files as the host tests (scripts/fetch-peers.sh
cryptopp botan bouncycastle; never committed):

  finvec.py -o mcu_vectors.bin [--c avr.c] [--every N] [--mct ROWS]
            [--only serpent|twofish|rc6|mars]

Implementation notes. Sources and selection:
  Crypto++ TestData serpentv.dat, twofishv.dat, rc6val.dat, marsval.dat and
    TestVectors/mars.txt (known answers): all rows;
  Botan serpent.vec, twofish.vec: every N-th single-block row (variable
    key, variable text, Twofish's ecb_tbl chains; N = --every);
  Bouncy Castle TnepresTest.java: the Serpent submission's 13 known
    answers (submission byte order, reversed here into rijn's), RC6Test.java:
    the RC6 submission's 6;
  Monte Carlo: Serpent's cbc_e_m.txt rows I=0..ROWS-1 (128-bit key, from
    the all-zero start; TnepresTest.java's doCbcMonte), ROWS = --mct (0:
    none). Twofish's and RC6's Monte Carlo files are in no registry; MARS's
    mars.txt rows are 400 x 10,000 blocks, too long for an emulated target.
Format (all byte strings raw): known answer = [c][kl][key][pt 16][ct 16]
with c = 1 serpent, 2 twofish, 3 rc6, 4 mars; Monte Carlo = [0x10|c][kl]
[mode: 2 = CBC encrypt][rows][key][iv 16][text 16][expected output of the
last row 16]; two 0 bytes end the stream. --c also writes the stream as the
PROGMEM array mcu/rt/avr/hal_avr.c reads (rijn_mcu_vec).
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IDS = {"serpent": 1, "twofish": 2, "rc6": 3, "mars": 4}
BC_DIR = "core/src/test/java/org/bouncycastle/crypto/test"


def peers():
    r = subprocess.run(["bash", os.path.join(ROOT, "scripts/fetch-peers.sh"), "cryptopp", "botan",
                        "bouncycastle"], stdout=subprocess.PIPE, text=True)
    dirs = {}
    for line in r.stdout.splitlines():
        f = line.split("\t")
        if len(f) == 3 and f[1].startswith("/"):
            dirs[f[0]] = f[1]
    if r.returncode != 0 or len(dirs) != 3:
        sys.exit("finvec: peer source packages missing (scripts/fetch-peers.sh):\n" + r.stdout)
    return dirs


def kat(c, key, pt, ct):
    assert len(key) in (16, 24, 32) and len(pt) == 16 and len(ct) == 16
    return bytes([IDS[c], len(key)]) + key + pt + ct


def dat(path, c):
    out = []
    with open(path) as f:
        w = f.read().split()
    for i in range(0, len(w) - 2, 3):
        out.append(kat(c, bytes.fromhex(w[i]), bytes.fromhex(w[i + 1]), bytes.fromhex(w[i + 2])))
    return out


def mars_txt(path):
    out, rec = [], {}
    with open(path) as f:
        for line in f:
            k, _, v = line.strip().partition(": ")
            rec[k] = v
            if k == "Test" and v == "Encrypt":
                out.append(kat("mars", bytes.fromhex(rec["Key"]), bytes.fromhex(rec["Plaintext"]),
                               bytes.fromhex(rec["Ciphertext"])))
    return out


def botan_vec(path, c, every):
    out, rec, n = [], {}, 0
    with open(path) as f:
        for line in f:
            m = re.match(r"(\w+) = ([0-9A-Fa-f]+)$", line.strip())
            if not m:
                continue
            rec[m.group(1)] = bytes.fromhex(m.group(2))
            if m.group(1) == "Out":
                if len(rec["In"]) == 16:
                    if n % every == 0:
                        out.append(kat(c, rec["Key"], rec["In"], rec["Out"]))
                    n += 1
                rec = {}
    return out


def java_rows(path, reverse):
    """(key, in, out, iterations) of each BlockCipherVectorTest (0) /
    BlockCipherMonteCarloTest, and the doCbcMonte argument lists."""
    with open(path) as f:
        t = f.read()
    rv = (lambda b: b[::-1]) if reverse else (lambda b: b)
    rows = []
    for m in re.finditer(r"BlockCipher(VectorTest|MonteCarloTest)\(\s*\d+\s*,\s*(\d+)?", t):
        s = re.findall(r'"([0-9A-Fa-f]+)"', t[m.end():m.end() + 400])[:3]
        it = int(m.group(2)) if m.group(1) == "MonteCarloTest" else 0
        rows.append(tuple(rv(bytes.fromhex(x)) for x in s) + (it,))
    cbc = []
    for m in re.finditer(r"doCbcMonte\(((?:new byte\[16\]|Hex\.decode\(\"[0-9A-Fa-f]+\"\)|[\s,])+)\)",
                         t):
        args = re.findall(r'new byte\[16\]|"([0-9A-Fa-f]+)"', m.group(1))
        cbc.append([rv(bytes.fromhex(a)) if a else bytes(16) for a in args])
    return rows, cbc


def build(every, mct_rows, only=None):
    d = peers()
    cp, bo, bc = d["cryptopp"], d["botan"], d["bouncycastle"]
    recs = {c: [] for c in IDS}
    for c, f in (("serpent", "serpentv.dat"), ("twofish", "twofishv.dat"), ("rc6", "rc6val.dat"),
                 ("mars", "marsval.dat")):
        recs[c] += dat(os.path.join(cp, "TestData", f), c)
    recs["mars"] += mars_txt(os.path.join(cp, "TestVectors/mars.txt"))
    for c in ("serpent", "twofish"):
        recs[c] += botan_vec(os.path.join(bo, "src/tests/data/block/%s.vec" % c), c, every)
    rows, cbc = java_rows(os.path.join(bc, BC_DIR, "TnepresTest.java"), True)
    recs["serpent"] += [kat("serpent", k, p, q) for k, p, q, it in rows if it == 0]
    rows6, _ = java_rows(os.path.join(bc, BC_DIR, "RC6Test.java"), False)
    recs["rc6"] += [kat("rc6", k, p, q) for k, p, q, it in rows6 if it == 0]
    if len(cbc) < 2 or len(rows6) < 6:
        sys.exit("finvec: Bouncy Castle sources not as expected")
    if only:
        recs = {c: (r if c == only else []) for c, r in recs.items()}
        mct_rows = mct_rows if only == "serpent" else 0
    out = b"".join(b"".join(recs[c]) for c in IDS)
    if mct_rows > 0:
        # row I=0 starts from zeros; the expected value is the last row's output
        key, iv, text, _ = cbc[0]
        out += bytes([0x10 | IDS["serpent"], 16, 2, mct_rows]) + key + iv + text + \
            cbc[min(mct_rows, len(cbc)) - 1][3]
        if mct_rows > len(cbc):
            sys.exit("finvec: only %d published cbc_e_m.txt rows" % len(cbc))
    counts = ", ".join("%s %d" % (c, len(recs[c])) for c in IDS if recs[c])
    return out + b"\0\0", "%s known answers%s" % (counts, ", Serpent cbc_e_m.txt I=0..%d"
                                                % (mct_rows - 1) if mct_rows else "")


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("-o", dest="out", required=True)
    p.add_argument("--c", dest="cfile")
    p.add_argument("--every", type=int, default=8)
    p.add_argument("--mct", type=int, default=1)
    p.add_argument("--only", choices=sorted(IDS))
    a = p.parse_args()
    data, msg = build(a.every, a.mct, a.only)
    tmp = "%s.tmp%d" % (a.out, os.getpid())
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, a.out)
    if a.cfile:
        tmp = "%s.tmp%d" % (a.cfile, os.getpid())
        with open(tmp, "w") as f:
            f.write("/* generated by mcu/tools/finvec.py; not committed */\n"
                    "#include <avr/pgmspace.h>\n#include <stdint.h>\n"
                    "const uint16_t rijn_mcu_vec_len = %d;\n"
                    "const uint8_t rijn_mcu_vec[] PROGMEM = {\n" % len(data))
            for i in range(0, len(data), 24):
                f.write(",".join(str(b) for b in data[i:i + 24]) + ",\n")
            f.write("};\n")
        os.replace(tmp, a.cfile)
    print("finvec: %d bytes: %s" % (len(data), msg))


if __name__ == "__main__":
    main()
