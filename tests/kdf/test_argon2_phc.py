#!/usr/bin/env python3
"""test_argon2_phc.py -- Argon2 PHC strings against argon2-cffi (PyPI
`argon2-cffi`, installed in .venv by scripts/setup.sh --tests), through
`rijn pwhash`:

  - argon2-cffi's hashes (Argon2id and Argon2i, several costs, its default
    16-byte salt and 32-byte hash) verify with `rijn pwhash --verify`, and
    a wrong password exits 1;
  - rijn's hashes verify with argon2-cffi's PasswordHasher.verify and
    fail with a wrong password;
  - `--needs-rehash` agrees with argon2-cffi's check_needs_rehash;
  - a malformed string is a usage error (exit 2).
A missing argon2-cffi is a failure (exit 1), not a skip.
"""
import os
import subprocess
import sys
import tempfile

CLI = os.environ.get("RIJN_CLI")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "support"))
from tu_py import check, summary  # noqa: E402


def rijn(args):
    p = subprocess.run([CLI] + args, capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout.decode().strip(), p.stderr.decode()


def main():
    if not CLI or not os.path.exists(CLI):
        print("FAIL: RIJN_CLI not set or missing")
        return 1
    try:
        from argon2 import PasswordHasher, Type
        from argon2.exceptions import VerifyMismatchError
    except ImportError:
        print("FAIL: argon2-cffi not installed (scripts/setup.sh --tests)")
        return 1
    tmp = tempfile.mkdtemp(prefix="rijn-phc-")
    pw, wrong = os.path.join(tmp, "pw"), os.path.join(tmp, "wrong")
    password = "correct horse ☃ battery"
    with open(pw, "w", encoding="utf-8") as f:
        f.write(password + "\n")
    with open(wrong, "w") as f:
        f.write("incorrect horse\n")
    costs = [(Type.ID, "argon2id", 1, 64, 1), (Type.ID, "argon2id", 2, 512, 4),
             (Type.I, "argon2i", 3, 256, 2)]
    for typ, name, t, m, p in costs:
        ph = PasswordHasher(time_cost=t, memory_cost=m, parallelism=p, type=typ)
        h = ph.hash(password)
        rc, _, err = rijn(["pwhash", "--passphrase-file", pw, "--verify", h])
        check(rc == 0, "rijn verifies argon2-cffi's %s: %s" % (h, err))
        rc, _, err = rijn(["pwhash", "--passphrase-file", wrong, "--verify", h])
        check(rc == 1 and "does not match" in err, "wrong password: rc %d" % rc)
        rc, out, err = rijn(["pwhash", "--type", name, "-t", str(t), "-m", str(m), "-p", str(p),
                             "--passphrase-file", pw])
        check(rc == 0 and out.startswith("$%s$v=19$m=%d,t=%d,p=%d$" % (name, m, t, p)),
              "rijn pwhash: %r %s" % (out, err))
        try:
            check(ph.verify(out, password), "argon2-cffi verifies rijn's %s" % out)
        except Exception as e:  # noqa: BLE001
            check(False, "argon2-cffi verifies rijn's %s: %r" % (out, e))
        try:
            ph.verify(out, "incorrect horse")
            check(False, "argon2-cffi: wrong password accepted")
        except VerifyMismatchError:
            check(True, "")
        for t2, m2 in ((t, m), (t + 1, m), (t, m * 2)):
            other = PasswordHasher(time_cost=t2, memory_cost=m2, parallelism=p, type=typ)
            rc, out2, _ = rijn(["pwhash", "--needs-rehash", out, "--type", name, "-t", str(t2),
                                "-m", str(m2), "-p", str(p)])
            want = "yes" if other.check_needs_rehash(out) else "no"
            check(rc == 0 and out2 == want, "needs-rehash t=%d m=%d: %r, argon2-cffi %r" % (
                t2, m2, out2, want))
    rc, _, _ = rijn(["pwhash", "--passphrase-file", pw, "--verify", "$argon2id$v=19$m=0"])
    check(rc == 2, "malformed string: exit %d" % rc)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
