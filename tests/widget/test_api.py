"""The widget from Python: driving the board, reacting to moves, options, hints, winnability and lessons."""

from __future__ import annotations

import re
import time

import pytest

import solitaire_widget as sw
from solitaire_widget.solver import solve
from solitaire_widget.widget import MoveEvent, Solitaire
from solitaire_widget.widget.analysis import lock_reason, verdict_text

from ..solver.helpers import family_position
from .conftest import FakeFrontEnd, snapshot


def test_python_moves_show_on_the_board() -> None:
    widget = Solitaire("thumb-and-pouch", deal=1)
    assert widget.play("t5-f1") is None and widget.game.history == (sw.Move.parse("t5-f1"),)
    assert widget.view["foundations"][0] == ["AS"] and widget.view["rev"] == 1
    assert widget.undo() is sw.Move.parse("t5-f1") and widget.view["foundations"][0] == []
    widget.redo()
    widget.restart()
    assert widget.game.history == () and widget.view["rev"] == 4
    widget.new_deal(deal=99)
    assert widget.game.deal == 99 and widget.view["deal"] == 99 and widget.game.variant == "thumb-and-pouch"


def test_python_errors_raise_and_change_nothing() -> None:
    widget = Solitaire("athena", deal=1)
    before = snapshot(widget)
    with pytest.raises(sw.IllegalMove, match="the J♥ cannot go on the A♠"):
        widget.play("t1-t2")
    with pytest.raises(ValueError, match="nothing to undo"):
        widget.undo()
    with pytest.raises(ValueError, match="nothing to redo"):
        widget.redo()
    with pytest.raises(ValueError):
        widget.play("fly away")
    assert snapshot(widget) == before


def test_constructor_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="unknown|variant"):
        Solitaire("freecell")
    with pytest.raises(ValueError):
        Solitaire("athena", deal=-1)
    with pytest.raises(ValueError, match="either game= or"):
        Solitaire("athena", game=sw.new_game("athena", deal=1))
    with pytest.raises(ValueError, match="takes a solitaire_widget.Game"):
        Solitaire(game="athena")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="card_size must be one of 'auto', 'small', 'medium', 'large', not 'huge'"):
        Solitaire("athena", deal=1, card_size="huge")
    widget = Solitaire("klondike", deal=2, draw=3, four_color=True, card_size="large", animate=False)
    assert widget.game.options == {"draw": 3, "redeals": -1}
    assert (widget.four_color, widget.card_size, widget.animate, widget.highlight) == (True, "large", False, True)
    assert Solitaire().game.variant == "athena"


def test_a_game_in_hand_can_be_shown() -> None:
    game = sw.new_game("camelot", deal=5)
    game.play("deal")
    widget = Solitaire(game=game)
    assert widget.game is game and widget.view["waste"] == game.position()["waste"]


def test_on_move_hears_every_change_whoever_makes_it() -> None:
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    events: list[MoveEvent] = []
    widget.on_move(events.append)
    front.play({"kind": "deal"})
    widget.play("t2-f1")
    front.intent("undo")
    widget.restart()
    front.intent("new_deal")
    assert [(e.kind, str(e.move) if e.move else None, e.source) for e in events] == [
        ("play", "deal", "board"), ("play", "t2-f1", "python"), ("undo", "t2-f1", "board"),
        ("restart", None, "python"), ("new_deal", None, "board"),
    ]
    assert all(e.widget is widget for e in events)
    widget.on_move(events.append, remove=True)
    widget.play("deal")
    assert len(events) == 5


def test_a_failing_callback_does_not_break_the_board() -> None:
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)

    def broken(event: MoveEvent) -> None:
        raise RuntimeError("notebook bug")

    widget.on_move(broken)
    assert front.play({"kind": "deal"})["ok"]
    assert len(widget.game.history) == 1


def test_observing_the_view_sees_every_move() -> None:
    widget = Solitaire("athena", deal=1)
    revs: list[int] = []
    widget.observe(lambda change: revs.append(change["new"]["rev"]), "view")
    widget.play("deal")
    FakeFrontEnd(widget).play({"kind": "deal"})
    assert revs == [1, 2]


def test_hint_marks_the_move_without_playing_it() -> None:
    widget = Solitaire("thumb-and-pouch", deal=1)
    front = FakeFrontEnd(widget)
    before = widget.game.position()
    answer = front.intent("hint")
    assert answer["ok"] and widget.game.position() == before
    widget._hinting.join(10)
    hint = widget.game.hint()
    assert widget.suggestion is not None and widget.suggestion["text"].startswith("Hint")
    assert widget.suggestion["text"] == widget.message["text"]
    assert widget.suggestion["from"] and widget.suggestion["from"][0] in widget.game.pile_names
    assert hint.move is not None
    widget.play(hint.move)
    assert widget.suggestion is None  # a move clears the hint on show


def test_hint_from_python_answers_at_once() -> None:
    widget = Solitaire("thumb-and-pouch", deal=1)
    found = widget.hint()  # no worker thread: the Hint comes back, and is on the board already
    assert found.move is not None and widget.suggestion["text"].startswith("Hint") and not widget._hinting.running
    assert widget.suggestion["text"] == widget.message["text"]


def test_the_hint_button_searches_in_the_background_and_a_move_cancels_it(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_widget.widget import solitaire

    real, seen = solitaire.hint, []

    def slow_hint(known, *, time_limit, cancel):  # waits until cancelled (or 10 s), noting what it was given
        seen.append((known, cancel.wait(10)))
        return real(known, time_limit=0.1)

    monkeypatch.setattr(solitaire, "hint", slow_hint)
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    answer = front.intent("hint")  # returns while the search runs
    assert answer["ok"] and widget.message["text"] == "Looking for a good move…" and widget.suggestion is None
    widget.play("deal")
    widget._hinting.join(10)
    # Cancelled, and given only what the player knows: the knowledge value, never the game.
    assert len(seen) == 1 and seen[0][1] is True and isinstance(seen[0][0], sw.Knowledge)
    assert widget.suggestion is None  # the late hint about the old position was dropped


def test_the_board_hint_is_fair_and_python_may_ask_for_a_peek() -> None:
    widget = Solitaire("klondike", deal=2)
    fair = widget.hint()
    # The board says what to do in one short sentence, and why behind "Why?".
    assert not fair.peeked and widget.suggestion["text"] == f"Hint: {fair.advice}" == "Hint: Move the 7♥ to column 5."
    assert widget.message["why"] == fair.reason
    peeked = widget.hint(peek=True)
    assert peeked.peeked and widget.suggestion["text"] == f"Hint: {peeked.advice}"
    assert widget.message["why"].startswith("Looking at the hidden cards")


def test_a_failing_hint_search_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_widget.widget import solitaire

    def broken(known, *, time_limit, cancel):
        raise RuntimeError("out of cards")

    monkeypatch.setattr(solitaire, "hint", broken)
    widget = Solitaire("athena", deal=1)
    before = widget.game.position()
    FakeFrontEnd(widget).intent("hint")
    widget._hinting.join(10)
    assert widget.message == {"text": "The hint failed: RuntimeError('out of cards')", "kind": "error",
                              "id": widget.message["id"], "view": "", "why": ""}
    assert widget.suggestion is None and widget.game.position() == before


def _wait_for_verdict(widget: Solitaire, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while widget.winnable["state"] == "running" and time.monotonic() < deadline:
        time.sleep(0.02)
    return widget.winnable


def test_winnable_runs_in_the_background_and_reports() -> None:
    widget = Solitaire("thumb-and-pouch", deal=1)
    front = FakeFrontEnd(widget)
    assert front.intent("winnable")["ok"]
    state = _wait_for_verdict(widget)
    assert state["state"] == "done" and state["verdict"] in ("winnable", "unwinnable", "unknown")
    # Said once, in the verdict's own place on the board, with no time in it (it varies from machine to machine).
    assert state["text"] != widget.message["text"] and " s)" not in state["text"]


def test_a_locked_card_says_why_without_naming_what_is_face_down() -> None:
    # Klondike deal 5 is lost from the start: the Q♠ lies face down on both red Kings and on the A♠.
    widget = Solitaire("klondike", deal=5)
    widget.check_winnable()
    state = _wait_for_verdict(widget)
    assert state["verdict"] == "unwinnable"
    assert state["text"] == ("Peeking at the hidden cards: not winnable any more. A card you cannot see yet can "
                             "never leave its place.")
    assert "Q" not in state["text"] and "spade" not in state["text"]


@pytest.mark.parametrize(("tableau", "diamonds", "waste", "redeals_used", "expected"), [
    (["kc jh QD", "ks jd QH", "KH", "KD"], "T", "", 0, "These cards can never leave their places: Q♦, Q♥."),
    (["KH"], "K", "KC KS JH QH", 2, "The Q♥ can never leave its place."),
    (["kc ks jh qh KD", "KH"], "Q", "", 0, "A card you cannot see yet can never leave its place."),
    (["kc ks jh QH", "KH"], "K", "", 2, "The Q♥ can never leave its place."),
])
def test_lock_reason_names_only_cards_in_sight(tableau, diamonds, waste, redeals_used, expected) -> None:
    # Each red Queen lies on what it needs (its Jack, the black Kings) and no Queen may fill an empty column.
    position = family_position("klondike", tableau, foundations={"C": "Q", "D": diamonds, "H": "T", "S": "Q"},
                               waste=waste, draw=1, redeals=2, redeals_used=redeals_used)
    game = sw.Game.from_position(position)
    assert lock_reason(game) == expected
    assert verdict_text(solve(game), lock_reason(game))["text"] == (f"Peeking at the hidden cards: not winnable "
                                                                    f"any more. {expected}")


def test_a_position_lost_without_a_lock_says_the_solver_tried_every_line() -> None:
    # Aunt Mary deal 11 has no locked card, but the solver exhausts its 29 states without a win.
    widget = Solitaire("aunt-mary", deal=11)
    widget.check_winnable()
    state = _wait_for_verdict(widget)
    assert state["verdict"] == "unwinnable" and lock_reason(widget.game) == ""
    assert state["text"].startswith("Peeking at the hidden cards: not winnable any more, the solver tried every")
    assert lock_reason(sw.new_game("camelot", deal=1)) == ""


def test_a_move_cancels_the_winnable_check(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_widget.widget import analysis

    started, seen_cancel = [], []

    def slow_solve(game, *, time_limit, cancel):
        started.append(game)
        seen_cancel.append(cancel.wait(10))
        return solve(game, time_limit=0.1)

    monkeypatch.setattr(analysis, "solve", slow_solve)
    widget = Solitaire("athena", deal=1)
    widget.check_winnable()
    assert widget.winnable["state"] == "running"
    widget.play("deal")
    widget._check.join(10)
    assert seen_cancel == [True] and started[0] is not widget.game  # it searched a copy
    assert widget.winnable["state"] == "idle"  # the late verdict about the old position was dropped


def test_the_winnable_button_toggles(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_widget.widget import analysis

    monkeypatch.setattr(analysis, "solve", lambda game, *, time_limit, cancel: cancel.wait(10))
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    front.intent("winnable")
    assert widget.winnable["state"] == "running"
    front.intent("winnable")
    assert widget.winnable["state"] == "idle" and widget.message["text"] == "Stopped checking."
    widget._check.join(10)


def test_the_lesson_player() -> None:
    widget = Solitaire("thumb-and-pouch", deal=1)
    front = FakeFrontEnd(widget)
    widget.lesson([("t5-f1", "The Ace goes up at once."), ({"kind": "deal"}, "Now deal a card.")])
    state = widget.lesson_state
    assert state["active"] and state["step"] == 0 and state["total"] == 2 and not state["can_back"]
    assert str(widget.lesson_next()) == "t5-f1"
    assert widget.lesson_state["caption"] == "The Ace goes up at once."
    assert widget.lesson_state["marks"] == {"from": ["t5"], "to": ["f1"], "text": "The Ace goes up at once."}
    assert front.intent("lesson_next")["ok"] and widget.lesson_state["step"] == 2
    assert not widget.lesson_state["can_next"] and widget.lesson_next() is None
    assert front.intent("lesson_back")["ok"] and widget.lesson_state["step"] == 1
    # The player strays from the line; Back brings the board back to it.
    widget.play("f1-t5")
    widget.play("deal")
    assert "left the lesson" in widget.lesson_state["caption"] and not widget.lesson_state["can_next"]
    assert widget.lesson_next() is None
    widget.lesson_back()
    assert [str(m) for m in widget.game.history] == ["t5-f1"] and widget.lesson_state["step"] == 1
    # A move of the player's that happens to be the lesson's next step keeps the lesson on its line.
    widget.play("deal")
    assert widget.lesson_state["step"] == 2 and widget.lesson_state["caption"] == "Now deal a card."
    assert front.intent("lesson_close")["ok"] and not widget.lesson_state["active"]
    assert widget.lesson_next() is None and widget.message["kind"] == "error"


def test_a_lesson_is_checked_before_it_starts() -> None:
    widget = Solitaire("athena", deal=1)
    with pytest.raises(ValueError, match="step 2"):
        widget.lesson([("deal", "one"), ("t1-t2", "two")])
    with pytest.raises(ValueError, match="pair"):
        widget.lesson(["deal"])
    with pytest.raises(ValueError, match="at least one"):
        widget.lesson([])
    assert not widget.lesson_state["active"] and widget.game.history == ()


# The win-chance meter and the coach ----------------------------------------------------------------------------

def _settle(widget: Solitaire, timeout: float = 30.0) -> None:
    """Wait for the worker threads: the meter's analysis and the coach's review."""
    deadline = time.monotonic() + timeout
    while widget._analysing.running and time.monotonic() < deadline:
        time.sleep(0.02)
    widget._analysing.join(timeout)


def test_the_meter_is_off_by_default_and_shows_the_fair_chance_when_on() -> None:
    widget = Solitaire("thumb-and-pouch", deal=1, chance_time=2.0)
    assert widget.meter["state"] == "off" and not widget._analysing.running
    widget.show_chances = True
    _settle(widget)
    meter = widget.meter
    assert meter["state"] == "done" and 0 <= meter["share"] <= 1 and meter["low"] <= meter["share"] <= meter["high"]
    assert meter["text"].startswith("Win chance: about") and meter["samples"] > 0
    front = FakeFrontEnd(widget)
    front.play({"kind": "deal"})
    assert widget.meter["state"] == "running"  # a move starts a new estimate at once
    _settle(widget)
    assert widget.meter["state"] == "done"
    widget.show_chances = False
    assert widget.meter["state"] == "off"


def test_a_move_cancels_the_estimate_of_the_old_position(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_widget.widget import solitaire

    given = []

    def slow(known, *, time_limit, cancel):
        given.append(known)
        cancel.wait(10)
        return sw.chances(known, samples=2, time_limit=0.2)

    monkeypatch.setattr(solitaire, "chances", slow)
    widget = Solitaire("athena", deal=1, show_chances=True)
    widget.play("deal")  # cancels the first estimate, starts another
    widget._analysing.cancel()
    _settle(widget)
    assert all(isinstance(known, sw.Knowledge) for known in given), "the meter is given the knowledge only"
    assert widget.meter["state"] == "running"  # neither cancelled answer was shown


def test_the_coach_speaks_up_after_a_blunder_and_offers_undo(monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_widget.widget import solitaire

    # Budgets that make the answers the same on every machine.
    monkeypatch.setattr(solitaire, "chances", lambda known, *, time_limit, cancel: sw.chances(
        known, samples=8, time_limit=None, node_limit=300_000, cancel=cancel))
    monkeypatch.setattr(solitaire, "FairPlayer", lambda time_limit: sw.FairPlayer(time_limit=None))
    widget = Solitaire("aunt-mary", deal=23, coach=True)
    for move in ["deal", "waste-f1", "deal", "deal"]:
        widget.play(move)
        _settle(widget)
    assert widget.coach_note is None, "no blunder so far"
    widget.play("waste-t5")  # covers the 3♣'s place in column 5: no sample can be won any more
    _settle(widget)
    note = widget.coach_note
    assert note is not None and note["blunder"]
    assert note["text"] == ("That move gave ground away: about 0% of the deals sampled for the hidden cards are still "
                            "within reach after it, against 34% after dealing.")
    assert widget.message["text"] == note["text"]
    front = FakeFrontEnd(widget)
    assert front.intent("undo")["ok"] and widget.coach_note is None
    widget.play("waste-t5")
    _settle(widget)
    assert widget.coach_note is not None
    assert front.intent("coach_close")["ok"] and widget.coach_note is None


def test_the_still_winnable_check_says_it_peeks() -> None:
    widget = Solitaire("thumb-and-pouch", deal=1)
    widget.check_winnable()
    assert widget.winnable["text"].startswith("Peeking at the hidden cards")
    assert _wait_for_verdict(widget)["text"].startswith("Peeking at the hidden cards")


@pytest.mark.parametrize("name, meant", [("thumb_and_pouch", "thumb-and-pouch"), ("Klondike", "klondike"),
                                         ("Aunt Mary", "aunt-mary"), ("camelott", "camelot"), ("athina", "athena")])
def test_a_game_name_slip_says_which_game_was_meant_in_one_line(name: str, meant: str) -> None:
    with pytest.raises(ValueError) as raised:
        Solitaire(name)
    assert str(raised.value) == (f"unknown game {name!r}; did you mean {meant!r}? (the games are athena, "
                                 "thumb-and-pouch, aunt-mary, camelot, klondike)")
    assert raised.value.__cause__ is None and raised.value.__context__ is None
    widget = Solitaire("athena", deal=1)
    with pytest.raises(ValueError, match=f"did you mean {meant!r}"):
        widget.new_deal(variant=name)
    answer = FakeFrontEnd(widget).intent("new_deal", variant=name)
    assert not answer["ok"] and f"did you mean {meant!r}" in answer["text"]


def test_a_name_like_no_game_lists_the_games() -> None:
    with pytest.raises(ValueError) as raised:
        Solitaire("poker")
    assert str(raised.value) == ("unknown game 'poker' (the games are athena, thumb-and-pouch, aunt-mary, camelot, "
                                 "klondike)")


def test_random_deals_have_numbers_a_player_can_read_and_repeat() -> None:
    import random

    from solitaire_widget.widget.dealing import READABLE_DEALS

    random.seed(33)
    widget = Solitaire("athena")
    first = widget.game.deal
    front = FakeFrontEnd(widget)
    dealt = [first]
    for _ in range(20):
        front.intent("new_deal")
        dealt.append(widget.game.deal)
    widget.new_deal()
    dealt.append(widget.game.deal)
    assert all(1 <= deal <= READABLE_DEALS for deal in dealt), dealt
    assert len(set(dealt)) > 15
    random.seed(33)
    assert Solitaire("athena").game.deal == first  # random.seed repeats the board's random deals
    assert sw.new_game("athena", deal=first).position() == Solitaire("athena", deal=first).game.position()
    # A deal number asked for is dealt as it is, however long.
    assert Solitaire("athena", deal=4_294_967_295).game.deal == 4_294_967_295


def test_winnable_random_deals_are_readable_too() -> None:
    from solitaire_widget.widget.dealing import READABLE_DEALS

    widget = Solitaire("thumb-and-pouch", deals="winnable")
    assert 1 <= widget.game.deal <= READABLE_DEALS
    widget.new_deal()
    assert 1 <= widget.game.deal <= READABLE_DEALS and widget.deal_note["kind"] == "winnable"


def test_a_board_cell_keeps_a_picture_of_the_board_beside_the_live_view() -> None:
    """What a notebook stores of a board: the live view, and a picture and a repr of the board as it stands, which
    GitHub, nbconvert and a reopened notebook show. The picture hides what the board hides."""
    widget = Solitaire("thumb-and-pouch", deal=1)
    widget.play("t5-f1")
    data, _metadata = widget._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == widget.model_id
    assert data["text/plain"] == "<Solitaire thumb-and-pouch #1: 1 moves, score 1, playing>"
    assert data["image/svg+xml"] == sw.picture(widget.game).svg
    widget.four_color = True
    assert widget._repr_mimebundle_()[0]["image/svg+xml"] == sw.picture(widget.game, four_colour=True).svg
    hidden = Solitaire("athena", deal=42, hide_deal=True, language="el")
    data = hidden._repr_mimebundle_()[0]
    position = hidden.game.position()
    with sw.i18n.using("el"):  # the board's language, and no deal number
        assert data["image/svg+xml"] == sw.picture({**position, "deal": None}).svg != sw.picture(position).svg
    assert data["text/plain"] == "<Solitaire athena: 0 moves, score 0, playing>"
    # Face-down cards: none named, the same picture for any deal whose face-up cards are the same.
    assert 'data-card="down"' in data["image/svg+xml"]
    assert set(re.findall(r'data-card="([^"]+)"', data["image/svg+xml"])) - {"down"} == {
        card.upper() for column in hidden.game.position()["tableau"] for card in column if card.isupper()}
