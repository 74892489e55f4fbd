"""The rijn file format from Python: round trips (every AEAD, key and
passphrase, chunk edges), files read and written by the rijn CLI (when
RIJN_CLI is set), and every kind of damage detected."""
import os
import shutil
import subprocess

import pytest
from conftest import QUICK

import rijn

KEY = bytes(range(32))
AEADS = ["aes-256-gcm", "chacha20-poly1305", "ascon128"]


@pytest.mark.parametrize("aead", AEADS)
def test_roundtrip_key(aead):
    for n in (0, 1, 255, 256, 257, 512, 1000, 70000):
        data = os.urandom(n)
        blob = rijn.encrypt_bytes(data, key=KEY, aead=aead, chunk_size=256)
        assert len(blob) - n - 16 * max(1, -(-n // 256)) in (79, 83, 88)  # header
        assert rijn.decrypt_bytes(blob, key=KEY) == data
        assert rijn.decrypt_bytes(bytearray(blob), key=KEY) == data


def test_roundtrip_passphrase():
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


def test_salt_is_fresh():
    assert rijn.encrypt_bytes(b"x", key=KEY) != rijn.encrypt_bytes(b"x", key=KEY)


def test_damage_detected():
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


def test_files(tmp_path):
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
    rijn.encrypt_file(str(empty), str(enc), key=KEY)
    rijn.decrypt_file(str(enc), str(dec), key=KEY)
    assert dec.read_bytes() == b""


def _cli():
    cli = os.environ.get("RIJN_CLI")
    if not cli or not os.access(cli, os.X_OK):
        pytest.skip("RIJN_CLI not set")
    return cli


@pytest.mark.parametrize("aead", AEADS)
def test_cli_interop(tmp_path, aead):
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
