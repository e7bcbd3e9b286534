"""Input normalised at the edge: pygame events become a few plain commands.

* Mouse and touch become one :class:`Tap`. Touch reaches us through SDL's mouse emulation
  (mouse events marked ``touch=True``, already in window coordinates); finger events are
  ignored, so a tap is never counted twice. Only the press counts, never the release.
* Keys become :class:`Key` commands with an :class:`Action`; scenes never look at key codes.
* Window events (quit, focus, minimise, hide) become a :class:`Window` signal for the app.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame


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


@dataclass(frozen=True)
class Tap:
    pos: tuple[int, int]


@dataclass(frozen=True)
class Key:
    action: Action
    digit: str = ""


@dataclass(frozen=True)
class Scroll:
    steps: int
    """Positive: towards the top (wheel up)."""


Command = Tap | Key | Scroll


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
}

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
    if event.type == pygame.MOUSEWHEEL:
        return Scroll(int(getattr(event, "y", 0)))
    if event.type == pygame.KEYDOWN:
        return _key_command(event)
    return None


def _key_command(event: pygame.event.Event) -> Key | None:
    key = event.key
    if key == pygame.K_TAB:
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        return Key(Action.PREV if shift else Action.NEXT)
    if key in _DIGITS:
        return Key(Action.DIGIT, _DIGITS[key])
    action = _KEYS.get(key)
    return None if action is None else Key(action)


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
