"""The application: one window, one scene stack, and the one thin loop.

Each frame: events → commands (or window signals) → scene updates → draw, only when
something changed. :meth:`App.frame` does one frame without waiting, so tests and the
benchmark can drive the real game frame by frame; :meth:`App.run` is the ``async`` loop
(``await asyncio.sleep(0)`` every frame, as the browser build needs). No thread, no nested loop.
"""

from __future__ import annotations

import asyncio
import os
import random

import pygame

from rules.cli import CommandError
from rules.labels import LabelTable

from .config import DESKTOP_MARGIN, FPS, MIN_WINDOW, WINDOW_SIZE
from .context import Context
from .dealer import Dealer
from .input import Action, Key, Visibility, Window, to_command, to_window_signal
from .play import Play
from .render.assets import Assets
from .scenes.base import SceneManager
from .scenes.table import TableScene
from .settings import Settings
from .texts import Texts

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
    if driver in WINDOWLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
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


def fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size``, shrunk (keeping its shape) so the window and its frame fit on the desktop."""
    desktops = pygame.display.get_desktop_sizes()
    if not desktops:
        return size
    room_w, room_h = desktops[0][0] - DESKTOP_MARGIN, desktops[0][1] - DESKTOP_MARGIN
    scale = min(1.0, room_w / size[0], room_h / size[1])
    return max(MIN_WINDOW[0], round(size[0] * scale)), max(MIN_WINDOW[1], round(size[1] * scale))


def open_window(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """Set the video mode; returns the new display surface (always fetch it again after this)."""
    try:
        if fullscreen:
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as error:
        raise DisplayError(f"cannot open the game window: {error}") from None
    return display_surface()


class App:
    def __init__(
        self, ctx: Context, play: Play, size: tuple[int, int] | None = None, fullscreen: bool = False
    ) -> None:
        """Open the window (``size``; by default :data:`WINDOW_SIZE` fitted to the desktop) and
        show ``play`` on the table."""
        self.ctx = ctx
        self.windowed_size = fit_to_desktop(WINDOW_SIZE) if size is None else size
        self.fullscreen = fullscreen
        pygame.display.set_caption(Texts(ctx.settings.lang).t("title"))
        self.screen = open_window(self.windowed_size, fullscreen)
        pygame.event.clear()
        self.manager = SceneManager()
        self.manager.relayout(self.screen.get_size())
        self.table = TableScene(ctx, self.manager, play)
        self.manager.push(self.table)
        self.visibility = Visibility()
        self.running = True
        self.dirty = True
        self.frames_drawn = 0

    # --- one frame ------------------------------------------------------------------------------
    def frame(self, dt: float) -> bool:
        """Handle pending events, advance ``dt`` seconds, draw if anything changed. True if drawn."""
        for event in pygame.event.get():
            self.dispatch(event)
        self._sync_size()
        self._sync_visibility()
        changed = self.manager.update(dt)
        if not (changed or self.dirty):
            return False
        self.draw()
        return True

    def draw(self) -> None:
        self.screen = display_surface()
        self.manager.draw(self.screen)
        pygame.display.flip()
        self.dirty = False
        self.frames_drawn += 1

    def dispatch(self, event: pygame.event.Event) -> None:
        signal = to_window_signal(event)
        if signal is Window.QUIT:
            self.running = False
        elif signal is not None:
            self.visibility.apply(signal)
            self.dirty = True
        if event.type in REDRAW_EVENTS:
            self.dirty = True
        command = to_command(event)
        if command is None:
            return
        self.dirty = True
        if isinstance(command, Key) and command.action is Action.FULLSCREEN:
            self.toggle_fullscreen()
        else:
            self.manager.handle(command)

    def toggle_fullscreen(self) -> None:
        """Enter or leave fullscreen; the deal is untouched, only the layout changes."""
        if not self.fullscreen:
            self.windowed_size = display_surface().get_size()
        self.fullscreen = not self.fullscreen
        self.screen = open_window(self.windowed_size, self.fullscreen)
        self._sync_size()

    def _sync_size(self) -> None:
        self.screen = display_surface()
        size = self.screen.get_size()
        if size != self.manager.size:
            self.manager.relayout(size)
            self.dirty = True

    def _sync_visibility(self) -> None:
        visible = self.visibility.visible and self.manager.top is self.table
        if visible != self.table.visible:
            self.table.set_visible(visible)

    # --- the loop ---------------------------------------------------------------------------------
    async def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(FPS) / 1000.0
            self.frame(min(dt, 0.1))
            await asyncio.sleep(0)


def make_context(settings: Settings, labels: LabelTable | None = None, seed: int | None = None) -> Context:
    """A fresh context: ``settings``, a new asset loader, a dealer over ``labels`` (none: all unknown)."""
    rng = random.Random(seed)
    return Context(settings, Assets(), Dealer(labels or LabelTable(), rng), rng)
