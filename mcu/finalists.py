#!/usr/bin/env python3
"""finalists.py -- the five AES finalists on the emulated microcontrollers:
a known answer per cipher on the target, then flash, context RAM, stack,
key setup, one block, CBC over 1 KiB and the seed job (48-byte string,
CBC + PKCS#7, key setup included), written to docs/FINALISTS.md.

  python3 mcu/finalists.py [--targets m0,m3,m4,rv32,avr328p,avr2560]
                           [--opts Os,O2] [--md docs/FINALISTS.md]
  python3 mcu/finalists.py --check [--targets ...] [--opts ...]
  python3 mcu/finalists.py --data F.json   (also keep the measurements)
  python3 mcu/finalists.py --from-data F.json [--host]   (document only)

--host: also the x86-64 row (bench/finalists_host.cpp beside Crypto++ and
libgcrypt, built with c++ against a rijn_static built by cmake in
$RIJN_FIN_HOST_BUILD, default build/fin-host; CPU named by
scripts/cpu_id.py). The chart (docs/finalists-mcu.png, -Os) is drawn by
mcu/tools/fin_chart.py with a Python that has matplotlib; the prose after
the tables is mcu/finalists-notes.md (no figures in it): the explanation,
the Java-heap comparison and the constant-time discussion per cipher and
core.

--check: no measurement; the vector image (mcu/test/fin_test.c, records
from mcu/tools/finvec.py) per target: the submissions' known answers (a
subset: every CHECK[target][0]-th row of Botan's variable-key/-text
tables, all of the smaller files) and Serpent's published Monte Carlo
rows (CHECK[target][1] rows of 10,000 blocks; none on AVR, where one row
would take about 2.5 x 10^9 simulated cycles).

One image per cipher (mcu/bench/finalists.c, -DFIN_CIPHER=i) plus the
harness alone; flash = the image's text + data minus the harness's (the
cipher, the generic modes it uses and, for AES, the dispatcher and every
AES class the target compiles). Counts: QEMU instruction counts (ARM,
RISC-V: mcu/bench/insn_plugin.c) and simavr cycles (AVR), deterministic;
stack: painted, the deepest of the cipher's rows. Builds go through
mcu.py's Builder, runs through measure.py's run_image (bench protocol).
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mcu  # noqa: E402
import measure  # noqa: E402

ROOT = mcu.ROOT
CIPHERS = ["aes", "serpent", "twofish", "rc6", "mars"]
DEFAULT_TARGETS = "m0,m3,m4,rv32,avr328p,avr2560"
OPS = [("setup_128", "key setup (128)"), ("enc_block", "encrypt 1 block"),
       ("dec_block", "decrypt 1 block"), ("cbc_enc_1k", "CBC encrypt 1 KiB"),
       ("seed_cbc_pkcs7_48", "seed job"), ("setup_256", "key setup (256)")]
CT = {"aes": "the class rijn_aes_init picks by default on that target (the RAM column "
             "shows the ttable class's SRAM tables on ARM/RV32: table lookups, constant time "
             "only without a data cache); every class is measured in docs/BENCHMARKS-MCU.md",
      "serpent": "yes, bitsliced (all targets)",
      "twofish": "no table; one secret-dependent variable shift: yes on ARM/RV32, "
                 "no on AVR",
      "rc6": "data-dependent rotations and multiplies: yes on Cortex-M (fixed-time "
             "MUL/ROR), per core on RV32, no on AVR",
      "mars": "no: data-indexed S-box (plus RC6's rotations/multiplies)"}


# target -> (every n-th Botan row, Serpent cbc_e_m.txt rows, one image per
# cipher: the ATmega328P's RAM does not hold all four at once)
CHECK = {"m0": (8, 1, False), "m3": (4, 2, False), "m4": (8, 1, False), "m33": (8, 1, False),
         "rv32": (8, 1, False), "avr328p": (128, 0, True), "avr2560": (64, 0, False)}


def lib():
    files = mcu.aes_files() + ["core/util.c", "core/cpu.c"]
    files += ["modes/" + f for f in sorted(os.listdir(os.path.join(ROOT, "src", "modes")))
              if f.endswith(".c")]
    files += ["cipher/" + f for f in sorted(os.listdir(os.path.join(ROOT, "src", "cipher")))
              if f.endswith(".c")]
    return files


def measure_one(tn, opt):
    t = mcu.TARGETS[tn]
    b = mcu.Builder(tn, opt, tag="-fin")
    objs = b.objs(lib(), []) + [b.obj(s, True) for s in t["rt"]]
    extra = ["-DFIN_BUF=256"] if tn == "avr328p" else []
    rows, base = {}, None
    for i in range(-1, len(CIPHERS)):
        o = b.obj_as("bench/finalists.c", "fin%d.o" % (i + 1), extra + ["-DFIN_CIPHER=%d" % i])
        elf = b.link("fin%d" % (i + 1), objs + [o])
        size = measure.size_of(t, elf)
        if i < 0:
            base = size
            continue
        res, _ = measure.run_image(tn, elf, b.dir, opt)
        ops = res.get(CIPHERS[i], {})
        rows[CIPHERS[i]] = dict(
            flash=size["flash"] - base["flash"], ram=size["ram"] - base["ram"],
            stack=max((v["stack"] for v in ops.values()), default=0),
            ops={k: v["count"] for k, v in ops.items()})
    return rows


def check_one(tn, opt, timeout=600):
    """Build and run the vector image(s); returns (ok, summary lines)."""
    t = mcu.TARGETS[tn]
    b = mcu.Builder(tn, opt, tag="-fin")
    objs = b.objs(lib(), []) + [b.obj(s, True) for s in t["rt"]]
    every, rows, split = CHECK.get(tn, (8, 1, False))
    ok, lines = True, []
    for only in (CIPHERS[1:] if split else [None]):
        sub = "" if only is None else "-" + only
        cmd = [sys.executable, os.path.join(mcu.MCU, "tools", "finvec.py"), "-o",
               os.path.join(b.dir, "mcu_vectors.bin"), "--every", str(every), "--mct", str(rows)]
        cmd += ["--only", only] if only else []
        cfile = os.path.join(b.dir, "fin_vectors_avr%s.c" % sub) if t["kind"] == "avr" else None
        cmd += ["--c", cfile] if cfile else []
        msg = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout.strip()
        extra = ["-DFIN_ONLY=%d" % CIPHERS.index(only)] if only else []
        img = objs + [b.obj_as("test/fin_test.c", "fin_test%s.o" % sub, extra)]
        if cfile:
            img.append(b.obj(cfile, True))
        elf = b.link("fin_test" + sub, img)
        size = measure.size_of(t, elf)
        st, out, err, secs = mcu.emulate(tn, elf, b.dir, timeout)
        last = [l for l in out.splitlines() if l.endswith(" failed")]
        good = st == 0 and bool(last) and last[-1].endswith(" 0 failed")
        lines.append("%s -%s%s: %s; image %d B flash, %d B RAM; run %.1f s: %s" % (
            tn, opt, sub, msg.replace("finvec: ", ""), size["flash"], size["ram"], secs,
            last[-1] if last else "(no summary)"))
        if not good:
            lines[-1] += "\n" + out + err[-2000:]
        ok = ok and good
    return ok, "\n".join(lines)


def host_row():
    """{cipher: {impl: {op: ns}}} and the CPU line, from bench/finalists_host.cpp."""
    bdir = os.environ.get("RIJN_FIN_HOST_BUILD") or os.path.join(ROOT, "build", "fin-host")
    subprocess.run(["cmake", "-S", ROOT, "-B", bdir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                    "-DRIJN_BUILD_TESTS=OFF"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", bdir, "--target", "rijn_static"], check=True,
                   stdout=subprocess.DEVNULL)
    lib = os.path.join(bdir, "librijn.a")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libcrypto++", "libgcrypt"],
                           check=True, stdout=subprocess.PIPE, text=True).stdout.split()
    exe = os.path.join(bdir, "finalists_host")
    subprocess.run(["c++", "-O2", "-std=c++14", "-I" + os.path.join(ROOT, "include"),
                    os.path.join(ROOT, "bench", "finalists_host.cpp"), lib] + flags + ["-o", exe],
                   check=True)
    rows = {}
    for line in subprocess.run([exe], check=True, stdout=subprocess.PIPE,
                               text=True).stdout.splitlines():
        c, impl, op, ns = line.split("\t")
        rows.setdefault(c, {}).setdefault(impl, {})[op] = float(ns)
    cpu = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "cpu_id.py")],
                         stdout=subprocess.PIPE, text=True).stdout.strip()
    return dict(rows=rows, cpu=cpu, commit=measure.git_state()[0])


def host_md(h):
    w = ["", "## Host x86-64: CBC encryption of 4 KiB and key setup, beside Crypto++ and libgcrypt",
         "", "Measured by `bench/finalists_host.cpp` (`mcu/finalists.py --host`) at commit %s on:"
         % h["commit"], "", "    " + h["cpu"], "",
         "One process, the implementations interleaved round after round, median of 31 batches",
         "timed with the thread's CPU clock. ns/byte for CBC (a serial mode in all three, so no",
         "library gets parallel blocks), ns per 128-bit key setup; ratio = the peer's time /",
         "rijn's (above 1: rijn faster) from the same run. libgcrypt has no RC6 and no MARS.", "",
         "| cipher | rijn CBC ns/B | Crypto++ | libgcrypt | rijn key setup ns | Crypto++ "
         "| libgcrypt |", "| --- " * 7 + "|"]
    for c in CIPHERS:
        r = h["rows"].get(c, {})
        mine = r.get("rijn", {})

        def cell(impl, op):
            v = r.get(impl, {}).get(op)
            if v is None or not mine.get(op):
                return "–"
            return "%.2f (%.2fx)" % (v, v / mine[op])
        w.append("| %s | %.2f | %s | %s | %.0f | %s | %s |" % (
            c, mine.get("cbc", 0), cell("cryptopp", "cbc"), cell("libgcrypt", "cbc"),
            mine.get("setup", 0), cell("cryptopp", "setup"), cell("libgcrypt", "setup")))
    return w


def fmt(n):
    return "{:,}".format(n) if isinstance(n, int) else "–"


def meta():
    head, dirty = measure.git_state()
    return dict(commit=head, dirty=dirty, tools=measure.tool_versions())


def write_md(path, data, targets, opts):
    m = data.get("_meta") or meta()
    head, dirty, tools = m["commit"], m["dirty"], m["tools"]
    w = ["# The AES finalists on microcontrollers",
         "",
         "Generated by `python3 mcu/finalists.py` at commit %s%s; do not edit by hand. Emulated,"
         % (head, " (+ local changes)" if dirty else ""),
         "deterministic counts: QEMU instruction counts on ARM and RISC-V (%s), simavr"
         % tools.get("qemu-system-arm", "?"),
         "cycles on AVR (simavr %s). Compilers: %s; %s; %s."
         % (tools.get("simavr", "?"), tools.get("arm-none-eabi-gcc", "?"),
            tools.get("riscv64-unknown-elf-gcc", "?"), tools.get("avr-gcc", "?")),
         "",
         "Every cipher ran its known answer on the target before being measured",
         "(mcu/bench/finalists.c); all five use the same generic block-cipher interface",
         "(`rijn/blockcipher.h`) and the same CBC / PKCS#7 code. Columns: **flash** = bytes the",
         "cipher adds to the harness image (cipher + generic modes; AES: the dispatcher and every",
         "AES class the target builds), **RAM** = static RAM it adds (AES: the ttable class's",
         "SRAM tables; on AVR also every constant that is not in PROGMEM, among them the harness's",
         "240-byte known-answer table and the labels: compare the AVR rows with each other); the",
         "key schedule itself lives in the caller's context (`rijn_bc_ctx`), **stack** = deepest",
         "painted stack over its rows; **seed job** = key setup + CBC-PKCS#7 encrypt and decrypt",
         "of a 48-byte string. Counts are instructions (ARM, RV32) or cycles (AVR).",
         "",
         "Constant time, per cipher (details and evidence in `src/cipher/*.c`):",
         ""]
    for c in CIPHERS:
        w.append("- **%s**: %s" % (c, CT[c]))
    for tn in targets:
        for opt in opts:
            rows = data.get("%s-%s" % (tn, opt))
            if not rows:
                continue
            unit = "cycles" if mcu.TARGETS[tn]["kind"] == "avr" else "instructions"
            w += ["", "## %s, -%s (%s)" % (mcu.TARGETS[tn]["title"], opt, unit), "",
                  "| cipher | flash | RAM | stack | " + " | ".join(n for _, n in OPS) + " |",
                  "| --- " * (4 + len(OPS)) + "|"]
            for c in CIPHERS:
                r = rows.get(c)
                if r is None:
                    continue
                w.append("| %s | %s | %s | %s | " % (c, fmt(r["flash"]), fmt(r["ram"]),
                                                     fmt(r["stack"]))
                         + " | ".join(fmt(r["ops"].get(k)) for k, _ in OPS) + " |")
    if data.get("_chart"):
        w += ["", "![encrypt 1 block and flash per cipher and target, -Os](%s)" % data["_chart"]]
    if data.get("_host"):
        w += host_md(data["_host"])
    if data.get("_check"):
        w += ["", "## Vectors on the targets", "",
              "`mcu/finalists.py --check` (run by tests/mcu/test_mcu_finalists.sh) runs the",
              "submissions' known answers, read from the package-registry files the host tests",
              "read (mcu/tools/finvec.py says which and how many), and Serpent's published",
              "Monte Carlo rows where the emulator's time allows (none on AVR). This run:", ""]
        w += ["    " + re.sub(r"; run [0-9.]+ s:", ":", l) for l in data["_check"]]
    with open(os.path.join(ROOT, "mcu", "finalists-notes.md")) as f:
        w += [""] + f.read().rstrip("\n").splitlines()
    w.append("")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(w))
    os.replace(tmp, path)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--targets", default=DEFAULT_TARGETS)
    p.add_argument("--opts", default="Os,O2")
    p.add_argument("--md", default=os.path.join(ROOT, "docs", "FINALISTS.md"))
    p.add_argument("--check", action="store_true", help="run the vector image only")
    p.add_argument("--data", help="also save the measurements as JSON to this file")
    p.add_argument("--from-data", help="no measurement: write the document from this JSON")
    p.add_argument("--host", action="store_true", help="also measure the x86-64 row")
    p.add_argument("--no-check", action="store_true",
                   help="leave the vector images out of the document (the test runs --check)")
    a = p.parse_args()
    targets = [x for x in a.targets.split(",") if x]
    opts = [x for x in a.opts.split(",") if x]
    if a.check:
        bad = 0
        for tn in targets:
            if not mcu.tool_ok(mcu.TARGETS[tn]):
                raise SystemExit("finalists: tools for %s missing (scripts/setup.sh --mcu)" % tn)
            for opt in opts:
                ok, line = check_one(tn, opt)
                bad += not ok
                print(("ok   " if ok else "FAIL ") + line, flush=True)
        raise SystemExit(1 if bad else 0)
    data = {"_meta": meta()}
    if a.from_data:
        with open(a.from_data) as f:
            data = json.load(f)
        targets = [tn for tn in mcu.TARGETS if any(k.startswith(tn + "-") for k in data)]
    for tn in (targets if not a.from_data else []):
        if not mcu.tool_ok(mcu.TARGETS[tn]):
            raise SystemExit("finalists: tools for %s missing (scripts/setup.sh --mcu)" % tn)
        for opt in opts:
            data["%s-%s" % (tn, opt)] = measure_one(tn, opt)
            print("%s -%s: %s" % (tn, opt, ", ".join(
                "%s %s" % (c, r["ops"].get("enc_block")) for c, r in
                data["%s-%s" % (tn, opt)].items())), flush=True)
    if a.host:
        data["_host"] = host_row()
    if not a.no_check and (not a.from_data or "_check" not in data):
        lines = []
        for tn in targets:
            lines += check_one(tn, "Os")[1].splitlines()
        # the emulators' wall times vary with the machine's load: not in the document
        data["_check"] = [re.sub(r"; run [0-9.]+ s:", ":", l) for l in lines if " -Os" in l]
    py = measure.chart_python()
    if py:
        png = os.path.join(os.path.dirname(os.path.abspath(a.md)), "finalists-mcu.png")
        tmp = os.path.join(mcu.BUILD, "fin-data.json")
        with open(tmp, "w") as f:
            json.dump(data, f)
        subprocess.run([py, os.path.join(mcu.MCU, "tools", "fin_chart.py"), tmp, png], check=True)
        data["_chart"] = os.path.basename(png)
    if a.data:
        with open(a.data + ".tmp", "w") as f:
            json.dump(data, f, indent=1)
        os.replace(a.data + ".tmp", a.data)
    write_md(a.md, data, targets, opts)
    print("wrote", a.md)


if __name__ == "__main__":
    main()
