"""The CLI's AES-SIV bytes are the Python package's: `rijn aead seal -a
aes-*-siv` writes V || C (RFC 5297), as rijn.AESSIV.encrypt returns, and
`rijn aead open` takes them back (the CLI wrote C || V before). Needs the
CLI (RIJN_CLI, set by tests/package/test_python.sh)."""
import os
import subprocess

import pytest

import rijn


def _cli() -> str:
    cli = os.environ.get("RIJN_CLI")
    if not cli or not os.access(cli, os.X_OK):
        pytest.skip("RIJN_CLI not set")
    return cli


@pytest.mark.parametrize("klen", [32, 48, 64])
@pytest.mark.parametrize("n", [0, 1, 16, 33])
def test_cli_siv_is_v_then_c(klen: int, n: int) -> None:
    cli = _cli()
    key, ad, pt = os.urandom(klen), os.urandom(7), os.urandom(n)
    alg = "aes-%d-siv" % (klen * 4)
    base = [cli, "aead", "-a", alg, "--key", key.hex(), "--aad", ad.hex()]
    out = subprocess.run(base[:2] + ["seal"] + base[2:], input=pt, capture_output=True,
                         check=True).stdout
    assert out == rijn.AESSIV(key).encrypt(pt, [ad])
    back = subprocess.run(base[:2] + ["open"] + base[2:], input=out, capture_output=True,
                          check=True).stdout
    assert back == pt
