"""asmgen.py -- what the assembly generators beside the code share
(src/aes/tools/gen_*.py, src/stream/tools/gen_*.py).

The generators write the body of a C file's file-scope __asm__ statement
between its "/* BEGIN GENERATED" and "/* END GENERATED" marker lines; this
module packs assembly lines into C string literals, reads and replaces
that part of a file, and holds the 32-bit helpers their interpreters use.
A generator imports it with

    sys.path.insert(0, <repo>/src/tools); import asmgen
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
M32 = 0xFFFFFFFF


def ror(x, n):
    """32-bit rotate right."""
    n &= 31
    return ((x >> n) | (x << (32 - n))) & M32 if n else x


def pack_body(lines, width=92):
    """C string literals for the asm lines, several instructions per source
    line; preprocessor lines stay on their own."""
    out, cur = [], ""

    def flush():
        nonlocal cur
        if cur:
            out.append('    "%s"\n' % cur)
            cur = ""
    for ln in lines:
        if ln.startswith("#"):
            flush()
            out.append(ln + "\n")
            continue
        piece = ln.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + "\\n"
        if cur and (len(cur) + len(piece) > width or not ln.startswith("\t")):
            flush()
        cur += piece
        if not ln.startswith("\t"):
            flush()
    flush()
    return "".join(out)


def _span(src):
    b0 = src.index("\n", src.index("/* BEGIN GENERATED")) + 1
    return b0, src.index("/* END GENERATED")


def generated_part(path):
    """The text between the GENERATED markers of a file."""
    src = open(path).read()
    b0, b1 = _span(src)
    return src[b0:b1]


def write_generated(path, body):
    """Replace the text between the GENERATED markers of path by body
    (through a temporary file and a rename)."""
    src = open(path).read()
    b0, b1 = _span(src)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(src[:b0] + body + src[b1:])
    os.replace(tmp, path)


def emit(body, path, update):
    """A generator's last step: print body, or write it into path."""
    if update:
        write_generated(path, body)
    else:
        sys.stdout.write(body)
