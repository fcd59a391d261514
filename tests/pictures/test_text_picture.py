"""The text picture: layout, status line, and that it shows what a player sees and nothing more."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

from solitaire_widget import pictures
from solitaire_widget.cards import card_label, parse_card
from solitaire_widget.pictures import text_picture

from .picture_positions import (
    ATHENA_1,
    ATHENA_DRAW_3,
    CAMELOT,
    hidden_codes,
    visible_codes,
    with_hidden_cards_shuffled,
)

SUIT_SYMBOLS = "♣♦♥♠"


def labels_in(text: str) -> list[str]:
    """Every card label in a text picture (the tokens with a suit symbol, except on the status line)."""
    body = text.split("\n", 1)[1]
    return [token for token in body.split() if token[-1] in SUIT_SYMBOLS]


def label(code: str) -> str:
    return card_label(parse_card(code))


def test_module_examples_hold() -> None:
    assert doctest.testmod(pictures).failed == 0


def test_athena_deal_1_reads_like_the_table() -> None:
    assert text_picture(ATHENA_1) == (
        "Athena · deal 1 · score 0/52 · moves 0 · stock 24 · redeals left 2\n"
        "stock waste       f1    f2    f3    f4\n"
        "##    --          --    --    --    --\n"
        "\n"
        "t1    t2    t3    t4    t5    t6    t7\n"
        "##    ##    ##    ##    ##    ##    ##\n"
        "K♠    10♦   A♦    2♠    J♠    3♥    9♦\n"
        "##    ##    ##    ##    ##    ##    ##\n"
        "J♥    A♠    8♥    4♥    K♦    9♥    9♠"
    )


def test_draw_three_shows_the_top_three_waste_cards_and_keeps_the_columns_aligned() -> None:
    lines = text_picture(ATHENA_DRAW_3).splitlines()
    assert lines[0] == "Athena (draw 3) · deal 1 · score 6/52 · moves 23 · stock 9 · redeals left 1"
    assert lines[2] == "##    5♣ 5♦ 4♣    4♠    2♥    --    --"
    assert lines[1].index("f1") == lines[2].index("4♠")
    assert lines[5] == "##    ##    ##    --    ##    ##    ##"
    assert lines[6] == "K♠    10♦   A♦          J♠    3♥    9♦"


def test_camelot_marks_the_court_cells_while_empty() -> None:
    assert text_picture(CAMELOT) == (
        "Camelot · deal 7 · score 3/40 · moves 12 · stock 40 · phase: filling\n"
        "stock waste\n"
        "##    Q♥\n"
        "\n"
        "      c1    c2    c3    c4\n"
        "r1    K♠    (Q)   (Q)   (K)\n"
        "r2    (J)   7♣    3♦    (J)\n"
        "r3    10♥   5♠    --    J♦\n"
        "r4    (K)   Q♣    (Q)   2♣"
    )


def test_shows_exactly_the_face_up_cards(position: dict[str, Any]) -> None:
    assert sorted(labels_in(text_picture(position))) == sorted(map(label, visible_codes(position)))


def test_face_down_cards_are_drawn_as_backs_and_never_named(position: dict[str, Any]) -> None:
    text = text_picture(position)
    hidden = {label(code) for code in hidden_codes(position)}
    assert hidden and not hidden & set(labels_in(text))
    if position["variant"] != "camelot":
        face_down = sum(code.islower() for column in position["tableau"] for code in column)
        assert text.split("\n", 1)[1].count("##") == face_down + bool(position["stock"])


def test_the_picture_does_not_depend_on_hidden_cards(position: dict[str, Any]) -> None:
    assert text_picture(with_hidden_cards_shuffled(position, seed=5)) == text_picture(position)


@pytest.mark.parametrize(("changes", "status_line"), [
    ({"status": "won", "score": 52}, "Athena · deal 1 · score 52/52 · moves 0 · stock 24 · redeals left 2 · won"),
    ({"status": "stuck", "redeals_used": 2},
     "Athena · deal 1 · score 0/52 · moves 0 · stock 24 · redeals left 0 · stuck"),
    ({"deal": None}, "Athena · score 0/52 · moves 0 · stock 24 · redeals left 2"),
    ({"variant": "klondike", "options": {"draw": 3, "redeals": -1}},
     "Klondike (draw 3) · deal 1 · score 0/52 · moves 0 · stock 24 · redeals: unlimited"),
])
def test_status_line(changes: dict[str, Any], status_line: str) -> None:
    assert text_picture({**ATHENA_1, **changes}).splitlines()[0] == status_line


def test_camelot_status_line_names_the_phase_and_the_result() -> None:
    lost = {**CAMELOT, "phase": "remove", "status": "lost"}
    assert text_picture(lost).splitlines()[0] == (
        "Camelot · deal 7 · score 3/40 · moves 12 · stock 40 · phase: removing · lost")


def test_lines_carry_no_trailing_blanks(position: dict[str, Any]) -> None:
    assert all(line == line.rstrip() for line in text_picture(position).splitlines())
