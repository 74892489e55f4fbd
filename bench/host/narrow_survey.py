#!/usr/bin/env python3
"""narrow_survey.py -- rijn beside OpenSSL and libgcrypt on emulated narrower
x86-64 CPUs, for every row of the bulk groups (not only the README headline's
rows that scripts/bench.sh's group "narrow" runs), and the rows where rijn
loses.

  scripts/bench.sh --no-install --groups narrow --runs 1   # builds the harness
  bench/host/narrow_survey.py run --bin $BENCH_WORK/rijn-bench --out DIR
  bench/host/narrow_survey.py table DIR [AFTER_DIR]

"run" runs bench/host/bench.c's groups (aead xts cbc ctr mac) once per level
below, each process with rijn's RIJN_CPU_MASK and the peers' own masks at the
same level, into DIR/<level>-<group>.tsv (the harness's own rows). "table"
prints, as markdown, every 1 KiB and 1 MiB row where rijn's median takes more
than 5% longer than the fastest same-masked peer's (ratios of medians from one
process, both libraries in it); with AFTER_DIR, the same rows from that run
beside them. The avx2 and aesni levels are scripts/bench.sh's narrow_levels
(keep them equal); "avx" adds AVX2 without VAES / VPCLMULQDQ (Haswell to
Skylake client class): OpenSSL also loses CPUID.7 ECX bits 8-10 (GFNI, VAES,
VPCLMULQDQ), libgcrypt intel-vaes-vpclmul.
"""
import glob
import os
import subprocess
import sys

LEVELS = [  # name, RIJN_CPU_MASK, OPENSSL_ia32cap, BENCH_GCRYPT_HWF_DENY
    ("avx2", "0x2EFF", "~0:~0x5842dc230000", "intel-avx512:intel-gfni"),
    ("avx", "0x3F", "~0:~0x5f42dc230000", "intel-avx512:intel-gfni:intel-vaes-vpclmul"),
    ("aesni", "0xF", "~0x1000000000000000:~0x5f42fc2b0128",
     "intel-avx:intel-avx2:intel-bmi2:intel-shaext:intel-vaes-vpclmul:intel-avx512:"
     "intel-gfni:intel-fast-vpgather"),
]
GROUPS = ["aead", "xts", "cbc", "ctr", "mac"]
SIZES = ("1024", "1048576")


def run(binary, out):
    os.makedirs(out, exist_ok=True)
    for name, mask, cap, deny in LEVELS:
        env = dict(os.environ, RIJN_CPU_MASK=mask, OPENSSL_ia32cap=cap,
                   BENCH_GCRYPT_HWF_DENY=deny)
        for g in GROUPS:
            with open(os.path.join(out, "%s-%s.tsv" % (name, g)), "w") as f:
                subprocess.run([binary, "--group", g, "--libs", "rijn,OpenSSL,libgcrypt"],
                               env=env, stdout=f, check=True)


def load(d):
    rows = {}
    for path in sorted(glob.glob(os.path.join(d, "*-*.tsv"))):
        level = os.path.basename(path).split("-")[0]
        for line in open(path):
            p = line.rstrip("\n").split("\t")
            if p[0] == "row" and p[3] in SIZES and p[-1] == "ok":
                rows.setdefault((level, p[1], p[2], p[3]), {})[p[4]] = float(p[6])
    return rows


def best_peer(r):
    peers = {n: v for n, v in r.items() if n != "rijn"}
    if "rijn" not in r or not peers:
        return None
    n = min(peers, key=peers.get)
    return n, peers[n], r["rijn"] / peers[n]


def table(before, after=None):
    a, b = load(before), load(after) if after else None
    order = [lv[0] for lv in LEVELS]
    head = "| level | op | key bits | bytes | rijn | fastest peer | peer | rijn/peer |"
    rule = "|---|---|---|---|---|---|---|---|"
    if b is not None:
        head += " after: rijn | peer | rijn/peer |"
        rule += "---|---|---|"
    print(head)
    print(rule)
    for k in sorted(a, key=lambda k: (order.index(k[0]), k[1], int(k[2]), int(k[3]))):
        bp = best_peer(a[k])
        if bp is None or bp[2] <= 1.05:
            continue
        line = "| %s | %s | %s | %s | %.0f | %s | %.0f | %.2f |" % (
            k[0], k[1], k[2], k[3], a[k]["rijn"], bp[0], bp[1], bp[2])
        if b is not None:
            ap = best_peer(b.get(k, {}))
            line += (" %.0f | %.0f | %.2f |" % (b[k]["rijn"], ap[1], ap[2])) if ap else " - | - | - |"
        print(line)


def main(argv):
    if len(argv) >= 5 and argv[0] == "run" and argv[1] == "--bin" and argv[3] == "--out":
        run(argv[2], argv[4])
    elif len(argv) in (2, 3) and argv[0] == "table":
        table(*argv[1:])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
