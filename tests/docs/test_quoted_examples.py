"""Examples the docs quote from a docstring whose doctest the suite runs: the quote and the doctest must agree, so
the page never shows what the code no longer says."""

from __future__ import annotations

import doctest
from pathlib import Path

from solitaire_widget.advice import coach

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _quoted(page: str) -> str:
    """The page's block quotes, each joined into one line."""
    quotes, current = [], []
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines():
        if line.startswith("> "):
            current.append(line[2:])
        elif current:
            quotes.append(" ".join(current))
            current = []
    return "\n".join(quotes)


def test_the_coach_example_in_fair_play_is_the_doctests() -> None:
    examples = doctest.DocTestParser().get_examples(coach.review.__doc__ or "")
    said = next(example.want.strip() for example in examples if example.source.strip() == "said.text")
    assert said.startswith("'") and said.endswith("'")
    assert said[1:-1] in _quoted("fair-play.md").splitlines()
