"""tu_py.py -- what the Python tests share (their TU_CHECK / tu_finish).

Imported with tests/support on sys.path:
    sys.path.insert(0, os.path.join(<tests dir>, "support"))

check(cond, what)     count a pass or a failure (a failure prints "FAIL what");
                      returns cond
summary()             print "N passed, N failed"; returns the exit status
                      (1 on a failure or when nothing passed)
committed_body(path)  the text between the BEGIN GENERATED and END
                      GENERATED markers of a C file (a generator's output)
lwc_kat(path)         the records of an Ascon-team (LWC, SP 800-232) KAT file
"""
passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)
    return cond


def summary():
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


def committed_body(path):
    src = open(path).read()
    b0 = src.index("\n", src.index("/* BEGIN GENERATED")) + 1
    b1 = src.index("/* END GENERATED")
    return src[b0:b1]


def lwc_kat(path):
    """The records of a KAT file of tests/vectors/ascon ("Count = 1", "Key =
    ..." lines; a blank line ends a record) as dicts of strings."""
    recs, cur = [], {}
    for line in open(path).read().splitlines() + [""]:
        if not line.strip():
            if cur:
                recs.append(cur)
            cur = {}
        else:
            k, _, v = line.partition("=")
            cur[k.strip()] = v.strip()
    return recs
