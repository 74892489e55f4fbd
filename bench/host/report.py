#!/usr/bin/env python3
"""report.py -- turn the harness output (one TSV per mode group) into
docs/BENCHMARKS.md and docs/bench/*.png.

Implementation notes
  Input: results/<group>.tsv written by bench/host/bench.c ("meta" and "row"
  lines), results/machine.tsv and results/peers.tsv written by
  scripts/bench.sh. A group file holds one or more processes' output
  (bench.sh --runs); load() merges them (median of the per-process
  medians). Every number in the document comes from these files; ratios
  compare rows measured in the same processes and the same rounds.
  results/mask-<level>.tsv (group "narrow" run under RIJN_CPU_MASK) go
  only to the section on narrower CPUs, never into the main tables.
  Units: TSC ticks per byte (per operation for key setup and the string
  case), MB/s = 10^6 bytes per second derived from the TSC rate.
"""
import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "scripts"))
import cpu_tables  # noqa: E402

OP_TITLES = {
    "ctr": "CTR", "cbc-enc": "CBC encrypt", "cbc-dec": "CBC decrypt",
    "ecb-enc": "ECB encrypt", "xts-enc": "XTS encrypt", "xts-dec": "XTS decrypt",
    "gcm-seal": "GCM seal", "gcm-open": "GCM open", "ccm-seal": "CCM seal",
    "ocb-seal": "OCB3 seal", "gcmsiv-seal": "GCM-SIV seal",
    "gcmsiv-open": "GCM-SIV open", "cmac": "CMAC",
    "chacha20poly1305-seal": "ChaCha20-Poly1305 seal",
    "chacha20poly1305-open": "ChaCha20-Poly1305 open", "sha256": "SHA-256",
    "sha512": "SHA-512", "sha3-256": "SHA3-256", "keysetup-enc": "key setup (encryption schedule)",
    "keysetup-dec": "key setup (decryption schedule)",
    "string-cbc": "string case: 48 B, PKCS#7, AES-128-CBC encrypt + decrypt, fresh key setups",
    "x25519": "X25519 (one scalar multiplication)",
    "cfb128-enc": "CFB128 encrypt", "cfb128-dec": "CFB128 decrypt", "ofb": "OFB",
}
OP_ORDER = list(OP_TITLES)
PER_OP = {"keysetup-enc", "keysetup-dec", "string-cbc", "x25519"}
LIB_ORDER = ["rijn", "rijn ct64", "rijn bs256", "OpenSSL", "libgcrypt", "Nettle", "Mbed TLS", "wolfSSL", "LibTomCrypt",
             "libsodium", "BearSSL x86ni", "BearSSL ct64", "BearSSL ct", "BearSSL big",
             "BearSSL small", "tiny-AES-c"]


def size_name(n):
    n = int(n)
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return "%d MiB" % (n >> 20)
    if n >= 1024 and n % 1024 == 0:
        return "%d KiB" % (n >> 10)
    return "%d B" % n


def fmt(x):
    if x is None:
        return "–"
    if x >= 100:
        return "%.0f" % x
    if x >= 10:
        return "%.1f" % x
    if x >= 1:
        return "%.2f" % x
    return "%.3f" % x


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2.0


def load(results):
    """One group per file; a file may hold several processes' output one
    after the other (scripts/bench.sh --runs): a row's time is then the
    median of the per-process medians, its minimum the smallest minimum,
    and it counts as timed only if every process timed it."""
    groups = {}
    for path in sorted(glob.glob(os.path.join(results, "*.tsv"))):
        name = os.path.basename(path)[:-4]
        if name in ("machine", "peers"):
            continue
        g = {"meta": {}, "versions": {}, "rows": [], "bad": [], "core_per_tsc": [],
             "preempted": [0, 0], "runs": 0}
        acc = {}
        with open(path) as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if p[0] == "meta" and p[1] == "version":
                    g["versions"][p[2]] = p[3]
                elif p[0] == "meta":
                    g["meta"][p[1]] = p[2:] if len(p) > 3 else p[2]
                    if p[1] == "core_per_tsc":
                        g["core_per_tsc"].append(float(p[2]))
                        g["runs"] += 1
                    elif p[1] == "preempted" and len(p) > 3:
                        g["preempted"][0] += int(p[2])
                        g["preempted"][1] += int(p[3])
                elif p[0] == "row":
                    op, kb, ln, lib, var, med, mn, n, reps, st = p[1:11]
                    key = (op, int(kb), int(ln), lib + (" " + var if var else ""))
                    acc.setdefault(key, []).append((float(med), float(mn), st))
        for (op, kb, ln, lib), rs in acc.items():
            ok = all(st == "ok" for _, _, st in rs)
            r = {"op": op, "kbits": kb, "len": ln, "lib": lib,
                 "med": median([m for m, _, _ in rs]), "min": min(m for _, m, _ in rs),
                 "status": "ok" if ok else next(st for _, _, st in rs if st != "ok"),
                 "runs": len(rs)}
            (g["rows"] if ok else g["bad"]).append(r)
        groups[name] = g
    return groups


def kv(path):
    d = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                p = line.rstrip("\n").split("\t")
                if len(p) >= 2:
                    d[p[0]] = p[1:] if len(p) > 2 else p[1]
    return d


def metric(r):
    return r["med"] if r["op"] in PER_OP else r["med"] / r["len"]


def table_rows(g):
    """{(op, kbits, len): {lib: ticks_per_byte_or_op}}"""
    t = {}
    for r in g["rows"]:
        t.setdefault((r["op"], r["kbits"], r["len"]), {})[r["lib"]] = metric(r)
    return t


def libs_in(cells):
    seen = set()
    for c in cells:
        seen.update(c)
    return [l for l in LIB_ORDER if l in seen] + sorted(seen - set(LIB_ORDER))


def summarise(key, cells, tsc, ref_name="OpenSSL", fastest_from=None):
    op, kb, ln = key
    rj = cells.get("rijn")
    peers = {k: v for k, v in cells.items() if k != "rijn" and
             (fastest_from is None or k in fastest_from)}
    best = min(peers, key=peers.get) if peers else None
    out = {"rijn": rj, "best": best, "best_v": peers.get(best) if best else None,
           "ossl": cells.get(ref_name)}
    out["r_best"] = rj / out["best_v"] if rj and best else None
    out["r_ossl"] = rj / out["ossl"] if rj and out["ossl"] else None
    out["mbs"] = tsc / rj * 1000.0 if rj and op not in PER_OP else None
    return out


def row_label(key):
    op, kb, ln = key
    name = OP_TITLES.get(op, op)
    if op in ("sha256", "sha512", "sha3-256"):
        return "%s, %s" % (name, size_name(ln))
    if op in ("chacha20poly1305-seal", "chacha20poly1305-open"):
        return "%s, %s" % (name, size_name(ln))
    if op == "string-cbc":
        return "string case (48 B, AES-128-CBC, PKCS#7)"
    if op == "x25519":
        return name
    if op in PER_OP:
        return "AES-%d %s" % (kb, name)
    return "AES-%d %s, %s" % (kb, name, size_name(ln))


def sort_key(key):
    op, kb, ln = key
    return (OP_ORDER.index(op) if op in OP_ORDER else 99, kb, ln)


def ratio_s(x):
    if x is None:
        return "–"
    s = "%.2f" % x
    return "**%s**" % s if x > 1.0 else s


def charts(groups, outdir, lines):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        lines.append("\n(matplotlib missing: no charts.)\n")
        return []
    made = []
    os.makedirs(outdir, exist_ok=True)
    for old in glob.glob(os.path.join(outdir, "*.png")):
        os.remove(old)
    jobs = []
    for gname, g in sorted(groups.items()):
        if gname.startswith("mask-"):
            continue
        t = table_rows(g)
        ops = sorted({k[0] for k in t if k[0] not in PER_OP and k[0] not in ("sha256", "sha512", "sha3-256")},
                     key=lambda o: OP_ORDER.index(o) if o in OP_ORDER else 99)
        for op in ops:
            jobs.append((gname, op, t))
    for gname, op, t in jobs:
        kbs = sorted({k[1] for k in t if k[0] == op})
        fig, axes = plt.subplots(1, len(kbs), figsize=(4.6 * len(kbs) + 1.8, 3.9),
                                 squeeze=False)
        for ax, kb in zip(axes[0], kbs):
            keys = sorted(k for k in t if k[0] == op and k[1] == kb)
            libs = libs_in([t[k] for k in keys])
            for lib in libs:
                xs = [k[2] for k in keys if lib in t[k]]
                ys = [t[k][lib] for k in keys if lib in t[k]]
                if lib == "rijn" or lib == "rijn ct64":
                    ax.plot(xs, ys, "-o", color="black", lw=2.6, ms=5, label=lib, zorder=5)
                elif lib == "rijn bs256":
                    ax.plot(xs, ys, "-s", color="dimgray", lw=2.6, ms=5, label=lib, zorder=5)
                else:
                    i = LIB_ORDER.index(lib) if lib in LIB_ORDER else len(LIB_ORDER)
                    ax.plot(xs, ys, ["-", "--", ":"][i % 3], marker=".", lw=1.2, label=lib,
                            color=plt.get_cmap("tab20")(i % 20))
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xticks([k[2] for k in keys])
            ax.set_xticklabels([size_name(k[2]) for k in keys], fontsize=8)
            title = OP_TITLES.get(op, op)
            if not op.startswith("chacha20poly1305-"):
                title = "AES-%d %s" % (kb, title)
            if gname == "ct":
                title += " (software AES)"
            ax.set_title(title, fontsize=10)
            ax.set_xlabel("message size")
            ax.set_ylabel("TSC ticks / byte (lower is better)")
            ax.grid(True, which="both", alpha=0.3)
        axes[0][-1].legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0))
        fig.tight_layout()
        fn = ("ct-" if gname == "ct" else "") + op + ".png"
        fig.savefig(os.path.join(outdir, fn), dpi=80)
        plt.close(fig)
        made.append(fn)
    return made


MASK_ORDER = ["mask-avx2", "mask-aesni"]


def mask_paths(mask):
    """The wide paths the mask leaves, by the rules of src/aes/aes_x86ni.c
    (VAES + AVX-512 / VAES + AVX2) and src/stream/chacha20_x86.c (AVX2 +
    AVX-512 / AVX2), chacha20_ssse3.c (SSSE3), src/mac/poly1305_x86.c (AVX2 +
    AVX-512 / AVX2), poly1305_ifma.c (AVX-512 + IFMA); bits of src/core/cpu.h.
    The library names only its classes, not these paths."""
    try:
        m = int(mask, 16)
    except (TypeError, ValueError):
        return "?"
    aes = ("VAES-512" if m & 0x140 == 0x140 else "VAES-256" if m & 0x60 == 0x60
           else "128-bit AES-NI")
    ch = "avx512" if m & 0x120 == 0x120 else "avx2" if m & 0x20 else (
        "ssse3" if m & 0x4 else "scalar")
    po = "ifma" if m & 0x1100 == 0x1100 else "avx512" if m & 0x120 == 0x120 else (
        "avx2" if m & 0x20 else "scalar")
    return "x86ni bulk path %s, ChaCha20 %s, Poly1305 %s" % (aes, ch, po)


def narrow_section(w, masked, main_keys, mach):
    """rijn with RIJN_CPU_MASK beside OpenSSL (OPENSSL_ia32cap at the same
    level) and libgcrypt (GCRYCTL_DISABLE_HWF at the same level), all three
    in the same processes."""
    w("## rijn on narrower x86-64 CPUs (emulated by RIJN_CPU_MASK on %s)\n"
      % mach.get("cpu_short", mach.get("cpu", "?")))
    w("The headline rows once more in processes of their own (group `narrow`), with "
      "`RIJN_CPU_MASK` hiding the extensions the named CPU class lacks: rijn then chooses "
      "the implementations that CPU would get (named per table: the classes as the library "
      "reports them, and the wide paths inside them that the mask leaves). OpenSSL runs with "
      "`OPENSSL_ia32cap` hiding the same extensions (its own mask), libgcrypt with the same "
      "extensions disabled (`GCRYCTL_DISABLE_HWF` before its initialisation, from "
      "`BENCH_GCRYPT_HWF_DENY`; the features it kept are listed per table). Emulation is not the real CPU: same caches, clock and memory, only "
      "the instruction choice narrows. Ratios: same processes and rounds; below 1 rijn is "
      "faster. \"rijn, all features\" is the main run's figure (other processes).\n")
    for name in sorted(masked, key=lambda n: MASK_ORDER.index(n) if n in MASK_ORDER else 99):
        g = masked[name]
        meta = g["meta"]
        lvl = meta.get("level", [name[5:], ""])
        if isinstance(lvl, str):
            lvl = [lvl, ""]
        w("### %s: %s\n" % (lvl[0], lvl[1]))
        hwf = meta.get("libgcrypt_hwf")
        if isinstance(hwf, list):
            hwf = hwf[0]
        gc_label = "libgcrypt (masked)" if hwf else "libgcrypt (all features)"
        w("`RIJN_CPU_MASK=%s` → rijn chose %s (%s); `OPENSSL_ia32cap=%s`; libgcrypt %s; "
          "%d process(es).\n"
          % (meta.get("rijn_cpu_mask", "?"), meta.get("rijn", "?"),
             mask_paths(meta.get("rijn_cpu_mask")),
             meta.get("openssl_ia32cap", "(unset)"),
             ("kept `%s`" % hwf.replace("hwflist:", "").strip(":")) if hwf
             else "unmasked (every feature of this CPU)", g["runs"]))
        w("| row | rijn ticks/B | OpenSSL (masked) | %s | " % gc_label +
          "rijn / OpenSSL | rijn / libgcrypt | rijn, all features |")
        w("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        t = table_rows(g)
        for k in sorted(t, key=sort_key):
            c = t[k]
            rj, os_, gc = c.get("rijn"), c.get("OpenSSL"), c.get("libgcrypt")
            full = main_keys.get(k, {}).get("rijn")
            w("| %s | %s | %s | %s | %s | %s | %s |" % (
                row_label(k), fmt(rj), fmt(os_), fmt(gc),
                ratio_s(rj / os_ if rj and os_ else None),
                ratio_s(rj / gc if rj and gc else None), fmt(full)))
        for r in g["bad"]:
            w("| %s | %s (%s) | | | | | |" % (row_label((r["op"], r["kbits"], r["len"])),
                                             r["status"], r["lib"]))
        w("")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--doc", required=True)
    ap.add_argument("--charts", required=True)
    a = ap.parse_args()
    groups = load(a.results)
    if not groups:
        sys.exit("no results in " + a.results)
    mach = kv(os.path.join(a.results, "machine.tsv"))
    peers = []
    pp = os.path.join(a.results, "peers.tsv")
    if os.path.exists(pp):
        with open(pp) as f:
            peers = [l.rstrip("\n").split("\t") for l in f if l.strip()]
    masked = {n: g for n, g in groups.items() if n.startswith("mask-")}
    groups = {n: g for n, g in groups.items() if n not in masked}
    if not groups:
        sys.exit("no unmasked results in " + a.results)
    any_g = next(iter(groups.values()))
    tsc = float(any_g["meta"].get("tsc_ghz", "1"))
    versions = {}
    for g in groups.values():
        versions.update(g["versions"])

    # a table measured on another CPU is kept (docs/cpus/), charts with it,
    # before this run replaces it
    cpu_short = mach.get("cpu_short", mach.get("cpu", "?"))
    if os.path.exists(a.doc):
        with open(a.doc) as f:
            old_charts = re.findall(r"\]\(((?:\.\./)*[\w./-]+\.png)\)", f.read())
        cpu_tables.keep(a.doc, old_charts, cpu=cpu_short)

    L = []
    w = L.append
    cps = [c for g in groups.values() for c in g["core_per_tsc"]]
    clock = ("measured core clock %.2f–%.2f GHz" % (min(cps) * tsc, max(cps) * tsc)
             if cps else "core clock not measured")
    w("# rijn benchmarks\n")
    # one line naming commit, CPU and clock: scripts/readme_headlines.py copies it and
    # scripts/doc_freshness.py reads the commit from the marker
    w("<!-- bench-commit: %s -->" % mach.get("rijn_commit_full", "?"))
    w(cpu_tables.marker(cpu_short))
    w("Generated by `scripts/bench.sh%s` on %s at commit %s on %s, %s; do not edit by hand "
      "(rerun the script). Ratios depend on the CPU: compare on your machine with "
      "`scripts/bench.sh --quick`. Raw results: the TSV files the script leaves in "
      "`$BENCH_WORK/results`.\n" % (" --quick" if mach.get("quick") == "--quick" else "",
                                     mach.get("date", "?"), mach.get("rijn_commit", "?"),
                                     mach.get("cpu_short", mach.get("cpu", "?")), clock))
    w("## Machine\n")
    w("| | |\n| --- | --- |")
    cpu = mach.get("cpu", "?")
    if "logical CPUs" not in cpu:
        cpu += ", %s logical CPUs" % mach.get("cpus", "?")
    w("| CPU | %s (shared with other jobs: load average %s at start, %s at end) |"
      % (cpu, mach.get("load", "?"), mach.get("load_end", "?")))
    w("| CPU flags used by the libraries | %s |" % mach.get("flags", "?"))
    w("| TSC | %.4f GHz, constant rate |" % tsc)
    if cps:
        w("| core clock / TSC (per process) | %.2f … %.2f (core clock ≈ %.2f … %.2f GHz) |"
          % (min(cps), max(cps), min(cps) * tsc, max(cps) * tsc))
    w("| kernel, compiler | %s; %s (harness and rijn at -O2/-O3 Release, no -march) |"
      % (mach.get("kernel", "?"), mach.get("cc", "?")))
    w("| rijn | %s, commit %s; AES/GHASH/SHA-256 classes chosen at run time: %s |"
      % (versions.get("rijn", "?"), mach.get("rijn_commit", "?"),
         any_g["meta"].get("rijn", "?")))
    a_ = sum(g["preempted"][0] for g in groups.values())
    b_ = sum(g["preempted"][1] for g in groups.values())
    if b_:
        w("| batches preempted (time off the CPU removed) | %d of %d |" % (a_, b_))
    w("| run time | %s s%s |\n" % (mach.get("duration_s", "?"),
                                   " (--quick)" if mach.get("quick") == "--quick" else ""))

    w("Tables of other CPUs (each CPU's last run, kept by `scripts/cpu_tables.py` when a run "
      "on another CPU replaced it here):\n")
    L.extend(cpu_tables.index(a.doc, cpu=cpu_short))
    w("")
    w("## Libraries\n")
    w("| library | version (as reported by the library) | source | notes |")
    w("| --- | --- | --- | --- |")
    notes = {
        "rijn": "this tree, static library",
        "OpenSSL": "EVP; AES-NI + VAES/AVX-512 code where it has it; IV reset per message",
        "libgcrypt": "AES-NI/VAES; key setup row: the decryption schedule is made lazily",
        "Nettle": "fat build (AES-NI, PCLMUL); no OCB / GCM-SIV in 3.8",
        "Mbed TLS": "MBEDTLS_AESNI_C (one block at a time); ECB is a loop of one-block calls",
        "wolfSSL": "Debian build without AES-NI (portable C, 4-bit GCM tables)",
        "LibTomCrypt": "table AES in C; OCB3 row includes key setup per message (no nonce reset API)",
        "libsodium": "AES-256-GCM only (needs AES-NI), ChaCha20-Poly1305, SHA-2",
        "BearSSL": "each AES implementation as its own column; in-place API (a copy counted)",
        "tiny-AES-c": "aes.c compiled by the script; in-place API (a copy counted)",
    }
    plist = {p[0]: p for p in peers}
    w("| rijn | %s | this repository | %s |" % (versions.get("rijn", "?"), notes["rijn"]))
    for name in ["OpenSSL", "libgcrypt", "Nettle", "Mbed TLS", "wolfSSL", "LibTomCrypt",
                 "libsodium", "BearSSL", "tiny-AES-c"]:
        p = plist.get(name, [name, "?", "?"])
        if p[1] != "ok":
            w("| %s | — | **dropped**: %s | |" % (name, p[2]))
        else:
            w("| %s | %s | %s | %s |" % (name, versions.get(name, "?"), p[2], notes[name]))
    dropped = [p[0] for p in peers if p[1] != "ok"]
    w("\nDropped peers: %s.\n" % (", ".join(dropped) if dropped else "none"))

    w("## Method\n")
    meta = any_g["meta"]
    runs = sorted(set(g["runs"] for g in groups.values()))
    runs_s = "/".join(str(r) for r in runs)
    w("- One program (`bench/host/bench.c` + one adapter per library: `bench/peers/*.c` for "
      "the peers the MCU benchmarks measure too, `bench/host/peer_*.c` for the others) linked "
      "against every library; each mode group runs in processes of its own "
      "(`--group ctr|cbc|ecb|xts|gcm|aead|mac|keysetup|pk|ct`), %s per group in this run "
      "(`--runs`). Each process has its own address-space layout, and a 16- or 64-byte row "
      "can settle in a different steady state in each (seen as ±15%% between processes "
      "for the same library), so one process is not enough for short messages." % runs_s)
    w("- Before timing, every library processes the same input once and the outputs "
      "(ciphertext and tag, plaintext for GCM open, MAC, digest; for key setup one block "
      "encrypted or decrypted with the new schedule) must be equal byte for byte; a "
      "mismatch aborts that row (listed below if any).")
    w("- One *message* = one complete call sequence as an application makes it with a key "
      "already set up: set IV/nonce, AAD (16 bytes for every AEAD), process, tag. "
      "Nonces 12 bytes, tags 16 bytes. Key setup rows time only the schedule; the string case "
      "times both key setups, padding, encryption and decryption.")
    w("- Each library gets a batch size that takes about %s µs; then %s rounds, each timing "
      "one batch of every library in rotating order (interleaved, so drifts of the clock "
      "and of the machine load hit all alike). Reported: the median over rounds in each "
      "process, then the median of those over the processes."
      % (meta.get("batch_us", "?"), meta.get("reps", "?")))
    w("- Unit: **TSC ticks** (RDTSC). The TSC runs at a constant %.3f GHz, which is *not* "
      "the core clock: each process also times a chain of dependent additions (1 core "
      "cycle each) and reports core cycles per tick (table above); multiply ticks by that "
      "factor for an estimate of core cycles. MB/s = 10^6 bytes/s from the TSC rate. "
      "Because the machine is shared, time during which the thread was off the CPU "
      "(from CLOCK_THREAD_CPUTIME_ID) is removed from a batch; cache pollution by other "
      "jobs is not." % tsc)
    w("- Ratios (rijn / peer) are ratios of these times, each library timed in the same "
      "processes and rounds: "
      "**below 1 rijn is faster**; bold marks rows where rijn is slower. \"Fastest peer\" is "
      "the fastest other library or BearSSL implementation in that row.")
    w("- Constant-time software rows (group `ct`): rijn forced to each of its constant-time "
      "software AES classes in turn, `ct64` (bitsliced, 64-bit words) and `bs256` (bitsliced "
      "on AVX2/AVX-512VL registers; its decryption is ct64's) "
      "(`rijn_aes_impl_force(\"ct64\")` / `(\"bs256\")`; GHASH stays on PCLMUL), "
      "BearSSL `aes_ct64` "
      "(GHASH `pclmul`), OpenSSL with `OPENSSL_ia32cap=%s` (AES-NI masked: its SSSE3 "
      "vector-permute AES, GHASH on PCLMUL).\n"
      % (groups.get("ct", {"meta": {}})["meta"].get("openssl_ia32cap", "~0x200000000000000")))

    bad = [(n, r) for n, g in groups.items() for r in g["bad"]]
    if bad:
        w("**Rows not timed** (output mismatch or setup error):\n")
        for n, r in bad:
            w("- %s: %s (%s) — %s" % (n, row_label((r["op"], r["kbits"], r["len"])), r["lib"],
                                       r["status"]))
        w("")

    # ---- summary tables --------------------------------------------------
    main_keys = {}
    for n, g in groups.items():
        if n == "ct":
            continue
        for k, v in table_rows(g).items():
            main_keys[k] = v
    summ = {k: summarise(k, v, tsc) for k, v in main_keys.items()}

    def summary_table(keys, per_op=False):
        unit = "ticks/op" if per_op else "ticks/B"
        w("| row | rijn %s | rijn MB/s | fastest peer | its %s | rijn / fastest | OpenSSL %s | "
          "rijn / OpenSSL |" % (unit, unit, unit))
        w("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
        for k in keys:
            s = summ[k]
            w("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                row_label(k), fmt(s["rijn"]), "%.0f" % s["mbs"] if s["mbs"] else "–",
                s["best"] or "–", fmt(s["best_v"]), ratio_s(s["r_best"]), fmt(s["ossl"]),
                ratio_s(s["r_ossl"])))
        w("")

    w("## Headline\n")
    head = [k for k in sorted(main_keys, key=sort_key)
            if (k[0] in ("ctr", "cbc-enc", "cbc-dec", "xts-enc", "gcm-seal", "gcm-open",
                         "ccm-seal", "ocb-seal", "gcmsiv-seal", "gcmsiv-open", "cmac",
                         "chacha20poly1305-seal")
                and k[2] in (16, 1024, 1048576) and (k[1] == 128 or k[0] in ("gcm-seal", "chacha20poly1305-seal", "xts-enc")))
            or k[0] in ("sha256", "sha512", "sha3-256") or k[0] in PER_OP]
    summary_table([k for k in head if k[0] not in PER_OP])
    summary_table([k for k in head if k[0] in PER_OP], per_op=True)

    loses = [k for k in sorted(main_keys, key=sort_key)
             if summ[k]["r_best"] is not None and summ[k]["r_best"] > 1.0]
    w("## Where rijn loses\n")
    if not loses:
        w("Nowhere in this run: rijn is the fastest in every row.\n")
    else:
        w("Rows where a peer was faster (rijn / fastest > 1; values within ~5% are "
          "within run-to-run noise on this shared machine):\n")
        w("| row | rijn | fastest peer | rijn / fastest | rijn / OpenSSL |")
        w("| --- | ---: | --- | ---: | ---: |")
        for k in loses:
            s = summ[k]
            w("| %s | %s | %s (%s) | %.2f | %s |" % (row_label(k), fmt(s["rijn"]), s["best"],
                                                      fmt(s["best_v"]), s["r_best"],
                                                      ratio_s(s["r_ossl"])))
        w("")

    if "ct" in groups:
        w("## Constant-time software AES (no AES instructions)\n")
        ct = table_rows(groups["ct"])
        w("rijn `ct64` and `bs256` against BearSSL `aes_ct64` (bitsliced, constant-time) and "
          "OpenSSL's vector-permute AES (constant-time SSSE3 code). Ticks per byte (per key "
          "setup for the key setup rows); ratios below 1: rijn faster.\n")
        w("| row | rijn ct64 | rijn bs256 | BearSSL ct64 | OpenSSL (AES-NI masked) | "
          "ct64 / BearSSL ct64 | ct64 / OpenSSL | bs256 / BearSSL ct64 | bs256 / OpenSSL |")
        w("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")

        def rt(a, b):
            return ratio_s(a / b if a and b else None)
        for k in sorted(ct, key=sort_key):
            c = ct[k]
            c64 = c.get("rijn ct64", c.get("rijn"))  # older results: one rijn column
            b256 = c.get("rijn bs256")
            br, os_ = c.get("BearSSL ct64"), c.get("OpenSSL")
            w("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                row_label(k), fmt(c64), fmt(b256), fmt(br), fmt(os_), rt(c64, br),
                rt(c64, os_), rt(b256, br), rt(b256, os_)))
        w("")

    if masked:
        narrow_section(w, masked, main_keys, mach)

    w("## All rows\n")
    w("Every row measured in the main groups, with the ratios.\n")
    summary_table([k for k in sorted(main_keys, key=sort_key) if k[0] not in PER_OP])

    w("## Per-library tables\n")
    w("TSC ticks per byte (per operation for key setup and the string case); – = the library "
      "does not offer the operation.\n")
    ops = sorted({k[0] for k in main_keys}, key=lambda o: OP_ORDER.index(o) if o in OP_ORDER else 99)
    for op in ops:
        keys = sorted((k for k in main_keys if k[0] == op), key=sort_key)
        libs = libs_in([main_keys[k] for k in keys])
        w("### %s\n" % OP_TITLES.get(op, op))
        w("| | " + " | ".join(libs) + " |")
        w("| --- |" + " ---: |" * len(libs))
        for k in keys:
            c = main_keys[k]
            best = min(c.values())
            cells = []
            for l in libs:
                v = c.get(l)
                s = fmt(v)
                cells.append("**%s**" % s if v is not None and v == best else s)
            lab = ("AES-%d, " % k[1] if k[1] and op != "chacha20poly1305-seal" else "") + \
                (size_name(k[2]) if op not in PER_OP else "")
            w("| %s | %s |" % (lab.rstrip(", "), " | ".join(cells)))
        w("")

    made = charts(groups, a.charts, L)
    if made:
        w("## Charts\n")
        w("TSC ticks per byte against message size, log-log; rijn is the thick black line.\n")
        rel = os.path.relpath(a.charts, os.path.dirname(os.path.abspath(a.doc)))
        for fn in made:
            w("![%s](%s/%s)\n" % (fn[:-4], rel, fn))
    with open(a.doc, "w") as f:
        f.write("\n".join(L).rstrip() + "\n")


if __name__ == "__main__":
    main()
