#!/usr/bin/env python3
"""arduino_sizes.py -- build every example of the Arduino pack with the real
Arduino AVR core and print the flash / static RAM the build reports.

    scripts/arduino_sizes.py [--write] [--work DIR] [-j N]

Implementation notes: the pack comes from scripts/arduino-pack.sh; each
example is compiled by `arduino-builder` (Debian packages arduino-builder,
arduino-core-avr, arduino-ctags: scripts/setup.sh --mcu) for the Uno
(arduino:avr:uno) and the Mega 2560 (arduino:avr:mega:cpu=atmega2560), as
the Arduino IDE does, with -DDECIMAL_DIG=17 in compiler.cpp.extra_flags
(the core's WString.cpp needs it with Debian's avr-libc). Figures are the
builder's own "Sketch uses N bytes" / "Global variables use N bytes"
lines. Builds run N at a time (default: the CPU count); the cores' core.a
is cached in WORK/core-cache. --write puts the table (with the commit,
the core's and avr-gcc's versions) between the markers of
arduino/README.md; without it the table is printed, and a README table
from other figures is reported (not an error: sizes move with the code).
Exit status 1 if a tool is missing or any example fails to build.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "arduino", "README.md")
BEGIN, END = "<!-- arduino-sizes:begin -->", "<!-- arduino-sizes:end -->"
BOARDS = (("Uno (ATmega328P)", "arduino:avr:uno"),
          ("Mega 2560", "arduino:avr:mega:cpu=atmega2560"))
HARDWARE = "/usr/share/arduino/hardware"
BUILDER = "/usr/share/arduino-builder"   # its platform.txt: the ctags recipe


def tool_check():
    missing = [t for t in ("arduino-builder", "arduino-ctags", "avr-g++") if not shutil.which(t)]
    if not os.path.isfile(os.path.join(HARDWARE, "arduino", "avr", "platform.txt")):
        missing.append("arduino-core-avr (%s)" % HARDWARE)
    return missing


def build(work, pack, fqbn, ex):
    bdir = os.path.join(work, "b-%s-%s" % (fqbn.split(":")[2], ex))
    shutil.rmtree(bdir, ignore_errors=True)
    os.makedirs(bdir)
    cache = os.path.join(work, "core-cache")
    os.makedirs(cache, exist_ok=True)
    cmd = ["arduino-builder", "-compile", "-hardware", HARDWARE, "-hardware", BUILDER,
           "-tools", BUILDER, "-fqbn", fqbn, "-libraries", os.path.dirname(pack),
           "-build-path", bdir, "-build-cache", cache, "-warnings", "default",
           "-prefs", "compiler.cpp.extra_flags=-DDECIMAL_DIG=17",
           os.path.join(pack, "examples", ex, ex + ".ino")]
    p = subprocess.run(cmd, capture_output=True, text=True)
    out = p.stdout + p.stderr
    fl = re.search(r"Sketch uses (\d+) bytes", out)
    ram = re.search(r"Global variables use (\d+) bytes", out)
    if p.returncode != 0 or not fl or not ram:
        return None, out
    return (int(fl.group(1)), int(ram.group(1))), out


def git(*args):
    p = subprocess.run(["git", "-C", ROOT] + list(args), capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else "unknown"


def version(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return (p.stdout or p.stderr).strip().splitlines()[0] if p.returncode == 0 else "unknown"


def table(sizes, examples):
    core = version(["dpkg-query", "-W", "-f=${Version}", "arduino-core-avr"])
    gcc = version(["avr-gcc", "-dumpversion"])
    lines = ["Built with the real Arduino AVR core (Debian arduino-core-avr %s, avr-gcc %s, "
             "arduino-builder) from commit %s by `scripts/arduino_sizes.py --write`; flash and "
             "static RAM as the Arduino build prints them:" % (core, gcc, git("rev-parse", "--short=12", "HEAD")),
             "",
             "| example | " + " | ".join("%s flash / static RAM" % b for b, _ in BOARDS) + " |",
             "| --- |" + " --- |" * len(BOARDS)]
    for ex in examples:
        cells = ["{:,} B / {:,} B".format(*sizes[(fq, ex)]) for _, fq in BOARDS]
        lines.append("| `%s` | %s |" % (ex, " | ".join(cells)))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--write", action="store_true", help="update arduino/README.md")
    ap.add_argument("--work", help="build folder (default: a temporary one)")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2, help="parallel builds")
    a = ap.parse_args()
    missing = tool_check()
    if missing:
        print("arduino_sizes: missing %s (scripts/setup.sh --mcu installs them)" % ", ".join(missing))
        return 1
    tmp = None
    work = a.work
    if not work:
        tmp = tempfile.TemporaryDirectory()
        work = tmp.name
    os.makedirs(work, exist_ok=True)
    pack = os.path.join(work, "libraries", "rijn")
    shutil.rmtree(pack, ignore_errors=True)
    if subprocess.run(["bash", os.path.join(ROOT, "scripts", "arduino-pack.sh"), pack],
                      stdout=subprocess.DEVNULL).returncode != 0:
        print("arduino_sizes: arduino-pack.sh failed")
        return 1
    examples = sorted(os.listdir(os.path.join(pack, "examples")))
    jobs = [(fq, ex) for _, fq in BOARDS for ex in examples]
    sizes, bad = {}, 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as pool:
        futs = {j: pool.submit(build, work, pack, *j) for j in jobs}
        for (fq, ex), f in futs.items():
            sz, out = f.result()
            if sz is None:
                bad += 1
                print("FAIL: %s %s: arduino-builder failed\n%s" % (fq, ex, out[-3000:]))
            else:
                sizes[(fq, ex)] = sz
                print("ok:   %s %s: flash %d B, static RAM %d B" % (fq, ex, sz[0], sz[1]))
    print("%d passed, %d failed" % (len(jobs) - bad, bad))
    if bad:
        return 1
    text = table(sizes, examples)
    print("\n" + text)
    doc = open(README).read()
    if BEGIN not in doc or END not in doc:
        print("arduino_sizes: markers %s / %s missing in %s" % (BEGIN, END, README))
        return 1
    head, rest = doc.split(BEGIN, 1)
    old, tail = rest.split(END, 1)
    if a.write:
        with open(README + ".tmp", "w") as f:
            f.write(head + BEGIN + "\n" + text + END + tail)
        os.replace(README + ".tmp", README)
        print("arduino_sizes: %s updated" % README)
    else:
        strip = lambda s: [l for l in s.strip().splitlines()[1:]]  # noqa: E731 (figures only)
        if strip(old) != strip(text):
            print("note: the table in arduino/README.md differs from this build's sizes "
                  "(regenerate: scripts/arduino_sizes.py --write)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
