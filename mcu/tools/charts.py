#!/usr/bin/env python3
"""charts.py -- PNG charts for docs/BENCHMARKS-MCU.md from
docs/mcu-results.json (run by mcu/measure.py with a Python that has
matplotlib; skipped otherwise).

Usage: charts.py RESULTS.json OUTDIR  -> OUTDIR/mcu-aes-block.png,
                                         OUTDIR/mcu-aes-flash.png
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ORDER = ["m0", "m3", "m4", "m33", "rv32", "avr328p", "avr2560"]


def grouped(ax, groups, series, ylabel, title):
    names = sorted({s for g in series.values() for s in g})
    width = 0.8 / max(1, len(names))
    for i, n in enumerate(names):
        xs = [j + i * width for j in range(len(groups))]
        ys = [series[g].get(n, 0) for g in groups]
        ax.bar(xs, ys, width, label=n)
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(groups))])
    ax.set_xticklabels(groups)
    ax.set_yscale("log")
    ax.set_ylabel(ylabel + " (log scale)")
    ax.set_title(title)
    ax.legend()


def main():
    data = json.load(open(sys.argv[1]))
    out = sys.argv[2]
    runs = data["runs"]
    groups = [t for t in ORDER if t in runs and "Os" in runs[t]]
    block, flash = {}, {}
    for t in groups:
        b = runs[t]["Os"]["bench"]
        block[t] = {im: ops["enc_64blocks_128"]["count"] / 64.0 for im, ops in b.items()
                    if im != "-" and "enc_64blocks_128" in ops}
        s = runs[t]["Os"]["sizes"]
        flash[t] = {k.replace("aes128_enc_", ""): v["flash"] for k, v in s.items()
                    if k.startswith("aes128_enc_") and v.get("fits")}
    fig, ax = plt.subplots(figsize=(9, 4.5))
    grouped(ax, groups, block, "instructions (AVR: cycles) per block",
            "AES-128 per block (64-block call), -Os (commit %s)" % data["commit"])
    fig.tight_layout()
    fig.savefig(os.path.join(out, "mcu-aes-block.png"), dpi=100)
    fig, ax = plt.subplots(figsize=(9, 4.5))
    grouped(ax, groups, flash, "bytes of flash",
            "AES-128 encrypt-only with key setup, -Os (commit %s)" % data["commit"])
    fig.tight_layout()
    fig.savefig(os.path.join(out, "mcu-aes-flash.png"), dpi=100)
    print("charts: wrote mcu-aes-block.png, mcu-aes-flash.png")


if __name__ == "__main__":
    main()
