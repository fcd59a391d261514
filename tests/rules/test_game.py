"""The Game API: history, positions, records, explanations and every kind of bad input."""

import json

import pytest

import solitaire_widget as sw
from solitaire_widget import Game, IllegalMove, Move
from tests.rules.helpers import camelot_position, klondike_position


def played(variant="athena", deal=5, moves=12, **options):
    """A game with the first legal move played ``moves`` times (deterministic)."""
    game = sw.new_game(variant, deal=deal, **options)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[0] if legal[0].kind != "deal" or len(legal) == 1 else legal[-2 if len(legal) > 1 else 0])
    return game


def test_play_accepts_a_move_its_dict_or_its_text():
    for form in (Move.parse("t5-f1"), {"kind": "move", "from": "t5", "to": "f1", "count": 1}, "t5-f1"):
        game = sw.new_game("thumb-and-pouch", deal=1)
        assert game.play(form) is Move.parse("t5-f1")


def test_undo_redo_and_a_new_move_clears_redo():
    game = sw.new_game("klondike", deal=1)
    start = game.position()
    game.play("deal")
    game.play("deal")
    assert game.undo() is Move.deal() and game.can_redo
    game.redo()
    assert game.moves == 2 and not game.can_redo
    game.undo()
    game.play("deal")
    assert not game.can_redo  # a new move clears redo
    game.undo()
    game.undo()
    assert game.position() == start and not game.can_undo
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()
    game.redo()
    game.undo()
    game.play(game.legal_moves()[0])
    with pytest.raises(ValueError, match="nothing to redo"):
        game.redo()


def test_history_and_restart():
    game = played("athena", moves=8)
    assert len(game.history) == game.moves == 8
    game.restart()
    assert game.position() == sw.new_game("athena", deal=5).position() and game.history == ()


def test_position_has_the_documented_form():
    pos = sw.new_game("athena", deal=42).position()
    assert list(pos) == ["format", "variant", "options", "deal", "stock", "waste", "foundations", "tableau",
                         "redeals_used", "moves", "score", "status"]
    assert pos["options"] == {"draw": 1, "redeals": 2} and pos["deal"] == 42 and pos["status"] == "playing"
    camelot = sw.new_game("camelot", deal=7).position()
    assert list(camelot) == ["format", "variant", "options", "deal", "stock", "waste", "grid", "phase", "removed",
                             "moves", "score", "status"]
    assert camelot["grid"] == [[None] * 4] * 4 and camelot["phase"] == "fill"


@pytest.mark.parametrize("variant", sw.VARIANTS)
def test_from_position_round_trips_and_keeps_the_move_count(variant):
    game = played(variant, moves=15)
    copy = Game.from_position(game.position())
    assert copy.position() == game.position()
    assert copy.history == () and copy.moves == game.moves
    assert copy.legal_moves() == game.legal_moves()


def test_record_save_and_replay():
    game = played("thumb-and-pouch", moves=20)
    record = game.record()
    assert record["moves"] == [str(m) for m in game.history] and "start" not in record
    assert Game.from_record(record).position() == game.position()
    assert Game.from_json(game.to_json()).position() == game.position()
    json.loads(game.to_json(indent=2))


def test_record_of_a_game_built_from_a_position_keeps_its_start():
    start = klondike_position("athena", ["KS QH", "JC"], rest_to="t2")
    game = Game.from_position(start)
    game.play("t2-t1")
    record = game.record()
    assert record["start"]["tableau"][0] == ["KS", "QH"]
    assert Game.from_record(record).position() == game.position()
    game.restart()
    assert game.cards_in("t1") == ["KS", "QH"]


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r.update(moves=["t9-t1"]), "move 1 of the record, 't9-t1', cannot be played"),
    (lambda r: r.update(moves=["redeal"]), "move 1 of the record, 'redeal'"),
    (lambda r: r.update(moves="deal"), "must be a list"),
    (lambda r: r.update(format=2), "format"),
    (lambda r: r.update(variant="spider"), "unknown game"),
    (lambda r: r.update(deal=-5), "deal number"),
    (lambda r: r.pop("deal"), "needs the 'deal'"),
    (lambda r: r.update(extra=1), "no key 'extra'"),
    (lambda r: r.update(options={"draw": 7}), "must be one of"),
    (lambda r: r["moves"].append(17), "move dict must be a dict"),
])
def test_corrupt_records_are_refused(mutate, message):
    record = played("athena", moves=3).record()
    mutate(record)
    with pytest.raises(ValueError, match=message):
        Game.from_record(record)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"deal"'])
def test_corrupt_json_is_refused(text):
    with pytest.raises(ValueError):
        Game.from_json(text)


def kpos(**changes):
    pos = sw.new_game("athena", deal=3).position()
    pos.update(changes)
    return pos


def twice(pos):
    pos["waste"] = [pos["stock"][0]]
    return pos


def missing(pos):
    pos["stock"] = pos["stock"][1:]
    return pos


@pytest.mark.parametrize("position, message", [
    ([], "a position is a dict"),
    (kpos(format=3), "format"),
    (kpos(variant="freecell"), "unknown game"),
    (twice(kpos()), "appear more than once"),
    (missing(kpos()), "missing"),
    (kpos(waste=["9c"]), "lower case"),
    (kpos(stock=["XX"]), "not a card"),
    (kpos(foundations=[["2C", "AC"], [], [], []]), "out of order"),
    (kpos(foundations=[[], []]), "2 foundations"),
    (kpos(tableau=[["9C"]]), "7 columns"),
    (kpos(score=9), "score"),
    (kpos(status="finished"), "status"),
    (kpos(redeals_used=3), "made 3 redeals"),
    (kpos(redeals_used=-1), "0 or more"),
    (kpos(moves="3"), "moves"),
    (kpos(deal=2**40), "deal number"),
    (kpos(options={"draw": 2}), "must be one of"),
    (kpos(options=[]), "must be a dict"),
    (kpos(tableau="abc"), "'tableau' must be"),
    (kpos(surprise=True), "no key 'surprise'"),
    ({k: v for k, v in kpos().items() if k != "waste"}, "no 'waste'"),
])
def test_positions_that_are_not_real_games(position, message):
    with pytest.raises(ValueError, match=message):
        Game.from_position(position)


def test_face_down_card_on_a_foundation_and_face_down_top_of_a_column():
    pos = klondike_position("klondike", ["KS"], foundations=("AC", "", "", ""))
    pos["foundations"][0] = ["ac"]
    with pytest.raises(ValueError, match="lower case"):
        Game.from_position(pos)
    pos = klondike_position("klondike", ["KS 5d"])
    with pytest.raises(ValueError, match="top card of column t1 is face down"):
        Game.from_position(pos)


@pytest.mark.parametrize("change, message", [
    (lambda p: p["grid"][1].__setitem__(1, "KH"), "cannot be in r2c2: A King may only go in an empty corner"),
    (lambda p: p["grid"][0].__setitem__(0, "QH"), "cannot be in r1c1: A Queen"),
    (lambda p: p.update(waste=["QH", "KH"]), "at most one card"),
    (lambda p: p.update(phase="middle"), "'fill' or 'remove'"),
    (lambda p: p.update(grid=[[None] * 4] * 3), "four rows of four"),
    (lambda p: p.update(removed=["KH"]), "court cards are never removed"),
    (lambda p: p.update(removed=["3C", "6D"]), "pairs adding up to ten"),
])
def test_camelot_positions_that_are_not_real_games(change, message):
    pos = camelot_position([". . . .", ". . . .", ". . . .", ". . . ."])
    change(pos)
    with pytest.raises(ValueError, match=message):
        Game.from_position(pos)


def test_explain_says_why_a_legal_move_is_legal():
    game = sw.new_game("thumb-and-pouch", deal=1)
    assert game.explain("t5-f1") == ("The A♠ goes from t5 up to f1: an Ace starts an empty foundation. "
                                     "The face-down card under it in t5 turns up.")
    assert game.explain("t2-t3") == ("A K♠ cannot go on the 9♦: the tableau builds down by one, so only an Eight "
                                     "goes on a Nine.")
    assert game.explain("deal") == "Dealing turns the stock's top card face up onto the waste (23 left in the stock)."
    athena = Game.from_position(klondike_position("athena", ["9c KS 3d JH", "QS"], rest_to="t2"))
    assert athena.explain("t1-t2") == ("The J♥ goes from t1 onto the Q♠ in t2: one rank lower and of the other "
                                       "colour. The face-down card under it in t1 turns up.")
    camelot = Game.from_position(camelot_position([". . . ."] * 4, waste="KD"))
    assert camelot.explain("place r1c4") == "The K♦ goes into r1c4: a King goes in an empty corner."


def test_explain_and_is_legal_refuse_malformed_moves():
    game = sw.new_game("athena", deal=1)
    with pytest.raises(ValueError):
        game.explain("jump")
    with pytest.raises(ValueError):
        game.is_legal({"kind": "fly"})


@pytest.mark.parametrize("bad", ["t1-t9", {"kind": "move"}, 42, None, "f1-f2x0"])
def test_bad_moves_leave_the_game_unchanged(bad):
    game = played("athena", moves=6)
    before, history = game.position(), game.history
    with pytest.raises(ValueError):
        game.play(bad)
    assert game.position() == before and game.history == history


def test_illegal_move_carries_the_move_and_is_a_value_error():
    game = sw.new_game("athena", deal=1)
    with pytest.raises(IllegalMove) as caught:
        game.play("t1-t2")
    assert caught.value.move is Move.parse("t1-t2") and isinstance(caught.value, ValueError)


def test_state_properties():
    game = sw.new_game("athena", deal=1)
    assert (game.variant, game.title, game.deal, game.score, game.moves, game.stock_count) == \
        ("athena", "Athena", 1, 0, 0, 24)
    assert game.passes_left == 2 and game.redeals_left == 2 and game.phase is None and not game.is_over
    assert game.pile_names[:6] == ("stock", "waste", "f1", "f2", "f3", "f4") and game.pile_names[-1] == "t7"
    assert sw.new_game("aunt-mary", deal=1).pile_names[-1] == "t6"
    camelot = sw.new_game("camelot", deal=1)
    assert camelot.phase == "fill" and camelot.passes_left == 0 and "r4c4" in camelot.pile_names
    with pytest.raises(ValueError, match="no pile 't8'"):
        game.cards_in("t8")


def test_foundation_move_is_what_a_double_click_does():
    game = sw.new_game("thumb-and-pouch", deal=1)
    assert game.foundation_move("t5") is Move.parse("t5-f1")
    assert game.foundation_move("t1") is None and game.foundation_move("stock") is None
    assert game.foundation_move("nonsense") is None
    assert sw.new_game("camelot", deal=1).foundation_move("r1c1") is None


def test_copy_is_independent():
    game = played("klondike", moves=5)
    other = game.copy()
    other.play(other.legal_moves()[0])
    assert other.moves == game.moves + 1
    other.undo()
    assert other.position() == game.position()


def test_legal_moves_returns_a_fresh_list():
    game = sw.new_game("athena", deal=1)
    game.legal_moves().clear()
    assert game.legal_moves()


def test_repr():
    assert repr(sw.new_game("athena", deal=9)) == "<Game athena #9: 0 moves, score 0, playing>"


def test_rules_model_imports_nothing_from_jupyter():
    import subprocess
    import sys

    code = ("import sys, solitaire_widget as sw; g = sw.new_game('athena', deal=1); g.play(g.legal_moves()[0]); "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('anywidget', 'ipywidgets', 'traitlets', "
            "'IPython', 'jupyter_core', 'ipykernel', 'comm')]; print(bad); sys.exit(bool(bad))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
