"""Test positions for the solver: the reference deals, and random mid-game positions."""

from __future__ import annotations

import random
from pathlib import Path

from rules.legality import apply, is_dead_end, legal_moves
from rules.state import CLASSIC, RuleSet, State

DATA = Path(__file__).parent / "data" / "mchung94"


def reference_deals() -> list[tuple[str, bool]]:
    """The 1500 reference deals with their known classic-rules verdict (True = winnable)."""
    decks = (DATA / "random-decks.txt").read_text(encoding="utf-8").split("\n")
    lengths = (DATA / "solution-lengths.txt").read_text(encoding="utf-8").split()
    return [(deck, int(length) > 0) for deck, length in zip(decks, lengths, strict=False)]


def reference_state(deck: str) -> State:
    return State.from_deal_text(deck, CLASSIC)


def random_position(rng: random.Random, rules: RuleSet, cards_left: int) -> State:
    """A position reached by random play (removals preferred) from a random numbered deal,
    stopped once at most ``cards_left`` cards remain on the table, stock and waste (and the
    columns of a variant that has them)."""
    state = State.from_deal(rng.randint(1, 20000), rules)
    while state.pyramid_left + state.stock_count + state.waste_count + state.column_count > cards_left:
        moves = legal_moves(state)
        if not moves or (state.rules.unlimited and is_dead_end(state)):
            break
        removals = [m for m in moves if m.is_removal]
        pick = removals if removals and rng.random() < 0.85 else moves
        state = apply(state, rng.choice(pick))
    return state


def position_on_a_winning_line(rng: random.Random, rules: RuleSet, cards_left: int, detour: int) -> State:
    """A position on the way to a win: follow a winning line of a winnable numbered deal
    until at most ``cards_left`` cards remain, then make ``detour`` random legal moves (which
    may or may not lose the game)."""
    from solver import Verdict, solve  # noqa: PLC0415  (only the solver tests need it)

    while True:
        state = State.from_deal(rng.randint(1, 20000), rules)
        result = solve(state, node_limit=200_000)
        if result.verdict is Verdict.SOLVABLE:
            break
    for move in result.moves:
        if state.pyramid_left + state.stock_count + state.waste_count + state.column_count <= cards_left:
            break
        state = apply(state, move)
    for _ in range(detour):
        moves = legal_moves(state)
        if not moves:
            break
        state = apply(state, rng.choice(moves))
    return state


def reference_positions(rng: random.Random, rules: RuleSet, by_chance: int, on_lines: int) -> list[State]:
    """Positions to check the solver on: ``by_chance`` reached by random play (33 cards left),
    then ``on_lines`` near winning lines (36 cards left, 0-3 random moves off the line), so
    both verdicts come up."""
    positions = [random_position(rng, rules, cards_left=33) for _ in range(by_chance)]
    return positions + [position_on_a_winning_line(rng, rules, 36, detour=i % 4) for i in range(on_lines)]
