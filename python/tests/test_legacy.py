"""The legacy formats from Python: `openssl enc` files against the openssl
tool both ways (ciphers, digests, EVP_BytesToKey and PBKDF2, -nosalt), and
Mbed TLS crypt_and_hash files against the rijn CLI's --format mbedtls both
ways (the CLI's format is checked against Mbed TLS by the C tests)."""
import os
import pathlib
import shutil
import subprocess
from typing import List

import pytest

import rijn

OPENSSL_CASES = [("aes-256-cbc", "sha256", []), ("aes-128-cbc", "md5", []),
                 ("aes-192-ctr", "sha1", ["-pbkdf2"]), ("aes-256-cfb", "sha512", ["-iter", "1000"]),
                 ("aes-128-cfb8", "sha256", ["-pbkdf2"]), ("aes-256-ofb", "sha384", [])]


def _openssl() -> str:
    tool = shutil.which("openssl")
    if tool is None:
        pytest.fail("the openssl tool is missing (scripts/setup.sh installs it)")
    return tool


@pytest.mark.parametrize("cipher,md,opts", OPENSSL_CASES, ids=[c[0] + "-" + c[1] for c in OPENSSL_CASES])
def test_openssl_enc_both_ways(tmp_path: pathlib.Path, cipher: str, md: str, opts: List[str]) -> None:
    tool = _openssl()
    pbkdf2 = bool(opts)
    iterations = int(opts[1]) if opts[:1] == ["-iter"] else None
    for n in (0, 17, 1000):
        data = os.urandom(n)
        for nosalt in (False, True):
            extra = opts + (["-nosalt"] if nosalt else [])
            blob = rijn.openssl_enc_encrypt(data, "pässword", cipher=cipher, md=md, pbkdf2=pbkdf2,
                                            iterations=iterations, nosalt=nosalt)
            f = tmp_path / "in.enc"
            f.write_bytes(blob)
            r = subprocess.run([tool, "enc", "-d", "-" + cipher, "-md", md, "-pass",
                                "pass:pässword", "-in", str(f)] + extra, capture_output=True)
            assert r.returncode == 0 and r.stdout == data, r.stderr
            r = subprocess.run([tool, "enc", "-e", "-" + cipher, "-md", md, "-pass",
                                "pass:pässword"] + extra, input=data, capture_output=True)
            assert r.returncode == 0, r.stderr
            assert rijn.openssl_enc_decrypt(r.stdout, "pässword", cipher=cipher, md=md,
                                            pbkdf2=pbkdf2, iterations=iterations,
                                            nosalt=nosalt) == data
    with pytest.raises(rijn.ParamError):
        rijn.openssl_enc_decrypt(b"not salted at all", "x")
    with pytest.raises(ValueError):
        rijn.openssl_enc_encrypt(b"x", "p", cipher="aes-256-gcm")


def _cli() -> str:
    cli = os.environ.get("RIJN_CLI")
    if not cli or not os.access(cli, os.X_OK):
        pytest.skip("RIJN_CLI not set")
    return cli


@pytest.mark.parametrize("cipher,md", [("AES-256-CBC", "SHA256"), ("AES-128-CTR", "SHA1"),
                                       ("AES-192-CFB128", "SHA512"), ("AES-256-OFB", "MD5")])
def test_mbedtls_cah_both_ways(tmp_path: pathlib.Path, cipher: str, md: str) -> None:
    cli = _cli()
    keyfile = tmp_path / "key"
    keyfile.write_bytes(b"a key file's whole content\n")
    key = keyfile.read_bytes()
    for n in (0, 1, 16, 1000):
        data = os.urandom(n)
        src, out = tmp_path / "in", tmp_path / "out"
        src.write_bytes(data)
        subprocess.run([cli, "encrypt", "--format", "mbedtls", "-k", str(keyfile), "-c", cipher,
                        "--md", md, "-o", str(out), "--force", str(src)], check=True,
                       capture_output=True)
        assert rijn.mbedtls_cah_decrypt(out.read_bytes(), key, cipher=cipher, md=md) == data
        out.write_bytes(rijn.mbedtls_cah_encrypt(data, key, cipher=cipher, md=md))
        back = tmp_path / "back"
        subprocess.run([cli, "decrypt", "--format", "mbedtls", "-k", str(keyfile), "-c", cipher,
                        "--md", md, "-o", str(back), "--force", str(out)], check=True,
                       capture_output=True)
        assert back.read_bytes() == data
        bad = bytearray(out.read_bytes())
        bad[-1] ^= 1
        with pytest.raises(rijn.InvalidTag):
            rijn.mbedtls_cah_decrypt(bytes(bad), key, cipher=cipher, md=md)
