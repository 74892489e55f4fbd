#!/usr/bin/env python3
"""bench_arm.py -- write docs/BENCHMARKS-ARM.md: instruction counts of rijn,
OpenSSL and libgcrypt on AArch64 (qemu-aarch64 user mode, -cpu max), and
of rijn's AES on RISC-V with and without the scalar crypto extensions.

    scripts/bench-arm.sh            (the wrapper: this script, then nothing else)

Implementation notes: counts, not times (QEMU's timing means nothing): the
TCG plugin mcu/bench/insn_plugin.c counts the guest instructions executed
between the entries of bench_start and bench_stop (Debian's qemu-user 7.2
loads plugins: -plugin FILE,start=ADDR,stop=ADDR -d plugin -D LOG). The
AArch64 program is bench/arm/bench_arm.c, linked statically (fixed
addresses, no dynamic loader) against rijn cross-built by CMake
(cmake/toolchains/aarch64-linux-gnu.cmake, Release) and Debian's arm64
libcrypto.a and libgcrypt.a. Those come from a private sysroot under
build/bench-arm/: `apt-get download` of the arm64 .debs and `dpkg-deb -x`,
never installed (libgcrypt20-dev:arm64 would replace the host's
libgcrypt20-dev). The RISC-V rows reuse mcu/measure.py's bench image
(mcu/bench/bench.c) on the targets rv32, rv32zk, rv64, rv64zk (mcu/mcu.py).
Nothing here is typed: every figure in the document is computed below.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "mcu"))
import mcu  # noqa: E402
import measure  # noqa: E402

WORK = os.path.join(ROOT, "build", "bench-arm")
SYSROOT = os.path.join(WORK, "sysroot")
DEBS = ["libssl-dev:arm64", "libssl3:arm64", "libgcrypt20:arm64", "libgcrypt20-dev:arm64",
        "libgpg-error0:arm64", "libgpg-error-dev:arm64"]
LIBDIR = os.path.join(SYSROOT, "usr", "lib", "aarch64-linux-gnu")
QEMU_CPU = "max"


def sh(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if r.returncode != 0:
        sys.stderr.write("$ %s\n%s" % (" ".join(cmd), r.stdout))
        raise SystemExit("bench_arm: command failed")
    return r.stdout


def sysroot():
    if all(os.path.exists(os.path.join(LIBDIR, f)) for f in
           ("libcrypto.a", "libgcrypt.a", "libgpg-error.a")):
        return
    debs = os.path.join(WORK, "debs")
    os.makedirs(debs, exist_ok=True)
    sh(["apt-get", "download"] + DEBS, cwd=debs)
    for d in sorted(glob.glob(os.path.join(debs, "*.deb"))):
        sh(["dpkg-deb", "-x", d, SYSROOT])


def deb_versions():
    out = []
    for d in sorted(glob.glob(os.path.join(WORK, "debs", "*.deb"))):
        name = os.path.basename(d)
        if name.startswith(("libssl3_", "libgcrypt20_")):
            out.append(name.rsplit("_", 1)[0].replace("_", " "))
    return ", ".join(out)


def build():
    rb = os.path.join(WORK, "rijn")
    sh(["cmake", "-S", ROOT, "-B", rb, "-G", "Ninja", "--toolchain",
        os.path.join(ROOT, "cmake/toolchains/aarch64-linux-gnu.cmake"),
        "-DCMAKE_BUILD_TYPE=Release", "-DRIJN_BUILD_TESTS=OFF", "-DRIJN_BUILD_CLI=OFF",
        "-DRIJN_BUILD_SHARED=OFF"])
    sh(["cmake", "--build", rb, "-j2", "--target", "rijn_static"])
    exe = os.path.join(WORK, "bench_arm")
    inc = os.path.join(SYSROOT, "usr", "include")
    sh(["aarch64-linux-gnu-gcc", "-std=gnu99", "-O2", "-Wall", "-Wextra", "-Werror", "-static",
        "-no-pie", "-I" + os.path.join(ROOT, "include"), "-isystem", inc,
        "-isystem", os.path.join(inc, "aarch64-linux-gnu"), "-o", exe,
        os.path.join(ROOT, "bench/arm/bench_arm.c"), os.path.join(rb, "librijn.a"),
        os.path.join(LIBDIR, "libcrypto.a"), os.path.join(LIBDIR, "libgcrypt.a"),
        os.path.join(LIBDIR, "libgpg-error.a"), "-lpthread", "-ldl"])
    return exe


def symaddr(exe, name):
    for line in sh(["aarch64-linux-gnu-nm", exe]).splitlines():
        p = line.split()
        if len(p) == 3 and p[2] == name:
            return int(p[0], 16)
    raise SystemExit("bench_arm: %s not in %s" % (name, exe))


def count(exe, args=(), env=None):
    """{(library, op, bytes): instructions} and the program's header line."""
    log = os.path.join(WORK, "plugin.log")
    if os.path.exists(log):
        os.remove(log)
    pl = "%s,start=0x%x,stop=0x%x" % (measure.plugin_path(), symaddr(exe, "bench_start"),
                                      symaddr(exe, "bench_stop"))
    r = subprocess.run(["qemu-aarch64", "-cpu", QEMU_CPU, "-plugin", pl, "-d", "plugin", "-D",
                        log, exe] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=dict(os.environ, **(env or {})))
    if r.returncode != 0:
        raise SystemExit("bench_arm: the AArch64 program failed (%d): %s%s" % (
            r.returncode, r.stdout[-2000:], r.stderr[-2000:]))
    counts = [int(x) for x in re.findall(r"@insns (\d+)", open(log).read())]
    labels = re.findall(r"^M (\S+) (\S+)$", r.stdout, re.M)
    if len(labels) != len(counts) or not labels or labels[0] != ("-", "empty"):
        raise SystemExit("bench_arm: %d labels, %d counts" % (len(labels), len(counts)))
    base = counts[0]
    res = {}
    for (lib, op), c in zip(labels[1:], counts[1:]):
        name, n = op.rsplit("/", 1)
        res[(lib, name, int(n))] = c - base
    head = re.search(r"^# (.*)$", r.stdout, re.M)
    return res, head.group(1) if head else "?"


def riscv_rows():
    """[(target title, class, enc 1 block, dec 1 block, per block of 64)]."""
    rows = []
    for tn in ("rv32", "rv32zk", "rv64", "rv64zk"):
        b, _ = measure.run_bench(tn, "O2")
        impls = [i for i in b if i != "-"]
        impl = impls[0]  # the first registered available class: the default
        ops = b[impl]
        rows.append((mcu.TARGETS[tn]["title"], impl, ops["enc_block_128"]["count"],
                     ops["dec_block_128"]["count"], measure.per_block(ops)))
    return rows


def f1(x):
    return "%.1f" % x if x < 100 else "{:,.0f}".format(x)


# AArch64 without the Crypto Extensions: rijn's extensions masked (RIJN_CPU_MASK=0: neonbs,
# NEON being baseline, is then the default), OpenSSL masked to NEON (OPENSSL_armcap=1:
# vpaes), libgcrypt's arm-aes disabled by the program ("noce").
NOCE_ENV = {"RIJN_CPU_MASK": "0", "OPENSSL_armcap": "1"}


def write(res, head, rv, path, noce=None, noce_head="?"):
    commit, dirty = measure.git_state()
    cpu = sh([sys.executable, os.path.join(ROOT, "scripts", "cpu_id.py")]).strip()
    qv = sh(["qemu-aarch64", "--version"]).splitlines()[0]
    L = ["# rijn on AArch64 and RISC-V: instruction counts", "",
         "<!-- bench-commit: %s -->" % commit,
         "Generated by `scripts/bench-arm.sh` (scripts/bench_arm.py) from commit `%s`%s; "
         "never edited by hand. Host CPU (runs QEMU): %s. %s, user mode, `-cpu %s` "
         "(AES, PMULL, SHA-1/2/512, SHA-3 present); counts by the TCG plugin "
         "`mcu/bench/insn_plugin.c` (every guest instruction executed between the entries of "
         "`bench_start` and `bench_stop`, the markers' own cost subtracted). Instructions are "
         "not cycles: a count ranks code paths, it does not time them."
         % (commit, " (with uncommitted changes)" if dirty else "", cpu, qv, QEMU_CPU), "",
         "Classes and versions: %s. Debian arm64 packages: %s (static libraries, from a "
         "private sysroot: `apt-get download` + `dpkg-deb -x`)." % (head, deb_versions()), "",
         "One message per row, the key set up before it (a long-lived context). CTR and "
         "CBC (encrypt, decrypt; no padding): IV set and the message processed; GCM and ChaCha20-Poly1305: seal "
         "(12-byte nonce, no AAD, 16-byte tag); SHA-256, SHA-512: digest of the message. OpenSSL "
         "through EVP (its per-call cost is counted), libgcrypt through `gcry_cipher_*` / "
         "`gcry_md_hash_buffer`. The three outputs are compared for every row "
         "(bench/arm/bench_arm.c exits 1 on a mismatch).", "",
         "## AArch64: instructions per byte", "",
         "| operation | bytes | rijn | OpenSSL | libgcrypt | rijn / OpenSSL |",
         "| --- | ---: | ---: | ---: | ---: | ---: |"]
    ops = []
    for (lib, op, n) in res:
        if (op, n) not in ops:
            ops.append((op, n))
    behind = []
    for op, n in ops:
        r, o, g = (res[(lib, op, n)] for lib in ("rijn", "openssl", "libgcrypt"))
        ratio = r / o if o else float("inf")
        if r > o:
            behind.append("%s at %d B: rijn %s instructions, OpenSSL %s (+%.0f %%)" % (
                op, n, "{:,}".format(r), "{:,}".format(o), 100 * (ratio - 1)))
        L.append("| %s | %d | %s | %s | %s | %.2f |" % (op, n, f1(r / n), f1(o / n),
                                                      f1(g / n), ratio))
    L += ["", "Target (issue 16): at or below OpenSSL's count on every row. "]
    if behind:
        L[-1] += "Rows above OpenSSL's count (%d of %d):" % (len(behind), len(ops))
        L += [""] + ["- " + b for b in behind]
    else:
        L[-1] += "Met on every row."
    L += ["", "Paths behind these rows on AArch64: AES-CE with the class's one-shot hooks "
          "(src/aes/aes_armce.c; XTS, CBC-MAC/CCM and CFB in aes_armce_modes.c); GCM stitched "
          "(src/aead/gcm_stitch_arm.c: 8 AES-CE counter blocks per iteration with an 8-block "
          "PMULL GHASH, one reduction) from 8 whole blocks, so the 16-byte row takes the "
          "unstitched path; Poly1305 on two NEON lanes (src/mac/poly1305_neon.c) from 64 "
          "bytes, the scalar radix-2^32 code below. Run-time detection: getauxval(AT_HWCAP) "
          "on Linux; on macOS sysctlbyname(\"hw.optional.arm.FEAT_AES\", _PMULL, _SHA256, "
          "_SHA512, _SHA3) (src/core/cpu.c), which has never run here: no Mac is available, "
          "so only its parsing is tested (tests/core/test_cpu_sysctl.c feeds it tables of sysctl "
          "results) and the macOS branch was compiled against a stub <sys/sysctl.h>."]
    if noce:
        L += ["", "## AArch64 without the Crypto Extensions: AES-128-CTR/CBC/XTS, no CE", "",
              "Cores such as the Cortex-A72 (Raspberry Pi 4) have NEON but no AES instructions. "
              "Same program and CPU model, run as `bench_arm noce` with %s: rijn's default is "
              "then `neonbs` (src/aes/aes_neonbs.c, bitsliced, 8 blocks per pass), beside its "
              "portable `ct64`; OpenSSL runs its NEON code (vpaes), libgcrypt with `arm-aes` "
              "disabled (its table-based C code, not constant time). Header: %s." % (
                  ", ".join("`%s=%s`" % kv for kv in sorted(NOCE_ENV.items())), noce_head), "",
              "| operation, no CE | bytes | rijn neonbs | rijn ct64 | OpenSSL | libgcrypt "
              "| neonbs / OpenSSL | neonbs / ct64 |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for (lib, op, n) in noce:
            if lib != "rijn":
                continue
            r, c, o, g = (noce[(x, op, n)] for x in ("rijn", "rijn-ct64", "openssl", "libgcrypt"))
            title = {"aes128-ctr": "AES-128-CTR", "aes128-cbc-enc": "AES-128-CBC-enc",
                     "aes128-cbc-dec": "AES-128-CBC-dec",
                     "aes128-xts-enc": "AES-128-XTS-enc", "aes128-xts-dec": "AES-128-XTS-dec"}[op]
            L.append("| %s, no CE | %d | %s | %s | %s | %s | %.2f | %.2f |" % (
                title, n, f1(r / n), f1(c / n), f1(o / n), f1(g / n), r / o, r / c))
    L += ["", "## RISC-V: AES-128 instructions per block, with and without Zkne/Zknd", "",
          "mcu/bench/bench.c at -O2 (mcu/measure.py), the default class of each build: "
          "without the extensions the build's constant-time default, with them `rvk` "
          "(src/aes/aes_rvk.c). One block: a call of rijn_aes_encrypt/_decrypt on one block; "
          "per block of 64: rijn_aes_encrypt on 1 KiB divided by 64.", "",
          "| target | class | encrypt 1 block | decrypt 1 block | encrypt, per block of 64 |",
          "| --- | --- | ---: | ---: | ---: |"]
    for title, impl, e, d, pb in rv:
        L.append("| %s | %s | %s | %s | %s |" % (title, impl, "{:,}".format(e),
                                                  "{:,}".format(d), f1(pb)))
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")
    return behind


def main():
    for t in ("aarch64-linux-gnu-gcc", "qemu-aarch64", "apt-get", "dpkg-deb"):
        if subprocess.run(["sh", "-c", "command -v " + t], stdout=subprocess.DEVNULL).returncode:
            raise SystemExit("bench_arm: %s missing (scripts/setup.sh --aarch64)" % t)
    os.makedirs(WORK, exist_ok=True)
    sysroot()
    exe = build()
    res, head = count(exe)
    noce, noce_head = count(exe, ["noce"], NOCE_ENV)
    rv = riscv_rows()
    path = os.path.join(ROOT, "docs", "BENCHMARKS-ARM.md")
    behind = write(res, head, rv, path, noce, noce_head)
    print(open(path).read())
    print("bench_arm: wrote %s (%d rows above OpenSSL)" % (path, len(behind)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
