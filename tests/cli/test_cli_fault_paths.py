#!/usr/bin/env python3
"""test_cli_fault_paths.py -- the rijn CLI on a terminal and when the system
or the library fails under it; each case checks the exit status, the one
message and that nothing is left behind:
  * -p on a terminal (a pty): v2 with a recipient (encrypt and decrypt),
    mismatched passphrases (same and different lengths), an over-long
    repeat, ^D at the prompt, an EINTR while reading the terminal, the
    prompt's write failing;
  * injected faults (tests/cli/fault_inject.c, RIJN_FAULT_LIB): read()
    EIO/EINTR at each of the first reads of six input formats (and right
    after an age header, at the payload nonce: the case that printed a
    second, wrong message), the sniffing's open() and lseek(),
    /dev/urandom failing (keygen, pwhash), ENOSPC when an armored
    output's last line or END line fills the buffer at the commit, a
    1 MiB allocation failing;
  * the library's own fault points (tests/cli/fault_points.c, compiled
    into scripts/coverage.sh's build only; in another build the test
    says so and does not run them): the first and last six hash calls of
    mac, pwhash and of encrypt/decrypt in every format failing in turn.
The fault library missing (RIJN_FAULT_LIB unset) is a failure, not a skip.
Prints "N passed, N failed"; exit status 1 on any failure.
"""
import hashlib
import hmac
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_support as cs  # noqa: E402
from cli_support import check, one_error, path, write  # noqa: E402
from cli_support import succeeds as ok, left_behind as left  # noqa: E402

KEY16 = "000102030405060708090a0b0c0d0e0f"
KEY32 = KEY16 * 2
LIB = os.environ.get("RIJN_FAULT_LIB")


def terminal():
    """-p on a terminal: v2 with a recipient, age, the v1 reader."""
    rc, pub, _ = cs.rijn(["keygen", "-y", path("id.txt")])
    pub = pub.decode().strip()
    src = write("plain", b"terminal data")
    rc, shown = cs.on_tty([cs.CLI, "encrypt", "-p", "-r", pub, "--kdf", "pbkdf2", "--iter", "1",
                           "-o", path("t.v2"), src], [b"tty secret", b"tty secret"],
                          prompt=b"assphrase:")
    check(rc == 0 and os.path.exists(path("t.v2")), "v2 -p -r on a tty: %d %r" % (rc, shown))
    rc, shown = cs.on_tty([cs.CLI, "decrypt", "-p", "-o", path("t.out"), path("t.v2")],
                          [b"tty secret"], prompt=b"assphrase:")
    check(rc == 0 and cs.read("t.out") == b"terminal data", "v2 -p decrypt on a tty: %d %r" % (
        rc, shown))
    # a mismatch of the two typed passphrases
    rc, shown = cs.on_tty([cs.CLI, "encrypt", "-p", "--kdf", "pbkdf2", "--iter", "1", "-o",
                           path("t2"), src], [b"one", b"two"], prompt=b"assphrase:")
    check(rc != 0 and "do not match" in shown and not os.path.exists(path("t2")),
          "mismatched passphrases on a tty: %d %r" % (rc, shown))


def tty_edges():
    src = write("plain", b"terminal data")
    enc = [cs.CLI, "encrypt", "-p", "--kdf", "pbkdf2", "--iter", "1", "-o", path("out.t")]
    # the repeat prompt over the limit, then ^D (end of input) at a prompt
    rc, shown = cs.on_tty(enc + [src], [b"abc\n", b"x" * 3000 + b"\n"], prompt=b"assphrase:",
                          newline=b"")
    check(rc == 1 and "do not match" in shown and not left(), "long repeat: %d %r" % (rc, shown))
    rc, shown = cs.on_tty(enc + [src], [b"\x04"], prompt=b"assphrase:", newline=b"")
    check(rc == 2 and "empty passphrase refused" in shown and not left(),
          "^D at the prompt: %d %r" % (rc, shown))
    # the two typed passphrases of different lengths
    rc, shown = cs.on_tty([cs.CLI, "encrypt", "-p", "--kdf", "pbkdf2", "--iter", "1", "-o",
                           path("out.t3"), src], [b"abc", b"abcd"], prompt=b"assphrase:")
    check(rc == 1 and "do not match" in shown and not left(), "abc/abcd: %d %r" % (rc, shown))
    if not check(LIB is not None, "RIJN_FAULT_LIB set"):
        return
    # an EINTR while reading the terminal is retried
    env = cs.tty_env(RIJN_FAULT="read:EINTR", RIJN_FAULT_PATH="/dev/tty")
    rc, shown = cs.on_tty(env + enc + [src], [b"pw", b"pw"], prompt=b"assphrase:")
    check(rc == 0 and os.path.exists(path("out.t")), "EINTR on the tty: %d %r" % (rc, shown))
    os.unlink(path("out.t"))
    # getrandom() missing and /dev/urandom failing to read
    env = cs.fault_env(RIJN_FAULT="getrandom:ENOSYS:1:99,read:EIO", RIJN_FAULT_PATH="/dev/urandom")
    rc, out, e = cs.run([cs.CLI, "keygen"], env=env)
    check(rc == 1 and out == b"" and "cannot get random bytes" in e, "urandom EIO: %d %r" % (
        rc, e))


def read_faults():
    """read() failing at each of the first reads of every input format:
    one message naming the input, exit 1, no output file, no temporary."""
    if not check(LIB is not None, "RIJN_FAULT_LIB set"):
        return
    pw = write("pw", b"secret\n")
    kf = write("k", (KEY32 + "\n").encode())
    rc, pub, _ = cs.rijn(["keygen", "-y", path("id.txt")])
    pub = pub.decode().strip()
    data = bytes(range(256)) * 1200  # 300 KiB: several 64 KiB reads
    src = write("fsrc", data)
    legacy = ["--passphrase-file", pw, "--iter", "1", "--pbkdf2"]
    kinds = (
        ("v1-armor", ["-k", kf, "--armor"], ["-k", kf]),
        ("v2", ["-r", pub, "-k", kf], ["-k", kf]),
        ("openssl-b64", ["--format", "openssl", "--armor"] + legacy,
         ["--format", "openssl", "--armor"] + legacy),
        ("mbedtls", ["--format", "mbedtls", "--passphrase-file", pw],
         ["--format", "mbedtls", "--passphrase-file", pw]),
        ("age", ["--format", "age", "-r", pub], ["-i", path("id.txt")]),
        ("age-armor", ["--format", "age", "--armor", "-r", pub], ["-i", path("id.txt")]),
    )
    for name, enc, dec in kinds:
        f = path("f." + name)
        rc, _, e = cs.rijn(["encrypt"] + enc + ["-o", f, src])
        if not check(rc == 0, "%s: encrypt: %s" % (name, e)):
            continue
        ok(["decrypt"] + dec + [f], want=data)
        for nth in range(1, 5):
            env = cs.fault_env(RIJN_FAULT="read:EIO:%d" % nth, RIJN_FAULT_PATH=f)
            rc, out, e = cs.rijn(["decrypt"] + dec + ["-o", path("out.f"), f], env=env)
            e = "".join(l for l in e.splitlines(True) if ": note: " not in l)
            if rc == 0 and nth > 2:  # the input had fewer reads than nth
                check(cs.read("out.f") == data, "%s: read %d not failed: output" % (name, nth))
                os.unlink(path("out.f"))
                continue
            check(one_error(rc, out, e, 1, "decrypt", "cannot read '%s': Input/output error" % f)
                  and not left(), "%s: read EIO at read %d: %d %r %r" % (name, nth, rc, e, left()))
        # and EINTR at each of those reads: retried, the result whole
        env = cs.fault_env(RIJN_FAULT="read:EINTR:1:6", RIJN_FAULT_PATH=f)
        ok(["decrypt"] + dec + [f], want=data, env=env)
    # age: a read error right after the header (at the payload nonce): the
    # header (> 4 KiB: 45 recipients) comes alone in the first read of a pipe
    rc, many, e = cs.rijn(["encrypt", "--format", "age"] + ["-r", pub] * 45, b"payload")
    end = many.index(b"\n---") + 1
    end = many.index(b"\n", end) + 1
    check(rc == 0 and end > 4096, "age header of 45 stanzas: %d bytes" % end)
    # (read 1: the format sniffing's copy of the pipe; 2: the first fill)
    env = cs.fault_env(RIJN_FAULT="read:EIO:3")
    p = subprocess.Popen([cs.CLI, "decrypt", "-i", path("id.txt")], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    p.stdin.write(many[:end])
    p.stdin.flush()
    time.sleep(0.3)
    try:
        p.stdin.write(many[end:])
        p.stdin.close()
    except BrokenPipeError:
        pass
    p.stdin = None  # closed: communicate() only collects the output
    out, e = p.communicate(timeout=60)
    e = "".join(l for l in e.decode().splitlines(True) if ": note: " not in l)
    check(one_error(p.returncode, out, e, 1, "decrypt",
                    "cannot read 'stdin': Input/output error"),
          "age: read EIO at the nonce: %d %r" % (p.returncode, e))
    # the first open of the input failing (the format sniffing) and lseek()
    # failing on a regular stdin: the input is still read from its start
    f = path("f.v1-armor")
    env = cs.fault_env(RIJN_FAULT="open:EACCES", RIJN_FAULT_PATH=f)
    ok(["decrypt", "-k", kf, f], want=data, env=env)
    with open(path("f.openssl-b64"), "rb") as stdin:
        env = cs.fault_env(RIJN_FAULT="lseek:ESPIPE")
        rc, out, e = cs.run([cs.CLI, "decrypt", "--armor"] + legacy, stdin=stdin, env=env)
    check(rc == 0 and out == data, "openssl sniffed with lseek failing: %d %r" % (rc, e))
    # the prompt cannot be written to the terminal
    rc, shown = cs.on_tty(cs.tty_env(RIJN_FAULT="write:EIO") + [cs.CLI, "encrypt",
                           "-p", "-o", path("out.t"), src], [])
    check(rc == 1 and "cannot read the passphrase" in shown and not left(),
          "prompt write EIO: %d %r" % (rc, shown))


def output_faults():
    """Armored output whose last writes fail at the commit: the buffer
    (64 KiB) fills with the last Base64 line, or with the END line."""
    if not check(LIB is not None, "RIJN_FAULT_LIB set"):
        return
    kf = write("k", (KEY32 + "\n").encode())
    for n in (48281, 48261):
        src = write("arm.in", bytes(n))
        rc, out, e = cs.rijn(["encrypt", "-k", kf, "--armor", "-o", path("out.arm"), src],
                             env=cs.fault_env(RIJN_FAULT="write:ENOSPC"))
        check(one_error(rc, out, e, 1, "encrypt", "No space left on device") and not left(),
              "armored output, %d bytes, ENOSPC at the commit: %d %r %r" % (n, rc, e, left()))
    # pwhash: no random salt to be had
    rc, out, e = cs.rijn(["pwhash", "-t", "1", "-m", "64", "-p", "1", "--passphrase-file",
                          write("pw", b"secret\n")],
                         env=cs.fault_env(RIJN_FAULT_PATH="/dev/urandom",
                                  RIJN_FAULT="getrandom:ENOSYS:1:99,read:EIO"))
    check(one_error(rc, out, e, 1, "pwhash", "cannot get random bytes"), "pwhash salt: %d %r" % (
        rc, e))
    # a large allocation of the CLI (a 1 MiB chunk buffer) failing
    big = write("big.in", bytes(1 << 20))
    rc, out, e = cs.rijn(["encrypt", "-k", kf, "--chunk-size", "1M", "-o", path("out.big"), big],
                         env=cs.fault_env(RIJN_FAULT="malloc:ENOMEM"))
    check(one_error(rc, out, e, 1, "encrypt", "out of memory (") and not left(),
          "a 1 MiB allocation failing: %d %r %r" % (rc, e, left()))


def point_run(args, data, n):
    """args with the n-th library fault point failing; the output file
    out.p removed after. -> (exit status, stdout, stderr less the notes
    and warnings)."""
    rc, out, e = cs.rijn(args, data, env=cs.fault_env(RIJN_FAULT_POINT=str(n)))
    if rc == 0 and os.path.exists(path("out.p")):
        os.unlink(path("out.p"))
    return rc, out, "".join(x for x in e.splitlines(True)
                            if ": note: " not in x and ": warning: " not in x)


def first_success(args, data, limit=1 << 20):
    """The smallest n for which args succeed with the n-th fault point
    failing (n = 1, 2, 4..., then halving): the number of fault points
    the command reaches + 1."""
    lo, hi = 0, 1
    while point_run(args, data, hi)[0] != 0:
        lo, hi = hi, hi * 2
        if hi > limit:
            return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if point_run(args, data, mid)[0] == 0:
            hi = mid
        else:
            lo = mid
    return hi


def point_faults():
    """The library's own fault points (src/internal.h RIJN_I_FAULT, built
    only into scripts/coverage.sh's build): each of the first and last
    six hash calls of a command failing in turn (a key derivation, a
    header MAC, an HMAC): exit 1 (2 for pwhash's verify), one message,
    no output file, nothing left behind. In another build the fault
    library says the points are absent (exit 98) and the checks are not
    run: said on stdout, not a silent pass."""
    if not check(LIB is not None, "RIJN_FAULT_LIB set"):
        return
    rc, _, e = cs.rijn(["--version"], env=cs.fault_env(RIJN_FAULT_POINT="1"))
    if rc == 98 and "rijn_i_fault_at is not in this program" in e:
        print("note: library fault points not in this build (scripts/coverage.sh's build "
              "only): point_faults not run")
        return
    check(rc == 0, "fault points armed: %d %r" % (rc, e))
    pw = write("pw", b"secret\n")
    kf = write("k", (KEY32 + "\n").encode())
    rc, pub, _ = cs.rijn(["keygen", "-y", path("id.txt")])
    pub = pub.decode().strip()
    pbk = ["--passphrase-file", pw, "--kdf", "pbkdf2", "--iter", "1"]
    legacy = ["--passphrase-file", pw, "--iter", "1", "--pbkdf2"]
    a2 = ["--passphrase-file", pw, "--iter", "1", "--memory", "64", "--lanes", "1"]
    mb = ["--format", "mbedtls", "--passphrase-file", pw]
    made = {}
    for name, enc in (("v1", pbk), ("v2", ["-r", pub, "-k", kf] + pbk),
                      ("openssl", ["--format", "openssl"] + legacy),
                      ("openssl-md5", ["--format", "openssl", "--md", "md5", "--passphrase-file",
                                       pw]),
                      ("mbedtls", mb), ("age", ["--format", "age", "-r", pub]),
                      ("age-scrypt", ["--format", "age", "--passphrase-file", pw,
                                      "--scrypt-log-n", "1"])):
        rc, made[name], e = cs.rijn(["encrypt"] + enc, b"point data")
        check(rc == 0, "%s: %s" % (name, e))
    cases = [("mac", ["mac", "hmac-sha256", "-K", "00", "-s", "abc"], b"", 1),
             ("mac verify", ["mac", "hmac-sha256", "-K", "00", "-s", "abc", "--verify",
                             hmac.new(b"\0", b"abc", hashlib.sha256).hexdigest()], b"", 1),
             ("pwhash", ["pwhash", "-t", "1", "-m", "64", "-p", "1", "--passphrase-file", pw],
              b"", 1),
             ("encrypt v1 argon2id", ["encrypt"] + a2, b"x", 1),
             ("encrypt v1", ["encrypt"] + pbk, b"x", 1),
             ("encrypt v2", ["encrypt", "-r", pub, "-k", kf] + pbk, b"x", 1),
             ("encrypt openssl", ["encrypt", "--format", "openssl"] + legacy, b"x", 1),
             ("encrypt mbedtls", ["encrypt"] + mb, b"x" * 40, 1),
             ("encrypt age", ["encrypt", "--format", "age", "-r", pub], b"x", 1),
             ("decrypt v1", ["decrypt", "--passphrase-file", pw], made["v1"], 1),
             ("decrypt v2", ["decrypt", "-k", kf], made["v2"], 1),
             ("decrypt openssl", ["decrypt", "--format", "openssl"] + legacy, made["openssl"], 1),
             ("decrypt openssl md5", ["decrypt", "--format", "openssl", "--md", "md5",
                                      "--passphrase-file", pw], made["openssl-md5"], 1),
             ("decrypt mbedtls", ["decrypt"] + mb, made["mbedtls"], 1),
             ("decrypt age", ["decrypt", "-i", path("id.txt")], made["age"], 1),
             ("decrypt age scrypt", ["decrypt", "--passphrase-file", pw], made["age-scrypt"], 1)]
    for name, args, data, want in cases:
        # decrypt/encrypt write a named output: nothing of it may stay
        out = args[0] in ("encrypt", "decrypt")
        full = args + (["-o", path("out.p")] if out else [])
        total = first_success(full, data)
        if not check(total is not None and total > 1, "%s: fault points reached: %r" % (
                name, total)):
            continue
        for n in sorted(set(range(1, min(total, 7))) | set(range(max(1, total - 6), total))):
            rc, o, e = point_run(full, data, n)
            check(one_error(rc, o, e, want, args[0], "") and not left(),
                  "%s: fault point %d of %d: %d %r %r %r" % (name, n, total - 1, rc, o[:40], e,
                                                            left()))


def main():
    cs.run_cases(terminal, tty_edges, read_faults, output_faults, point_faults, identity=True)


if __name__ == "__main__":
    main()
