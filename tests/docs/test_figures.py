"""Every measured figure in the README, the docs and the notebooks is the one its data gives (tools/figures.py)."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
from pathlib import Path

import pytest

from solitaire_widget.studies.published import published, published_tables

ROOT = Path(__file__).resolve().parents[2]


def _figures():
    spec = importlib.util.spec_from_file_location("figures", ROOT / "tools" / "figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_figure_region_matches_its_data():
    figures = _figures()
    stale = []
    for path in figures.DOCUMENTS:
        old, new = figures.update(path)
        if old != new:
            stale.append(str(path.relative_to(ROOT)))
    assert not stale, f"figures differ from their data in {stale}: run python tools/figures.py"


def test_every_region_names_a_known_figure():
    figures = _figures()
    for path in figures.DOCUMENTS:
        for match in figures.REGION.finditer(path.read_text(encoding="utf-8")):
            assert match.group("name") in figures.RENDERERS, f"{path.name}: unknown figures {match.group('name')}"


def test_the_published_tables_hold_together():
    for table in published_tables():
        assert 0 <= table.low <= table.share <= table.high <= 1
        assert table.successes + table.undecided <= table.deals <= table.last_deal - table.first_deal + 1
        assert sum(table.outcomes.values()) == table.deals
        assert table.complete == (table.deals == table.last_deal - table.first_deal + 1)


def test_published_finds_a_table_or_says_there_is_none():
    table = published_tables()[0]
    assert published(table.variant, table.player, **table.options) == table
    with pytest.raises(LookupError, match="no published table"):
        published("athena", "nobody")


def test_docstring_examples():
    result = doctest.testmod(importlib.import_module("solitaire_widget.studies.published"))
    assert result.attempted > 0 and result.failed == 0
