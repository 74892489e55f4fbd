#!/usr/bin/env python3
"""measure.py -- deterministic cost of rijn on the MCU targets.

  python3 mcu/measure.py [--targets m0,m3,...] [--opts Os,O2]
        [--json docs/mcu-results.json] [--md docs/BENCHMARKS-MCU.md]

Counts: instructions (and data loads) under QEMU with our TCG plugin
(bench/insn_plugin.c) between bench_start and bench_stop; cycles under
simavr (exact). Cortex-M3/M4 cycles are ESTIMATED as instructions + loads.
Sizes: per-feature links (bench/feat.c) with --gc-sections, minus an empty
program. Stack: painting at run time (bench.c) and -fstack-usage /
-fcallgraph-info call chains (static, where GCC gives them).
Everything in the generated files comes from these runs.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mcu  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "peers"))
import peers  # noqa: E402
import peers_report  # noqa: E402

ROOT, MCU, BUILD = mcu.ROOT, mcu.MCU, mcu.BUILD
def aes_lib():
    return mcu.aes_files() + ["core/util.c", "core/cpu.c"]


def plugin_path():
    out = os.path.join(BUILD, "insn_plugin.so")
    src = os.path.join(MCU, "bench/insn_plugin.c")
    if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(src):
        os.makedirs(BUILD, exist_ok=True)
        tmp = "%s.tmp%d" % (out, os.getpid())
        mcu.run(["gcc", "-O2", "-shared", "-fPIC", "-Wall", "-Wextra", "-Werror", "-o", tmp, src])
        os.replace(tmp, out)
    return out


def sym(t, elf, name):
    out = subprocess.run([t["nm"], elf], stdout=subprocess.PIPE, text=True).stdout
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[2] == name:
            return int(p[0], 16)
    raise SystemExit("measure: symbol %s missing in %s" % (name, elf))


def bench_cfg(tn):
    return mcu.TARGETS[tn]["cfg"]


def run_bench(tn, opt):
    """Build and run bench.c; returns {impl: {op: {count, loads, stack}}}."""
    res, secs = {}, 0.0
    images = [("all", [])]
    if tn == "avr328p":  # 2 KiB of RAM: a small buffer, two images
        off = ["-DBENCH_AES=0", "-DBENCH_AEAD=0", "-DBENCH_OTHER=0"]
        images = [(n, ["-DBENCH_BUF=256"] + [o for o in off if n.upper() not in o] +
                   (["-DBENCH_BIGHASH=0"] if n == "other" else []))  # SHA-512/SHA-3: flash
                  for n in ("aes", "aead", "other")]
    for img, extra in images:
        r, s = run_bench_image(tn, opt, img, extra)
        for impl, ops in r.items():
            res.setdefault(impl, {}).update(ops)
        secs += s
    return res, secs


def run_bench_image(tn, opt, img, extra):
    t = mcu.TARGETS[tn]
    b = mcu.Builder(tn, opt, tag="-bench")
    objs = b.objs(mcu.lib_files(), [], ())
    objs += [b.obj(s, True) for s in t["rt"]]
    objs.append(b.obj_as("bench/bench.c", "bench-%s.o" % img, extra))
    elf = b.link("bench-" + img, objs)
    return run_image(tn, elf, b.dir, opt)


def run_image(tn, elf, bdir, opt=""):
    """Run a bench image (bench.c's protocol; the peers' peer_bench.c too)
    under the plugin or simavr; returns ({impl: {op: {count, loads,
    stack, ...}}}, seconds)."""
    t = mcu.TARGETS[tn]
    if t["kind"] == "avr":
        st, out, err, secs = mcu.emulate(tn, elf, bdir, 600)
        counts = [(int(m), None) for m in re.findall(r"@cycles (\d+)", err)]
        profs = [{} for _ in counts]
    else:
        log = os.path.join(bdir, "plugin-%d.log" % os.getpid())
        if os.path.exists(log):
            os.remove(log)
        pl = "%s,start=0x%x,stop=0x%x,profile=on" % (
            plugin_path(), sym(t, elf, "bench_start"), sym(t, elf, "bench_stop"))
        st, out, err, secs = mcu.emulate(tn, elf, bdir, 600,
                                         extra=["-plugin", pl, "-d", "plugin", "-D", log])
        text = open(log).read() if os.path.exists(log) else ""
        if os.path.exists(log):
            os.remove(log)
        counts, profs = [], []
        for block in text.split("@insns ")[1:]:
            lines = block.splitlines()
            a, _, l = lines[0].split()[:3]
            counts.append((int(a), int(l)))
            fns = {}
            for ln in lines[1:]:
                if ln.startswith("@fn "):
                    _, name, n = ln.split()
                    fns[name] = int(n)
            profs.append(fns)
    labels = re.findall(r"^M (\S+) (\S+)$", out, re.M)
    stacks = [int(x) for x in re.findall(r"^S (\d+)$", out, re.M)]
    if st != 0 or len(labels) != len(counts) or len(stacks) != len(labels):
        sys.stdout.write(out + err)
        raise SystemExit("measure: %s -%s %s failed (exit %d, %d labels, %d counts)"
                         % (tn, opt, os.path.basename(elf), st, len(labels), len(counts)))
    res = {}
    base = {}
    for (impl, op), (c, l), s, pf in zip(labels, counts, stacks, profs):
        if op == "empty":
            base[impl] = (c, l or 0)
            continue
        c0, l0 = base[impl]
        d = {"count": c - c0, "stack": s}
        if l is not None:
            d["loads"] = l - l0
        if op in OP_ROOTS:
            d["stack_static"] = static_stack(bdir, None, tuple(OP_ROOTS[op]), impl)
        if pf:
            top = sorted(pf.items(), key=lambda kv: -kv[1])[:4]
            d["top"] = [[k, v] for k, v in top if k not in ("bench_start", "bench_stop")]
        res.setdefault(impl, {})[op] = d
    return res, secs


# ---- code size per feature ------------------------------------------------
CT32 = ["RIJN_CFG_AES_CT32=1", "RIJN_CFG_AES_SMALL=0", "RIJN_CFG_AES_ARMV7M=0",
        "RIJN_CFG_AES_AVR=0", "RIJN_CFG_AES_TTABLE=0"]
SMALL = ["RIJN_CFG_AES_CT32=0", "RIJN_CFG_AES_SMALL=1", "RIJN_CFG_AES_ARMV7M=0",
         "RIJN_CFG_AES_AVR=0", "RIJN_CFG_AES_TTABLE=0"]
# ct32 with the Thumb-2 block function (src/aes/aes_ct32_armv7m.c), where it exists
CT32ASM = ["RIJN_CFG_AES_CT32=1", "RIJN_CFG_AES_SMALL=0", "RIJN_CFG_AES_ARMV7M=1",
           "RIJN_CFG_AES_AVR=0", "RIJN_CFG_AES_TTABLE=0"]
# the SRAM table class (src/aes/aes_ttable.c; cache-less 32-bit cores only)
TTABLE = ["RIJN_CFG_AES_CT32=0", "RIJN_CFG_AES_SMALL=0", "RIJN_CFG_AES_AVR=0",
          "RIJN_CFG_AES_TTABLE=1"]
TTABLE_TARGETS = ("m0", "m3", "m4", "m33", "rv32")
THUMB2 = ("m3", "m4", "m33")
# assembly variants of ct32 per target (the "ct32" goals consider them)
CT32_VARIANTS = {"m0": ["ct32v6m"], "m3": ["ct32asm"], "m4": ["ct32asm"], "m33": ["ct32asm"]}
# the AVR class (src/aes/aes_avr.c; decryption is small's, so enc+dec needs small)
AVRC = ["RIJN_CFG_AES_CT32=0", "RIJN_CFG_AES_SMALL=0", "RIJN_CFG_AES_ARMV7M=0",
        "RIJN_CFG_AES_AVR=1"]
AVRC_DEC = ["RIJN_CFG_AES_CT32=0", "RIJN_CFG_AES_SMALL=1", "RIJN_CFG_AES_ARMV7M=0",
            "RIJN_CFG_AES_AVR=1"]
ONLY128 = ["RIJN_CFG_AES_192=0", "RIJN_CFG_AES_256=0"]
ENC_ONLY = ["RIJN_CFG_AES_DECRYPT=0"] + ONLY128

# (name, FEAT_ macro, RIJN_CFG list or None = the target's default
#  configuration, library files, description)
FEATURES = [
    ("aes128_enc_ct32", "AES_ENC", CT32 + ENC_ONLY, "AES",
     "AES-128 encrypt-only with key setup, ct32 (decryption, 192/256 compiled out)"),
    ("aes128_enc_small", "AES_ENC", SMALL + ENC_ONLY, "AES",
     "AES-128 encrypt-only with key setup, small"),
    ("aes128_enc_smallcompact", "AES_ENC", SMALL + ENC_ONLY + ["RIJN_CFG_AES_SMALL_COMPACT=1"],
     "AES", "AES-128 encrypt-only with key setup, small compact"),
    ("aes128_enc_ct32asm", "AES_ENC", CT32ASM + ENC_ONLY, "AES",
     "AES-128 encrypt-only with key setup, ct32asm (Thumb-2 targets)"),
    ("aes128_enc_avr", "AES_ENC", AVRC + ENC_ONLY, "AES",
     "AES-128 encrypt-only with key setup, avr (AVR targets)"),
    ("aes128_enc_avrcompact", "AES_ENC", AVRC + ENC_ONLY + ["RIJN_CFG_AES_AVR_COMPACT=1"], "AES",
     "AES-128 encrypt-only with key setup, avr compact (RIJN_CFG_AES_AVR_COMPACT=1)"),
    ("aes128_enc_ttable", "AES_ENC", TTABLE + ENC_ONLY, "AES",
     "AES-128 encrypt-only with key setup, ttable (cache-less 32-bit cores)"),
    ("aes_encdec_cbcpad_ttable", "CBC_PAD", TTABLE, None,
     "AES-128/192/256 encrypt+decrypt + CBC + PKCS#7, ttable (the default on cache-less cores)"),
    ("aes_encdec_cbcpad_ttable4", "CBC_PAD", TTABLE + ["RIJN_CFG_AES_TTABLE_TABLES=4"],
     None, "the same with RIJN_CFG_AES_TTABLE_TABLES=4"),
    ("aes128_encdec_ct32", "AES_ENCDEC", CT32 + ONLY128, "AES", "AES-128 encrypt+decrypt, ct32"),
    ("aes128_encdec_small", "AES_ENCDEC", SMALL + ONLY128, "AES",
     "AES-128 encrypt+decrypt, small"),
    ("aes_encdec_ct32", "AES_ENCDEC", CT32, "AES", "AES-128/192/256 encrypt+decrypt, ct32"),
    ("aes_encdec_small", "AES_ENCDEC", SMALL, "AES", "AES-128/192/256 encrypt+decrypt, small"),
    ("aes_encdec_avr", "AES_ENCDEC", AVRC_DEC, "AES",
     "AES-128/192/256 encrypt (avr) + decrypt (small), AVR targets"),
    ("aes_encdec_default", "AES_ENCDEC", None, "AES",
     "AES-128/192/256 encrypt+decrypt, default classes (the base of the rows below)"),
]
for _m, _d in (("ECB", "ECB"), ("CBC", "CBC"), ("CBC_PAD", "CBC + PKCS#7"),
               ("CTS", "CBC-CS1/2/3"), ("CFB128", "CFB128"), ("CFB8", "CFB8"), ("CFB1", "CFB1"),
               ("OFB", "OFB"), ("CTR", "CTR")):
    FEATURES.append(("mode_" + _m.lower(), _m, None, None, _d + " encrypt+decrypt (one-shot)"))
FEATURES += [
    ("gcm", "GCM", None, None, "AES-GCM init+seal+open"),
    ("ccm", "CCM", None, None, "AES-CCM init+seal+open"),
    ("chachapoly", "CHACHAPOLY", None, None, "ChaCha20-Poly1305 init+seal+open"),
    ("sha256", "SHA256", None, None, "SHA-256 one-shot"),
    ("chacha20", "CHACHA20", None, None, "ChaCha20 (RFC 8439) one-shot"),
    ("poly1305", "POLY1305", None, None, "Poly1305 one-shot"),
    ("ascon", "ASCON", None, None, "Ascon-AEAD128 init+seal+open"),
    ("ascon_small", "ASCON", ["RIJN_CFG_ASCON_SMALL=1"], None,
     "Ascon-AEAD128 init+seal+open, RIJN_CFG_ASCON_SMALL=1"),
    ("ascon_hash", "ASCON_HASH", None, None, "Ascon-Hash256 init+update+final"),
    ("sha512", "SHA512", None, None, "SHA-512 one-shot"),
    ("sha3", "SHA3", None, None, "SHA3-256 one-shot"),
    ("x25519", "X25519", None, None, "X25519 (one scalar multiplication)"),
]


def default_cfg(tn):
    return []  # the library's auto settings (ct32 on 32-bit, small on AVR)


def size_of(t, elf):
    out = subprocess.run([t["size"], elf], stdout=subprocess.PIPE, text=True).stdout
    text, data, bss = (int(x) for x in out.splitlines()[1].split()[:3])
    return {"flash": text + data, "ram": data + bss}


def callgraph(d, feat_ci=None):
    """Merge the -fcallgraph-info .ci files of a build directory: the
    library's and our runtime's, and one feature program's."""
    own, edges = {}, {}
    for f in os.listdir(d):
        if not f.endswith(".ci") or (f.startswith(("feat-", "bench")) and f != feat_ci):
            continue
        for line in open(os.path.join(d, f)):
            m = re.match(r'node: \{ title: "([^"]+)" label: "[^"]*\\n([^"\\]*)\\n(\d+) bytes', line)
            if m:
                own[m.group(1)] = (int(m.group(3)), m.group(2))
                continue
            m = re.match(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"', line)
            if m:
                edges.setdefault(m.group(1), set()).add(m.group(2))
    return own, edges


CLASS_FILES = {"ttable": r"aes_ttable\w*\.c", "ct32": r"aes_ct32\.c", "ct32asm": r"aes_ct32(_armv7m)?\.c",
               "small": r"aes_small\.c", "avr": r"aes_(avr|small)\.c"}
OP_ROOTS = {"setup_enc_128": ["rijn_aes_init_enc"], "enc_block_128": ["rijn_aes_encrypt_blocks"],
            "dec_block_128": ["rijn_aes_decrypt_blocks"], "ctr_1024": ["rijn_ctr_crypt"],
            "cbc_dec_1024": ["rijn_cbc_decrypt"], "gcm_seal_1024": ["rijn_gcm_seal"],
            "seed_cbc_pkcs7_48": ["rijn_aes_init", "rijn_cbc_pad_encrypt",
                                  "rijn_cbc_pad_decrypt"]}


def static_stack(d, feat_ci, roots=("main",), impl=None):
    """Worst-case stack of root from the call graph. Calls through a
    function pointer are resolved to the AES and GHASH class functions
    (aes_ct32.c, aes_small.c, ghash_ct32.c): the only indirect calls in
    the library. Root: the feature program's main, less main's own frame.
    None if there is no call graph (avr-gcc 5.4 has no -fcallgraph-info)."""
    own, edges = callgraph(d, feat_ci)
    if not own:
        return None
    globals_ = {}
    for k in own:
        globals_.setdefault(k.split(":")[-1], k)
    pat = CLASS_FILES.get(impl, r"aes_ct32|aes_small|aes_avr|aes_ttable") if impl else \
        r"aes_ct32|aes_small|aes_avr|aes_ttable"
    ind = [k for k, v in own.items()
           if re.search(r"(%s|ghash_ct32\.c)" % pat, v[1])]
    memo = {}

    def depth(n, stack=()):
        """Deepest chain below n; recursion (none in the library) is cut.
        Memoised only outside any cycle cut, which this graph does not have
        except through the indirect-call placeholder."""
        if n == "__indirect_call":
            return max([depth(x, stack) for x in ind] or [0])
        key = n if n in own else globals_.get(n.split(":")[-1])
        if key is None:
            return 0  # external (libgcc) or inlined away
        if key in stack:
            return 0
        if key in memo:
            return memo[key]
        best = max([depth(x, stack + (key,)) for x in edges.get(key, ())] or [0])
        if not stack:
            memo[key] = own[key][0] + best
        return own[key][0] + best

    if roots == ("main",):
        if "main" not in own:
            return None
        return depth("main") - own["main"][0]
    if any(r not in own for r in roots):
        return None
    return max(depth(r) for r in roots)


def build_feature(tn, opt, name, macro, cfg, lib):
    t = mcu.TARGETS[tn]
    cfg = default_cfg(tn) if cfg is None else cfg
    b = mcu.Builder(tn, opt, cfg=cfg, tag="-feat")
    objs = b.objs(aes_lib() if lib == "AES" else mcu.lib_files(), [], ())
    rt = [b.obj(s, True) for s in t["rt"]]
    fo = b.obj_as("bench/feat.c", "feat-%s.o" % name, ["-DFEAT_" + macro])
    return b.link("feat-" + name, objs + rt + [fo], quiet=True), b


def run_sizes(tn, opt):
    t = mcu.TARGETS[tn]
    res = {}
    bases = {}
    for name, macro, cfg, lib, desc in FEATURES:
        if "ct32asm" in name and (tn not in THUMB2 or not os.path.exists(
                os.path.join(ROOT, "src/aes/aes_ct32_armv7m.c"))):
            continue
        if "ttable" in name and tn not in TTABLE_TARGETS:
            continue
        if "_avr" in name and (mcu.TARGETS[tn]["kind"] != "avr" or not os.path.exists(
                os.path.join(ROOT, "src/aes/aes_avr.c"))):
            continue
        key = (tuple(default_cfg(tn) if cfg is None else cfg), lib)
        if key not in bases:
            elf, b = build_feature(tn, opt, "none", "NONE", cfg, lib)
            bases[key] = size_of(t, elf)
        elf, b = build_feature(tn, opt, name, macro, cfg, lib)
        if elf is None:
            res[name] = {"fits": False}
            continue
        s = size_of(t, elf)
        base = bases[key]
        res[name] = {"flash": s["flash"] - base["flash"], "ram": s["ram"] - base["ram"],
                     "stack_static": static_stack(b.dir, "feat-%s.ci" % name), "fits": True}
    return res


# ---- report -----------------------------------------------------------------
TARGETS_GOALS = [
    # (id, text, target, impl or None (best), measure, limit)
    ("m3_block", "ct32: instructions per AES-128 block, Cortex-M3", "m3", "ct32", 1400),
    ("m0_block", "ct32 (incl. ct32v6m): instructions per AES-128 block, Cortex-M0", "m0", "ct32",
     2500),
    ("avr_block", "cycles per AES-128 block, AVR (best class)", "avr328p", None, 2500),
    ("m3_flash", "AES-128 encrypt-only with key setup, flash bytes, Cortex-M3 -Os (best class)",
     "m3", None, 900),
    ("stack", "stack for one block (painted), bytes, every target (worst class)", None, None, 300),
]
# The seeds' job (issue 12): (id, text, target, class, operation or size key, limit); best of
# -Os / -O2 for counts, -Os for flash. ttable is the default class on these cores.
SEED_GOALS = [
    ("m3_seed", "seeds' job (enc+dec key setup, 48 B PKCS#7 CBC enc + dec), Cortex-M3, instructions",
     "m3", "ttable", "seed_cbc_pkcs7_48", 9000),
    ("m3_one", "one-block call AES-128, Cortex-M3, instructions", "m3", "ttable",
     "enc_block_128", 800),
    ("m3_setup", "encryption key setup AES-128, Cortex-M3, instructions", "m3", "ttable",
     "setup_enc_128", 1000),
    ("m0_seed", "seeds' job, Cortex-M0, instructions", "m0", "ttable", "seed_cbc_pkcs7_48", 15000),
    ("m0_one", "one-block call AES-128, Cortex-M0, instructions", "m0", "ttable",
     "enc_block_128", 1500),
    ("rv32_seed", "seeds' job, RV32IMAC, instructions", "rv32", "ttable", "seed_cbc_pkcs7_48",
     12000),
    ("rv32_one", "one-block call AES-128, RV32IMAC, instructions", "rv32", "ttable",
     "enc_block_128", 1000),
    ("avr_seed", "seeds' job, ATmega328P, cycles", "avr328p", "avr", "seed_cbc_pkcs7_48", 26000),
    ("avr_one", "one-block call AES-128, ATmega328P, cycles", "avr328p", "avr", "enc_block_128",
     2000),
    ("m0_flash", "flash, AES-128/192/256 enc+dec + CBC + PKCS#7, Cortex-M0 -Os, bytes (ttable; "
     "its SRAM tables: 2,560 bytes)", "m0", "ttable", "aes_encdec_cbcpad_ttable", 4096),
    ("m3_flash_all", "flash, AES-128/192/256 enc+dec + CBC + PKCS#7, Cortex-M3 -Os, bytes "
     "(ttable; its SRAM tables: 2,560 bytes)", "m3", "ttable", "aes_encdec_cbcpad_ttable", 4096),
    ("m3_fixsliced", "fixsliced class (for cached cores): instructions per block, Cortex-M3, "
     "64-block call", "m3", "ct32asm", "per_block", 1150),
]
OPS = ["setup_first_128", "setup_enc_128", "setup_encdec_128", "enc_block_128", "dec_block_128", "enc_64blocks_128",
       "setup_encdec_256", "enc_block_256", "dec_block_256", "ctr_16", "ctr_64", "ctr_1024",
       "cbc_enc_16", "cbc_enc_64", "cbc_enc_1024", "cbc_dec_16", "cbc_dec_64", "cbc_dec_1024",
       "gcm_setup_128", "gcm_seal_16", "gcm_seal_64", "gcm_seal_1024", "seed_cbc_pkcs7_48"]
OTHER_OPS = ["chachapoly_setup", "chachapoly_seal_64", "sha256_0", "sha256_64", "chacha20_64",
             "chacha20_1024", "poly1305_64", "poly1305_1024", "ascon_seal_64",
             "ascon_seal_1024", "ascon_hash256_64", "ascon_hash256_1024", "sha512_0",
             "sha512_64", "sha3_256_64", "x25519"]

# Cifra's published per-primitive figures (README.md of github.com/ctz/cifra
# at commit 00ac5952d7663f47bc72f645c0658854ba05f382): cycles, stack bytes,
# code bytes on Cortex-M0 / M3 / M4F, measured by its author on boards.
# Quoted as published, never measured here. (label, their test, our
# operations summed, our size feature)
CIFRA_COMMIT = "00ac5952d7663f47bc72f645c0658854ba05f382"
CIFRA = [
    ("ChaCha20", "encrypt a 64-byte message", ["chacha20_64"], "chacha20",
     {"m0": (5630, 568, 1612), "m3": (3448, 568, 1632), "m4": (3323, 568, 1632)}),
    ("SHA-256", "hash the empty string", ["sha256_0"], "sha256",
     {"m0": (21866, 460, 1776), "m3": (15476, 456, 1804), "m4": (15204, 456, 1804)}),
    ("SHA-512", "hash the empty string", ["sha512_0"], "sha512",
     {"m0": (55828, 780, 2848), "m3": (43029, 836, 2976), "m4": (42019, 836, 2968)}),
    ("Curve25519 / X25519", "one point multiplication (Cifra: tweetnacl)", ["x25519"],
     "x25519", {"m0": (73304448, 1740, 1584), "m3": (30659678, 1684, 1552),
                "m4": (27143485, 1684, 1560)}),
]


def tool_versions():
    v = {}
    for name, cmd in (("arm-none-eabi-gcc", ["arm-none-eabi-gcc", "--version"]),
                      ("riscv64-unknown-elf-gcc", ["riscv64-unknown-elf-gcc", "--version"]),
                      ("avr-gcc", ["avr-gcc", "--version"]),
                      ("qemu-system-arm", ["qemu-system-arm", "--version"]),
                      ("simavr", ["dpkg-query", "-W", "-f=${Version}", "simavr"])):
        try:
            v[name] = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True).stdout.splitlines()[0].strip()
        except (OSError, IndexError):
            v[name] = "missing"
    return v


def git_state():
    head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                          stdout=subprocess.PIPE, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--", "src", "include"],
                           stdout=subprocess.PIPE, text=True).stdout.strip()
    return head, bool(dirty)


def per_block(ops, key="enc_64blocks_128"):
    """Instructions (cycles) per block over 64 blocks (1 KiB): raw block
    encryption (default) or CTR (key="ctr_1024")."""
    c = ops.get(key)
    return c["count"] / 64.0 if c else None


def fmt(n):
    if n is None:
        return "–"
    if isinstance(n, float):
        return "{:,.0f}".format(n)
    return "{:,}".format(n)


def goals(data):
    out = []
    runs = data["runs"]

    def best(tn, impl, key):
        vals = []
        for opt in ("Os", "O2"):
            r = runs.get(tn, {}).get(opt)
            if not r:
                continue
            for im, ops in r["bench"].items():
                if im == "-" or (impl and im != impl) or key not in ops:
                    continue
                vals.append((ops[key]["count"], im, opt))
        return min(vals) if vals else None

    for gid, text, tn, impl, limit in TARGETS_GOALS:
        if gid in ("m3_block", "m0_block", "avr_block"):
            one = best(tn, impl, "enc_block_128")
            bulk = None
            for opt in ("Os", "O2"):
                r = runs.get(tn, {}).get(opt)
                for im, ops in (r["bench"].items() if r else []):
                    if im == "-" or (impl and im != impl):
                        continue
                    pb = per_block(ops)
                    if pb is not None and (bulk is None or pb < bulk[0]):
                        bulk = (pb, im, opt)
            # ct32's assembly variants count as ct32: Thumb-2 (ct32asm) on
            # M3/M4/M33, Thumb-1 (ct32v6m) on the M0
            for var in (CT32_VARIANTS.get(tn, []) if impl == "ct32" else []):
                a = best(tn, var, "enc_block_128")
                if a and (one is None or a < one):
                    one = a
                for opt in ("Os", "O2"):
                    r = runs.get(tn, {}).get(opt)
                    ops = r["bench"].get(var) if r else None
                    pb = per_block(ops) if ops else None
                    if pb is not None and (bulk is None or pb < bulk[0]):
                        bulk = (pb, var, opt)
            measured = ("one-block call %s (%s -%s); %s per block in a 64-block call (%s -%s)" % (
                fmt(one[0]), one[1], one[2], fmt(bulk[0]), bulk[1], bulk[2])) if one and bulk \
                else "not measured"
            ok1 = bool(one and one[0] <= limit)
            okb = bool(bulk and bulk[0] <= limit)
            out.append((text, "≤ {:,}".format(limit), measured,
                        "met" if ok1 and okb else "met for one-block calls only" if ok1 else
                        "met for multi-block calls only" if okb else "not met"))
        elif gid == "m3_flash":
            vals = []
            r = runs.get("m3", {}).get("Os")
            for k, v in (r["sizes"].items() if r else []):
                if k.startswith("aes128_enc_") and v.get("fits"):
                    vals.append((v["flash"], k.replace("aes128_enc_", "")))
            b = min(vals) if vals else None
            out.append((text, "≤ {:,}".format(limit),
                        ", ".join("%s %s" % (n, fmt(f)) for f, n in sorted(vals, key=lambda x: x[1]))
                        or "not measured", "met" if b and b[0] <= limit else "not met"))
        elif gid == "stack":
            worst = None
            for tn2, per in runs.items():
                for opt, r in per.items():
                    for im, ops in r["bench"].items():
                        if "enc_block_128" in ops:
                            s = ops["enc_block_128"]["stack"]
                            if worst is None or s > worst[0]:
                                worst = (s, tn2, im, opt)
            out.append((text, "≤ {:,}".format(limit),
                        "worst %s bytes (%s, %s -%s)" % worst if worst else "not measured",
                        "met" if worst and worst[0] <= limit else "not met"))
        out[-1] = out[-1] + (peers_report.goal_peer(runs, gid, tn),)
    for gid, text, tn, impl, key, limit in SEED_GOALS:
        if "flash" in gid:
            v = ((runs.get(tn, {}).get("Os") or {}).get("sizes") or {}).get(key) or {}
            got = (v["flash"], impl, "Os") if v.get("fits") else None
            peer = peers_report.goal_peer_flash(runs, tn)
        elif key == "per_block":
            got = None
            for opt in ("Os", "O2"):
                r = runs.get(tn, {}).get(opt)
                pb = per_block(r["bench"].get(impl)) if r and r["bench"].get(impl) else None
                if pb is not None and (got is None or pb < got[0]):
                    got = (pb, impl, opt)
            peer = peers_report.goal_peer(runs, "m3_block", tn)
        else:
            got = best(tn, impl, key)
            peer = peers_report.goal_peer_op(runs, tn, key)
        out.append((text, "≤ {:,}".format(limit),
                    "%s (%s -%s)" % (fmt(got[0]), got[1], got[2]) if got else "not measured",
                    "met" if got and got[0] <= limit else "not met", peer))
    return out


def cifra_section(data, w):
    """rijn's toolbox figures (-Os) beside Cifra's published ones."""
    rows = []
    for label, test, ops, feat, pub in CIFRA:
        for tn in ("m0", "m3", "m4"):
            per = data["runs"].get(tn, {}).get("Os")
            if not per:
                continue
            other = per["bench"].get("-", {})
            ds = [other.get(op) for op in ops]
            ins = sum(d["count"] for d in ds) if all(ds) else None
            est = (sum(d["count"] + d.get("loads", 0) for d in ds)
                   if all(ds) and tn in ("m3", "m4") and all("loads" in d for d in ds) else None)
            stack = max(d.get("stack", 0) for d in ds) if all(ds) else None
            size = per["sizes"].get(feat, {})
            c, cs, cz = pub[tn]
            rows.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                label, mcu.TARGETS[tn]["title"].split(" (")[0], fmt(ins), fmt(est), fmt(stack),
                fmt(size.get("flash")) if size.get("fits") else "–", fmt(c), fmt(cs), fmt(cz)))
    if not rows:
        return
    w("## The toolbox beside Cifra's published figures")
    w("")
    w("| primitive | core | rijn instructions | rijn est. cycles | rijn stack (painted) | "
      "rijn flash | Cifra cycles (published) | Cifra stack (published) | "
      "Cifra code (published) |")
    w("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        w(r)
    w("")
    w("Notes: the Cifra columns are **published** figures, quoted from the README of Cifra "
      "(https://github.com/ctz/cifra, README.md at commit `%s`): cycles, stack and code size "
      "its author measured on Cortex-M0, M3 and M4F boards; they were not measured here. "
      "The same operations as Cifra's tests: ChaCha20 encrypts 64 bytes; SHA-256 and SHA-512 "
      "hash the empty string (one compression); Curve25519 is one scalar multiplication "
      "(Cifra's row is tweetnacl's, its smallest and slowest code). rijn's figures are from "
      "this run at -Os: instructions counted under QEMU (M0/M3/M4 soft-float here, M4F there), "
      "estimated cycles = instructions + loads (M3/M4 only; an estimate), stack painted "
      "around the call, flash of a program with that one call (`mcu/bench/feat.c`)." %
      CIFRA_COMMIT)
    w("")


def write_md(data, path):
    L = []
    w = L.append
    head, dirty = data["commit"], data["dirty"]
    w("# rijn on microcontrollers: measured costs")
    w("")
    w("Generated by `scripts/mcu-measure.sh` (mcu/measure.py) — every number below comes from "
      "that run; do not edit by hand. Raw data: `docs/mcu-results.json`.")
    w("")
    w("Source: commit `%s`%s. Toolchains: %s." % (
        head, " plus uncommitted changes in src/ or include/" if dirty else "",
        "; ".join("%s: %s" % kv for kv in data["tools"].items())))
    w("")
    w("Host CPU (runs the compilers and emulators; the counts do not depend on it): %s."
      % data.get("host_cpu", "not recorded"))
    w("")
    w("How it is counted:")
    w("")
    w("- **Instructions** (Cortex-M, RV32): exact guest instruction counts under QEMU TCG with "
      "our plugin (`mcu/bench/insn_plugin.c`), between the entries of `bench_start` and "
      "`bench_stop`, minus the empty region. Repeatable to the instruction.")
    w("- **Cycles** (AVR): simavr's cycle counter between two GPIOR1 writes, minus the empty "
      "region. simavr is cycle-exact for the AVR core.")
    w("- **Estimated cycles** (Cortex-M3/M4 only): instructions + data loads (each memory access "
      "of a load instruction counts one). An ESTIMATE, not a measurement: QEMU has no "
      "Cortex-M timing model.")
    w("- **Flash / RAM**: a program per feature (`mcu/bench/feat.c`) linked with "
      "`--gc-sections`, minus the empty program: the linked function set and its constant "
      "tables (flash = text + data), and static RAM (data + bss) including the feature's "
      "context object (on AVR also the S-box tables, which avr-gcc keeps in RAM).")
    w("- **Stack**: painted at run time below the caller's stack pointer around each measured "
      "call (`HAL_STACK_PAINT`/`HAL_STACK_USED`); and, statically, an upper bound: the worst "
      "call chain from `-fcallgraph-info=su` (GCC 12; avr-gcc 5.4 has no call graph, so AVR "
      "has painted figures only), calls through the AES/GHASH class pointers resolved to "
      "every function of the class's files.")
    w("- 1 KiB on the ATmega328P (2 KiB RAM): CTR and CBC as 4 calls of 256 bytes, GCM as one "
      "streaming message in 4 updates.")
    w("- Library configuration: the targets' defaults plus every AES class compiled in "
      "(Cortex-M/RV32: ttable — the default there, SRAM tables, built at the first key setup: "
      "the setup_first_128 row — plus ct32 (and its assembly) and small; ATmega2560: avr, ct32 "
      "and small; ATmega328P: avr and small — ct32 alone is ~18–32 KiB of AVR code). The "
      "seeds' job (seed_cbc_pkcs7_48): key setup for both directions, PKCS#7 CBC encryption "
      "of the 48-byte string and its decryption, one measured region.")
    if peers_report.method_note(data):
        w(peers_report.method_note(data))
    w("")
    if data.get("failed"):
        w("**Runs that failed** (left out of the tables): " + "; ".join(data["failed"]))
        w("")
    w("## Targets from the issue")
    w("")
    w("| goal | target | measured | status | peers on the same harness |")
    w("| --- | --- | --- | --- | --- |")
    for row in goals(data):
        w("| %s | %s | %s | %s | %s |" % row)
    w("")
    w(peers_report.GOALS_NOTE)
    w("")
    w("\"Per block in a 64-block call\" is one rijn_aes_encrypt_blocks call on 1 KiB, / 64: "
      "the class's own cost without a mode. ct32 and its assembly variants process blocks in "
      "pairs, so a one-block call pays for two.")
    w("")
    if data.get("charts"):
        w("![AES-128 per block](mcu-aes-block.png)")
        w("")
        w("![AES-128 encrypt-only flash](mcu-aes-flash.png)")
        w("")
    else:
        w("Charts: no Python with matplotlib was found (the vector venv has none; set "
          "RIJN_MCU_PYTHON to one that has it), so no PNG charts were drawn.")
        w("")
    L.extend(peers_report.glance(data, lambda tn: mcu.TARGETS[tn]["title"].split(" (")[0]))
    cifra_section(data, w)
    for tn, per in data["runs"].items():
        t = mcu.TARGETS[tn]
        unit = "cycles" if t["kind"] == "avr" else "instructions"
        w("## %s" % t["title"])
        w("")
        impls = []
        for opt in mcu.OPTS:
            r = per.get(opt)
            for im in (r["bench"] if r else {}):
                if im != "-" and im not in impls:
                    impls.append(im)
        # (column title, ops): rijn's classes at each opt, then the peers
        # (mcu/peers) at -Os, their titles in italics
        cols = [("%s -%s" % (im, opt), per[opt]["bench"].get(im, {}))
                for im in impls for opt in mcu.OPTS if opt in per]
        pcols = peers_report.columns(per, "Os")
        cols += pcols
        w("### Speed (%s)" % unit)
        w("")
        if pcols:
            w(peers_report.SPEED_NOTE)
            w("")
        w("| operation | " + " | ".join(c[0] for c in cols) + " |")
        w("| --- | " + " | ".join("---:" for _ in cols) + " |")
        for op in OPS:
            vals = [ops.get(op, {}).get("count") for _, ops in cols]
            if any(v is not None for v in vals):
                w("| %s | %s |" % (op, " | ".join(fmt(v) for v in vals)))
        vals = [per_block(ops) for _, ops in cols]
        w("| AES-128 per block, 64-block call | %s |" % " | ".join(fmt(v) for v in vals))
        vals = [per_block(ops, "ctr_1024") for _, ops in cols]
        w("| AES-128 per block in CTR 1 KiB | %s |" % " | ".join(fmt(v) for v in vals))
        for op in OTHER_OPS:
            vals = [per[opt]["bench"].get("-", {}).get(op, {}).get("count") for opt in mcu.OPTS
                    if opt in per]
            if any(v is not None for v in vals):
                w("| %s (no AES) | %s |" % (op, " | ".join(
                    "-%s: %s" % (o, fmt(v)) for o, v in zip([o for o in mcu.OPTS if o in per],
                                                           vals))))
        w("")
        if tn in ("m3", "m4"):
            w("Estimated cycles (instructions + loads), same runs:")
            w("")
            w("| operation | " + " | ".join(c[0] for c in cols) + " |")
            w("| --- | " + " | ".join("---:" for _ in cols) + " |")
            for op in ("setup_enc_128", "enc_block_128", "dec_block_128", "enc_64blocks_128",
                       "ctr_1024", "cbc_enc_1024", "gcm_seal_1024", "seed_cbc_pkcs7_48"):
                vals = []
                for _, ops in cols:
                    d = ops.get(op)
                    vals.append(d["count"] + d["loads"] if d and "loads" in d else None)
                w("| %s | %s |" % (op, " | ".join(fmt(v) for v in vals)))
            w("")
        w("### Stack (bytes): painted at run time / static call chain")
        w("")
        w("| operation | " + " | ".join(c[0] for c in cols) + " |")
        w("| --- | " + " | ".join("---:" for _ in cols) + " |")
        for op in ("setup_enc_128", "enc_block_128", "dec_block_128", "ctr_1024", "cbc_dec_1024",
                   "gcm_seal_1024", "seed_cbc_pkcs7_48"):
            cells = []
            for _, ops in cols:
                d = ops.get(op, {})
                cells.append("%s / %s" % (fmt(d.get("stack")), fmt(d.get("stack_static"))))
            w("| %s | %s |" % (op, " | ".join(cells)))
        w("")
        w("Static: an upper bound from the call graph, where a call through a function "
          "pointer may reach any function of that class's source files (so it is loose: "
          "e.g. a block call is charged with the key schedule's frames); frames of assembly "
          "functions (ct32asm's block function) are not in it. Painted: what one call used. "
          "Peers: painted only (their calls through function pointers are not resolved).")
        w("")
        w("### Size (bytes; static stack = worst call chain)")
        w("")
        opts = [o for o in mcu.OPTS if o in per]
        w("| feature | " + " | ".join("flash -%s | RAM -%s | static stack -%s" % (o, o, o)
                                      for o in opts) + " |")
        w("| --- | " + " | ".join("---: | ---: | ---:" for _ in opts) + " |")
        for name, macro, cfg, lib, desc in FEATURES:
            cells = []
            present = False
            for o in opts:
                v = per[o]["sizes"].get(name)
                if v is None:
                    cells.append("– | – | –")
                elif not v.get("fits"):
                    present = True
                    cells.append("does not fit | – | –")
                else:
                    present = True
                    cells.append("%s | %s | %s" % (fmt(v["flash"]), fmt(v["ram"]),
                                                   fmt(v["stack_static"])))
            if present:
                w("| %s | %s |" % (desc, " | ".join(cells)))
        for row in peers_report.size_rows(per, opts):
            w(row)
        w("")
        for line in peers_report.o2_section(per, impls):
            w(line)
        for line in peers_report.left_out(per):
            w(line)
        prof = []
        for opt in ("Os",):
            r = per.get(opt)
            for im, ops in (r["bench"].items() if r else []):
                for op in ("setup_enc_128", "enc_block_128", "dec_block_128", "enc_64blocks_128",
                           "ctr_1024", "gcm_seal_1024"):
                    d = ops.get(op)
                    if d and d.get("top"):
                        prof.append("| %s | %s -%s | %s |" % (op, im, opt, ", ".join(
                            "%s %s" % (n, fmt(c)) for n, c in d["top"])))
        if prof:
            w("### Where the instructions go (-Os, top functions)")
            w("")
            w("| operation | class | instructions per function |")
            w("| --- | --- | --- |")
            L.extend(prof)
            w("")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


def chart_python():
    """A Python with matplotlib: $RIJN_MCU_PYTHON, the vector venv's, or ours."""
    vdir = mcu.vectors_dir()
    cands = [os.environ.get("RIJN_MCU_PYTHON", ""),
             mcu.python_with_vectors(vdir) if vdir else "", sys.executable]
    for c in cands:
        if c and subprocess.run([c, "-c", "import matplotlib"], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode == 0:
            return c
    return None


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--targets", default="")
    p.add_argument("--opts", default="Os,O2")
    p.add_argument("--json", default=os.path.join(ROOT, "docs", "mcu-results.json"))
    p.add_argument("--md", default=os.path.join(ROOT, "docs", "BENCHMARKS-MCU.md"))
    p.add_argument("--peer-opts", default="Os,O2",
                   help="opts the peers (mcu/peers) are measured at; '': no peers")
    a = p.parse_args()
    targets = a.targets.split(",") if a.targets else list(mcu.TARGETS)
    head, dirty = git_state()
    host = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "cpu_id.py"), "--clock"],
                          capture_output=True, text=True).stdout.strip()
    data = {"generated_by": "scripts/mcu-measure.sh", "commit": head, "dirty": dirty,
            "tools": tool_versions(), "charts": False, "runs": {}, "host_cpu": host or "?"}
    t0 = time.time()
    for tn in targets:
        if not mcu.tool_ok(mcu.TARGETS[tn]):
            print("measure: %s: tools missing, skipped" % tn)
            continue
        for opt in a.opts.split(","):
            try:
                b, secs = run_bench(tn, opt)
                s = run_sizes(tn, opt)
            except SystemExit as e:  # a build or run failed: report it, go on
                print("measure: %s -%s FAILED: %s" % (tn, opt, e))
                data.setdefault("failed", []).append("%s -%s: %s" % (tn, opt, e))
                continue
            data["runs"].setdefault(tn, {})[opt] = {"bench": b, "sizes": s}
            if opt in a.peer_opts.split(","):
                # the peers, same target and opt; a failed peer is reported
                pr, left, bad = peers.measure_peers(tn, opt, run_image)
                data["runs"][tn][opt].update({"peers": pr, "peers_left_out": left})
                for label, e in bad.items():
                    print("measure: %s -%s peer %s FAILED: %s" % (tn, opt, label, e))
                    data.setdefault("failed", []).append("%s -%s peer %s: %s" % (
                        tn, opt, label, e))
            print("measure: %s -%s done (%.0f s so far)" % (tn, opt, time.time() - t0))
    os.makedirs(os.path.dirname(a.json), exist_ok=True)
    with open(a.json, "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    py = chart_python()
    if py:
        r = subprocess.run([py, os.path.join(MCU, "tools", "charts.py"), a.json,
                            os.path.dirname(a.md)], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        print(r.stdout.strip())
        data["charts"] = r.returncode == 0
        with open(a.json, "w") as f:
            json.dump(data, f, indent=1, sort_keys=True)
    write_md(data, a.md)
    print("measure: wrote %s and %s" % (a.json, a.md))
    if data.get("failed"):
        print("measure: some runs failed: " + "; ".join(data["failed"]))
    for row in goals(data):
        print("  %s: %s -> %s (%s)" % (row[0], row[1], row[2], row[3]))
    return 1 if data.get("failed") else 0


if __name__ == "__main__":
    sys.exit(main())
