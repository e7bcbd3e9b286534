"""The kiosk (``--kiosk``): a public touchscreen that looks after itself.

Three moods, one at a time:

* **playing** — someone may be at the screen. The idle clock counts the seconds since the last
  input; at ``idle_seconds`` it asks «¿Sigues ahí?» (:class:`StillTherePrompt`), unless nobody has
  touched the screen since the last fresh deal (then there is nothing to lose and the demo
  starts at once).
* **prompt** — any touch answers it and play goes on where it was. When its countdown runs out
  the game in progress is closed, the language goes back to the kiosk's own, a fresh
  proven-winnable deal is dealt and saved (the closed game counts as played and abandoned,
  apart from won and lost, in the kiosk's own statistics: the kiosk keeps its saves apart from
  a home player's), and the attract demo starts.
* **demo** — :class:`AttractScene` lies over the table: the solver proves a fresh deal winnable
  and its winning line is played through :mod:`rules` one move every ``move_seconds``, with the
  normal animations and «Toca para jugar» on screen; then another deal. The demo's games are
  never saved nor counted. Any tap ends it and deals a fresh game for the new player.

With ``speech`` (``--speech``) the kiosk starts with spoken moves on; the demo plays silently,
and a wide «Pulsa aquí para oír el juego» at the foot of its banner starts a game spoken aloud.

Everything runs on the ``dt`` the app gives each frame, so tests and the soak benchmark drive it
on simulated time: the three timers (idle, prompt, demo move) are jobs of a :class:`Scheduler`.
"""

from __future__ import annotations

import ctypes
import enum
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pygame

from game.config import (
    BAR,
    DEMO_NODE_LIMIT,
    DEMO_SEARCH_NODES,
    DEMO_WIN_PAUSE_SECONDS,
    KIOSK_IDLE_SECONDS,
    KIOSK_MOVE_SECONDS,
    KIOSK_PROMPT_SECONDS,
    KIOSK_TARGET_MM,
    KIOSK_TARGET_PX_1080,
    TEXT,
    TEXT_DIM,
)
from game.context import Context
from game.input import Command, Key, Tap
from game.render.controls_view import message_room
from game.render.metrics import DEFAULT_METRICS, Metrics
from game.render.widgets import Style, draw_button, line_height
from game.scenes.base import Scene, SceneManager
from game.scenes.clock import Scheduler
from game.scenes.panel import Panel, PanelButton
from game.scenes.table import TableScene
from game.settings import DealMode, Speech
from rules import Ending, Move
from solver import Search, Verdict


@dataclass(frozen=True)
class KioskOptions:
    idle_seconds: float = KIOSK_IDLE_SECONDS
    prompt_seconds: float = KIOSK_PROMPT_SECONDS
    move_seconds: float = KIOSK_MOVE_SECONDS
    lang: str = "es"
    """The kiosk's own language: a visitor may switch it; the idle reset switches it back."""
    target_mm: float = KIOSK_TARGET_MM
    """The smallest side of a tap target on the glass (``--target-mm``)."""
    speech: bool = False
    """Spoken moves on from the start, and «Pulsa aquí para oír el juego» on the demo (``--speech``)."""


MM_PER_INCH = 25.4


def kiosk_min_tap(target_mm: float, dpi: float | None, display: tuple[int, int]) -> int:
    """The smallest tap target in pixels for ``target_mm`` millimetres on the glass.

    From the display's density when SDL knows it (``dpi``); otherwise
    :data:`KIOSK_TARGET_PX_1080` for 20 mm at a 1080-pixel short side, scaled with the screen
    and the target. Never below the desktop's minimum."""
    if dpi is not None:
        pixels = target_mm * dpi / MM_PER_INCH
    else:
        pixels = KIOSK_TARGET_PX_1080 * min(display) / 1080 * target_mm / KIOSK_TARGET_MM
    return max(DEFAULT_METRICS.min_tap, math.ceil(pixels))


def kiosk_metrics(min_tap: int) -> Metrics:
    """The kiosk's sizes for every screen: no tap target smaller than ``min_tap`` pixels, covered
    cards showing a strip that is a target too (the overlap rule pairs a covered card), and the
    smallest fonts grown in proportion, so labels stay readable on the bigger buttons."""
    grow = min_tap / DEFAULT_METRICS.min_tap
    font_low, font_high = DEFAULT_METRICS.font_range
    panel_low, panel_high = DEFAULT_METRICS.panel_font_range
    return replace(
        DEFAULT_METRICS,
        min_tap=min_tap,
        min_corner=max(DEFAULT_METRICS.min_corner, min_tap),
        font_range=(min(font_high, round(font_low * grow)), font_high),
        panel_font_range=(min(panel_high, round(panel_low * grow)), panel_high),
    )


def display_dpi(index: int = 0) -> float | None:
    """Horizontal dots per inch of display ``index`` as SDL knows it (from the physical size the
    monitor reports), or None when SDL does not know it or the answer is not plausible.

    pygame-ce does not expose ``SDL_GetDisplayDPI``; it is called in the SDL library pygame
    itself loaded (opening it again by its path gives the same, initialised, library)."""
    for path in _sdl_libraries():
        try:
            library = ctypes.CDLL(str(path))
            get_dpi = library.SDL_GetDisplayDPI
        except (OSError, AttributeError):
            continue
        diagonal, horizontal, vertical = ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
        get_dpi.restype = ctypes.c_int
        status = get_dpi(
            ctypes.c_int(index), ctypes.byref(diagonal), ctypes.byref(horizontal), ctypes.byref(vertical)
        )
        if status != 0:
            return None
        return horizontal.value if 40.0 <= horizontal.value <= 1000.0 else None
    return None


def _sdl_libraries() -> Iterator[Path]:
    """The SDL2 library files shipped with pygame-ce (Linux, macOS and Windows wheels)."""
    package = Path(pygame.__file__).resolve().parent
    for pattern in ("../pygame_ce.libs/libSDL2-*", ".dylibs/libSDL2-*", "SDL2.dll"):
        yield from sorted(package.glob(pattern))


class Mood(enum.Enum):
    PLAYING = "playing"
    PROMPT = "prompt"
    DEMO = "demo"


class Kiosk:
    """The idle clock, the prompt and the demo over one table. The app tells it about every
    accepted input (:meth:`activity`) and gives it every frame's ``dt`` (:meth:`update`)."""

    def __init__(self, ctx: Context, manager: SceneManager, table: TableScene, options: KioskOptions) -> None:
        self.ctx = ctx
        self.manager = manager
        self.table = table
        self.options = options
        self.mood = Mood.PLAYING
        self.clock = Scheduler()
        """The idle timer (on the frames' time, counted only while someone may be playing)."""
        self._wait_idle()
        self.touched = False
        """Whether anyone has touched the screen since the last fresh deal."""
        self.abandoned = 0
        """Games with moves, not won, that the idle reset closed."""
        self.on_reset: Callable[[], None] | None = None
        """Called when the idle reset has dealt the fresh game, before the demo starts (the app
        saves then: the closed game is counted, the fresh one kept as the game in progress)."""
        self.prompt: StillTherePrompt | None = None
        self.demo: AttractScene | None = None
        if options.speech:
            ctx.settings.speech = Speech.ON

    # --- from the app ------------------------------------------------------------------------
    def activity(self, command: Command) -> None:
        """An input the player made (already filtered): someone is at the screen."""
        if self.mood is Mood.PLAYING:
            self._wait_idle()
            self.touched = True

    def update(self, dt: float) -> bool:
        """Advance the idle clock; True if the screen changed (the prompt or the demo opened)."""
        if self.mood is not Mood.PLAYING:
            return False
        return self.clock.advance(dt)

    def _wait_idle(self) -> None:
        """The idle period starts again."""
        self.clock.schedule_unique("idle", self.options.idle_seconds, self._idle_out)

    def _idle_out(self) -> None:
        if self.touched:
            self.open_prompt()
        else:
            self.start_demo()

    # --- the moods ------------------------------------------------------------------------------
    def open_prompt(self) -> None:
        self.mood = Mood.PROMPT
        seconds = self.options.prompt_seconds
        self.prompt = StillTherePrompt(
            self.ctx, self.manager, seconds, on_continue=self.resume, on_timeout=self.reset
        )
        self.manager.push(self.prompt)

    def resume(self) -> None:
        """«Seguir»: back to the game as it was."""
        if self.prompt is not None:
            self.manager.pop(self.prompt)
            self.prompt = None
        self.mood = Mood.PLAYING
        self._wait_idle()

    def reset(self) -> None:
        """Nobody answered: close the game in progress and start the demo."""
        if self.prompt is not None:
            self.manager.pop(self.prompt)
            self.prompt = None
        session = self.table.play.session
        if session.moves > 0 and not session.is_won:
            self.abandoned += 1
            self.ctx.keeper.walk_away(self.table.play)
        self.ctx.settings.lang = self.options.lang
        self.table.new_deal()
        if self.on_reset is not None:
            self.on_reset()
        self.start_demo()

    def start_demo(self) -> None:
        self.manager.pop_above(self.table)
        self.mood = Mood.DEMO
        hear = None
        if self.options.speech:
            self.ctx.settings.speech = Speech.OFF  # the demo plays to an empty room: silently
            hear = self.hear
        seconds = self.options.move_seconds
        self.demo = AttractScene(self.ctx, self.manager, self.table, seconds, self.end_demo, on_hear=hear)
        self.manager.push(self.demo)

    def hear(self) -> None:
        """«Pulsa aquí para oír el juego»: a fresh game, spoken aloud."""
        self.ctx.settings.speech = Speech.ON
        self.end_demo()

    def end_demo(self) -> None:
        """A tap on the demo: a fresh proven-winnable deal for the new player."""
        if self.demo is not None:
            self.manager.pop(self.demo)
            self.demo = None
        self.table.new_deal()
        self.mood = Mood.PLAYING
        self._wait_idle()
        self.touched = True


class StillTherePrompt(Panel):
    """«¿Sigues ahí?» with a countdown and a big «Seguir». Any touch or key answers it."""

    def __init__(
        self,
        ctx: Context,
        manager: SceneManager,
        seconds: float,
        *,
        on_continue: Callable[[], None],
        on_timeout: Callable[[], None],
    ) -> None:
        self.clock = Scheduler()
        self.clock.schedule_unique("timeout", seconds, on_timeout)
        super().__init__(
            ctx, manager,
            title=lambda t: t.t("kiosk_prompt_title"),
            body=lambda t: [t.t("kiosk_prompt_body", n=self.seconds_shown)],
            buttons=[PanelButton(lambda t: t.t("btn_continue"), on_continue, primary=True)],
            on_cancel=on_continue,
        )  # fmt: skip

    @property
    def seconds_shown(self) -> int:
        return max(0, math.ceil(self.clock.remaining("timeout") or 0))

    def handle(self, command: Command) -> None:
        if isinstance(command, Tap | Key):
            self.buttons[0].action()

    def update(self, dt: float) -> bool:
        shown = self.seconds_shown
        if self.clock.advance(dt):  # the countdown ran out
            return True
        popping = super().update(dt)
        return popping or self.seconds_shown != shown


class AttractScene(Scene):
    """The attract demo over the table: the solver plays proven-winnable deals by itself.

    Each deal is searched in slices of :data:`DEMO_SEARCH_NODES` nodes a frame; a deal the
    search cannot prove winnable within :data:`DEMO_NODE_LIMIT` nodes is passed over. Every move
    of the line goes through the table (and so through ``rules``), one each ``move_seconds``.
    """

    lets_flourish_show = True

    def __init__(
        self,
        ctx: Context,
        manager: SceneManager,
        table: TableScene,
        move_seconds: float,
        on_tap: Callable[[], None],
        *,
        on_hear: Callable[[], None] | None = None,
    ) -> None:
        self.ctx = ctx
        self.manager = manager
        self.table = table
        self.move_seconds = move_seconds
        self.on_tap = on_tap
        self.on_hear = on_hear
        self.hear_rect: pygame.Rect | None = None
        """Where «Pulsa aquí para oír el juego» is on the screen (with ``on_hear`` only)."""
        self.search: Search | None = None
        self.line: list[Move] | None = None
        self.index = 0
        self.clock = Scheduler()
        """The next move's timer, on the demo's time (which stands still while it thinks or deals)."""
        self.deals = 0
        """Deals started by the demo."""
        self.wins = 0
        """Deals the demo played to the win (completed attract cycles)."""
        self.refused = 0
        """Moves of a line that the rules refused (always 0 unless the solver is wrong)."""
        self._banner: pygame.Surface | None = None
        self._banner_key: tuple[object, ...] = ()

    def enter(self) -> None:
        self.next_deal()

    def next_deal(self) -> None:
        """A fresh deal on the table, and a search to prove it winnable."""
        settings = replace(self.ctx.settings, deal_mode=DealMode.SOLVABLE)
        self.table.start(self.ctx.dealer.deal(settings), close_above=False)
        self.table.play.line = None
        self.deals += 1
        self.search = Search(self.table.play.state, node_limit=DEMO_NODE_LIMIT)
        self.line = None
        self.index = 0
        self.clock.schedule_unique("move", self.move_seconds, self._move)

    # --- input and time -----------------------------------------------------------------------
    def handle(self, command: Command) -> None:
        hear = self.hear_rect
        if self.on_hear is not None and isinstance(command, Tap) and hear and hear.collidepoint(command.pos):
            self.on_hear()
        elif isinstance(command, Tap | Key):
            self.on_tap()

    def update(self, dt: float) -> bool:
        if self.line is None:
            return self._think()
        if self.table.anim.dealing:  # the cards fly in first, as in play
            return False
        return self.clock.advance(dt)

    def _move(self) -> None:
        """The line's next move (a pause after the winning one), or, after it, another deal."""
        assert self.line is not None
        if self.index >= len(self.line):
            self.next_deal()
            return
        played = self.table.demo_move(self.line[self.index])
        if played is None:
            self.refused += 1
        self.index += 1
        won = played is not None and played.ending is Ending.WON
        if won:
            self.wins += 1
        self.clock.schedule_unique("move", DEMO_WIN_PAUSE_SECONDS if won else self.move_seconds, self._move)

    def _think(self) -> bool:
        assert self.search is not None
        result = self.search.step(DEMO_SEARCH_NODES)
        if result is None:
            return False
        if result.verdict is Verdict.SOLVABLE:
            self.line = list(result.moves)
        else:
            self.next_deal()
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        banner = self.banner()
        surface.blit(banner, banner.get_rect(midbottom=(surface.get_width() // 2, surface.get_height())))

    def banner(self) -> pygame.Surface:
        """«Toca para jugar» over the controls (which do nothing during the demo) and over the
        message line's whole room, never half of a wrapped line; cached."""
        layout = self.table.layout
        texts = self.ctx.texts
        key = (layout.size, texts.lang)
        if self._banner is not None and self._banner_key == key:
            return self._banner
        width, height = layout.size
        top = min(message_room(layout).top, layout.buttons["undo"].top)  # the message line's whole room
        band = pygame.Surface((width, height - top), pygame.SRCALPHA)
        band.fill((*BAR, 255))
        assets = self.ctx.assets
        tap = layout.metrics.min_tap if self.on_hear is not None else 0  # room for the button under the rest
        share = 0.3 if tap == 0 else 0.2
        big = max(layout.font * 2, round(band.get_height() * share))
        title = assets.fit_text(texts.t("kiosk_tap_to_play"), big, TEXT, width - 2 * layout.font, bold=True)
        note = assets.fit_text(texts.t("kiosk_demo"), layout.font, TEXT_DIM, width - 2 * layout.font)
        block = title.get_height() + line_height(layout.font) // 3 + note.get_height()
        y = (band.get_height() - block - tap - layout.margin * bool(tap)) // 2
        band.blit(title, title.get_rect(midtop=(width // 2, y)))
        band.blit(note, note.get_rect(midtop=(width // 2, y + block - note.get_height())))
        if tap:
            margin = layout.margin
            hear = pygame.Rect(margin, band.get_height() - tap - margin, width - 2 * margin, tap)
            label = texts.t("kiosk_hear")
            draw_button(band, assets, hear, label, round(layout.font * 1.4), style=Style.PRIMARY)
            self.hear_rect = hear.move(0, top)
        self._banner, self._banner_key = band, key
        return band
