"""The game review (sw.review_game): the fair chance before and after every move, the best move at each point and
the moves that cost the most, computed from what the player knew then, and never from a hidden card."""

from __future__ import annotations

import doctest
import importlib
import re
import threading

import matplotlib
import pytest

import solitaire_widget as sw
from solitaire_widget import Game, Knowledge
from solitaire_widget.advice import game_review
from solitaire_widget.i18n import using

from .helpers import twin

matplotlib.use("Agg")

#: Small, machine-independent budgets: a node limit and no time limit give the same review on every run.
FAST = {"samples": 4, "node_limit": 20_000}
#: Aunt Mary deal 23, the coach's example: the last move covers the only place the 3♣ could go.
BLUNDER = ["deal", "waste-f1", "deal", "deal", "waste-t5"]
BLUNDER_BUDGET = {"samples": 8, "node_limit": 300_000}


def _short_game(moves: int = 8) -> Game:
    """Thumb and Pouch deal 1, played by the fair hint for a few moves."""
    game = sw.new_game("thumb-and-pouch", deal=1)
    for _ in range(moves):
        game.play(sw.hint(game, samples=2, time_limit=None, node_limit=5_000).move)
    return game


def _blunder() -> Game:
    game = sw.new_game("aunt-mary", deal=23)
    for move in BLUNDER:
        game.play(move)
    return game


def test_a_short_game_gets_a_chance_and_a_best_move_for_every_move() -> None:
    game = _short_game()
    history = game.history
    review = sw.review_game(game, **FAST)
    assert game.history == history, "the game is not changed"
    assert [step.move for step in review.moves] == list(history)
    assert [step.number for step in review.moves] == list(range(1, len(history) + 1))
    replay = sw.new_game("thumb-and-pouch", deal=1)
    for step in review.moves:
        assert step.knowledge == replay.knowledge(), "each move is judged on what the player knew then"
        assert step.best in replay.legal_moves() and step.move in replay.legal_moves()
        for chance in (step.before, step.after, step.best_chance):
            low, high = chance.interval
            assert 0 <= low <= chance.share <= high <= 1 and chance.samples == 4
        assert 0 <= step.cost <= 1
        assert step.best_chance == step.chances.ranked()[0][1], "the best move has the best chance"
        assert step.text.startswith(f"Move {step.number}: ")
        replay.play(step.move)
    assert (review.samples, review.node_limit, review.time_limit, review.seed) == (4, 20_000, None, None)
    assert review.stats["solves"] > 0 and review.stats["reused"] == 0
    assert sw.review_game(game, **FAST) == review, "node budgets make a review the same on every run"


def test_a_deliberately_bad_move_is_the_costliest() -> None:
    review = sw.review_game(_blunder(), **BLUNDER_BUDGET)
    assert [str(step.move) for step in review.costly] == ["waste-t5"]
    missed = review.best_missed
    assert missed is review.costliest[0] and missed.number == 5
    assert missed.after.winnable == 0 and missed.best_chance.winnable >= 2
    assert missed.best != missed.move and missed.cost >= 0.25
    assert missed.text == ("Move 5: moving the 8♠ from the waste to column 5 kept 0% of deals winnable; dealing would "
                           "have kept 38%.")
    assert missed.text in repr(review) and "The move that cost the most:" in repr(review)
    assert all(not step.costly and step.cost == 0 for step in review.moves[:4])


def test_a_cost_of_one_sample_is_noise_however_many_points_it_makes() -> None:
    step = sw.review_game(_blunder(), **BLUNDER_BUDGET).moves[-1]
    one = game_review.Chance(step.best_chance.winnable - 1, 0, 8)
    close = game_review.ReviewedMove(step.number, step.move, step.before, one, step.best,
                                     game_review.Chance(one.winnable + 1, 0, 8), step.knowledge, step.chances)
    assert close.cost == 0.125 and not close.costly, "one sample in eight is 12.5 points, and still noise"


def test_the_review_never_reads_a_hidden_card() -> None:
    script = [*BLUNDER[:3], "undo", "redo", *BLUNDER[3:]]
    game = sw.new_game("aunt-mary", deal=23)
    for action in script:
        getattr(game, action)() if action in ("undo", "redo") else game.play(action)
    other = twin(game, script, seed=4)
    record = other.record()
    record["deal"] = record["start"]["deal"] = 24
    other = Game.from_record(record)
    assert other.deal == 24 and other.history == game.history
    assert other.position() != game.position(), "the twin hides other cards"
    assert other.knowledge() == game.knowledge()
    first, second = sw.review_game(game, **FAST), sw.review_game(other, **FAST)
    assert first == second
    assert [step.text for step in first.moves] == [step.text for step in second.moves]


def test_the_chances_are_given_the_knowledge_only(monkeypatch: pytest.MonkeyPatch) -> None:
    given = []

    def chances(known, **budget):
        given.append(known)
        return sw.chances(known, **budget)

    monkeypatch.setattr(game_review, "chances", chances)
    sw.review_game(_blunder(), **FAST)
    assert len(given) == len(BLUNDER) and all(isinstance(known, Knowledge) for known in given)


def test_a_mid_game_review_lends_its_positions_to_the_next() -> None:
    game = _blunder()
    early = game.copy()
    early.undo()
    early.undo()
    partial = sw.review_game(early, **FAST)
    assert len(partial.moves) == 3
    whole = sw.review_game(game, **FAST, previous=partial)
    assert whole.stats["reused"] == 3
    assert whole == sw.review_game(game, **FAST)
    assert whole.moves[:3] == partial.moves


def test_a_saved_and_loaded_game_gets_the_same_review() -> None:
    game = _short_game(5)
    assert sw.review_game(Game.from_json(game.to_json()), **FAST) == sw.review_game(game, **FAST)


def test_progress_is_reported_move_by_move_and_cancel_stops_the_work() -> None:
    game = _short_game(4)
    seen = []
    sw.review_game(game, **FAST, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert len(sw.review_game(game, **FAST, progress=True).moves) == 4
    stop = threading.Event()
    stop.set()
    stopped = sw.review_game(game, **FAST, cancel=stop)
    assert stopped.moves == () and stopped.stats["stopped_by"] == "cancelled"
    assert stopped.summary() == "No move was reviewed."


@pytest.mark.parametrize(("arguments", "match"), [
    ({"game": "athena"}, "takes a Game, not str"),
    ({"game": sw.new_game("athena", deal=1).knowledge()}, "takes a Game, not Knowledge"),
    ({"game": sw.new_game("athena", deal=1)}, "has none yet"),
    ({"samples": 0}, "samples must be"),
    ({"samples": 2.5}, "samples must be"),
    ({"node_limit": None}, "give a time_limit"),
    ({"node_limit": -5}, "node_limit must be"),
    ({"time_limit": 0}, "time_limit must be"),
    ({"seed": -1}, "seed must be"),
    ({"seed": "x"}, "seed must be"),
    ({"progress": "yes"}, "progress must be"),
    ({"previous": "earlier"}, "previous must be an earlier GameReview"),
    ({"cancel": True}, "cancel must be"),
])
def test_bad_input_is_refused_before_any_work_and_changes_nothing(arguments, match) -> None:
    game = _blunder()
    before = (game.position(), game.history, game.knowledge())
    arguments = {"game": game, **FAST, **arguments}
    with pytest.raises(ValueError, match=match):
        sw.review_game(arguments.pop("game"), **arguments)
    assert (game.position(), game.history, game.knowledge()) == before


def test_a_previous_review_with_other_settings_is_refused() -> None:
    game = _blunder()
    earlier = sw.review_game(game, samples=2, node_limit=20_000)
    with pytest.raises(ValueError, match="other settings"):
        sw.review_game(game, **FAST, previous=earlier)


def test_the_table_and_the_graph_speak_the_language_in_force() -> None:
    review = sw.review_game(_blunder(), **BLUNDER_BUDGET)
    english = review._repr_html_()
    assert "<caption>The win chance went from" in english and "<th>Best move</th>" in english
    with using("el"):
        greek = review._repr_html_()
        ax = review.plot()
    assert "Move" not in greek and "The win chance" not in greek
    labels = [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), *(text.get_text() for text in ax.get_legend().texts)]
    assert all(label and not re.search("[A-Za-z]", label) for label in labels), labels
    shares = ax.lines[0].get_ydata()
    assert len(shares) == len(BLUNDER) + 1 and shares[-1] == 0.0
    assert [text.get_text() for text in ax.texts] == ["5"], "the costly move is marked with its number"


def test_the_docstring_example_runs() -> None:
    result = doctest.testmod(importlib.import_module("solitaire_widget.advice.game_review"))
    assert result.attempted > 0 and result.failed == 0
