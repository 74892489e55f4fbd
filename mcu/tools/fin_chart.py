#!/usr/bin/env python3
"""fin_chart.py -- the chart of docs/FINALISTS.md (docs/finalists-mcu.png)
from mcu/finalists.py's JSON (run by it with a Python that has matplotlib).

Usage: fin_chart.py DATA.json OUT.png [OPT]   (OPT: Os, the default)

Two panels, one group of bars per target at -OPT, one bar per cipher:
encrypt 1 block (instructions on ARM/RV32, cycles on AVR; log scale) and
the flash each cipher adds to the harness image.
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ORDER = ["m0", "m3", "m4", "m33", "rv32", "avr328p", "avr2560"]
LABEL = {"m0": "Cortex-M0", "m3": "Cortex-M3", "m4": "Cortex-M4", "m33": "Cortex-M33",
         "rv32": "RV32IMAC", "avr328p": "ATmega328P", "avr2560": "ATmega2560"}
CIPHERS = ["aes", "serpent", "twofish", "rc6", "mars"]


def main():
    data = json.load(open(sys.argv[1]))
    out, opt = sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "Os"
    targets = [t for t in ORDER if "%s-%s" % (t, opt) in data]
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.8))
    width = 0.8 / len(CIPHERS)
    for ax, key, title in ((axes[0], "enc_block", "encrypt 1 block (instructions; AVR: cycles)"),
                           (axes[1], "flash", "flash added to the image (bytes)")):
        for i, c in enumerate(CIPHERS):
            ys = []
            for t in targets:
                r = data["%s-%s" % (t, opt)].get(c, {})
                ys.append(r.get("flash") if key == "flash" else r.get("ops", {}).get(key))
            xs = [j + i * width for j in range(len(targets))]
            ax.bar(xs, [y or 0 for y in ys], width, label=c,
                   color=matplotlib.colormaps["tab10"](i))
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(targets))])
        ax.set_xticklabels([LABEL[t] for t in targets], rotation=20)
        ax.set_title(title + ", -" + opt)
        if key == "enc_block":
            ax.set_yscale("log")
        ax.grid(axis="y", alpha=0.3)
    axes[0].legend(ncol=5, fontsize=8, loc="upper left")
    meta = data.get("_meta", {})
    fig.suptitle("The AES finalists on microcontrollers (mcu/finalists.py, commit %s)"
                 % meta.get("commit", "?"))
    fig.tight_layout()
    fig.savefig(out, dpi=90)
    print("fin_chart: wrote", out)


if __name__ == "__main__":
    main()
