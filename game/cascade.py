"""The win celebration: the deal's pyramid cards leap from their slots one after another, arc
up and out, bounce along the bottom of the window and fade away, and within
:func:`celebration_seconds` (under three seconds) the board is clean again: the won table and
its result panel, nothing left over it.

The cards are drawn under the result panel (the scene stack draws the panel over them), so they
never cover its text; on a phone held upright the panel sits low and the cards play over the
table above it. No trails: each frame repaints only where a card is or was (see
:meth:`Cascade.rects`). The cascade follows the game and never holds it: the deal is already
won when it starts; reduced motion never starts it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game.config import (
    CASCADE_BOUNCE,
    CASCADE_DELAY,
    CASCADE_FADE,
    CASCADE_GRAVITY,
    CASCADE_LAUNCH_SECONDS,
    CASCADE_LIFE,
    CASCADE_LIFT,
    CASCADE_SPEED,
)
from game.render.assets import Assets
from rules import Card


@dataclass
class Bouncer:
    """One card in flight: its top-left corner and velocity (pixels, pixels per second), and how
    long it has flown."""

    card: Card
    x: float
    y: float
    vx: float
    vy: float
    age: float = 0.0

    @property
    def alpha(self) -> int:
        """255 until the last :data:`CASCADE_FADE` of its life, then fading to nothing."""
        left = CASCADE_LIFE - self.age
        return max(0, min(255, round(255 * left / (CASCADE_LIFE * CASCADE_FADE))))


def celebration_seconds(cards: int) -> float:
    """From the win to a clean board, for ``cards`` leaping cards."""
    return CASCADE_DELAY + max(0, cards - 1) * CASCADE_LAUNCH_SECONDS + CASCADE_LIFE


class Cascade:
    """The cards still to leave and the cards in flight."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self.waiting: list[tuple[Card, pygame.Rect]] = []
        self.flying: list[Bouncer] = []
        self.age = 0.0
        self._size = (0, 0)
        self._card = (0, 0)
        self._premultiplied: dict[tuple[Card, tuple[int, int]], pygame.Surface] = {}

    @property
    def active(self) -> bool:
        """True while cards are still to leave or in flight (the window must be redrawn)."""
        return bool(self.waiting or self.flying)

    def start(
        self, cards: list[tuple[Card, pygame.Rect]], size: tuple[int, int], card: tuple[int, int]
    ) -> None:
        """Celebrate: ``cards`` (drawn ``card`` large) leave from their rectangles in order, in a
        window of ``size``."""
        self.stop()
        self.waiting = list(cards)
        self.age = 0.0
        self._size = size
        self._card = card

    def stop(self) -> None:
        """Nothing more moves, nothing more shows."""
        self.waiting = []
        self.flying = []
        self._premultiplied.clear()

    def update(self, dt: float) -> None:
        if not self.active:
            return
        before = self.age
        self.age += dt
        scale = self._card[1] / 100
        for _ in range(min(_launches(before, self.age), len(self.waiting))):
            card, rect = self.waiting.pop(0)
            speed = self._rng.uniform(*CASCADE_SPEED) * scale * self._rng.choice((-1.0, 1.0))
            lift = -self._rng.uniform(0.5, 1.0) * CASCADE_LIFT * scale
            self.flying.append(Bouncer(card, float(rect.x), float(rect.y), speed, lift))
        floor = self._size[1] - self._card[1]
        gravity = CASCADE_GRAVITY * scale
        for bouncer in self.flying:
            bouncer.age += dt
            bouncer.vy += gravity * dt
            bouncer.x += bouncer.vx * dt
            bouncer.y += bouncer.vy * dt
            if bouncer.y > floor:
                bouncer.y = floor - (bouncer.y - floor) * CASCADE_BOUNCE
                bouncer.vy = -abs(bouncer.vy) * CASCADE_BOUNCE
        width = self._size[0]
        self.flying = [
            b for b in self.flying if b.age < CASCADE_LIFE and -self._card[0] < b.x < width and b.alpha > 0
        ]

    def rects(self) -> list[pygame.Rect]:
        """Where the cards in flight are drawn now."""
        w, h = self._card
        return [pygame.Rect(round(b.x), round(b.y), w, h) for b in self.flying]

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        """The cards in flight, each fading at the end of its life. Until it fades a card is
        drawn from a premultiplied copy of its face (the fast way to blend its round corners:
        at 4K two dozen cards cover a third of the window)."""
        for bouncer, rect in zip(self.flying, self.rects(), strict=True):
            image = assets.face(bouncer.card, self._card)
            alpha = bouncer.alpha
            if alpha < 255:
                image.set_alpha(alpha)
                surface.blit(image, rect)
                image.set_alpha(255)  # the cached face is shared: back to opaque
                continue
            key = (bouncer.card, self._card)
            if key not in self._premultiplied:
                self._premultiplied[key] = image.premul_alpha()
            surface.blit(self._premultiplied[key], rect, special_flags=pygame.BLEND_PREMULTIPLIED)


def _launches(before: float, after: float) -> int:
    """How many cards leave between the cascade ages ``before`` and ``after``."""

    def count(age: float) -> int:
        return 0 if age < CASCADE_DELAY else int((age - CASCADE_DELAY) / CASCADE_LAUNCH_SECONDS) + 1

    return count(after) - count(before)
