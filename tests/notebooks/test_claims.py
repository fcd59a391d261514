"""The facts the notebooks state about their fixed deals, pinned.

The notebooks' prose says what happens on each deal ("the 5♠ turns up", "the simple strategy wins deal 21"). Those
sentences are true only as long as the deals, the rules and the strategies behave as they do today; these tests
fail, quickly and by name, when a change makes one of them false, so the prose can be fixed with it.
"""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.strategies import play_out


def played(variant: str, deal: int, *moves: str) -> sw.Game:
    game = sw.new_game(variant, deal=deal)
    for move in moves:
        game.play(move)
    return game


def face_down(game: sw.Game) -> int:
    return sum(card.islower() for column in game.position()["tableau"] for card in column)


def test_athena_deal_21() -> None:
    assert [str(m) for m in sw.new_game("athena", deal=21).legal_moves()] == ["t3-f1", "t4-t6", "deal"]
    assert (face_down(sw.new_game("athena", deal=21)), face_down(sw.new_game("klondike", deal=21))) == (14, 21)
    assert played("athena", 21, "t3-f1").cards_in("t3")[-1] == "5S"
    assert sw.new_game("athena", deal=21).cards_in("t1")[-2:] == ["ts", "9S"]  # the 9♠ on top, face down under it
    game = played("athena", 21, "t3-f1", "t4-f1")
    assert game.cards_in("t4")[-1] == "TH" and game.cards_in("t2")[-1] == "TC"
    assert "alternating colours" in game.explain("t1-t2") and not game.is_legal("t1-t2")
    game.play("t1-t4")
    game.play("f1-t6")
    assert game.score == 1
    winner = sw.new_game("athena", deal=21)
    assert play_out(winner, "bold").status == "won"
    assert play_out(sw.new_game("athena", deal=7), "bold").status == "stuck"


def test_athena_three_passes_come_in_the_same_order() -> None:
    game = sw.new_game("athena", deal=21)
    passes = []
    for _ in range(3):
        seen = []
        while game.stock_count:
            game.play("deal")
            seen.append(game.cards_in("waste")[-1])
        passes.append(seen)
        if game.is_legal("redeal"):
            game.play("redeal")
    assert passes[0] == passes[1] == passes[2] and not game.is_legal("redeal")
    three = sw.new_game("athena", deal=21, draw=3)
    three.play("deal")
    assert three.cards_in("waste") == ["2H", "8S", "QD"]


def test_thumb_and_pouch_deal_11() -> None:
    game = sw.new_game("thumb-and-pouch", deal=11)
    assert "different suit" in game.explain("t6-t4") and not game.is_legal("t6-t4")
    game.play("t7-f1")
    assert game.cards_in("t7")[-1] == "TC"
    game.play("t5-f1")
    assert game.cards_in("t5")[-1] == "7D"
    game.play("t1-t5")
    assert game.cards_in("t1") == [] and game.is_legal("t2-t1")
    game.play("f1-t4")
    assert game.score == 1
    assert play_out(sw.new_game("thumb-and-pouch", deal=11), "bold").status == "won"


def test_aunt_mary_deal_30() -> None:
    game = played("aunt-mary", 30, "t4-f1", "t2-f1")
    assert game.cards_in("t1")[-2:] == ["KH", "JH"]
    assert "cannot move together" in game.explain("t1-t3x2") and not game.is_legal("t1-t3x2")
    game.play("t1-t3")
    game.play("f1-t5")
    assert game.score == 1


def test_camelot_deal_7() -> None:
    game = played("camelot", 7, "deal")
    assert game.cards_in("waste") == ["3D"] and len(game.legal_moves()) == 16
    game.play("place r2c2")
    game.play("deal")
    assert game.cards_in("waste") == ["KH"] and "corner" in game.explain("place r2c3")
    game.play("place r1c1")
    # The walkthrough follows the solver's line, found within the notebook's budget of search steps, on any machine.
    solution = sw.solve(game, time_limit=None, node_limit=1_000_000)  # SOLVER_NODES
    assert solution.verdict == "winnable"
    for move in solution.line:
        if game.phase != "fill":
            break
        game.play(move)
    # The grid full: a pair far apart is on offer ("pairs far apart among them"), and no card can be dealt.
    assert "remove r2c2 r4c1" in [str(move) for move in game.legal_moves()]
    assert not game.is_legal("deal") and "Every cell is full" in game.explain("deal")
    lost = sw.new_game("camelot", deal=7)
    assert play_out(lost, "edge-first").status == "lost"
    assert lost.cards_in("waste") == ["KS"]
    assert all(lost.cards_in(corner) for corner in ("r1c1", "r1c4", "r4c1", "r4c4"))


@pytest.mark.parametrize(("variant", "deal"), [("athena", 21), ("thumb-and-pouch", 11), ("aunt-mary", 30)])
def test_a_card_comes_back_down_in_each_lesson(variant: str, deal: int) -> None:
    lines = {"athena": ("t3-f1", "t4-f1", "t1-t4"), "thumb-and-pouch": ("t7-f1", "t5-f1", "t1-t5"),
             "aunt-mary": ("t4-f1", "t2-f1", "t1-t3")}
    game = played(variant, deal, *lines[variant])
    assert any(move.src == "f1" for move in game.legal_moves())


def test_locked_cards_settle_aunt_mary_most() -> None:
    """Notebook 06: of the Klondike family, the check for cards locked from the start settles most in Aunt Mary."""
    counts = {variant: sum(bool(sw.locked_cards(sw.new_game(variant, deal=deal))) for deal in range(1, 201))
              for variant in ("athena", "thumb-and-pouch", "aunt-mary", "klondike")}
    assert max(counts, key=counts.get) == "aunt-mary"


def test_klondike_deal_11_layout_and_lesson() -> None:
    game = sw.new_game("klondike", deal=11)
    assert [str(m) for m in game.legal_moves()] == ["t7-f1", "deal"]
    assert game.cards_in("t1") == ["6H"]
    assert game.cards_in("t7")[-1] == "AD" and sum(card.islower() for card in game.cards_in("t7")) == 6
    game.play("t7-f1")
    assert game.cards_in("t7")[-1] == "TC"
    game.play("t5-f1")
    assert game.cards_in("t5")[-1] == "7D"
    assert "alternating colours" in game.explain("t1-t5") and not game.is_legal("t1-t5")
    game.play("t2-t5")
    assert game.cards_in("t2")[-1] == "8S" and game.cards_in("t5")[-2:] == ["7D", "6C"]
    game.play("t5-t2x2")
    assert game.cards_in("t5")[-1] == "8D"
    assert [str(m) for m in game.legal_moves()] == ["deal"]
    game.play("deal")
    assert game.cards_in("waste") == ["AH"]
    game.play("waste-f2")
    assert game.score == 3


def test_klondike_deal_11_stock() -> None:
    game = sw.new_game("klondike", deal=11)
    left = []
    for _ in range(3):
        while game.stock_count:
            game.play("deal")
        left.append(game.redeals_left)
        if game.is_legal("redeal"):
            game.play("redeal")
    assert left == [2, 1, 0] and not game.is_legal("redeal")
    by_three = sw.new_game("klondike", deal=11, draw=3)
    by_three.play("deal")
    assert by_three.cards_in("waste") == ["AH", "5H", "4S"]
    assert [str(m) for m in by_three.legal_moves()] == ["t7-f1", "deal"]
    assert by_three.redeals_left is None and "redeals: unlimited" in str(by_three)


def test_klondike_bold_player() -> None:
    winner = sw.new_game("klondike", deal=11)
    assert play_out(winner, "bold").status == "won"
    assert play_out(sw.new_game("klondike", deal=7), "bold").status == "stuck"
    # The first column the bold player empties on deal 11 is column 2, by its 28th move; the 10♥ may not go there.
    game = sw.new_game("klondike", deal=11)
    for number, move in enumerate(winner.history[:28], 1):
        game.play(move)
        empty = [column for column in range(1, 8) if not game.cards_in(f"t{column}")]
        assert empty == ([2] if number == 28 else [])
    assert game.cards_in("t7")[-1] == "TH" and "Only a King" in game.explain("t7-t2")


def test_klondike_and_its_relatives_on_deal_11() -> None:
    klondike, thumb = sw.new_game("klondike", deal=11), sw.new_game("thumb-and-pouch", deal=11)
    assert klondike.position()["tableau"] == thumb.position()["tableau"]
    assert klondike.position()["stock"] == thumb.position()["stock"]
    for game in (klondike, thumb):
        game.play("t7-f1")
        game.play("t5-f1")
    assert not klondike.is_legal("t1-t5") and thumb.is_legal("t1-t5")
    thumb.play("t1-t5")
    assert thumb.is_legal("t2-t1")
    assert (face_down(sw.new_game("athena", deal=11)), face_down(sw.new_game("klondike", deal=11))) == (14, 21)


def test_the_fair_players_settings_as_the_notebooks_give_them() -> None:
    """01 Athena, 02, 03 and 07: 8 sampled deals a plan first, then 8 at a time, up to 300 for the plan played, one
    that wins each of its first 32 played at once, short searches of 2,000 steps in Athena and Klondike one card at a
    time, 8,000 three at a time, resigning only after 32 sampled deals at least; 04 Camelot: samples and node_limit
    play no part there."""
    from solitaire_widget.advice import lookahead

    fair = sw.FairPlayer()
    assert fair.samples == 300 and fair.node_limit is None
    nodes = {(variant, draw): fair.nodes_for(sw.new_game(variant, deal=21, draw=draw).knowledge())
             for variant in ("athena", "klondike") for draw in (1, 3)}
    assert nodes == {("athena", 1): 2_000, ("athena", 3): 8_000, ("klondike", 1): 2_000, ("klondike", 3): 8_000}
    assert lookahead.RESIGN_SAMPLES == lookahead.ALL_WON == 32 and lookahead.FIRST_ROUND == lookahead.BATCH == 8
    camelot = [sw.FairPlayer(samples=samples, node_limit=nodes).plan(sw.new_game("camelot", deal=7))
               for samples, nodes in ((64, None), (4, 2_000))]
    assert camelot[0] == camelot[1]
