"""The deal being played, as the player handles it: selection, hint, the line under the table.

No pixels and no pygame here. Every legality question goes to :mod:`rules` (``check_select``,
``partners``, ``Session.play``); this class only turns the player's taps into moves and keeps
what the table shows besides the cards. Each successful move returns what it did, :class:`Played`:
the :data:`Effect` the scene may animate and how the deal stands after it (the rules' outcome,
worked out once); the state itself has already changed when it is returned.
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass

from rules import (
    DRAW,
    RECYCLE,
    Card,
    Ending,
    Kind,
    Move,
    Refusal,
    Session,
    State,
    check,
    check_select,
    overlap_cover,
)
from rules import partners as rules_partners
from rules.labels import Label
from rules.moves import CELL, reserve_of
from solver import Answer, BestScoreQuestion, Purpose, Verdict, answer_cache, suggest

from .analysis import Inquiry, Pacer, label_answer
from .table_terms import DECK, Line, Tone
from .texts import won_key


@dataclass(frozen=True)
class Removed:
    cards: tuple[tuple[int, Card], ...]
    """(place, card) of every card that left, places as they were before the move."""
    before: State | None = None
    """The position before the move (where a column's top card lay depends on it)."""


@dataclass(frozen=True)
class Drawn:
    cards: tuple[tuple[int, Card], ...]
    """(place, card) of every card the draw turned up, places as they are after the move: the
    waste (``W``), or each card's waste pile (``W1`` … ``W3``)."""


@dataclass(frozen=True)
class Recycled:
    count: int


@dataclass(frozen=True)
class Stored:
    place: int
    """Where the card lay before it went into the free cell."""
    card: Card
    before: State


Effect = Removed | Drawn | Recycled | Stored


@dataclass(frozen=True)
class Played:
    """A move made, as the game reads it: what to animate, and how the deal stands after it
    (the ending of the rules' :class:`~rules.Outcome`, worked out once). The table's sound,
    animation and end panel and the kiosk's demo read it; statistics, par scoring, the daily
    log and the save read the same ending from the session (:attr:`rules.Session.ending`)."""

    effect: Effect
    ending: Ending


class Reading(enum.Enum):
    """What an answer of the solver comes to at the table, read in one place (:func:`reading`):
    :class:`Play` writes its line from it, the table its animation and its panel."""

    REWOUND = "rewound"
    """Moves were taken back (or none could be)."""
    LOST = "lost"
    """The deal is no longer winnable: the table opens its panel (the line says nothing)."""
    HINT = "hint"
    WINNABLE = "winnable"
    UNDECIDED = "undecided"


def reading(answer: Answer) -> Reading:
    """The one interpretation of an answer: its purpose first, then its verdict."""
    if answer.purpose is Purpose.REWIND:
        return Reading.REWOUND
    if answer.verdict is Verdict.UNSOLVABLE:
        return Reading.LOST
    if answer.purpose is Purpose.HINT:
        return Reading.HINT
    return Reading.WINNABLE if answer.verdict is Verdict.SOLVABLE else Reading.UNDECIDED


def new_game_id() -> str:
    """A name for one game (a deal from its start to its end), for statistics and saves."""
    return uuid.uuid4().hex[:16]


class Play:
    """One deal in progress plus what the table shows around it.

    ``game_id`` names this game for statistics and saves (replaying the deal starts a new
    game); ``daily`` is the ISO date when this is that day's «Reparto del día».
    """

    def __init__(
        self,
        session: Session,
        label: Label,
        label_hidden: bool,
        *,
        game_id: str | None = None,
        daily: str | None = None,
        pacer: Pacer | None = None,
    ) -> None:
        """``pacer`` sizes the solver's steps to the frame's time (shared by the deals of one
        game, so what it measured carries over; a new one by default)."""
        self.session = session
        self.game_id = game_id or new_game_id()
        self.daily = daily
        self.par = False
        """A deal of a par-scoring match (seed 004): it scores points, and once over it is final."""
        self.best: BestScoreQuestion | None = None
        """The best score this par deal allowed: searched in slices once the deal is over."""
        self.label = label
        self.hidden_at_start = label_hidden
        self.revealed = not label_hidden
        self.selected: int | None = None
        self.hint: Move | None = None
        self.line: Line | None = welcome_line(session.state)
        self.inquiry: Inquiry | None = None
        self.pacer = pacer or Pacer()
        self._best_pacer = Pacer(self.pacer.clock)  # its nodes take their own time
        self.answers = answer_cache()
        """What the solver found, per position: shared by every question of this deal."""
        self._partners_key: tuple[State, int] | None = None
        self._partners: list[int] = []

    # --- what the table shows --------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def number(self) -> int | None:
        return self.session.deal_number

    @property
    def shown_label(self) -> Label | None:
        """The deal's label, or None while it is kept hidden («Puede no tener solución»)."""
        return self.label if self.revealed else None

    def partners(self) -> list[int]:
        """Places that can pair with the selected card now (dashed borders); cached per state."""
        if self.selected is None:
            return []
        key = (self.state, self.selected)
        if key != self._partners_key:
            self._partners_key = key
            self._partners = rules_partners(self.state, self.selected)
        return self._partners

    def selectable(self, place: int) -> bool:
        if place == DECK:
            return True
        if place == CELL and self.state.cell is None and self.selected is not None:  # a store's target
            return check(self.state, Move.store(self.selected)) is None
        return check_select(self.state, place) is None

    # --- player actions ----------------------------------------------------------------------
    def tap(self, place: int) -> Played | None:
        """A tap on ``place`` (a pyramid slot, ``STOCK``, ``WASTE`` or ``DECK``)."""
        self.hint = None
        if place == DECK:
            self.selected = None
            return self.play(DRAW if self.state.stock_count else RECYCLE)
        if self.selected == place:
            self.selected = None
            self.line = None
            return None
        card = self.state.card_at(place)
        refusal = check_select(self.state, place)
        if refusal is None and card is not None and card.is_king:
            self.selected = None
            return self.play(Move.remove(place))
        if self.selected is not None:  # the empty cell takes the selected card; a card pairs with it
            empty_cell = place == CELL and self.state.cell is None
            return self.play(Move.store(self.selected) if empty_cell else Move.remove(self.selected, place))
        if refusal is not None:
            self._refuse(refusal, self.state, Move.remove(place))
            return None
        self.selected = place
        self.line = None if self.partners() else Line("no_partner", {"sum": self.state.rules.deck.pair_sum})
        return None

    def draw(self) -> Played | None:
        self.selected = None
        return self.play(DRAW)

    def recycle(self) -> Played | None:
        self.selected = None
        return self.play(RECYCLE)

    def play(self, move: Move) -> Played | None:
        """Ask the rules to make ``move``: what it did, or None with the refusal on the line."""
        before = self.state
        outcome = self.session.play(move)
        if outcome.refusal is not None:
            self._refuse(outcome.refusal, before, move)
            return None
        self.selected = None
        self.hint = None
        self.inquiry = None
        self.line = None
        self._note_end(outcome.ending)
        return Played(_effect(before, move), outcome.ending)

    def undo(self) -> bool:
        """Take the last move back. A won board is final (it is already counted as a win), and so
        is a par deal at a dead end (it is already scored): nothing is undone and the line says why."""
        self.selected = None
        self.hint = None
        self.inquiry = None
        if self.state.is_won:
            self.line = Line("won_no_undo", tone=Tone.REFUSAL)
            return False
        if self.par and self.session.is_over:
            self.line = Line("par_no_undo", tone=Tone.REFUSAL)
            return False
        if not self.session.undo():
            self.line = Line("nothing_to_undo", tone=Tone.REFUSAL)
            return False
        self.line = None
        return True

    def restart(self) -> None:
        """Replay the deal from its start (what was seen stays seen)."""
        self.session.restart()
        self.game_id = new_game_id()
        self.selected = None
        self.hint = None
        self.inquiry = None
        self.line = None

    def plain_hint(self) -> None:
        """A suggestion from the visible cards alone, at once (no search)."""
        self.selected = None
        self.inquiry = None
        if self.state.is_won:
            self.hint = None
            self._refuse(Refusal.GAME_WON)
            return
        if self.session.is_dead_end:
            self.hint = None
            self.line = Line("dead_no_help", tone=Tone.REFUSAL)
            return
        self.session.note_hint()
        self.hint = suggest(self.state)
        self.line = _hint_line(self.state, self.hint)

    def cancel(self) -> bool:
        """Esc: stop the question running, close the hint, or let go of the selection. False
        when there was none of them. What a stopped question found stays in :attr:`answers`:
        asked again, it goes on from there."""
        if self.hint is None and self.selected is None and self.inquiry is None:
            return False
        self.hint = None
        self.selected = None
        self.inquiry = None
        self.line = None
        return True

    # --- questions to the solver: «Pista», «¿Aún se gana?», back to the last winnable step ------
    @property
    def at_start(self) -> bool:
        """The position is the deal's start (before any move, or undone back to it)."""
        return self.state == self.session.start_state

    def ask(self, purpose: Purpose) -> Answer | None:
        """Start a question; it runs in slices (:meth:`step_inquiry`) while the table responds.
        A won board is not analysed (the line says why). At the deal's start «¿Aún se gana?»
        is answered at once from the label, and on a deal whose label «sin solución» is shown
        both questions are, at any position (:func:`label_answer`); that answer is returned
        (and shown)."""
        self.selected = None
        self.hint = None
        self.inquiry = None
        if self.state.is_won:
            self._refuse(Refusal.GAME_WON)
            return None
        if self.session.is_dead_end and purpose is not Purpose.REWIND:
            self.line = Line("dead_no_help", tone=Tone.REFUSAL)
            return None
        if purpose is Purpose.HINT:
            self.session.note_hint()
        known = label_answer(purpose, self.shown_label, self.at_start)
        if known is not None:
            self._show(known)
            return known
        self.inquiry = Inquiry(self.session, purpose, self.answers, self.pacer)
        self.line = Line("rewind_busy" if purpose is Purpose.REWIND else "analysis_busy", tone=Tone.BUSY)
        return None

    def step_inquiry(self, slice_ms: float) -> Answer | None:
        """Give the running question one slice; its answer once there is one (then shown)."""
        inquiry = self.inquiry
        if inquiry is None:
            return None
        if inquiry.position != self.state:
            self.inquiry = None
            return None
        answer = inquiry.step(slice_ms)
        if answer is not None:
            self.inquiry = None
            self._show(answer)
        return answer

    def _show(self, answer: Answer) -> None:
        read = reading(answer)
        if read is Reading.REWOUND:
            self._show_rewind(answer)
        elif read is Reading.LOST:
            self.line = None  # the table opens the «no longer winnable» panel
        elif read is Reading.HINT:
            self.hint = answer.hint
            self.line = _hint_line(self.state, self.hint)
        elif read is Reading.WINNABLE:
            self.line = Line("analysis_label_winnable" if answer.from_label else "analysis_winnable")
        else:  # «¿Aún se gana?» answers the question; moves are for «Pista» (which counts)
            self.line = _unknown_line(answer)

    def _show_rewind(self, answer: Answer) -> None:
        for _ in range(answer.back):
            self.session.undo()
        if answer.back:
            self.line = Line("rewind_done" if answer.certain else "rewind_done_some", {"n": answer.back})
        elif self.shown_label is Label.SOLVABLE and self.session.history:
            # no later step was shown winnable, but the deal's start is proven so
            back = len(self.session.history)
            while self.session.undo():
                pass
            self.line = Line("rewind_start", {"n": back})
        elif answer.none_proven:
            self.line = Line("rewind_none", tone=Tone.REFUSAL)
        elif answer.none_in_all_orders:
            self.line = Line("rewind_none_all_orders", tone=Tone.REFUSAL)
        else:
            self.line = Line("rewind_cut" if answer.cut_short else "rewind_unknown", tone=Tone.REFUSAL)

    # --- internals -----------------------------------------------------------------------------
    def _refuse(self, refusal: Refusal, state: State | None = None, move: Move | None = None) -> None:
        """The refusal's line; two cards that do not pair are named, with the deck's sum
        («7♠ y 5♥ no suman 13», «7 de oros y 3 de copas no suman 12»), and so is a card the
        overlap rule lets go only with the card lying on it («Q♣ solo se puede quitar junto
        con K♥, …»)."""
        line = None if state is None or move is None else _named_refusal(refusal, state, move)
        self.line = line or Line(refusal.value, tone=Tone.REFUSAL)

    @property
    def best_given_up(self) -> bool:
        """The best-score search passed its node limit and was left unfinished."""
        return self.best is not None and self.best.given_up

    def step_best(self, slice_ms: float) -> bool:
        """Give the best-score search of an ended par deal one slice (it starts on the first);
        True when its answer (or its giving up) is new."""
        if not self.par or not self.session.is_over or self.best_given_up:
            return False
        if self.best is None:
            self.best = BestScoreQuestion(self.session)
        if self.best.answer is not None:
            return False
        return self._best_pacer.run(slice_ms, self.best.step)[0]

    def _note_end(self, ending: Ending) -> None:
        every_card = self.state.rules.variant.win_all
        if ending is Ending.WON:
            self.revealed = True
            self.line = Line(won_key(self.state, "won_line"))
        elif ending is Ending.DEAD_END:
            self.revealed = True
            self.line = self.dead_end_line()
        elif every_card and self.state.pyramid == 0:  # Estricta: the stock and the waste must go too
            self.line = Line("pyramid_cleared_all")
        elif self.state.pyramid == 0 and self.state.kind.blocks_win(self.state):  # a reserve, a cell
            self.line = Line(f"pyramid_cleared_{self.state.kind.name}")  # says what must go too

    def dead_end_line(self) -> Line:
        """The line at a dead end: the deal's own «no solution» when its label says so."""
        key = "dead_line_unsolvable" if self.label is Label.UNSOLVABLE else "dead_line"
        if self.state.rules.unlimited:  # a whole cycle removes nothing: proven (SPEC §12)
            key = "dead_line_cycle"
        if self.par:  # scored and final: no undo, no replay
            key = "dead_line_par"
        return Line(key, tone=Tone.REFUSAL)


def welcome_line(state: State) -> Line:
    """The line a deal opens with: how a pair is made (and, when every card must go, that the
    stock and the waste must go too)."""
    pair_sum = state.rules.deck.pair_sum
    if state.rules.variant.win_all:
        return Line("welcome_all", {"sum": pair_sum, "total": state.rules.deck.size})
    return Line("welcome", {"sum": pair_sum})


def _effect(before: State, move: Move) -> Effect:
    if move.kind is Kind.DRAW:
        top = before.stock_top_index()
        assert top is not None
        piles = before.waste_places()
        turned = range(top, before.drawn_cursor())
        stock = before.layout.stock
        return Drawn(tuple((piles[i % len(piles)], stock[i]) for i in turned if before.stock >> i & 1))
    if move.kind is Kind.RECYCLE:
        return Recycled(before.waste_count)
    if move.is_store:
        card = before.card_at(move.places[0])
        assert card is not None
        return Stored(move.places[0], card, before)
    cards = []
    for place in move.places:
        card = before.card_at(place)
        assert card is not None
        cards.append((place, card))
    return Removed(tuple(cards), before)


def _named_refusal(refusal: Refusal, state: State, move: Move) -> Line | None:
    """The refusal of a pair with its cards named, when the rules' reason is about them; or, the
    empty free cell tapped with no card selected, how a card goes into it."""
    if refusal is Refusal.NO_CARD and move.places == (CELL,):
        return Line("cell_how", tone=Tone.REFUSAL)
    cards = [state.card_at(place) for place in move.places]
    if len(cards) != 2 or cards[0] is None or cards[1] is None:
        return None
    if refusal is Refusal.NOT_13:
        return Line("not_sum", {"a": cards[0], "b": cards[1], "sum": state.rules.deck.pair_sum}, Tone.REFUSAL)
    if refusal is Refusal.ONLY_WITH_COVER:
        for place, card in zip(move.places, cards, strict=True):
            cover = overlap_cover(state, place)
            covering = None if cover is None else state.card_at(cover)
            if covering is not None and cover not in move.places:
                return Line("only_with_cover_named", {"a": card, "b": covering}, Tone.REFUSAL)
    return None


def _unknown_line(answer: Answer) -> Line:
    """«sin determinar», with what the orders of the unseen cards showed when some were tried:
    the share of all of them when every order was tried and decided; else counts, not a share
    (a share of a few orders, a lower bound once some are unresolved, read as "probably lost"
    to a newcomer): the orders tried, those won in, those not, and those left unresolved (not
    known either way), said as "not known yet" when some were."""
    share = answer.win_share
    if share is not None:
        if answer.exact and not answer.cut_short:
            return Line("analysis_share_exact", {"p": round(100 * share)}, Tone.HINT)
        tried, unresolved = answer.orders_tried, answer.undecided
        won = round(share * tried)
        values: dict[str, object] = {"n": tried, "w": won, "l": tried - won - unresolved, "u": unresolved}
        if answer.cut_short:
            return Line("analysis_cut_share", values, Tone.HINT)
        if answer.undecided:
            return Line("analysis_share_least", values, Tone.HINT)
        return Line("analysis_share_all" if won == tried else "analysis_share", values, Tone.HINT)
    if answer.cut_short:
        return Line("analysis_cut", tone=Tone.HINT)
    return Line("analysis_unknown_unseen" if answer.unseen else "analysis_unknown", tone=Tone.HINT)


def _hint_line(state: State, move: Move | None) -> Line:
    if move is None:
        return Line("hint_none", tone=Tone.HINT)
    if move.kind is Kind.DRAW:
        return Line("hint_draw", tone=Tone.HINT)
    if move.kind is Kind.RECYCLE:
        return Line("hint_recycle", tone=Tone.HINT)
    cards = [state.card_at(p) for p in move.places]
    names = [c for c in cards if c is not None]  # named in the player's language when shown
    if move.is_store:
        return Line("hint_store", {"a": names[0]}, Tone.HINT)
    in_reserve = sum(reserve_of(place) is not None for place in move.places)  # listed last in a move
    if len(names) == 1:  # a King, said to come from the reserve when it does
        return Line("hint_king_reserve" if in_reserve else "hint_king", {"a": names[0]}, Tone.HINT)
    key = ("hint_pair", "hint_pair_reserve", "hint_pair_reserves")[in_reserve]
    return Line(key, {"a": names[0], "b": names[1]}, Tone.HINT)
