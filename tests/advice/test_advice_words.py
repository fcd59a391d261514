"""The hint's short sentence: what to do, in a card game's words, for every kind of move, naming only seen cards."""

from __future__ import annotations

import collections

import pytest

import solitaire_widget as sw
from solitaire_widget.advice.hints import advice_words
from solitaire_widget.strategies import play_out


def _kind(move: sw.Move) -> str:
    if move.kind != "move":
        return move.kind if move.kind != "remove" else f"remove{len(move.cells)}"
    src, dst = move.src or "", move.dst or ""
    return f"{'waste' if src == 'waste' else src[0]}-{dst[0]}{'-group' if move.count > 1 else ''}"


@pytest.mark.parametrize(("variant", "strategy"), [("klondike", "undo-search"), ("athena", "undo-search"),
                                                   ("camelot", "centre-first")])
def test_every_legal_move_gets_one_short_sentence(variant: str, strategy: str) -> None:
    seen: collections.Counter[str] = collections.Counter()
    for deal in range(1, 6):
        game = sw.new_game(variant, deal=deal)
        play_out(game, strategy, seed=deal)
        line = game.history
        game.restart()
        for move in line:
            known = game.knowledge()
            for legal in known.legal_moves():
                said = advice_words(known, legal)
                assert said[:1].isupper() and said.endswith(".") and len(said) <= 80, said
                seen[_kind(legal)] += 1
            game.play(move)
    expected = {"place", "remove1", "remove2", "deal"} if variant == "camelot" else {
        "deal", "waste-f", "waste-t", "t-f", "t-t", "t-t-group", "f-t"}
    assert expected <= set(seen), seen


def test_the_sentences_name_the_cards() -> None:
    game = sw.new_game("klondike", deal=2)
    known = game.knowledge()
    said = {str(move): advice_words(known, move) for move in known.legal_moves()}
    assert said["deal"] == "Deal from the stock."
    assert said["t2-t5"] == "Move the 7♥ to column 5."
