"""A fuzz of the real game: random input of every kind, the rules' invariants checked after
every frame (``tests/test_fuzz.py`` at a modest size, ``bench/fuzz.py`` at a million events).

Each *life* starts the game as ``main.py`` does (:func:`game.app.launch` on a storage) with a
random configuration: variant, passes, overlap rule, deal mode, language, reduced motion,
sound, deck options, par scoring, kiosk or not, window size, deal number. Then every frame gets
a few real posted pygame events — mouse taps (on cards, piles and buttons, or anywhere), right
clicks, wheel, drags, touch (fingers with SDL's mouse emulation, palms, lifts that get lost),
keys (every command key, digits, Tab, F11, Ctrl+Shift+Q, any other), window resizes, focus and
visibility changes, quits — and a random ``dt`` of simulated time, now and then a long pause
(the kiosk's idle reset and attract demo). The sessions' clock is the same simulated time.

A quit that stops the game (the window's close button at home, the staff keys) ends it as
``main.py`` does (a last save), and the game is started again on the same storage: it must
resume the same game. An exception in a frame is counted (with its traceback) and starts a new
life.

:class:`rules.invariants.Watch` checks the rules state after every frame (legal moves, no card
appearing or vanishing, undo and rewind, counters, seen cards, the recorded game replaying).

Deterministic for a seed as far as the input, the configurations and the simulated time go;
the solver's questions are sliced by wall-clock milliseconds, so what they answer when may vary.
"""

from __future__ import annotations

import random
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from rules import legal_moves
from rules.invariants import Tally, Watch, describe
from rules.labels import LabelTable
from rules.variant import OFFERED

from .app import App, display_surface, launch
from .config import KIOSK_PROMPT_SECONDS
from .kiosk import KioskOptions, Mood
from .scenes.panel import Panel
from .settings import LANGUAGES, PASSES, DealMode
from .storage import MemoryBackend, Storage
from .table_terms import tapped_places

SIZES = ((1280, 720), (1024, 768), (800, 600), (640, 360), (480, 320), (320, 480), (390, 844), (1920, 1080))
"""Window sizes a life starts with (resizes go anywhere from 320×320 to 1920×1200)."""

COMMAND_KEYS = (
    *(pygame.K_u, pygame.K_d, pygame.K_r, pygame.K_s, pygame.K_t),
    *(pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN),
    *(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE),
    *(pygame.K_DELETE, pygame.K_TAB),
)
"""Keys that do something (N, H and F11 are drawn apart: a new deal, the solver, fullscreen)."""

WINDOW_EVENTS = (
    pygame.WINDOWFOCUSLOST,
    pygame.WINDOWFOCUSGAINED,
    pygame.WINDOWMINIMIZED,
    pygame.WINDOWRESTORED,
    pygame.WINDOWMAXIMIZED,
    pygame.WINDOWHIDDEN,
    pygame.WINDOWSHOWN,
    pygame.WINDOWEXPOSED,
    pygame.WINDOWENTER,
    pygame.WINDOWLEAVE,
    pygame.VIDEOEXPOSE,
)

class FakeClock:
    """Simulated seconds: the app's frames and the sessions' clocks both read it."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def now(self) -> float:
        return self.seconds


@dataclass
class Figures:
    events: int = 0
    """Real pygame events posted."""
    frames: int = 0
    lives: int = 0
    """Games started (configurations, and restarts after a quit)."""
    resumed: int = 0
    """Restarts after a quit that resumed the saved game (and were checked)."""
    watched: Tally = field(default_factory=Tally)
    """Deals, moves and undone moves the watch went through, each checked."""
    demo_frames: int = 0
    """Frames a kiosk spent in its attract demo."""
    exceptions: int = 0
    violations: int = 0
    seen: Counter[str] = field(default_factory=Counter)
    """Configurations run, by variant, and how many were kiosks and par scoring."""
    problems: list[str] = field(default_factory=list)
    """The first few exceptions (with traceback) and invariant violations, to reproduce."""

    def add_problem(self, text: str, keep: int = 20) -> None:
        if len(self.problems) < keep:
            self.problems.append(text)


@dataclass(frozen=True)
class Config:
    overrides: dict[str, object]
    kiosk: KioskOptions | None
    size: tuple[int, int]
    deal: int | None

    def traits(self) -> list[str]:
        """What this configuration covers: its variant, and ``kiosk``, ``par`` when so."""
        traits = [str(self.overrides["variant"])]
        return traits + ["kiosk"] * (self.kiosk is not None) + ["par"] * bool(self.overrides["par_scoring"])

    def __str__(self) -> str:
        settings = " ".join(f"{name}={value}" for name, value in self.overrides.items())
        kiosk = f" kiosk(idle {self.kiosk.idle_seconds:g} s)" if self.kiosk else ""
        return f"{settings}{kiosk} size={self.size[0]}x{self.size[1]} deal={self.deal}"


def random_config(rng: random.Random, number: int) -> Config:
    """The configuration of the ``number``-th life: the variants in turn, a kiosk every fourth
    life and par scoring every third (so any dozen lives see them all), the rest at random."""
    variant = tuple(OFFERED)[number % len(OFFERED)]
    overrides: dict[str, object] = {
        "variant": variant,
        "passes": rng.choice(PASSES),
        "overlap": rng.random() < 0.7,
        "deal_mode": rng.choice(tuple(DealMode)),
        "lang": rng.choice(LANGUAGES),
        "reduced_motion": rng.random() < 0.3,
        "sound": rng.random() < 0.5,
        "four_colour": rng.random() < 0.3,
        "large_index": rng.random() < 0.3,
        "par_scoring": number % 3 == 2,
    }
    kiosk = None
    if number % 4 == 3:
        kiosk = KioskOptions(idle_seconds=rng.choice((2.0, 5.0, 30.0)), lang=str(overrides["lang"]))
    deal = rng.randint(1, 20000) if rng.random() < 0.7 else None
    return Config(overrides, kiosk, rng.choice(SIZES), deal)


class Fuzz:
    """The fuzz: ``Fuzz(seed, labels).run(events)``; :attr:`figures` holds what it found."""

    def __init__(
        self,
        seed: int,
        labels: LabelTable,
        *,
        life_events: int = 4000,
        on_problem: Callable[[str], None] | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.labels = labels
        self.life_events = life_events
        self.on_problem = on_problem
        self.clock = FakeClock()
        self.figures = Figures()
        self.watch = Watch(self.figures.watched)
        self.app: App | None = None
        self.configs = 0
        self.config = random_config(self.rng, 0)
        self.storage = Storage(MemoryBackend())
        self.life_left = 0
        self.quiet = 0
        """Frames left in which nothing is posted."""

    # --- lives -----------------------------------------------------------------------------
    def new_life(self, resume: bool = False) -> App:
        """Start the game: on the same storage and configuration after a quit (``resume``),
        else with a new random configuration on a fresh storage."""
        if not resume:
            self.config = random_config(self.rng, self.configs)
            self.configs += 1
            self.figures.seen.update(self.config.traits())
            self.storage = Storage(MemoryBackend())
            self.life_left = self.life_events
        pygame.event.clear()
        config = self.config
        self.app = launch(
            self.storage,
            self.labels,
            deal=None if resume else config.deal,
            overrides=self.restart_overrides() if resume else dict(config.overrides),
            size=config.size,
            seed=self.rng.randrange(1 << 30),
            now=self.clock.now,
            kiosk=config.kiosk,
        )
        self.figures.lives += 1
        self.watch = Watch(self.figures.watched)
        return self.app

    def restart_overrides(self) -> dict[str, object]:
        """A plain ``python main.py`` (``--kiosk``) starting again: the saved settings, but for
        the kiosk's own language and deal mode (what a ``--variant`` would override could
        replace the saved game, as documented)."""
        config = self.config
        if config.kiosk is None:
            return {}
        return {"lang": config.kiosk.lang, "deal_mode": DealMode.SOLVABLE}

    def quit_and_resume(self, app: App) -> None:
        """The game stopped (window closed, staff keys): save as ``main.py`` does, start it again
        on the same storage, and check it resumed the same game."""
        app.save(force_clock=True)
        before = app.table.play.session
        demo = app.kiosk is not None and app.kiosk.mood is Mood.DEMO
        again = self.new_life(resume=True)
        after = again.table.play.session
        if demo or before.is_won:
            return  # a demo is never saved; a won game is not resumed (a new deal is dealt)
        self.figures.resumed += 1
        if (after.state, after.log[: len(after.history)], after.moves) != (
            before.state,
            before.log[: len(before.history)],
            before.moves,
        ):
            self.problem(
                "violation",
                "a quit and a restart did not resume the same game: "
                f"{describe(before)} became {describe(after)}",
            )

    # --- the loop --------------------------------------------------------------------------
    def run(self, events: int) -> Figures:
        """Post about ``events`` events (in frames of one to four), checking after each frame."""
        target = self.figures.events + events
        app = self.app or self.new_life()
        while self.figures.events < target:
            if self.life_left <= 0:
                app = self.new_life()
            posted = self.post_some(app)
            self.figures.events += posted
            self.life_left -= posted
            dt = self.frame_time()
            self.clock.seconds += dt
            try:
                app.frame(dt)
            except Exception:  # the fuzz counts every crash, and goes on
                self.problem("exception", traceback.format_exc())
                app = self.new_life()
                continue
            self.figures.frames += 1
            self.figures.demo_frames += app.kiosk is not None and app.kiosk.mood is Mood.DEMO
            for violation in self.watch.look(app.table.play.session):
                self.problem("violation", violation)
            if not app.running:
                self.quit_and_resume(app)
                app = self.app or app
        return self.figures

    def problem(self, kind: str, text: str) -> None:
        if kind == "exception":
            self.figures.exceptions += 1
        else:
            self.figures.violations += 1
        where = f"seed {self.seed}, event {self.figures.events}, life {self.figures.lives} ({self.config})"
        report = f"{kind} at {where}: {text}"
        self.figures.add_problem(report)
        if self.on_problem is not None:
            self.on_problem(report)

    def frame_time(self) -> float:
        roll = self.rng.random()
        if roll < 0.01:  # someone walks away: idle prompts, the kiosk's reset and its demo
            return self.rng.uniform(1.0, KIOSK_PROMPT_SECONDS + 40.0)
        if roll < 0.05:
            return 0.0
        return self.rng.choice((1 / 60, 1 / 30, 0.1, self.rng.uniform(0.0, 0.1)))

    # --- input -----------------------------------------------------------------------------
    def post_some(self, app: App) -> int:
        """Post one to four input actions; returns the number of pygame events posted. Now and
        then nobody touches anything for a while (animations end, a kiosk's demo plays)."""
        if self.quiet > 0:
            self.quiet -= 1
            return 0
        if self.rng.random() < 0.005:
            self.quiet = self.rng.randint(20, 300)
        return sum(self.post_one(app) for _ in range(self.rng.choice((1, 1, 1, 2, 2, 3, 4))))

    def post_one(self, app: App) -> int:
        roll = self.rng.random()
        if roll < 0.16:
            return self.play_a_move(app)
        if roll < 0.36:
            return self.tap(self.target(app))
        if roll < 0.44:
            return self.tap(self.anywhere())
        if roll < 0.54:
            return self.touch(self.target(app))
        if roll < 0.55:
            return self.palm()
        if roll < 0.58:
            return self.other_button(self.anywhere())
        if roll < 0.62:
            return self.drag()
        if roll < 0.86:
            return self.key()
        if roll < 0.88:
            return self.resize(app)
        if roll < 0.95:
            return post(self.rng.choice(WINDOW_EVENTS))
        if roll < 0.953:
            return post(pygame.QUIT)
        if roll < 0.955:
            return self.press(pygame.K_q, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)  # staff exit
        if roll < 0.96:
            return self.press(pygame.K_F11)
        if roll < 0.967:
            return self.press(pygame.K_h)  # «Pista»: the solver runs for a while
        if roll < 0.972:
            return self.press(pygame.K_n)
        return self.press(self.rng.randrange(pygame.K_a, pygame.K_z + 1))

    def target(self, app: App) -> tuple[int, int]:
        """A point on something that reacts: a card, a pile, a control, a panel's button."""
        top = app.manager.top
        if isinstance(top, Panel) and self.rng.random() < 0.7:
            buttons = top.geometry().buttons
            if buttons:
                return self.rng.choice(buttons).center
        layout = app.table.layout
        state = app.table.play.state
        slots = [slot for slot in range(len(layout.slots)) if state.pyramid >> slot & 1]
        if slots and self.rng.random() < 0.5:
            return layout.tap_point(self.rng.choice(slots), state)
        rects = list(layout.regions().values())
        return self.rng.choice(rects).center if rects else self.anywhere()

    def play_a_move(self, app: App) -> int:
        """Tap the cards of a legal move (or the stock), as a player would: games go deep."""
        state = app.table.play.state
        moves = legal_moves(state)
        if not moves:
            return self.tap(self.target(app))
        move = self.rng.choice(moves)
        places = tapped_places(move)
        touch = self.rng.random() < 0.3
        return sum(
            self.touch(app.table.layout.tap_point(place, state))
            if touch
            else self.tap(app.table.layout.tap_point(place, state))
            for place in places
        )

    def anywhere(self) -> tuple[int, int]:
        width, height = display_surface().get_size()
        return self.rng.randrange(-5, width + 5), self.rng.randrange(-5, height + 5)

    def tap(self, pos: tuple[int, int]) -> int:
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
        return 2

    def touch(self, pos: tuple[int, int]) -> int:
        """A finger: SDL sends the finger and its mouse emulation (marked ``touch``); now and
        then the lift is lost, or the driver echoes a plain click."""
        width, height = display_surface().get_size()
        finger = {"touch_id": 1, "finger_id": self.rng.randrange(1 << 16)}
        where = {"x": pos[0] / max(width, 1), "y": pos[1] / max(height, 1)}
        post(pygame.FINGERDOWN, **finger, **where)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)
        count = 3
        if self.rng.random() < 0.9:
            post(pygame.FINGERUP, **finger, **where)
            count += 1
        if self.rng.random() < 0.1:
            count += self.tap(pos)  # the driver's echo
        return count

    def palm(self) -> int:
        fingers = self.rng.randint(3, 5)
        for finger in range(fingers):
            post(pygame.FINGERDOWN, touch_id=2, finger_id=finger, x=self.rng.random(), y=self.rng.random())
        count = fingers + self.touch(self.anywhere())
        for finger in range(fingers):
            post(pygame.FINGERUP, touch_id=2, finger_id=finger, x=0.5, y=0.5)
        return count + fingers

    def other_button(self, pos: tuple[int, int]) -> int:
        if self.rng.random() < 0.5:
            return post(pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-3, -1, 1, 3)))
        button = self.rng.choice((2, 3, 4, 5))
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
        return 2

    def drag(self) -> int:
        x, y = self.anywhere()
        post(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False)
        steps = self.rng.randint(1, 6)
        for _ in range(steps):
            dy = self.rng.randint(-80, 80)
            y += dy
            post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, dy), buttons=(1, 0, 0), touch=False)
        post(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=False)
        return steps + 2

    def key(self) -> int:
        if self.rng.random() < 0.15:
            return self.press(self.rng.randrange(pygame.K_0, pygame.K_9 + 1))
        mod = pygame.KMOD_SHIFT if self.rng.random() < 0.1 else 0
        return self.press(self.rng.choice(COMMAND_KEYS), mod)

    def press(self, key: int, mod: int = 0) -> int:
        post(pygame.KEYDOWN, key=key, mod=mod, unicode="")
        post(pygame.KEYUP, key=key, mod=mod, unicode="")
        return 2

    def resize(self, app: App) -> int:
        """The window is resized (or the panel turned): SDL resizes it, then says so."""
        if app.fullscreen:
            return self.press(pygame.K_F11)
        size = (self.rng.randint(320, 1920), self.rng.randint(320, 1200))
        pygame.display.set_mode(size, pygame.RESIZABLE)
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        post(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])
        return 2


def post(kind: int, **attributes: Any) -> int:
    pygame.event.post(pygame.event.Event(kind, **attributes))
    return 1
