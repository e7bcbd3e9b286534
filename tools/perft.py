"""Move-count files (perft): what the rules allow from fixed deals, written down to compare.

    python tools/perft.py            # writes tests/perft/VARIANT.txt for every registered variant
    python tools/perft.py --check    # recomputes them and names the lines that differ (status 1)

For every rule set of every registered variant, each deal of :data:`DEALS` from its start and
from where drawing through the whole stock leaves it (so recycles are counted), a line per
figure: the legal-move sequences of each length 1…:data:`DEPTH` (draws and recycles
included), the distinct positions at each depth, a digest of those positions' texts, the
refusals of every selection and every removal at depth 0 and 1, and the stock's best clean-up
(:func:`rules.scoring.state_cleanup`) summed over the positions at depth :data:`DEPTH`. A change
to the rules that leaves them all the same changed no legality, no position text, no clean-up.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import Counter
from functools import cache
from pathlib import Path

from rules.legality import apply_legal, check, check_select, legal_moves
from rules.moves import CELL, DRAW, PLACES, RECYCLE, Move, place_name
from rules.scoring import state_cleanup
from rules.state import State
from rules.variant import VARIANTS, Variant, rule_sets

DEALS = (1, 2, 777)
DEPTH = 5
"""Moves deep: all the files are made in a few seconds."""
REFUSAL_DEPTH = 1
"""Positions up to this depth have every selection and removal checked."""
FOLDER = Path(__file__).resolve().parent.parent / "tests" / "perft"


def places() -> list[int]:
    """Every place the notation can name."""
    found = []
    for place in range(PLACES):
        try:
            place_name(place)
        except ValueError:
            continue
        found.append(place)
    return found


@cache
def _children(state: State) -> tuple[State, ...]:
    return tuple(apply_legal(state, move) for move in legal_moves(state))


@cache
def _counts(state: State, depth: int) -> tuple[int, ...]:
    """Sequences of each length 1…``depth`` from ``state``."""
    if depth == 0:
        return ()
    children = _children(state)
    below = [_counts(child, depth - 1) for child in children]
    return (len(children), *(sum(column) for column in zip(*below, strict=True))) if below else (0,) * depth


def _refusals(state: State, tally: Counter[str]) -> None:
    cell = CELL in state.kind.places()  # (the cell F and its stores only where there is one)
    every = [p for p in places() if p != CELL or cell]
    for place in every:
        refusal = check_select(state, place)
        tally[f"select:{refusal.value if refusal else 'ok'}"] += 1
    named = [p for p in every if state.card_at(p) is not None or check_select(state, p) is not None]
    moves = [DRAW, RECYCLE, *(Move.remove(p) for p in named)]
    moves += [Move.remove(p, q) for i, p in enumerate(named) for q in named[i + 1 :]]
    moves += [Move.store(p) for p in named if p != CELL and cell]
    for move in moves:
        refusal = check(state, move)
        tally[f"move:{refusal.value if refusal else 'ok'}"] += 1


def drawn_through(state: State) -> State:
    """``state`` after drawing until the stock is empty."""
    while DRAW in legal_moves(state):
        state = apply_legal(state, DRAW)
    return state


def lines(name: str, start: State) -> list[str]:
    """The figures of one position under one rule set, one line each."""
    layers = [{start}]
    for _ in range(DEPTH):
        layers.append({child for state in layers[-1] for child in _children(state)})
    tally: Counter[str] = Counter()
    for layer in layers[: REFUSAL_DEPTH + 1]:
        for state in sorted(layer, key=State.to_text):
            _refusals(state, tally)
    texts = "\n\n".join(sorted(state.to_text() for state in layers[-1]))
    digest = hashlib.sha256(texts.encode()).hexdigest()[:16]
    cleanup = sum(state_cleanup(state) for state in layers[-1])
    return [
        f"{name} moves: {' '.join(map(str, _counts(start, DEPTH)))}",
        f"{name} positions: {' '.join(str(len(layer)) for layer in layers[1:])}",
        f"{name} texts: {digest}",
        f"{name} refusals: {' '.join(f'{k}={v}' for k, v in sorted(tally.items()))}",
        f"{name} cleanup: {cleanup}",
    ]


def text(variant: Variant) -> str:
    """The move-count file of ``variant``: every rule set of it (unlimited passes included)."""
    out = [f"# perft of the {variant.name} variant: python tools/perft.py (depth {DEPTH})"]
    for rules in rule_sets(variant):
        for deal in DEALS:
            start = State.from_deal(deal, rules)
            out += lines(f"{rules.key} deal {deal}", start)
            drawn = drawn_through(start)
            if drawn != start:  # a variant with no stock has nothing to draw
                out += lines(f"{rules.key} deal {deal} drawn", drawn)
    return "\n".join(out) + "\n"


def path(variant: Variant) -> Path:
    return FOLDER / f"{variant.name}.txt"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Write or check the move-count files.")
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing")
    args = parser.parse_args(argv)
    differ = 0
    for variant in VARIANTS.values():
        made = text(variant)
        if not args.check:
            FOLDER.mkdir(exist_ok=True)
            path(variant).write_text(made, encoding="utf-8")
            continue
        kept = path(variant).read_text(encoding="utf-8").splitlines()
        for old, new in zip(kept, made.splitlines(), strict=False):
            if old != new:
                differ += 1
                name = path(variant).stem
                print(f"{name}: was {old!r}\n{' ' * len(name)}  now {new!r}")
        differ += abs(len(kept) - len(made.splitlines()))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
