"""peers_report.py -- the peers' part of docs/BENCHMARKS-MCU.md (used by
mcu/measure.py's write_md and goals). Reads what peers.measure_peers put
into the results: runs[target][opt]["peers"][label] = {"id", "version",
"bench": {op: {count, stack, ...}}, "sizes": {...}, "bench_skipped"?} and
runs[target][opt]["peers_left_out"] = {label: why}."""
import peers

GOALS_NOTE = (
    "Peers: the same operation of tiny-AES-c (PyPI sdist tinyaes), BearSSL 0.6 and Mbed TLS "
    "2.28 (Debian source packages), fetched at measurement time (`scripts/fetch-peers.sh`) and "
    "compiled with rijn's flags for the same target, counted the same way, each first checked "
    "on target against FIPS-197 / SP 800-38A / GCM vectors (`bench/mcu/`); best of -Os and -O2. "
    "\"Per block\": tiny-AES-c and Mbed TLS loop their one-block ECB call 64 times; BearSSL has "
    "no ECB call, so its figure is CTR over 1 KiB / 64. Of the peers only BearSSL aes_ct is "
    "constant-time (the others index tables with secret bytes, as rijn's `small` does).")

SPEED_NOTE = (
    "Columns in *italics*: the peers (`bench/mcu/`, same harness and flags, at -Os; -O2 in "
    "the table after the sizes). Peer rows are the same operations through the peer's own "
    "API: tiny-AES-c sets one schedule for both directions; BearSSL's one block is CBC over "
    "one block with a zero IV, and it has no multi-block ECB (no 64-block row); Mbed TLS and "
    "tiny-AES-c do 64 blocks as 64 one-block ECB calls; the seeds' case pads (PKCS#7) in our "
    "harness for every peer, inside the measured region.")

O2_OPS = ["setup_encdec_128", "enc_block_128", "dec_block_128", "ctr_1024", "cbc_enc_1024",
          "cbc_dec_1024", "gcm_seal_1024", "seed_cbc_pkcs7_48"]


def method_note(data):
    """A bullet for the document's "How it is counted" list."""
    vers, descs = {}, {}
    for per in data["runs"].values():
        for r in per.values():
            for label, e in r.get("peers", {}).items():
                vers.setdefault(e.get("version", "?"), 1)
                descs.setdefault(label, e.get("desc", label))
    if not descs:
        return None
    return ("- **Peers** (%s; sources fetched at measurement time by `scripts/fetch-peers.sh`, "
            "never committed): %s. Compiled from source with rijn's flags for each target "
            "(`bench/mcu/peers.py`), run through our thin adapters (`bench/peers/*.c`) with the "
            "operations, inputs, counters, stack painting and size method of rijn's rows; "
            "every image first checks its adapter on target against FIPS-197, SP 800-38A "
            "(ECB/CBC/CTR) and GCM test case 4, and the seeds' case against its ciphertext; "
            "an image that fails is not counted. The PKCS#7 of the seeds' case is our harness's "
            "code for every peer (none pads at its AES level)." % (
                ", ".join(sorted(vers)), "; ".join(d for _, d in _ordered(descs))))


def fmt(n):
    if n is None:
        return "–"
    return "{:,.0f}".format(n) if isinstance(n, float) else "{:,}".format(n)


def _title(label):
    for p in peers.PEERS:
        if p["label"] == label:
            return p["title"]
    return label


def _ordered(entries):
    """(label, entry) in the order of peers.PEERS"""
    order = [p["label"] for p in peers.PEERS]
    return sorted(entries.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else 99)


def columns(per, opt):
    """[("*title* -opt", ops)] for the peers measured at opt on this target."""
    r = per.get(opt) or {}
    return [("*%s* -%s" % (_title(label), opt), e["bench"])
            for label, e in _ordered(r.get("peers", {})) if e.get("bench")]


def per_block(ops):
    """(instructions or cycles per block over 1 KiB, how)"""
    if "enc_64blocks_128" in ops:
        return ops["enc_64blocks_128"]["count"] / 64.0, "64 ECB calls"
    if "ctr_1024" in ops:
        return ops["ctr_1024"]["count"] / 64.0, "CTR 1 KiB"
    return None, ""


def size_rows(per, opts):
    """Rows for the size table (its columns: flash, RAM, static stack per opt)."""
    rows = []
    labels = []
    for o in opts:
        for label, _ in _ordered((per.get(o) or {}).get("peers", {})):
            if label not in labels:
                labels.append(label)
    for label in labels:
        p = next((x for x in peers.PEERS if x["label"] == label), None)
        for key, what in (("aes128_enc", "AES-128 encrypt-only with key setup (%s)" %
                           (p["enc_how"] if p else "")),
                          ("aes128_encdec", "AES-128 encrypt+decrypt")):
            cells = []
            for o in opts:
                v = (per.get(o) or {}).get("peers", {}).get(label, {}).get("sizes", {}).get(key)
                if v is None:
                    cells.append("– | – | –")
                elif not v.get("fits"):
                    cells.append("does not fit | – | –")
                else:
                    cells.append("%s | %s | –" % (fmt(v["flash"]), fmt(v["ram"])))
            rows.append("| *%s*: %s | %s |" % (_title(label), what, " | ".join(cells)))
    return rows


def o2_section(per, impls):
    """The peers at -O2 (a separate table, so the main one stays readable)."""
    cols = columns(per, "O2")
    if not cols:
        return []
    out = ["### Peers at -O2", "",
           "| operation | " + " | ".join(c[0] for c in cols) + " |",
           "| --- | " + " | ".join("---:" for _ in cols) + " |"]
    for op in O2_OPS:
        vals = [ops.get(op, {}).get("count") for _, ops in cols]
        if any(v is not None for v in vals):
            out.append("| %s | %s |" % (op, " | ".join(fmt(v) for v in vals)))
    out.append("| AES-128 per block over 1 KiB (64 ECB calls, or CTR) | %s |" % " | ".join(
        fmt(per_block(ops)[0]) for _, ops in cols))
    return out + [""]


def left_out(per):
    why = {}
    for opt in ("Os", "O2"):
        r = per.get(opt) or {}
        for label, w in r.get("peers_left_out", {}).items():
            why.setdefault(label, "not measured: " + w)
        for label, e in r.get("peers", {}).items():
            if e.get("bench_skipped"):
                why.setdefault(label, "speed not measured (sizes are): " + e["bench_skipped"])
    if not why:
        return []
    return ["Peers left out here: " + "; ".join(
        "%s — %s" % (_title(k), v) for k, v in _ordered(why)) + ".", ""]


def _bench_entries(runs, targets):
    for tn in targets:
        for opt in ("Os", "O2"):
            for label, e in ((runs.get(tn) or {}).get(opt) or {}).get("peers", {}).items():
                if e.get("bench"):
                    yield tn, opt, label, e["bench"]


def _block_text(runs, targets, want_ct):
    best_one = best_bulk = None
    for tn, opt, label, ops in _bench_entries(runs, targets):
        p = next((x for x in peers.PEERS if x["label"] == label), None)
        if want_ct and not (p and p["ct"]):
            continue
        one = ops.get("enc_block_128", {}).get("count")
        bulk, how = per_block(ops)
        tag = " %s" % tn if len(targets) > 1 else ""
        if one is not None and (best_one is None or one < best_one[0]):
            best_one = (one, "%s -%s%s" % (_title(label), opt, tag))
        if bulk is not None and (best_bulk is None or bulk < best_bulk[0]):
            best_bulk = (bulk, "%s -%s%s, %s" % (_title(label), opt, tag, how))
    if not best_one:
        return None
    return "one-block call %s (%s); %s per block (%s)" % (
        fmt(best_one[0]), best_one[1], fmt(best_bulk[0]) if best_bulk else "–",
        best_bulk[1] if best_bulk else "")


def goal_peer(runs, gid, tn):
    """The 'peers' cell of a row of the targets table."""
    if gid in ("m3_block", "m0_block", "avr_block"):
        targets = [tn] if gid != "avr_block" else ["avr328p", "avr2560"]
        fast = _block_text(runs, targets, False)
        ct = _block_text(runs, targets, True)
        parts = []
        if fast:
            parts.append("fastest: " + fast)
        if ct:
            parts.append("constant-time: " + ct)
        return "; ".join(parts) or "not measured"
    if gid == "m3_flash":
        r = (runs.get("m3") or {}).get("Os") or {}
        vals = []
        for label, e in _ordered(r.get("peers", {})):
            v = e.get("sizes", {}).get("aes128_enc")
            if v and v.get("fits"):
                vals.append((v["flash"], _title(label)))
        return ", ".join("%s %s" % (n, fmt(f)) for f, n in sorted(vals)) or "not measured"
    if gid == "stack":
        worst = {}
        for t2, opt, label, ops in _bench_entries(runs, list(runs)):
            s = ops.get("enc_block_128", {}).get("stack")
            if s is not None and s > worst.get(label, (-1,))[0]:
                worst[label] = (s, t2, opt)
        if not worst:
            return "not measured"
        return "worst per peer: " + ", ".join(
            "%s %s (%s -%s)" % (_title(k), fmt(v[0]), v[1], v[2])
            for k, v in sorted(worst.items(), key=lambda kv: kv[1][0]))
    return ""


def goal_peer_op(runs, tn, op):
    """Peers cell of an operation goal: each peer's best (-Os/-O2) count of
    the same operation on the same target, fastest first."""
    best = {}
    for _t, opt, label, ops in _bench_entries(runs, [tn]):
        c = ops.get(op, {}).get("count")
        if c is not None and (label not in best or c < best[label][0]):
            best[label] = (c, opt)
    if not best:
        return "not measured (does not fit or not run)"
    return ", ".join("%s %s (-%s)" % (_title(k), fmt(v[0]), v[1])
                     for k, v in sorted(best.items(), key=lambda kv: kv[1][0]))


def goal_peer_flash(runs, tn):
    """Peers cell of a flash goal: AES-128 encrypt+decrypt with key setup
    (their smallest such program, -Os)."""
    r = (runs.get(tn) or {}).get("Os") or {}
    vals = []
    for label, e in _ordered(r.get("peers", {})):
        v = e.get("sizes", {}).get("aes128_encdec")
        if v and v.get("fits"):
            vals.append((v["flash"], _title(label)))
    return ("AES-128 enc+dec only: " + ", ".join("%s %s" % (n, fmt(f)) for f, n in sorted(vals))
            if vals else "not measured")


# ---- rijn and the peers per target (a section of its own; README copies it)
GLANCE = "rijn and the peers, per target"
# avr: LPM tables, no cache on AVR; ttable: SRAM tables on cache-less cores only
CT_CLASSES = ("ttable", "ct32", "ct32asm", "ct32v6m", "avr", "avrcompact")
GLANCE_PEERS = [("tiny-AES-c", ["tiny-AES-c"]), ("BearSSL aes_ct", ["BearSSL-aes_ct"]),
                ("BearSSL aes_big", ["BearSSL-aes_big"]),
                ("Mbed TLS", ["MbedTLS", "MbedTLS-fewer"])]
FLASH_PEERS = [("tiny-AES-c", ["tiny-AES-c"]), ("BearSSL aes_ct", ["BearSSL-aes_ct"]),
               ("BearSSL aes_small", ["BearSSL-aes_small"]),
               ("Mbed TLS", ["MbedTLS", "MbedTLS-fewer"])]


def _best(cands):
    cands = [c for c in cands if c[0] is not None]
    return min(cands) if cands else None


def _cell(b, what=True):
    if not b:
        return "–"
    return "%s (%s)" % (fmt(b[0]), b[1]) if what else fmt(b[0])


def glance(data, title_of):
    """Two tables: AES-128 per block over 1 KiB (best of -Os/-O2) and the
    flash of AES-128 encrypt-only with key setup (-Os), rijn beside each
    peer, one row per target."""
    runs = data["runs"]
    speed, flash = [], []
    for tn in [t for t in peers.mcu.TARGETS if t in runs]:
        per = runs[tn]
        ct, peer_b = [], {n: [] for n, _ in GLANCE_PEERS}
        for opt in ("Os", "O2"):
            r = per.get(opt) or {}
            for im, ops in r.get("bench", {}).items():
                if im == "-" or "enc_64blocks_128" not in ops:
                    continue
                c = (ops["enc_64blocks_128"]["count"] / 64.0, "%s -%s" % (im, opt))
                if im in CT_CLASSES:
                    ct.append(c)
            for name, labels in GLANCE_PEERS:
                for label in labels:
                    ops = r.get("peers", {}).get(label, {}).get("bench", {})
                    pb = per_block(ops)[0]
                    if pb is not None:
                        tag = "-%s" % opt if len(labels) == 1 else "%s -%s" % (
                            "fewer-tables" if label.endswith("fewer") else "4+4 tables", opt)
                        peer_b[name].append((pb, tag))
        speed.append("| %s | %s | %s |" % (
            title_of(tn), _cell(_best(ct)),
            " | ".join(_cell(_best(peer_b[n])) for n, _ in GLANCE_PEERS)))
        r = per.get("Os") or {}
        rs = [(v["flash"], k.replace("aes128_enc_", "")) for k, v in r.get("sizes", {}).items()
              if k.startswith("aes128_enc_") and v.get("fits")]
        rct = [x for x in rs if x[1] in CT_CLASSES]
        cells = []
        for name, labels in FLASH_PEERS:
            c = []
            for label in labels:
                v = r.get("peers", {}).get(label, {}).get("sizes", {}).get("aes128_enc")
                if v and v.get("fits"):
                    c.append((v["flash"], "fewer-tables" if label.endswith("fewer") else ""))
            b = _best(c)
            cells.append(_cell(b, bool(b and b[1])))
        flash.append("| %s | %s | %s | %s |" % (title_of(tn), _cell(_best(rs)), _cell(_best(rct)),
                                                " | ".join(cells)))
    if not any(r.get("peers") for per in runs.values() for r in per.values()):
        return []
    return (["## " + GLANCE, "",
             "AES-128 per block over 1 KiB, instructions (AVR: cycles), best of -Os and -O2 "
             "(rijn: one 64-block call; tiny-AES-c and Mbed TLS: 64 one-block ECB calls; "
             "BearSSL: CTR over 1 KiB, it has no ECB call). Constant-time: rijn's ct32 family "
             "and avr (AVR has no cache), BearSSL aes_ct; tiny-AES-c, aes_big and Mbed TLS "
             "index tables with secret bytes. –: does not fit the target.", "",
             "| target | rijn, constant-time class | " +
             " | ".join(n for n, _ in GLANCE_PEERS) + " |",
             "| --- | ---: | " + " | ".join("---:" for _ in GLANCE_PEERS) + " |"] + speed +
            ["", "AES-128 encrypt-only with key setup, bytes of flash at -Os (rijn: its "
             "smallest class and its smallest constant-time class, decryption and AES-192/256 "
             "compiled out; tiny-AES-c: its CTR-only build; BearSSL: CBC-encrypt only; "
             "Mbed TLS: its encryption path, the smaller table option).", "",
             "| target | rijn, smallest | rijn, constant-time | " +
             " | ".join(n for n, _ in FLASH_PEERS) + " |",
             "| --- | ---: | ---: | " + " | ".join("---:" for _ in FLASH_PEERS) + " |"] + flash +
            [""])
