"""Keyboard focus on the table: arrows move between playable cards by their position on screen.

Pure geometry over rectangles, so it works for any layout: from the focused card, an arrow
goes to the nearest candidate lying in that direction, preferring ones straight ahead.
"""

from __future__ import annotations

import pygame

from game.config import SIDEWAYS_WEIGHT
from game.input import Action

DIRECTIONS: dict[Action, tuple[int, int]] = {
    Action.LEFT: (-1, 0),
    Action.RIGHT: (1, 0),
    Action.UP: (0, -1),
    Action.DOWN: (0, 1),
}


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
