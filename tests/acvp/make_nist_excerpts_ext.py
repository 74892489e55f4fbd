#!/usr/bin/env python3
"""Build nist_excerpts_ext.json: a few test cases copied from NIST's
ACVP-Server sample files (public-domain data) for the families beyond the
classic AES modes, in the format of nist_excerpts.json.

Usage: make_nist_excerpts_ext.py DIR
DIR holds NIST's gen-val/json-files/<ALG>-<REV>/{prompt,expectedResults}.json
(from usnistgov/ACVP-Server, or a mirror of it). The picks below are the
smallest byte-oriented tests of each kind: encrypt, decrypt that passes,
decrypt that fails, each Monte Carlo flavour (results 0 and 99).
"""
import json
import os
import sys

# (directory, tcIds, description)
PICKS = [
    ("ACVP-AES-GCM-1.0", "smallest", "GCM encrypt/decrypt (96- and 120-bit IVs, 32-bit tags)"),
    ("ACVP-AES-GMAC-1.0", "smallest", "GMAC generate/verify"),
    ("ACVP-AES-CCM-1.0", "smallest", "CCM encrypt/decrypt"),
    ("ACVP-AES-GCM-SIV-1.0", "smallest", "GCM-SIV encrypt/decrypt (no revision field)"),
    ("ACVP-AES-KW-1.0", "smallest", "KW cipher/inverse wrap/unwrap"),
    ("ACVP-AES-KWP-1.0", "smallest", "KWP cipher/inverse wrap/unwrap"),
    ("ACVP-AES-XTS-1.0", "smallest", "XTS 1.0 hex/number tweaks"),
    ("ACVP-AES-XTS-2.0", "smallest", "XTS 2.0 data units"),
    ("CMAC-AES-1.0", "smallest", "CMAC gen/ver"),
    ("HMAC-SHA2-256-1.0", "smallest", "HMAC-SHA2-256 1.0"),
    ("HMAC-SHA2-256-2.0", "smallest", "HMAC-SHA2-256 2.0"),
    ("PBKDF-1.0", "smallest", "PBKDF"),
    ("SHA2-256-1.0", "smallest", "SHA2-256 AFT and MCT (alternate)"),
    ("SHA2-224-1.0", "smallest", "SHA2-224 AFT and MCT (standard)"),
    ("SHA2-512-1.0", "smallest", "SHA2-512 AFT and MCT (alternate)"),
    ("SHA2-512-224-1.0", "smallest", "SHA2-512/224 AFT and MCT (standard)"),
    ("SHA3-256-2.0", "smallest", "SHA3-256 AFT and MCT"),
    ("SHA3-512-2.0", "smallest", "SHA3-512 AFT and MCT"),
    ("SHAKE-128-1.0", "smallest", "SHAKE-128 AFT, VOT, MCT"),
    ("SHAKE-256-1.0", "smallest", "SHAKE-256 AFT, VOT (odd bit lengths), MCT"),
    ("Ascon-Hash256-SP800-232", "smallest", "Ascon-Hash256"),
    ("Ascon-XOF128-SP800-232", "smallest", "Ascon-XOF128"),
    ("Ascon-CXOF128-SP800-232", "smallest", "Ascon-CXOF128"),
]
LENS = ("payloadLen", "len", "msgLen", "keyLen", "aadLen", "ivLen", "macLen", "tagLen",
        "dataUnitLen", "csLen", "adLen")


def load(p):
    d = json.load(open(p))
    return d[1] if isinstance(d, list) else d


def byte_oriented(g, t, alg):
    for k in LENS:
        v = t.get(k, g.get(k))
        if k == "keyLen" and ("hmacAlg" in g or "AES" in alg):
            continue
        if k == "dataUnitLen" and isinstance(v, int) and v >= t.get("payloadLen", 0):
            continue
        if isinstance(v, int) and v % 8:
            return False
    return "largeMsg" not in t


def size(t):
    return sum(len(v) for v in t.values() if isinstance(v, str))


def main():
    src = sys.argv[1]
    cases = []
    for d, _, what in PICKS:
        p, e = load(os.path.join(src, d, "prompt.json")), load(os.path.join(src, d, "expectedResults.json"))
        exp = {t["tcId"]: t for g in e["testGroups"] for t in g["tests"]}
        groups, results = [], {}
        kinds = {}
        for g in p["testGroups"]:
            for t in g["tests"]:
                if not byte_oriented(g, t, p["algorithm"]):
                    continue
                r = exp[t["tcId"]]
                kind = (g.get("testType"), g.get("direction"), g.get("kwCipher"),
                        g.get("tweakMode"), g.get("mctVersion"), r.get("testPassed"),
                        t.get("dataUnitLen", 0) < t.get("payloadLen", 0),
                        (t.get("outLen", 0) % 8 != 0))
                if p["algorithm"] == "Ascon" and t.get("outLen", 0) % 8 != 0:
                    continue
                if kind not in kinds or size(t) < size(kinds[kind][1]):
                    kinds[kind] = (g, t)
        for g, t in kinds.values():
            ng = dict((k, v) for k, v in g.items() if k != "tests")
            ng["tests"] = [t]
            groups.append(ng)
            r = dict((k, v) for k, v in exp[t["tcId"]].items() if k != "tcId")
            if "resultsArray" in r:
                ra = r["resultsArray"]
                r = {"0": ra[0], "99": ra[99]}
            elif g.get("testType") == "MCT":
                continue
            results[str(t["tcId"])] = r
        prompt = dict((k, v) for k, v in p.items() if k != "testGroups")
        prompt["vsId"] = 42
        prompt["testGroups"] = groups
        cases.append({"name": "%s: %s" % (d, what), "prompt": prompt, "results": results})
    out = {"about": "A few test cases copied from NIST's ACVP-Server sample files "
                    "(usnistgov/ACVP-Server, gen-val/json-files/<algorithm>-<revision>/prompt.json "
                    "and expectedResults.json; public-domain data), picked by "
                    "make_nist_excerpts_ext.py: the smallest byte-oriented test of each kind. "
                    "'results' maps tcId to expected fields; for Monte Carlo tests it maps tcId "
                    "to {index in resultsArray: expected fields}.",
           "cases": cases}
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vectors", "acvp",
                           "nist_excerpts_ext.json"),
              "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
