#!/usr/bin/env python3
"""test_file_size.py -- product files stay under ~400 lines (STYLE: "files
under ~400 lines"; issue 14).

Counts the lines of every tracked source file (.c .h .py .pyi .S .s) under
src/, cli/, include/ and python/rijn/, leaving out the text between
`BEGIN GENERATED` and `END GENERATED` markers (assembly a generator
splices in: not written by hand, checked by tests/aes/test_aes_asm_gen.py).
A file above LIMIT fails unless tests/meta/file_size_debt.txt lists it as

    path  lines  reason

and then it fails once it grows past the listed count (a listed file may
shrink, never grow); a count of `*` sets no ceiling, for a file that grows
by design (include/rijn/config.h documents every option in one place). A listed file back under the limit, or gone, is
reported so its entry can be removed (not a failure). Prints each
finding and exits 1 if there is any. A self-test runs first: a planted
file over the limit is rejected, listed it passes, grown past its count
it fails, and generated text is not counted. Runs in well under a second.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIMIT = 400
TOPS = ("src/", "cli/", "include/", "python/rijn/")
EXTS = (".c", ".h", ".py", ".pyi", ".S", ".s")
DEBT = os.path.join(ROOT, "tests", "meta", "file_size_debt.txt")


def count(path):
    """Lines of path, not counting text between the GENERATED markers."""
    n, gen = 0, False
    with open(path, errors="replace") as f:
        for line in f:
            if "END GENERATED" in line:
                gen = False
            if not gen:
                n += 1
            if "BEGIN GENERATED" in line:
                gen = True
    return n


def product_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "--"] + list(TOPS),
                         capture_output=True, text=True, check=True).stdout.split("\n")
    return sorted(p for p in out if p.endswith(EXTS) and os.path.isfile(os.path.join(ROOT, p)))


def debt():
    """{path: (lines, reason)}; a line without a count or reason is an error."""
    keys, errors = {}, []
    for i, raw in enumerate(open(DEBT), 1):
        ln = raw.strip()
        if not ln or ln.startswith("#"):
            continue
        parts = ln.split(None, 2)
        if len(parts) < 3 or not (parts[1].isdigit() or parts[1] == "*") or \
                len(parts[2].split()) < 3:
            errors.append("file_size_debt.txt:%d: want 'path lines reason' (a few words)" % i)
            continue
        keys[parts[0]] = (int(parts[1]) if parts[1] != "*" else None, parts[2])
    return keys, errors


def findings(sizes, known):
    bad = []
    for p, n in sizes.items():
        if n <= LIMIT:
            continue
        if p not in known:
            bad.append("%s: %d lines > %d (split it along a real seam, or list it in "
                       "tests/meta/file_size_debt.txt with a reason)" % (p, n, LIMIT))
        elif known[p][0] is not None and n > known[p][0]:
            bad.append("%s: %d lines, more than the %d listed in file_size_debt.txt "
                       "(a listed file may only shrink)" % (p, n, known[p][0]))
    return bad


def self_test():
    with tempfile.TemporaryDirectory() as t:
        p = os.path.join(t, "x.c")
        open(p, "w").write("int x;\n" * (LIMIT + 1))
        big = count(p)
        open(p, "w").write("/* BEGIN GENERATED */\n" + "int x;\n" * (LIMIT + 1) + "/* END GENERATED */\n")
        gen = count(p)
    ok = (big == LIMIT + 1 and gen == 2 and findings({"a.c": big}, {}) and
          not findings({"a.c": big}, {"a.c": (big, "r")}) and
          findings({"a.c": big}, {"a.c": (big - 1, "r")}) and
          not findings({"a.c": big}, {"a.c": (None, "r")}))
    print("self-test: planted %d-line file %s, generated text counted as %d line(s)" % (
        big, "rejected" if ok else "NOT REJECTED", gen))
    return ok


def main():
    if not self_test():
        return 1
    known, errors = debt()
    sizes = {p: count(os.path.join(ROOT, p)) for p in product_files()}
    bad = errors + findings(sizes, known)
    for p in sorted(known):
        if p not in sizes:
            print("note: %s in file_size_debt.txt does not exist any more: remove it" % p)
        elif sizes[p] <= LIMIT:
            print("note: %s has %d lines, under %d: remove it from file_size_debt.txt" % (
                p, sizes[p], LIMIT))
        elif known[p][0] is not None and sizes[p] < known[p][0]:
            print("note: %s shrank to %d lines: lower its count in file_size_debt.txt" % (
                p, sizes[p]))
    for b in bad:
        print(b)
    over = sum(1 for n in sizes.values() if n > LIMIT)
    print("%d product files, %d above %d lines (%d listed as debt), %d finding(s)" % (
        len(sizes), over, LIMIT, len([p for p in known if sizes.get(p, 0) > LIMIT]), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
