#!/usr/bin/env python3
"""test_cli.py -- the rijn command-line tool's frame: dispatch, --help on
every command (and the age format's), --version, exit codes and one-line messages, `rijn selftest`
on every implementation, and `rijn bench --quick --json` (only that it
runs and its JSON has the promised shape; nothing is timed here).
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cli_support import CLI, check  # noqa: E402
import cli_support as cs  # noqa: E402
import tempfile

COMMANDS = ("cipher", "selftest", "bench", "encrypt", "decrypt", "keygen", "aead", "mac",
            "hash", "pwhash")


def run(args, data=b""):
    p = subprocess.run([CLI] + args, input=data, capture_output=True, timeout=120)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def frame():
    rc, out, err = run([])
    check(rc == 2 and "usage" in err and out == "", "no arguments -> usage, exit 2")
    for h in ("--help", "-h", "help"):
        rc, out, err = run([h])
        check(rc == 0 and all(c in out for c in COMMANDS) and err == "", "rijn %s" % h)
    rc, out, err = run(["--version"])
    check(rc == 0 and re.fullmatch(r"rijn \d+\.\d+\.\d+\n", out) is not None, "--version")
    # the ACVP harness is a test tool (rijn-acvp), not a command of the shipped CLI
    rc, out, err = run(["--help"])
    check(re.search(r"^  acvp ", out, re.M) is None, "rijn --help does not list acvp")
    for bad in (["frobnicate"], ["--frobnicate"], ["acvp", "-"]):
        rc, out, err = run(bad)
        check(rc == 2 and out == "" and len(err.strip().splitlines()) == 1, "unknown %s" % bad)
    for c in COMMANDS:
        rc, out, err = run([c, "--help"])
        check(rc == 0 and out.startswith("usage: rijn " + c) and err == "", "%s --help" % c)
        rc, out, err = run(["help", c])
        check(rc == 0 and out.startswith("usage: rijn " + c), "rijn help %s" % c)
        rc, out, err = run([c, "--no-such-option"])
        check(rc == 2 and out == "" and err.startswith("rijn %s: " % c) and
              len(err.strip().splitlines()) == 1, "%s unknown option" % c)
    for c in ("encrypt", "decrypt"):  # the age format's own help
        rc, out, err = run([c, "--format", "age", "--help"])
        check(rc == 0 and out.startswith("usage: rijn " + c) and "age" in out and err == "",
              "%s --format age --help" % c)


# cipher, aead and mac share their data options (cli/io_opts.c): one
# command line per command that works on the 16-byte input "x" * 16.
DATA_CMDS = {
    "cipher": ["cipher", "-e", "-m", "ecb", "--nopad", "--key", "00" * 16],
    "aead": ["aead", "seal", "-a", "aes-128-gcm", "--key", "00" * 16, "--nonce", "00" * 12],
    "mac": ["mac", "cmac", "--key", "00" * 16],
}


def data_options(tmp):
    src = os.path.join(tmp, "in.bin")
    with open(src, "wb") as f:
        f.write(b"x" * 16)
    for name, base in DATA_CMDS.items():
        rc, raw, err = run(base + ["-s", "x" * 16, "--outform", "hex"])
        check(rc == 0 and re.fullmatch(r"[0-9a-f]+\n", raw) is not None, "%s -s: %s" % (name, err))
        rc, out, err = run(base + ["-i", src, "--outform", "hex"])
        check(rc == 0 and out == raw, "%s -i FILE equals -s" % name)
        rc, out, err = run(base + ["--outform", "hex"], b"x" * 16)
        check(rc == 0 and out == raw, "%s stdin equals -s" % name)
        rc, out, err = run(base + ["-s", "78" * 16, "--inform", "hex", "--outform", "hex"])
        check(rc == 0 and out == raw, "%s --inform hex" % name)
        rc, out, err = run(base + ["-s", "eHh4eHh4eHh4eHh4eHh4eA==", "--inform", "base64",
                                   "--outform", "base64"])
        check(rc == 0 and out.strip() and out != raw, "%s --inform/--outform base64" % name)
        dst = os.path.join(tmp, "out-" + name)
        rc, out, err = run(base + ["-s", "x" * 16, "--outform", "hex", "-o", dst])
        check(rc == 0 and out == "" and open(dst).read() == raw, "%s -o FILE" % name)
        for bad, what in ((["-i", src, "-s", "x"], "-i and -s"),
                          (["-s", "x", "--inform", "bogus"], "bad --inform"),
                          (["-s", "x", "--outform", "bogus"], "bad --outform"),
                          (["-s", "x", "--impl", "bogus"], "bad --impl")):
            rc, out, err = run(base + bad)
            check(rc == 2 and out == "" and err.startswith("rijn %s: " % name),
                  "%s %s -> exit 2 (%d %r)" % (name, what, rc, err))
        rc, out, err = run(base + ["-i", os.path.join(tmp, "missing")])
        check(rc == 1 and out == "" and err.startswith("rijn %s: " % name), "%s missing -i" % name)


def selftest():
    rc, out, err = run(["selftest"])
    check(rc == 0 and "self-test passed" in out, "selftest passes: %s %s" % (out[-200:], err))
    avail = re.findall(r"^  (\S+)\s.*\savailable", out, re.M)
    default = re.findall(r"^  (\S+)\s.*\(default\)$", out, re.M)
    check(len(avail) >= 1 and len(default) == 1, "selftest lists implementations and default")
    for name in avail:
        check(re.search(r"^%s\s+\d+ checks, 0 failed$" % re.escape(name), out, re.M) is not None,
              "selftest ran %s" % name)
        rc, o, e = run(["selftest", "--impl", name, "-q"])
        check(rc == 0 and o.strip().endswith("implementation") and "1 implementation" in o,
              "selftest --impl %s -q" % name)
    rc, o, e = run(["selftest", "--impl", "nosuch"])
    check(rc == 2 and "nosuch" in e, "selftest --impl nosuch -> exit 2")
    rc, o, e = run(["selftest", "extra"])
    check(rc == 2, "selftest stray argument -> exit 2")
    return default[0] if default else "auto"


def bench(default):
    rc, out, err = run(["bench", "--quick", "--json", "--impl", default])
    check(rc == 0, "bench --quick --json runs: %s" % err)
    try:
        d = json.loads(out)
    except ValueError:
        check(False, "bench --json parses")
        return
    check(d.get("default_impl") == default and d.get("quick") is True, "bench header")
    res = d.get("results", [])
    check({r.get("mode") for r in res} == {"ecb", "cbc-enc", "cbc-dec", "ctr", "cfb128", "ofb"},
          "bench modes")
    check({r.get("bytes") for r in res} == {16, 64, 1024, 16384}, "bench sizes (quick)")
    check({r.get("key_bits") for r in res} == {128, 256}, "bench key sizes")
    check(all(r.get("impl") == default for r in res), "bench --impl honoured")
    check(all(r.get("mb_per_s", 0) > 0 and
              (r.get("cycles_per_byte", 0) > 0 or r.get("ns_per_byte", 0) > 0) for r in res),
          "bench values positive")
    check(len(d.get("key_setup", [])) == 2, "bench key setup rows")
    rc, out, err = run(["bench", "--impl", "nosuch"])
    check(rc == 2 and "nosuch" in err, "bench --impl nosuch -> exit 2")


def main():
    if not CLI or not os.path.exists(CLI):
        print("RIJN_CLI not set; skipped")
        sys.exit(77)
    frame()
    with tempfile.TemporaryDirectory() as tmp:
        data_options(tmp)
    bench(selftest())
    cs.finish()


if __name__ == "__main__":
    main()
