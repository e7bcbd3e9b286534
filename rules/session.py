"""A game in progress: the current state, unlimited undo, counters, what was seen, the clock.

Undo pops a history list of states, so undoing a recycle gives the pass back and undoing a
draw puts the card back on the stock. What the player has seen is kept outside that history:
a stock card once face up stays known, undo included.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from rules.cards import Card
from rules.legality import Refusal, apply, check, is_dead_end
from rules.moves import Move
from rules.state import State
from rules.topology import iter_slots


class Clock:
    """Play time in seconds. Starts on :meth:`start`; :meth:`pause` and :meth:`resume` keep
    what was counted. ``now`` is the time source (injectable for tests)."""

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._counted = 0.0
        self._since: float | None = None
        self.started = False

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


class Session:
    """One deal being played.

    ``moves`` counts every move made (draws and recycles included); an undo adds no move and
    takes none away, it counts in ``undos``. The clock starts at the first move, stops while
    the deal is over (won or dead end) or the window is hidden, and resumes where it was.
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
        self.moves = 0
        self.undos = 0
        self.clock = Clock(now)
        self._hidden = False
        self._seen = _initially_seen(start)

    # --- playing -------------------------------------------------------------------------
    def play(self, move: Move) -> Refusal | None:
        """Make ``move`` if legal and return None; otherwise change nothing and return why not."""
        refusal = check(self.state, move)
        if refusal is not None:
            return refusal
        self.history.append(self.state)
        self.state = apply(self.state, move)
        self.moves += 1
        self._see(self.state)
        self.clock.start()
        self._sync_clock()
        return None

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
        self.moves = 0
        self.undos = 0
        self.clock = Clock(self._now)

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
    def is_won(self) -> bool:
        return self.state.is_won

    @property
    def is_dead_end(self) -> bool:
        return is_dead_end(self.state)

    @property
    def is_over(self) -> bool:
        return self.is_won or self.is_dead_end

    # --- internals -------------------------------------------------------------------------
    def _see(self, state: State) -> None:
        top = state.stock_top_index()
        if top is not None:
            self._seen |= 1 << top

    def _sync_clock(self) -> None:
        if self.is_over or self._hidden:
            self.clock.pause()
        else:
            self.clock.resume()


def _initially_seen(state: State) -> int:
    """Cards known at a position's start: on a later pass every card went through the waste;
    on the first pass the waste cards and the stock's top card."""
    if state.pass_no > 1:
        return state.stock
    seen = state.stock & ((1 << state.cursor) - 1)
    top = state.stock_top_index()
    return seen | (1 << top) if top is not None else seen
