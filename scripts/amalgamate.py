#!/usr/bin/env python3
"""amalgamate.py -- rijn as two files for copy-in users: rijn.h (every
public header) and rijn.c (every library source), like SQLite's
amalgamation. Drop both into a project and compile rijn.c with any C99
compiler; the same RIJN_CFG_* options (rijn/config.h) apply.

  scripts/amalgamate.py [OUTDIR]            default: dist/

How the sources become one translation unit:
  - quoted includes are inlined where they stand, every time (internal
    headers have include guards; a few "body" headers such as
    x25519_ladder.h are meant to be included more than once); public
    headers ("rijn/...") come from rijn.h, included once at the top;
    system headers (<...>) and computed includes stay as they are;
  - file-scope `static` names defined in more than one source file
    (helpers such as `load32` or `blocks`) are renamed per file with
    #define / #undef around that file: NAME -> rijn_am_<file>_NAME;
  - every macro a source file #defines is #undef'd after it, so the next
    file starts clean.
The output is generated; nothing here is to be edited by hand. The test
tests/package/test_amalgamation.sh builds it with -Wall -Wextra -Werror and runs
known-answer checks against it.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src")
INC = os.path.join(ROOT, "include")

INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"(.*)$')
DEFINE_RE = re.compile(r"^\s*#\s*define\s+([A-Za-z_]\w*)")
STATIC_RE = re.compile(r"^static\b([^(\[=;{]*)")
IDENT_RE = re.compile(r"[A-Za-z_]\w*")
NOT_NAMES = {"static", "inline", "const", "volatile", "void", "char", "short", "int", "long",
             "unsigned", "signed", "struct", "union", "enum", "float", "double", "register",
             "restrict", "__inline__", "__attribute__", "size_t", "RIJN_API", "RIJN_WUR"}


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def source_files():
    out = []
    for base, _, files in os.walk(SRC):
        for f in files:
            if f.endswith(".c"):
                out.append(os.path.relpath(os.path.join(base, f), SRC))
    return sorted(out)


def public_headers():
    """include/rijn.h's list, then any public header it lacks (file.h...)."""
    names = re.findall(r'#include "(rijn/[^"]+)"', read(os.path.join(INC, "rijn.h")))
    for f in sorted(os.listdir(os.path.join(INC, "rijn"))):
        if f.endswith(".h") and "rijn/" + f not in names:
            names.append("rijn/" + f)
    return names


def resolve(name, from_dir):
    for d in (from_dir, SRC, INC):
        p = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(p):
            return p
    raise SystemExit("amalgamate: cannot find \"%s\" (from %s)" % (name, from_dir))


def inline_public(path, seen, out):
    """Public headers: each once (they include each other unconditionally)."""
    if path in seen:
        return
    seen.add(path)
    out.append("/* ---- %s ---- */\n" % os.path.relpath(path, ROOT))
    for line in read(path).splitlines(keepends=True):
        m = INCLUDE_RE.match(line)
        if m:
            inline_public(resolve(m.group(1), os.path.dirname(path)), seen, out)
        else:
            out.append(line)


def inline_source(path, out, depth=0, used=None):
    """A source or internal header with its quoted includes inlined; the
    internal headers met are added to used."""
    if depth > 20:
        raise SystemExit("amalgamate: include nesting too deep at %s" % path)
    for line in read(path).splitlines(keepends=True):
        m = INCLUDE_RE.match(line)
        if not m:
            out.append(line)
            continue
        target = resolve(m.group(1), os.path.dirname(path))
        if os.path.commonpath([target, INC]) == INC:
            out.append("/* %s: in rijn.h */\n" % m.group(1))
            continue
        if used is not None:
            used.add(target)
        out.append("/* ---- begin %s ---- */\n" % os.path.relpath(target, ROOT))
        inline_source(target, out, depth + 1, used)
        out.append("/* ---- end %s ---- */\n" % os.path.relpath(target, ROOT))


FUNC_RE = re.compile(r"([A-Za-z_]\w*)\s*\(")
NOT_FUNCS = NOT_NAMES | {"__attribute__", "asm", "target", "aligned", "always_inline", "noinline",
                         "unused", "if", "for", "while", "switch", "return", "sizeof"}


def strip_attributes(line):
    """Drop __attribute__((...)) groups (balanced parentheses)."""
    while True:
        i = line.find("__attribute__")
        if i < 0:
            return line
        j = line.find("(", i)
        if j < 0:
            return line[:i]
        depth, k = 0, j
        while k < len(line):
            depth += {"(": 1, ")": -1}.get(line[k], 0)
            k += 1
            if depth == 0:
                break
        line = line[:i] + " " + line[k:]


def statics_of(text):
    """Names of file-scope functions and static objects: declared at
    column 0 in this code base, possibly after a macro such as RIJN_INLINE.
    Global (rijn_...) names never collide, so catching them is harmless."""
    names = set()
    for line in text.splitlines():
        if not line or not (line[0].isalpha() or line[0] == "_") or line.startswith("typedef"):
            continue
        m = STATIC_RE.match(line)
        if m and "(" not in line.split("=")[0].split("[")[0]:
            ids = [i for i in IDENT_RE.findall(m.group(1)) if i not in NOT_NAMES]
            if ids and not ids[-1].endswith("_t"):
                names.add(ids[-1])
            continue
        for f in FUNC_RE.findall(strip_attributes(line)):
            if f not in NOT_FUNCS and not f.startswith("__"):
                names.add(f)
                break
    # Library-wide names (rijn_..., rijn_i_...) are global by rule.
    return {n for n in names if not n.lower().startswith("rijn_")}


def strip_comments(text):
    return re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)


def types_of(text):
    """Struct/union/enum tags and typedef names defined in a source file."""
    names = set(re.findall(r"^(?:typedef\s+)?(?:struct|union|enum)\s+(\w+)\s*\{", text, re.M))
    names |= set(re.findall(r"^\}\s*(\w+)\s*;", text, re.M))
    names |= set(re.findall(r"^(?:__extension__\s+)?typedef\s[^;{(]*?\b(\w+)\s*(?:;|\[|__attribute__)",
                            text, re.M))
    names |= set(re.findall(r"^typedef\s[^;{]*?\(\s*\*\s*(\w+)\s*\)", text, re.M))
    return {n for n in names if not n.lower().startswith("rijn_")}


# Headers instantiated once per source file (x25519_ladder.h too: its
# first lines look like a guard but are a default FE_ADDSUB): aes_ct_common.h is written
# against a `ct_word` type the including file defines; headers without an
# include guard are bodies meant to be included more than once. Their
# static names count as the including file's, and their guard (if any) is
# reset after each file.
TEMPLATE_HEADERS = {"aes/aes_ct_common.h", "pk/x25519_ladder.h"}
GUARD_RE = re.compile(r"\s*#\s*ifndef\s+(\w+_H)\s*\n\s*#\s*define\s+\1\b")


def is_template(path):
    """No include guard: an #ifndef X / #define X pair as the file's first
    directives (such a pair further down, a macro's default, is not one; guards are
    named *_H)."""
    rel = os.path.relpath(path, SRC)
    return rel in TEMPLATE_HEADERS or not GUARD_RE.match(strip_comments(read(path)))


def header_names():
    """Names that shared (non-template) headers define."""
    names = set()
    for d in (SRC, INC):
        for base, _, files in os.walk(d):
            for f in files:
                p = os.path.join(base, f)
                if f.endswith(".h") and not (d == SRC and is_template(p)):
                    t = read(p)
                    names |= statics_of(t) | types_of(t)
                    names |= {m.group(1) for m in map(DEFINE_RE.match, t.splitlines()) if m}
    return names


def header_text():
    parts = []
    for base, _, files in os.walk(SRC):
        parts += [read(os.path.join(base, f)) for f in files if f.endswith(".h")]
    for base, _, files in os.walk(INC):
        parts += [read(os.path.join(base, f)) for f in files if f.endswith(".h")]
    return "\n".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog="See the top of scripts/amalgamate.py for how the "
                                        "sources become one translation unit.")
    ap.add_argument("outdir", nargs="?", default=os.path.join(ROOT, "dist"),
                    help="directory for rijn.h and rijn.c (default: dist/)")
    outdir = ap.parse_args().outdir  # --help and unknown options exit before any write
    os.makedirs(outdir, exist_ok=True)
    version = re.search(r'#define RIJN_VERSION_STRING "([^"]+)"',
                        read(os.path.join(INC, "rijn", "common.h"))).group(1)
    banner = ("/*\n * rijn %s amalgamation: generated by scripts/amalgamate.py from the\n"
              " * rijn source tree. Do not edit; regenerate.\n */\n" % version)

    # rijn.h
    hdr = [banner, "#ifndef RIJN_AMALGAMATION_H\n#define RIJN_AMALGAMATION_H\n"]
    seen = set()
    for name in public_headers():
        inline_public(os.path.join(INC, name), seen, hdr)
    hdr.append("#endif /* RIJN_AMALGAMATION_H */\n")

    # rijn.c: find the per-file names that collide.
    files = source_files()
    inlined, used, names = {}, {}, {}
    for f in files:
        buf, seen = [], set()
        inline_source(os.path.join(SRC, f), buf, used=seen)
        inlined[f], used[f] = buf, seen
        text = read(os.path.join(SRC, f))
        names[f] = statics_of(text) | types_of(text)
        macros = {m.group(1) for m in map(DEFINE_RE.match, text.splitlines()) if m}
        for h in seen:
            if is_template(h):
                names[f] |= statics_of(read(h)) | types_of(read(h))
        names[f] -= macros
    shared = header_names()
    # A shared header's names are kept as they are (it is inlined once), so
    # a source file must not define one of them too: in one translation unit
    # the two would clash (the header's helpers need a prefix of their own).
    overlap = sorted("%s: %s" % (f, n) for f in files for n in names[f] if n in shared)
    if overlap:
        sys.exit("amalgamate.py: names defined both by a shared header and by a source "
                 "file:\n  " + "\n  ".join(overlap))
    owners = {}
    for f in files:
        for n in names[f]:
            owners.setdefault(n, []).append(f)
    # Every file-scope name of a source file is renamed (not only those
    # that clash): a static left visible would be shadowed by the locals
    # of later files (-Wshadow).
    clash = {n for n in owners if n not in shared}
    code = {f: strip_comments("".join(inlined[f])) for f in files}

    def member_use(n, f):
        return re.search(r"(->|\.)\s*%s\b" % re.escape(n), code[f]) is not None

    # One owner keeps each name (preferably one that also uses it as a
    # struct member, where renaming is awkward); the others are renamed.
    keeper = {}
    for n in clash:
        fs = owners[n]
        call = [f for f in fs if re.search(r"(->|\.)\s*%s\s*\(" % re.escape(n), code[f])]
        keeper[n] = (call or [f for f in fs if member_use(n, f)] or [None])[0]

    body = [banner, "#define RIJN_AMALGAMATION 1\n#include \"rijn.h\"\n"]
    for f in files:
        tag = re.sub(r"\W", "_", os.path.splitext(f)[0])
        mine = sorted(n for n in clash if f in owners[n] and keeper[n] != f)
        body.append("\n/* ==== src/%s ==== */\n" % f)
        for n in mine:
            if member_use(n, f):
                # also a member name here: rename calls and definitions only
                body.append("#define %s(...) rijn_am_%s_%s(__VA_ARGS__)\n" % (n, tag, n))
            else:
                body.append("#define %s rijn_am_%s_%s\n" % (n, tag, n))
        body += inlined[f]
        for n in mine:
            body.append("#undef %s\n" % n)
        defined = set()
        for p in [os.path.join(SRC, f)] + [h for h in used[f] if is_template(h)]:
            defined |= {m.group(1) for m in map(DEFINE_RE.match, read(p).splitlines()) if m}
        for n in sorted(defined):
            body.append("#undef %s\n" % n)

    for name, parts in (("rijn.h", hdr), ("rijn.c", body)):
        path = os.path.join(outdir, name)
        tmp = "%s.tmp%d" % (path, os.getpid())
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("".join(parts))
        os.replace(tmp, path)
        print(path)


if __name__ == "__main__":
    main()
