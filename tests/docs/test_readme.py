"""The README's examples run, and every link in the README and the docs leads somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "tests" / "browser" / "README.md"]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def test_every_python_block_of_the_readme_runs():
    namespace: dict = {}
    blocks = BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(blocks) >= 4
    for number, block in enumerate(blocks, 1):
        try:
            exec(compile(block, f"README.md, python block {number}", "exec"), namespace)  # noqa: S102
        except Exception as error:  # pragma: no cover - the message is the point
            pytest.fail(f"README.md's python block {number} fails: {error!r}\n{block}")
    widget = namespace.get("w")
    if widget is not None:
        widget.close()


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_link_resolves(document: Path):
    text = document.read_text(encoding="utf-8")
    anchors = {_slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}
    for match in LINK.finditer(text):
        target = match.group(1) or match.group(2)
        if re.match(r"[a-z]+:", target):  # a web address: not fetched (the tests run offline)
            assert target.startswith(("https://", "http://", "mailto:")), target
            continue
        path, _, anchor = target.partition("#")
        if not path:
            assert anchor in anchors, f"{document.name}: no heading for #{anchor}"
            continue
        resolved = (document.parent / path).resolve()
        assert resolved.exists(), f"{document.relative_to(ROOT)}: the link {target} leads nowhere"
        if anchor and resolved.suffix == ".md":
            theirs = {_slug(line.lstrip("#")) for line in resolved.read_text(encoding="utf-8").splitlines()
                      if line.startswith("#")}
            assert anchor in theirs, f"{document.name}: {path} has no heading for #{anchor}"
