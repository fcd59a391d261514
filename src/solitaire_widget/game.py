"""The public face of the rules model: :class:`Game`.

A ``Game`` is one game in progress: its rules, its position, and the moves played so far. You push moves with
:meth:`Game.play` and pop them with :meth:`Game.undo` (and :meth:`Game.redo`), much as python-chess's ``Board``;
you read the position as FORMAT.md's plain dict, save the game as a record, and ask why a move is or is not
allowed.

>>> g = new_game("thumb-and-pouch", deal=1)
>>> g.legal_moves()
[Move.parse('t5-f1'), Move.parse('deal')]
>>> g.play("t5-f1")
Move.parse('t5-f1')
>>> g.score, g.moves, g.cards_in("t5")
(1, 1, ['6s', '2s', '5s', '2D'])
>>> g.explain("t4-t7")
'A 7♥ cannot go on the 9♠: the tableau builds down by one, so only an Eight goes on a Nine.'
>>> g.undo()
Move.parse('t5-f1')
>>> g.score, g.can_redo
(0, True)

The engines behind it (:mod:`solitaire_widget.games`) do the rule work; this module adds history, positions,
records and checking of everything that comes from outside.
"""

from __future__ import annotations

import copy
import json
import random
from typing import TYPE_CHECKING, Any

from .cards import parse_card
from .checks import MAX_TEXT, nesting, short, whole
from .deals import MAX_DEAL, check_deal, shuffled_deck
from .games import Engine, compiled, engine_class
from .knowledge import Knowledge
from .moves import PILE_INDEX, IllegalMove, Move
from .variants import VariantRules, variant_rules

if TYPE_CHECKING:
    from collections.abc import Callable

    from .advice import Hint

__all__ = ["Game", "IllegalMove", "Move", "new_game"]

FORMAT_VERSION = 1
STATUSES = ("playing", "won", "stuck", "lost")
#: The most moves a position may say were made, or a record may hold: far beyond any real game.
MAX_MOVES = 1_000_000
_POSITION_KEYS = {
    "klondike": ("stock", "waste", "foundations", "tableau", "redeals_used"),
    "camelot": ("stock", "waste", "grid", "phase", "removed"),
}
_HEADER_KEYS = ("format", "variant", "options", "deal")
_FOOTER_KEYS = ("moves", "score", "status")
_RECORD_KEYS = {"format", "variant", "options", "deal", "moves", "start"}


#: The function that answers :meth:`Game.hint` (``solitaire_widget.advice.hint``). The rules model cannot import
#: the advice, which is built on it, so the package installs it when it is imported: dependency inversion, the
#: usual way for a lower layer to call a higher one without an import cycle.
_advisor: Callable[..., Hint] | None = None


def set_advisor(advisor: Callable[..., Hint] | None) -> None:
    """Install the function that :meth:`Game.hint` calls as ``advisor(game, **options)``."""
    global _advisor
    _advisor = advisor


def new_game(variant: str = "athena", deal: int | None = None, **options: int) -> Game:
    """A fresh game of ``variant`` (one of :data:`VARIANTS`), dealt as deal number ``deal``.

    ``deal=None`` picks a deal number at random (from Python's ``random``, so ``random.seed`` makes it
    repeatable). Options are keywords: ``draw=3`` for Athena or Klondike, ``redeals=-1`` for Klondike.
    """
    return Game(variant, deal, **options)


class Game:
    """One game of patience: rules, position, history. See the module docs for a tour.

    A ``Game`` is not thread-safe: drive it from one thread at a time. The board (:class:`~solitaire_widget.Solitaire`)
    does: it holds a lock around every change, and its searches work on a copy of the game or on the player's
    :meth:`knowledge`, an immutable value.
    """

    __slots__ = ("_rules", "_options", "_deal", "_engine", "_start", "_start_moves", "_history", "_redo",
                 "_version", "_legal", "_status", "_seen")

    def __init__(self, variant: str = "athena", deal: int | None = None, **options: int) -> None:
        rules = variant_rules(variant)
        self._setup(rules, rules.resolve_options(options))
        self._deal_out(random.randrange(MAX_DEAL + 1) if deal is None else check_deal(deal))

    def _deal_out(self, deal: int) -> None:
        """Lay out deal number ``deal`` (checked) as the start of this game."""
        self._deal: int | None = deal  # None: a game from a position or from knowledge
        self._start: dict[str, Any] | None = None  # None: the start is the deal itself
        self._start_moves = 0
        core = compiled.core()
        self._engine.deal_from(core.deal_order(deal) if core is not None else shuffled_deck(deal))
        self._seen = self._engine.visible()

    def _setup(self, rules: VariantRules, options: dict[str, int]) -> None:
        self._rules = rules
        self._options = options
        self._engine: Engine = engine_class(rules)(rules, options)
        self._history: list[tuple[Move, Any]] = []
        self._redo: list[Move] = []
        self._version = 0
        self._legal: tuple[int, list[Move]] = (-1, [])
        self._status: tuple[int, str] = (-1, "")

    # Building from data ----------------------------------------------------------------------------------------

    @classmethod
    def from_position(cls, position: dict[str, Any]) -> Game:
        """The game at ``position`` (FORMAT.md), with an empty history.

        Everything is checked: a card twice or missing, a face-down card off the tableau, a foundation out of
        order, a Camelot court card in a cell it may not occupy, a score that does not match the cards, a counter
        the rules cannot reach... each gives a ``ValueError`` that says what is wrong. ``status`` is read back from
        the cards, not trusted. The position is copied, never kept: changing it afterwards changes nothing here.
        """
        if not isinstance(position, dict):
            raise ValueError(f"a position is a dict (see FORMAT.md), not {type(position).__name__}")
        nesting(position, "the position")
        fmt = position.get("format")
        if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt != FORMAT_VERSION:
            raise ValueError(f"this version reads positions of format {FORMAT_VERSION}, not {short(fmt)}")
        rules = variant_rules(position.get("variant"))
        allowed = {*_HEADER_KEYS, *_POSITION_KEYS[rules.family], *_FOOTER_KEYS}
        unknown = sorted((key for key in position if key not in allowed), key=str)
        if unknown:
            raise ValueError(f"a {rules.title} position has no key {', '.join(map(short, unknown[:5]))}")
        missing = [key for key in (*_HEADER_KEYS, *_POSITION_KEYS[rules.family], "moves") if key not in position]
        if missing:
            raise ValueError(f"the position has no {', '.join(map(repr, missing))}")
        options = position["options"]
        if not isinstance(options, dict):
            raise ValueError(f"the position's 'options' must be a dict, not {short(options)}")
        game = cls.__new__(cls)
        game._setup(rules, rules.resolve_options(options))
        deal = position["deal"]
        game._deal = None if deal is None else check_deal(deal)
        game._engine.load_fields(position)
        game._start_moves = whole(position["moves"], "the position's 'moves' (moves made)", 0, MAX_MOVES)
        if "score" in position and whole(position["score"], "the position's 'score'") != game._engine.score:
            raise ValueError(f"the position's score is {position['score']}, but its cards give {game._engine.score}")
        if "status" in position and (not isinstance(position["status"], str) or position["status"] not in STATUSES):
            raise ValueError(f"a status is one of {', '.join(STATUSES)}, not {short(position['status'])}")
        game._start = game.position()
        game._seen = game._engine.visible()
        return game

    @classmethod
    def from_knowledge(cls, knowledge: Knowledge, seed: int | random.Random | None = None) -> Game:
        """A game at a position drawn uniformly from ``knowledge`` (:meth:`Knowledge.sample
        <solitaire_widget.knowledge.Knowledge.sample>`, the same seed giving the same position), with an empty
        history and no deal number: one of the positions a player who knows that much cannot tell apart.

        It is the game ``Game.from_position(knowledge.sample(seed))`` gives, without writing the position out as
        card codes and reading it back, which is most of the cost of a sample (the advice draws thousands a second),
        and it remembers what the player saw: its :meth:`knowledge` is ``knowledge``.
        """
        if not isinstance(knowledge, Knowledge):
            raise ValueError(f"Game.from_knowledge() takes a Knowledge value (game.knowledge()), "
                             f"not {type(knowledge).__name__}")
        game = cls.__new__(cls)
        game._setup(knowledge.rules, knowledge.options)
        game._engine = knowledge.sample_engine(seed)
        game._deal = None
        game._start_moves = knowledge.moves
        # The start as Game.from_position would keep it; its status is the knowledge's, which no unseen card
        # changes (a position's legal moves never depend on one).
        game._start = {"format": FORMAT_VERSION, "variant": game.variant, "options": dict(game._options),
                       "deal": None, **game._engine.position_fields(), "moves": knowledge.moves,
                       "score": game._engine.score, "status": knowledge.status}
        # The player who knows this much has seen every card but the unseen ones, so the game's own knowledge is
        # the knowledge it was drawn from.
        game._seen = (1 << 52) - 1 - sum(1 << card for card in knowledge.unseen_cards)
        return game

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Game:
        """Replay a saved record (see :meth:`record`); ``ValueError`` names the first thing wrong with it."""
        if not isinstance(record, dict):
            raise ValueError(f"a game record is a dict, not {type(record).__name__}")
        nesting(record, "the game record")
        unknown = sorted((key for key in record if key not in _RECORD_KEYS), key=str)
        if unknown:
            raise ValueError(f"a game record has no key {', '.join(map(short, unknown[:5]))}")
        fmt = record.get("format")
        if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt != FORMAT_VERSION:
            raise ValueError(f"this version reads records of format {FORMAT_VERSION}, not {short(fmt)}")
        moves = record.get("moves")
        if not isinstance(moves, list):
            raise ValueError(f"a game record's 'moves' must be a list of moves in text form, not {short(moves)}")
        if len(moves) > MAX_MOVES:
            raise ValueError(f"a game record holds at most {MAX_MOVES:,} moves, not {len(moves):,}")
        options = record.get("options", {})
        if not isinstance(options, dict):
            raise ValueError(f"a game record's 'options' must be a dict, not {short(options)}")
        if "start" in record:
            game = cls.from_position(record["start"])
            for key in ("variant", "deal"):
                if key in record and record[key] != record["start"].get(key):
                    raise ValueError(f"the record's {key} {short(record[key])} differs from its start position's")
            if options and game.rules.resolve_options(options) != game.options:
                raise ValueError(f"the record's options {short(options)} differ from its start position's")
        else:
            if record.get("deal") is None:
                raise ValueError("a game record needs the 'deal' it was dealt from, or a 'start' position")
            rules = variant_rules(record.get("variant"))
            game = cls.__new__(cls)
            game._setup(rules, rules.resolve_options(options))
            game._deal_out(check_deal(record["deal"]))
        for number, text in enumerate(moves, 1):
            try:
                game.play(Move.parse(text, game) if isinstance(text, str) else Move.from_dict(text))
            except ValueError as error:
                raise ValueError(f"move {number} of the record, {short(text)}, cannot be played: {error}") from None
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The game saved by :meth:`to_json`."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise ValueError(f"a saved game is JSON text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise ValueError(f"a saved game is at most {MAX_TEXT:,} characters of JSON; this text has {len(text):,}")
        try:
            record = json.loads(text)
        except (TypeError, ValueError, RecursionError) as error:
            why = "it nests too deeply" if isinstance(error, RecursionError) else str(error)
            raise ValueError(f"not a saved game: the text is not valid JSON ({why})") from None
        return cls.from_record(record)

    # What the game is ------------------------------------------------------------------------------------------

    @property
    def variant(self) -> str:
        """The game's name, as in :data:`VARIANTS`: ``"athena"``."""
        return self._rules.name

    @property
    def title(self) -> str:
        """The game's name for people: ``"Thumb and Pouch"``."""
        return self._rules.title

    @property
    def rules(self) -> VariantRules:
        """The game's row in the rules table."""
        return self._rules

    @property
    def options(self) -> dict[str, int]:
        """All options in force, defaults included: ``{"draw": 1, "redeals": 2}``."""
        return dict(self._options)

    @property
    def deal(self) -> int | None:
        """The deal number (``None`` for a game set up from a position that did not say)."""
        return self._deal

    @property
    def pile_names(self) -> tuple[str, ...]:
        """Every pile (or Camelot cell) of this game, by its FORMAT.md name."""
        return self._engine.pile_names

    # Moves ----------------------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now, in a stable order (see the engine for the order)."""
        version, moves = self._legal
        if version != self._version:
            moves = self._engine.legal_moves()
            self._legal = (self._version, moves)
        return list(moves)

    def _coerce(self, move: object) -> Move:
        return move if type(move) is Move else Move.coerce(move)

    def is_legal(self, move: Move | dict[str, Any] | str) -> bool:
        """Whether ``move`` may be played now (``ValueError`` only if it is not a move at all)."""
        return self._engine.reason(self._coerce(move)) is None

    def explain(self, move: Move | dict[str, Any] | str) -> str:
        """Why ``move`` is legal, or which rule it breaks, in a sentence for a learner. Never plays it."""
        move = self._coerce(move)
        return self._engine.reason(move) or self._engine.explain_legal(move)

    def play(self, move: Move | dict[str, Any] | str) -> Move:
        """Play ``move`` (a Move, its dict or its text) and answer the Move played.

        An illegal move raises :class:`IllegalMove` naming the rule; a malformed one ``ValueError``. Either way
        the game is unchanged. Playing a move clears the moves that :meth:`redo` could bring back.
        """
        if type(move) is not Move:
            move = Move.coerce(move)
        version, legal = self._legal
        if version != self._version or move not in legal:
            reason = self._engine.reason(move)
            if reason is not None:
                raise IllegalMove(reason, move)
        engine = self._engine
        token = engine.apply(move)
        self._history.append((move, token))
        self._seen |= engine.revealed(move, token)
        if self._redo:
            self._redo.clear()
        self._version += 1
        return move

    def undo(self) -> Move:
        """Take back the last move (a flip it caused turns back down) and answer it."""
        if not self._history:
            raise ValueError("nothing to undo: no move has been played since the start")
        move, token = self._history.pop()
        self._engine.unapply(move, token)
        self._redo.append(move)
        self._version += 1
        return move

    def redo(self) -> Move:
        """Play again the last move undone, and answer it."""
        if not self._redo:
            raise ValueError("nothing to redo: no move has been undone since the last one played")
        move = self._redo.pop()
        token = self._engine.apply(move)
        self._history.append((move, token))
        self._seen |= self._engine.revealed(move, token)
        self._version += 1
        return move

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played since the start position, first first."""
        return tuple(move for move, _ in self._history)

    @property
    def redo_stack(self) -> tuple[Move, ...]:
        """The moves :meth:`redo` would bring back, the next one last."""
        return tuple(self._redo)

    def restart(self) -> None:
        """Back to the start position (the deal, or the position the game was built from); history cleared.

        The player's :meth:`knowledge` stays: what they saw before the restart, they still know."""
        self._setup(self._rules, self._options)
        if self._start is None:
            core = compiled.core()
            deal = self._deal
            order = core.deal_order(deal) if core is not None else shuffled_deck(deal)  # type: ignore[arg-type]
            self._engine.deal_from(order)
        else:
            self._engine.load_fields(self._start)

    def foundation_move(self, pile: str) -> Move | None:
        """The legal move sending the top card of ``pile`` to a foundation (what a double-click does), if any."""
        move = self._engine.foundation_move(PILE_INDEX.get(pile, -1) if isinstance(pile, str) else -1)
        return move if move is not None and self._engine.reason(move) is None else None

    def hint(self, **options: Any) -> Hint:
        """A suggested next move: by default the fair hint, the move with the best win chance for a player who
        sees what this player has seen; ``peek=True`` asks the solver, which looks at the hidden cards instead.

        The options (``peek``, ``samples``, ``time_limit``, ``node_limit``, ``seed``, ``cancel``) are those of
        :func:`solitaire_widget.advice.hint`, which answers. The rules model does not import the advice built on
        it: the package wires that function in when it is imported (see :func:`set_advisor`).
        """
        if _advisor is None:
            raise RuntimeError("no advice is installed: import solitaire_widget (the package) to get hints")
        return _advisor(self, **options)

    def _check_names(self, move: Move) -> None:
        """``ValueError`` when ``move`` names a pile this game does not have (Aunt Mary's ``t7``)."""
        names = self._engine.pile_names
        for name in (move.src, move.dst, *move.cells):
            if name is not None and name not in names:
                raise ValueError(f"{self.title} has no pile {name!r}; its piles are {', '.join(names)}")

    # State ----------------------------------------------------------------------------------------------------

    @property
    def moves(self) -> int:
        """How many moves have been made (counting those made before a position was saved)."""
        return self._start_moves + len(self._history)

    @property
    def score(self) -> int:
        """Cards on the foundations (Camelot: cards removed)."""
        return self._engine.score

    @property
    def status(self) -> str:
        """``"won"``, ``"stuck"`` (Klondike family: nothing new can happen), ``"lost"`` (Camelot), or
        ``"playing"``. Worked out when asked, once per position."""
        version, status = self._status
        if version != self._version:
            engine = self._engine
            if engine.is_won():
                status = "won"
            elif self._rules.family == "camelot":
                status = "lost" if engine.is_lost() else "playing"  # type: ignore[union-attr]
            else:
                status = "stuck" if engine.is_stuck() else "playing"  # type: ignore[union-attr]
            self._status = (self._version, status)
        return status

    @property
    def is_over(self) -> bool:
        return self.status != "playing"

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return self._engine.stock_count

    @property
    def redeals_left(self) -> int | None:
        """Redeals still allowed (``None``: unlimited; Camelot: 0)."""
        return self._engine.redeals_left

    @property
    def passes_left(self) -> int | None:
        """Passes through the stock still to come after the current one: the redeals left (``None``: unlimited)."""
        return self._engine.redeals_left

    @property
    def phase(self) -> str | None:
        """Camelot's phase, ``"fill"`` or ``"remove"``; ``None`` in the other games."""
        return getattr(self._engine, "phase", None)

    def cards_in(self, pile: str) -> list[str]:
        """The cards of ``pile`` bottom to top, as codes (face-down tableau cards in lower case)."""
        if not isinstance(pile, str) or pile not in self._engine.pile_names:
            raise ValueError(f"{self.title} has no pile {pile!r}; its piles are {', '.join(self.pile_names)}")
        engine = self._engine
        return engine.cards_in(pile if self._rules.family == "camelot" else PILE_INDEX[pile])  # type: ignore[arg-type]

    def position(self) -> dict[str, Any]:
        """The whole position as FORMAT.md's plain dict, face-down cards included."""
        return {
            "format": FORMAT_VERSION,
            "variant": self.variant,
            "options": dict(self._options),
            "deal": self._deal,
            **self._engine.position_fields(),
            "moves": self.moves,
            "score": self.score,
            "status": self.status,
        }

    def knowledge(self, *, stock_known: bool = False) -> Knowledge:
        """What a player who watched this game knows of it: every card face up now or shown earlier in the game
        (undone moves and restarts included), where it is now, and which places hold cards never seen.

        The value holds no unseen card in any form, and not the deal number (which would give them all away), so
        advice computed from it alone cannot peek. See :mod:`solitaire_widget.knowledge`.

        ``stock_known=True`` adds the order of the stock, as if it had been dealt face up: the "K+" model of the
        published Klondike players, for comparing with them only. No advice given to a player uses it.
        """
        if not isinstance(stock_known, bool):
            raise ValueError(f"stock_known must be True or False, not {short(stock_known)}")
        seen = self._seen
        if stock_known:
            for code in self._engine.cards_in("stock" if self._rules.family == "camelot" else 0):  # type: ignore[arg-type]
                seen |= 1 << parse_card(code)
        data: dict[str, Any] = {"format": FORMAT_VERSION, "variant": self.variant, "options": dict(self._options)}
        data.update(self._engine.masked_fields(seen))
        data.update(moves=self.moves, score=self.score, status=self.status)
        return Knowledge(data)

    # Records --------------------------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """A record to save and replay: variant, options, deal, and the moves in text form.

        A game built from a position also records that ``start`` position, since it cannot be dealt again.
        """
        record: dict[str, Any] = {
            "format": FORMAT_VERSION,
            "variant": self.variant,
            "options": dict(self._options),
            "deal": self._deal,
            "moves": [str(move) for move, _ in self._history],
        }
        if self._start is not None:
            record["start"] = copy.deepcopy(self._start)  # the game's own start stays its own
        return record

    def to_json(self, **dumps: Any) -> str:
        """The record as JSON text (keywords go to ``json.dumps``, e.g. ``indent=2``)."""
        return json.dumps(self.record(), ensure_ascii=False, **dumps)

    def copy(self) -> Game:
        """An independent game in the same state, history included."""
        other = Game.__new__(Game)
        other._setup(self._rules, self._options)
        other._engine = self._engine.copy()
        other._deal, other._start, other._start_moves = self._deal, self._start, self._start_moves
        other._history, other._redo = list(self._history), list(self._redo)
        other._seen = self._seen
        return other

    def __copy__(self) -> Game:
        return self.copy()

    # Pictures -------------------------------------------------------------------------------------------------

    def __str__(self) -> str:
        from .pictures import text_picture

        return text_picture(self.position())

    def __repr__(self) -> str:
        deal = "" if self._deal is None else f" #{self._deal}"
        return f"<Game {self.variant}{deal}: {self.moves} moves, score {self.score}, {self.status}>"

    def _repr_svg_(self) -> str:
        from .pictures import svg_picture

        return svg_picture(self.position())

