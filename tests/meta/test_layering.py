#!/usr/bin/env python3
"""test_layering.py -- the rules of docs/ARCHITECTURE.md that a grep can
check, so they do not drift back:

  1. No library file outside src/aes names an AES implementation class
     (rijn_i_aes_<class>, aes/aes_<class>*.h): modes and AEADs call the
     class's hooks or ask for a capability (rijn_i_aes_rk_aesni).
  2. src/aes includes nothing from the layers above it (modes/, aead/,
     mac/, file/, ...).
  3. One include style: no "../" paths in src/ or cli/.
  4. No internal bit in the public AES header (RIJN_I_DIR_* beyond the
     two directions).
  5. include/rijn/aes.h lists every class (its "name" as in src/aes).
  6. Every RIJN_CFG_* default is defined in include/rijn/config.h: no
     `#define RIJN_CFG_...` in src/ or cli/.
  7. No comment in src/, cli/ or include/ cites a file that does not
     exist (a path relative to the repository, the file's folder, src/ or
     include/; a bare name anywhere in the tree; `*` and `<x>` match any
     text; a tests/ path also by its name anywhere under tests/, which is
     being regrouped by family; a bare *.md name counts when capitalised,
     as docs are, so `p.md` is a struct member). EXTERNAL lists the names
     that are not ours.
  8. No CPU-flag test outside the probe and the class/registry selection:
     rijn_i_cpu_features() is called only in src/core, by the AES class
     selection (aes.c) and the classes' `available` predicates
     (CPU_SELECTION); the kernels that still test a flag inline are listed
     with their exact count in CPU_INLINE_DEBT (issue 14), so the list can
     only shrink: a new call, or a stale allowance, is a finding.
  9. Tests are grouped by family: no file sits at the top of tests/ but
     tests/CMakeLists.txt, and every test_*.c|.py|.sh is directly in a
     tests/<family>/ folder (tests/CMakeLists.txt globs exactly there, so
     one deeper would never run).
Prints each finding (file:line) and exits 1 if there is any.
"""
import fnmatch
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = os.path.join(ROOT, "src")


def rel(p):
    return os.path.relpath(p, ROOT)


def classes():
    """The class objects defined in src/aes (const rijn_aes_impl rijn_i_aes_X)."""
    names = set()
    for f in glob.glob(os.path.join(SRC, "aes", "*.c")):
        for m in re.finditer(r"const rijn_aes_impl (rijn_i_aes_\w+)\s*=", open(f).read()):
            names.add(m.group(1))
    return names


def code_lines(path):
    """(line number, text) of lines outside /* */ and // comments."""
    text = open(path, errors="replace").read()
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    for i, line in enumerate(text.split("\n"), 1):
        yield i, line.split("//")[0]


# Rule 8: calls of rijn_i_cpu_features() allowed per file (code, not comments).
CPU_SELECTION = {
    "src/aes/aes.c": 1,         # the class's alt_cpu / w256_cpu / w512_cpu at key setup
    "src/aes/aes_bs256.c": 1,   # its available predicate
    "src/aes/aes_armce.c": 1,   # its available predicate
    "src/aes/aes_x86ni.c": 1,   # the three x86ni classes' predicates (one helper)
}
CPU_INLINE_DEBT = {             # flag tests inside kernels, still to move (none left)
}
CPU_CALL_RE = re.compile(r"\brijn_i_cpu_features(_fast)?\s*\(")

# Cited in comments but not files of this repository (rule 7).
EXTERNAL = {
    "my_rijn_config.h",  # config.h: an example name for the user's own file
    "norx3241/kat.h",    # norx.c: the NORX reference's KAT file
    "arm_neon.h",        # aes_armce.c: the compiler's header
}
CITE_RE = re.compile(r"(?<![\w./<-])((?:[\w.-]+/)*[\w*<>.-]*[\w*>]\.(?:c|h|py|sh|md|S|cpp))\b")


def comments(path):
    """(line number, text) of each /* */ and // comment."""
    text = open(path, errors="replace").read()
    for m in re.finditer(r"/\*.*?\*/|//[^\n]*", text, flags=re.S):
        yield text.count("\n", 0, m.start()) + 1, m.group(0)


def stale_cites(bad):
    """Rule 7; returns the number of files checked."""
    r = subprocess.run(["git", "-C", ROOT, "ls-files"], stdout=subprocess.PIPE, text=True)
    tracked = r.stdout.split()
    if r.returncode != 0 or len(tracked) < 100:
        bad.append("git ls-files gave %d files: cannot check cited files" % len(tracked))
        return 0
    names = {os.path.basename(t) for t in tracked}
    tests = {os.path.basename(t) for t in tracked if t.startswith("tests/")}
    files = [t for t in tracked if re.match(r"(src|cli|include)/.*\.(c|h)$", t)]
    for f in files:
        for line, c in comments(os.path.join(ROOT, f)):
            for m in CITE_RE.finditer(c):
                ref = m.group(1)
                if ref.startswith(".") or ref in EXTERNAL:
                    continue
                g = re.sub(r"<[^>]*>", "*", ref)
                stem = os.path.basename(g).rsplit(".", 1)[0]
                if "/" not in g and (len(stem) < 2 or (g.endswith(".md") and
                                                       not stem[:1].isupper())):
                    continue  # a struct member (p.md), not a file: docs are README.md, ...
                if "/" not in g:
                    ok = any(fnmatch.fnmatch(b, g) for b in names)
                else:
                    cands = [g, os.path.join(os.path.dirname(f), g), "src/" + g, "include/" + g]
                    ok = any(fnmatch.filter(tracked, c2) for c2 in cands)
                    if not ok and g.startswith("tests/"):
                        ok = any(fnmatch.fnmatch(b, os.path.basename(g)) for b in tests)
                if not ok:
                    bad.append("%s:%d: cites %s, which does not exist" %
                               (f, line + c[:m.start()].count("\n"), ref))
    return len(files)


def stray_tests(bad):
    """Rule 9; the number of test files seen."""
    tests = os.path.join(ROOT, "tests")
    for n in sorted(os.listdir(tests)):
        if os.path.isfile(os.path.join(tests, n)) and n != "CMakeLists.txt":
            bad.append("tests/%s: at the top of tests/; move it to tests/<family>/" % n)
    seen = 0
    for d, dirs, names in os.walk(tests):
        dirs[:] = [x for x in dirs if x not in ("__pycache__", "vectors")]
        depth = len(os.path.relpath(d, tests).split(os.sep)) if d != tests else 0
        for n in names:
            if re.match(r"test_\w+\.(c|py|sh)$", n):
                seen += 1
                if depth > 1:
                    bad.append("%s: a test outside tests/<family>/ (never run, or run "
                               "unchecked): move it to tests/<family>/" % rel(os.path.join(d, n)))
    if seen < 100:
        bad.append("found only %d test files under tests/" % seen)
    return seen


def main():
    bad = []
    names = classes()
    if len(names) < 5:  # the rule would check nothing
        bad.append("found only %d AES classes in src/aes: %s" % (len(names), sorted(names)))
    class_re = re.compile(r"\b(%s)\b" % "|".join(sorted(names)) if names else r"$^")
    files = [f for f in glob.glob(os.path.join(SRC, "**", "*.[ch]"), recursive=True)]
    if len(files) < 100:
        bad.append("found only %d source files under src/" % len(files))
    for f in files:
        in_aes = rel(f).startswith(os.path.join("src", "aes") + os.sep)
        for n, line in code_lines(f):
            inc = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not in_aes and class_re.search(line):
                bad.append("%s:%d: names an AES class: %s" % (rel(f), n, line.strip()))
            if inc and not in_aes and re.match(r"aes/aes_(?!i\.h)", inc.group(1)):
                bad.append("%s:%d: includes a class header: %s" % (rel(f), n, inc.group(1)))
            if inc and in_aes and re.match(r"(modes|aead|mac|file|hash|kdf|stream|pk|ascon|"
                                           r"encoding|cipher)/", inc.group(1)):
                bad.append("%s:%d: src/aes includes a higher layer: %s" % (rel(f), n,
                                                                          inc.group(1)))
    for f in files:
        if re.search(r"_(impl|internal)\.h$", f):
            bad.append("%s: internal headers end in _i.h (one suffix)" % rel(f))
    for f in files + glob.glob(os.path.join(ROOT, "cli", "*.[ch]")):
        for n, line in code_lines(f):
            if re.match(r'\s*#\s*include\s+"\.\./', line):
                bad.append("%s:%d: relative include: %s" % (rel(f), n, line.strip()))
    aes_h = os.path.join(ROOT, "include", "rijn", "aes.h")
    for n, line in code_lines(aes_h):
        m = re.match(r"\s*#\s*define\s+(RIJN_I_DIR_\w+)", line)
        if m and m.group(1) not in ("RIJN_I_DIR_ENC", "RIJN_I_DIR_DEC"):
            bad.append("%s:%d: internal bit in the public header: %s" % (rel(aes_h), n,
                                                                         m.group(1)))
    aes_doc = open(aes_h).read()
    for f in sorted(glob.glob(os.path.join(SRC, "aes", "*.c"))):
        for m in re.finditer(r"const rijn_aes_impl rijn_i_aes_\w+\s*=\s*\{[^}]*?\.name\s*=\s*"
                             r"\"([\w-]+)\"", open(f).read(), flags=re.S):
            if '"%s"' % m.group(1) not in aes_doc:
                bad.append("%s: class \"%s\" is not listed in %s" % (rel(f), m.group(1),
                                                                    rel(aes_h)))
    for f in files + glob.glob(os.path.join(ROOT, "cli", "*.[ch]")):
        for n, line in code_lines(f):
            m = re.match(r"\s*#\s*define\s+(RIJN_CFG_\w+)", line)
            if m:
                bad.append("%s:%d: %s defined outside include/rijn/config.h" % (rel(f), n,
                                                                               m.group(1)))
    allowed = dict(CPU_SELECTION, **CPU_INLINE_DEBT)
    for f in files:
        r = rel(f)
        if r.startswith(os.path.join("src", "core") + os.sep):
            continue
        calls = [n for n, line in code_lines(f) if CPU_CALL_RE.search(line)]
        if len(calls) > allowed.get(r, 0):
            bad.append("%s:%s: tests CPU flags inline (%d calls of rijn_i_cpu_features, %d "
                       "allowed): put the alternative in a class hook or registry entry" %
                       (r, ",".join(map(str, calls)), len(calls), allowed.get(r, 0)))
        elif len(calls) < allowed.get(r, 0):
            bad.append("%s: %d calls of rijn_i_cpu_features, %d allowed in test_layering.py: "
                       "lower the allowance" % (r, len(calls), allowed[r]))
    cited = stale_cites(bad)
    ntests = stray_tests(bad)
    for b in bad:
        print(b)
    print("%d AES classes, %d source files checked, %d files' comments checked for cited "
          "files, %d test files' places checked, %d findings" % (len(names), len(files), cited,
                                                                ntests, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
