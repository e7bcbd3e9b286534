"""The whole game through posted events: a deal won by taps, window changes, the clock, touch."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import pygame
import pytest
from calls import WHOLE, rules_calls

from game.app import App, make_context, window_for_desktop
from game.driver import play_by_taps, post_tap, step, tap, tap_button, tap_place
from game.scenes.panel import Panel
from game.scenes.table import TableScene
from game.settings import Settings
from game.table_terms import DECK
from rules import STOCK, Move, parse_position

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]


@pytest.mark.parametrize("size", [(1280, 720), (480, 800)])
def test_a_winnable_deal_played_to_the_win_panel_by_taps_only(
    make_app: AppFactory, winning_line: LineFinder, size: tuple[int, int]
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=size)
    for move in moves:
        before = app.table.play.session.moves
        play_by_taps(app, move)
        assert app.table.play.session.moves == before + 1, f"{move} was not made by its taps"
    assert app.table.play.session.is_won
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert panel.title(app.ctx.texts) == "¡Pirámide despejada!"
    body = panel.body(app.ctx.texts)
    assert panel.figures is not None  # time and moves in big numbers
    assert panel.figures(app.ctx.texts)[1] == (str(len(moves)), "jugadas · 0 deshechas")
    assert "Cartas quitadas: 28 de 28" in body
    step(app, 120)  # the flourish runs out; nothing is stuck


def test_win_panel_exits_new_deal_replay_and_look(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    for move in moves:
        play_by_taps(app, move)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    tap(app, panel.geometry().buttons[-1].center)  # look at the board
    assert app.manager.top is app.table and app.table.play.session.is_won
    tap_place(app, STOCK)  # nothing left to play: the line says so
    assert app.table.frame().line == "la pirámide ya está despejada"
    app.table.play.session.undo()
    play_by_taps(app, moves[-1])
    panel = app.manager.top
    assert isinstance(panel, Panel)
    tap(app, panel.geometry().buttons[2].center)  # replay
    assert app.manager.top is app.table
    assert app.table.play.number == number and app.table.play.session.moves == 0


def test_copy_the_deal_number_with_one_tap(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    copied: list[str] = []
    app.ctx.copy_text = lambda text: copied.append(text) is None
    for move in moves:
        play_by_taps(app, move)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    tap(app, panel.geometry().buttons[0].center)
    assert copied == [str(number)]
    assert panel.buttons[0].label(app.ctx.texts) == f"Número {number} copiado"


def test_resize_and_fullscreen_mid_deal_keep_the_deal(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    for move in moves[:12]:
        play_by_taps(app, move)
    selectable = [p for p in range(28) if app.table.play.selectable(p)]
    tap_place(app, selectable[0])  # something selected too
    assert app.table.play.selected == selectable[0]
    before = (app.table.play.state, app.table.play.session.moves, app.table.play.selected)
    pygame.display.set_mode((480, 800), pygame.RESIZABLE)
    step(app, 2)
    assert app.table.layout.size == (480, 800) and not app.table.layout.landscape
    assert (app.table.play.state, app.table.play.session.moves, app.table.play.selected) == before
    app.toggle_fullscreen()
    step(app, 2)
    assert app.fullscreen and app.table.layout.size == pygame.display.get_surface().get_size()
    assert (app.table.play.state, app.table.play.session.moves) == before[:2]
    app.toggle_fullscreen()
    step(app, 2)
    assert app.table.layout.size == (480, 800)
    tap_place(app, selectable[0])  # let go of it, and play on to the end with the new layout
    for move in moves[12:]:
        play_by_taps(app, move)
    assert app.table.play.session.is_won


def test_clock_starts_at_first_move_and_pauses_while_hidden(make_app: AppFactory) -> None:
    app = make_app(deal=5)
    clock = app.table.play.session.clock
    step(app, 3)
    assert not clock.started
    tap_place(app, DECK)
    assert clock.running
    for kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
        pygame.event.post(pygame.event.Event(kind))
        step(app)
        assert not clock.running, pygame.event.event_name(kind)
        back = {
            pygame.WINDOWFOCUSLOST: pygame.WINDOWFOCUSGAINED,
            pygame.WINDOWMINIMIZED: pygame.WINDOWRESTORED,
            pygame.WINDOWHIDDEN: pygame.WINDOWSHOWN,
        }[kind]
        pygame.event.post(pygame.event.Event(back))
        step(app)
        assert clock.running
    tap_button(app, "rules")  # another screen covers the table: paused too
    assert not clock.running
    app.manager.pop(app.manager.stack[-1])
    step(app)
    assert clock.running


@pytest.mark.parametrize("par", [False, True])
def test_a_frame_works_out_the_deals_end_once_a_move_and_not_while_idle(
    make_app: AppFactory, par: bool
) -> None:
    """The end of a deal (won, dead end) is worked out once for a move, by the rules, and read
    by everyone else: the line, the sound and the end panel, the buttons, the clock, statistics,
    par scoring, the daily log and the save."""
    dead = "pyramid: P21=9s P23=5h P25=8c; pass: 3"  # after 5♥ with 8♣ the 9♠ is left alone
    app = make_app(state=parse_position(dead))
    app.table.play.par = par  # a deal of a par match: scored as it goes, its best score searched once over
    step(app, 60)
    tap_place(app, 23)
    with rules_calls() as idle:
        step(app, 3)
    with rules_calls() as move:
        tap_place(app, 25)
    assert app.table.play.session.is_dead_end
    assert idle[WHOLE] == 0 and move[WHOLE] == 1, (idle, move)
    with rules_calls() as after:
        step(app, 3)
    assert after[WHOLE] == 0


def test_touch_taps_count_once(make_app: AppFactory) -> None:
    app = make_app(deal=5)
    pos = app.table.layout.tap_point(DECK)
    post_tap(pos, touch=True)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=0, touch_id=0))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.5, finger_id=0, touch_id=0))
    step(app)
    assert app.table.play.session.moves == 1


def test_quit_event_stops_the_loop(make_app: AppFactory) -> None:
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert not app.running
    assert isinstance(app.manager.stack[0], TableScene)


def test_starts_fullscreen_and_leaves_it_for_a_window(display: None) -> None:
    settings = Settings()
    ctx = make_context(settings, seed=1)
    app = App(ctx, ctx.dealer.deal(settings, 9), fullscreen=True)
    step(app)
    assert pygame.display.is_fullscreen() and app.table.layout.size == pygame.display.get_desktop_sizes()[0]
    app.toggle_fullscreen()
    step(app)
    width, height = pygame.display.get_surface().get_size()
    desktop = pygame.display.get_desktop_sizes()[0]
    assert not pygame.display.is_fullscreen() and width <= desktop[0] and height <= desktop[1]
    assert app.table.layout.size == (width, height) and app.table.play.number == 9


@pytest.mark.parametrize(
    ("desktop", "portrait"),
    [((480, 800), True), ((720, 1280), True), ((1080, 1920), True), ((1920, 1080), False),
     ((1280, 800), False), ((800, 480), False), ((3840, 2160), False), ((320, 480), True)],
)  # fmt: skip
def test_window_for_desktop_has_its_orientation_and_fills_most_of_it(
    desktop: tuple[int, int], portrait: bool
) -> None:
    width, height = window_for_desktop(desktop)
    assert (height > width) == portrait
    assert width <= desktop[0] and height <= desktop[1]
    assert width * height >= 0.75 * desktop[0] * desktop[1]


@pytest.mark.parametrize("desktop", [(480, 800), (720, 1280), (1920, 1080), (800, 480)])
def test_the_game_opens_in_the_desktops_orientation(
    display: None, monkeypatch: pytest.MonkeyPatch, desktop: tuple[int, int]
) -> None:
    """The real start-up path, on a desktop of the given size (SDL's dummy driver reports a
    fixed one, so the report is replaced by the desktop under test)."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    settings = Settings()
    ctx = make_context(settings, seed=3)
    app = App(ctx, ctx.dealer.deal(settings, 9))
    step(app)
    width, height = pygame.display.get_surface().get_size()
    assert (width, height) == window_for_desktop(desktop)
    layout = app.table.layout
    assert layout.size == (width, height)
    assert layout.landscape == (desktop[0] > desktop[1])
    pyramid = layout.slots[0].unionall(layout.slots)
    if layout.landscape:
        assert layout.deck.left > pyramid.right
    else:
        assert layout.deck.top > pyramid.bottom


@pytest.mark.parametrize(
    ("opened", "dragged", "kept"),
    [
        ((720, 432), (330, 400), (480, 400)),  # landscape: no narrower than 480
        ((720, 432), (700, 200), (700, 320)),  # nor lower than 320
        ((320, 480), (330, 400), (330, 480)),  # portrait: no lower than 480
        ((480, 800), (200, 700), (320, 700)),  # nor narrower than 320
    ],
)
def test_the_window_cannot_be_resized_below_the_smallest_readable_size(
    make_app: Callable[..., App], opened: tuple[int, int], dragged: tuple[int, int], kept: tuple[int, int]
) -> None:
    app = make_app(size=opened)
    with warnings.catch_warnings():  # only its size is used, not drawing through it
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.size = dragged
    step(app)
    assert window.size == kept and app.manager.size == kept


class FakeNow:
    """The sessions' time source, moved by hand."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_win_panel_shows_the_best_time_on_this_deal(
    display: None, winning_line: LineFinder, lang: str
) -> None:
    """The result panel says how the time compares with the player's best on this very deal:
    the first win sets it, a faster replay beats it (naming the time beaten), a slower one
    shows it. Times come from the sessions' own (fake) time source."""
    number, moves = winning_line("passes=3 overlap=on")
    now = FakeNow()
    settings = Settings(lang=lang)
    ctx = make_context(settings, seed=1, now=now)
    app = App(ctx, ctx.dealer.deal(settings, number), size=(1280, 720))
    texts = ctx.texts
    expected = {
        100: texts.t("record_first", t="1:40"),
        70: texts.t("record_beaten", t="1:40"),
        90: texts.t("record_best", t="1:10"),
    }
    for seconds, line in expected.items():
        play_by_taps(app, moves[0])
        now.seconds += seconds
        for move in moves[1:]:
            play_by_taps(app, move)
        panel = app.manager.top
        assert isinstance(panel, Panel)
        assert panel.figures is not None  # the time in big numbers above the lines
        assert (f"{seconds // 60}:{seconds % 60:02d}", texts.t("figure_time")) in panel.figures(texts)
        assert line in panel.body(texts), panel.body(texts)
        step(app, 2)  # (the frame's save counts the win: the panel keeps what it said)
        assert line in panel.body(texts)
        names = [button.label(texts) for button in panel.buttons]
        tap(app, panel.geometry().buttons[names.index(texts.t("btn_replay"))].center)
    if lang == "es":
        assert expected[100] == "Tu mejor tiempo en este reparto: 1:40 (primera victoria)"
        assert expected[70] == "¡Tu mejor tiempo en este reparto! Antes: 1:40"
