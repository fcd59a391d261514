"""Every public entry point refuses bad input up front, and nothing it returns can break a game (issue 23).

Each family of fault gets many cases, most of them generated with Hypothesis. The rule for all of them: a clear
ValueError (or TypeError where Python itself raises it for a call's shape), a message of a few hundred characters at
most that says what was wrong, and the game exactly as it was.
"""

from __future__ import annotations

import copy
import json
import threading
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget import Game, Knowledge, Move
from solitaire_widget.widget.intents import parse_intent

#: The longest an error message may be: it says what was wrong, it does not quote the input back whole.
MESSAGE_LIMIT = 400

SETTINGS = [("athena", {}), ("athena", {"draw": 3}), ("thumb-and-pouch", {}), ("aunt-mary", {}), ("camelot", {}),
            ("klondike", {}), ("klondike", {"draw": 3, "redeals": -1})]


def snapshot(game: Game) -> tuple:
    return (json.dumps(game.position(), sort_keys=True), json.dumps(game.record(), sort_keys=True),
            tuple(game.legal_moves()), game.knowledge(), game.history, game.redo_stack)


def refused(call, *args, **kwargs) -> str:
    """Run ``call``; it must raise ValueError with a short message, which is answered."""
    with pytest.raises(ValueError) as caught:
        call(*args, **kwargs)
    message = str(caught.value)
    assert message and len(message) <= MESSAGE_LIMIT, f"a {len(message)}-character message: {message[:200]}..."
    return message


# 1. Options checked by type, not by equality ----------------------------------------------------------------------

NEAR_INTEGERS = st.sampled_from([3.0, 1.0, Decimal(3), Fraction(3, 1), "3", b"3", True, False, None, [3], {"v": 3},
                                 complex(3, 0), float("nan"), float("inf"), 2.5, -1.0, 10**30, -(10**30)])


@given(value=NEAR_INTEGERS, option=st.sampled_from(["draw", "redeals"]))
def test_an_option_that_is_not_a_plain_integer_is_refused_everywhere(value, option):
    variant = "klondike"
    refused(sw.new_game, variant, deal=1, **{option: value})
    position = sw.new_game(variant, deal=1).position()
    refused(Game.from_position, {**position, "options": {**position["options"], option: value}})
    record = sw.new_game(variant, deal=1).record()
    text = json.dumps({**record, "options": {option: value}}, default=str)
    refused(Game.from_json, text)
    with pytest.raises(ValueError):
        sw.Solitaire(variant, deal=1, **{option: value})


@pytest.mark.parametrize("kind", [np.int64, np.int32, np.uint8, int])
def test_integers_of_other_types_become_plain_ints(kind):
    game = sw.new_game("klondike", deal=kind(7), draw=kind(3), redeals=kind(2))
    assert all(type(value) is int for value in game.options.values()) and type(game.deal) is int
    widget = sw.Solitaire("athena", deal=kind(3), draw=kind(3))
    json.dumps(widget.get_state())  # the widget's state serialises: no numpy value reached a trait
    assert type(widget.game.options["draw"]) is int
    widget.close()


# 2. Nothing handed out is a live internal ---------------------------------------------------------------------------

def _mutate(value) -> None:
    """Change ``value`` however its type allows: clear it, add to it, change what it holds."""
    if isinstance(value, dict):
        for key in list(value):
            _mutate(value[key])
        value["intruder"] = 1
        value.pop("moves", None)
    elif isinstance(value, list):
        for item in value:
            _mutate(item)
        value.append("XX")
        value.reverse()


@pytest.mark.parametrize(("variant", "options"), SETTINGS)
def test_mutating_what_the_api_returns_never_changes_the_game(variant, options):
    game = sw.new_game(variant, deal=12, **options)
    for move in game.legal_moves()[:1] * 1:
        game.play(move)
    loaded = Game.from_position(game.position())  # a game with a start position of its own
    for subject in (game, loaded):
        before = snapshot(subject)
        for returned in (subject.position(), subject.record(), subject.options, subject.legal_moves(),
                         subject.knowledge().to_dict(), list(subject.history), subject.cards_in(subject.pile_names[1]),
                         sw.Game.from_json(subject.to_json()).record()):
            _mutate(returned)
        with pytest.raises((TypeError, AttributeError)):
            subject.rules.options["draw"] = (5,)  # the rules table is shared by every game: read-only
        assert snapshot(subject) == before
        subject.restart()
        subject.play(subject.legal_moves()[0])
        subject.undo()


def test_a_record_handed_out_cannot_break_restart():
    game = Game.from_position(sw.new_game("athena", deal=3).position())
    game.play("deal")
    record = game.record()
    record["start"]["stock"].clear()
    record["start"]["tableau"][0].append("AS")
    game.restart()
    assert game.position() == Game.from_position(sw.new_game("athena", deal=3).position()).position()


def test_mutating_what_the_board_hands_out_never_changes_what_the_browser_is_sent():
    """The board's synced state (its view, the winnable marker, the lesson bar, the words...) read from Python is a
    copy: changing it leaves the state the browser gets, now or when another view opens, as it was."""
    w = sw.Solitaire("athena", deal=12)
    w.play("deal")
    w.lesson([("deal", "Deal again.")])
    synced = [name for name in w.keys if isinstance(getattr(w, name), dict)]
    assert {"view", "winnable", "lesson_state", "words", "record", "message"} <= set(synced)
    before = json.dumps(w.get_state(), sort_keys=True, default=str)
    for name in synced:
        returned = getattr(w, name)
        for value in list(returned.values()):
            if isinstance(value, (dict, list)):
                _mutate(value)
        returned.clear()
    assert json.dumps(w.get_state(), sort_keys=True, default=str) == before
    w.undo()  # and the board goes on from the state it kept
    assert w.get_state()["view"] == w.view and w.view != json.loads(before)["view"]


# 3. Deep and huge input -------------------------------------------------------------------------------------------

def _deep(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("depth", [9, 50, 5000, 100_000])
def test_deeply_nested_input_gets_a_short_error(depth):
    nested = _deep(depth)
    position = sw.new_game("athena", deal=1).position()
    refused(Game.from_position, {**position, "stock": nested})
    refused(Game.from_position, {**position, "tableau": [nested]})
    refused(Game.from_record, {"format": 1, "variant": "athena", "deal": 1, "moves": nested})
    refused(Move.from_dict, {"kind": "move", "from": nested, "to": "t1"})
    refused(Knowledge.from_dict, {**sw.new_game("athena", deal=1).knowledge().to_dict(), "stock": nested})
    if depth <= 5000:
        refused(Game.from_json, "[" * depth + "]" * depth)
    refused(parse_intent, {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v",
                           "move": {"kind": nested}})


@given(text=st.text(min_size=1, max_size=50).map(lambda t: t * 40_000))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_huge_input_is_never_quoted_back_whole(text):
    refused(Move.parse, text)
    refused(sw.new_game, text)
    refused(Game.from_position, {"format": 1, "variant": text})
    refused(Game.from_json, json.dumps({"format": 1, "variant": "athena", "deal": 1, "moves": [text]}))
    refused(parse_intent, {"type": "intent", "action": text, "rev": 0, "seq": 1, "view": "v"})


def test_a_saved_game_has_a_size_limit():
    refused(Game.from_json, " " * 1_000_001)


# 4. Counters the rules cannot reach -------------------------------------------------------------------------------

COUNTERS = st.one_of(st.integers(min_value=-(10**40), max_value=10**40), NEAR_INTEGERS)


@given(used=COUNTERS, moves=st.one_of(st.integers(min_value=0, max_value=10), COUNTERS))
@settings(max_examples=80, deadline=None)
def test_counters_are_checked_when_a_position_is_loaded(used, moves):
    for redeals in (2, -1):
        position = {**sw.new_game("klondike", deal=9, redeals=redeals).position(), "redeals_used": used,
                    "moves": moves}
        # Plain whole numbers within reach (True is no count) are accepted, and nothing else: refused with a short
        # message that names the counter at fault.
        used_ok = type(used) is int and 0 <= used <= (redeals if redeals >= 0 else 10**6)
        moves_ok = type(moves) is int and 0 <= moves <= 10**6
        try:
            game = Game.from_position(position)
        except ValueError as error:
            assert len(str(error)) <= MESSAGE_LIMIT
            assert not (used_ok and moves_ok), f"refused a reachable position: {error}"
            assert ("redeals" in str(error)) if not used_ok else ("'moves'" in str(error)), str(error)
            continue
        assert used_ok and moves_ok, "accepted a counter the rules cannot reach"
        assert game.position()["redeals_used"] == used and game.position()["moves"] == moves
        assert sw.solve(game, node_limit=2_000, time_limit=None).verdict in ("winnable", "unwinnable", "unknown")


# 8. API misuse gets a clear error at the boundary -----------------------------------------------------------------

@pytest.mark.parametrize(("call", "message"), [
    (lambda: Move.parse("t1-t2", game="athena"), "game must be a solitaire_widget.Game"),
    (lambda: sw.solve(sw.new_game("athena", deal=1), cancel=threading.Event), "threading.Event()"),
    (lambda: sw.chances(sw.new_game("athena", deal=1), cancel=threading.Event), "threading.Event()"),
    (lambda: Game.from_position({**sw.new_game("athena", deal=1).position(), "format": True}), "format 1"),
    (lambda: Game.from_position({**sw.new_game("athena", deal=1).position(), "format": 1.0}), "format 1"),
    (lambda: Game.from_position({**sw.new_game("athena", deal=1).position(), "score": 0.0}), "score"),
    (lambda: Game.from_record({**sw.new_game("athena", deal=1).record(), "format": True}), "format 1"),
    (lambda: Game.from_record({"format": 1, "variant": "athena", "deal": 1, "moves": [], "options": {3: 1}}),
     "no option 3"),
    (lambda: sw.picture(sw.new_game("athena", deal=1), caption="yes"), "caption must be True or False"),
    (lambda: sw.strategies.play_out("athena", "bold"), "plays a Game"),
    (lambda: sw.strategies.play_out(sw.new_game("athena", deal=1), "bold", max_moves=0), "max_moves"),
    (lambda: sw.strategies.play_out(sw.new_game("athena", deal=1), 3), "strategy"),
    (lambda: sw.hint(sw.new_game("athena", deal=1), peek=1), "peek must be True or False"),
    (lambda: sw.new_game("athena", deal=1).knowledge().samples(2, seed=1.5), "seed"),
    # An integer of thousands of digits has no str() (Python's limit): the error says what was wrong without it.
    (lambda: sw.new_game("klondike", draw=10**5000), "option draw must be one of 1, 3"),
    (lambda: sw.new_game("klondike", deal=10**5000), "deal number"),
    (lambda: sw.solve(sw.new_game("athena", deal=1), time_limit=10**400), "time_limit must be a number"),
    (lambda: sw.solve(sw.new_game("athena", deal=1), node_limit=10**5000), "node_limit must be a whole number"),
    (lambda: sw.solve(sw.new_game("athena", deal=1), time_limit=-1.0), "time_limit must be a number"),
    (lambda: sw.chances(sw.new_game("athena", deal=1), time_limit=10**400), "time_limit"),
    (lambda: sw.picture(sw.Game), "not the class Game"),
])
def test_misuse_is_refused_at_the_boundary(call, message):
    assert message in refused(call)


def test_a_move_is_built_by_its_constructors_only():
    """``Move()`` has no kind, pile or count: building one that way is refused with the ways that work, rather than
    failing later, deep in the rules, when the move is played (the game is left as it was)."""
    game = sw.new_game("athena", deal=1)
    before = snapshot(game)
    with pytest.raises(TypeError, match="Move.parse"):
        game.play(Move())
    with pytest.raises(TypeError, match="Move.parse"):
        Move(kind="move", src="waste", dst="f1")
    assert snapshot(game) == before
    move = Move.parse("t3-t5x2")  # the constructors, copies and pickles still give the one shared value
    assert copy.copy(move) is move and copy.deepcopy(move) is move and Move.move("t3", "t5", 2) is move


# 11. The deal number, and what the knowledge value holds -----------------------------------------------------------

def test_the_knowledge_value_never_holds_the_deal_number():
    for variant, options in SETTINGS:
        game = sw.new_game(variant, deal=1234567, **options)
        text = json.dumps(game.knowledge().to_dict())
        assert "1234567" not in text and "deal" not in game.knowledge().to_dict()


def test_copies_of_values_are_deep():
    game = sw.new_game("athena", deal=2)
    record = game.record()
    assert copy.deepcopy(record) == record
