#!/usr/bin/env python3
"""coverage_gate.py -- totals, thresholds and the uncovered-line list for
scripts/coverage.sh.

    coverage_gate.py COVERAGE.json LIST [--update-list] [--strict]
    coverage_gate.py --run-gcovr GCOVR_ARGS...   (gcovr with a merge fix)

COVERAGE.json is gcovr's --json output. Totals are computed for src/ and
cli/ (lines; branches as gcov counts them, unreachable ones excluded) and
compared with THRESHOLDS. LIST names every uncovered line as
"path:line | source text | reason"; a line counts as listed when its path
and (whitespace-trimmed) source text match an entry, so entries survive
edits that move lines. --update-list rewrites LIST with the current
uncovered lines, keeping the reasons of entries that still match (new ones
get "TODO: reason"). Exit 1 if a threshold is missed, or (--strict) if an
uncovered line is not listed or an entry has no reason.
"""
import json
import os
import sys

# Gate values: the targets (TARGETS) are not reached yet. The gate
# is the value measured when it was set (gcc 12 -O0 --coverage, the suite
# in quick mode, x86-64 with AES-NI/VAES/AVX-512, 27 Nov 2026 on main
# 7d52e68+), rounded down to 0.1: src/ 98.25 % lines, 64.10 % branches
# (gcov counts every branch of the unrolled AES-NI round macros in
# src/aes/aesni.h and the x86 stitched GCM: 6,000+ of the 17,069, most
# never taken by design); cli/ 87.62 % lines, 75.45 % branches. Raise them
# as tests are added, never lower them below a measured value. src/ lines
# measured 98.13 % at dbf9554 (the VAES-256 CFB-decrypt and other code landed
# after 7d52e68 run only under a narrower CPU mask, which this run does not
# use); the gate keeps 0.1 point below for the run-to-run variation of the
# kill/signal tests. cli/ measured 87.62 % lines and 75.45-75.50 % branches
# in two runs at 5cd8808/63f6ba0: its gates keep the same margin.
THRESHOLDS = {
    "src/": {"lines": 98.0, "branches": 64.1},
    "cli/": {"lines": 87.5, "branches": 75.3},
}
TARGETS = {
    "src/": {"lines": 99.5, "branches": 97.0},
    "cli/": {"lines": 97.0, "branches": 90.0},
}


def load(path):
    with open(path) as f:
        return json.load(f)["files"]


def source_line(path, n, cache={}):
    if path not in cache:
        try:
            with open(path, errors="replace") as f:
                cache[path] = f.read().split("\n")
        except OSError:
            cache[path] = []
    lines = cache[path]
    return lines[n - 1].strip() if 0 < n <= len(lines) else ""


def run_gcovr(args):
    """gcovr in this process, with one fix: gcovr 5.2 asserts when a source
    file's function appears at two different lines in two objects (a
    header's static inline function compiled under different macros); the
    first one is kept (its counters are per line anyway)."""
    import gcovr.merging as merging
    from gcovr.__main__ import main as gcovr_main
    orig = merging.merge_function

    def merge_function(left, right, options):
        if left.lineno != right.lineno:
            return left
        return orig(left, right, options)

    merging.merge_function = merge_function
    sys.argv = ["gcovr"] + args
    return gcovr_main()


def main():
    if sys.argv[1] == "--run-gcovr":
        return run_gcovr(sys.argv[2:])
    cov, listf = sys.argv[1], sys.argv[2]
    update = "--update-list" in sys.argv
    strict = "--strict" in sys.argv
    tot = {d: {"l": 0, "lh": 0, "b": 0, "bh": 0} for d in THRESHOLDS}
    per_file = []
    uncovered = []  # (path, line, text)
    for f in load(cov):
        path = os.path.normpath(f["file"])
        d = next((k for k in THRESHOLDS if path.startswith(k)), None)
        if d is None:
            continue
        l = lh = b = bh = 0
        for ln in f["lines"]:
            if ln.get("gcovr/noncode"):
                continue
            l += 1
            if ln["count"] > 0:
                lh += 1
            else:
                uncovered.append((path, ln["line_number"], source_line(path, ln["line_number"])))
            for br in ln.get("branches", []):
                b += 1
                bh += br["count"] > 0
        t = tot[d]
        t["l"] += l
        t["lh"] += lh
        t["b"] += b
        t["bh"] += bh
        per_file.append((path, l, lh, b, bh))
    out_dir = os.path.dirname(cov)
    with open(os.path.join(out_dir, "coverage.txt"), "w") as f:
        f.write("file  lines%  (hit/total)  branches%  (hit/total)\n")
        for path, l, lh, b, bh in sorted(per_file, key=lambda r: (r[4] / r[3] if r[3] else 1)):
            f.write("%-40s %6.1f (%d/%d) %6.1f (%d/%d)\n" % (
                path, 100.0 * lh / l if l else 100, lh, l, 100.0 * bh / b if b else 100, bh, b))
    with open(os.path.join(out_dir, "uncovered.txt"), "w") as f:
        for path, n, text in uncovered:
            f.write("%s:%d | %s\n" % (path, n, text))

    fail = False
    for d, t in tot.items():
        lp = 100.0 * t["lh"] / t["l"] if t["l"] else 100.0
        bp = 100.0 * t["bh"] / t["b"] if t["b"] else 100.0
        th, tg = THRESHOLDS[d], TARGETS[d]
        ok = lp >= th["lines"] and bp >= th["branches"]
        fail |= not ok
        print("coverage %-5s lines %6.2f%% (%d/%d, gate %.1f, target %.1f)  "
              "branches %6.2f%% (%d/%d, gate %.1f, target %.1f)  %s" % (
                  d, lp, t["lh"], t["l"], th["lines"], tg["lines"], bp, t["bh"], t["b"],
                  th["branches"], tg["branches"], "ok" if ok else "BELOW THE GATE"))

    # the list of uncovered lines and their reasons
    entries = {}
    if os.path.exists(listf):
        with open(listf) as f:
            for raw in f:
                if raw.startswith("#") or not raw.strip():
                    continue
                # path:line | text (may itself hold " | ") | reason
                line = raw.rstrip("\n")
                loc, _, rest = line.partition(" | ")
                text, _, reason = rest.rpartition(" | ")
                loc, text, reason = loc.strip(), text.strip(), reason.strip()
                entries.setdefault((loc.rsplit(":", 1)[0], text), reason)
    missing = [(p, n, t) for p, n, t in uncovered if (p, t) not in entries]
    noreason = [k for k, r in entries.items() if not r or r.startswith("TODO")]
    print("coverage: %d uncovered lines, %d not in %s, %d entries without a reason" % (
        len(uncovered), len(missing), listf, len(noreason)))
    for p, n, t in missing[:20]:
        print("  unlisted %s:%d | %s" % (p, n, t))
    if update:
        with open(listf, "w") as f:
            f.write("# coverage-uncovered.txt -- every line of src/ and cli/ that the test suite\n"
                    "# leaves uncovered (scripts/coverage.sh), with the reason:\n"
                    "#   path:line | source text (trimmed; with the path, the key) | reason\n"
                    "# Regenerate with scripts/coverage.sh --update-list (reasons are kept).\n")
            for p, n, t in uncovered:
                f.write("%s:%d | %s | %s\n" % (p, n, t, entries.get((p, t), "TODO: reason")))
        print("coverage: wrote %s" % listf)
    if strict and (missing or noreason):
        fail = True
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main())
