"""The rijn file format from Python: round trips (every AEAD, key and
passphrase, chunk edges), files read and written by the rijn CLI (when
RIJN_CLI is set), and every kind of damage detected."""
import pathlib
from typing import Any
import os
import subprocess

import pytest
from conftest import QUICK

import rijn

KEY = bytes(range(32))
AEADS = ["aes-256-gcm", "chacha20-poly1305", "ascon128"]


@pytest.mark.parametrize("aead", AEADS)
def test_roundtrip_key(aead: str) -> None:
    for n in (0, 1, 255, 256, 257, 512, 1000, 70000):
        data = os.urandom(n)
        blob = rijn.encrypt_bytes(data, key=KEY, aead=aead, chunk_size=256)
        assert len(blob) - n - 16 * max(1, -(-n // 256)) in (79, 83, 88)  # header
        assert rijn.decrypt_bytes(blob, key=KEY) == data
        assert rijn.decrypt_bytes(bytearray(blob), key=KEY) == data


def test_roundtrip_passphrase() -> None:
    data = os.urandom(3000)
    blob = rijn.encrypt_bytes(data, passphrase="correct horse", kdf="pbkdf2", iterations=1000)
    assert rijn.decrypt_bytes(blob, passphrase=b"correct horse") == data
    with pytest.raises(rijn.InvalidTag):
        rijn.decrypt_bytes(blob, passphrase="wrong")
    with pytest.raises(ValueError):
        rijn.decrypt_bytes(blob, key=KEY)
    blob = rijn.encrypt_bytes(data, passphrase="pw", kdf="argon2id", argon2_t=1, argon2_m=64,
                              argon2_p=1)
    assert rijn.decrypt_bytes(blob, passphrase="pw") == data
    with pytest.raises(rijn.ParamError):
        rijn.decrypt_bytes(blob, passphrase="pw", max_argon2_m=32)


def test_salt_is_fresh() -> None:
    assert rijn.encrypt_bytes(b"x", key=KEY) != rijn.encrypt_bytes(b"x", key=KEY)


def test_damage_detected() -> None:
    data = os.urandom(1000)
    blob = rijn.encrypt_bytes(data, key=KEY, chunk_size=256)
    hdr = len(blob) - 1000 - 4 * 16
    step = 1 if not QUICK else 7
    for i in range(0, len(blob), step):
        bad = bytearray(blob)
        bad[i] ^= 0x40
        with pytest.raises(rijn.Error):
            rijn.decrypt_bytes(bytes(bad), key=KEY)
    piece = 256 + 16
    chunks = [blob[hdr + k * piece: hdr + (k + 1) * piece] for k in range(4)]
    head = blob[:hdr]
    for damaged in (head + chunks[0] + chunks[1] + chunks[2],          # truncated (last dropped)
                    head + chunks[1] + chunks[0] + chunks[2] + chunks[3],  # reordered
                    head + chunks[0] + chunks[0] + chunks[1] + chunks[2] + chunks[3],
                    blob + b"\x00", blob[:-1], head):
        with pytest.raises(rijn.Error):
            rijn.decrypt_bytes(damaged, key=KEY)
    with pytest.raises(rijn.InvalidTag):
        rijn.decrypt_bytes(blob, key=bytes(32))
    with pytest.raises(rijn.ParamError):
        rijn.decrypt_bytes(b"not a rijn file at all, not at all" * 3, key=KEY)


def test_files(tmp_path: pathlib.Path) -> None:
    src = tmp_path / "plain.bin"
    data = os.urandom(200_000)
    src.write_bytes(data)
    enc, dec = tmp_path / "x.rijn", tmp_path / "x.out"
    rijn.encrypt_file(str(src), str(enc), key=KEY, chunk_size=4096)
    assert rijn.decrypt_bytes(enc.read_bytes(), key=KEY) == data
    rijn.decrypt_file(str(enc), str(dec), key=KEY)
    assert dec.read_bytes() == data
    # a damaged file leaves no output behind
    bad = bytearray(enc.read_bytes())
    bad[-5] ^= 1
    enc.write_bytes(bytes(bad))
    dec2 = tmp_path / "y.out"
    with pytest.raises(rijn.InvalidTag):
        rijn.decrypt_file(str(enc), str(dec2), key=KEY)
    assert not dec2.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.bin", "x.out", "x.rijn"]
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    rijn.encrypt_file(str(empty), str(enc), key=KEY, force=True)
    rijn.decrypt_file(str(enc), str(dec), key=KEY, force=True)
    assert dec.read_bytes() == b""


def _listing(d: pathlib.Path) -> Any:
    return sorted(p.name for p in d.iterdir())


def test_same_file_refused(tmp_path: pathlib.Path) -> None:
    """Issue 13: encrypt_file('p.txt', 'p.txt') replaced the plaintext."""
    p = tmp_path / "p.txt"
    data = b"precious plaintext\n" * 100
    p.write_bytes(data)
    os.link(p, tmp_path / "hard")
    (tmp_path / "sym").symlink_to(p)
    for out in ("p.txt", "hard", "sym", "./p.txt"):
        for force in (False, True):
            with pytest.raises(ValueError, match="same file"):
                rijn.encrypt_file(str(p), str(tmp_path / out), key=KEY, force=force)
            with pytest.raises(ValueError, match="same file"):
                rijn.decrypt_file(str(p), str(tmp_path / out), key=KEY, force=force)
    assert p.read_bytes() == data
    assert _listing(tmp_path) == ["hard", "p.txt", "sym"]
    # the same file through the input side's link, passphrase route too
    with pytest.raises(ValueError, match="same file"):
        rijn.encrypt_file(str(tmp_path / "sym"), str(p), passphrase="x", force=True)
    assert p.read_bytes() == data


def test_no_overwrite_without_force(tmp_path: pathlib.Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    src.write_bytes(b"new data")
    out.write_bytes(b"old output")
    with pytest.raises(FileExistsError):
        rijn.encrypt_file(str(src), str(out), key=KEY)
    assert out.read_bytes() == b"old output"
    enc = tmp_path / "enc"
    rijn.encrypt_file(str(src), str(enc), key=KEY)
    with pytest.raises(FileExistsError):
        rijn.decrypt_file(str(enc), str(out), key=KEY)
    assert out.read_bytes() == b"old output"
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    with pytest.raises(FileExistsError):
        rijn.decrypt_file(str(enc), str(dangling), key=KEY)
    with pytest.raises(IsADirectoryError):
        rijn.decrypt_file(str(enc), str(tmp_path), key=KEY, force=True)
    assert _listing(tmp_path) == ["dangling", "enc", "in", "out"]
    rijn.decrypt_file(str(enc), str(out), key=KEY, force=True)
    assert out.read_bytes() == b"new data"
    rijn.encrypt_file(str(src), str(enc), key=KEY, force=True)
    assert rijn.decrypt_bytes(enc.read_bytes(), key=KEY) == b"new data"
    assert _listing(tmp_path) == ["dangling", "enc", "in", "out"]


def test_temp_file_and_rename(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The output appears only complete: written to a temporary file in the
    output's directory, linked (no force) or renamed (force) into place;
    a failure in the middle leaves neither the output nor the temporary."""
    src, out = tmp_path / "in", tmp_path / "out"
    src.write_bytes(os.urandom(50_000))
    seen = []
    real_link, real_replace = os.link, os.replace

    def spy_link(a: Any, b: Any, *args: Any, **kw: Any) -> Any:
        seen.append(("link", os.path.dirname(a), os.path.getsize(a)))
        return real_link(a, b, *args, **kw)

    def spy_replace(a: Any, b: Any, *args: Any, **kw: Any) -> Any:
        seen.append(("replace", os.path.dirname(a), os.path.getsize(a)))
        return real_replace(a, b, *args, **kw)

    monkeypatch.setattr(os, "link", spy_link)
    monkeypatch.setattr(os, "replace", spy_replace)
    rijn.encrypt_file(str(src), str(out), key=KEY, chunk_size=4096)
    rijn.encrypt_file(str(src), str(out), key=KEY, chunk_size=4096, force=True)
    size = out.stat().st_size
    assert seen == [("link", str(tmp_path), size), ("replace", str(tmp_path), size)]
    monkeypatch.undo()
    assert _listing(tmp_path) == ["in", "out"]
    # a file that appears while we write is not replaced (link, not rename)
    late = tmp_path / "late"
    orig = rijn._file._stream

    def stream_then_race(fin: Any, fout: Any, size: Any, fn: Any) -> Any:
        orig(fin, fout, size, fn)
        late.write_bytes(b"someone else's")

    monkeypatch.setattr(rijn._file, "_stream", stream_then_race)
    with pytest.raises(FileExistsError):
        rijn.encrypt_file(str(src), str(late), key=KEY)
    monkeypatch.undo()
    assert late.read_bytes() == b"someone else's"
    assert _listing(tmp_path) == ["in", "late", "out"]

    # failure in the middle: nothing left behind, old output intact
    def boom(*a: Any) -> Any:
        raise OSError("disk full")

    enc = out.read_bytes()
    monkeypatch.setattr(rijn._file, "_stream", boom)
    with pytest.raises(OSError, match="disk full"):
        rijn.encrypt_file(str(src), str(out), key=KEY, force=True)
    with pytest.raises(OSError, match="disk full"):
        rijn.decrypt_file(str(out), str(tmp_path / "new"), key=KEY)
    assert out.read_bytes() == enc
    assert _listing(tmp_path) == ["in", "late", "out"]


def test_passphrase_default_is_argon2id_like_cli() -> None:
    """Issue 13: Python used PBKDF2 for passphrases, the CLI Argon2id."""
    assert rijn._file.DEFAULT_KDF == "argon2id"
    seen = []
    real = rijn._rijn.file_master_key

    def spy(params: Any, pw: Any) -> Any:
        seen.append(params)
        return real(params[:4] + (1, 8, 1) + params[7:], pw)  # cheap costs for the test

    import unittest.mock
    with unittest.mock.patch.object(rijn._rijn, "file_master_key", spy):
        rijn._file._writer(None, "pw", "aes-256-gcm", 65536, None, None, 3, 65536, 4)
    # (aead, chunk, source, iterations, t, m_kib, lanes, salt): the CLI's defaults
    assert seen[0][2] == rijn._file.KDFS["argon2id"]
    assert seen[0][4:7] == (3, 65536, 4)


def _cli() -> Any:
    cli = os.environ.get("RIJN_CLI")
    if not cli or not os.access(cli, os.X_OK):
        pytest.skip("RIJN_CLI not set")
    return cli


@pytest.mark.parametrize("aead", AEADS)
def test_cli_interop(tmp_path: pathlib.Path, aead: str) -> None:
    cli = _cli()
    keyfile = tmp_path / "k.key"
    keyfile.write_text(KEY.hex() + "\n")
    src = tmp_path / "in"
    data = os.urandom(100_000)
    src.write_bytes(data)
    out = tmp_path / "cli.rijn"
    subprocess.run([cli, "encrypt", "-k", str(keyfile), "-a", aead, "--chunk-size", "1K",
                    "-o", str(out), str(src)], check=True, capture_output=True)
    assert rijn.decrypt_bytes(out.read_bytes(), key=KEY) == data
    mine = tmp_path / "py.rijn"
    rijn.encrypt_file(str(src), str(mine), key=KEY, aead=aead, chunk_size=777)
    back = tmp_path / "back"
    subprocess.run([cli, "decrypt", "-k", str(keyfile), "-o", str(back), str(mine)], check=True,
                   capture_output=True)
    assert back.read_bytes() == data
    # passphrase, PBKDF2
    pf = tmp_path / "pass"
    pf.write_text("s3cret\n")
    out2 = tmp_path / "cli2.rijn"
    subprocess.run([cli, "encrypt", "--passphrase-file", str(pf), "--kdf", "pbkdf2", "--iter",
                    "1000", "-o", str(out2), str(src)], check=True, capture_output=True)
    assert rijn.decrypt_bytes(out2.read_bytes(), passphrase="s3cret") == data
