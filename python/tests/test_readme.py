"""The README's example runs as written."""
import pathlib
import os
import re

import pytest

README = os.path.join(os.path.dirname(__file__), "..", "README.md")


def test_readme_example(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not os.path.exists(README):
        pytest.skip("README.md not shipped")
    blocks = re.findall(r"```python\n(.*?)```", open(README, encoding="utf-8").read(), re.S)
    assert blocks
    monkeypatch.chdir(tmp_path)
    (tmp_path / "report.pdf").write_bytes(os.urandom(100_000))
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {})
    assert (tmp_path / "report.pdf.rijn").exists()


def test_top_readme_example(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    top = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")
    if not os.path.exists(top):
        pytest.skip("not in the rijn repository")
    blocks = re.findall(r"```python\n(.*?)```", open(top, encoding="utf-8").read(), re.S)
    assert blocks
    monkeypatch.chdir(tmp_path)
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {})
