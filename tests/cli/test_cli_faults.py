#!/usr/bin/env python3
"""test_cli_faults.py -- the rijn CLI when the system fails under it: each
case checks the exit status, the one message (naming the file and the
error) and that nothing is left behind (no output, no temporary file).

  * injected failures (tests/cli/fault_inject.c, an LD_PRELOAD library
    built beside the tests, RIJN_FAULT_LIB): read() EIO and EINTR, write()
    EINTR, writev() EINTR, ENOSPC and short writes, fsync/fchmod EIO, link() EPERM (file systems without hard
    links: rename) and EEXIST, linkat() of --force, close() EIO of a
    device output, mkstemp(), pthread_create(), getrandom() (the
    /dev/urandom fallback, and both failing at each place randomness is
    drawn), the large allocations (Argon2id, scrypt, pwhash), lseek() of
    the Mbed TLS reader;
  * real ones: armored and chunked output to /dev/full, an output path
    at the root, a passphrase longer than the limit and one ending in CR
    on a terminal, a low-order X25519 recipient, too many recipients.
Prints "N passed, N failed"; exit status 1 on any failure. The fault
library missing (RIJN_FAULT_LIB unset) is a failure, not a skip.
"""
import os
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "file"))
import cli_support as cs  # noqa: E402
from cli_support import path, write  # noqa: E402
import format_decoder as fd  # noqa: E402

LIB = os.environ.get("RIJN_FAULT_LIB")


def faulty(args, fault, data=None, extra=None, **kw):
    """rijn args with RIJN_FAULT=fault preloaded."""
    env = dict(os.environ, LD_PRELOAD=LIB, RIJN_FAULT=fault)
    # an ASan build's runtime wants to come first; the preload is plain C
    env["ASAN_OPTIONS"] = ":".join(x for x in (os.environ.get("ASAN_OPTIONS"),
                                               "verify_asan_link_order=0") if x)
    env.update(extra or {})
    return cs.rijn(args, b"" if data is None else data, env=env, **kw)


def leftovers():
    """Names in T other than the inputs the test made (a temp or output)."""
    return sorted(n for n in os.listdir(cs.T) if n not in ("in", "k", "pw", "id", "big"))


def err_is(rc, out, err, want_rc, cmd, text, what):
    cs.check(cs.one_error(rc, out, err, want_rc, cmd, text) and leftovers() == [],
             "%s: want %d 'rijn %s: ...%s', got %d %r, left %r" % (
                 what, want_rc, cmd, text, rc, err, leftovers()))


def decrypts_to(name, data, what):
    rc, out, err = cs.rijn(["decrypt", "-k", path("k"), "-o", "-", path(name)])
    cs.check(rc == 0 and out == data, "%s: decrypts back (%d %r)" % (what, rc, err))
    os.unlink(path(name))


def output_faults(data):
    k, src = path("k"), path("in")
    enc = ["encrypt", "-k", k, "--no-progress"]
    out = path("out")
    for fault in ("fsync:EIO", "fchmod:EIO"):
        rc, o, err = faulty(enc + ["-o", out, src], fault)
        err_is(rc, o, err, 1, "encrypt", "cannot write '%s': Input/output error" % out, fault)
    # the named fallback (no O_TMPFILE): a file system without hard links
    # (link fails, rename publishes), and an output that appears meanwhile
    named = {"RIJN_TEST_NO_TMPFILE": "1"}
    rc, o, err = faulty(enc + ["-o", out, src], "link:EPERM", extra=named)
    cs.check(rc == 0 and err == "" and leftovers() == ["out"],
             "link EPERM: renamed into place (%d %r %r)" % (rc, err, leftovers()))
    decrypts_to("out", data, "link EPERM")
    rc, o, err = faulty(enc + ["-o", out, src], "link:EEXIST", extra=named)
    err_is(rc, o, err, 1, "encrypt", "output '%s' appeared while working; not replaced" % out,
           "link EEXIST")
    rc, o, err = faulty(enc + ["-o", out, src], "mkstemp:ENOSPC", extra=named)
    err_is(rc, o, err, 1, "encrypt", "cannot create '%s': No space left on device" % cs.T,
           "mkstemp ENOSPC")
    # --force over an existing file with O_TMPFILE: linkat to a temporary name fails
    write("out", b"old")
    rc, o, err = faulty(enc + ["--force", "-o", out, src], "linkat:EIO")
    cs.check(cs.one_error(rc, o, err, 1, "encrypt", "cannot create '%s': Input/output error"
                          % out) and open(out, "rb").read() == b"old" and
             leftovers() == ["out"], "--force, linkat EIO: old file kept (%d %r %r)" %
             (rc, err, leftovers()))
    os.unlink(out)
    # a device output whose close() fails (as NFS reports a late write error)
    rc, o, err = faulty(["decrypt", "-k", k, "-o", "/dev/null", "-"], "close:EIO",
                        data=cs.rijn(enc + ["-o", "-", src])[1],
                        extra={"RIJN_FAULT_PATH": "/dev/null"})
    err_is(rc, o, err, 1, "decrypt", "cannot write '/dev/null': Input/output error",
           "close EIO of a device")
    # interrupted writes are retried: the output is whole
    rc, o, err = faulty(enc + ["-o", out, src], "write:EINTR:1:3")
    cs.check(rc == 0 and err == "", "write EINTR x3 retried (%d %r)" % (rc, err))
    decrypts_to("out", data, "write EINTR")
    writev_faults(data)


def writev_faults(data):
    """Decryption of a regular file writes a slot's plaintext (here three
    chunks, 150,000 bytes) with one writev (cli/file_pdec.c,
    fio_out_writev): interrupted and short writes are carried on from, the
    output whole; a failing one removes the output."""
    k, out = path("k"), path("out")
    sealed = write("in.rijn", cs.rijn(["encrypt", "-k", k, "-o", "-", path("in")])[1])
    dec = ["decrypt", "-k", k, "--no-progress", "-o", out, sealed]
    for fault, extra, what in (("write:EINTR:1:3", None, "writev EINTR x3"),
                               ("", {"RIJN_FAULT_SHORT_WRITEV": "1"}, "short writevs")):
        rc, o, err = faulty(dec, fault, extra=extra)
        cs.check(rc == 0 and err == "" and open(out, "rb").read() == data,
                 "decrypt, %s: retried, the output whole (%d %r)" % (what, rc, err))
        os.unlink(out)
    rc, o, err = faulty(dec, "write:ENOSPC")
    os.unlink(sealed)
    err_is(rc, o, err, 1, "decrypt", "cannot write '%s': No space left on device" % out,
           "decrypt, writev ENOSPC")


def input_faults(data):
    # 2.5 MB: encryption reads a regular file a slot of 1 MiB at a time
    # (cli/file_par.c, preadv), so a second read needs a second slot
    data = data * 17
    k, src = path("k"), write("in_big", data)
    enc = ["encrypt", "-k", k, "--no-progress", "-o", "-"]
    rc, sealed, err = cs.rijn(enc + [src])
    cs.check(rc == 0, "encrypt (%d %r)" % (rc, err))
    sealed_f = write("sealed", sealed)
    for cmd, args, name in (("encrypt", enc + [src], src),
                            ("decrypt", ["decrypt", "-k", k, "-o", "-", sealed_f], sealed_f)):
        on_input = {"RIJN_FAULT_PATH": name}
        rc, o, err = faulty(args, "read:EIO", extra=on_input)
        cs.check(cs.one_error(rc, o, err, 1, cmd, "cannot read '%s': Input/output error" % name),
                 "%s: read EIO (%d %r)" % (cmd, rc, err))
        # a read error after the first buffer (the large-read path);
        # both may have written slot 0 to stdout by then (a partial
        # stream, as any failure of a streamed output)
        rc, o, err = faulty(args, "read:EIO:2", extra=on_input)
        o = b"" if cmd == "encrypt" or data.startswith(o) else o  # verified plaintext may go out
        cs.check(cs.one_error(rc, o, err, 1, cmd, "cannot read '%s': Input/output error" % name),
                 "%s: read EIO, second read (%d %r)" % (cmd, rc, err))
        # interrupted reads are retried, the result whole
        rc, o, err = faulty(args, "read:EINTR:1:4", extra=on_input)
        cs.check(rc == 0 and err == "" and (len(o) == len(sealed) if cmd == "encrypt"
                                            else o == data),
                 "%s: read EINTR x4 retried (%d %r)" % (cmd, rc, err))
    os.unlink(sealed_f)
    os.unlink(src)
    src = path("in")
    # the reading thread cannot start
    rc, o, err = faulty(enc + [src], "pthread_create:EAGAIN")
    cs.check(cs.one_error(rc, o, err, 1, "encrypt", "cannot start the reading thread"),
             "pthread_create EAGAIN (%d %r)" % (rc, err))
    # ... nor the reading thread of a pipe (cli/file_pipe.c; the case above
    # is the workers of a regular file, cli/file_par.c)
    rc, sealed, err = cs.rijn(enc + [src])
    rc, o, err = faulty(["decrypt", "-k", k, "-o", "-"], "pthread_create:EAGAIN", data=sealed)
    cs.check(cs.one_error(rc, o, err, 1, "decrypt", "cannot start the reading thread"),
             "decrypt a pipe: pthread_create EAGAIN (%d %r)" % (rc, err))
    # encryption of a FIFO (read ahead on a thread, cli/file_pipe.c): a read error
    fifo = path("in.fifo")
    os.mkfifo(fifo)

    def feed():
        try:
            with open(fifo, "wb") as w:
                w.write(data)
        except BrokenPipeError:
            pass
    th = threading.Thread(target=feed, daemon=True)
    th.start()
    rc, o, err = faulty(enc + [fifo], "read:EIO", extra={"RIJN_FAULT_PATH": fifo})
    th.join(timeout=60)
    cs.check(cs.one_error(rc, o, err, 1, "encrypt", "cannot read '%s': Input/output error" % fifo)
             and not th.is_alive(), "encrypt a FIFO: read EIO (%d %r)" % (rc, err))
    # ... and its interrupted large reads (cli/file_input.c) are retried, the result whole
    th = threading.Thread(target=feed, daemon=True)
    th.start()
    rc, o, err = faulty(enc + [fifo], "read:EINTR:1:4", extra={"RIJN_FAULT_PATH": fifo})
    th.join(timeout=60)
    rc2, back, err2 = cs.rijn(["decrypt", "-k", k, "-o", "-"], o)
    cs.check(rc == 0 and err == "" and rc2 == 0 and back == data and not th.is_alive(),
             "encrypt a FIFO: read EINTR x4 retried (%d %r %d %r)" % (rc, err, rc2, err2))
    os.unlink(fifo)


def random_faults():
    out = path("key")
    # getrandom(2) missing (old kernel, seccomp): /dev/urandom
    rc, o, err = faulty(["keygen", "-o", out], "getrandom:ENOSYS:1:100")
    cs.check(rc == 0 and os.path.getsize(out) > 0, "keygen via /dev/urandom (%d %r)" % (rc, err))
    os.unlink(out)
    nothing = {"RIJN_FAULT_PATH": "/dev/urandom"}
    rc, o, err = faulty(["keygen", "-o", out], "getrandom:ENOSYS:1:100,open:ENOENT:1:100",
                        extra=nothing)
    err_is(rc, o, err, 1, "keygen", "cannot get random bytes from the system",
           "keygen without randomness")
    # each place encryption draws randomness, failing in turn
    r = fd.bech32_encode("age", fd.x25519_public(bytes(range(32))))
    cases = [
        ("rijn format", ["encrypt", "-k", path("k"), "-o", "-", path("in")], 1),
        ("rijn recipients", ["encrypt", "-r", r, "-o", "-", path("in")], 3),
        ("age recipient", ["encrypt", "--format", "age", "-r", r, "-o", "-", path("in")], 3),
        ("age scrypt", ["encrypt", "--format", "age", "--passphrase-file", path("pw"),
                        "--scrypt-log-n", "10", "-o", "-", path("in")], 3),
    ]
    for what, args, n in cases:
        seen = set()
        for i in range(1, n + 1):
            rc, o, err = faulty(args, "getrandom:ENOSYS:%d:100,open:ENOENT:1:100" % i,
                                extra=nothing)
            seen.add((rc, err.strip()))
        cs.check(seen == {(1, "rijn encrypt: cannot get random bytes from the system")},
                 "%s: no randomness at each of %d draws -> one message (%r)" % (what, n, seen))
        rc, o, err = faulty(args, "getrandom:ENOSYS:%d:100,open:ENOENT:1:100" % (n + 1),
                            extra=nothing)
        cs.check(rc == 0, "%s: %d draws in all (%d %r)" % (what, n, rc, err))


def allocation_faults():
    pw, src = path("pw"), path("in")
    cases = [
        (["encrypt", "--passphrase-file", pw, "-o", "-", src], "cannot allocate"),
        (["encrypt", "--format", "age", "--passphrase-file", pw, "--scrypt-log-n", "14",
          "-o", "-", src], "cannot allocate the scrypt work area for log N = 14"),
        (["pwhash", "-m", "8192", "-t", "1", "-p", "1", "--passphrase-file", pw],
         "cannot allocate 8388608 bytes of Argon2 memory"),
    ]
    for args, text in cases:
        rc, o, err = faulty(args, "malloc:ENOMEM", extra={"RIJN_FAULT_MALLOC_MIN": "1048576"})
        cmd = args[0]
        err_is(rc, o, err, 1, cmd, text, "%s: large malloc fails" % " ".join(args[:3]))
    # decryption's scrypt work area (sized by the header)
    rc, sealed, err = cs.rijn(["encrypt", "--format", "age", "--passphrase-file", pw,
                               "--scrypt-log-n", "14", "-o", "-", src])
    f = write("age.enc", sealed)
    rc, o, err = faulty(["decrypt", "--format", "age", "--passphrase-file", pw, "-o", "-", f],
                        "malloc:ENOMEM", extra={"RIJN_FAULT_MALLOC_MIN": "1048576"})
    cs.check(cs.one_error(rc, o, err, 1, "decrypt", "cannot allocate the scrypt work area "
                          "(log N = 14)"), "age decrypt: scrypt malloc fails (%d %r)" % (rc, err))
    os.unlink(f)


def device_outputs(data):
    k, src = path("k"), path("in")
    big = write("big", data * 4)
    for args, what in ((["--armor"], "armored"), (["--chunk-size", "1024"], "small chunks"),
                       ([], "default")):
        rc, o, err = cs.rijn(["encrypt", "-k", k, "--no-progress", "-o", "/dev/full"] + args +
                             [big])
        cs.check(cs.one_error(rc, o, err, 1, "encrypt", "cannot write '/dev/full': No space "
                              "left on device"), "%s output to /dev/full (%d %r)" %
                 (what, rc, err))
    # armor from a pipe: the lines encoded into the write buffer as the
    # chunks come (cli/file_armor.c), not by the workers (cli/file_par.c)
    rc, o, err = cs.rijn(["encrypt", "-k", k, "--armor", "-o", "/dev/full"], data * 4)
    cs.check(cs.one_error(rc, o, err, 1, "encrypt", "cannot write '/dev/full': No space "
                          "left on device"), "armor from a pipe to /dev/full (%d %r)" % (rc, err))
    os.unlink(big)
    rc, o, err = cs.rijn(["encrypt", "--format", "age", "--passphrase-file", path("pw"),
                          "--scrypt-log-n", "10", "-o", "/dev/full", src])
    cs.check(cs.one_error(rc, o, err, 1, "encrypt", "cannot write '/dev/full': No space left "
                          "on device"), "age output to /dev/full (%d %r)" % (rc, err))
    # the Mbed TLS reader checks a regular file's HMAC first, then rewinds
    # (lseek #3, after the input sniffing and the start): the rewind fails
    rc, sealed, err = cs.rijn(["encrypt", "--format", "mbedtls", "--passphrase-file", path("pw"),
                               "-o", "-", src])
    f = write("mbed", sealed)
    rc, o, err = faulty(["decrypt", "--format", "mbedtls", "--passphrase-file", path("pw"),
                         "-o", "-", f], "lseek:ESPIPE:3")
    cs.check(rc == 1 and o == b"" and err.strip() == "rijn decrypt: cannot rewind '%s'" % f,
             "mbedtls: the rewind fails (%d %r)" % (rc, err))
    os.unlink(f)
    # an output path directly under "/" (its directory is "/"): a directory here
    rc, o, err = cs.rijn(["encrypt", "-k", k, "-o", "/proc", src])
    err_is(rc, o, err, 2, "encrypt", "output '/proc' is a directory", "-o /proc")


def terminal(data):
    src, out = path("in"), path("out")
    # a passphrase over the limit (the terminal's line buffer takes 4095)
    tty = ["encrypt", "--kdf", "pbkdf2", "--iter", "1000", "-o", out, src]
    rc, shown = cs.on_tty([cs.CLI] + tty, [b"x" * 3000], prompt=b"assphrase:")
    cs.check(rc == 1 and "cannot read the passphrase (longer than" in shown and
             not os.path.exists(out), "tty: passphrase too long (%d %r)" % (rc, shown[-200:]))
    # a line ending in CR LF (the CR typed literally, after ^V): the CR is not part of it
    rc, shown = cs.on_tty([cs.CLI] + tty, [b"secret\x16\r", b"secret"], prompt=b"assphrase:")
    cs.check(rc == 0 and os.path.exists(out), "tty: CR LF typed (%d %r)" % (rc, shown[-200:]))
    rc, o, err = cs.rijn(["decrypt", "--passphrase-file", path("pw"), "-o", "-", out])
    cs.check(rc == 0 and o == data, "tty: the CR was dropped (passphrase 'secret') (%d %r)" %
             (rc, err))
    if os.path.exists(out):
        os.unlink(out)


def recipients():
    src = path("in")
    low = fd.bech32_encode("age", bytes(32))  # the all-zero point: low order
    for fmt in ([], ["--format", "age"]):
        rc, o, err = cs.rijn(["encrypt"] + fmt + ["-r", low, "-o", "-", src])
        cs.check(cs.one_error(rc, o, err, 2, "encrypt", "recipient 1 is not a valid X25519 "
                              "public key (low order)"), "%s low-order recipient (%d %r)" %
                 (fmt, rc, err))


def interrupted(data):
    """EINTR where the CLI reads small files and randomness: retried."""
    k, src, pw = path("k"), path("in"), path("pw")
    rc, o, err = faulty(["encrypt", "--passphrase-file", pw, "--kdf", "pbkdf2", "--iter", "1000",
                         "-o", "-", src], "read:EINTR:1:2", extra={"RIJN_FAULT_PATH": pw})
    cs.check(rc == 0 and len(o) > len(data), "passphrase file read EINTR (%d %r)" % (rc, err))
    big_key = write("mkey", bytes(range(256)) * 3)  # 768 bytes: the first 512 are the key
    mb = ["encrypt", "--format", "mbedtls", "-k", big_key, "--iv-hex", "00" * 16, "-o", "-", src]
    rc0, want, err0 = cs.rijn(mb)
    rc, o, err = faulty(mb, "read:EINTR:1:2", extra={"RIJN_FAULT_PATH": big_key})
    cs.check(rc0 == 0 and rc == 0 and o == want, "mbedtls key file read EINTR (%d %r)" % (rc, err))
    os.unlink(big_key)
    out = path("key")
    for fault, extra in (("getrandom:EINTR:1:2", None),
                         ("getrandom:ENOSYS:1:100,read:EINTR:1:2",
                          {"RIJN_FAULT_PATH": "/dev/urandom"})):
        rc, o, err = faulty(["keygen", "-o", out], fault, extra=extra)
        cs.check(rc == 0 and err == "" and os.path.getsize(out) > 0,
                 "keygen, %s (%d %r)" % (fault, rc, err))
        os.unlink(out)


def progress_bar(data):
    """The progress bar: drawn on a terminal for an input of known size (a
    slow disk: the fault library's delayed reads)."""
    big = write("big", data * 56)  # 8.4 MB: 9 slots, read by 2-4 threads (file_par.c)
    out = path("out")
    env = dict(os.environ, LD_PRELOAD=LIB, RIJN_FAULT_PATH=big, RIJN_FAULT_SLOW_READ_MS="500")
    env["ASAN_OPTIONS"] = "verify_asan_link_order=0"
    # the input comes in 9 reads of 500 ms, 2 to 4 at a time (1.5-2.5 s):
    # the bar appears after 1 s
    rc, shown = cs.on_tty(["env"] + ["%s=%s" % kv for kv in env.items() if kv[0] in (
        "LD_PRELOAD", "RIJN_FAULT_PATH", "RIJN_FAULT_SLOW_READ_MS", "ASAN_OPTIONS")] +
        [cs.CLI, "encrypt", "-k", path("k"), "--chunk-size", "64K", "-o", out, big], [])
    cs.check(rc == 0 and "encrypting [" in shown and "100% " in shown and "MiB" in shown,
             "progress bar on a terminal (%d %r)" % (rc, shown[-300:]))
    os.unlink(out)
    os.unlink(big)


def main():
    cs.require_cli()
    if not LIB or not os.path.exists(LIB):
        print("FAIL: RIJN_FAULT_LIB not set or missing (tests/CMakeLists.txt builds it)")
        sys.exit(1)
    with tempfile.TemporaryDirectory() as tmp:
        cs.use_dir(tmp)
        data = bytes((i * 37 + 11) & 0xff for i in range(150000))
        write("in", data)
        write("pw", b"secret\n")
        rc, _, err = cs.rijn(["keygen", "-o", path("k")])
        cs.check(rc == 0, "keygen (%d %r)" % (rc, err))
        output_faults(data)
        input_faults(data)
        random_faults()
        allocation_faults()
        device_outputs(data)
        terminal(data)
        recipients()
        interrupted(data)
        progress_bar(data)
    cs.finish()


if __name__ == "__main__":
    main()
