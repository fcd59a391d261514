"""The game chooser and the deals it picks, and finishing a game: from Python and from the board."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.widget import Solitaire

from .conftest import FakeFrontEnd, snapshot


def _events(widget: Solitaire) -> list:
    seen: list = []
    widget.on_move(seen.append)
    return seen


def test_the_chooser_switches_game_options_and_deal_and_python_follows():
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    seen = _events(widget)
    answer = front.intent("new_deal", variant="klondike", options={"draw": 3}, deal=42)
    assert answer["ok"], answer
    game = widget.game
    assert (game.variant, game.deal, game.options) == ("klondike", 42, {"draw": 3, "redeals": -1})
    assert widget.view["variant"] == "klondike" and widget.view["deal"] == 42
    assert widget.words["rules_title"] == "The rules of Klondike", "another game brings its own rules"
    assert [(e.kind, e.source) for e in seen] == [("new_deal", "board")]
    assert seen[0].widget.game is game
    front.intent("new_deal", deal="next")
    assert (widget.game.variant, widget.game.deal, widget.game.options["draw"]) == ("klondike", 43, 3)
    front.intent("new_deal", deal="previous")
    front.intent("new_deal", deal="previous")
    assert widget.game.deal == 41
    front.intent("new_deal", variant="camelot")
    assert widget.game.variant == "camelot" and widget.game.options == {}
    front.intent("new_deal", variant="athena")
    assert widget.game.options == {"draw": 1, "redeals": 2}, "a game switched to starts with its defaults"


def test_the_deal_numbers_wrap_round_at_the_ends():
    widget = Solitaire("thumb-and-pouch", deal=0)
    widget.new_deal("previous")
    assert widget.game.deal == 2**32 - 1
    widget.new_deal("next")
    assert widget.game.deal == 0


def test_new_deal_from_python_takes_a_game_and_options():
    widget = Solitaire("athena", deal=1)
    widget.new_deal(7, variant="klondike", draw=3, redeals=0)
    assert (widget.game.variant, widget.game.deal, widget.game.options) == ("klondike", 7, {"draw": 3, "redeals": 0})
    widget.new_deal(8)
    assert widget.game.options == {"draw": 3, "redeals": 0}, "the same game keeps its options"


@pytest.mark.parametrize(("fields", "words"), [
    ({"variant": "chess"}, "unknown game 'chess'"),
    ({"options": {"draw": 2}}, "option draw must be one of 1, 3"),
    ({"variant": "camelot", "options": {"draw": 3}}, "Camelot has no option 'draw'"),
    ({"deal": -1}, "deal number"),
    ({"deal": 2**40}, "deal number"),
    ({"deal": "tomorrow"}, "deal is a deal number, 'next' or 'previous'"),
    ({"deal": 1.5}, "deal is a deal number"),
    ({"deal": True}, "deal is a deal number"),
    ({"deals": "lucky"}, "deals must be one of any, winnable, easy, medium, hard"),
    ({"options": [1, 3]}, "options map option names to whole numbers"),
    ({"options": {"draw": "3"}}, "options map option names to whole numbers"),
    ({"colour": "red"}, "has no field 'colour'"),
])
def test_a_bad_request_from_the_board_changes_nothing_and_says_why(fields, words):
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    before = snapshot(widget)
    answer = front.intent("new_deal", **fields)
    assert not answer["ok"] and words in answer["text"], answer["text"]
    assert snapshot(widget) == before
    assert widget.deals == "any"


def test_bad_requests_from_python_raise_and_change_nothing():
    widget = Solitaire("athena", deal=1)
    before = snapshot(widget)
    for call, words in ((lambda: widget.new_deal(variant="chess"), "unknown game"),
                        (lambda: widget.new_deal(draw=2), "must be one of 1, 3"),
                        (lambda: widget.new_deal("sideways"), "'next', 'previous'"),
                        (lambda: widget.new_deal(-3), "deal number")):
        with pytest.raises(ValueError, match=words):
            call()
    assert snapshot(widget) == before
    with pytest.raises(ValueError, match="deals must be one of"):
        widget.deals = "lucky"
    position = widget.game.position()
    loose = Solitaire(game=sw.Game.from_position({**position, "deal": None}))
    with pytest.raises(ValueError, match="no next deal number"):
        loose.new_deal("next")


def test_winnable_deals_are_searched_in_a_worker_and_the_board_says_so():
    widget = Solitaire("athena", deal=1)
    front = FakeFrontEnd(widget)
    answer = front.intent("new_deal", deals="winnable")
    assert answer["ok"] and widget.deals == "winnable"
    assert widget.deal_note["searching"] and "Looking for a winnable deal" in widget.message["text"]
    widget._dealing.join(60)
    note = widget.deal_note
    assert note["kind"] == "winnable" and not note["searching"] and "solver" in note["text"]
    assert widget.game.deal != 1 and note["text"] in widget.message["text"]
    verdict = sw.solve(sw.new_game("athena", widget.game.deal), time_limit=None, node_limit=5_000_000).verdict
    assert verdict == "winnable"
    # New deal keeps the kind; a deal asked for by number is dealt as it is, and says nothing of winning.
    front.intent("new_deal", deal=5)
    assert widget.game.deal == 5 and widget.deal_note["kind"] == "any" and widget.deals == "winnable"


def test_a_move_calls_off_the_search_for_a_deal():
    widget = Solitaire("aunt-mary", deal=1)
    front = FakeFrontEnd(widget)
    front.intent("new_deal", deals="easy")  # Aunt Mary has hardly any easy deals: a long search
    assert widget.deal_note["searching"]
    front.play(widget.game.legal_moves()[0].to_dict())
    widget._dealing.join(30)
    assert widget.game.deal == 1 and widget.game.variant == "aunt-mary", "the game played on stays"
    assert not widget.deal_note["searching"] and widget.deal_note["kind"] == "any"


def test_a_board_made_for_winnable_deals_starts_on_one():
    widget = Solitaire("klondike", deals="winnable")
    assert widget.deal_note["kind"] == "winnable"
    assert sw.solve(widget.game.copy(), time_limit=None, node_limit=5_000_000).verdict == "winnable"


def _near_the_end(variant: str = "klondike", deal: int = 2) -> Solitaire:
    """A board where the game is won in all but the moving."""
    game = sw.new_game(variant, deal)
    for move in sw.solve(game, time_limit=None, node_limit=5_000_000).line:
        if sw.finish.finishing_moves(game) is not None:
            break
        game.play(move)
    return Solitaire(game=game, animate=False)


def test_finish_plays_the_cards_home_as_ordinary_moves():
    widget = _near_the_end()
    assert widget.view["can_finish"]
    seen = _events(widget)
    played = len(widget.game.history)
    moves = widget.finish()
    assert widget.game.status == "won" and len(widget.game.history) == played + len(moves)
    assert [e.kind for e in seen] == ["play"] * len(moves)
    widget.undo()
    assert widget.game.status == "playing" and widget.view["can_finish"], "each move of a finish is undone alone"


def test_the_board_s_finish_button_and_auto_finish():
    widget = _near_the_end()
    front = FakeFrontEnd(widget)
    assert front.intent("finish")["ok"]
    widget._finisher.join(30)
    assert widget.game.status == "won"
    auto = _near_the_end()
    auto.undo()  # one step back: the last move made the finish possible
    assert not auto.view["can_finish"] or auto.game.status == "playing"
    auto.auto_finish = True
    auto.redo()
    if auto._finisher is not None:
        auto._finisher.join(30)
    assert auto.game.status == "won", "with auto_finish on, the cards went home by themselves"


def test_no_finish_until_every_card_is_seen():
    widget = Solitaire("klondike", deal=2)
    front = FakeFrontEnd(widget)
    before = snapshot(widget)
    answer = front.intent("finish")
    assert not answer["ok"] and "once every card is face up and the stock is spent" in answer["text"]
    assert snapshot(widget) == before
    with pytest.raises(ValueError, match="once every card is face up"):
        widget.finish()
    camelot = Solitaire("camelot", deal=1)
    with pytest.raises(ValueError, match="Camelot has no foundations"):
        camelot.finish()
