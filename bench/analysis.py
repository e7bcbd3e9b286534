"""Analysis benchmark: «¿Aún se gana?» and «Pista» as the game runs them, on recorded positions.

    python bench/analysis.py                       # about 10 minutes on a shared machine
    python bench/analysis.py --hint-games 10 --random-games 8 --frame-positions 12   # quicker
    python bench/analysis.py --hint-games 10 --hints-only          # only the hint-following games
    python bench/analysis.py --hint-games 30 --hints-only --passes 1 --show-lost   # one pass, the deals lost
    python bench/analysis.py --frame-positions 0 --slowest 12     # the slowest answers, as text

Under each of the four rule sets it:

1. plays proven-winnable deals (from ``assets/labels.json``) by «Pista» alone from the start,
   asking the game's own question (:class:`game.analysis.Inquiry`, the game's slices and
   budget) before every move, and reports the share won: the hint-following win rate, with a
   95 % (Wilson) interval, and how many hints were given at the game's wait limit;
2. plays random games (random legal moves, removals preferred) to their end;
3. records positions from both kinds of game: a few from each, and the last ones of each
   random game (late in the last pass, usually lost);

then asks «¿Aún se gana?» about every recorded position with a fresh answer cache and reports
the answer mix (winnable / lost / estimate = the share of winning orders / unknown without an
estimate; apart for positions with and without unseen cards; cut-short answers counted) and the
time to answer in game frames: the answer takes ``frames`` frames of 1/60 s, each giving the
question :data:`game.config.ANALYSIS_SLICE_IDLE_MS`. Finally it opens the real game (SDL's
dummy driver, 1280×720) on some of the positions, asks «¿Aún se gana?» right after a draw (so
the first frames animate) and times every frame until the answer: p50/p99/max.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.analysis import HINT_WAIT_FRAMES, Inquiry
from game.config import ANALYSIS_SLICE_IDLE_MS
from rules import Session, State
from rules.labels import Label, LabelTable, load_table
from rules.legality import legal_moves
from rules.state import ALL_RULE_SETS, RuleSet
from solver import Answer, AnswerCache, Purpose, Verdict, answer_cache

FRAME_MS = 1000 / 60


@dataclass
class Asked:
    """One question answered the way the game answers it."""

    answer: Answer
    frames: int
    compute_ms: float


@dataclass
class Position:
    """A recorded position and what the player had seen. A session started there knows the
    same unseen cards: on the first pass the seen cards still in play are the waste and the
    stock's top card, on a later pass every card was seen."""

    state: State
    seen: int
    origin: str  # "random", "random-end" or "hint"


def ask(session: Session, purpose: Purpose, cache: AnswerCache | None = None) -> Asked:
    """Run one question in the game's slices, as the table does at 60 fps while idle."""
    inquiry = Inquiry(session, purpose, cache)
    frames = 0
    began = time.perf_counter()
    while True:
        frames += 1
        answer = inquiry.step(ANALYSIS_SLICE_IDLE_MS)
        if answer is not None:
            return Asked(answer, frames, (time.perf_counter() - began) * 1000)


def follow_hints(number: int, rules: RuleSet, record: list[Position], asked: list[Asked]) -> bool:
    """Play deal ``number`` by «Pista» alone; True when won. Records a few positions on the way."""
    session = Session(State.from_deal(number, rules), number)
    cache = answer_cache()
    for index in range(400):
        if session.is_won:
            return True
        result = ask(session, Purpose.HINT, cache)
        asked.append(result)
        if index % 7 == 3:
            record.append(Position(session.state, session.seen_mask, "hint"))
        move = result.answer.hint
        if move is None or session.play(move).refusal is not None:
            return False
    return session.is_won


def random_game(number: int, rules: RuleSet, rng: random.Random, record: list[Position]) -> None:
    session = Session(State.from_deal(number, rules), number)
    seen: list[Position] = []
    while True:
        moves = legal_moves(session.state)
        if not moves or session.is_won:
            break
        removals = [m for m in moves if m.is_removal]
        session.play(rng.choice(removals if removals and rng.random() < 0.75 else moves))
        seen.append(Position(session.state, session.seen_mask, "random"))
    if not seen:
        return
    for position in rng.sample(seen[:-3], min(3, max(0, len(seen) - 3))):
        record.append(position)
    for position in seen[-3:-1]:
        record.append(Position(position.state, position.seen, "random-end"))


def kind(answer: Answer) -> str:
    if answer.verdict is Verdict.SOLVABLE:
        return "winnable"
    if answer.verdict is Verdict.UNSOLVABLE:
        return "lost"
    return "estimate" if answer.win_share is not None else "unknown"


def print_estimates(estimates: list[Answer]) -> None:
    """What the shares were based on: orders tried, and how many left some undecided (their
    share is then a range won/tried … (won + undecided)/tried; its width in points)."""
    if not estimates:
        return
    tried = [float(a.orders_tried) for a in estimates]
    ranged = [a for a in estimates if a.undecided]
    widths = [100 * a.undecided / a.orders_tried for a in ranged]
    exact = sum(a.exact for a in estimates)
    print(
        f"  estimates: {len(estimates)}, exact {exact}; orders tried {spread(tried)};"
        f" with undecided orders {len(ranged)} (range width % {spread(widths)})"
    )


def print_slowest(answers: list[tuple[float, Position, Asked]], count: int) -> None:
    """The ``count`` answers that took the most solver time, with their positions as text (for
    ``python -m solver analyse``)."""
    answers.sort(key=lambda entry: -entry[0])
    for compute_ms, position, result in answers[:count]:
        unseen = position.state.stock & ~position.seen
        print(
            f"    {compute_ms:6.0f} ms compute, {result.frames * FRAME_MS:6.0f} ms in frames:"
            f" {position.state.rules!s} ({position.origin}), {kind(result.answer)},"
            f" {unseen.bit_count()} unseen, {result.answer.orders_tried} orders tried"
        )
        print(f"      {position.state.to_text(unseen).replace(chr(10), '; ')}")


def wilson(won: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % by default)."""
    if not total:
        return 0.0, 1.0
    rate = won / total
    centre = rate + z * z / (2 * total)
    margin = z * ((rate * (1 - rate) + z * z / (4 * total)) / total) ** 0.5
    scale = 1 + z * z / total
    return (centre - margin) / scale, (centre + margin) / scale


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def spread(values: list[float], digits: int = 0) -> str:
    if not values:
        return "-"
    p50, p99, top = statistics.median(values), percentile(values, 0.99), max(values)
    return f"p50 {p50:6.{digits}f}  p99 {p99:6.{digits}f}  max {top:6.{digits}f}"


def frame_times(positions: list[Position]) -> tuple[list[float], list[float]]:
    """Frames of the real game while it answers «¿Aún se gana?» about each position, asked
    right after a draw (animating frames, then idle ones). Returns (all frames, frames with
    cards moving) in milliseconds."""
    import pygame  # noqa: PLC0415

    from game.app import App, make_context  # noqa: PLC0415
    from game.driver import FRAME_SECONDS, tap_button  # noqa: PLC0415
    from game.settings import Settings  # noqa: PLC0415

    pygame.display.init()
    pygame.font.init()
    times: list[float] = []
    moving: list[float] = []
    for position in positions:
        rules = position.state.rules
        settings = Settings(passes=rules.passes, overlap=rules.overlap)
        ctx = make_context(settings, seed=1)
        app = App(ctx, ctx.dealer.position(position.state), size=(1280, 720))
        app.frame(FRAME_SECONDS)
        if app.table.play.state.stock_count:
            tap_button(app, "draw")
        tap_button(app, "analyse")
        for _ in range(2000):
            if app.table.play.inquiry is None:
                break
            animating = bool(app.table.anim.ghosts)
            began = time.perf_counter()
            app.frame(FRAME_SECONDS)
            spent = (time.perf_counter() - began) * 1000
            times.append(spent)
            if animating:
                moving.append(spent)
    pygame.quit()
    return times, moving


def play_by_hints(
    args: argparse.Namespace, rng: random.Random, labels: LabelTable, positions: list[Position]
) -> None:
    """Part 1 (and 2): the hint-following games, and random games recording positions."""
    print("hint-following win rate (proven-winnable deals played by «Pista» alone, from the start):")
    hint_asked: list[Asked] = []
    for rules in ALL_RULE_SETS:
        winnable = labels.numbers(rules, Label.SOLVABLE)
        deals = rng.sample(winnable, args.hint_games)  # drawn for every rule set: same deals
        if args.passes is not None and rules.passes != args.passes:
            continue
        began = time.perf_counter()
        asked: list[Asked] = []
        lost = [n for n in deals if not follow_hints(n, rules, positions, asked)]
        won = len(deals) - len(lost)
        hint_asked += asked
        low, high = wilson(won, len(deals))
        print(
            f"  {rules!s:<22} won {won}/{len(deals)} = {100 * won / max(1, len(deals)):5.1f} %"
            f" (95 % CI {100 * low:3.0f}–{100 * high:3.0f} %)"
            f"   ({time.perf_counter() - began:5.0f} s)   hint time in frames (ms): "
            f"{spread([a.frames * FRAME_MS for a in asked])}"
        )
        if args.show_lost:
            print(f"    lost: {' '.join(map(str, sorted(lost))) or '-'}")
        for _ in range(args.random_games):
            random_game(rng.randint(1, 20000), rules, rng, positions)
    frames = [a.frames * FRAME_MS for a in hint_asked]
    waited = sum(a.frames >= HINT_WAIT_FRAMES for a in hint_asked)
    print(f"  hints asked: {len(hint_asked)}; time to answer in game frames (ms): {spread(frames)}")
    print(f"  hints given at the wait limit ({HINT_WAIT_FRAMES} frames) before their node cap: {waited}")
    print(f"  solver compute per hint (ms): {spread([a.compute_ms for a in hint_asked])}")


def main() -> int:
    parser = argparse.ArgumentParser(description="Benchmark of the in-game analysis.")
    parser.add_argument("--hint-games", type=int, default=25, help="deals played by hint per rule set")
    parser.add_argument("--random-games", type=int, default=16, help="random games per rule set")
    parser.add_argument("--frame-positions", type=int, default=40, help="positions timed in the real game")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--hints-only", action="store_true", help="only the hint-following games")
    parser.add_argument("--passes", type=int, choices=(1, 3), help="only the rule sets with these passes")
    parser.add_argument("--show-lost", action="store_true", help="list the deals the hints lost")
    parser.add_argument(
        "--slowest", type=int, default=0, help="list this many slowest answers, with their positions"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    labels = load_table()
    positions: list[Position] = []
    play_by_hints(args, rng, labels, positions)
    if args.hints_only:
        return 0

    print(f"\n«¿Aún se gana?» on {len(positions)} recorded positions (fresh cache each):")
    mix: Counter[tuple[bool, str]] = Counter()
    cut = 0
    by_origin: Counter[str] = Counter(p.origin for p in positions)
    waits: list[float] = []
    compute: list[float] = []
    estimates: list[Answer] = []
    slow: list[tuple[float, Position, Asked]] = []
    for position in positions:
        session = Session(position.state)  # knows what the game knew there (see Position)
        assert session.state.stock & ~session.seen_mask == position.state.stock & ~position.seen
        result = ask(session, Purpose.ASK)
        unseen = result.answer.unseen
        mix[unseen, kind(result.answer)] += 1
        if kind(result.answer) == "estimate":
            estimates.append(result.answer)
        cut += result.answer.cut_short
        waits.append(result.frames * FRAME_MS)
        compute.append(result.compute_ms)
        slow.append((result.compute_ms, position, result))
    print("  recorded from: " + ", ".join(f"{k} {v}" for k, v in sorted(by_origin.items())))
    for unseen in (True, False):
        total = sum(v for (u, _), v in mix.items() if u == unseen)
        parts = ", ".join(
            f"{name} {mix[unseen, name]} ({100 * mix[unseen, name] / max(total, 1):.0f} %)"
            for name in ("winnable", "lost", "estimate", "unknown")
        )
        print(f"  {'with unseen cards' if unseen else 'every card seen  '} n={total:<4} {parts}")
    print(f"  cut short by the time budget: {cut}")
    print_estimates(estimates)
    print(f"  time to answer in game frames (ms): {spread(waits)}")
    print(f"  solver compute per answer (ms):     {spread(compute)}")
    print_slowest(slow, args.slowest)

    if args.frame_positions:
        chosen = rng.sample(positions, min(args.frame_positions, len(positions)))
        times, moving = frame_times(chosen)
        print(f"\nframes of the real game (1280x720) while answering, {len(chosen)} positions:")
        print(f"  all {len(times)} frames (ms): {spread(times, 1)}")
        print(f"  {len(moving)} frames with cards moving (ms): {spread(moving, 1)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
