"""What a player knows about a game: :class:`Knowledge`, and the positions it cannot tell apart.

A player who watched a game from its deal knows every card that has been face up in it, and where each of those
cards is now; of the others they know only which cards they are (the ones not seen yet) and which places hold them
(the face-down cards of the tableau and the part of the stock not yet dealt). :meth:`Game.knowledge
<solitaire_widget.Game.knowledge>` answers that as a value, and the advice built on it (win chances, fair hints,
the fair computer player) is given nothing else, so it cannot peek.

Rules of what counts as seen:

* a card dealt face up, turned face up by a move, or dealt onto the waste is seen from then on, even after an
  undo puts it face down again or back into the stock (a player remembers what an undo showed them), and after a
  restart;
* dealing three at a time, the board fans the three cards dealt, so every card that reaches the waste is seen, as
  with one card at a time; after a redeal the whole stock is therefore known, in its order;
* a game set up from a position (:meth:`Game.from_position <solitaire_widget.Game.from_position>`) knows the cards
  face up in it, and, when a redeal has been made, the stock (its cards were all on the waste in an earlier pass).

What a knowledge value holds is written like a FORMAT.md position, with ``None`` for every card not seen: in the
tableau an upper-case code is a face-up card, a lower-case code a face-down card that was seen before, and
``None`` a face-down card never seen; in the stock a code is a seen card at its known place. It holds **no deal
number**: deal numbers are Aisleriot's public shuffle, so the number alone gives away every hidden card.

>>> import solitaire_widget as sw
>>> game = sw.new_game("thumb-and-pouch", deal=1)
>>> known = game.knowledge()
>>> known.to_dict()["tableau"][:3]
[['9C'], [None, 'KS'], [None, None, '9D']]
>>> len(known.unseen), len(known.unseen_places)
(45, 45)
>>> known.sample(seed=7)["tableau"][1][0].islower()     # a face-down card, drawn from the unseen ones
True

Samples (:meth:`Knowledge.sample`, :meth:`Knowledge.samples`) are complete positions drawn uniformly among those
consistent with the knowledge: the unseen cards shuffled into the unseen places. Since every deal is equally
likely, that is exactly the distribution of the hidden cards given what the player saw.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

from .cards import CODE, parse_card
from .checks import nesting, short
from .games import engine_class
from .variants import VariantRules, variant_rules

__all__ = ["Knowledge"]

#: The format of a knowledge value's dict, as FORMAT.md's position format.
FORMAT_VERSION = 1
_FIELDS = {
    "klondike": ("stock", "waste", "foundations", "tableau", "redeals_used"),
    "camelot": ("stock", "waste", "grid", "phase", "removed"),
}
_HEADER = ("format", "variant", "options")
_FOOTER = ("moves", "score", "status")
_STATUSES = ("playing", "won", "stuck", "lost")
#: The most samples one call draws: far beyond any use (a thousand already gives a share to within 3 points).
MAX_SAMPLES = 100_000


class Knowledge:
    """What a player who watched a game knows of it: an immutable value (see the module docs).

    Two games a player cannot tell apart give equal knowledge values (``==``, and the same ``hash``), whatever
    their hidden cards. Build one with :meth:`Game.knowledge <solitaire_widget.Game.knowledge>`, or from its dict
    with :meth:`from_dict`.
    """

    __slots__ = ("_data", "_text", "_rules", "_places", "_unseen", "_unseen_cards", "_blank")

    def __init__(self, data: dict[str, Any]) -> None:
        # Internal: ``data`` is trusted (Game.knowledge builds it, from_dict checks it first) and never shared.
        self._data = data
        self._text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        self._rules = variant_rules(data["variant"])
        self._places = tuple(_unseen_places(data, self._rules))
        seen = {card for card in _known_cards(data, self._rules)}
        self._unseen_cards = tuple(c for c in range(52) if c not in seen)
        self._unseen = tuple(CODE[c] for c in self._unseen_cards)
        # A rules engine at one position of this knowledge (the unseen cards in deck order), made when first
        # needed: sampling copies it and deals the unseen cards anew, which costs far less than building an engine
        # from a position's card codes, and the advice samples thousands of positions a second.
        self._blank: Any = None

    # Reading ---------------------------------------------------------------------------------------------------

    @property
    def variant(self) -> str:
        return self._data["variant"]  # type: ignore[no-any-return]  # a field of the position data (dict[str, Any])

    @property
    def options(self) -> dict[str, int]:
        return dict(self._data["options"])

    @property
    def moves(self) -> int:
        """Moves made in the game so far (as ``Game.moves``)."""
        return self._data["moves"]  # type: ignore[no-any-return]  # a field of the position data

    @property
    def status(self) -> str:
        return self._data["status"]  # type: ignore[no-any-return]  # a field of the position data

    @property
    def unseen(self) -> tuple[str, ...]:
        """The cards not seen yet, as codes, in deck order. Which cards they are is no secret (they are the ones
        not seen); where each one lies is."""
        return self._unseen

    @property
    def unseen_cards(self) -> tuple[int, ...]:
        """:attr:`unseen` as card numbers (:mod:`solitaire_widget.cards`)."""
        return self._unseen_cards

    @property
    def rules(self) -> VariantRules:
        """The game's row in the rules table."""
        return self._rules

    @property
    def unseen_places(self) -> tuple[tuple[str, int], ...]:
        """The places that hold an unseen card, as ``(pile, index)`` with the index counted from the bottom:
        ``("t3", 0)``, ``("stock", 5)``."""
        return self._places

    @property
    def complete(self) -> bool:
        """True when no card is unseen: the player knows the whole position."""
        return not self._places

    def to_dict(self) -> dict[str, Any]:
        """The knowledge as plain data (a fresh copy): a FORMAT.md position with ``None`` for unseen cards and no
        deal number."""
        return json.loads(self._text)  # type: ignore[no-any-return]  # json.loads of our own dumps: a dict

    @classmethod
    def from_dict(cls, data: object) -> Knowledge:
        """The knowledge value of a dict :meth:`to_dict` gave; ``ValueError`` says what is wrong with one that is
        not a knowledge value (a card twice, unseen places that do not match the unseen cards, a position that
        is not a real game...)."""
        if not isinstance(data, dict):
            raise ValueError(f"a knowledge value is a dict, not {type(data).__name__}")
        nesting(data, "the knowledge value")
        if data.get("format") != FORMAT_VERSION:
            raise ValueError(f"this version reads knowledge of format {FORMAT_VERSION}, not "
                             f"{short(data.get('format'))}")
        rules = variant_rules(data.get("variant"))
        allowed = (*_HEADER, *_FIELDS[rules.family], *_FOOTER)
        unknown = sorted((str(key) for key in data if key not in allowed))
        if unknown:
            more = " (a knowledge value never holds the deal number)" if "deal" in unknown else ""
            raise ValueError(f"a {rules.title} knowledge value has no key {', '.join(map(repr, unknown[:5]))}{more}")
        missing = [key for key in allowed if key not in data]
        if missing:
            raise ValueError(f"the knowledge value has no {', '.join(map(repr, missing))}")
        options = data["options"]
        if not isinstance(options, dict):
            raise ValueError(f"the knowledge value's 'options' must be a dict, not {short(options)}")
        options = rules.resolve_options(options)
        for key in ("moves", "score"):
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
                raise ValueError(f"the knowledge value's {key!r} must be a whole number, zero or more, "
                                 f"not {short(value)}")
        if data["status"] not in _STATUSES:
            raise ValueError(f"a status is one of {', '.join(_STATUSES)}, not {short(data['status'])}")
        clean = {"format": FORMAT_VERSION, "variant": rules.name, "options": options}
        for key in _FIELDS[rules.family]:
            clean[key] = _copy_field(key, data[key])
        clean.update(moves=data["moves"], score=data["score"], status=data["status"])
        known = list(_known_cards(clean, rules))
        if len(set(known)) != len(known):
            twice = sorted({CODE[c] for c in known if known.count(c) > 1})
            raise ValueError(f"the knowledge value shows these cards more than once: {' '.join(twice)}")
        places = list(_unseen_places(clean, rules))
        if len(places) != 52 - len(known):
            raise ValueError(f"the knowledge value has {len(places)} places for unseen cards, but "
                             f"{52 - len(known)} cards unseen: it is not a real game")
        value = cls(clean)
        # The rest (foundation order, Camelot's cells and phase, the score...) is what any of its positions must
        # satisfy: a real game's rules model checks one.
        try:
            _check_position(value.sample(seed=0), rules)
        except ValueError as error:
            raise ValueError(f"the knowledge value is not a real game: {error}") from None
        if value._legal_status() != data["status"]:
            raise ValueError(f"the knowledge value's status is {data['status']!r}, but its cards give "
                             f"{value._legal_status()!r}")
        return value

    # Positions it cannot tell apart ---------------------------------------------------------------------------

    def sample(self, seed: int | random.Random | None = None) -> dict[str, Any]:
        """One complete position consistent with this knowledge, drawn uniformly: a FORMAT.md position dict (with
        ``"deal": None``) that plays like the real one as far as the player can tell.

        ``seed`` is an int (the same seed, the same position), a :class:`random.Random` to draw from, or None for
        :attr:`default_seed`.
        """
        engine = self.sample_engine(seed)
        position = {"format": FORMAT_VERSION, "variant": self.variant, "options": self.options, "deal": None}
        position.update(engine.position_fields())
        position["moves"] = self.moves
        return position

    def sample_engine(self, seed: int | random.Random | None = None) -> Any:
        """:meth:`sample` as a fresh rules engine (:mod:`solitaire_widget.games`) rather than a dict: what
        :meth:`Game.from_knowledge <solitaire_widget.Game.from_knowledge>` and the advice build on. The same seed
        gives the same position as :meth:`sample`."""
        rng = seed if isinstance(seed, random.Random) else random.Random(self._seed(seed))
        cards = list(self._unseen_cards)
        rng.shuffle(cards)
        engine = self._blank_engine().copy()
        engine.put_unseen(self._places, cards)
        return engine

    def _blank_engine(self) -> Any:
        """The engine of :attr:`_blank` (see ``__init__``): never handed out, only copied or read."""
        if self._blank is None:
            data = self.to_dict()
            for (pile, index), code in zip(self._places, self._unseen, strict=True):
                _slot(data, pile)[index] = code.lower() if pile[0] == "t" else code
            self._blank = _engine_for(data, self._rules)
        return self._blank

    def samples(self, count: int, seed: int | None = None) -> list[dict[str, Any]]:
        """``count`` positions drawn independently with :meth:`sample`, reproducibly from ``seed`` (None:
        :attr:`default_seed`)."""
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_SAMPLES:
            raise ValueError(f"count must be a whole number of samples from 1 to {MAX_SAMPLES:,}, not {short(count)}")
        rng = random.Random(self._seed(seed))
        return [self.sample(rng) for _ in range(count)]

    @property
    def default_seed(self) -> int:
        """The seed used when none is given: drawn from the knowledge itself, so that asking twice about the same
        position gives the same answer, and two positions a player cannot tell apart give the same answer too."""
        return int.from_bytes(hashlib.sha256(self._text.encode()).digest()[:8], "big")

    @property
    def hidden_seed(self) -> int:
        """A seed drawn from what is hidden and where only (the unseen cards and their places): the same for every
        knowledge value that hides the same cards in the same places. A move that turns no card over keeps it, so
        samples drawn from it stay the same from one turn to the next (the fair player relies on that)."""
        hidden = json.dumps([self.variant, self._data["options"], self._unseen, self._places])
        return int.from_bytes(hashlib.sha256(hidden.encode()).digest()[:8], "big")

    def _seed(self, seed: object) -> int:
        if seed is None:
            return self.default_seed
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number or None, not {short(seed)}")
        return seed

    def legal_moves(self) -> list[Any]:
        """The legal moves, as ``Game.legal_moves()`` lists them: they never depend on an unseen card."""
        return self._blank_engine().legal_moves()  # type: ignore[no-any-return]  # the engine is typed Any (naming its classes here would import them)

    def _legal_status(self) -> str:
        engine = self._blank_engine()
        if engine.is_won():
            return "won"
        if self._rules.family == "camelot":
            return "lost" if engine.is_lost() else "playing"
        return "stuck" if engine.is_stuck() else "playing"

    # Comparing and showing -------------------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Knowledge) and self._text == other._text

    def __hash__(self) -> int:
        return hash(self._text)

    def __repr__(self) -> str:
        unseen = len(self._unseen)
        return (f"<Knowledge {self.variant}: {self.moves} moves, {unseen} card{'s' if unseen != 1 else ''} "
                f"unseen>")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Knowledge, (self.to_dict(),))


# --------------------------------------------------------------------------------------------------------------
# Reading the fields
# --------------------------------------------------------------------------------------------------------------

def _slot(data: dict[str, Any], pile: str) -> list[Any]:
    if pile == "stock":
        return data["stock"]  # type: ignore[no-any-return]  # fields of the position data
    return data["tableau"][int(pile[1:]) - 1]  # type: ignore[no-any-return]  # fields of the position data


def _unseen_places(data: dict[str, Any], rules: VariantRules) -> Iterator[tuple[str, int]]:
    for index, code in enumerate(data["stock"]):
        if code is None:
            yield "stock", index
    if rules.family == "klondike":
        for column, cards in enumerate(data["tableau"]):
            for index, code in enumerate(cards):
                if code is None:
                    yield f"t{column + 1}", index


def _known_cards(data: dict[str, Any], rules: VariantRules) -> Iterator[int]:
    """Every card the value shows (seen cards), wherever it is."""
    codes: list[Any] = [*data["stock"], *data["waste"]]
    if rules.family == "klondike":
        codes += [c for pile in data["foundations"] for c in pile] + [c for col in data["tableau"] for c in col]
    else:
        codes += [c for row in data["grid"] for c in row] + list(data["removed"])
    for code in codes:
        if code is not None:
            yield parse_card(code, allow_face_down=True)[0]


def _copy_field(key: str, value: object) -> Any:
    """A checked copy of one field: lists of card codes or None, nested at most two deep; a counter; a phase."""
    if key == "redeals_used":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**6:
            raise ValueError(f"the knowledge value's 'redeals_used' must be a whole number, zero or more, not "
                             f"{short(value)}")
        return value
    if key == "phase":
        if value not in ("fill", "remove"):
            raise ValueError(f"the knowledge value's phase must be 'fill' or 'remove', not {short(value)}")
        return value
    depth = 2 if key in ("foundations", "tableau", "grid") else 1

    def copy(item: object, level: int) -> Any:
        if not isinstance(item, list) or len(item) > 52:
            raise ValueError(f"the knowledge value's {key!r} must be {'lists of ' * (depth - 1)}a list of card "
                             f"codes, not {short(item)}")
        if level < depth:
            return [copy(inner, level + 1) for inner in item]
        for code in item:
            if code is not None:
                try:
                    parse_card(code, allow_face_down=True)
                except ValueError as error:
                    raise ValueError(f"in the knowledge value's {key!r}: {error}") from None
        return list(item)

    return copy(value, 1)


def _engine_for(position: dict[str, Any], rules: VariantRules) -> Any:
    engine = engine_class(rules)(rules, position["options"])
    engine.load_fields(position)
    return engine


def _check_position(position: dict[str, Any], rules: VariantRules) -> None:
    _engine_for(position, rules)
