#!/usr/bin/env python3
"""cpu_tables.py -- keep each CPU's benchmark tables (issue 15: "run them
on every x86-64 machine you have ... and keep each CPU's table").

    scripts/cpu_tables.py keep DOC [ASSET...]   before DOC is regenerated on
                                                this machine's CPU
    scripts/cpu_tables.py marker                the line a generator writes
    scripts/cpu_tables.py index DOC             the Markdown lines that list
                                                the other CPUs' copies of DOC

Implementation notes: a generated document (docs/BENCHMARKS.md,
docs/BENCHMARKS-file.md, python/BENCHMARKS.md) holds the figures of the
last run, on one CPU; its generator writes the marker line
`<!-- bench-cpu: SLUG | CPU -->` (SLUG from vendor, family and model:
what makes ratios comparable; CPU as scripts/cpu_id.py --short names it).
Before it overwrites the document, keep() reads the marker of the copy on
disk (documents from before the marker: the vendor, family and model in
their text) and, when that CPU is not this one, copies it to
docs/cpus/SLUG/NAME first, with the charts it links (ASSETs: paths
relative to the document's folder, kept at the same relative place), so a
run on another machine never erases the table of the previous one. The
kept copies are the last run per CPU; index() lists them (CPU, commit,
date) for the generator to print under "Other CPUs". Nothing here times
or changes figures. Tested by tests/meta/test_cpu_tables.py.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
KEPT = ROOT / "docs" / "cpus"
MARK_RE = re.compile(r"<!-- bench-cpu: ([a-z0-9-]+) \| (.*?) -->")
# AuthenticAMD family 26 (0x1a), model 2 (0x2) / family 0x1a model 0x2
ID_RE = re.compile(r"(AuthenticAMD|GenuineIntel|HygonGenuine|CentaurHauls|[A-Za-z]+)"
                   r" family (?:\d+ \()?0x([0-9a-f]+)\)?,? model (?:\d+ \()?0x([0-9a-f]+)")
VENDOR = {"AuthenticAMD": "amd", "GenuineIntel": "intel", "HygonGenuine": "hygon",
          "CentaurHauls": "centaur"}


def slug_of(text):
    """The CPU identity of a cpu_id.py line (or any text holding one):
    vendor-fFAMILY-mMODEL, or a slug of the text when it has no x86 id."""
    m = ID_RE.search(text)
    if m:
        v = VENDOR.get(m.group(1), m.group(1).lower())
        return "%s-f%02x-m%02x" % (v, int(m.group(2), 16), int(m.group(3), 16))
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "unknown"


def this_cpu():
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "cpu_id.py"), "--short"],
                       capture_output=True, text=True, check=True)
    return p.stdout.strip()


def marker(cpu=None):
    cpu = cpu or this_cpu()
    return "<!-- bench-cpu: %s | %s -->" % (slug_of(cpu), cpu)


def doc_cpu(text):
    """(slug, CPU name) of a generated document, or (None, None)."""
    m = MARK_RE.search(text)
    if m:
        return m.group(1), m.group(2)
    m = ID_RE.search(text)
    if m:
        return slug_of(text), "%s family 0x%x model 0x%x" % (
            m.group(1), int(m.group(2), 16), int(m.group(3), 16))
    return None, None


def kept_name(doc):
    """File name of a document's copies: python/BENCHMARKS.md keeps as
    python-BENCHMARKS.md (docs/ ones as they are)."""
    doc = pathlib.Path(doc).resolve()
    rel = doc.relative_to(ROOT) if ROOT in doc.parents else pathlib.Path(doc.name)
    return doc.name if rel.parent.name in ("docs", "") else "%s-%s" % (rel.parent.name, doc.name)


def keep(doc, assets=(), cpu=None, kept=None):
    """Copy doc (and assets, relative to its folder) to kept/SLUG/ when it
    was measured on another CPU than cpu; returns the copy's path or None."""
    doc, kept = pathlib.Path(doc), pathlib.Path(kept or KEPT)
    if not doc.exists():
        return None
    slug, _ = doc_cpu(doc.read_text(errors="replace"))
    if slug is None or slug == slug_of(cpu or this_cpu()):
        return None
    dest = kept / slug
    dest.mkdir(parents=True, exist_ok=True)
    out = dest / kept_name(doc)
    shutil.copyfile(doc, out)
    for a in assets:
        src = doc.parent / a
        if src.is_file():
            (dest / a).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest / a)
    return out


def index(doc, cpu=None, kept=None):
    """Markdown lines: one per other CPU with a kept copy of doc."""
    kept, name = pathlib.Path(kept or KEPT), kept_name(doc)
    here = slug_of(cpu or this_cpu())
    lines = []
    for p in sorted(kept.glob("*/" + name)):
        if p.parent.name == here:
            continue
        text = p.read_text(errors="replace")
        _, cpu_name = doc_cpu(text)
        c = (re.search(r"<!-- bench-commit: ([0-9a-f]{7,40})", text) or
             re.search(r"\bcommit `?([0-9a-f]{7,40})\b", text))
        d = re.search(r"\b(20\d\d-\d\d-\d\d)\b", text)
        shown = p.relative_to(ROOT) if ROOT in p.parents else p
        link = os.path.relpath(p, pathlib.Path(doc).resolve().parent)
        lines.append("- %s: [`%s`](%s) (commit %s%s)" % (
            cpu_name or p.parent.name, shown, link, c.group(1)[:7] if c else "?",
            ", " + d.group(1) if d else ""))
    return lines or ["- none yet: each run on another CPU keeps the previous CPU's table "
                     "under `docs/cpus/` (scripts/cpu_tables.py)"]


def main(argv):
    if len(argv) >= 2 and argv[0] == "keep":
        out = keep(argv[1], argv[2:])
        if out:
            print("cpu_tables: kept the previous CPU's table as %s" % out, file=sys.stderr)
        return 0
    if argv == ["marker"]:
        print(marker())
        return 0
    if len(argv) == 2 and argv[0] == "index":
        print("\n".join(index(argv[1])))
        return 0
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
