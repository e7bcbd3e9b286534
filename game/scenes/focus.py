"""Keyboard focus, the one helper of every screen: the ring Tab (and a screen's arrows) steps
round, and, on the table, arrows between playable cards by their position on screen.

The ring is :func:`cycle` over a screen's stops, with the keys it listens to (:data:`TAB`,
:data:`VERTICAL`, :data:`HORIZONTAL`, :data:`AROUND`). The arrows are pure geometry over
rectangles, so they work for any layout: from the focused card, an arrow goes to the nearest
candidate lying in that direction, preferring ones straight ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pygame

from game.config import SIDEWAYS_WEIGHT
from game.input import Action

DIRECTIONS: dict[Action, tuple[int, int]] = {
    Action.LEFT: (-1, 0),
    Action.RIGHT: (1, 0),
    Action.UP: (0, -1),
    Action.DOWN: (0, 1),
}

TAB: dict[Action, int] = {Action.NEXT: 1, Action.PREV: -1}
"""Tab and Shift+Tab step the focus round the ring: every screen listens to them."""
VERTICAL = {**TAB, Action.DOWN: 1, Action.UP: -1}
HORIZONTAL = {**TAB, Action.RIGHT: 1, Action.LEFT: -1}
AROUND = {**VERTICAL, **HORIZONTAL}

Stop = TypeVar("Stop")


def cycle(stops: Sequence[Stop], current: object, step: int) -> Stop:
    """The stop ``step`` places after ``current`` round ``stops``, wrapping; from a ``current``
    that is none of them (nothing focused yet), the first going forward, the last going back."""
    if current in stops:
        return stops[(stops.index(current) + step) % len(stops)]
    return stops[0 if step > 0 else -1]


def ring_step(keys: dict[Action, int], action: Action, stops: Sequence[Stop], current: object) -> Stop | None:
    """Where ``action`` moves the focus when it is one of ``keys`` (:func:`cycle`), else None."""
    step = keys.get(action)
    return None if step is None or not stops else cycle(stops, current, step)


def step_focus(current: pygame.Rect, direction: Action, candidates: dict[int, pygame.Rect]) -> int | None:
    """The candidate an arrow key moves to from ``current``, or None if nothing lies that way."""
    dx, dy = DIRECTIONS[direction]
    best: tuple[float, int] | None = None
    cx, cy = current.center
    for place, rect in candidates.items():
        vx, vy = rect.centerx - cx, rect.centery - cy
        ahead = vx * dx + vy * dy
        if ahead <= 0:
            continue
        sideways = abs(vx * dy - vy * dx)
        score = ahead + SIDEWAYS_WEIGHT * sideways
        if best is None or score < best[0]:
            best = (score, place)
    return None if best is None else best[1]


def nearest(point: tuple[int, int], candidates: dict[int, pygame.Rect]) -> int | None:
    """The candidate whose centre is closest to ``point``."""
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda p: (candidates[p].centerx - point[0]) ** 2 + (candidates[p].centery - point[1]) ** 2,
    )
