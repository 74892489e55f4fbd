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
Prints each finding (file:line) and exits 1 if there is any.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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
    for b in bad:
        print(b)
    print("%d AES classes, %d source files checked, %d findings" % (len(names), len(files),
                                                                     len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
