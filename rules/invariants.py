"""The rules' invariants over a game being played: what must hold between two looks at a
:class:`~rules.session.Session`, however many moves, undos or restarts came in between.

:class:`Watch` is given the session after every frame of the real game by the fuzz
(:mod:`game.fuzz`, ``bench/fuzz.py``) and says what is wrong, if anything: every move that
appeared in the log is legal where it was made (:func:`rules.legality.check`) and leads where
:func:`rules.legality.apply` says; no card appears or vanishes (the cards in play drop by
exactly the cards a removal names, which make the pair sum or are a lone King); undo and rewind
give back exactly the earlier states, the states before them untouched; the counters move as
documented (an undo adds no move; a restart starts them again); what was seen stays seen; a
won state has an empty pyramid; and the game written down (:meth:`Session.record`) replays
through the rules to the same game.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.legality import apply, check
from rules.moves import Kind, Move
from rules.session import Session
from rules.state import State

REPLAY_EVERY = 16
"""Check that the written-down game replays to the same state every this many changes (and at
every quit): a replay costs the whole game's moves."""

@dataclass
class Tally:
    """What a :class:`Watch` went through."""

    deals: int = 0
    moves: int = 0
    """Moves checked (played by a player or a demo, or replayed when a game was resumed)."""
    undone: int = 0


def on_table(state: State) -> tuple[int, int, int, int]:
    """The masks of the cards still in play: pyramid slots, stock and waste, columns, the free
    cell (1 when it holds a card)."""
    return state.pyramid, state.stock, state.columns, int(state.cell is not None)


def cards_on_table(state: State) -> int:
    return sum(mask.bit_count() for mask in on_table(state))


class Watch:
    """The rules-state invariants, checked on the session the table shows after each frame.
    :meth:`look` returns the violations found (empty when all hold)."""

    def __init__(self, tally: Tally | None = None) -> None:
        self.tally = tally or Tally()
        self.session: Session | None = None
        self.state: State | None = None
        self.history: list[State] = []
        self.moves = 0
        self.undos = 0
        self.seen = 0
        self.changes = 0

    def look(self, session: Session) -> list[str]:
        if session is not self.session:
            problems = self._new_session(session)
        elif session.state is self.state and len(session.history) == len(self.history):
            return []  # nothing happened (the usual frame)
        else:
            problems = self._changed(session)
            self.changes += 1
            if self.changes % REPLAY_EVERY == 0:
                problems += replay_problems(session)
        problems += self._always(session)
        self._remember(session)
        return problems

    def _new_session(self, session: Session) -> list[str]:
        self.tally.deals += 1
        start = session.start_state
        problems = []
        if cards_on_table(start) != start.rules.deck.size:
            problems.append(f"a deal starts with {cards_on_table(start)} cards of {start.rules.deck.size}")
        if session.history or session.state != start:  # a resumed game: it must replay to where it is
            problems += self._walk(start, session.log[: len(session.history)], session.state)
            if session.history and session.history[0] != start:
                problems.append("the first state of the history is not the deal's start")
        return problems

    def _changed(self, session: Session) -> list[str]:
        """A frame may undo and play several moves (several keys in one frame, a rewind, «jugar
        otra vez»): the states kept must be the old ones up to where they part, and the moves
        logged from there must lead, legally, to the state shown."""
        assert self.state is not None
        position, before = len(session.history), len(self.history)
        made, undone = session.moves - self.moves, session.undos - self.undos
        if made < 0:  # «jugar otra vez»: counters from zero, the deal from its start
            problems = self._walk(session.start_state, session.log[:position], session.state)
            if session.moves - session.undos != position:
                counted = f"{session.moves} moves and {session.undos} undos"
                problems.append(f"after a restart {counted} reach move {position}")
            return problems
        old_path, new_path = [*self.history, self.state], [*session.history, session.state]
        shared = 0
        while shared < min(len(old_path), len(new_path)) and old_path[shared] == new_path[shared]:
            shared += 1
        if shared == 0:
            return ["the game's history was rewritten from its start"]
        fork = shared - 1
        self.tally.undone += before - fork
        problems = self._walk(new_path[fork], session.log[fork:position], session.state, new_path[fork:])
        if made - undone != position - before:
            problems.append(f"{made} moves and {undone} undos went from move {before} to move {position}")
        if undone < before - fork or made < position - fork:
            problems.append(f"moves {fork}-{before} were replaced with {made} moves and {undone} undos")
        return problems

    def _walk(
        self, state: State, moves: list[Move], end: State, path: list[State] | None = None
    ) -> list[str]:
        """Play ``moves`` from ``state`` through the rules, checking each; they must reach ``end``
        (through the states of ``path``, when given)."""
        for step, move in enumerate(moves):
            refusal = check(state, move)
            if refusal is not None:
                return [f"{move} was made where the rules refuse it: {refusal}"]
            after = apply(state, move)
            problem = move_problem(state, move, after)
            if problem:
                return [problem]
            if path is not None and path[step + 1] != after:
                return [f"the history does not hold the state {move} led to"]
            self.tally.moves += 1
            state = after
        return [] if state == end else ["the moves made do not lead to the state shown"]

    def _always(self, session: Session) -> list[str]:
        problems = []
        state = session.state
        if session is self.session and self.seen & ~session.seen_mask:
            problems.append("a card that was seen is unseen again")
        if state.is_won and state.pyramid:
            problems.append("won with pyramid cards left")
        if not 1 <= state.pass_no <= max(state.rules.passes, 1) and state.rules.passes > 0:
            problems.append(f"pass {state.pass_no} of {state.rules.passes}")
        if len(session.log) < len(session.history):
            problems.append("fewer moves logged than made")
        return problems

    def _remember(self, session: Session) -> None:
        self.session = session
        self.state = session.state
        self.history = list(session.history)
        self.moves = session.moves
        self.undos = session.undos
        self.seen = session.seen_mask


def move_problem(before: State, move: Move, after: State) -> str | None:
    """What is wrong with ``move`` taking ``before`` to ``after`` as the rules apply it: cards
    appearing or vanishing, a pair that does not make the pair sum, a card coming back."""
    deck = before.rules.deck
    gone = cards_on_table(before) - cards_on_table(after)
    if move.is_store:
        moved = before.card_at(move.places[0])
        fine = before.cell is None and moved is not None and after.cell == moved and gone == 0
        return None if fine else f"{move} did not put one card into the empty cell"
    if any(new & ~old for new, old in zip(on_table(after), on_table(before), strict=True)):
        return f"{move} brought a card back"
    if move.kind in (Kind.DRAW, Kind.RECYCLE):
        return None if gone == 0 else f"{move} removed {gone} cards"
    cards = [before.card_at(place) for place in move.places]
    if None in cards or gone != len(cards):
        return f"{move} names {len(cards)} cards but {gone} left the table"
    ranks = [card.rank for card in cards if card is not None]
    if len(ranks) == 1 and ranks[0] != deck.lone_rank:
        return f"{move} removed a lone {ranks[0]}"
    if len(ranks) == 2 and sum(ranks) != deck.pair_sum:
        return f"{move} removed a pair summing {sum(ranks)}"
    return None


def replay_problems(session: Session) -> list[str]:
    """The game written down must replay through the rules to the same game."""
    again = Session.from_record(session.record(), now=lambda: 0.0)
    if again.state != session.state or again.history != session.history or again.log != session.log:
        return ["the recorded game does not replay to the game shown"]
    return []


def describe(session: Session) -> str:
    """A session in a few words, for a report."""
    moves = " ".join(str(move) for move in session.log[: len(session.history)])
    return (
        f"[deal {session.deal_number} {session.state.rules.key}, {session.moves} moves "
        f"({session.undos} undos): {moves or 'none'}; {session.state.to_text()}]"
    )
