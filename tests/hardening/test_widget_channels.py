"""The widget's channels under hostile or careless use: Python owns every synced trait, nothing a front end sends
comes back whole, bad arguments are refused at the call with nothing half-built left, a game driven from several
threads at once stays whole, and the deal number can be kept off the board (issue 23)."""

from __future__ import annotations

import json
import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ipywidgets.widgets.widget import _instances  # no public registry of open widgets

import solitaire_widget as sw
from solitaire_widget import Game
from solitaire_widget.widget import Solitaire

from ..widget.conftest import FakeFrontEnd

MESSAGE_LIMIT = 400
#: Every synced trait of the board's own (ipywidgets' layout, tabbable and tooltip are the DOMWidget's).
PYTHON_OWNED = sorted(name for name in Solitaire.class_traits(sync=True)
                      if not name.startswith("_") and name not in {"layout", "tabbable", "tooltip"})
GARBAGE = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=30), st.lists(st.integers(), max_size=3),
                    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3), st.just("x" * 1_000_000))


# 5. A front end cannot overwrite what Python owns ------------------------------------------------------------------

@given(name=st.sampled_from(PYTHON_OWNED), value=GARBAGE)
@settings(max_examples=60, deadline=None)
def test_a_front_end_write_to_a_python_owned_trait_is_ignored_and_undone(name, value):
    widget = Solitaire("athena", deal=1)
    sent = []
    widget.send_state = lambda key=None: sent.append(key)  # type: ignore[method-assign]
    echoed = []
    widget._send = lambda msg, buffers=None: echoed.append(msg)  # type: ignore[method-assign]
    before = {trait: json.dumps(getattr(widget, trait), sort_keys=True) for trait in PYTHON_OWNED}
    # What ipywidgets does with an "update" message from a view.
    widget._handle_msg({"content": {"data": {"method": "update", "state": {name: value}}}, "buffers": []})
    after = {trait: json.dumps(getattr(widget, trait), sort_keys=True) for trait in PYTHON_OWNED}
    assert after == before
    assert sent == [[name]], "the front end is sent the true value back"
    assert not any(msg.get("method") == "echo_update" for msg in echoed), "the garbage was echoed to other views"
    widget.close()


# 6. What a front end sends never comes back whole ------------------------------------------------------------------

HUGE = "x" * 1_000_000


@pytest.mark.parametrize("message", [
    {"type": "intent", "action": HUGE, "rev": 0, "seq": 1, "view": "v"},
    {"type": HUGE, "action": "undo", "rev": 0, "seq": 1, "view": "v"},
    {"type": "intent", "action": "undo", "rev": HUGE, "seq": 1, "view": "v"},
    {"type": "intent", "action": "undo", "rev": 0, "seq": HUGE, "view": "v"},
    {"type": "intent", "action": "undo", "rev": 0, "seq": 1, "view": HUGE},
    {"type": "intent", "action": "undo", "rev": 0, "seq": 1, "view": "v", HUGE: 1},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v", "move": {"kind": HUGE}},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v",
     "move": {"kind": "move", "from": HUGE, "to": "t1"}},
    {"type": "intent", "action": "foundation", "rev": 0, "seq": 1, "view": "v", "pile": HUGE},
    {"type": "intent", "action": "play", "rev": 0, "seq": 1, "view": "v", "move": {"kind": "place", "to": HUGE}},
    HUGE, [HUGE] * 3,
])
def test_an_intent_s_garbage_is_never_echoed(message):
    widget = Solitaire("klondike", deal=2)
    front = FakeFrontEnd(widget)
    before = widget.game.position()
    answer = front.raw(message)
    assert len(widget.message["text"]) <= MESSAGE_LIMIT
    assert answer is None or len(json.dumps(answer)) <= MESSAGE_LIMIT + 200
    assert widget.game.position() == before
    widget.close()


# 7. Widget arguments -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("arguments", "keywords", "message"), [
    (("",), {}, "unknown game ''"),
    (("athena",), {"card_size": "huge"}, "card_size must be one of"),
    (("athena",), {"card_size": 2}, "card_size must be one of"),
    (("athena",), {"highlight": "yes"}, "highlight must be True or False"),
    (("athena",), {"coach": 1}, "coach must be True or False"),
    (("athena",), {"hint_time": -1}, "hint_time must be a number above 0"),
    (("athena",), {"chance_time": float("nan")}, "chance_time"),
    (("athena",), {"solve_time": "10"}, "solve_time"),
    (("athena",), {"solve_time": 10**9}, "at most 86400"),
    (("athena",), {"deal": -3}, "deal number"),
    (("athena",), {"draw": 2}, "option draw"),
])
def test_bad_widget_arguments_are_refused_and_nothing_half_built_stays(arguments, keywords, message):
    open_before = len(_instances)
    with pytest.raises(ValueError, match=message) as caught:
        Solitaire(*arguments, **keywords)
    assert len(str(caught.value)) <= MESSAGE_LIMIT
    assert len(_instances) == open_before, "a widget was left open"


@pytest.mark.parametrize(("call", "message"), [
    (lambda w: w.check_winnable(time_limit="x"), "time_limit"),
    (lambda w: w.check_winnable(time_limit=-2), "time_limit"),
    (lambda w: w.lesson(5), "a lesson is a list of steps"),
    (lambda w: w.lesson("deal"), "a lesson is a list of steps"),
    (lambda w: w.lesson([("deal", 5)]), "caption must be a string"),
    (lambda w: w.on_move(5), "on_move takes a function"),
    (lambda w: w.on_move(print, remove="no"), "remove must be True or False"),
    (lambda w: w.hint(peek="x"), "peek must be True or False"),
    (lambda w: w.new_deal(deal=2.5), "deal number"),
    (lambda w: setattr(w, "hint_time", 0), "hint_time"),
    (lambda w: setattr(w, "card_size", "huge"), "card_size must be one of"),
    (lambda w: setattr(w, "animate", None), "animate must be True or False"),
])
def test_bad_calls_on_a_widget_are_refused_and_change_nothing(call, message):
    widget = Solitaire("athena", deal=1)
    before = (widget.game.position(), widget.view, widget.hint_time, widget.card_size, widget.animate)
    with pytest.raises(ValueError, match=message):
        call(widget)
    assert (widget.game.position(), widget.view, widget.hint_time, widget.card_size, widget.animate) == before
    widget.close()


# 9. Threads: the board's own searches, Python and the board all at once --------------------------------------------

ROUNDS = 150


def test_the_widget_survives_searches_python_and_the_board_all_at_once():
    widget = Solitaire("klondike", deal=4, show_chances=True, coach=True, chance_time=0.2, solve_time=0.5)
    front = FakeFrontEnd(widget)
    errors: list[BaseException] = []
    # Each side goes on until both have done ROUNDS rounds (so they overlap for at least the slower one's ROUNDS,
    # whatever the machine's speed), or one has failed.
    rounds = [0, 0]

    def going() -> bool:
        return min(rounds) < ROUNDS and not errors

    def python_side() -> None:
        rng = random.Random(1)
        try:
            while going():
                rounds[0] += 1
                moves = widget.game.legal_moves()
                choice = rng.random()
                if choice < 0.2 and widget.game.can_undo:
                    widget.undo()
                elif moves:
                    try:
                        widget.play(rng.choice(moves))
                    except ValueError:  # the board moved first: this move is no longer legal
                        pass
                widget.check_winnable()
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    def board_side() -> None:
        rng = random.Random(2)
        try:
            while going():
                rounds[1] += 1
                action = rng.choice(["deal", "undo", "hint", "winnable", "play"])
                if action == "play":
                    moves = widget.view["legal"]
                    if moves:
                        front.play(sw.Move.parse(rng.choice(moves)).to_dict())
                elif action == "deal":
                    front.play({"kind": "deal"})
                else:
                    front.intent(action)
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=python_side), threading.Thread(target=board_side)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
        assert not thread.is_alive(), "a side hung"
    widget.close()
    for search in (widget._check, widget._hinting, widget._analysing):
        search.join(30)
    assert not errors, errors
    # The game is whole: its history replays, from the deal, to the very position it is in.
    game = widget.game
    replayed = Game.from_record(game.record())
    assert replayed.position() == game.position()
    assert widget.view["rev"] > 10 and widget.view["moves"] == game.moves


# 11. Keeping the deal number off the board --------------------------------------------------------------------------

def test_hide_deal_keeps_the_number_off_the_board_until_the_game_ends():
    widget = Solitaire("thumb-and-pouch", deal=987654, hide_deal=True)
    front = FakeFrontEnd(widget)

    def board_text() -> str:
        return json.dumps([widget.view, widget.status_line, widget.message, widget.suggestion, widget.winnable,
                           widget.meter, widget.coach_note, widget.lesson_state])

    assert widget.view["deal"] is None and "987654" not in board_text()
    line = sw.solve(widget.game, time_limit=10).line
    for move in line[:-1]:
        front.play(move.to_dict())
        assert "987654" not in board_text()
    widget.play(line[-1])
    assert widget.game.status == "won"
    assert widget.view["deal"] == 987654 and "deal 987654" in widget.status_line
    widget.new_deal()
    assert widget.view["deal"] is None and str(widget.game.deal) not in widget.message["text"]
    widget.hide_deal = False
    assert widget.view["deal"] == widget.game.deal
    widget.close()
