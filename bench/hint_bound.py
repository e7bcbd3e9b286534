"""How well can any honest hint do on one pass? An upper bound, by expectimax over the orders.

    python bench/hint_bound.py --deals 20 --unseen 5 --overlap both

On one pass a player (or a hint) must choose each move before seeing the stock cards still
face down; a clairvoyant solver, which knows their order, wins more. From a position with
``k`` unseen stock cards this compares, over every order of those cards:

* **clairvoyant**: the share of orders from which the deal can be won (the exact search run
  on each order: what «proven winnable» means for the label table);
* **best honest**: the win probability of the best policy that sees only what the player sees
  — expectimax: the best move at each position, and at each draw that turns a new card up,
  the average over which of the unseen cards it is (uniform over those left).

``best honest / clairvoyant`` bounds, from that position, the share of the clairvoyantly
winnable orders that *any* honest hint can win. The positions are taken along the winning
line of proven-winnable 1-pass deals (``assets/labels.json``), at the first point where only
``k`` stock cards remain unseen: a player who had played perfectly (even clairvoyantly) until
then. Prints each position and the totals.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cards import Card
from rules.labels import Label, load_table
from rules.legality import apply, legal_moves
from rules.session import Session
from rules.state import Layout, RuleSet, State
from rules.topology import iter_slots
from solver.search import Verdict, solve


def placed(state: State, unseen: int, cards: list[Card], top: int | None = None) -> State:
    """``state`` with the unseen places holding ``cards`` in that order (the first at ``top``
    when given, the others in the other places)."""
    stock = list(state.layout.stock)
    places = list(iter_slots(unseen))
    if top is not None:
        places.remove(top)
        places.insert(0, top)
    for index, card in zip(places, cards, strict=True):
        stock[index] = card
    layout = Layout(state.layout.pyramid, tuple(stock))
    return State(layout, state.rules, state.pyramid, state.stock, state.cursor, state.pass_no)


def hidden(state: State, unseen: int) -> list[Card]:
    return sorted(state.layout.stock[i] for i in iter_slots(unseen))


class Expectimax:
    """The best honest win probability. A position is kept with its unseen places holding the
    unseen cards sorted (so it only says what the player knows); legality never reads them
    (only the stock's top card, always seen, can be played)."""

    def __init__(self) -> None:
        self.memo: dict[tuple[State, int], float] = {}

    def value(self, state: State, unseen: int) -> float:
        if state.is_won:
            return 1.0
        key = (state, unseen)
        found = self.memo.get(key)
        if found is not None:
            return found
        best = 0.0
        for move in legal_moves(state):
            best = max(best, self._after(apply(state, move), unseen))
            if best == 1.0:
                break
        self.memo[key] = best
        return best

    def _after(self, state: State, unseen: int) -> float:
        top = state.stock_top_index()
        if top is None or not unseen >> top & 1:
            return self.value(state, unseen)
        cards = hidden(state, unseen)
        rest = unseen & ~(1 << top)
        total = 0.0
        for rank, count in Counter(card.rank for card in cards).items():
            card = next(c for c in cards if c.rank == rank)
            others = [c for c in cards if c is not card]
            world = placed(state, unseen, [card, *others], top)
            total += count / len(cards) * self.value(world, rest)
        return total


def clairvoyant(state: State, unseen: int) -> float:
    """The share of the distinct rank orders of the unseen cards from which the deal is won."""
    cards = hidden(state, unseen)
    orders = {tuple(c.rank for c in p): list(p) for p in permutations(cards)}
    wins = sum(solve(placed(state, unseen, order)).verdict is Verdict.SOLVABLE for order in orders.values())
    return wins / len(orders)


def position_on_line(number: int, rules: RuleSet, unseen_cards: int) -> tuple[State, int] | None:
    """Along the deal's winning line, the first position with at most ``unseen_cards`` unseen."""
    session = Session(State.from_deal(number, rules), number)
    result = solve(session.state)
    if result.verdict is not Verdict.SOLVABLE:
        return None
    for move in result.moves:
        unseen = session.state.stock & ~session.seen_mask
        if unseen.bit_count() <= unseen_cards:
            return session.state, unseen
        session.play(move)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--deals", type=int, default=20, help="proven-winnable deals per rule set")
    parser.add_argument("--unseen", type=int, default=5, help="unseen stock cards left (<= 7)")
    parser.add_argument("--overlap", choices=("on", "off", "both"), default="both")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    labels = load_table()
    rng = random.Random(args.seed)
    overlaps = [True, False] if args.overlap == "both" else [args.overlap == "on"]
    for overlap in overlaps:
        rules = RuleSet(1, overlap)
        deals = rng.sample(labels.numbers(rules, Label.SOLVABLE), args.deals)
        honest_sum = clair_sum = 0.0
        counted = 0
        began = time.perf_counter()
        for number in deals:
            found = position_on_line(number, rules, args.unseen)
            if found is None:
                continue
            state, unseen = found
            state = placed(state, unseen, hidden(state, unseen))
            honest = Expectimax().value(state, unseen)
            clair = clairvoyant(state, unseen)
            honest_sum += honest
            clair_sum += clair
            counted += 1
            print(
                f"  {rules!s:<22} deal {number:5d}  unseen {unseen.bit_count()}  "
                f"clairvoyant {clair:6.3f}  best honest {honest:6.3f}  ratio {honest / clair:6.3f}",
                flush=True,
            )
        ratio = honest_sum / clair_sum if clair_sum else float("nan")
        print(
            f"{rules!s:<22} {counted} positions: mean clairvoyant {clair_sum / max(counted, 1):.3f}, "
            f"mean best honest {honest_sum / max(counted, 1):.3f}; best honest / clairvoyant = {ratio:.3f}"
            f"   ({time.perf_counter() - began:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
