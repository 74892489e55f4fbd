"""Recipients from Python: the rijn format's version 2 (X25519 recipients,
passphrase and key stanzas) and the age format (X25519 and scrypt;
binary and armored) through rijn.encrypt_bytes/encrypt_file(recipients=,
format="age") and decrypt_*(identity=), with files exchanged with the rijn
CLI (RIJN_CLI) and the real age / age-keygen binaries (Debian package
`age`, installed by scripts/setup.sh: a missing binary FAILS these tests),
wrong identities refused with rijn.NoMatchingIdentity, damage detected,
and the output-file guarantees of the file API."""
import os
import pathlib
import pty
import select
import shutil
import subprocess
import time
from typing import List, Tuple

import pytest
from conftest import QUICK

import rijn

KEY = bytes(range(32))
DATA = os.urandom(150_000)  # three age chunks, the last one partial


def tool(name: str) -> str:
    """The path of a required binary (age, age-keygen, the rijn CLI)."""
    if name == "rijn":
        cli = os.environ.get("RIJN_CLI")
        if not cli:
            pytest.skip("RIJN_CLI not set (the CLI interop runs under ctest test_python)")
        return cli
    found = shutil.which(name)
    assert found, "%s not found: scripts/setup.sh --tests installs the Debian package age" % name
    return found


def run(argv: List[str], data: bytes = b"") -> Tuple[int, bytes, str]:
    r = subprocess.run(argv, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return r.returncode, r.stdout, r.stderr.decode(errors="replace")


def on_tty(argv: List[str], answers: List[bytes]) -> int:
    """Run argv on a new terminal (age asks passphrases there), typing answers."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    shown = b""
    for ans in answers:
        end, mark = time.time() + 30, len(shown)
        while not shown[mark:].rstrip().endswith(b":") and time.time() < end:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    shown += os.read(fd, 1024)
                except OSError:
                    break
        os.write(fd, ans + b"\n")
    end = time.time() + 120
    while time.time() < end:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                if not os.read(fd, 1024):
                    break
            except OSError:
                break
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status)


def test_keygen_text_forms(tmp_path: pathlib.Path) -> None:
    ident, recip = rijn.x25519_keygen()
    assert ident.startswith("AGE-SECRET-KEY-1") and len(ident) == 74
    assert recip.startswith("age1") and len(recip) == 62
    assert rijn.x25519_recipient(ident) == recip
    assert rijn.x25519_recipient(ident.lower()) == recip  # either case, as age
    f = tmp_path / "me.key"
    ident2, recip2 = rijn.x25519_keygen(f)
    assert f.stat().st_mode & 0o777 == 0o600
    text = f.read_text()
    assert "# public key: %s\n" % recip2 in text and text.endswith(ident2 + "\n")
    assert rijn.x25519_recipient(text) == recip2  # an identity file's text
    with pytest.raises(FileExistsError):
        rijn.x25519_keygen(f)
    with pytest.raises(rijn.ParamError):
        rijn.x25519_recipient(ident[:-1] + ("A" if ident[-1] != "A" else "C"))  # checksum
    with pytest.raises(rijn.ParamError):
        rijn.encrypt_bytes(b"x", recipients=["age1notakey"])
    with pytest.raises(rijn.UnsupportedError):
        rijn.encrypt_bytes(b"x", recipients=["ssh-ed25519 AAAA"])


@pytest.mark.parametrize("fmt", ["rijn", "age"])
@pytest.mark.parametrize("armor", [False, True])
def test_roundtrip(fmt: str, armor: bool) -> None:
    ids = [rijn.x25519_keygen() for _ in range(3)]
    for n in (0, 1, 65536, 65537, len(DATA)):
        data = DATA[:n]
        blob = rijn.encrypt_bytes(data, recipients=[r for _, r in ids], format=fmt, armor=armor)
        assert blob.startswith(b"-----BEGIN " if armor else
                               (b"age-encryption.org/v1\n" if fmt == "age" else b"\x89RIJN"))
        for ident, _ in ids:
            assert rijn.decrypt_bytes(blob, identity=ident) == data
        assert rijn.decrypt_bytes(bytearray(blob), identity=[rijn.x25519_keygen()[0],
                                                             ids[2][0]]) == data
    key = rijn.X25519PrivateKey.generate()
    blob = rijn.encrypt_bytes(b"obj", recipients=key.public_key(), format=fmt, armor=armor)
    assert rijn.decrypt_bytes(blob, identity=key) == b"obj"


def test_rijn_v2_stanzas() -> None:
    ident, recip = rijn.x25519_keygen()
    blob = rijn.encrypt_bytes(DATA, recipients=recip, passphrase="pw", key=KEY, kdf="pbkdf2",
                              iterations=1000, aead="chacha20-poly1305", chunk_size=4096)
    assert blob[8] == 2 and blob[14] == 3  # version 2, three stanzas
    for secret in ({"identity": ident}, {"passphrase": "pw"}, {"key": KEY}):
        assert rijn.decrypt_bytes(blob, **secret) == DATA
    with pytest.raises(rijn.NoMatchingIdentity, match="1 X25519 recipient.*1 passphrase.*1 key"):
        rijn.decrypt_bytes(blob, passphrase="wrong")
    blob = rijn.encrypt_bytes(b"a", recipients=recip, passphrase="pw", argon2_t=1, argon2_m=64,
                              argon2_p=1)
    with pytest.raises(rijn.ParamError):
        rijn.decrypt_bytes(blob, passphrase="pw", max_argon2_m=32)


def test_wrong_identity_is_clear() -> None:
    ident, recip = rijn.x25519_keygen()
    other, _ = rijn.x25519_keygen()
    for fmt in ("rijn", "age"):
        blob = rijn.encrypt_bytes(b"secret", recipients=[recip, rijn.x25519_keygen()[1]],
                                  format=fmt)
        with pytest.raises(rijn.NoMatchingIdentity, match="2 (X25519 )?recipient"):
            rijn.decrypt_bytes(blob, identity=other)
        with pytest.raises(rijn.InvalidTag):  # NoMatchingIdentity is an InvalidTag
            rijn.decrypt_bytes(blob, identity=other)
        with pytest.raises(rijn.NoMatchingIdentity, match="give identity="):
            rijn.decrypt_bytes(blob)
    v1 = rijn.encrypt_bytes(b"x", key=KEY)
    with pytest.raises(rijn.NoMatchingIdentity, match="no recipients"):
        rijn.decrypt_bytes(v1, identity=ident)
    scr = rijn.encrypt_bytes(b"x", passphrase="pw", format="age", scrypt_log_n=10)
    with pytest.raises(rijn.NoMatchingIdentity, match="wrong passphrase"):
        rijn.decrypt_bytes(scr, passphrase="pW")
    with pytest.raises(rijn.NoMatchingIdentity, match="passphrase"):
        rijn.decrypt_bytes(scr, identity=ident)
    with pytest.raises(rijn.ParamError, match="work factor 10"):
        rijn.decrypt_bytes(scr, passphrase="pw", max_scrypt_log_n=9)
    assert rijn.decrypt_bytes(scr, passphrase=b"pw") == b"x"


def test_argument_errors() -> None:
    _, recip = rijn.x25519_keygen()
    with pytest.raises(ValueError):
        rijn.encrypt_bytes(b"x", key=KEY, format="age")
    with pytest.raises(ValueError):
        rijn.encrypt_bytes(b"x", recipients=recip, passphrase="pw", format="age")
    with pytest.raises(ValueError):
        rijn.encrypt_bytes(b"x", recipients=recip, format="age", aead="aes-256-gcm")
    with pytest.raises(ValueError):
        rijn.encrypt_bytes(b"x", recipients=recip, format="pgp")
    with pytest.raises(ValueError):
        rijn.encrypt_bytes(b"x", format="age")
    with pytest.raises(TypeError):
        rijn.encrypt_bytes(b"x", recipients=[1234])  # type: ignore[list-item]


@pytest.mark.parametrize("fmt", ["rijn", "age"])
def test_damage_detected(fmt: str) -> None:
    ident, recip = rijn.x25519_keygen()
    data = DATA[:70000]
    blob = rijn.encrypt_bytes(data, recipients=recip, format=fmt)
    step = 1 if not QUICK else 97
    positions = list(range(0, 400, 1 if not QUICK else 7)) + list(range(400, len(blob), step * 50))
    for i in positions:
        bad = bytearray(blob)
        bad[i] ^= 0x01
        with pytest.raises(rijn.Error):
            rijn.decrypt_bytes(bytes(bad), identity=ident)
    for cut in (10, 100, len(blob) - 70000, len(blob) - 1, len(blob) - 4000):
        with pytest.raises(rijn.Error):
            rijn.decrypt_bytes(blob[:cut], identity=ident)
    with pytest.raises(rijn.Error):
        rijn.decrypt_bytes(blob + b"\0", identity=ident)
    armored = rijn.encrypt_bytes(data, recipients=recip, format=fmt, armor=True)
    with pytest.raises(rijn.ParamError, match="END"):
        rijn.decrypt_bytes(armored[:armored.rindex(b"-----END")], identity=ident)
    with pytest.raises(rijn.ParamError):
        rijn.decrypt_bytes(armored[:-100], identity=ident)
    with pytest.raises(rijn.ParamError):
        rijn.decrypt_bytes(armored + b"trailing", identity=ident)


def test_file_guarantees(tmp_path: pathlib.Path) -> None:
    ident, recip = rijn.x25519_keygen()
    src, enc, dec = tmp_path / "in", tmp_path / "in.age", tmp_path / "out"
    src.write_bytes(DATA)
    rijn.encrypt_file(src, enc, recipients=[recip], format="age", armor=True)
    with pytest.raises(FileExistsError):
        rijn.encrypt_file(src, enc, recipients=[recip], format="age")
    with pytest.raises(ValueError, match="same file"):
        rijn.encrypt_file(src, src, recipients=[recip], force=True)
    rijn.decrypt_file(enc, dec, identity=ident)
    assert dec.read_bytes() == DATA
    with pytest.raises(FileExistsError):
        rijn.decrypt_file(enc, dec, identity=ident)
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(rijn.NoMatchingIdentity):
        rijn.decrypt_file(enc, tmp_path / "nope", identity=rijn.x25519_keygen()[0])
    blob = bytearray(enc.read_bytes())
    blob[-100] ^= 0x01  # a Base64 character of the last chunk
    (tmp_path / "bad.age").write_bytes(bytes(blob))
    with pytest.raises(rijn.Error):
        rijn.decrypt_file(tmp_path / "bad.age", tmp_path / "nope", identity=ident)
    assert sorted(os.listdir(tmp_path)) == sorted(before + ["bad.age"])  # nothing left
    rijn.decrypt_file(enc, dec, identity=ident, force=True)
    assert dec.read_bytes() == DATA


def _cli_cases(tmp: pathlib.Path) -> List[Tuple[str, List[str]]]:
    return [("rijn", []), ("rijn", ["--armor"]), ("age", ["--format", "age"]),
            ("age", ["--format", "age", "--armor"])]


def test_cli_interop(tmp_path: pathlib.Path) -> None:
    cli = tool("rijn")
    src = tmp_path / "plain"
    src.write_bytes(DATA)
    py_id = tmp_path / "py.key"
    _, py_pub = rijn.x25519_keygen(py_id)
    rc, _, err = run([cli, "keygen", "--x25519", "-o", str(tmp_path / "cli.key")])
    assert rc == 0, err
    cli_text = (tmp_path / "cli.key").read_text()
    rc, out, err = run([cli, "keygen", "-y", str(tmp_path / "cli.key")])
    assert rc == 0 and out.decode().strip() == rijn.x25519_recipient(cli_text), err
    cli_pub = out.decode().strip()
    for k, (fmt, opts) in enumerate(_cli_cases(tmp_path)):
        armor = "--armor" in opts
        # Python writes, the CLI reads (with the identity file Python wrote)
        enc = tmp_path / ("py%d" % k)
        rijn.encrypt_file(src, enc, recipients=[cli_pub, py_pub], format=fmt, armor=armor)
        rc, out, err = run([cli, "decrypt", "-i", str(py_id), "--no-progress", str(enc)])
        assert rc == 0 and out == DATA, (fmt, opts, err)
        # the CLI writes, Python reads (with the CLI's identity file)
        enc = tmp_path / ("cli%d" % k)
        rc, _, err = run([cli, "encrypt", "-r", py_pub, "-r", cli_pub, "--no-progress", "-o",
                          str(enc)] + opts + [str(src)])
        assert rc == 0, err
        rijn.decrypt_file(enc, tmp_path / ("d%d" % k), identity=cli_text)
        assert (tmp_path / ("d%d" % k)).read_bytes() == DATA
    pw = tmp_path / "pw"
    pw.write_bytes(b"correct horse\n")
    enc = tmp_path / "scrypt.age"
    rijn.encrypt_file(src, enc, passphrase="correct horse", format="age", scrypt_log_n=10)
    rc, out, err = run([cli, "decrypt", "--passphrase-file", str(pw), "--no-progress", str(enc)])
    assert rc == 0 and out == DATA, err
    rc, out, err = run([cli, "encrypt", "-r", py_pub, "--passphrase-file", str(pw), "--kdf",
                        "pbkdf2", "--iter", "1000", "--no-progress"], DATA[:5000])
    assert rc == 0, err
    assert rijn.decrypt_bytes(out, passphrase="correct horse") == DATA[:5000]
    assert rijn.decrypt_bytes(out, identity=py_id.read_text()) == DATA[:5000]
    rc, _, err = run([cli, "decrypt", "-i", str(tmp_path / "cli.key"), "--no-progress",
                      str(tmp_path / "py0")])
    assert rc == 0  # cli_pub was a recipient of py0
    enc = tmp_path / "only_py"
    rijn.encrypt_file(src, enc, recipients=py_pub)
    rc, _, err = run([cli, "decrypt", "-i", str(tmp_path / "cli.key"), "--no-progress",
                      "-o", str(tmp_path / "x"), str(enc)])
    assert rc == 1 and "no stanza opened" in err, err


def test_age_interop(tmp_path: pathlib.Path) -> None:
    age, age_keygen = tool("age"), tool("age-keygen")
    src = tmp_path / "plain"
    src.write_bytes(DATA)
    rc, _, err = run([age_keygen, "-o", str(tmp_path / "age.key")])
    assert rc == 0, err
    age_text = (tmp_path / "age.key").read_text()
    rc, out, err = run([age_keygen, "-y", str(tmp_path / "age.key")])
    age_pub = out.decode().strip()
    assert rc == 0 and age_pub == rijn.x25519_recipient(age_text), err
    py_id = tmp_path / "py.key"
    _, py_pub = rijn.x25519_keygen(py_id)
    for armor in (False, True):
        a = ["-a"] if armor else []
        # age writes (to both keys), Python reads with either identity
        enc = tmp_path / ("age%d" % armor)
        rc, _, err = run([age, "-r", age_pub, "-r", py_pub, "-o", str(enc)] + a + [str(src)])
        assert rc == 0, err
        assert rijn.decrypt_bytes(enc.read_bytes(), identity=age_text) == DATA
        rijn.decrypt_file(enc, tmp_path / ("d%d" % armor), identity=py_id.read_text())
        assert (tmp_path / ("d%d" % armor)).read_bytes() == DATA
        # Python writes, age reads (an identity file age-keygen or Python wrote)
        enc = tmp_path / ("py%d" % armor)
        rijn.encrypt_file(src, enc, recipients=[age_pub, py_pub], format="age", armor=armor)
        for idf in ("age.key", "py.key"):
            rc, out, err = run([age, "-d", "-i", str(tmp_path / idf), str(enc)])
            assert rc == 0 and out == DATA, (armor, idf, err)
        # age refuses a Python file it is not a recipient of, like rijn does
        enc = tmp_path / ("only%d" % armor)
        rijn.encrypt_file(src, enc, recipients=py_pub, format="age", armor=armor)
        rc, _, err = run([age, "-d", "-i", str(tmp_path / "age.key"), str(enc)])
        assert rc != 0 and "no identity matched" in err, err
    # scrypt: Python -> age (age asks the passphrase on a terminal)
    enc = tmp_path / "s.age"
    rijn.encrypt_file(src, enc, passphrase="correct horse", format="age", scrypt_log_n=10,
                      armor=True)
    rc = on_tty([age, "-d", "-o", str(tmp_path / "ds"), str(enc)], [b"correct horse"])
    assert rc == 0 and (tmp_path / "ds").read_bytes() == DATA
    if QUICK:
        return  # age -p always uses work factor 18 (256 MiB): the Release stage runs it
    enc = tmp_path / "a.age"
    rc = on_tty([age, "-p", "-o", str(enc), str(src)], [b"correct horse", b"correct horse"])
    assert rc == 0
    assert rijn.decrypt_bytes(enc.read_bytes(), passphrase="correct horse") == DATA
    with pytest.raises(rijn.NoMatchingIdentity):
        rijn.decrypt_bytes(enc.read_bytes(), passphrase="wrong", max_scrypt_log_n=18)
