#!/usr/bin/env python3
"""test_dead_wipes.py -- no pretend wipes in the library: a local that is
zeroed and never read again (`hi = lo = 0;` or `acc = 0;` or
`memset(buf, 0, ...)` on a local array, as a statement of the function's
top level) is a dead store the optimiser removes: the "wipe" never happens;
so is memset(p, 0, n) right before free(p).
Such wipes must go through rijn_wipe (memset + compiler barrier) or the
in-line barrier wipes (rijn_i_wipe_inl, rijn_i_zero_stores), or not be
written at all. Scans every src/**/*.c and cli/*.c; prints each finding
(file:line) and exits 1 if there is any.

Known blind spots (a lint, not a compiler): zeroing inside a loop or a
branch, and loops of byte stores, are not judged.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DECL = re.compile(r"^\s+(?:const\s+)?(?:volatile\s+)?(?:unsigned\s+|signed\s+)?"
                  r"(?:u?int\d+_t|size_t|int|long|char|unsigned|uint8_t|rijn_\w+|\w+_t)\s+"
                  r"([^;()]+);")
ZERO_SCALAR = re.compile(r"^\s*((?:\w+\s*=\s*)+)0u?\s*;\s*(?:/\*.*\*/)?$")
ZERO_MEMSET = re.compile(r"^\s*memset\(\s*&?(\w+)\s*,\s*0\s*,")


def locals_of(body):
    """Names declared in the function body (not parameters, not pointers)."""
    names = set()
    for line in body:
        m = DECL.match(line)
        if not m:
            continue
        for part in m.group(1).split(","):
            part = part.split("=")[0].strip()
            if part.startswith("*"):
                continue
            name = re.match(r"(\w+)", part)
            if name:
                names.add(name.group(1))
    return names


def scan(path):
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    found = []
    start = None
    for i, line in enumerate(lines):
        if line.startswith("{"):
            start = i
        elif line.startswith("}") and start is not None:
            body = lines[start + 1:i]
            local = locals_of(body)
            for k, s in enumerate(body):
                # top-level statements only: in a loop the next pass may read it
                if not s.startswith("    ") or s.startswith("     "):
                    continue
                m = ZERO_SCALAR.match(s)
                names = re.findall(r"(\w+)\s*=", m.group(1)) if m else []
                mm = ZERO_MEMSET.match(s)
                if mm:
                    names = [mm.group(1)]
                if not names or not all(n in local for n in names):
                    continue
                later = "\n".join(body[k + 1:])
                if not any(re.search(r"\b%s\b" % n, later) for n in names):
                    found.append("%s:%d: %s" % (os.path.relpath(path, ROOT), start + 2 + k,
                                                s.strip()))
            start = None
    # memset(p, 0, n) right before free(p): GCC removes it (free ends p's life)
    for i in range(len(lines) - 1):
        m = ZERO_MEMSET.match(lines[i])
        if m and re.match(r"^\s*free\(\s*%s\s*\)" % m.group(1), lines[i + 1]):
            found.append("%s:%d: %s (before free)" % (os.path.relpath(path, ROOT), i + 1,
                                                      lines[i].strip()))
    return found


def main():
    files = sorted(glob.glob(os.path.join(ROOT, "src", "**", "*.c"), recursive=True) +
                   glob.glob(os.path.join(ROOT, "cli", "*.c")))
    if len(files) < 50:
        print("FAIL: only %d source files found under %s" % (len(files), ROOT))
        return 1
    found = [f for p in files for f in scan(p)]
    for f in found:
        print("FAIL dead wipe of a local (use rijn_wipe, or do not pretend): " + f)
    print("%d files scanned, %d dead wipes" % (len(files), len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
