"""peers.py -- tiny-AES-c, BearSSL and Mbed TLS on the MCU harness.

Used by mcu/measure.py (and tests/mcu/test_mcu_peers.sh through `python3
bench/mcu/peers.py --check`). The peers' sources come from
scripts/fetch-peers.sh (a cache outside the repository: never committed);
each is compiled here with exactly rijn's target flags and -Os/-O2
(mcu.Builder: same compiler, -ffunction-sections -fdata-sections, link
with --gc-sections), behind its adapter (bench/peers/<peer>.c behind
bench/peers/peer.h, the same adapter scripts/bench.sh builds for the host):
  - speed and painted stack: peer_bench.c, the operations of bench.c, same
    inputs, counted by the same QEMU plugin / simavr runner (measure.py's
    run_image); the image first checks the adapter against known answers
    (peer_kat.c) and exits 1 on any mismatch;
  - size: peer_feat.c, (program - empty program), as feat.c for rijn.
Peer code is compiled with -w (its warnings are not ours to fix).
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTERS = os.path.join(os.path.dirname(HERE), "peers")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "mcu"))
import mcu  # noqa: E402

ROOT = mcu.ROOT

BR_COMMON = ["src/symcipher/aes_common.c", "src/aead/gcm.c", "src/hash/ghash_ctmul32.c",
             "src/codec/ccopy.c", "src/codec/dec32be.c", "src/codec/enc32be.c",
             "src/codec/dec32le.c", "src/codec/enc32le.c"]


def br_files(v):
    """aes_small / aes_big have no aes_<v>.c (their key schedule is
    aes_common.c's); a missing entry is dropped at build time."""
    return ["src/symcipher/aes_%s%s.c" % (v, s) for s in
            ("", "_enc", "_dec", "_cbcenc", "_cbcdec", "_ctr")] + BR_COMMON


MBED_FILES = ["library/aes.c", "library/gcm.c", "library/cipher.c", "library/cipher_wrap.c",
              "library/platform_util.c", "library/constant_time.c"]
MBED_DEFS = ['MBEDTLS_CONFIG_FILE="mbedtls_peer_config.h"']
BR_328 = {
    "ct": "its bench image does not fit 2 KiB of RAM: aes_ct expands the key schedule to "
          "480 bytes on the stack at every call, beside three 244-byte key contexts "
          "(CBC-enc, CBC-dec, CTR); speed on the ATmega2560 (same AVR core)",
    "small": "its bench image does not link in 2 KiB of RAM: three 244-byte key contexts, "
             "the 256-byte S-box (avr-gcc keeps const data in RAM), the GCM context; speed "
             "on the ATmega2560 (same AVR core)"}

# id: label (column title; no spaces: it is the bench protocol's impl name),
# fetch name, adapter (bench/peers/), sources and include dirs (relative to the fetched
# tree), defines, optional parts, defines per size program, targets it is
# left off (with why), description
BR_HOW = "cbcenc_init + cbcenc_run over one block"
MBED_HOW = "setkey_enc + mbedtls_internal_aes_encrypt"
PEERS = [
    dict(id="tiny", label="tiny-AES-c", title="tiny-AES-c", ct=False, fetch="tinyaes",
         adapter="tiny.c", srcs=["tiny-AES-c/aes.c"], inc=["tiny-AES-c"],
         defs=["CBC=1", "ECB=1", "CTR=1"], has=["ECB"],
         feat={"ENC": ["CBC=0", "ECB=0", "CTR=1"], "ENCDEC": ["CBC=0", "ECB=1", "CTR=0"]},
         enc_how="CTR-only build: key setup + CTR over one block", skip={},
         desc="tiny-AES-c (AES128, S-box tables; CBC/CTR/ECB build)"),
    dict(id="bearssl_ct", label="BearSSL-aes_ct", title="BearSSL aes_ct", ct=True,
         fetch="bearssl", adapter="bearssl.c", srcs=br_files("ct"), inc=["inc", "src"],
         defs=["PEER_BR_CT"], has=["GCM"], feat={}, enc_how=BR_HOW, skip={},
         skip_bench={"avr328p": BR_328["ct"]},
         desc="BearSSL aes_ct (constant-time, bitsliced on 32-bit words) + ghash_ctmul32"),
    dict(id="bearssl_small", label="BearSSL-aes_small", title="BearSSL aes_small", ct=False,
         fetch="bearssl", adapter="bearssl.c", srcs=br_files("small"),
         inc=["inc", "src"], defs=["PEER_BR_SMALL"], has=["GCM"], feat={}, enc_how=BR_HOW,
         skip={}, skip_bench={"avr328p": BR_328["small"]},
         desc="BearSSL aes_small (S-box table) + ghash_ctmul32"),
    dict(id="bearssl_big", label="BearSSL-aes_big", title="BearSSL aes_big", ct=False,
         fetch="bearssl", adapter="bearssl.c", srcs=br_files("big"), inc=["inc", "src"],
         defs=["PEER_BR_BIG"], has=["GCM"], feat={}, enc_how=BR_HOW,
         skip={"avr328p": "its 2.3 KiB of tables are RAM on AVR (2 KiB)"},
         desc="BearSSL aes_big (T-tables) + ghash_ctmul32"),
    dict(id="mbedtls", label="MbedTLS", title="Mbed TLS", ct=False, fetch="mbedtls",
         adapter="mbedtls.c", srcs=MBED_FILES, inc=["include"], defs=MBED_DEFS,
         has=["ECB", "GCM"], feat={}, enc_how=MBED_HOW,
         skip={"avr328p": "8.5 KiB of AES tables (RAM on AVR)",
               "avr2560": "8.5 KiB of AES tables (RAM on AVR); see Mbed TLS fewer-tables"},
         desc="Mbed TLS 2.28 AES (MBEDTLS_AES_ROM_TABLES: 4+4 tables in flash), GCM"),
    dict(id="mbedtls_fewer", label="MbedTLS-fewer", title="Mbed TLS fewer-tables", ct=False,
         fetch="mbedtls", adapter="mbedtls.c", srcs=MBED_FILES, inc=["include"],
         defs=MBED_DEFS + ["PEER_MBED_FEWER=1"], has=["ECB", "GCM"], feat={},
         enc_how=MBED_HOW, skip={"avr328p": "2.5 KiB of AES tables (RAM on AVR: 2 KiB)"},
         desc="Mbed TLS 2.28 AES, MBEDTLS_AES_ROM_TABLES + MBEDTLS_AES_FEWER_TABLES, GCM"),
]
BY_ID = {p["id"]: p for p in PEERS}
CORRUPT = [False]  # --corrupt: spoil the known answers (every run must fail)


def fetch(names):
    """{fetch name: (source dir or None, version or why not)}"""
    r = subprocess.run(["bash", os.path.join(ROOT, "scripts", "fetch-peers.sh")] + list(names),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = {}
    for line in r.stdout.splitlines():
        p = line.split("\t")
        if len(p) == 3:
            out[p[0]] = (None if p[1] == "-" else p[1], p[2])
    for n in names:
        out.setdefault(n, (None, "fetch-peers.sh: " + r.stdout.strip()[-200:]))
    return out


class PeerBuild:
    """One peer, one target, one opt, one set of defines: its objects."""

    def __init__(self, tn, opt, peer, src_dir, defs):
        self.peer, self.src = peer, src_dir
        self.defs = list(defs)
        self.b = mcu.Builder(tn, opt, cfg=["peer=" + peer["id"]] + self.defs, tag="-peer")
        self.inc = []
        for d in peer["inc"]:
            self.inc += ["-isystem", os.path.join(src_dir, d)]
        self.inc += ["-I" + ADAPTERS, "-I" + HERE, "-idirafter", os.path.join(HERE, "shim")]

    def flags(self):
        return self.inc + ["-D" + d for d in self.defs] + [
            "-D" + "PEER_HAS_" + h for h in self.peer["has"]]

    def lib_objs(self):
        paths = [os.path.join(self.src, s) for s in self.peer["srcs"]]
        paths = [p for p in paths if os.path.exists(p) or not p.endswith(
            ("/aes_small.c", "/aes_big.c"))]  # see br_files
        missing = [p for p in paths if not os.path.exists(p)]
        if missing:
            raise SystemExit("peers: %s: missing %s" % (self.peer["id"], missing[0]))
        extra = self.flags() + ["-w"]
        objs = [self.b.obj(p, False, extra) for p in paths]
        objs.append(self.b.obj(os.path.join(ADAPTERS, self.peer["adapter"]), True, self.flags()))
        return objs

    def rt_objs(self):
        return [self.b.obj(s, True) for s in self.b.t["rt"]]

    def program(self, src, name, extra=()):
        """Our program file (bench/mcu/...) compiled under its own object name."""
        return self.b.obj_as(os.path.join(HERE, src), name + ".o", self.flags() + list(extra))


def bench_image(tn, opt, peer, src_dir):
    small_ram = ["PEER_SMALL_RAM=1"] if tn == "avr328p" else []  # see bearssl.c
    pb = PeerBuild(tn, opt, peer, src_dir, peer["defs"] + small_ram)
    extra = ['-DPEER_NAME="%s"' % peer["label"]]
    if tn == "avr328p":
        extra.append("-DPEER_BUF=256")
    objs = pb.lib_objs() + pb.rt_objs()
    objs.append(pb.program("peer_bench.c", "bench-peer", extra))
    objs.append(pb.program("peer_kat.c", "bench-peer-kat",
                           ["-DPEER_KAT_CORRUPT=1"] if CORRUPT[0] else []))
    return pb.b.link("bench-peer", objs), pb.b


def size_of_feature(tn, opt, peer, src_dir, feat):
    """flash/RAM of FEAT_<feat> minus FEAT_NONE, same defines; None if it
    does not link (does not fit)."""
    defs = peer["feat"].get(feat, peer["defs"])
    pb = PeerBuild(tn, opt, peer, src_dir, defs)
    objs = pb.lib_objs() + pb.rt_objs()
    res = []
    for f in ("NONE", feat):
        fo = pb.program("peer_feat.c", "feat-peer-%s" % f.lower(), ["-DFEAT_" + f])
        elf = pb.b.link("feat-peer-%s" % f.lower(), objs + [fo], quiet=True)
        if elf is None:
            return None
        out = subprocess.run([pb.b.t["size"], elf], stdout=subprocess.PIPE, text=True).stdout
        text, data, bss = (int(x) for x in out.splitlines()[1].split()[:3])
        res.append((text + data, data + bss))
    return {"flash": res[1][0] - res[0][0], "ram": res[1][1] - res[0][1], "fits": True}


def measure_peers(tn, opt, run_image, only=None, sizes=True):
    """{label: {"id", "desc", "bench": {op: {...}}, "sizes": {...}}},
    {label: why} for peers left out, {label: error} for peers that failed
    (build, known answers or run). run_image(tn, elf, dir) -> (res, secs)
    is measure.py's (the same parsing as rijn's bench)."""
    peers = [p for p in PEERS if only is None or p["id"] in only]
    got = fetch(sorted({p["fetch"] for p in peers}))
    res, skipped, failed = {}, {}, {}
    for p in peers:
        src, ver = got[p["fetch"]]
        if p["skip"].get(tn):
            skipped[p["label"]] = p["skip"][tn]
            continue
        if src is None:
            skipped[p["label"]] = "source not available: " + ver
            continue
        try:
            entry = {"id": p["id"], "desc": p["desc"], "version": ver, "bench": {}, "sizes": {}}
            why = p.get("skip_bench", {}).get(tn)
            if why:
                entry["bench_skipped"] = why
            else:
                elf, b = bench_image(tn, opt, p, src)
                r, _ = run_image(tn, elf, b.dir, opt)
                entry["bench"] = r.get(p["label"], {})
            if sizes:
                for feat, key in (("ENC", "aes128_enc"), ("ENCDEC", "aes128_encdec")):
                    s = size_of_feature(tn, opt, p, src, feat)
                    entry["sizes"][key] = s if s else {"fits": False}
        except SystemExit as e:  # a build, a known answer or a run failed
            failed[p["label"]] = str(e)
            continue
        res[p["label"]] = entry
    return res, skipped, failed


def main():
    """--check [--targets m3,avr2560] [--opts Os]: build and run each peer's
    bench image (known answers first) and print one line per run."""
    import argparse
    import measure
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--targets", default="m3,avr2560")
    ap.add_argument("--opts", default="Os")
    ap.add_argument("--peers", default="")
    ap.add_argument("--corrupt", action="store_true",
                    help="harness check: spoil every known answer; every run must fail")
    a = ap.parse_args()
    CORRUPT[0] = a.corrupt
    only = a.peers.split(",") if a.peers else None
    bad = ran = 0
    for tn in a.targets.split(","):
        if not mcu.tool_ok(mcu.TARGETS[tn]):
            print("peers: %s: tools missing, skipped" % tn)
            continue
        for opt in a.opts.split(","):
            res, skipped, failed = measure_peers(tn, opt, measure.run_image, only,
                                                 sizes=not a.check)
            for label, why in failed.items():
                ran += 1
                bad += 1
                print("peers: %s -%s %s: FAILED: %s" % (tn, opt, label, why))
            for label, e in res.items():
                if e.get("bench_skipped"):
                    print("peers: %s -%s %s: bench left out (%s)" % (tn, opt, label,
                                                                   e["bench_skipped"]))
                    continue
                ran += 1
                ops = e["bench"]
                blk = ops.get("enc_block_128", {}).get("count")
                ok = blk is not None and "seed_cbc_pkcs7_48" in ops
                bad += 0 if ok else 1
                print("peers: %s -%s %s: known answers ok, %d operations measured, "
                      "one block %s%s" % (tn, opt, label, len(ops), blk,
                                          "" if ok else "  FAILED"))
            for label, why in skipped.items():
                print("peers: %s -%s %s: left out (%s)" % (tn, opt, label, why))
    print("%d passed, %d failed" % (ran - bad, bad))
    return 1 if bad or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
