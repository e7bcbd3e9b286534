"""How often one frame asks the rules about the position: ``legal_moves`` and ``check`` calls.

    python bench/end_checks.py

Plays a few moves of the real game (SDL's dummy driver) by posted taps and counts, per frame,
the calls of :func:`rules.legality.legal_moves` (the whole position's, which is how the end of
a deal is found, and those for one tapped card, its partners) and of
:func:`rules.legality.check`, wherever they are called from (every module's binding is
wrapped). The frames: a frame where nothing happens, a selection, a pair removed, a draw, the
move that wins, the move that reaches a dead end; each with par scoring off and on.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import pygame
from calls import CARDS, CHECK, WHOLE, rules_calls

from game.app import App, make_context
from game.driver import play_by_taps, step, tap_place
from game.settings import Settings
from game.table_terms import DECK
from rules import State, parse_moves, parse_position

WINS = "pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3"
WINNING_LINE = "P23+W P25+W P21+W"
DEAD = "pyramid: P21=9s P23=5h P25=8c; pass: 3"
"""After 5♥ with 8♣ the 9♠ is left alone, with no stock: a dead end."""


def app_for(state: State | None, par: bool) -> App:
    settings = Settings(par_scoring=par)
    ctx = make_context(settings, seed=1, now=lambda: 0.0)
    play = ctx.dealer.deal(settings, 1) if state is None else ctx.dealer.position(state)
    app = App(ctx, play, size=(1280, 720))
    step(app, 60)  # the deal flies in
    return app


def frame_counts(app: App, act: Callable[[App], None]) -> Counter[str]:
    with rules_calls() as counts:
        act(app)
    return counts


def selection(app: App) -> None:
    """Tap a free card that is not a King (a King would be removed at once)."""
    state = app.table.play.state
    free = [p for p in range(21, 28) if app.table.play.selectable(p)]
    tap_place(app, next(p for p in free if not (card := state.card_at(p)) or not card.is_king))


def measure(par: bool) -> list[tuple[str, Counter[str]]]:
    rows = []
    app = app_for(None, par)
    rows.append(("idle frame", frame_counts(app, step)))
    rows.append(("a selection", frame_counts(app, selection)))
    app.table.play.cancel()
    rows.append(("a draw", frame_counts(app, lambda a: tap_place(a, DECK))))
    won = app_for(parse_position(WINS), par)
    first, second, last = parse_moves(WINNING_LINE)
    tap_place(won, first.places[0])  # selected: tapping its partner makes the move
    rows.append(("a pair removed", frame_counts(won, lambda a: tap_place(a, first.places[1]))))
    play_by_taps(won, second)
    tap_place(won, last.places[0])
    rows.append(("the winning move", frame_counts(won, lambda a: tap_place(a, last.places[1]))))
    dead = app_for(parse_position(DEAD), par)
    tap_place(dead, 23)
    rows.append(("the move to a dead end", frame_counts(dead, lambda a: tap_place(a, 25))))
    return rows


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    names = (WHOLE, CARDS, CHECK)
    print(f"{'frame':32}" + "".join(f"{name:>22}" for name in names))
    for par in (False, True):
        for label, counts in measure(par):
            title = f"{label}{' (par)' if par else ''}"
            print(f"{title:32}" + "".join(f"{counts[name]:>22}" for name in names))


if __name__ == "__main__":
    main()
