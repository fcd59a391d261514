"""The published tables are derived, not copied: a few recorded deals of every table, played again by the same player
with the same settings, come out as recorded, whenever today's code is the code that made the table; and every
table says which code that was, and which deals it played."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from solitaire_widget.i18n import using
from solitaire_widget.studies import PublishedTable, Row, published_tables
from solitaire_widget.studies.players import player_for, solver_engine

#: A recorded row that took longer than this, in seconds, is slow (the fair player's games, Camelot's solver).
SLOW = 3.0


def _replayed_by_default(table: PublishedTable, row: Row) -> bool:
    """A quick row, or the quickest of its table: every table is replayed at least once in the default run, and the
    slow rows (a fair player's game takes 5-80 s here) wait for ``--replay-all``, which keeps the suite in time."""
    quickest = min((r for r in table.samples if r.decided), key=lambda r: r.seconds)
    return row.seconds <= SLOW or row is quickest


def _samples() -> list[object]:
    """Every sample row of every table, but the solver's undecided ones (a budget that ran out says nothing)."""
    return [pytest.param(table, row, id=f"{table.setting}-{table.player}-{row.deal}",
                         marks=[] if _replayed_by_default(table, row) else [pytest.mark.slow, pytest.mark.replay_all])
            for table in published_tables() for row in table.samples if row.decided]


@pytest.mark.parametrize(("table", "row"), _samples())
def test_a_published_deal_plays_again_as_recorded(table: PublishedTable, row: Row,
                                                  request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("replay_all") and not request.config.getoption("--replay-all"):
        pytest.skip(f"a slow row ({row.seconds:.0f} s when recorded): the quickest of its table is replayed; "
                    "pytest --replay-all replays them all")
    player = player_for(table.variant, table.player, table.settings)
    if player.code != table.code:
        pytest.skip(f"the {table.setting} table of {table.player} was made by other code ({table.code}; this code is "
                    f"{player.code}): publish it again from a study of this code (tools/tables.py)")
    if player.kind != "strategy" and solver_engine(table.variant) not in table.engines:
        pytest.skip(f"the {table.setting} table of {table.player} was made with the solver engine "
                    f"{'/'.join(table.engines)}, which this machine does not use")
    again = player.run(table.variant, table.options, row.deal)
    assert (again.outcome, again.score, again.moves) == (row.outcome, row.score, row.moves)


def test_every_table_records_its_code_its_deals_and_samples() -> None:
    for table in published_tables():
        name = f"{table.setting} {table.player}"
        assert re.fullmatch(r"[0-9a-f]{16}", table.code), f"{name}: no code hash"
        assert table.samples, f"{name}: no sample rows"
        deals = [row.deal for row in table.samples]
        assert deals == sorted(set(deals)), name
        first, last = table.span()
        assert table.first_deal <= first <= min(deals) and max(deals) <= last <= table.last_deal, name
        assert all(row.outcome in table.outcomes for row in table.samples), name
        if table.played is not None:
            assert sum(b - a + 1 for a, b in table.played) == table.deals, name
            assert all(any(a <= deal <= b for a, b in table.played) for deal in deals), name
            assert all(b + 1 < c for (_, b), (c, _) in zip(table.played, table.played[1:])), f"{name}: runs overlap"
        assert table.complete == (table.played == ((table.first_deal, table.last_deal),)), name


@pytest.mark.parametrize(("played", "english", "greek", "russian"), [
    (((1, 2000),), "deals 1–2000", "μοιρασιές 1–2000", "раздачи 1–2000"),
    (((5, 5),), "deal 5", "μοιρασιά 5", "раздача 5"),
    (((1, 70), (75, 80)), "deals 1–70 and 75–80", "μοιρασιές 1–70 και 75–80", "раздачи 1–70 и 75–80"),
    (((1, 3), (5, 6), (8, 8)), "deals 1–3, 5–6 and 8", "μοιρασιές 1–3, 5–6 και 8", "раздачи 1–3, 5–6 и 8"),
    (((1, 3), (5, 6), (8, 8), (10, 12)), "9 of deals 1–12", "9 από τις μοιρασιές 1–12", "9 из раздач 1–12"),
    (None, "9 of deals 1–2000", "9 από τις μοιρασιές 1–2000", "9 из раздач 1–2000"),
])
def test_a_table_says_which_deals_it_played(played, english, greek, russian) -> None:
    deals = sum(last - first + 1 for first, last in played) if played else 9
    table = replace(published_tables()[0], played=played, deals=deals, last_deal=2000)
    assert table.deals_played() == english
    for language, words in (("el", greek), ("ru", russian)):
        with using(language):
            assert table.deals_played() == words
