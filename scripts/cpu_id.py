#!/usr/bin/env python3
"""cpu_id.py -- name this machine's CPU exactly, for benchmark documents.

    scripts/cpu_id.py              one line: vendor, model name, family/model/
                                   stepping, microarchitecture, TSC, hypervisor
    scripts/cpu_id.py --clock      the same plus the measured core clock
    scripts/cpu_id.py --json       every field as JSON (with --clock: measured)
    scripts/cpu_id.py --short      vendor, model name, family/model, microarchitecture

Implementation notes: vendor, family, model and stepping come from
/proc/cpuinfo (CPUID as the kernel reports it; inside a VM the model name
may be generic, e.g. "AMD EPYC", while family/model still identify the
core). The microarchitecture is looked up from (vendor, family, model) in
the table below (x86-64 only; "unknown" when not listed). The measured
clock is a chain of dependent register adds (one core cycle each) timed
against CLOCK_MONOTONIC, best of 400 windows of ~1 ms: the frequency the
core actually ran at, turbo included (a tiny C program compiled with cc).
No figures are typed into documents: the benchmark scripts call this.
"""
import json
import os
import platform
import subprocess
import sys
import tempfile

# (vendor, family, first model, last model) -> microarchitecture (products)
AMD = [
    (0x17, 0x00, 0x0F, "Zen (Naples / Summit Ridge)"),
    (0x17, 0x10, 0x2F, "Zen / Zen+ (Raven Ridge / Pinnacle Ridge / Picasso)"),
    (0x17, 0x30, 0x3F, "Zen 2 (EPYC 7002 Rome)"),
    (0x17, 0x40, 0xAF, "Zen 2 (Renoir / Matisse / Lucienne / Van Gogh / Mendocino)"),
    (0x19, 0x00, 0x0F, "Zen 3 (EPYC 7003 Milan)"),
    (0x19, 0x10, 0x1F, "Zen 4 (EPYC 9004 Genoa)"),
    (0x19, 0x20, 0x2F, "Zen 3 (Vermeer)"),
    (0x19, 0x30, 0x3F, "Zen 3 (Badami)"),
    (0x19, 0x40, 0x4F, "Zen 3+ (Rembrandt)"),
    (0x19, 0x50, 0x5F, "Zen 3 (Cezanne)"),
    (0x19, 0x60, 0x6F, "Zen 4 (Raphael)"),
    (0x19, 0x70, 0x7F, "Zen 4 (Phoenix / Hawk Point)"),
    (0x19, 0xA0, 0xAF, "Zen 4c (EPYC 9004 Bergamo / Siena)"),
    (0x1A, 0x00, 0x0F, "Zen 5 (EPYC 9005 Turin)"),
    (0x1A, 0x10, 0x1F, "Zen 5c (EPYC 9005 Turin Dense)"),
    (0x1A, 0x20, 0x2F, "Zen 5 (Strix Point)"),
    (0x1A, 0x40, 0x4F, "Zen 5 (Granite Ridge)"),
    (0x1A, 0x60, 0x7F, "Zen 5 (Krackan Point / Strix Halo)"),
]
INTEL6 = {  # family 6 models
    0x3C: "Haswell", 0x3F: "Haswell-E/EP", 0x45: "Haswell", 0x46: "Haswell",
    0x3D: "Broadwell", 0x47: "Broadwell", 0x4F: "Broadwell-E/EP", 0x56: "Broadwell-DE",
    0x4E: "Skylake", 0x5E: "Skylake", 0x55: "Skylake-SP / Cascade Lake / Cooper Lake",
    0x8E: "Kaby Lake / Coffee Lake / Whiskey Lake / Amber Lake", 0x9E: "Kaby Lake / Coffee Lake",
    0xA5: "Comet Lake", 0xA6: "Comet Lake", 0x66: "Cannon Lake",
    0x7D: "Ice Lake", 0x7E: "Ice Lake", 0x6A: "Ice Lake-SP", 0x6C: "Ice Lake-D",
    0x8C: "Tiger Lake", 0x8D: "Tiger Lake", 0xA7: "Rocket Lake",
    0x97: "Alder Lake", 0x9A: "Alder Lake", 0xBE: "Alder Lake-N",
    0xB7: "Raptor Lake", 0xBA: "Raptor Lake", 0xBF: "Raptor Lake",
    0x8F: "Sapphire Rapids", 0xCF: "Emerald Rapids", 0xAD: "Granite Rapids",
    0xAE: "Granite Rapids-D", 0xAF: "Sierra Forest", 0xAA: "Meteor Lake", 0xAC: "Meteor Lake",
    0xC5: "Arrow Lake", 0xC6: "Arrow Lake", 0xB5: "Arrow Lake", 0xBD: "Lunar Lake",
    0x86: "Snow Ridge (Tremont)", 0x96: "Elkhart Lake (Tremont)", 0x9C: "Jasper Lake (Tremont)",
}


def cpuinfo():
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if not line.strip():
                    break  # first processor only
                k, _, v = line.partition(":")
                info[k.strip()] = v.strip()
    except OSError:
        pass
    return info


def uarch(vendor, fam, model, stepping):
    if vendor == "AuthenticAMD":
        for f, lo, hi, name in AMD:
            if fam == f and lo <= model <= hi:
                return name
    if vendor == "GenuineIntel" and fam == 6:
        name = INTEL6.get(model)
        if model == 0x55 and name:
            name = "Skylake-SP" if stepping < 5 else ("Cascade Lake" if stepping < 10 else "Cooper Lake")
        if name:
            return name
    return "unknown microarchitecture"


def hypervisor():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    for line in out.splitlines():
        if line.startswith("Hypervisor vendor:"):
            return line.split(":", 1)[1].strip()
    return ""


CLOCK_C = r"""
#include <stdio.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
                          return (double)t.tv_sec + (double)t.tv_nsec * 1e-9; }
int main(void)
{
    double best = 0;
    for (int run = 0; run < 400; run++) {  /* windows of ~1 ms: the best one ran undisturbed */
        unsigned long x = 0;
        double t0 = now(), t1;
        for (int i = 0; i < 64; i++)  /* 64 dependent adds: 64 cycles */
            __asm__ volatile(".rept 64\n\taddq $1, %0\n\t.endr" : "+r"(x));
        t0 = now();
        for (int i = 0; i < 64000; i++)
            __asm__ volatile(".rept 64\n\taddq $1, %0\n\t.endr" : "+r"(x));
        t1 = now();
        if (64000.0 * 64 / (t1 - t0) > best)
            best = 64000.0 * 64 / (t1 - t0);
    }
    printf("%.2f\n", best / 1e9);
    return 0;
}
"""


def measured_clock_ghz():
    if platform.machine() not in ("x86_64", "AMD64"):
        return None
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, "clk.c"), os.path.join(d, "clk")
        with open(src, "w") as f:
            f.write(CLOCK_C)
        if subprocess.run(["cc", "-O1", "-o", exe, src], capture_output=True).returncode != 0:
            return None
        out = subprocess.run([exe], capture_output=True, text=True).stdout.strip()
    try:
        return float(out)
    except ValueError:
        return None


def describe(clock=False):
    i = cpuinfo()
    vendor = i.get("vendor_id", platform.machine())
    fam = int(i.get("cpu family", "0") or 0)
    model = int(i.get("model", "0") or 0)
    step = int(i.get("stepping", "0") or 0)
    d = {"vendor": vendor, "model_name": i.get("model name", "?"), "family": fam,
         "model": model, "stepping": step, "uarch": uarch(vendor, fam, model, step),
         "tsc_mhz": i.get("cpu MHz", "?"), "hypervisor": hypervisor(),
         "logical_cpus": os.cpu_count()}
    if clock:
        d["clock_ghz"] = measured_clock_ghz()
    return d


def line(d):
    s = "%s (%s family %d (0x%x), model %d (0x%x), stepping %d: %s)" % (
        d["model_name"], d["vendor"], d["family"], d["family"], d["model"], d["model"],
        d["stepping"], d["uarch"])
    if d.get("clock_ghz"):
        s += ", measured core clock %.2f GHz" % d["clock_ghz"]
    s += ", %s logical CPUs" % d["logical_cpus"]
    if d["hypervisor"]:
        s += ", %s guest" % d["hypervisor"]
    return s


def short(d):
    """vendor family/model: microarchitecture (for a document's first line)"""
    return "%s (%s family 0x%x model 0x%x: %s)" % (d["model_name"], d["vendor"], d["family"],
                                                   d["model"], d["uarch"])


def main():
    clock = "--clock" in sys.argv
    d = describe(clock)
    if "--json" in sys.argv:
        print(json.dumps(d))
    elif "--short" in sys.argv:
        print(short(d))
    else:
        print(line(d))


if __name__ == "__main__":
    main()
