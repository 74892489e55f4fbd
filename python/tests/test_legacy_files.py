"""The legacy formats on disk (rijn.openssl_enc_*_file, rijn.mbedtls_cah_*_file),
through the C library's streaming API (rijn/legacy_formats.h):

  - openssl enc files against the real `openssl enc` in both directions
    (CBC/CTR/CFB8, EVP_BytesToKey and PBKDF2, -nosalt), sizes around the
    64 KiB piece;
  - crypt_and_hash: a file made by Mbed TLS's crypt_and_hash itself (the
    vector of tests/file/test_file_legacy.c), and files written / read by the
    rijn CLI's --format mbedtls (which tests/cli/test_interop_mbedtls.sh checks
    against crypt_and_hash), also from a FIFO (one pass);
  - the file guarantees: the same file refused, no overwrite without
    force=True, nothing left behind by a wrong passphrase, key or damage;
  - the bytes functions agree with the file functions."""
import os
import pathlib
import shutil
import subprocess
import threading
from typing import List

import pytest

import rijn

# crypt_and_hash 0 pt cah AES-128-CBC SHA1 rijn-secret (Mbed TLS 2.28.3)
CAH_VECTOR = bytes.fromhex(
    "c84a37812b649672d4ca53accf69ebddd66189d5b4119af35be28641936fe340d50603564109de2ee21cd0d41e"
    "e07672b252f4d8109722bd013727e21f53ebaa3783b40451750a2986344ccb07e88feb893b403f")
CAH_PLAIN = b"The quick brown fox jumps over the lazy dog"


def _openssl() -> str:
    tool = shutil.which("openssl")
    if tool is None:
        pytest.fail("the openssl tool is missing (scripts/setup.sh installs it)")
    return tool


def _cli() -> str:
    cli = os.environ.get("RIJN_CLI")
    if not cli or not os.access(cli, os.X_OK):
        pytest.skip("RIJN_CLI not set")
    return cli


OPENSSL_CASES = [("aes-256-cbc", "sha256", [], 65536 + 15), ("aes-128-ctr", "md5", ["-pbkdf2"], 70000),
                 ("aes-192-cfb8", "sha1", ["-iter", "1000", "-nosalt"], 17),
                 ("aes-256-cbc", "sha512", ["-pbkdf2"], 0)]


@pytest.mark.parametrize("cipher,md,opts,n", OPENSSL_CASES,
                         ids=["%s-%s-%d" % (c[0], c[1], c[3]) for c in OPENSSL_CASES])
def test_openssl_files_both_ways(tmp_path: pathlib.Path, cipher: str, md: str, opts: List[str],
                                 n: int) -> None:
    tool = _openssl()
    pbkdf2, nosalt = "-pbkdf2" in opts, "-nosalt" in opts
    it = int(opts[1]) if opts[:1] == ["-iter"] else None
    data = os.urandom(n)
    src, enc, back = tmp_path / "in", tmp_path / "in.enc", tmp_path / "back"
    src.write_bytes(data)
    rijn.openssl_enc_encrypt_file(src, enc, "pässword", cipher=cipher, md=md, pbkdf2=pbkdf2,
                                  iterations=it, nosalt=nosalt)
    r = subprocess.run([tool, "enc", "-d", "-" + cipher, "-md", md, "-pass", "pass:pässword",
                        "-in", str(enc)] + opts, capture_output=True)
    assert r.returncode == 0 and r.stdout == data, r.stderr
    assert rijn.openssl_enc_decrypt(enc.read_bytes(), "pässword", cipher=cipher, md=md,
                                    pbkdf2=pbkdf2, iterations=it, nosalt=nosalt) == data
    r = subprocess.run([tool, "enc", "-e", "-" + cipher, "-md", md, "-pass", "pass:pässword",
                        "-out", str(enc)] + opts, input=data, capture_output=True)
    assert r.returncode == 0, r.stderr
    for force in (False, True):
        if force:
            with pytest.raises(FileExistsError):
                rijn.openssl_enc_decrypt_file(enc, back, "pässword", cipher=cipher, md=md,
                                              pbkdf2=pbkdf2, iterations=it, nosalt=nosalt)
        rijn.openssl_enc_decrypt_file(enc, back, "pässword", cipher=cipher, md=md, pbkdf2=pbkdf2,
                                      iterations=it, nosalt=nosalt, force=force)
        assert back.read_bytes() == data


def test_openssl_file_failures_leave_nothing(tmp_path: pathlib.Path) -> None:
    src = tmp_path / "in"
    src.write_bytes(os.urandom(5000))
    enc = tmp_path / "in.enc"
    rijn.openssl_enc_encrypt_file(src, enc, "pw", pbkdf2=True)
    before = sorted(os.listdir(tmp_path))
    for n in range(40):  # wrong passphrases: bad padding, or garbage that is not the input
        try:
            rijn.openssl_enc_decrypt_file(enc, tmp_path / "out", "wrong%d" % n, pbkdf2=True)
        except rijn.ParamError:
            assert sorted(os.listdir(tmp_path)) == before
            break
        assert (tmp_path / "out").read_bytes() != src.read_bytes()
        os.unlink(tmp_path / "out")
    else:
        pytest.fail("no wrong passphrase gave a padding error")
    cut = tmp_path / "cut.enc"
    cut.write_bytes(enc.read_bytes()[:-1])
    with pytest.raises(rijn.ParamError):
        rijn.openssl_enc_decrypt_file(cut, tmp_path / "out", "pw", pbkdf2=True)
    (tmp_path / "plain").write_bytes(b"no header here, just text")
    with pytest.raises(rijn.ParamError):
        rijn.openssl_enc_decrypt_file(tmp_path / "plain", tmp_path / "out", "pw")
    with pytest.raises(ValueError, match="same file"):
        rijn.openssl_enc_encrypt_file(src, src, "pw", force=True)
    with pytest.raises(ValueError):
        rijn.openssl_enc_encrypt_file(src, tmp_path / "out", "pw", cipher="aes-256-gcm")
    assert sorted(os.listdir(tmp_path)) == sorted(before + ["cut.enc", "plain"])


def test_cah_vector_file(tmp_path: pathlib.Path) -> None:
    f = tmp_path / "v.cah"
    f.write_bytes(CAH_VECTOR)
    rijn.mbedtls_cah_decrypt_file(f, tmp_path / "out", b"rijn-secret", cipher="AES-128-CBC",
                                  md="SHA1")
    assert (tmp_path / "out").read_bytes() == CAH_PLAIN
    assert rijn.mbedtls_cah_decrypt(CAH_VECTOR, b"rijn-secret", cipher="AES-128-CBC",
                                    md="SHA1") == CAH_PLAIN
    os.unlink(tmp_path / "out")
    for bad in (CAH_VECTOR[:-1], CAH_VECTOR[:20], CAH_VECTOR[:10], bytes([CAH_VECTOR[0] ^ 1]) + CAH_VECTOR[1:]):
        f.write_bytes(bad)
        with pytest.raises((rijn.InvalidTag, rijn.ParamError)):
            rijn.mbedtls_cah_decrypt_file(f, tmp_path / "out", b"rijn-secret",
                                          cipher="AES-128-CBC", md="SHA1")
        assert sorted(os.listdir(tmp_path)) == ["v.cah"]
    f.write_bytes(CAH_VECTOR)
    with pytest.raises(rijn.InvalidTag):
        rijn.mbedtls_cah_decrypt_file(f, tmp_path / "out", b"rijn-secreT", cipher="AES-128-CBC",
                                      md="SHA1")
    assert sorted(os.listdir(tmp_path)) == ["v.cah"]


@pytest.mark.parametrize("cipher,md", [("AES-256-CBC", "SHA256"), ("AES-128-CTR", "SHA1"),
                                       ("AES-192-CFB128", "SHA512"), ("AES-256-OFB", "MD5")])
def test_cah_files_with_the_cli(tmp_path: pathlib.Path, cipher: str, md: str) -> None:
    cli = _cli()
    keyfile = tmp_path / "key"
    keyfile.write_bytes(b"a key file's whole content\n")
    key = keyfile.read_bytes()
    for n in (0, 1, 16, 65536 + 3):
        data = os.urandom(n)
        src, enc, back = tmp_path / "in", tmp_path / "enc", tmp_path / "back"
        src.write_bytes(data)
        subprocess.run([cli, "encrypt", "--format", "mbedtls", "-k", str(keyfile), "-c", cipher,
                        "--md", md, "-o", str(enc), "--force", str(src)], check=True,
                       capture_output=True)
        rijn.mbedtls_cah_decrypt_file(enc, back, key, cipher=cipher, md=md, force=True)
        assert back.read_bytes() == data
        rijn.mbedtls_cah_encrypt_file(src, enc, key, cipher=cipher, md=md, force=True)
        assert rijn.mbedtls_cah_decrypt(enc.read_bytes(), key, cipher=cipher, md=md) == data
        subprocess.run([cli, "decrypt", "--format", "mbedtls", "-k", str(keyfile), "-c", cipher,
                        "--md", md, "-o", str(back), "--force", str(enc)], check=True,
                       capture_output=True)
        assert back.read_bytes() == data


def test_cah_from_a_fifo(tmp_path: pathlib.Path) -> None:
    """A FIFO cannot be read twice: one pass, the output appears only if the HMAC checks."""
    data = os.urandom(100000)
    blob = rijn.mbedtls_cah_encrypt(data, b"k", cipher="AES-128-CBC", md="SHA256")
    fifo = tmp_path / "fifo"
    for payload, ok in ((blob, True), (blob[:-1] + bytes([blob[-1] ^ 1]), False)):
        os.mkfifo(fifo)
        writer = threading.Thread(target=lambda p=payload: fifo.write_bytes(p))
        writer.start()
        try:
            if ok:
                rijn.mbedtls_cah_decrypt_file(fifo, tmp_path / "out", b"k", cipher="AES-128-CBC")
                assert (tmp_path / "out").read_bytes() == data
            else:
                with pytest.raises(rijn.InvalidTag):
                    rijn.mbedtls_cah_decrypt_file(fifo, tmp_path / "out2", b"k",
                                                  cipher="AES-128-CBC")
        finally:
            writer.join()
            os.unlink(fifo)
    assert sorted(os.listdir(tmp_path)) == ["out"]


def test_cah_file_guarantees(tmp_path: pathlib.Path) -> None:
    src = tmp_path / "in"
    src.write_bytes(b"x" * 1000)
    enc = tmp_path / "enc"
    rijn.mbedtls_cah_encrypt_file(src, enc, "key", iv=bytes(16))
    assert enc.read_bytes() == rijn.mbedtls_cah_encrypt(b"x" * 1000, "key", iv=bytes(16))
    with pytest.raises(FileExistsError):
        rijn.mbedtls_cah_encrypt_file(src, enc, "key")
    with pytest.raises(ValueError, match="same file"):
        rijn.mbedtls_cah_decrypt_file(enc, enc, "key", force=True)
    with pytest.raises(ValueError):
        rijn.mbedtls_cah_encrypt_file(src, tmp_path / "o", "key", cipher="AES-128-CFB8")
    (tmp_path / "short").write_bytes(b"0123456789")
    with pytest.raises(rijn.ParamError):
        rijn.mbedtls_cah_decrypt_file(tmp_path / "short", tmp_path / "o", "key")
    with pytest.raises(rijn.ParamError):
        rijn.mbedtls_cah_decrypt(b"0123456789", "key")
    with pytest.raises(rijn.ParamError):
        rijn.mbedtls_cah_decrypt(bytes(40), "key")  # IV + fewer bytes than the HMAC
    assert sorted(os.listdir(tmp_path)) == ["enc", "in", "short"]
