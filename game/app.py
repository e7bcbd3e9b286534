"""The application: one window, one scene stack, and the one thin loop.

Each frame: events → commands (or window signals) → scene updates → draw, only when
something changed. :meth:`App.frame` does one frame without waiting, so tests and the
benchmark can drive the real game frame by frame; :meth:`App.run` is the ``async`` loop
(``await asyncio.sleep(0)`` every frame, as the browser build needs). No thread, no nested loop.
"""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import os
import random
import time
import warnings
from collections.abc import Callable, Sequence
from enum import Enum

import pygame

import solver
from rules.cli import CommandError
from rules.labels import LabelTable

from .access.hub import Access, platform_outlet
from .config import DESKTOP_MARGIN, FPS, KIOSK_REPEAT_SECONDS, MIN_WINDOW, WINDOW_SIZE
from .context import Context
from .dealer import Dealer
from .input import Action, Key, Scroll, Tap, TapFilter, Visibility, Window, to_command, to_window_signal
from .kiosk import Kiosk, KioskOptions, Mood, display_dpi, kiosk_metrics, kiosk_min_tap
from .platform import IS_WEB, BadOption
from .play import Play
from .render.assets import Assets
from .render.metrics import DEFAULT_METRICS
from .saves import load_settings
from .scenes.base import SceneManager
from .scenes.panels import match_panel, notices_panel
from .scenes.table import TableScene
from .settings import Settings
from .storage import Storage
from .table_terms import Line, Tone
from .texts import Texts

CanvasSource = Callable[[], tuple[tuple[int, int], float]]
"""The size a canvas should have now, and its pixels per CSS pixel (see :class:`App`)."""

REDRAW_EVENTS = (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE)


WINDOWLESS_DRIVERS = ("offscreen", "dummy")
"""SDL video drivers that show nothing: used only when asked for (``SDL_VIDEODRIVER``)."""


class DisplayError(CommandError):
    """No window can be opened (no display, or SDL cannot use it)."""


def start_display() -> None:
    """Start pygame's display and fonts. Raises :class:`DisplayError` when there is no screen to
    show a window on: SDL fails, or falls back to a driver that shows nothing (as it does on a
    machine without a display) although nobody asked for one."""
    try:
        pygame.display.init()
    except pygame.error as error:
        raise DisplayError(f"cannot open the game window: {error}") from None
    driver = pygame.display.get_driver()
    if driver in WINDOWLESS_DRIVERS and driver not in os.environ.get("SDL_VIDEODRIVER", "").split(","):
        pygame.display.quit()
        raise DisplayError(
            "cannot open the game window: no display found (is DISPLAY or WAYLAND_DISPLAY set?)"
        )
    pygame.font.init()


def display_surface() -> pygame.Surface:
    """The window's surface as it is now (it changes on resize and fullscreen)."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise RuntimeError("the game window is not open")
    return surface


def window_for_desktop(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The size of a new window on a desktop of ``desktop`` pixels (None: unknown): the desktop
    less room for the window manager's frame and panels, so the window has the screen's
    orientation (a portrait phone gets a portrait window) and fills most of it."""
    if desktop is None:
        return WINDOW_SIZE
    width, height = desktop
    room = (width - min(DESKTOP_MARGIN, width // 10), height - min(DESKTOP_MARGIN, height // 10))
    turned = (max(MIN_WINDOW), min(MIN_WINDOW))  # the smallest window, in landscape
    least = turned if room[0] > room[1] else MIN_WINDOW
    return min(width, max(least[0], room[0])), min(height, max(least[1], room[1]))


def fit_to_desktop() -> tuple[int, int]:
    """:func:`window_for_desktop` for the first desktop SDL reports."""
    desktops = pygame.display.get_desktop_sizes()
    return window_for_desktop(desktops[0] if desktops else None)


def smallest_window(size: tuple[int, int]) -> tuple[int, int]:
    """The smallest a window of ``size`` may be resized to: :data:`MIN_WINDOW` (320×480) while
    it is portrait, the same turned (480×320) while it is landscape. Below that the cards are
    unreadable and badges cover the piles. The two meet only at square-ish sizes of 480 and
    more, so a drag never jumps from one limit to the other."""
    portrait, landscape = MIN_WINDOW, (max(MIN_WINDOW), min(MIN_WINDOW))
    return landscape if size[0] > size[1] else portrait


def limit_window_size(size: tuple[int, int]) -> None:
    """Keep the native window from being resized below :func:`smallest_window` (the browser
    build sizes its canvas itself, so nothing is set there)."""
    if IS_WEB:
        return
    try:
        with warnings.catch_warnings():
            # pygame-ce warns that drawing through this Window is deprecated; we only set its
            # minimum size, and keep drawing through pygame.display
            warnings.simplefilter("ignore", DeprecationWarning)
            window = pygame.Window.from_display_module()
    except pygame.error:
        return
    least = smallest_window(size)
    if window.minimum_size != least:
        window.minimum_size = least


def open_window(size: tuple[int, int], fullscreen: bool, resizable: bool = True) -> pygame.Surface:
    """Set the video mode; returns the new display surface (always fetch it again after this)."""
    try:
        if fullscreen:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            pygame.display.set_mode(size, pygame.RESIZABLE if resizable else 0)
    except pygame.error as error:
        raise DisplayError(f"cannot open the game window: {error}") from None
    if resizable and not fullscreen:
        limit_window_size(size)
    return display_surface()


class App:
    def __init__(
        self,
        ctx: Context,
        play: Play,
        size: tuple[int, int] | None = None,
        fullscreen: bool = False,
        fixed: bool = False,
        *,
        kiosk: KioskOptions | None = None,
        canvas: CanvasSource | None = None,
    ) -> None:
        """Open the window (``size``; by default fitted to the desktop, see
        :func:`window_for_desktop`) and show ``play`` on the table. ``fixed``: a canvas of
        exactly ``size`` (the browser build): not resizable, and F11 does nothing. ``canvas``:
        where a fixed canvas's size comes from, asked every frame (the browser page's size and
        pixel ratio, :func:`game.platform.browser_canvas`): the canvas follows it, and every
        screen is laid out with the metrics scaled by the ratio. ``kiosk``: run as a public
        touchscreen (fullscreen unless a ``size`` is given, cursor hidden, tap targets from
        :func:`game.kiosk.kiosk_metrics`, idle reset and attract demo; see :mod:`game.kiosk`)."""
        self.ctx = ctx
        ctx.kiosk = kiosk is not None
        self.canvas = canvas
        self.ratio = 1.0
        """Canvas pixels per CSS pixel of the page (1 natively)."""
        if canvas is not None:
            size, self.ratio = canvas()
            ctx.metrics = DEFAULT_METRICS.scaled(self.ratio)
        self.windowed_size = fit_to_desktop() if size is None else size
        self.fixed = fixed
        self.fullscreen = (fullscreen or (kiosk is not None and size is None)) and not fixed
        pygame.display.set_caption(Texts(ctx.settings.lang).t("title"))
        self.screen = open_window(self.windowed_size, self.fullscreen, resizable=not fixed)
        if kiosk is not None:
            min_tap = kiosk_min_tap(kiosk.target_mm, display_dpi(), self.screen.get_size())
            ctx.metrics = kiosk_metrics(min_tap)
        pygame.event.clear()
        self.manager = SceneManager()
        self.manager.relayout(self.screen.get_size())
        self.table = TableScene(ctx, self.manager, play)
        self.manager.push(self.table)
        self.access = Access(ctx, platform_outlet())
        """Screen readers, spoken moves and switch scanning (:mod:`game.access`)."""
        self.visibility = Visibility()
        self.taps = TapFilter(KIOSK_REPEAT_SECONDS if kiosk is not None else 0.0)
        self.kiosk = None if kiosk is None else Kiosk(ctx, self.manager, self.table, kiosk)
        if self.kiosk is not None:
            pygame.mouse.set_visible(False)
            self.kiosk.on_reset = self.save
        self.now = 0.0
        """Seconds of play, the sum of every frame's ``dt`` (simulated in tests)."""
        self.running = True
        self.stop_reason = ""
        """Why the loop stopped: "window" (closed), "staff" (Ctrl+Shift+Q), or a signal's name."""
        self.dirty = True
        self.frames_drawn = 0
        self.opening = Opening.DEALT
        """What :func:`launch` did with the saved game."""
        self.on_first_frame: Callable[[], None] | None = None
        """Called once the first frame is shown (the browser's page then drops its loading message)."""
        self._told_failing = False
        self._told_read_only = ctx.storage.read_only
        """A game opened read-only says so at once (:func:`launch`); one taken over, when it is."""

    # --- one frame ------------------------------------------------------------------------------
    def frame(self, dt: float) -> bool:
        """Handle pending events, advance ``dt`` seconds, draw if anything changed. True if drawn."""
        self.now += dt
        events = pygame.event.get()
        self.taps.begin_frame(events, self.now)
        for event in events:
            self.dispatch(event)
        self._sync_size()
        self.manager.show_window(self.visibility.visible)
        changed = self.kiosk.update(dt) if self.kiosk is not None else False
        changed |= self.manager.update(dt)
        changed |= self.access.update(self.table, self.manager, self.now, dt, not self.visibility.focus_lost)
        self.save()
        if not (changed or self.dirty):
            return False
        self.draw()
        return True

    def draw(self) -> None:
        self.screen = display_surface()
        changed = self.manager.draw(self.screen)
        highlight = self.access.draw(self.screen)  # switch scanning's outline, over everything
        if changed is not None:
            changed += highlight
        if changed is None:
            pygame.display.flip()
        elif changed:  # only what changed goes to the screen; nothing at all when nothing did
            pygame.display.update(changed)
        self.dirty = False
        self.frames_drawn += 1
        if self.frames_drawn == 1 and self.on_first_frame is not None:
            self.on_first_frame()

    def stop(self, reason: str) -> None:
        """End the loop after this frame (the caller saves and exits)."""
        self.running = False
        self.stop_reason = reason

    def dispatch(self, event: pygame.event.Event) -> None:
        signal = to_window_signal(event)
        if signal is Window.QUIT:
            if self.kiosk is None:  # a kiosk is closed by staff (Ctrl+Shift+Q) or a signal only
                self.stop("window")
        elif signal is not None:
            self.visibility.apply(signal)
            self.dirty = True
            self.manager.invalidate()
        if event.type in REDRAW_EVENTS:
            self.dirty = True
            self.manager.invalidate()
        command = to_command(event)
        if command is None:
            return
        if isinstance(command, Tap) and not self.taps.accept(event, command, self.now):
            return
        self.dirty = True
        if isinstance(command, Key) and command.action is Action.STAFF_EXIT:
            self.stop("staff")
        elif isinstance(command, Key) and command.action is Action.FULLSCREEN:
            if not self.fixed and self.kiosk is None:  # a kiosk never leaves fullscreen
                self.toggle_fullscreen()
        else:
            if self.kiosk is not None and isinstance(command, Tap | Key | Scroll):
                self.kiosk.activity(command)  # a release or a drag follows a tap already counted
            if not self.access.handle(command, self.table, self.manager):  # the keys that ask, switches
                self.manager.handle(command)

    def toggle_fullscreen(self) -> None:
        """Enter or leave fullscreen; the deal is untouched, only the layout changes."""
        if not self.fullscreen:
            self.windowed_size = display_surface().get_size()
        self.fullscreen = not self.fullscreen
        self.screen = open_window(self.windowed_size, self.fullscreen)
        self._sync_size()

    def _sync_size(self) -> None:
        if self.canvas is not None:
            self._follow_canvas(self.canvas)
        self.screen = display_surface()
        size = self.screen.get_size()
        if size != self.manager.size:
            if not (self.fullscreen or self.fixed):
                limit_window_size(size)
            self.manager.relayout(size)
            self.dirty = True

    def _follow_canvas(self, canvas: CanvasSource) -> None:
        """Give the canvas the size the page asks for now, with metrics for its pixel ratio."""
        size, ratio = canvas()
        if ratio != self.ratio:
            self.ratio = ratio
            self.ctx.metrics = DEFAULT_METRICS.scaled(ratio)
            self.manager.size = (0, 0)  # lay every screen out again, even at the same size
        if size != display_surface().get_size():
            self.windowed_size = size
            self.screen = open_window(size, False, resizable=False)

    def save(self, force_clock: bool = False) -> None:
        """Write whatever changed (the game after a move, settings, statistics): see :class:`Keeper`.
        The kiosk's attract demo is never saved nor counted (what is saved meanwhile is the fresh
        game its idle reset dealt)."""
        if self.kiosk is not None and self.kiosk.mood is Mood.DEMO:
            return
        self.ctx.keeper.sync(self.table.play, self.ctx.settings, force_clock)
        completed = self.ctx.keeper.take_completed()
        if completed is not None:  # the sixth deal of a par match was entered: its summary
            self.table.open(match_panel(self.ctx, self.manager, completed))
            self.dirty = True
        failing = self.ctx.storage.failing
        if failing and not self._told_failing:
            self.table.play.line = Line("save_failed", tone=Tone.REFUSAL)
            self.dirty = True
        self._told_failing = failing
        if self.ctx.storage.read_only and not self._told_read_only:  # another game took the saves over
            self.table.play.line = Line("save_taken", tone=Tone.REFUSAL)
            self.dirty = True
            self._told_read_only = True

    # --- the loop ---------------------------------------------------------------------------------
    async def run(self) -> None:
        clock = pygame.time.Clock()
        # What start-up made (modules, pygame, numpy, card images, the label table) lives as long
        # as the game: kept out of the collector's generations, a full collection during a search
        # step only walks what play made since (6-10 ms pauses became about 1 ms, bench/steps.py).
        gc.collect()
        gc.freeze()
        while self.running:
            dt = clock.tick(FPS) / 1000.0
            self.frame(min(dt, 0.1))
            await asyncio.sleep(0)
        self.save(force_clock=True)


class Opening(Enum):
    """What :func:`launch` did with the saved game."""

    RESUMED = "resumed"
    """The saved game goes on (none was asked for, or the one asked for is that very game)."""
    DEALT = "dealt"
    """A new deal: the one asked for, or a random one (no saved game to go on with)."""
    ASKED = "asked"
    """A panel asks before the saved game, which has moves, is left for the deal asked for."""


def make_context(
    settings: Settings,
    labels: LabelTable | None = None,
    seed: int | None = None,
    storage: Storage | None = None,
    now: Callable[[], float] = time.monotonic,
    *,
    clock: Callable[[], float] = time.perf_counter,
) -> Context:
    """A fresh context: ``settings``, a new asset loader, a dealer over ``labels`` (none: all
    unknown) whose sessions read the time from ``now`` and whose solver's steps and frames are
    timed by ``clock``, saves in ``storage`` (none: in memory only)."""
    rng = random.Random(seed)
    dealer = Dealer(labels or LabelTable(), rng, now, clock)
    if storage is None:
        return Context(settings, Assets(), dealer, rng)
    return Context(settings, Assets(), dealer, rng, storage=storage)


def launch(
    storage: Storage,
    labels: LabelTable,
    *,
    deal: int | None = None,
    overrides: dict[str, object] | None = None,
    size: tuple[int, int] | None = None,
    fullscreen: bool = False,
    seed: int | None = None,
    fixed: bool = False,
    now: Callable[[], float] = time.monotonic,
    kiosk: KioskOptions | None = None,
    bad_options: Sequence[BadOption] = (),
    canvas: CanvasSource | None = None,
    first: dict[str, object] | None = None,
) -> App:
    """Open the game on ``storage``: saved settings (then ``overrides``, e.g. from the command
    line, for this run), and the saved game in progress, or deal ``deal`` when given (or when
    there is no saved game). A ``deal`` that is the saved game's own (same number, variant and
    rules: a reload of its link) resumes it at once. When another ``deal`` would replace a saved
    game with moves that is not over, the confirm panel asks first. A variant among the
    ``overrides`` that is not the saved game's deals a game of that variant the same way (a link
    or ``--variant spanish`` asks for a Spanish game). A bad save is set aside and the table says
    so; ``bad_options`` (of the page address) get one line naming each and what happens instead.
    ``fixed``, ``canvas`` and ``now``: the browser's canvas and its clock (see :class:`App`, ``Session``);
    ``first``: the settings of a player with none saved (the page's media preferences).
    The solver is told here, once, whether it runs in the browser (:func:`solver.configure`)."""
    solver.configure(pure=IS_WEB)
    new = dataclasses.replace(Settings(), **(first or {}))  # type: ignore[arg-type]
    loaded, given = load_settings(storage, new), dict(overrides or {})
    if "variant" in given and "passes" not in given:  # the variant's passes come with it
        loaded.choose_variant(str(given.pop("variant")))
    settings = dataclasses.replace(loaded, **given)  # type: ignore[arg-type]
    ctx = make_context(settings, labels, seed, storage, now)
    play = ctx.keeper.restore_game(ctx.dealer)
    other_variant = False
    opening = Opening.RESUMED
    if play is None:
        play = ctx.dealer.deal(settings, deal)
        opening = Opening.DEALT
    else:
        wanted = (overrides or {}).get("variant")
        other_variant = wanted is not None and wanted != play.state.rules.variant.name
        session = play.session
        if deal == session.deal_number and session.start_state.rules == settings.rule_set():
            deal = None  # the saved game is the deal asked for: it goes on
        if session.is_dead_end:
            play.line = play.dead_end_line()
        elif session.history and kiosk is None:  # a kiosk's visitor left nothing; no move: nothing to go on
            play.line = Line("resumed")
    app = App(ctx, play, size=size, fullscreen=fullscreen, fixed=fixed, kiosk=kiosk, canvas=canvas)
    if opening is Opening.RESUMED and (deal is not None or other_variant):
        # deal ``deal`` instead of the saved game; a game still going on is never thrown away
        # silently: the table asks first (keep playing it, or start ``deal``: then it is a loss)
        app.table.request_deal(deal)
        opening = Opening.ASKED if app.manager.top is not app.table else Opening.DEALT
    app.opening = opening
    notices = [save_notice(ctx, name, why) for name, why in storage.problems]
    if bad_options:
        dealt = app.table.play.number if opening is Opening.DEALT and deal is not None else None
        notices.insert(0, address_notice(ctx, bad_options, opening, dealt))
    if notices:
        app.table.play.line = notices[0]
    if len(notices) > 1:  # one line each, in a panel the player closes (the table line has room for one)
        app.table.open(notices_panel(ctx, app.manager, notices))
    if storage.read_only:  # a second game on the same saves (a double click): it says so first
        play.line = Line("save_locked", tone=Tone.REFUSAL)
    return app


def address_notice(ctx: Context, bad: Sequence[BadOption], opening: Opening, dealt: int | None) -> Line:
    """The line naming every option of the page address that could not be used, and what the
    page does instead: the saved game goes on, deal ``dealt`` (None: a random deal) is played, or
    the panel asks before the saved game is left."""
    options = ", ".join(ctx.t("address_option", name=option.name, value=option.value) for option in bad)
    if opening is Opening.RESUMED:
        outcome = ctx.t("address_resumes")
    elif opening is Opening.ASKED:
        outcome = ctx.t("address_asks")
    elif dealt is not None:
        outcome = ctx.t("address_deal", n=dealt)
    else:
        outcome = ctx.t("address_random")
    key = "bad_address_one" if len(bad) == 1 else "bad_address_many"
    return Line(key, {"options": options, "outcome": outcome}, Tone.REFUSAL)


def save_notice(ctx: Context, name: str, why: str) -> Line:
    """The line telling the player that document ``name`` was set aside, and why: damaged, or
    written by a newer or older version of the game; for the saved game, that it is lost."""
    if why == "cut":  # a saved game restored up to its first illegal move
        return Line("save_cut", {"n": ctx.keeper.restored_upto}, Tone.REFUSAL)
    lost = ctx.t("save_lost") if name == "game" else ""
    return Line(f"save_{why}", {"what": ctx.t(f"doc_{name}"), "lost": lost}, Tone.REFUSAL)
