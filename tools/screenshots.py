"""Save screenshots of every screen of the game, driven by posted events, for people to look at.

    python tools/screenshots.py OUT_DIR [--sizes 1280x720,480x800] [--langs es,en]

Uses SDL's dummy video driver (no window needed) and the real label table. For each size and
language it saves the table at a deal's start with «¿Aún se gana?» answered from the label,
mid-deal with a selection and its partners, a keyboard selection, «¿Aún se gana?» answered
by the search, a hint, the stock down to its last card, the win panel, the dead-end panel, the
«no longer winnable» panel of a deal proven unsolvable, the rules screen, settings, and the deal
dialog refusing a number; the statistics and daily deal screens and the question asked before a
game in progress is left; and the feel of the table: the deal flying in, the four-colour deck,
large indices, the win cascade; par scoring: the settings (scrolled through when they do not
fit), the status bar of a par deal, the win and dead-end panels with the deal's score, and the
summary of a completed match; the variants: a deal of each registered variant other than the
default (its chip, a Spanish deal's cards and a refused pair named with its sum) and the rules
screen opening on it; and three waste piles (apophis): a deal mid-way, a pile's top card
selected with its partners, cards flying from a draw onto their piles; the free cell: a card
stored in it, selected, and a hint that stores a card; the reserve row (both sizes): the deal
flying in, a reserve card selected with its partners, an emptied place, a hint naming reserve
cards. ``--par`` saves only the par-scoring screens, ``--variants`` only the variants' ones,
``--apophis`` only the three-pile ones, ``--cell`` only the free cell's, ``--reserve`` only the
reserve's.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.app import App, display_surface, make_context
from game.driver import play_by_taps, press_key, step, tap_button, tap_place
from game.scenes.settings_screen import SettingsScreen
from game.settings import Settings
from rules import APOPHIS, DRAW, STOCK, WASTE_PILES, Move, RuleSet, State, parse_moves, partners
from rules.labels import Label, load_table
from rules.moves import CELL, reserve_place
from rules.scoring import Match
from rules.topology import iter_slots
from rules.variant import REGISTERED
from solver.hints import suggest
from solver.search import solve

ROOT = Path(__file__).resolve().parent.parent
LINES = ROOT / "tests" / "data" / "winning_lines.txt"
DEFAULT_SIZES = "320x480,480x800,720x1280,800x480,1280x800,1920x1080,3840x2160"
LABELS = load_table()


def winning_line(rules: RuleSet) -> tuple[int, str]:
    """The first known winning line for ``rules`` in the test data: (deal number, moves)."""
    for raw in LINES.read_text(encoding="utf-8").splitlines():
        if raw.startswith(str(rules) + " deal="):
            head, moves = raw.split(":", 1)
            return int(head.rsplit("=", 1)[1]), moves
    raise SystemExit(f"no winning line for {rules} in {LINES}")


def new_app(size: tuple[int, int], lang: str, number: int) -> App:
    settings = Settings(lang=lang)
    ctx = make_context(settings, LABELS, seed=7)
    return App(ctx, ctx.dealer.deal(settings, number), size=size)


def save(app: App, out: Path, name: str, frames: int = 30) -> None:
    """Run ``frames`` frames (animations settle), then save the window as ``name``.png."""
    step(app, frames)
    app.draw()
    pygame.image.save(display_surface(), out / f"{name}.png")


def shoot(size: tuple[int, int], lang: str, out: Path) -> None:
    tag = f"{size[0]}x{size[1]}-{lang}"
    number, line = winning_line(RuleSet())
    moves = parse_moves(line)
    app = new_app(size, lang, number)
    tap_button(app, "analyse")
    save(app, out, f"{tag}-table-start-analysis")
    for move in moves[:18]:
        play_by_taps(app, move)
    play = app.table.play
    tap_place(app, next(p for p in range(28) if play.selectable(p) and partners(play.state, p)))
    save(app, out, f"{tag}-table-selection")
    press_key(app, pygame.K_ESCAPE)
    for key in (pygame.K_UP, pygame.K_LEFT, pygame.K_RETURN):
        press_key(app, key)
    save(app, out, f"{tag}-table-keyboard")
    press_key(app, pygame.K_ESCAPE)
    tap_button(app, "analyse")
    while app.table.play.inquiry is not None:
        step(app)
    save(app, out, f"{tag}-table-analysis-answer")
    press_key(app, pygame.K_ESCAPE)
    tap_button(app, "hint")
    press_key(app, pygame.K_RIGHT)
    save(app, out, f"{tag}-table-hint-focus")
    for move in moves[18:]:
        play_by_taps(app, move)
    save(app, out, f"{tag}-win")
    press_key(app, pygame.K_ESCAPE)
    tap_button(app, "rules")
    save(app, out, f"{tag}-rules")
    press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_ESCAPE)
    tap_button(app, "settings")
    save(app, out, f"{tag}-settings")
    press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_n)
    for key in (pygame.K_2, pygame.K_5, pygame.K_0, pygame.K_0, pygame.K_0):
        press_key(app, key)
    save(app, out, f"{tag}-deal-dialog-refused")
    for key in (pygame.K_BACKSPACE, pygame.K_BACKSPACE, pygame.K_BACKSPACE, pygame.K_BACKSPACE, pygame.K_4):
        press_key(app, key)
    save(app, out, f"{tag}-deal-dialog")
    press_key(app, pygame.K_RETURN)
    if app.manager.top is not app.table:  # the deal was not won (a tap missed): leave it anyway
        press_key(app, pygame.K_DOWN)
        press_key(app, pygame.K_RETURN)
    dead_end(app)
    save(app, out, f"{tag}-dead-end")
    records(app, out, tag)
    last_stock_card(size, lang, out, tag)
    lost_at_start(size, lang, out, tag)


def last_stock_card(size: tuple[int, int], lang: str, out: Path, tag: str) -> None:
    """Draw until one stock card is left (face up): no face-down back may show."""
    app = new_app(size, lang, 2)
    while app.table.play.state.stock_count > 1:
        play_by_taps(app, DRAW)
    save(app, out, f"{tag}-table-last-stock-card")


def lost_at_start(size: tuple[int, int], lang: str, out: Path, tag: str) -> None:
    """«¿Aún se gana?» at the start of a deal proven unsolvable: the panel, from the label."""
    app = new_app(size, lang, LABELS.numbers(RuleSet(), Label.UNSOLVABLE)[0])
    tap_button(app, "analyse")
    save(app, out, f"{tag}-lost-at-start")


def shoot_feel(size: tuple[int, int], lang: str, out: Path) -> None:
    """The deal mid-flight, a selection in the four-colour deck and with large indices, and the
    win cascade at its height behind the result panel."""
    tag = f"{size[0]}x{size[1]}-{lang}"
    number, line = winning_line(RuleSet())
    moves = parse_moves(line)
    app = new_app(size, lang, number)
    save(app, out, f"{tag}-deal-animation", frames=18)
    for move in moves[:18]:
        play_by_taps(app, move)
    play, settings = app.table.play, app.ctx.settings
    tap_place(app, next(p for p in range(28) if play.selectable(p) and partners(play.state, p)))
    settings.four_colour = True
    save(app, out, f"{tag}-four-colour")
    settings.four_colour, settings.large_index = False, True
    save(app, out, f"{tag}-large-index")
    settings.large_index = False
    press_key(app, pygame.K_ESCAPE)
    for move in moves[18:]:
        play_by_taps(app, move)
    save(app, out, f"{tag}-win-cascade", frames=180)


def shoot_par(size: tuple[int, int], lang: str, out: Path) -> None:
    """Par scoring: settings (scrolled), a par deal's status bar, its win panel (the sixth deal of a
    match, so the match summary opens over it), and a par dead end."""
    tag = f"{size[0]}x{size[1]}-{lang}"
    number, line = winning_line(RuleSet())
    moves = parse_moves(line)
    settings = Settings(lang=lang, par_scoring=True)
    ctx = make_context(settings, LABELS, seed=7)
    app = App(ctx, ctx.dealer.deal(settings, number), size=size)
    settings_scrolled(app, out, f"{tag}-par-settings")
    ctx.keeper.matches.match = Match((35, -12, 20, -9, 50))
    for move in moves[:18]:
        play_by_taps(app, move)
    save(app, out, f"{tag}-par-table")
    for move in moves[18:]:
        play_by_taps(app, move)
    settle_best(app)
    save(app, out, f"{tag}-par-match-summary")
    press_key(app, pygame.K_ESCAPE)
    save(app, out, f"{tag}-par-win")
    press_key(app, pygame.K_ESCAPE)
    app.table.start(ctx.dealer.deal(settings, 4))
    dead_end(app)
    settle_best(app)
    save(app, out, f"{tag}-par-dead-end")


def shoot_apophis(size: tuple[int, int], lang: str, out: Path) -> None:
    """Three waste piles: a deal of the apophis variant part-way along its winning line, a pile's
    top card selected with its partners, and a draw's cards on their way to their piles."""
    tag = f"{size[0]}x{size[1]}-{lang}"
    rules = RuleSet(3, True, APOPHIS)
    number = 5
    start = State.from_deal(number, rules)
    moves = solve(start).moves
    settings = Settings(lang=lang)
    ctx = make_context(settings, LABELS, seed=7)
    app = App(ctx, ctx.dealer.position(start, number), size=size)
    for move in moves[:14]:
        play_by_taps(app, move)
    save(app, out, f"{tag}-apophis-table")
    play = app.table.play
    pile = next(p for p in WASTE_PILES if play.selectable(p) and partners(play.state, p))
    tap_place(app, pile)
    save(app, out, f"{tag}-apophis-pile-selected")
    press_key(app, pygame.K_ESCAPE)
    play_by_taps(app, DRAW)
    save(app, out, f"{tag}-apophis-drawing", frames=6)


def shoot_cell(size: tuple[int, int], lang: str, out: Path) -> None:
    """The free cell (variant ``cell``): a card stored in it by taps, that card selected with its
    partners, and (another deal) a hint that stores a card, ringed on the card and the cell."""
    tag = f"{size[0]}x{size[1]}-{lang}"
    settings = Settings(lang=lang, variant="cell")
    ctx = make_context(settings, LABELS, seed=7)
    app = App(ctx, ctx.dealer.deal(settings, 1), size=size)
    play_by_taps(app, Move.store(23))  # 10♦ into the cell
    save(app, out, f"{tag}-cell-stored")
    tap_place(app, CELL)
    save(app, out, f"{tag}-cell-selected")
    app = App(ctx, ctx.dealer.deal(settings, 2), size=size)
    step(app, 240)  # the deal lands
    app.table.play.plain_hint()  # deal 2: a store first
    save(app, out, f"{tag}-cell-hint")


def shoot_reserve(size: tuple[int, int], lang: str, out: Path) -> None:
    """The reserve row (variants ``reserve`` and ``reserve6``, deal 5: 10♥ Q♥ 5♣ K♥ 3♦ 2♦ 4♥):
    the deal flying in, 5♣ selected with its partners, the row after 10♥ + 3♦ and K♥ went (two
    emptied places), and a hint naming a reserve card."""
    for variant in ("reserve", "reserve6"):
        tag = f"{size[0]}x{size[1]}-{lang}-{variant}"
        settings = Settings(lang=lang, variant=variant)
        ctx = make_context(settings, LABELS, seed=7)
        app = App(ctx, ctx.dealer.deal(settings, 5), size=size)
        save(app, out, f"{tag}-dealing", frames=10)
        step(app, 240)  # the deal lands
        tap_place(app, reserve_place(2))
        save(app, out, f"{tag}-selected")
        press_key(app, pygame.K_ESCAPE)
        for move in ("X0+X4", "X3"):
            play_by_taps(app, Move.parse(move))
        save(app, out, f"{tag}-emptied")
        app.table.play.plain_hint()
        save(app, out, f"{tag}-hint")


def settings_scrolled(app: App, out: Path, name: str) -> None:
    """The settings screen, then scrolled a wheel notch at a time to its end when its rows do not
    all fit (``name-1``, ``name-2``…), then closed."""
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    shot = 1
    save(app, out, f"{name}-{shot}")
    while screen.scroll < screen.max_scroll:
        for _ in range(3):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        shot += 1
        save(app, out, f"{name}-{shot}")
    press_key(app, pygame.K_ESCAPE)


def shoot_variants(size: tuple[int, int], lang: str, out: Path) -> None:
    """Each registered variant other than the default: the deal's start (the chip names the
    variant), a refused pair (named with the deck's sum), and the rules screen opening on it."""
    tag = f"{size[0]}x{size[1]}-{lang}"
    for variant in REGISTERED[1:]:
        settings = Settings(lang=lang, variant=variant.name, passes=variant.default_passes)
        ctx = make_context(settings, LABELS, seed=7)
        app = App(ctx, ctx.dealer.deal(settings, 77), size=size)
        save(app, out, f"{tag}-variant-{variant.name}")
        state = app.table.play.state
        places = [*iter_slots(state.uncovered), STOCK]
        free = [(p, card) for p in places if (card := state.card_at(p)) is not None]
        pair_sum = variant.deck.pair_sum
        pairs = (
            (a, b) for i, (a, x) in enumerate(free) for b, y in free[i + 1 :]
            if x.rank + y.rank != pair_sum and not (x.is_lone or y.is_lone)
        )  # fmt: skip
        refused = next(pairs, (free[0][0], 0))  # else a covered card: Triangle starts with one free
        for place in refused:
            tap_place(app, place)
        save(app, out, f"{tag}-variant-{variant.name}-refused")
        tap_button(app, "rules")
        save(app, out, f"{tag}-variant-{variant.name}-rules")
        press_key(app, pygame.K_ESCAPE)
        if variant == REGISTERED[-1]:
            settings_scrolled(app, out, f"{tag}-variant-settings")


def settle_best(app: App) -> None:
    """Run frames until the best score of the ended par deal is found (the end panel names it)."""
    play = app.table.play
    for _ in range(5_000):
        if play.best is not None and play.best.answer is not None:
            return
        step(app)


def records(app: App, out: Path, tag: str) -> None:
    """Statistics (S), the daily deal (T), and «¿Empezar otro reparto?» over a game with moves."""
    press_key(app, pygame.K_ESCAPE)
    for key, name in ((pygame.K_s, "statistics"), (pygame.K_t, "daily")):
        press_key(app, key)
        save(app, out, f"{tag}-{name}")
        press_key(app, pygame.K_ESCAPE)
    for key in (pygame.K_n, pygame.K_7, pygame.K_RETURN):
        press_key(app, key)
    save(app, out, f"{tag}-confirm-new-deal")


def dead_end(app: App) -> None:
    """Follow the hint until the deal ends; on this deal that is a dead end."""
    play = app.table.play
    while not play.session.is_over:
        move = suggest(play.state)
        assert move is not None
        play_by_taps(app, move)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("out", type=Path)
    parser.add_argument("--sizes", default=DEFAULT_SIZES)
    parser.add_argument("--langs", default="es,en")
    parser.add_argument("--par", action="store_true", help="only the par-scoring screens")
    parser.add_argument("--apophis", action="store_true", help="only the three-waste-pile screens")
    parser.add_argument("--variants", action="store_true", help="only the variants' screens")
    parser.add_argument("--cell", action="store_true", help="only the free cell's screens")
    parser.add_argument("--reserve", action="store_true", help="only the reserve row's screens")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    for text in args.sizes.split(","):
        width, height = (int(v) for v in text.lower().split("x"))
        for lang in args.langs.split(","):
            if args.cell:
                shoot_cell((width, height), lang, args.out)
                continue
            if args.reserve:
                shoot_reserve((width, height), lang, args.out)
                continue
            if args.apophis:
                shoot_apophis((width, height), lang, args.out)
                continue
            if not (args.par or args.variants):
                shoot((width, height), lang, args.out)
                shoot_feel((width, height), lang, args.out)
                shoot_apophis((width, height), lang, args.out)
            if not args.variants:
                shoot_par((width, height), lang, args.out)
            if not args.par:
                shoot_variants((width, height), lang, args.out)
                shoot_cell((width, height), lang, args.out)
                shoot_reserve((width, height), lang, args.out)
    print(f"screenshots saved in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
