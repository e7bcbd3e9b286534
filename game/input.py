"""Input normalised at the edge: pygame events become a few plain commands.

* Mouse and touch become one :class:`Tap`. Touch reaches us through SDL's mouse emulation
  (mouse events marked ``touch=True``, already in window coordinates); finger events are
  only counted (a palm), never turned into taps, so a tap is never counted twice. Only the
  press counts, never the release. :class:`TapFilter` forgives what touch drivers and hands
  add: the duplicate plain click some drivers send right after a touch, the double report of
  panels that pose as a mouse, and the taps of a palm resting on the glass.
* A move with the button down is a :class:`Drag`, the button coming up a :class:`Release`: only
  a screen that scrolls uses them (to tell a drag from a tap).
* Keys become :class:`Key` commands with an :class:`Action`; scenes never look at key codes.
* Window events (quit, focus, minimise, hide) become a :class:`Window` signal for the app.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

from .config import DUPLICATE_TAP_PX, FINGER_LOST_SECONDS, PALM_FINGERS, TOUCH_ECHO_SECONDS


class Action(enum.Enum):
    UNDO = "undo"
    HINT = "hint"
    NEW = "new"
    DRAW = "draw"
    RECYCLE = "recycle"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    CONFIRM = "confirm"
    CANCEL = "cancel"
    NEXT = "next"
    PREV = "prev"
    BACKSPACE = "backspace"
    DIGIT = "digit"
    FULLSCREEN = "fullscreen"
    STATS = "stats"
    DAILY = "daily"
    STAFF_EXIT = "staff_exit"
    """Ctrl+Shift+Q: the documented way for staff to close the game (a kiosk offers no other)."""
    PASTE = "paste"
    """Ctrl+V: the new-deal dialog takes a copied deal («Baraja española: reparto 77»)."""
    # the keys that ask, answered aloud (game/access)
    ASK_PAIRS = "ask_pairs"
    ASK_PILES = "ask_piles"
    ASK_SEEN = "ask_seen"
    ASK_ANSWER = "ask_answer"


@dataclass(frozen=True)
class Tap:
    pos: tuple[int, int]


@dataclass(frozen=True)
class Key:
    action: Action
    digit: str = ""
    switch: int = 0
    """Which switch of a switch interface this key is when scanning (game/access/scan.py):
    1 for Space, 2 for Enter, 0 for the other keys."""


@dataclass(frozen=True)
class Scroll:
    steps: int
    """Positive: towards the top (wheel up)."""


@dataclass(frozen=True)
class Drag:
    """The pointer moved with the button (or a finger) down: a screen that scrolls follows it."""

    pos: tuple[int, int]
    dy: int
    """Pixels moved down since the last report (negative: up)."""


@dataclass(frozen=True)
class Release:
    """The button (or the finger) came up. A tap is the press; only a screen that must tell a
    tap from a drag (a scrolling list) waits for this."""

    pos: tuple[int, int]


Command = Tap | Key | Scroll | Drag | Release


class Window(enum.Enum):
    QUIT = "quit"
    FOCUS_LOST = "focus_lost"
    FOCUS_GAINED = "focus_gained"
    MINIMIZED = "minimized"
    RESTORED = "restored"
    HIDDEN = "hidden"
    SHOWN = "shown"


_KEYS: dict[int, Action] = {
    pygame.K_u: Action.UNDO,
    pygame.K_h: Action.HINT,
    pygame.K_n: Action.NEW,
    pygame.K_d: Action.DRAW,
    pygame.K_r: Action.RECYCLE,
    pygame.K_s: Action.STATS,
    pygame.K_t: Action.DAILY,
    pygame.K_LEFT: Action.LEFT,
    pygame.K_RIGHT: Action.RIGHT,
    pygame.K_UP: Action.UP,
    pygame.K_DOWN: Action.DOWN,
    pygame.K_PAGEUP: Action.LEFT,
    pygame.K_PAGEDOWN: Action.RIGHT,
    pygame.K_RETURN: Action.CONFIRM,
    pygame.K_KP_ENTER: Action.CONFIRM,
    pygame.K_SPACE: Action.CONFIRM,
    pygame.K_ESCAPE: Action.CANCEL,
    pygame.K_BACKSPACE: Action.BACKSPACE,
    pygame.K_DELETE: Action.BACKSPACE,
    pygame.K_F11: Action.FULLSCREEN,
    pygame.K_p: Action.ASK_PAIRS,
    pygame.K_i: Action.ASK_PILES,
    pygame.K_v: Action.ASK_SEEN,
    pygame.K_a: Action.ASK_ANSWER,
}

_SWITCHES: dict[int, int] = {pygame.K_SPACE: 1, pygame.K_RETURN: 2, pygame.K_KP_ENTER: 2}
"""Switch interfaces send Space and Enter: the two switches of step scanning."""

_DIGITS: dict[int, str] = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)
}

_WINDOW: dict[int, Window] = {
    pygame.QUIT: Window.QUIT,
    pygame.WINDOWFOCUSLOST: Window.FOCUS_LOST,
    pygame.WINDOWFOCUSGAINED: Window.FOCUS_GAINED,
    pygame.WINDOWMINIMIZED: Window.MINIMIZED,
    pygame.WINDOWRESTORED: Window.RESTORED,
    pygame.WINDOWMAXIMIZED: Window.RESTORED,
    pygame.WINDOWHIDDEN: Window.HIDDEN,
    pygame.WINDOWSHOWN: Window.SHOWN,
}


def to_command(event: pygame.event.Event) -> Command | None:
    """The command an event means to a scene, or None if scenes do not care about it."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        button = getattr(event, "button", 1)
        if button == 1:
            return Tap((int(event.pos[0]), int(event.pos[1])))
        if button == 3:
            return Key(Action.CANCEL)
        return None
    if event.type == pygame.MOUSEMOTION:
        buttons = getattr(event, "buttons", (0, 0, 0))
        moved = int(getattr(event, "rel", (0, 0))[1])
        if buttons and buttons[0] and moved:
            return Drag((int(event.pos[0]), int(event.pos[1])), moved)
        return None
    if event.type == pygame.MOUSEBUTTONUP:
        if getattr(event, "button", 1) == 1:
            return Release((int(event.pos[0]), int(event.pos[1])))
        return None
    if event.type == pygame.MOUSEWHEEL:
        return Scroll(int(getattr(event, "y", 0)))
    if event.type == pygame.KEYDOWN:
        return _key_command(event)
    return None


def _key_command(event: pygame.event.Event) -> Key | None:
    key = event.key
    mod = int(getattr(event, "mod", 0))
    if key == pygame.K_q and mod & pygame.KMOD_CTRL and mod & pygame.KMOD_SHIFT:
        return Key(Action.STAFF_EXIT)
    if key == pygame.K_v and mod & pygame.KMOD_CTRL:
        return Key(Action.PASTE)
    if key == pygame.K_TAB:
        shift = bool(mod & pygame.KMOD_SHIFT)
        return Key(Action.PREV if shift else Action.NEXT)
    if key in _DIGITS:
        return Key(Action.DIGIT, _DIGITS[key])
    action = _KEYS.get(key)
    return None if action is None else Key(action, switch=_SWITCHES.get(key, 0))


def to_window_signal(event: pygame.event.Event) -> Window | None:
    return _WINDOW.get(event.type)


class Visibility:
    """Whether the player can see the game: not hidden, not minimised, not without focus.

    The clock runs only while visible; panels that cover the table count as hidden too.
    """

    def __init__(self) -> None:
        self.focus_lost = False
        self.minimized = False
        self.hidden = False

    def apply(self, signal: Window) -> None:
        match signal:
            case Window.FOCUS_LOST:
                self.focus_lost = True
            case Window.FOCUS_GAINED:
                self.focus_lost = False
            case Window.MINIMIZED:
                self.minimized = True
            case Window.RESTORED:
                self.minimized = False
            case Window.HIDDEN:
                self.hidden = True
            case Window.SHOWN:
                self.hidden = False
            case _:
                pass

    @property
    def visible(self) -> bool:
        return not (self.focus_lost or self.minimized or self.hidden)


class TapFilter:
    """Decides which taps are the player's and which are echoes or strays (forgiving touch).

    A tap is dropped when it repeats the last accepted one near the same place (within
    :data:`DUPLICATE_TAP_PX`) too soon to be a second tap:

    * a touch tap and a plain click (``touch`` differs) within :data:`TOUCH_ECHO_SECONDS`:
      the duplicate ``touch=False`` click some touch drivers send right after the touch;
    * any two taps within ``repeat_seconds`` (0 turns this off): panels that pose as a mouse
      and report one touch twice. Off on the desktop, where a quick double click on the stock
      means two draws; the kiosk sets it.

    A frame in which :data:`PALM_FINGERS` or more fingers are down at once (a palm, a sleeve,
    a child's whole hand) keeps none of its taps. A lift can get lost (a panel, a driver, a
    window that lost the focus in between), so a finger not heard from for
    :data:`FINGER_LOST_SECONDS` counts as lifted, and losing or hiding the window forgets every
    finger (:meth:`forget_fingers`): a lost lift never blocks input for long. Times are the
    app's own clock (seconds), so tests run on simulated time.
    """

    def __init__(self, repeat_seconds: float = 0.0) -> None:
        self.repeat_seconds = repeat_seconds
        self._fingers: dict[tuple[int, int], float] = {}
        """Each finger down: (touch device, finger) → when it was last heard from."""
        self._palm = False
        self._last: tuple[float, tuple[int, int], bool] | None = None
        self.dropped = 0

    def begin_frame(self, events: list[pygame.event.Event], now: float) -> None:
        """Look at a frame's events (at time ``now``) before they are handled: were many fingers
        down at once?"""
        self._fingers = {key: seen for key, seen in self._fingers.items() if now - seen < FINGER_LOST_SECONDS}
        most = len(self._fingers)
        for event in events:
            key = (int(getattr(event, "touch_id", 0)), int(getattr(event, "finger_id", 0)))
            if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION):
                self._fingers[key] = now
                most = max(most, len(self._fingers))
            elif event.type == pygame.FINGERUP:
                self._fingers.pop(key, None)
            elif to_window_signal(event) in _LOSING:
                self.forget_fingers()
        self._palm = most >= PALM_FINGERS

    def forget_fingers(self) -> None:
        """Take every finger as lifted: the window lost the focus or was hidden, so their lifts
        may never reach us."""
        self._fingers.clear()

    def accept(self, event: pygame.event.Event, tap: Tap, now: float) -> bool:
        """True if ``tap`` (made from ``event`` at time ``now``) is the player's."""
        touch = bool(getattr(event, "touch", False))
        if self._palm:
            self.dropped += 1
            return False
        last = self._last
        if last is not None and _near(last[1], tap.pos):
            since = now - last[0]
            echo = last[2] != touch and since <= TOUCH_ECHO_SECONDS
            if echo or since < self.repeat_seconds:
                self.dropped += 1
                return False
        self._last = (now, tap.pos, touch)
        return True


_LOSING = frozenset({Window.FOCUS_LOST, Window.MINIMIZED, Window.HIDDEN})
"""Window signals after which a finger's lift may have gone elsewhere."""


def _near(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) <= DUPLICATE_TAP_PX and abs(a[1] - b[1]) <= DUPLICATE_TAP_PX
