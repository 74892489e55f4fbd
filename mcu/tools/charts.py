#!/usr/bin/env python3
"""charts.py -- PNG charts for docs/BENCHMARKS-MCU.md from
build-mcu/mcu-results.json (run by mcu/measure.py with a Python that has
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
# peers drawn beside rijn's classes (hatched; all peers are in the tables):
# the smallest, the constant-time one, a fast table one present on AVR too
PEERS = {"tiny-AES-c": "tiny-AES-c", "BearSSL-aes_ct": "BearSSL aes_ct",
         "MbedTLS-fewer": "Mbed TLS fewer-tables"}


COLORS = {}  # one colour per series name in both charts


def color(n):
    if n not in COLORS:
        COLORS[n] = matplotlib.colormaps["tab10"](len(COLORS) % 10)
    return COLORS[n]


def grouped(ax, groups, series, ylabel, title):
    names = sorted({s for g in series.values() for s in g})
    width = 0.8 / max(1, len(names))
    names = [n for n in names if not n.startswith("peer: ")] + [
        n for n in names if n.startswith("peer: ")]
    for i, n in enumerate(names):
        xs = [j + i * width for j in range(len(groups))]
        ys = [series[g].get(n, 0) for g in groups]
        ax.bar(xs, ys, width, label=n, color=color(n), hatch="//" if n.startswith("peer: ") else None,
               edgecolor="black" if n.startswith("peer: ") else None, linewidth=0.3)
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(groups))])
    ax.set_xticklabels(groups)
    ax.set_yscale("log")
    ax.set_ylabel(ylabel + " (log scale)")
    ax.set_title(title)
    ax.legend(fontsize=7, ncol=2)


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
        for label, e in runs[t]["Os"].get("peers", {}).items():
            if label not in PEERS:
                continue
            ops = e.get("bench", {})
            key = "enc_64blocks_128" if "enc_64blocks_128" in ops else "ctr_1024"
            if key in ops:  # BearSSL has no ECB: CTR over 1 KiB
                block[t]["peer: " + PEERS[label]] = ops[key]["count"] / 64.0
            v = e.get("sizes", {}).get("aes128_enc")
            if v and v.get("fits"):
                flash[t]["peer: " + PEERS[label]] = v["flash"]
    fig, ax = plt.subplots(figsize=(11, 5))
    grouped(ax, groups, block, "instructions (AVR: cycles) per block",
            "AES-128 per block over 1 KiB (rijn: one 64-block call; peers: 64 ECB calls or "
            "CTR), -Os (commit %s)" % data["commit"])
    fig.tight_layout()
    fig.savefig(os.path.join(out, "mcu-aes-block.png"), dpi=100)
    fig, ax = plt.subplots(figsize=(11, 5))
    grouped(ax, groups, flash, "bytes of flash",
            "AES-128 encrypt-only with key setup, -Os (commit %s)" % data["commit"])
    fig.tight_layout()
    fig.savefig(os.path.join(out, "mcu-aes-flash.png"), dpi=100)
    print("charts: wrote mcu-aes-block.png, mcu-aes-flash.png")


if __name__ == "__main__":
    main()
