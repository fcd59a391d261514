"""The playing strategies: they play legal, repeatable games, keep to their own rules, and summarise honestly."""

from __future__ import annotations

import doctest
import random
from dataclasses import replace

import matplotlib
import pytest

import solitaire_widget as sw
from solitaire_widget import strategies
from solitaire_widget.cards import RANKS, is_red, parse_card, rank_of
from solitaire_widget.strategies import (
    STRATEGIES,
    Result,
    Strategy,
    compare,
    play_out,
    plot,
    report,
    strategies_for,
    summary,
)
from tests.advice.helpers import SETTING_IDS, SETTINGS, played, twin

matplotlib.use("Agg")

KLONDIKE_FAMILY = ("athena", "thumb-and-pouch", "aunt-mary", "klondike")


def test_module_examples_hold() -> None:
    assert doctest.testmod(strategies).failed == 0


def test_each_game_has_its_own_set_of_strategies() -> None:
    for variant in KLONDIKE_FAMILY:
        assert list(strategies_for(variant)) == ["random", "bold", "cautious", "undo-search"]
    assert list(strategies_for("camelot")) == ["random", "centre-first", "edge-first", "help-page"]
    assert all(strategy.description for strategy in STRATEGIES)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: strategies_for("spider"), "unknown game 'spider'"),
    (lambda: play_out(sw.new_game("athena", deal=1), "centre-first"), "no strategy 'centre-first' for athena"),
    (lambda: play_out(sw.new_game("camelot", deal=1), strategies_for("athena")["bold"]),
     "plays the klondike family, not camelot"),
])
def test_a_strategy_must_fit_the_game(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_only_the_search_is_not_fair() -> None:
    assert [strategy.name for strategy in STRATEGIES if not strategy.fair] == ["undo-search"]
    undo = strategies_for("athena")["undo-search"]
    assert undo.search and undo.description.startswith("tries moves and takes them back")
    with pytest.raises(ValueError, match="cannot be fair"):
        replace(undo, fair=True)


def _positions(variant: str, options: dict[str, int]) -> list[tuple[sw.Game, list[str]]]:
    """Games a player may be looking at, with the scripts that led there: random play of every length, undo, redo
    and restart included, on a few deals; only those with enough cards never seen for their twins to differ."""
    found = []
    for deal in range(301, 305):
        for steps in (0, 6, 20, 45, 90):
            game, script = played(variant, options, deal=deal, steps=steps, seed=deal * 100 + steps)
            if not game.is_over and len(game.knowledge().unseen) >= 6:
                found.append((game, script))
    return found


def _ranked(strategy: Strategy, game: sw.Game, seed: int) -> list[str]:
    return [str(move) for move in strategy.rank(game, random.Random(seed))]


def _next_move(strategy: Strategy, game: sw.Game, seed: int, max_moves: int = 1) -> str | None:
    """The move the player plays next with ``strategy`` (None: it stops), on a copy of ``game``."""
    copy = game.copy()
    before = len(copy.history)
    play_out(copy, strategy, seed=seed, max_moves=max_moves)
    return str(copy.history[before]) if len(copy.history) > before else None


def _hidden(game: sw.Game) -> dict:
    return {**game.position(), "deal": None}


@pytest.mark.parametrize(("variant", "options"), SETTINGS, ids=SETTING_IDS)
def test_every_fair_strategy_plays_alike_games_a_player_cannot_tell_apart(variant: str, options: dict) -> None:
    """Twins show the same cards, with other cards face down and another deal number (none, or the next): a fair
    strategy ranks the same moves in both and its player plays the same move, or it used what a player cannot see."""
    fair = [strategy for strategy in strategies_for(variant).values() if strategy.fair]
    positions = _positions(variant, options)
    assert len(positions) >= 10
    for number, (game, script) in enumerate(positions):
        for other in (twin(game, script, seed=number), twin(game, script, seed=number + 1, deal=game.deal + 1)):
            assert other.knowledge() == game.knowledge() and _hidden(other) != _hidden(game)
            assert other.deal != game.deal
            for strategy in fair:
                assert _ranked(strategy, game, number) == _ranked(strategy, other, number), (strategy.name, script)
                assert _next_move(strategy, game, number) == _next_move(strategy, other, number), strategy.name


def test_the_undo_search_plays_such_games_differently() -> None:
    """Why it is not fair: the moves it takes back showed it cards, and over other hidden cards it plays otherwise."""
    undo = replace(strategies_for("aunt-mary")["undo-search"], search=300)
    differ = 0
    for deal in range(301, 311):
        game = sw.new_game("aunt-mary", deal=deal)
        other = twin(game, [], seed=deal)
        differ += _next_move(undo, game, 0, 1000) != _next_move(undo, other, 0, 1000)
    assert differ, "the undo-search played ten pairs of twins alike from their first move"


@pytest.mark.parametrize("variant", ["athena", "thumb-and-pouch", "aunt-mary", "camelot"])
def test_every_strategy_plays_a_legal_game_that_replays(variant: str) -> None:
    for name in strategies_for(variant):
        if name == "undo-search":
            continue  # searched separately below, being slower
        game = sw.new_game(variant, deal=3)
        result = play_out(game, name, seed=1)
        assert (result.variant, result.deal, result.strategy) == (variant, 3, name)
        assert (result.score, result.status, result.moves) == (game.score, game.status, len(game.history))
        assert sw.Game.from_record(game.record()).position() == game.position()


@pytest.mark.parametrize("variant", ["athena", "camelot"])
def test_a_seed_makes_a_game_repeatable(variant: str) -> None:
    first, second = sw.new_game(variant, deal=8), sw.new_game(variant, deal=8)
    play_out(first, "random", seed=4)
    play_out(second, "random", seed=4)
    assert first.history == second.history


def test_the_player_never_brings_back_a_position() -> None:
    game = sw.new_game("thumb-and-pouch", deal=2)
    play_out(game, "random", seed=2)
    replay = sw.new_game("thumb-and-pouch", deal=2)
    seen = {repr(replay.position()["tableau"]) + repr(replay.position()["foundations"]) + str(replay.stock_count)}
    for move in game.history:
        replay.play(move)
        key = repr(replay.position()["tableau"]) + repr(replay.position()["foundations"]) + str(replay.stock_count)
        key += str(replay.redeals_left)
        assert key not in seen
        seen.add(key)


def test_max_moves_bounds_a_game() -> None:
    game = sw.new_game("athena", deal=5)
    assert play_out(game, "bold", max_moves=7).moves == 7


def test_only_the_undo_search_takes_cards_back_down() -> None:
    family = strategies_for("athena")
    game = sw.new_game("athena", deal=2)
    rng = random.Random(0)
    while not any(move.src and move.src.startswith("f") for move in game.legal_moves()):
        game.play(family["bold"].rank(game, rng)[0])
    for name in ("bold", "cautious"):
        assert not any(move.src and move.src.startswith("f") for move in family[name].rank(game, rng))
    assert any(move.src and move.src.startswith("f") for move in family["undo-search"].rank(game, rng))


def test_cautious_sends_a_card_up_early_only_when_nothing_else_is_left() -> None:
    for deal in range(1, 8):
        game = sw.new_game("athena", deal=deal)
        play_out(game, "cautious")
        replay = sw.new_game("athena", deal=deal)
        for move in game.history:
            if move.dst and move.dst.startswith("f"):
                card = parse_card(replay.cards_in(move.src)[-1])
                up = {code for pile in ("f1", "f2", "f3", "f4") for code in replay.cards_in(pile)}
                needed = [code for code in (f"{RANKS[rank_of(card) - 2]}{suit}" for suit in "CDHS")
                          if rank_of(card) > 2 and is_red(parse_card(code)) != is_red(card) and code not in up]
                others = [m for m in replay.legal_moves()
                          if not (m.dst and m.dst.startswith("f")) and not (m.src and m.src.startswith("f"))]
                assert not needed or not others or all(_only_shuffles(replay, m) for m in others), (deal, move)
            replay.play(move)


def _only_shuffles(game: sw.Game, move: sw.Move) -> bool:
    """A tableau move that turns no card up and empties no column (what cautious keeps for last)."""
    if move.kind != "move" or not (move.src or "").startswith("t") or not (move.dst or "").startswith("t"):
        return False
    column = game.cards_in(move.src)  # type: ignore[arg-type]
    rest = column[: len(column) - move.count]
    return bool(rest) and not rest[-1].islower()


def test_the_search_ends_on_the_best_position_it_found() -> None:
    quick = replace(strategies_for("aunt-mary")["undo-search"], search=400)
    game = sw.new_game("aunt-mary", deal=1)
    result = play_out(game, quick)
    bold = play_out(sw.new_game("aunt-mary", deal=1), "bold")
    assert result.score >= bold.score
    assert sw.Game.from_record(game.record()).score == result.score


CENTRE = {"r2c2", "r2c3", "r3c2", "r3c3"}


@pytest.mark.parametrize(("name", "deal", "to_centre"), [
    ("centre-first", 5, True),  # deal 5 turns up the 5♣ first
    ("edge-first", 5, False),
    ("help-page", 12, False),  # the 10♥ will leave on its own in phase two, so it takes an edge cell
    ("help-page", 7, True),  # the 3♦ has no Seven on the (empty) grid to pair off with
])
def test_camelot_strategies_place_the_first_card_where_they_say(name: str, deal: int, to_centre: bool) -> None:
    game = sw.new_game("camelot", deal=deal)
    game.play("deal")
    best = strategies_for("camelot")[name].rank(game, random.Random(0))[0]
    assert best.kind == "place" and (best.dst in CENTRE) == to_centre


def test_compare_plays_the_same_deals_for_every_strategy() -> None:
    results = compare("camelot", ["random", "help-page"], deals=[3, 1, 2])
    assert [(r.strategy, r.deal) for r in results] == [
        ("random", 3), ("random", 1), ("random", 2), ("help-page", 3), ("help-page", 1), ("help-page", 2)]


def test_summary_counts_wins_and_averages_scores() -> None:
    results = [Result("camelot", 1, "a", 40, "won", 60), Result("camelot", 2, "a", 10, "lost", 20),
               Result("camelot", 1, "b", 4, "lost", 9)]
    table = summary(results)
    assert list(table) == ["a", "b"]
    assert (table["a"].games, table["a"].wins, table["a"].mean_score, table["a"].win_rate) == (2, 1, 25.0, 0.5)
    assert (table["b"].wins, table["b"].win_rate) == (0, 0.0)
    assert results[0].won and not results[1].won


def test_plot_draws_a_bar_per_strategy() -> None:
    results = compare("camelot", ["random", "centre-first", "edge-first"], deals=range(1, 4))
    ax = plot(results, title="Camelot")
    assert [tick.get_text() for tick in ax.get_xticklabels()] == ["random", "centre-first", "edge-first"]
    assert len(ax.patches) == 3 and ax.get_title() == "Camelot"
    assert all(text.get_text().startswith("mean score") for text in ax.texts)


def test_plot_can_show_mean_scores_instead() -> None:
    results = [Result("camelot", 1, "a", 12, "lost", 40), Result("camelot", 2, "a", 20, "lost", 50),
               Result("camelot", 1, "b", 40, "won", 126)]
    ax = plot(results, measure="score")
    assert [bar.get_height() for bar in ax.patches] == [16.0, 40.0]
    assert [text.get_text() for text in ax.texts] == ["0% won", "100% won"]
    with pytest.raises(ValueError, match="measure"):
        plot(results, measure="speed")


@pytest.mark.parametrize(("language", "won", "decimal_comma", "deals"), [
    ("el", "νίκες", "50,0%", "2 μοιρασιές ανά στρατηγική"), ("ru", "побед", "50,0\xa0%", "2 раздачи на стратегию"),
])
def test_a_report_a_plot_and_the_descriptions_speak_the_language_in_force(language, won, decimal_comma, deals):
    results = [Result("camelot", 1, "centre-first", 40, "won", 126),
               Result("camelot", 2, "centre-first", 12, "lost", 50)]
    with sw.i18n.using(language):
        table = report(results)
        assert won in table.splitlines()[0] and decimal_comma in table and "26,0" in table
        assert all(row.split()[0] == "centre-first" for row in table.splitlines()[1:])  # names are code: kept
        ax = plot(results)
        assert ax.get_title() == deals and "," in ax.texts[0].get_text()
        for strategy in strategies.STRATEGIES:
            assert strategy.description != strategy.english, f"{strategy.name} has no {language} description"
    assert strategies.STRATEGIES[0].description == strategies.STRATEGIES[0].english  # English: as written
