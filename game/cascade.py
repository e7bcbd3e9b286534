"""The win cascade: the deal's pyramid cards leap from their slots one by one and bounce
along the bottom of the window, each leaving a trail of its own image, as the classic
solitaire games celebrate a win.

The trails are stamped on a canvas: a copy of the screen taken when the first card leaves
(the dimmed table with the result panel over it). Every frame the canvas is shown everywhere
except the panel's rectangle, so the cascade passes behind the panel and never covers its
text. If the panel changes shape the canvas is taken again (the trails start afresh). The
cascade follows the game and never holds it: the deal is already won when it starts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game.config import (
    CASCADE_BOUNCE,
    CASCADE_DELAY,
    CASCADE_GRAVITY,
    CASCADE_LAUNCH_SECONDS,
    CASCADE_MAX_SECONDS,
    CASCADE_SPEED,
)
from game.render.assets import Assets
from rules import Card


@dataclass
class Bouncer:
    """One card in flight: its top-left corner and velocity, in pixels and pixels per second."""

    card: Card
    x: float
    y: float
    vx: float
    vy: float


def outside(area: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """Up to four rectangles that together cover ``area`` except ``hole``."""
    hole = hole.clip(area)
    if not hole.width or not hole.height:
        return [area.copy()]
    parts = [
        pygame.Rect(area.left, area.top, area.width, hole.top - area.top),
        pygame.Rect(area.left, hole.bottom, area.width, area.bottom - hole.bottom),
        pygame.Rect(area.left, hole.top, hole.left - area.left, hole.height),
        pygame.Rect(hole.right, hole.top, area.right - hole.right, hole.height),
    ]
    return [part for part in parts if part.width > 0 and part.height > 0]


class Cascade:
    """The cards still to leave, the cards in flight, and the canvas of their trails."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self.waiting: list[tuple[Card, pygame.Rect]] = []
        self.flying: list[Bouncer] = []
        self.age = CASCADE_MAX_SECONDS
        self._size = (0, 0)
        self._card = (0, 0)
        self._canvas: pygame.Surface | None = None
        self._hole: pygame.Rect | None = None

    @property
    def active(self) -> bool:
        """True while cards are still to leave or in flight (the window must be redrawn)."""
        return self.age < CASCADE_MAX_SECONDS and bool(self.waiting or self.flying)

    @property
    def showing(self) -> bool:
        """True while the cascade (or its trails) are on screen."""
        return self._canvas is not None or self.active

    def start(
        self, cards: list[tuple[Card, pygame.Rect]], size: tuple[int, int], card: tuple[int, int]
    ) -> None:
        """Celebrate: ``cards`` leave from their rectangles in order, in a window of ``size``."""
        self.stop()
        self.waiting = list(cards)
        self.age = 0.0
        self._size = size
        self._card = card

    def stop(self) -> None:
        """Nothing more moves and the trails are gone."""
        self.waiting = []
        self.flying = []
        self.age = CASCADE_MAX_SECONDS
        self._canvas = None
        self._hole = None

    def update(self, dt: float) -> None:
        if not self.active:
            return
        before = self.age
        self.age += dt
        scale = self._card[1] / 100
        launches = _launches(before, self.age)
        for _ in range(min(launches, len(self.waiting))):
            card, rect = self.waiting.pop(0)
            speed = self._rng.uniform(*CASCADE_SPEED) * scale
            direction = self._rng.choice((-1.0, 1.0))
            lift = -self._rng.uniform(0.0, 0.6) * CASCADE_SPEED[1] * scale
            self.flying.append(Bouncer(card, float(rect.x), float(rect.y), direction * speed, lift))
        floor = self._size[1] - self._card[1]
        gravity = CASCADE_GRAVITY * scale
        for bouncer in self.flying:
            bouncer.vy += gravity * dt
            bouncer.x += bouncer.vx * dt
            bouncer.y += bouncer.vy * dt
            if bouncer.y > floor:
                bouncer.y = floor - (bouncer.y - floor) * CASCADE_BOUNCE
                bouncer.vy = -abs(bouncer.vy) * CASCADE_BOUNCE
        width = self._size[0]
        self.flying = [b for b in self.flying if -self._card[0] < b.x < width]

    def draw(self, surface: pygame.Surface, assets: Assets, keep_clear: pygame.Rect | None) -> None:
        """Stamp the cards in flight on the canvas and show it everywhere but ``keep_clear``."""
        if not self.flying and self._canvas is None:
            return
        hole = keep_clear.copy() if keep_clear is not None else None
        if self._canvas is None or self._canvas.get_size() != surface.get_size() or hole != self._hole:
            self._canvas = surface.copy()
            self._hole = hole
        for bouncer in self.flying:
            self._canvas.blit(assets.face(bouncer.card, self._card), (round(bouncer.x), round(bouncer.y)))
        area = surface.get_rect()
        for part in outside(area, hole) if hole is not None else [area]:
            surface.blit(self._canvas, part, part)


def _launches(before: float, after: float) -> int:
    """How many cards leave between the cascade ages ``before`` and ``after``."""

    def count(age: float) -> int:
        return 0 if age < CASCADE_DELAY else int((age - CASCADE_DELAY) / CASCADE_LAUNCH_SECONDS) + 1

    return count(after) - count(before)
