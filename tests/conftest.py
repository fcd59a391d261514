"""The suite never touches the player's real data folder (the statistics the board keeps): every test gets a
fresh folder of its own, and whatever the suite starts (the browser tests' servers and kernels) inherits a
temporary one from the environment set here, before any of them starts. And no test inherits a default language that
an earlier one set (``sw.set_language``, as the README's examples do)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire_widget import i18n, stats

os.environ[stats.DATA_VARIABLE] = tempfile.mkdtemp(prefix="solitaire-widget-tests-")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--replay-all", action="store_true",
                     help="replay every sample row of the published tables, not only each table's quick ones "
                          "(tests/studies/test_published.py: the fair player's games take 5-80 s each)")


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """$SOLITAIRE_WIDGET_DATA pointed at a temporary folder (and statistics switched on), the default stores of
    earlier tests forgotten before and closed after."""
    folder = tmp_path / "data"
    monkeypatch.setenv(stats.DATA_VARIABLE, str(folder))
    monkeypatch.delenv(stats.SWITCH_VARIABLE, raising=False)
    stats._forget_default_stores()
    yield folder
    stats._forget_default_stores()


@pytest.fixture(autouse=True)
def no_default_language() -> Iterator[None]:
    """No default language set before each test, as in a fresh kernel, and none left after."""
    i18n.set_language(None)
    yield
    i18n.set_language(None)
