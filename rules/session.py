"""A game in progress: the current state, unlimited undo, counters, what was seen, the clock.

Undo pops a history list of states, so undoing a recycle gives the pass back and undoing a
draw puts the card back on the stock. What the player has seen is kept outside that history:
a stock card once face up stays known, undo included.

The session also keeps its move log, so a game can be written down and rebuilt:
:meth:`Session.record` gives a JSON-ready dict, :meth:`Session.from_record` replays its moves
through the rules. A record cannot smuggle in a position the rules would not reach: every
move is checked as if played, and a refused one raises :class:`RecordError`.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.cards import Card
from rules.deals import check_deal_number
from rules.errors import NotationError, RecordError
from rules.legality import Refusal, apply_legal, check, is_dead_end
from rules.moves import Move
from rules.state import RuleSet, State, parse_position
from rules.topology import iter_slots


class Clock:
    """Play time in seconds. Starts on :meth:`start`; :meth:`pause` and :meth:`resume` keep
    what was counted. ``now`` is the time source (injectable for tests)."""

    def __init__(
        self, now: Callable[[], float] = time.monotonic, elapsed: float = 0.0, started: bool = False
    ) -> None:
        """``elapsed`` and ``started``: a clock that already counted that much (a restored game);
        it stays paused until :meth:`resume`."""
        self._now = now
        self._counted = elapsed
        self._since: float | None = None
        self.started = started

    @property
    def running(self) -> bool:
        return self._since is not None

    def start(self) -> None:
        if not self.started:
            self.started = True
            self._since = self._now()

    def pause(self) -> None:
        if self._since is not None:
            self._counted += self._now() - self._since
            self._since = None

    def resume(self) -> None:
        if self.started and self._since is None:
            self._since = self._now()

    def elapsed(self) -> float:
        running = 0.0 if self._since is None else self._now() - self._since
        return self._counted + running


class Ending(enum.Enum):
    """How a deal stands after a move."""

    NONE = "none"
    """It goes on."""
    WON = "won"
    DEAD_END = "dead end"
    """No legal move is left and it is not won: over, unless the player undoes."""

    @property
    def over(self) -> bool:
        return self is not Ending.NONE


def ending_of(state: State) -> Ending:
    """How the deal stands at ``state`` (a dead end costs one :func:`legal_moves`, or one per
    position of a cycle with unlimited passes: :func:`rules.legality.is_dead_end`)."""
    if state.is_won:
        return Ending.WON
    return Ending.DEAD_END if is_dead_end(state) else Ending.NONE


@dataclass(frozen=True, slots=True)
class Outcome:
    """What :meth:`Session.play` did with a move."""

    refusal: Refusal | None
    """Why the move was refused (then nothing changed), or None: it was made."""
    ending: Ending = Ending.NONE
    """How the deal stands after the move, worked out once (:attr:`Session.ending`)."""


class Session:
    """One deal being played.

    ``moves`` counts every move made (draws and recycles included); an undo adds no move and
    takes none away, it counts in ``undos``; ``hints`` counts the hints the player asked for
    (:meth:`note_hint`). The clock starts at the first move, stops while the deal is over (won
    or dead end) or the window is hidden, and resumes where it was.

    ``log`` holds the moves played; the first ``position`` of them are on the board, the rest
    were taken back by undo (a new move drops them). ``history[i]`` is the state before ``log[i]``.
    """

    def __init__(
        self,
        start: State,
        deal_number: int | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.start_state = start
        self.deal_number = deal_number
        self._now = now
        self.state = start
        self.history: list[State] = []
        self.log: list[Move] = []
        self.moves = 0
        self.undos = 0
        self.hints = 0
        self.clock = Clock(now)
        self._hidden = False
        self._seen = _initially_seen(start)
        self._ending: tuple[State, Ending] | None = None
        """The ending of a position, worked out once per position (see :attr:`ending`)."""

    # --- playing -------------------------------------------------------------------------
    def play(self, move: Move) -> Outcome:
        """Make ``move`` if legal: the outcome says how the deal stands after it. Otherwise
        change nothing: the outcome says why not."""
        refusal = check(self.state, move)
        if refusal is not None:
            return Outcome(refusal)
        del self.log[len(self.history) :]
        self.history.append(self.state)
        self.log.append(move)
        self.state = apply_legal(self.state, move)
        self.moves += 1
        self._see(self.state)
        self.clock.start()
        self._sync_clock()
        return Outcome(None, self.ending)

    def undo(self) -> bool:
        """Take back the last move; False (and nothing changes) when there is none."""
        if not self.history:
            return False
        self.state = self.history.pop()
        self.undos += 1
        self._sync_clock()
        return True

    def restart(self) -> None:
        """Replay this deal from its start: counters and clock start again; what was seen stays seen."""
        self.state = self.start_state
        self.history.clear()
        self.log.clear()
        self.moves = 0
        self.undos = 0
        self.hints = 0
        self.clock = Clock(self._now)

    def note_hint(self) -> None:
        """The player asked for a hint (the daily deal's «limpio» mark needs none)."""
        self.hints += 1

    @property
    def position(self) -> int:
        """How many moves of :attr:`log` are on the board (the rest were undone)."""
        return len(self.history)

    # --- window visibility -----------------------------------------------------------------
    def hide(self) -> None:
        """The window or tab was hidden or lost focus: the clock pauses."""
        self._hidden = True
        self.clock.pause()

    def show(self) -> None:
        """The window or tab is back: the clock resumes where it was (if the deal is on)."""
        self._hidden = False
        self._sync_clock()

    # --- what the player knows ---------------------------------------------------------------
    @property
    def seen_cards(self) -> frozenset[Card]:
        """Stock cards that have been face up at some time in this deal. Never shrinks."""
        stock = self.start_state.layout.stock
        return frozenset(stock[i] for i in iter_slots(self._seen))

    @property
    def seen_mask(self) -> int:
        """The same as :attr:`seen_cards`, as a mask over ``layout.stock`` indices."""
        return self._seen

    @property
    def all_seen(self) -> bool:
        """Every stock card has been face up: hints may use the whole deck from now on."""
        return self._seen == (1 << len(self.start_state.layout.stock)) - 1

    @property
    def ending(self) -> Ending:
        """How the deal stands now: worked out once per position, however often it is asked
        (after a move, by every reader of the move's outcome; after an undo, once)."""
        known = self._ending
        if known is None or known[0] is not self.state:
            known = self._ending = (self.state, ending_of(self.state))
        return known[1]

    @property
    def is_won(self) -> bool:
        return self.ending is Ending.WON

    @property
    def is_dead_end(self) -> bool:
        return self.ending is Ending.DEAD_END

    @property
    def is_over(self) -> bool:
        return self.ending.over

    # --- writing the game down --------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game as a JSON-ready dict: rule set key, deal number (or the start position's
        text), the move log in move notation, the undo position, the seen mask, the counters and
        the elapsed clock. :meth:`from_record` rebuilds an equal session from it."""
        start = self.start_state
        return {
            "rules": start.rules.key,
            "deal": self.deal_number,
            "start": None if self.deal_number is not None else start.to_text(),
            "moves": [str(move) for move in self.log],
            "undo_position": self.position,
            "seen": self._seen,
            "counters": {"moves": self.moves, "undos": self.undos, "hints": self.hints},
            "elapsed": self.clock.elapsed(),
        }

    @staticmethod
    def from_record(doc: object, now: Callable[[], float] = time.monotonic) -> Session:
        """Rebuild a session from :meth:`record`'s dict by replaying its moves through the rules.

        Raises :class:`RecordError` (naming the field) for anything missing, mistyped,
        contradictory or illegal. The seen mask can only add stock cards to what the replay
        itself turned face up: it changes what hints may use, never the position.
        The clock goes on from the recorded time (running, unless the deal is over), as the
        clock of a session just played to that point would.
        """
        session, refused = Session._replay(doc, now, keep_legal_prefix=False)
        assert refused is None
        return session

    @staticmethod
    def from_record_prefix(
        doc: object, now: Callable[[], float] = time.monotonic
    ) -> tuple[Session, RecordError | None]:
        """Like :meth:`from_record`, but a move the rules refuse ends the replay instead of
        the whole record: the session holds the legal moves before it (the undo position cut
        to match), and the refusal is returned beside it (None when every
        move was legal; its ``index`` is the number of moves kept). The move and undo counters
        lose the dropped moves (each was made once; those past the undo position were undone).
        Anything else wrong with the record still raises :class:`RecordError`."""
        return Session._replay(doc, now, keep_legal_prefix=True)

    @staticmethod
    def _replay(
        doc: object, now: Callable[[], float], keep_legal_prefix: bool
    ) -> tuple[Session, RecordError | None]:
        if not isinstance(doc, dict):
            raise RecordError("a game record must be an object")
        rules = _rules_from_key(_field(doc, "rules", str))
        deal = doc.get("deal")
        if deal is not None:
            start = _start_from_deal(deal, rules)
        else:
            start = _start_from_text(_field(doc, "start", str), rules)
        session = Session(start, deal, now)
        log = _moves_of(_field(doc, "moves", list))
        position = _count(doc, "undo_position")
        if position > len(log):
            raise RecordError(f"undo_position {position} is past the {len(log)} moves")
        counters = _field(doc, "counters", dict)
        moves, undos, hints = (_count(counters, key) for key in ("moves", "undos", "hints"))
        if moves < position or undos < len(log) - position:
            raise RecordError("counters: fewer moves or undos than the move log shows")
        refused: RecordError | None = None
        for index, move in enumerate(log):
            refusal = session.play(move).refusal
            if refusal is not None:
                refused = RecordError(f"moves[{index}] {move}: {refusal.value}", index=index)
                if not keep_legal_prefix:
                    raise refused
                moves, undos, position = _cut_counters(moves, undos, position, len(log), index)
                break
        while session.position > position:
            session.undo()
        seen = _count(doc, "seen")
        if seen >> len(start.layout.stock):
            raise RecordError("seen: marks cards the stock does not have")
        elapsed = _field(doc, "elapsed", (int, float))
        if not 0 <= elapsed < _LONGEST_GAME:  # NaN compares false: refused too
            raise RecordError(f"elapsed: {elapsed!r} is not a time")
        session.moves, session.undos, session.hints = moves, undos, hints
        session._seen |= seen
        session.clock = Clock(now, float(elapsed), started=moves > 0)
        session._sync_clock()
        return session, refused

    # --- internals -------------------------------------------------------------------------
    def _see(self, state: State) -> None:
        self._seen |= state.visible_stock()

    def _sync_clock(self) -> None:
        if self.is_over or self._hidden:
            self.clock.pause()
        else:
            self.clock.resume()


def _initially_seen(state: State) -> int:
    """Cards known at a position's start: on a later pass every card went through the waste;
    on the first pass the cards face up (the waste, and the stock's top card when it lies face up)."""
    if state.pass_no > 1:
        return state.stock
    return state.visible_stock()


_LONGEST_GAME = 10.0**9
"""Seconds (about 30 years): a recorded clock beyond this is not a time."""


def _rules_from_key(key: str) -> RuleSet:
    try:
        return RuleSet.from_key(key)
    except NotationError as error:
        raise RecordError(f"rules: {error}") from None


def _start_from_deal(deal: object, rules: RuleSet) -> State:
    if isinstance(deal, bool) or not isinstance(deal, int):
        raise RecordError(f"deal: {deal!r} is not a deal number")
    try:
        return State.from_deal(check_deal_number(deal), rules)
    except ValueError as error:
        raise RecordError(f"deal: {error}") from None


def _start_from_text(text: str, rules: RuleSet) -> State:
    try:
        start = parse_position(text, rules)
    except NotationError as error:
        raise RecordError(f"start: {error}") from None
    if start.rules != rules:
        raise RecordError("start: its rule set differs from the record's")
    return start


def _moves_of(items: list[object]) -> list[Move]:
    moves = []
    for index, item in enumerate(items):
        if not isinstance(item, str):
            raise RecordError(f"moves[{index}]: {item!r} is not a move")
        try:
            moves.append(Move.parse(item))
        except NotationError as error:
            raise RecordError(f"moves[{index}]: {error}") from None
    return moves


def _field(doc: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise RecordError(f"{key}: missing or of the wrong type")
    return value


def _count(doc: dict[str, Any], key: str) -> int:
    value: int = _field(doc, key, int)
    if value < 0:
        raise RecordError(f"{key}: {value} is negative")
    return value


def _cut_counters(moves: int, undos: int, position: int, logged: int, kept: int) -> tuple[int, int, int]:
    """The counters and undo position of a record whose move log of ``logged`` moves is cut to
    its first ``kept``: each dropped move was made once, and those past ``position`` were also
    undone (never below what the kept log itself shows)."""
    cut_position = min(position, kept)
    dropped_undone = (logged - position) - (kept - cut_position)
    return (
        max(cut_position, moves - (logged - kept)),
        max(kept - cut_position, undos - dropped_undone),
        cut_position,
    )
