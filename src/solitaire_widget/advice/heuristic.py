"""The rule of thumb: a documented order of moves, read from what the player sees.

It ranks the legal moves by what they do for the player, best first; ties keep ``Game.legal_moves()``'s order.
The fair hint falls back on it where the win chances cannot tell the moves apart, and the fair player breaks ties
with it. It reads only a :class:`~solitaire_widget.knowledge.Knowledge` value, so it cannot peek either.

Klondike family (Athena, Thumb and Pouch, Aunt Mary, Klondike):

1. a card goes up to a foundation (it scores, and frees what lies under it);
2. a tableau move turns over a face-down card (the more face-down cards are left under it, the better: those
   columns are the hardest to dig out);
3. the waste card goes onto the tableau (it brings a new card into play);
4. a tableau move empties a column (room for a King, or for anything in Thumb and Pouch);
5. dealing from the stock, then redealing (new cards, but passes are limited);
6. any other tableau move (it only rearranges face-up cards);
7. taking a card back down from a foundation (it costs a point; sometimes needed, rarely first).

Camelot:

1. removing a Ten or a pair adding up to ten (it scores and makes room);
2. placing a court card (it can only go to its own kind of cell);
3. placing any other card in the centre, which no court card needs; failing that, on the border;
4. dealing the next card.
"""

from __future__ import annotations

from typing import Any

from ..cards import JACK, KING, QUEEN, card_label, parse_card, rank_of
from ..i18n import gettext as _
from ..i18n import ngettext
from ..knowledge import Knowledge
from ..moves import Move

__all__ = ["move_parts", "move_words", "rank_moves", "rule_of_thumb"]

Key = tuple[int, int]


def rank_moves(knowledge: Knowledge, moves: list[Move]) -> list[tuple[Move, str]]:
    """``moves`` (legal in ``knowledge``), best first by the rule of thumb, each with the reason in words."""
    data = knowledge.to_dict()
    rank = _camelot_rank if data["variant"] == "camelot" else _klondike_rank
    keyed = [(rank(data, move), index, move) for index, move in enumerate(moves)]
    keyed.sort(key=lambda item: (item[0][0], item[1]))
    return [(move, why) for (_, why), _, move in keyed]


def rule_of_thumb(knowledge: Knowledge, move: Move) -> tuple[Key, str]:
    """(sort key, reason) for one legal move: smaller keys are better (see the module doc)."""
    data = knowledge.to_dict()
    return (_camelot_rank if data["variant"] == "camelot" else _klondike_rank)(data, move)


def _label(code: str) -> str:
    return card_label(parse_card(code.upper()))


def _face_down(code: str | None) -> bool:
    """Whether a tableau entry of a knowledge value is a face-down card (seen before, or never seen)."""
    return code is None or code.islower()


def _klondike_rank(data: dict[str, Any], move: Move) -> tuple[Key, str]:
    if move.kind == "deal":
        return (5, 0), _("dealing brings new cards from the stock into play.")
    if move.kind == "redeal":
        return (5, 1), _("turning the waste over starts another pass through the stock.")
    src, dst, count = move.src or "", move.dst or "", move.count
    if src == "waste":
        card = _label(data["waste"][-1])
        if dst.startswith("f"):
            return (1, 0), _("the {card} from the waste can go up to a foundation.").format(card=card)
        return (3, 0), _("playing the {card} from the waste brings a new card into play.").format(card=card)
    if src.startswith("f"):
        card = _label(data["foundations"][int(src[1:]) - 1][-1])
        return (7, 0), _("taking the {card} back down from its foundation gives another card somewhere to go."
                         ).format(card=card)
    column = data["tableau"][int(src[1:]) - 1]
    card = _label(column[-count])
    if dst.startswith("f"):
        return (1, 0), _("moving the {card} to a foundation scores a point.").format(card=card)
    rest = column[:-count]
    if rest and _face_down(rest[-1]):
        hidden = sum(_face_down(code) for code in rest)
        return (2, -hidden), _("moving the {card} turns over a face-down card in {pile}.").format(card=card, pile=src)
    if not rest:
        return (4, 0), _("moving the {card} empties {pile}, making room for another group.").format(card=card,
                                                                                                   pile=src)
    return (6, 0), _("moving the {card} to {pile} rearranges the face-up cards.").format(card=card, pile=dst)


_CENTRE = {"r2c2", "r2c3", "r3c2", "r3c3"}


def _cell(data: dict[str, Any], cell: str) -> str:
    return data["grid"][int(cell[1]) - 1][int(cell[3]) - 1]  # type: ignore[no-any-return]  # a position field


def _camelot_rank(data: dict[str, Any], move: Move) -> tuple[Key, str]:
    if move.kind == "remove":
        cards = [_label(_cell(data, cell)) for cell in move.cells]
        if len(cards) == 1:
            return (1, 0), _("removing the {card} scores a point and clears a cell.").format(card=cards[0])
        return (1, 0), _("removing the {first} and the {second}, which add up to ten, clears two cells.").format(
            first=cards[0], second=cards[1])
    if move.kind == "place":
        code = data["waste"][-1]
        rank = rank_of(parse_card(code))
        card = _label(code)
        if rank == KING:
            return (2, 0), _("the {card} may only go in a corner.").format(card=card)
        if rank == QUEEN:
            return (2, 0), _("the {card} may only go in the middle of the top or bottom row.").format(card=card)
        if rank == JACK:
            return (2, 0), _("the {card} may only go in the middle of the left or right column.").format(card=card)
        if move.dst in _CENTRE:
            return (3, 0), _("placing the {card} in the centre keeps the border free for court cards.").format(
                card=card)
        return (4, 0), _("the centre is full, so the {card} goes on the edge.").format(card=card)
    return (5, 0), _("dealing turns the next card of the stock onto the waste.")


def move_parts(knowledge: Knowledge, move: Move) -> tuple[str, dict[str, Any]]:
    """What a legal move is, for the sentences that name it: its form (``"deal"``, ``"redeal"``, ``"place"``,
    ``"remove"``, ``"remove pair"``, ``"waste up"``, ``"waste"``, ``"down"``, ``"up"``, ``"column"``, ``"group"``)
    and the cards and places they name, only cards the player sees (``card``, ``first``, ``second``, ``number``,
    ``row``, ``column``, ``count``). The rule of thumb's phrases (:func:`move_words`) and the hint's sentences
    (:func:`~solitaire_widget.advice.hints.advice_words`) each say every form in their own words."""
    if move.kind in ("deal", "redeal"):
        return move.kind, {}
    data = knowledge.to_dict()
    if move.kind == "place":
        cell = move.dst or ""
        return "place", {"card": _label(data["waste"][-1]), "row": cell[1], "column": cell[3]}
    if move.kind == "remove":
        cards = [_label(_cell(data, cell)) for cell in move.cells]
        if len(cards) == 1:
            return "remove", {"card": cards[0]}
        return "remove pair", {"first": cards[0], "second": cards[1]}
    src, dst = move.src or "", move.dst or ""
    number = dst[1:]
    if src == "waste":
        card = _label(data["waste"][-1])
        return ("waste up", {"card": card}) if dst.startswith("f") else ("waste", {"card": card, "number": number})
    if src.startswith("f"):
        return "down", {"card": _label(data["foundations"][int(src[1:]) - 1][-1]), "number": number}
    card = _label(data["tableau"][int(src[1:]) - 1][-move.count])
    if dst.startswith("f"):
        return "up", {"card": card}
    if move.count == 1:
        return "column", {"card": card, "number": number}
    return "group", {"count": move.count, "card": card, "number": number}


def move_words(knowledge: Knowledge, move: Move) -> str:
    """A legal move as a phrase naming only cards the player sees: "moving the 7♥ to column 5", "dealing"."""
    form, parts = move_parts(knowledge, move)
    if form == "group":
        return ngettext("moving the {count} cards from the {card} up to column {number}",
                        "moving the {count} cards from the {card} up to column {number}", parts["count"]).format(
            **parts)
    phrases = {"deal": _("dealing"), "redeal": _("turning the waste over"),
               "place": _("placing the {card} in row {row}, column {column}"),
               "remove": _("removing the {card}"), "remove pair": _("removing the {first} and the {second}"),
               "waste up": _("moving the {card} from the waste up to a foundation"),
               "waste": _("moving the {card} from the waste to column {number}"),
               "down": _("moving the {card} back down to column {number}"),
               "up": _("moving the {card} up to a foundation"), "column": _("moving the {card} to column {number}")}
    return phrases[form].format(**parts)
