"""tools/solvitaire_check.py: what it hands Solvitaire is our deal, pile for pile, and how it reads the answers.
Running Solvitaire itself needs its binary, which the tests do not have: these check the conversion and the counts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import solitaire_widget as sw

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def check():
    spec = importlib.util.spec_from_file_location("solvitaire_check", ROOT / "tools" / "solvitaire_check.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]


def test_cards_are_written_as_solvitaire_reads_them(check):
    assert check.solvitaire_card("TD") == "10D"
    assert check.solvitaire_card("td") == "10d", "a face-down card keeps its lower-case suit"
    assert check.solvitaire_card("AS") == "AS" and check.solvitaire_card("qh") == "Qh"
    with pytest.raises(ValueError, match="not a card"):
        check.solvitaire_card("10D")


@pytest.mark.parametrize("options", [{"draw": 1, "redeals": -1}, {"draw": 3, "redeals": 0}])
def test_a_deal_keeps_every_pile_in_its_order(check, options):
    position = sw.new_game("klondike", deal=7, **options).position()
    deal = check.solvitaire_deal(position)
    assert [len(pile) for pile in deal["tableau piles"]] == list(range(1, 8))
    assert deal["stock"] == [check.solvitaire_card(card) for card in position["stock"]], "bottom to top, as ours"
    assert deal["stock"][-1] == check.solvitaire_card(position["stock"][-1]), "the next card dealt comes last"
    for ours, theirs in zip(position["tableau"], deal["tableau piles"]):
        assert [card[-1].islower() for card in ours] == [card[-1].islower() for card in theirs]
        assert theirs[-1][-1].isupper(), "each column's top card is face up"
    assert deal["waste"] == [] and deal["foundations"] == []


def test_only_the_rules_solvitaire_can_state_are_converted(check):
    with pytest.raises(ValueError, match="one pass or unlimited"):
        check.solvitaire_deal(sw.new_game("klondike", deal=1).position())  # three passes
    with pytest.raises(ValueError, match="only Klondike"):
        check.solvitaire_deal(sw.new_game("athena", deal=1).position())
    broken = sw.new_game("klondike", deal=1, redeals=-1).position()
    broken["stock"] = broken["stock"][1:]
    with pytest.raises(ValueError, match="each of the 52 cards once"):
        check.solvitaire_deal(broken)


def test_outcomes_and_their_counts(check):
    assert check.outcome("winnable", "winnable") == "agree-winnable"
    assert check.outcome("unwinnable", "winnable") == "disagree"
    assert check.outcome("unknown", "unwinnable") == "undecided-by-us"
    assert check.outcome("winnable", "unknown") == "undecided-by-solvitaire"
    assert check.outcome("unknown", "unknown") == "undecided-by-both"
    rows = [{"deal": 1, "outcome": "agree-winnable", "ours": {"verdict": "winnable", "line_replays": True},
             "solvitaire": {"verdict": "winnable"}},
            {"deal": 2, "outcome": "undecided-by-us", "ours": {"verdict": "unknown"},
             "solvitaire": {"verdict": "unwinnable"}}]
    summary = check.summarise(rows)
    assert summary["counts"]["agree-winnable"] == 1 and summary["counts"]["undecided-by-us"] == 1
    assert summary["undecided_by_us"] == [2] and summary["disagreements"] == []
    assert summary["lines_not_replaying"] == []


def test_deal_ranges_read_and_write_back(check):
    assert check.deal_list("4,9-12") == [4, 9, 10, 11, 12]
    assert check.runs([1, 2, 3, 7, 9, 10]) == "1-3,7,9-10"
