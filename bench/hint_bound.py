"""How well can any honest hint do on one pass, and how well does «Pista»? Expectimax over the orders.

    python bench/hint_bound.py --deals 20 --unseen 5 --overlap both
    python bench/hint_bound.py --deals 12 --unseen 6 --overlap both --hint-orders 60

On one pass a player (or a hint) must choose each move before seeing the stock cards still
face down; a clairvoyant solver, which knows their order, wins more. From a position with
``k`` unseen stock cards this compares, over every order of those cards:

* **clairvoyant**: the share of orders from which the deal can be won (the exact search run
  on each order: what «proven winnable» means for the label table);
* **best honest**: the win probability of the best policy that sees only what the player sees
  — expectimax: the best move at each position, and at each draw that turns a new card up,
  the average over which of the unseen cards it is (uniform over those left).

* **hint**: the share of the orders that «Pista» itself wins, played from the position by the
  hint alone: at each position the game's question (:class:`solver.analysis.Analysis` from the
  game's answer cache, the solver's own backend (:func:`solver.answer_cache`) and node caps,
  stepped with ``hint=True`` until :meth:`~solver.analysis.Analysis.hint_done`), told only the
  stock cards the player has seen (:attr:`rules.session.Session.seen_mask`), and its move
  played, until the deal is won or no hint (or no move) is left. Unlike the game it has no
  wall-clock limit (:data:`game.analysis.HINT_WAIT_FRAMES`,
  :data:`game.config.ANALYSIS_BUDGET_MS`): each hint ends at the solver's node cap
  (:data:`solver.analysis.HINT_TOTAL_CAP`), so the figures do not depend on the machine's load;
  a hint the game cuts short on a slow machine may differ.

All three are over the distinct *rank* orders of the unseen cards, all equally likely (suits
never matter for play; uniform over the cards' permutations gives every rank order the same
chance too). The clairvoyant and best honest columns are exact over all of them; the hint
column plays every one when there are at most ``--hint-orders``, else a simple random sample
of that many distinct rank orders (seeded by ``--seed`` and the deal), each weighted alike, so
it estimates the same share (``±`` one standard error, with the finite-population correction).
Each rank order gets its cards' suits in a fixed way (the cards of one rank in sorted order):
the hint's own sampling is seeded by the cards it has seen, suits included.

``best honest / clairvoyant`` bounds, from that position, the share of the clairvoyantly
winnable orders that *any* honest hint can win; ``hint / best honest`` says how close «Pista»
comes to that best. ``won a/b winnable played``: of the orders the hint played, ``b`` are won
by the clairvoyant search and the hint won ``a`` of them (the same orders, so without the
sampling noise of comparing a sample with the exact columns). A hint win in an order the
clairvoyant search finds lost would be a bug: it is counted and printed.

The positions are taken along the winning line of proven-winnable 1-pass deals
(``assets/labels.json``), at the first point where only ``k`` stock cards remain unseen: a
player who had played perfectly (even clairvoyantly) until then. Prints each position and the
totals, with how long each column took. ``--show-lost`` says, for the clairvoyantly winnable
orders the hint lost (grouped by where they went wrong), the first move worth less (by
expectimax, from what the player knew there) than the best honest move, with the position on
one line as ``python -m solver analyse`` reads it.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cards import Card
from rules.labels import Label, load_table
from rules.legality import apply, legal_moves
from rules.moves import Move
from rules.session import Session
from rules.state import Layout, RuleSet, State
from rules.topology import iter_slots
from solver import answer_cache
from solver.analysis import NODES_PER_CALL
from solver.search import Verdict, solve

MOVE_LIMIT = 400
"""A game played by the hint stops after this many moves (none comes near it)."""


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
            best = max(best, self.after(apply(state, move), unseen))
            if best == 1.0:
                break
        self.memo[key] = best
        return best

    def after(self, state: State, unseen: int) -> float:
        """The value of the position a move led to (a draw may turn an unseen card up)."""
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


Ranks = tuple[int, ...]


def rank_orders(cards: list[Card]) -> dict[Ranks, list[Card]]:
    """Every distinct rank order of ``cards``, sorted, each with its cards: those of one rank
    in sorted order (suits never matter for play)."""
    orders: dict[Ranks, list[Card]] = {}
    for ranks in sorted({tuple(c.rank for c in p) for p in permutations(cards)}):
        left = {rank: sorted(c for c in cards if c.rank == rank) for rank in set(ranks)}
        orders[ranks] = [left[rank].pop(0) for rank in ranks]
    return orders


def clairvoyant(state: State, unseen: int) -> dict[Ranks, bool]:
    """For each distinct rank order of the unseen cards: is the deal won from it?"""
    orders = rank_orders(hidden(state, unseen))
    return {
        ranks: solve(placed(state, unseen, order)).verdict is Verdict.SOLVABLE
        for ranks, order in orders.items()
    }


@dataclass
class Game:
    """A game played by the hint from a position: won or not, and each position on the way
    with what was unseen there and the hint's move."""

    won: bool
    path: list[tuple[State, int, Move]]


def play_hints(state: State, unseen: int) -> Game:
    """Play from ``state`` (its unseen places holding some order) by «Pista» alone, as the game
    asks it (an answer cache for the game, the game's backend and node caps), without the
    game's wall-clock limit, until the deal is won or no hint (or no move) is left."""
    session = Session(state)
    assert state.stock & ~session.seen_mask == unseen, "the session must see what the player saw"
    cache = answer_cache()
    path: list[tuple[State, int, Move]] = []
    for _ in range(MOVE_LIMIT):
        if session.is_won or session.is_dead_end:
            break
        analysis = cache.get(session.state, session.seen_mask)
        while not analysis.hint_done():
            analysis.step(NODES_PER_CALL, hint=True)
        move = analysis.partial().hint
        before, hidden_there = session.state, session.state.stock & ~session.seen_mask
        if move is None or session.play(move).refusal is not None:
            break
        path.append((before, hidden_there, move))
    return Game(session.is_won, path)


def hint_share(state: State, unseen: int, count: int, rng: random.Random) -> tuple[dict[Ranks, Game], int]:
    """The hint's game for every distinct rank order of the unseen cards when there are at
    most ``count``, else for a random sample of ``count`` of them; and how many there are."""
    orders = rank_orders(hidden(state, unseen))
    chosen = list(orders) if len(orders) <= count else rng.sample(list(orders), count)
    return {ranks: play_hints(placed(state, unseen, orders[ranks]), unseen) for ranks in chosen}, len(orders)


def first_slip(best: Expectimax, game: Game) -> str:
    """Where a lost game first left the best honest play: the first move worth less (by
    expectimax, from what the player knew there) than the best one, as text."""
    for index, (state, unseen, move) in enumerate(game.path):
        known = placed(state, unseen, hidden(state, unseen))
        value = best.value(known, unseen)
        chosen = best.after(apply(known, move), unseen)
        if chosen < value - 1e-9:
            better = max(legal_moves(known), key=lambda m: best.after(apply(known, m), unseen))
            where = "; ".join(known.to_text(unseen).splitlines())
            return (
                f"move {index + 1}, {unseen.bit_count()} unseen: hint {move} worth {chosen:.3f}, "
                f"best {better} worth {value:.3f}   [{where}]"
            )
    return "no move worth less than the best honest one (lost among the orders the best play loses too)"


def standard_error(share: float, tried: int, total: int) -> float:
    """Of a share from a simple random sample of ``tried`` of ``total`` orders (0 when all)."""
    if tried >= total or tried < 2:
        return 0.0
    return math.sqrt(share * (1 - share) / (tried - 1) * (1 - tried / total))


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


@dataclass
class Row:
    """One position's three columns (``hint`` None when the hint was not played)."""

    clairvoyant: float
    honest: float
    hint: float | None = None
    wrong: int = 0
    """Hint wins in orders the clairvoyant search finds lost (a bug if ever nonzero)."""
    played: int = 0
    """Orders the hint played."""
    winnable: int = 0
    """Of those, the ones the clairvoyant search wins."""
    won: int = 0
    """Of those, the ones the hint won."""


def measure(
    state: State, unseen: int, args: argparse.Namespace, rng: random.Random, spent: defaultdict[str, float]
) -> tuple[Row, str]:
    """The columns at one position (its unseen places holding the sorted unseen cards), and
    their text (with ``--show-lost``, a line for each winnable order the hint lost); the
    seconds each took are added to ``spent``."""
    clock = time.perf_counter()
    best = Expectimax()
    honest = best.value(state, unseen)
    spent["best honest"] += time.perf_counter() - clock
    clock = time.perf_counter()
    won = clairvoyant(state, unseen)
    spent["clairvoyant"] += time.perf_counter() - clock
    row = Row(sum(won.values()) / len(won), honest)
    text = f"clairvoyant {row.clairvoyant:6.3f}  best honest {honest:6.3f}"
    if args.hint_orders <= 0:
        return row, text + f"  ratio {honest / row.clairvoyant:6.3f}"
    clock = time.perf_counter()
    played, total = hint_share(state, unseen, args.hint_orders, rng)
    spent["hint"] += time.perf_counter() - clock
    row.played = len(played)
    row.won = sum(game.won for game in played.values())
    row.hint = row.won / row.played
    row.wrong = sum(game.won and not won[ranks] for ranks, game in played.items())
    row.winnable = sum(won[ranks] for ranks in played)
    error = standard_error(row.hint, len(played), total)
    over = f"all {total}" if len(played) == total else f"{len(played)} of {total}"
    text += f"  hint {row.hint:6.3f}" + (f" ±{error:.3f}" if error else " " * 7) + f" ({over} orders)"
    text += f"  hint/best {row.hint / honest if honest else math.nan:6.3f}"
    text += f"  won {row.won}/{row.winnable} winnable played"
    if row.wrong:
        text += f"  BUG: {row.wrong} hint wins in orders the clairvoyant search loses"
    if args.show_lost:
        slips: dict[str, list[Ranks]] = defaultdict(list)
        for ranks, game in played.items():
            if won[ranks] and not game.won:
                slips[first_slip(best, game)].append(ranks)
        for slip, orders in slips.items():
            example = " ".join(map(str, orders[0]))
            text += f"\n      {len(orders)} winnable orders lost (e.g. ranks {example} in draw order): {slip}"
    return row, text


def totals(rules: RuleSet, rows: list[Row]) -> str:
    count = max(len(rows), 1)
    clair = sum(r.clairvoyant for r in rows)
    honest = sum(r.honest for r in rows)
    text = (
        f"{rules!s:<22} {len(rows)} positions: mean clairvoyant {clair / count:.3f}, "
        f"mean best honest {honest / count:.3f}"
    )
    hints = [r.hint for r in rows if r.hint is not None]
    if not hints:
        return text + f"; best honest / clairvoyant = {ratio(honest, clair):.3f}"
    hint = sum(hints)
    won = sum(r.won for r in rows)
    winnable = sum(r.winnable for r in rows)
    return text + (
        f", mean hint {hint / count:.3f}; best honest / clairvoyant = {ratio(honest, clair):.3f}, "
        f"hint / best honest = {ratio(hint, honest):.3f}, hint / clairvoyant = {ratio(hint, clair):.3f}; "
        f"hint wins in orders the clairvoyant search loses: {sum(r.wrong for r in rows)}; "
        f"on the orders played the hint won {won} of {winnable} winnable ({ratio(won, winnable):.3f})"
    )


def ratio(part: float, whole: float) -> float:
    return part / whole if whole else math.nan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--deals", type=int, default=20, help="proven-winnable deals per rule set")
    parser.add_argument("--unseen", type=int, default=5, help="unseen stock cards left (<= 7)")
    parser.add_argument("--overlap", choices=("on", "off", "both"), default="both")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--hint-orders", type=int, default=60,
        help="orders «Pista» plays from each position: all when at most this many, else a sample (0: none)",
    )  # fmt: skip
    parser.add_argument(
        "--show-lost", action="store_true",
        help="for each winnable order the hint lost, its first move worth less than the best honest one",
    )  # fmt: skip
    parser.add_argument(
        "--deal",
        type=int,
        action="append",
        help="this deal instead of a sample (repeatable; needs one --overlap)",
    )
    args = parser.parse_args()
    if args.deal and args.overlap == "both":
        parser.error("--deal needs --overlap on or --overlap off")
    labels = load_table()
    rng = random.Random(args.seed)
    overlaps = [True, False] if args.overlap == "both" else [args.overlap == "on"]
    for overlap in overlaps:
        rules = RuleSet(1, overlap)
        deals = args.deal or rng.sample(labels.numbers(rules, Label.SOLVABLE), args.deals)
        rows: list[Row] = []
        spent: defaultdict[str, float] = defaultdict(float)
        began = time.perf_counter()
        for number in deals:
            found = position_on_line(number, rules, args.unseen)
            if found is None:
                continue
            state, unseen = found
            state = placed(state, unseen, hidden(state, unseen))
            row, text = measure(state, unseen, args, random.Random(f"{args.seed} {number}"), spent)
            rows.append(row)
            print(f"  {rules!s:<22} deal {number:5d}  unseen {unseen.bit_count()}  {text}", flush=True)
        times = ", ".join(f"{name} {seconds:.0f} s" for name, seconds in spent.items())
        print(f"{totals(rules, rows)}   ({time.perf_counter() - began:.0f} s: {times})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
