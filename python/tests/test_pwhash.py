"""rijn.pwhash (Argon2 PHC strings) against argon2-cffi (installed in the
project venv by scripts/setup.sh --tests; a missing argon2-cffi fails)."""
import argon2  # a missing argon2-cffi fails the collection (no silent skip)
import argon2.exceptions
import pytest

import rijn.pwhash as pw


@pytest.mark.parametrize("kind,t,m,p", [("argon2id", 1, 64, 1), ("argon2id", 2, 512, 4),
                                        ("argon2i", 3, 256, 2)])
def test_both_ways(kind: str, t: int, m: int, p: int) -> None:
    typ = argon2.Type.ID if kind == "argon2id" else argon2.Type.I
    ph = argon2.PasswordHasher(time_cost=t, memory_cost=m, parallelism=p, type=typ)
    theirs = ph.hash("correct horse ☃")
    assert pw.verify(theirs, "correct horse ☃")
    assert not pw.verify(theirs, "correct horse")
    ours = pw.hash("correct horse ☃", t_cost=t, m_cost_kib=m, parallelism=p, type=kind)
    assert ours.startswith("$%s$v=19$m=%d,t=%d,p=%d$" % (kind, m, t, p))
    assert ph.verify(ours, "correct horse ☃")
    with pytest.raises(argon2.exceptions.VerifyMismatchError):
        ph.verify(ours, "correct horse")
    for t2, m2 in ((t, m), (t + 1, m), (t, 2 * m)):
        other = argon2.PasswordHasher(time_cost=t2, memory_cost=m2, parallelism=p, type=typ)
        assert pw.needs_rehash(ours, t_cost=t2, m_cost_kib=m2, parallelism=p, type=kind) == \
            other.check_needs_rehash(ours)


@pytest.mark.parametrize("bad", [
    "", "$argon2id$v=16$m=64,t=1,p=1$c29tZXNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
    "$argon2id$v=19$m=064,t=1,p=1$c29tZXNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
    "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ=$AAAAAAAAAAAAAAAAAAAAAA",
    "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHR$AAAAAAAAAAAAAAAAAAAAAA",
    "$argon2id$v=19$m=64,t=0,p=1$c29tZXNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
    "$argon2x$v=19$m=64,t=1,p=1$c29tZXNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
    "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$AAAAAAAAAAAAAAAAAAAAAA$"])
def test_malformed(bad: str) -> None:
    with pytest.raises(ValueError):
        pw.verify(bad, "x")
