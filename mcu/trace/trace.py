#!/usr/bin/env python3
"""trace.py -- the constant-time trace test of the MCU AES classes, X25519,
Poly1305 and ChaCha20-Poly1305.

  python3 mcu/trace/trace.py [--targets m0,m3,m4,m33,rv32,avr328p,avr2560] [--opts Os]
                             [--n 16] [--n-slow 8] [--no-controls] [-v]
  python3 mcu/trace/trace.py --targets a64 --opts O3,Os,O0 [--a64-lib O3=librijn.a]

For every target it builds trace_main.c with the library (mcu.Builder,
every class compiled in), runs it under QEMU with trace_plugin.c (under
simavr with avr_trace.c on AVR) and requires, for every class that claims
constant time, every key size and every operation (key setup both ways and
encryption only, ECB 1 and 3 blocks both directions, CBC both directions,
CTR, CMAC, CCM; on 32 bits and a64 also GCM, CBC-PKCS#7 decryption, KW
and KWP unwrap, MODES_OPS, and the other modes and AEADs, EXTRA_OPS: XTS
and GCM-SIV (AES-128/256), CFB128/8/1 and OFB one-shot, OCB, EAX, SIV,
CBC-PKCS#7 encryption, CTS CS1/CS3, CTR32, KW/KWP wrap, GMAC; and with
AES-128 the streaming APIs of CTR, GCM, CBC, CBC-PKCS#7, CTS CS2, ECB,
OFB, CFB128/8/1 and CCM and GCM's and CCM's AAD, STREAM_OPS, and of EAX
and OCB, the AAD of EAX, OCB, GCM-SIV and SIV, GCM with AAD and message,
the _inv key wraps, CTS CS2 one-shot, EXTRA_K128; on a64 the streaming
and AAD ones with every key size too, and GCM and GCM-SIV on GHASH bound
by name, WIDE_OPS), and for X25519, Poly1305 and
ChaCha20-Poly1305 seal/open (once per image, PRIMS; on 32 bits and a64
also its streaming API and AAD, STREAM_PRIMS; on a64 XChaCha20-Poly1305,
its streaming API and HChaCha20, WIDE_PRIMS), that all random
inputs of the group give the same number of instructions, loads and stores, the same instruction-address digest and
the same memory-address digest (on AVR also the same cycle count). For a
table class (TABLES) the load addresses inside its table are left out of
the memory digest, and the table must be where the class's argument needs
it (SRAM under QEMU; on AVR SRAM, or flash read by LPM) and be used; every other
class has every address in the digest. Then the positive controls: images
with a planted secret-dependent branch, with a planted secret-indexed
load outside any table, and (where the core has a divider) with a planted
division of a secret must have every group flagged (with CONTROL_N
inputs a group there, the plants' key bit alternating); a planted
secret-indexed load inside a class's table must not be flagged for it.
No instruction whose latency depends on its operands on the core (VLAT)
may run in a constant-time class. Known failures of the primitives (KNOWN:
target, primitive, opt levels, what, why) are listed on every run and not
counted until their fix lands. The AArch64 target a64 (named only, see
A64_LIB below) checks the AArch64 classes the same way under qemu-aarch64.
Exit status 0 only if all of that holds. See mcu/README.md.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import mcu  # noqa: E402

# Table classes: class name -> [(symbol, space)], space "D" (data memory:
# must be SRAM) or "P" (AVR program memory, read with LPM). The region is
# the symbol's address and size (nm -S); a symbol absent from an image is
# no region (avr: S-box and xtime in SRAM with RIJN_CFG_AES_AVR_RAM, the
# default, the decryption tables in flash; every table in flash without).
TABLES = {
    "avr": [("rijn_i_aes_avr_ram", "D"), ("rijn_i_aes_avr_tab", "P")],
    "ttable": [("rijn_i_ttable_tab", "D")],
}
TARGETS = ["m0", "m3", "m4", "m33", "rv32", "avr328p", "avr2560"]
# Opt levels a target runs at when --targets is not given: the ATmega2560
# runs the ATmega328P's assembly (its C differs by the 3-byte PC: EICALL,
# 3-byte return addresses) and costs ~50 s of CPU an opt level: -O2 only.
DEFAULT_OPTS = {"avr2560": ("O2",)}
# Instructions with operand-dependent latency the plugin looks for
# (trace_plugin.c variable_latency): none on the M0 (no divider; MULS is
# fixed per implementation) and AVR (simavr's cycle count covers it).
VLAT = {"m3": "arm-m3", "m4": "arm", "m33": "arm", "rv32": "riscv", "a64": "a64"}
# The constant-time classes each target must have traced (all key sizes):
# a class that silently drops out of the images fails the test.
EXPECT = {"m0": {"ttable", "ct32v6m", "ct32"}, "m3": {"ttable", "ct32asm", "ct32"},
          "m4": {"ttable", "ct32asm", "ct32"}, "m33": {"ttable", "ct32asm", "ct32"},
          "rv32": {"ttable", "ct32"}, "avr328p": {"avr"}, "avr2560": {"avr"},
          "a64": {"neonbs", "ct64", "armce"}}
# AArch64 (a64, run only when named: scripts/test-aarch64.sh): the library is
# the CMake cross build (cmake/toolchains/aarch64-linux-gnu.cmake) with
# CMAKE_C_FLAGS_RELEASE set to the opt level (O3: Release as shipped), or
# --a64-lib's librijn.a; trace_main.c and hal_linux.c are linked with it
# statically and run under qemu-aarch64 -cpu max,sve=off (every class
# available; SVE off: see below).
A64_LIB = {}
# a64: SVE off (the library has no SVE code): with SVE, glibc's memcpy is
# __memcpy_sve, whose predicated copy of up to 2 vectors runs one
# instruction sequence for any length, so a memcpy of a secret length
# (16 - pad in the streaming PKCS#7 final) went unseen; the ASIMD memcpy
# branches on the length. (This process's copy of the target only.)
mcu.TARGETS["a64"] = dict(mcu.TARGETS["a64"], run=["qemu-aarch64", "-cpu", "max,sve=off"])
LIB_EXTRA = ["core/util.c", "core/cpu.c", "modes/cbc.c", "modes/ctr.c", "modes/modes_common.c",
             "modes/cbc_pad.c", "modes/keywrap.c",
             "aead/cmac.c", "aead/ccm.c", "aead/gcm_ctr.c", "aead/gcm.c", "aead/gcm_oneshot.c",
             "aead/gcm_stream.c", "aead/ghash.c", "aead/ghash_ct32.c", "aead/ghash_rvclmul.c",
             "pk/x25519.c", "pk/x25519_fe32.c", "pk/x25519_fe64.c", "mac/poly1305.c",
             "aead/chachapoly.c", "stream/chacha20.c", "stream/chacha20_armv7m.c",
             "modes/block_stream.c", "modes/stream.c", "aead/ccm_stream.c", "modes/ecb.c",
             "modes/cts.c", "modes/ofb.c", "modes/cfb.c", "modes/cfb1.c",
             # TRACE_EXTRA
             "modes/xts.c", "aead/ocb.c", "aead/ocb_stream.c", "aead/eax.c", "aead/gcmsiv.c",
             "aead/siv.c"]
# The primitives trace_main.c runs once per image beside the AES classes
# (their groups: primitive, operation; all claim constant time). X25519 is
# traced on the ATmega2560 (31 M cycles a call since
# src/pk/x25519_fe32_avr_i.h: 4 s more for avr2560 -Os, 8 inputs and the
# controls' 2), not on the ATmega328P (with it the image's stack runs into
# its data: the CBC group fails). GCM (an AES operation, every class and key size) runs
# on the 32-bit targets and a64, not on AVR (the ATmega328P's GCM image is
# built encryption-only to fit its stack; mcu.py AVR328_IMAGES).
PRIMS = {"x25519": ("scalarmult",), "poly1305": ("mac",), "chacha20poly1305": ("seal", "open")}
NO_X25519 = ("avr328p",)
# The ATmega328P's image has no room for them: ChaCha20-Poly1305 overflows
# its 32 KiB of flash (by 3.2 KiB at -Os, 5.8 KiB at -O2) and RAM; with
# Poly1305 alone 1,754 bytes of its 2 KiB are static data and the stack
# overruns them (the CTR round trip fails). The ATmega2560 runs both (the
# same C code; 3-byte PC).
NO_CHAPOLY = ("avr328p",)
NO_POLY1305 = ("avr328p",)
NO_GCM = ("avr328p", "avr2560")
# The other modes and AEADs (TRACE_EXTRA: the 32-bit targets and a64):
# XTS, CFB128/CFB8/CFB1 one-shot both ways, OFB, OCB, EAX, GCM-SIV and SIV
# seal/open, CBC-PKCS#7 encryption, CTS one-shot (CS1 encryption, CS3
# decryption), CTR with the 32-bit counter, KW/KWP wrap, GMAC
# compute/verify, with every key size (XTS and GCM-SIV: AES-128 and
# AES-256, EXTRA_NO192), each key size checked; then AES-128 only
# (EXTRA_K128, trace_stream.h; on a64 the streaming and AAD ones with every
# key size too, WIDE_ALL_KEYS): the streaming APIs of EAX and OCB, the AAD
# of EAX, OCB, GCM-SIV and SIV, GCM with the AAD and the message secret in
# one call, the inverse-cipher key wraps, CTS CS2 one-shot. Left out on AVR
# (NO_EXTRA: no GCM image there, NO_GCM; its classes' mode code is the same
# C). On the 32-bit targets GHASH's only class is ct32 (config.h: ct64 is
# 64-bit only, rvclmul needs Zbkc): every GCM, GMAC and GCM-SIV key setup
# checks by name that it is the one they run (trace_main.c GHASH_DEFAULT),
# so a64's groups on GHASH bound by name (WIDE_OPS) would repeat them there.
NO_EXTRA = NO_GCM
EXTRA_OPS = ("xts_enc", "xts_dec", "cfb_enc", "cfb_dec", "cfb8_enc", "ofb", "ocb_seal",
             "ocb_open", "eax_seal", "eax_open", "gcmsiv_seal", "gcmsiv_open", "cfb1_enc",
             "cfb1_dec", "siv_seal", "siv_open", "cfb8_dec", "cbcpad_enc", "cts_enc", "cts_dec",
             "ctr32", "kw_wrap", "kwp_wrap", "gmac", "gmac_verify")
EXTRA_NO192 = ("xts_enc", "xts_dec", "gcmsiv_seal", "gcmsiv_open")
EXTRA_STREAM = ("eax_stream_seal", "eax_stream_open", "ocb_stream_seal", "ocb_stream_open",
                "eax_aad", "ocb_aad", "gcmsiv_aad", "siv_aad", "gcm_aad_msg")
EXTRA_K128 = EXTRA_STREAM + ("kw_wrap_inv", "kw_unwrap_inv", "kwp_wrap_inv", "kwp_unwrap_inv",
                             "cts2_enc", "cts2_dec")
# The inputs of a group in the control images (TRACE_NC, every target;
# X25519: TRACE_NS, 2): key[0]'s bit 0, the plants' secret, alternates,
# so 2 would do. 24 had made the four control images most of the test's
# QEMU time (the image without a plant keeps --n).
CONTROL_N = 4
# a64 only (TRACE_WIDE): GCM and GCM-SIV on the ct64 GHASH (trace_main.c
# binds it by name: PMULL's is the default under -cpu max) and, AES-128
# only, on GHASH's ct32 entry
WIDE_OPS = ("gcm_ct64_seal", "gcm_ct64_open", "gcmsiv_ct64_seal", "gcmsiv_ct64_open",
            "gcm_ct32_seal", "gcm_ct32_open", "gcmsiv_ct32_seal", "gcmsiv_ct32_open")
# The streaming APIs and the AAD as the secret (TRACE_STREAM: the 32-bit
# targets and a64), AES-128 only (trace_stream.h): CTR, GCM, CBC,
# CBC-PKCS#7 (decryption: a random valid padding), CTS CS2, ECB, OFB,
# CFB128/8/1 and CCM streaming, GCM's and CCM's AAD; ChaCha20-Poly1305's
# streaming API and AAD (STREAM_PRIMS)
STREAM_OPS = ("ctr_stream", "gcm_stream_seal", "gcm_stream_open", "cbc_stream_enc",
              "cbc_stream_dec", "cbcpad_stream_dec", "ccm_stream_seal", "ccm_stream_open",
              "gcm_aad", "ccm_aad", "cbcpad_stream_enc", "cts2_stream_enc", "cts2_stream_dec",
              "ofb_stream", "cfb_stream_enc", "cfb_stream_dec", "cfb8_stream_enc",
              "cfb8_stream_dec", "cfb1_stream_enc", "cfb1_stream_dec", "ecb_stream_enc",
              "ecb_stream_dec")
STREAM_PRIMS = [("chacha20poly1305", "stream_seal"), ("chacha20poly1305", "stream_open"),
                ("chacha20poly1305", "aad_seal")]
# a64: of the AES-128 ones, those traced with every key size too: every
# streaming and AAD group, and GCM seal with the AAD and the message secret
# in one call
WIDE_ALL_KEYS = STREAM_OPS + EXTRA_STREAM
# a64: XChaCha20-Poly1305 seal/open and streaming, HChaCha20 (the key secret)
WIDE_PRIMS = [("xchacha20poly1305", "seal"), ("xchacha20poly1305", "open"),
              ("hchacha20", "derive"), ("xchacha20poly1305", "stream_seal"),
              ("xchacha20poly1305", "stream_open")]
PRIM_NAMES = set(PRIMS) | set(p for p, _ in WIDE_PRIMS)
# The checks that must not show a secret beside the ciphers (TRACE_MODES):
# PKCS#7 unpadding (a random valid padding length), KW's integrity check
# and KWP's length indicator (random 1..8); on the 32-bit targets (the
# byte-wise PKCS#7 check, not a64's SWAR one) and a64, not on AVR (the
# ATmega328P has no room; its classes' code is the same C)
MODES_OPS = ("cbcpad_dec", "kw_unwrap", "kwp_unwrap")
# Known failures of the primitives' groups, reported on every run (never
# skipped) and not counted while listed: (target, primitive) -> [(opt
# levels, what is excused, why)]. "vlat": instructions of operand-dependent
# latency, while every digest agrees; a function name: a digest that
# differs, where the first two inputs that differ part inside that
# function (trace.py locates it on every run). Anything else still fails,
# and an entry that is no longer needed is said so. An entry goes when the
# fix lands in src/.
# (Fixed: the Cortex-M3's UMULL/UMLAL in X25519 and Poly1305 and fe_sq's
# UDIV/REM of (i + j) % 10 on M3/M4/M33 -Os and RV32 (46f9826, 3e3a425);
# libgcc's 64-bit multiply on ARMv6-M (__aeabi_lmul: BLS on the carry of
# its cross products) in Poly1305, found by these groups on the Cortex-M0:
# internal.h's rijn_mul64 there; libgcc's AVR __muldi3 (__muldi3_6: BRCC
# over ADIW on a carry) in Poly1305 and ChaCha20-Poly1305 on the
# ATmega2560: src/core/mul64_avr_i.h, sixteen MULs in asm.)
KNOWN = {}


def known_entry(tn, opt, cls):
    """The KNOWN entry that covers group cls in an image of tn at -opt."""
    return next((e for e in KNOWN.get((tn, cls), ()) if opt in e[0]), None)


FIELDS = ["insns", "loads", "stores", "table loads", "pc digest", "mem digest", "cycles",
          "variable-latency instructions"]


def trace_cfg(tn):
    """The target's configuration, with the fixsliced classes kept in on
    32-bit targets (where a table class is the default, they are what
    cached parts use, and must stay checked)."""
    t = mcu.TARGETS[tn]
    if tn == "a64":  # the CMake build's configuration
        return []
    if t["kind"] == "avr":  # avr (and small, the control) without ct32, which the
        # ATmega2560 measures: tens of thousands of cycles a block, and its
        # constant-time code is checked on the 32-bit targets and the host
        return [c for c in t["cfg"] if not c.startswith("RIJN_CFG_AES_CT32=")] + [
            "RIJN_CFG_AES_CT32=0"]
    cfg = [c for c in t["cfg"] if not c.startswith("RIJN_CFG_AES_CT32=")]
    return ["RIJN_CFG_AES_CT32=1"] + cfg


def host_tool(name, src, cmd):
    out = os.path.join(mcu.BUILD, name)
    src = os.path.join(HERE, src)
    if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(src):
        os.makedirs(mcu.BUILD, exist_ok=True)
        tmp = "%s.tmp%d" % (out, os.getpid())
        mcu.run(cmd(tmp, src))
        os.replace(tmp, out)
    return out


def plugin():
    return host_tool("trace_plugin.so", "trace_plugin.c", lambda o, s: [
        "gcc", "-O2", "-shared", "-fPIC", "-Wall", "-Wextra", "-Werror", "-o", o, s])


def avr_tracer():
    return host_tool("avr-trace", "avr_trace.c", lambda o, s: [
        "gcc", "-O2", "-Wall", "-Wextra", "-Werror", "-idirafter", "/usr/include/simavr",
        "-o", o, s, "-lsimavr"])


def symbols(t, elf):
    """{name: (address, size, nm type)}"""
    out = mcu.run([t["nm"], "-S", elf])
    syms = {}
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4:
            syms[p[3]] = (int(p[0], 16), int(p[1], 16), p[2])
        elif len(p) == 3 and p[1] in "TtDdBbRr":
            syms.setdefault(p[2], (int(p[0], 16), 0, p[1]))
    return syms


def regions(tn, syms):
    """The table regions present in this image: [(class, space, lo, hi, nm type,
    symbol)]."""
    res = []
    for cls, tabs in TABLES.items():
        for name, space in tabs:
            if name in syms:
                a, size, typ = syms[name]
                if mcu.TARGETS[tn]["kind"] == "avr" and space == "D":
                    a -= 0x800000  # avr-nm shows data addresses with the 0x800000 offset
                res.append((cls, space, a, a + size, typ, name))
    return res


def run_image(tn, elf, bdir, regs, syms, dump=()):
    """Returns (status, console text, records); with dump (region indices)
    the records are followed by the dumped events, as the raw log."""
    t = mcu.TARGETS[tn]
    if t["kind"] == "avr":
        cmd = [avr_tracer(), t["mcu"], elf] + ["%s:0x%x-0x%x" % (r[1], r[2], r[3]) for r in regs]
        cmd += ["F:%d" % k for k in dump]
        try:
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               timeout=120)
        except subprocess.TimeoutExpired:
            return 124, "timeout", []
        text, log = r.stdout + r.stderr, r.stdout
        st = r.returncode
    else:
        log_path = os.path.join(bdir, "trace-%d.log" % os.getpid())
        if os.path.exists(log_path):
            os.remove(log_path)
        pl = "%s,start=0x%x,stop=0x%x" % (plugin(), syms["bench_start"][0], syms["bench_stop"][0])
        pl += "".join(",region=0x%x-0x%x" % (r[2], r[3]) for r in regs)
        pl += ",vlat=" + VLAT[tn] if tn in VLAT else ""
        pl += "".join(",dump=%d" % k for k in dump)
        st, text, err, _ = mcu.emulate(tn, elf, bdir, 120,
                                       extra=["-plugin", pl, "-d", "plugin", "-D", log_path])
        log = open(log_path).read() if os.path.exists(log_path) else ""
        if os.path.exists(log_path):
            os.remove(log_path)
        text += err
    recs = []
    for line in log.splitlines():
        if line.startswith("@t "):
            p = line.split()[1:]
            # insns loads stores tloads hpc hmem hmemt cycles|- vlat
            recs.append(tuple(p))
    return st, text, (recs if not dump else (recs, log))


def groups_of(text, recs):
    """[Group] in the image's order, or an error string."""
    gs, i = [], 0
    for line in text.splitlines():
        p = line.split()
        if len(p) == 5 and p[0] in ("G", "N"):
            n = int(p[4])
            if i + n > len(recs):  # the image stopped inside this group
                return "%d records for %d labelled regions or more" % (len(recs), i + n)
            gs.append(Group(p[1], p[2], int(p[3]), recs[i:i + n], p[0] == "G"))
            gs[-1].base = i
            i += n
    if i != len(recs) or any(len(g.recs) == 0 for g in gs):
        return "%d records for %d labelled regions" % (len(recs), i)
    return gs


class Group:
    """One class, operation and key size: its records, and what differs."""

    def __init__(self, cls, op, klen, recs, ct):
        self.cls, self.op, self.klen, self.recs, self.ct = cls, op, klen, recs, ct
        table = cls in TABLES  # then the memory digest without table-load addresses
        self.keyed = [r[:5] + (r[6] if table else r[5],) + r[7:9] for r in recs]
        self.diff = [FIELDS[k] for k in range(len(self.keyed[0]))
                     if len(set(x[k] for x in self.keyed)) > 1]
        self.vlat = max(int(r[8]) for r in recs)

    def name(self):
        if self.cls in PRIM_NAMES:
            return "%s %s" % (self.cls, self.op)
        return "%s %s AES-%d" % (self.cls, self.op, self.klen * 8)


def locate(tn, elf, bdir, regs, syms, g):
    """Where two inputs of group g part: re-runs the image dumping both
    regions' events; returns a line."""
    table = g.cls in TABLES
    key = g.keyed
    j = next((j for j in range(1, len(key)) if key[j] != key[0]), None)
    if j is None:
        return "only the variable-latency count"
    _, _, (_, log) = run_image(tn, elf, bdir, regs, syms, dump=(g.base, g.base + j))

    def norm(kind, addr, extra):
        if table and kind in "tl" and (kind == "t" or any(
                r[1] == extra and r[2] <= addr < r[3] for r in regs)):
            return ("t", None, extra if kind == "t" else "")
        return (kind, addr, extra)

    ev = {g.base: [], g.base + j: []}
    for line in log.splitlines():
        p = line.split()
        if len(p) == 5 and p[0] == "@d" and int(p[1]) in ev:
            ev[int(p[1])].append(norm(p[2], int(p[3], 16), p[4]))
    a, b = ev[g.base], ev[g.base + j]
    i = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
    pc = next((e[1] for e in reversed(a[:i + 1]) if e[0] == "p"), None)
    funcs = sorted((v[0] & ~1, n) for n, v in syms.items() if v[2] in "Tt")
    fn = max((f for f in funcs if pc is not None and f[0] <= pc), default=(0, "?"))

    def show(e):
        return "end of region" if e is None else "%s 0x%x" % (
            {"p": "insn", "l": "load", "s": "store", "t": "table load"}[e[0]], e[1] or 0)
    return "inputs 0 and %d part at event %d: %s vs %s, in %s (pc 0x%x = %s+0x%x)" % (
        j, i, show(a[i] if i < len(a) else None), show(b[i] if i < len(b) else None),
        g.name(), pc or 0, fn[1], (pc or 0) - fn[0])


def expected_ops(tn):
    """The operations every class of EXPECT must have traced beyond the
    basic ones: GCM, the checks, the streaming APIs and the other modes and
    AEADs where they are built; on a64 also GCM and GCM-SIV on GHASH bound
    by name."""
    ops = set() if tn in NO_GCM else {"gcm_seal", "gcm_open"} | set(MODES_OPS + STREAM_OPS)
    ops |= set() if tn in NO_EXTRA else set(EXTRA_OPS + EXTRA_K128)
    return ops | set(WIDE_OPS if tn == "a64" else ())


def expected_keys(tn, op):
    """The key sizes (bytes) op must have been traced with on target tn, or
    None where only expected_ops holds (traced with some key size)."""
    if tn == "a64" and op in WIDE_ALL_KEYS:
        return {16, 24, 32}
    if tn in NO_EXTRA:
        return None
    if op in EXTRA_OPS:
        return {16, 32} if op in EXTRA_NO192 else {16, 24, 32}
    return {16} if op in EXTRA_K128 else None


def expected_prims(tn):
    """[(primitive, operation)] an image of target tn must have traced."""
    return [(p, op) for p, ops in sorted(PRIMS.items()) for op in ops
            if not (p == "x25519" and tn in NO_X25519) and
            not (p == "chacha20poly1305" and tn in NO_CHAPOLY) and
            not (p == "poly1305" and tn in NO_POLY1305)] + (
                [] if tn in NO_GCM else STREAM_PRIMS) + (WIDE_PRIMS if tn == "a64" else [])


def spread(g):
    """' (instructions lo-hi, cycles lo-hi)' of a group whose inputs differ."""
    out = []
    for k, what in ((0, "instructions"), (6, "cycles")):
        v = sorted(set(int(x[k]) for x in g.keyed if x[k] != "-"))
        if len(v) > 1:
            out.append("%s %d-%d, %d of %d inputs unlike the first" % (
                what, v[0], v[-1], sum(1 for x in g.keyed if x[k] != g.keyed[0][k]),
                len(g.keyed)))
    return " (%s)" % ", ".join(out) if out else ""


def judge(tn, opt, plant, gs, regs):
    """(ok, summary, [(group, why)], [(group, why, excused)]) for one image:
    the last list the groups a KNOWN entry covers (excused None: the entry
    was not needed; a function name: to be located)."""
    ct = [g for g in gs if g.ct]
    other = [g for g in gs if not g.ct]
    if plant == 0:
        bad = [(g, "differs in " + ", ".join(g.diff)) for g in ct if g.diff]
        bad += [(g, "%d instructions of operand-dependent latency" % g.vlat) for g in ct
                if g.vlat]
        known = []
        for g in ct:
            e = known_entry(tn, opt, g.cls)
            if e is None:
                continue
            mine = [w for b, w in bad if b is g]
            if (g.vlat and not g.diff) if e[1] == "vlat" else (g.diff and not g.vlat):
                bad = [b for b in bad if b[0] is not g]
                known.append((g, "; ".join(mine) + spread(g) + " -- known failure: " + e[2],
                              e[1]))
            elif not mine:
                known.append((g, "passes here: its KNOWN entry is not needed", None))
        classes = sorted(set(g.cls for g in ct if g.cls not in PRIM_NAMES))
        for cls in sorted(EXPECT.get(tn, set())):
            if set(g.klen for g in ct if g.cls == cls) != {16, 24, 32}:
                bad.append((Group(cls, "-", 0, [("0",) * 9], True),
                            "not traced with all three key sizes"))
            ops = set(g.op for g in ct if g.cls == cls)
            for op in sorted(expected_ops(tn) - ops):
                bad.append((Group(cls, op, 0, [("0",) * 9], True), "not traced"))
            for op in sorted(expected_ops(tn)):
                want = expected_keys(tn, op)
                got = set(g.klen for g in ct if g.cls == cls and g.op == op)
                if want is not None and got and got != want:
                    bad.append((Group(cls, op, 0, [("0",) * 9], True),
                                "traced with AES-%s, not AES-%s" % (
                                    "/".join(str(8 * k) for k in sorted(got)),
                                    "/".join(str(8 * k) for k in sorted(want)))))
        for p, op in expected_prims(tn):
            if not any(g.cls == p and g.op == op for g in ct):
                bad.append((Group(p, op, 32, [("0",) * 9], True), "not traced"))
        for r in regs:  # a table class: its table where the argument needs it, and used
            used = sum(int(g.recs[0][3]) for g in ct if g.cls == r[0])
            if r[0] in classes and (not (r[1] == "P" or r[4] in "bBdD") or used == 0
                                    or r[3] <= r[2]):
                bad.append((Group(r[0], "table", 0, [("0",) * 9], True),
                            "at 0x%x-0x%x (nm type %s, %s space), %d table loads: the class "
                            "must read its table from SRAM (LPM on AVR)" % (
                                r[2], r[3], r[4], r[1], used)))
        # a class without the claim (S-box lookups) is caught at least on ECB
        caught = [g for g in other if g.diff]
        missed = [g for g in other if g.op in ("enc1", "dec1") and not g.diff]
        bad += [(g, "not caught: a class without the constant-time claim") for g in missed]
        prims = [g for g in ct if g.cls in PRIM_NAMES]
        what = "%d groups of %s%s %s (%d inputs each%s)" % (
            len(ct), ", ".join(classes),
            "".join(" + %s %s" % (g.cls, g.op) for g in prims),
            "constant" if not bad and not any(k[2] for k in known) else "checked",
            len(ct[0].recs) if ct else 0,
            "".join("; %s %d" % (g.cls, len(g.recs)) for g in prims
                    if len(g.recs) != len(ct[0].recs)))
        if other:
            what += "; %s (not constant time) caught in %d of %d" % (
                ", ".join(sorted(set(g.cls for g in other))), len(caught), len(other))
        nk = sum(1 for k in known if k[2])
        if nk:
            what += "; %d known failure%s" % (nk, "s" if nk > 1 else "")
        return not bad, what, bad, known
    if plant in (1, 2):
        need = "pc digest" if plant == 1 else "mem digest"
        bad = [(g, "plant missed") for g in gs if need not in g.diff]
        what = "planted %s flagged in %d of %d groups" % (
            "secret branch" if plant == 1 else "out-of-table secret load",
            len(gs) - len(bad), len(gs))
        if plant == 1 and mcu.TARGETS[tn]["kind"] == "avr":
            what += " (the cycle count differs in %d)" % sum(1 for g in gs if "cycles" in g.diff)
        return not bad, what, bad, []
    if plant == 4:
        bad = [(g, "plant missed") for g in gs if not g.vlat]
        return not bad, "planted secret division flagged in %d of %d groups" % (
            len(gs) - len(bad), len(gs)), bad, []
    tcls = sorted(set(r[0] for r in regs))
    bad = [(g, "differs in " + ", ".join(g.diff)) for g in gs if g.cls in tcls and g.diff]
    return not bad, "planted in-table secret load not flagged for %s" % ", ".join(tcls), bad, []


def a64_lib(opt):
    """librijn.a of the AArch64 cross build at -<opt> (an incremental build;
    -j1: trace.py runs two jobs at once)."""
    if opt in A64_LIB:
        return A64_LIB[opt]
    bdir = os.path.join(mcu.BUILD, "a64-lib-" + opt)
    mcu.run(["cmake", "-S", mcu.ROOT, "-B", bdir, "-G", "Ninja", "--toolchain",
             os.path.join(mcu.ROOT, "cmake/toolchains/aarch64-linux-gnu.cmake"),
             "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_C_FLAGS_RELEASE=-%s -DNDEBUG" % opt,
             "-DRIJN_BUILD_TESTS=OFF", "-DRIJN_BUILD_CLI=OFF", "-DRIJN_BUILD_SHARED=OFF"])
    mcu.run(["cmake", "--build", bdir, "-j1", "--target", "rijn_static"])
    return os.path.join(bdir, "librijn.a")


def check_target(tn, opt, n, ns, controls, verbose):
    """Returns (lines, failures, known failures)."""
    t = mcu.TARGETS[tn]
    lines, nbad, nknown = [], 0, 0
    b = mcu.Builder(tn, opt, cfg=trace_cfg(tn))
    if tn == "a64":
        lib = [a64_lib(opt)]
    else:
        lib = b.objs(mcu.aes_files() + LIB_EXTRA, [], ())
    rt = [b.obj(s, True) for s in t["rt"]]
    base_regs = []
    for plant in [0, 1, 2, 3, 4] if controls else [0]:
        # X25519: ns inputs without a plant, 2 with one (the plants' bit
        # alternates), none with plant 3 (judged on the table classes only)
        extra = ["-DTRACE_PLANT=%d" % plant, "-DTRACE_N=%d" % n,
                 "-DTRACE_NS=%d" % (ns if plant == 0 else 0 if plant == 3 else min(ns, 2))]
        if plant != 0:
            extra.append("-DTRACE_NC=%d" % min(n, CONTROL_N))
        if tn == "a64":
            extra.append("-DTRACE_WIDE=1")  # all below, and GHASH by name
        elif tn not in NO_GCM:
            extra += ["-DTRACE_GCM=1", "-DTRACE_MODES=1", "-DTRACE_STREAM=1"]
            if tn not in NO_EXTRA:
                extra.append("-DTRACE_EXTRA=1")
        if tn in NO_X25519:
            extra.append("-DTRACE_X25519=0")
        if tn in NO_CHAPOLY:
            extra.append("-DTRACE_CHAPOLY=0")
        if tn in NO_POLY1305:
            extra.append("-DTRACE_POLY1305=0")
        if plant == 3:
            if not base_regs:
                continue  # no table class on this target: nothing to plant in
            extra += ["-DTRACE_TABLE=" + base_regs[0][5]]
            if base_regs[0][1] == "P":
                extra.append("-DTRACE_TABLE_FLASH=1")
        if plant == 4 and tn not in VLAT:
            continue
        o = b.obj_as("trace/trace_main.c", "trace_main-p%d.o" % plant, extra)
        objs = lib + rt + [o]
        elf = b.link("trace-p%d" % plant, [x for x in objs if not x.endswith(".a")] +
                     [x for x in objs if x.endswith(".a")])  # an archive after its users
        syms = symbols(t, elf)
        regs = regions(tn, syms)
        if plant == 0:
            base_regs = regs
        t0 = time.time()
        st, text, recs = run_image(tn, elf, b.dir, regs, syms)
        secs = time.time() - t0
        gs = groups_of(text, recs)
        head = "%s -%s plant %d" % (tn, opt, plant)
        if st != 0 or isinstance(gs, str) or "done " not in text:
            nbad += 1
            lines.append("FAIL %s: exit %d, %s" % (head, st, gs if isinstance(gs, str) else
                                                   "no 'done' line"))
            lines += ["  | " + x for x in text.splitlines()[-15:]]
            continue
        ok, what, bad, known = judge(tn, opt, plant, gs, regs)
        for i, (g, why, fn) in enumerate(known):  # a digest that differs: where?
            if fn and fn != "vlat":
                loc = locate(tn, elf, b.dir, regs, syms, g)
                if "= %s+" % fn not in loc:
                    ok = False
                    bad.append((g, why + ", but " + loc))
                    why = "not excused: inputs do not part in " + fn
                known[i] = (g, why + "; " + loc, fn)
        nbad += 0 if ok else 1
        lines.append("%s %s: %s; %.1f s" % ("ok  " if ok else "FAIL", head, what, secs))
        if tn == "a64" and plant == 0:
            lines.append("  (library %s)" % os.path.relpath(lib[0], mcu.ROOT))
        if plant == 0 and verbose:
            lines += ["  (%s)" % x for x in text.splitlines() if x.startswith("x25519 field ")]
        first = next((g for g, _ in bad if g.ct and g.diff), None)
        if plant == 0 and first is not None:
            lines.append("  " + locate(tn, elf, b.dir, regs, syms, first))
        for g, why in bad[:None if verbose else 8]:
            lines.append("  %s: %s" % (g.name(), why))
            if verbose:
                lines += ["    " + " ".join(r) for r in sorted(set(g.recs))[:4]]
        for g, why, fn in known:
            lines.append("  %s %s %s: %s" % ("known" if fn else "note:", tn, g.name(), why))
        nknown += sum(1 for k in known if k[2])
    return lines, nbad, nknown


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--targets", default=None, help="default: all (%s)" % ",".join(TARGETS))
    p.add_argument("--opts", default="Os")
    p.add_argument("--n", type=int, default=16, help="random inputs per group")
    p.add_argument("--n-slow", type=int, default=8,
                   help="random inputs of the X25519 group (2 in the control images)")
    p.add_argument("--no-controls", action="store_true")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--a64-lib", default=None, metavar="OPT=LIBRIJN_A",
                   help="a64: use this librijn.a for that opt level (e.g. O3=build/x/librijn.a)")
    p.add_argument("-v", "--verbose", action="store_true")
    a = p.parse_args()
    if a.a64_lib:
        opt, lib = a.a64_lib.split("=", 1)
        A64_LIB[opt] = os.path.abspath(lib)
    jobs = [(tn, opt) for tn in (a.targets or ",".join(TARGETS)).split(",")
            for opt in a.opts.split(",")
            if a.targets or opt in DEFAULT_OPTS.get(tn, (opt,))]
    missing = [tn for tn, _ in jobs if not mcu.tool_ok(mcu.TARGETS[tn])]
    if missing:
        print("trace: toolchain or emulator missing for %s (scripts/setup.sh --mcu)" %
              ",".join(sorted(set(missing))))
        return 1
    plugin()
    if any(mcu.TARGETS[tn]["kind"] == "avr" for tn, _ in jobs):
        avr_tracer()
    t0 = time.time()
    bad = nknown = 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        futs = [ex.submit(check_target, tn, opt, a.n, a.n_slow, not a.no_controls, a.verbose)
                for tn, opt in jobs]
        for f in futs:
            lines, b, k = f.result()
            bad += b
            nknown += k
            print("\n".join(lines), flush=True)
    print("trace: %s%s; %.0f s" % (
        "all constant" if bad == 0 else "%d FAILED" % bad,
        " but %d known failures (KNOWN, listed above)" % nknown if nknown else "",
        time.time() - t0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
