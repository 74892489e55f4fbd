#!/usr/bin/env python3
"""size_feature.py -- flash/RAM of one feature program (mcu/bench/feat.c)
for one target, optimisation level and RIJN_CFG_* list, counted exactly as
mcu/measure.py counts it (the feature image linked with --gc-sections minus
the empty program), with -v the symbols the feature adds (nm --size-sort).

  mcu/tools/size_feature.py m3 Os AES_ENC \\
      RIJN_CFG_AES_CT32=0,RIJN_CFG_AES_SMALL=1,RIJN_CFG_AES_CT32ASM=0,\\
      RIJN_CFG_AES_DECRYPT=0,RIJN_CFG_AES_192=0,RIJN_CFG_AES_256=0,\\
      RIJN_CFG_AES_SMALL_COMPACT=1 -v

FEATURE is a FEAT_ macro of feat.c without the prefix (AES_ENC,
AES_ENCDEC, GCM, CCM, CHACHAPOLY, SHA256, ...). Objects go to
$RIJN_MCU_BUILD (default build-mcu/).
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import mcu  # noqa: E402
import measure  # noqa: E402


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    if len(args) < 3:
        sys.exit(__doc__)
    tn, opt, macro = args[0], args[1], args[2]
    cfg = [c for c in args[3].split(",") if c] if len(args) > 3 else []
    lib = "AES" if macro.startswith("AES") else None
    t = mcu.TARGETS[tn]
    e0, _ = measure.build_feature(tn, opt, "none", "NONE", cfg, lib)
    e1, _ = measure.build_feature(tn, opt, "probe", macro, cfg, lib)
    if e0 is None or e1 is None:
        sys.exit("size_feature: build or link failed")
    s0, s1 = measure.size_of(t, e0), measure.size_of(t, e1)
    print("%s -%s %s: flash %d, RAM %d" % (tn, opt, macro, s1["flash"] - s0["flash"],
                                           s1["ram"] - s0["ram"]))
    if "-v" in sys.argv:
        nm = t["size"].replace("size", "nm")
        def syms(e):
            return subprocess.run([nm, "--size-sort", "-S", e], stdout=subprocess.PIPE,
                                  text=True).stdout.splitlines()
        base = set(ln.split()[-1] for ln in syms(e0))
        for ln in syms(e1):
            if ln.split()[-1] not in base:
                print("  " + ln)
    return 0


if __name__ == "__main__":
    sys.exit(main())
