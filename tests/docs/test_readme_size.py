"""The README is for a user: what the package is, the two commands, a tour and where to read on, in 10 KB at most;
the rest lives in docs/ and on the docs site."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_stays_within_10_kb() -> None:
    size = len(README.read_bytes())
    assert size <= 10_240, f"README.md is {size:,} bytes: move what is not for a first-time user to docs/"
