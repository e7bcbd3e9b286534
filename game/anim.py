"""Animations that follow the rules state, never hold it.

When a move is made the state has already changed; the animator only draws short-lived
"ghost" cards travelling from where they were to where they went (≤ 300 ms, eased), and the
win flourish. Nothing waits for an animation: input keeps working and a new move simply
adds ghosts. With reduced motion nothing is spawned and every change is instant.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.config import (
    CONFETTI,
    CONFETTI_GRAVITY,
    CONFETTI_PIECES,
    DRAW_SECONDS,
    RECYCLE_GHOSTS,
    RECYCLE_SECONDS,
    REMOVE_SECONDS,
    WIN_FLOURISH_SECONDS,
    Color,
)
from game.render.assets import Assets
from game.render.layout import TableLayout
from rules import WASTE, Card

from .play import Drawn, Effect, Recycled, Removed


def ease_out_cubic(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return 1.0 - (1.0 - t) ** 3


@dataclass
class Ghost:
    """A card image moving from ``start`` to ``end``; ``card`` None means a card back."""

    card: Card | None
    start: pygame.Rect
    end: pygame.Rect
    duration: float
    fade: bool = False
    delay: float = 0.0
    hides: int | None = None
    """A place whose top card is drawn as if this one had not arrived yet."""
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.delay + self.duration

    def frame(self) -> tuple[pygame.Rect, int]:
        t = ease_out_cubic((self.age - self.delay) / self.duration)
        x = self.start.x + (self.end.x - self.start.x) * t
        y = self.start.y + (self.end.y - self.start.y) * t
        w = self.start.w + (self.end.w - self.start.w) * t
        h = self.start.h + (self.end.h - self.start.h) * t
        alpha = round(255 * (1.0 - t)) if self.fade else 255
        return pygame.Rect(round(x), round(y), max(1, round(w)), max(1, round(h))), alpha


@dataclass
class Confetto:
    x: float
    y: float
    vx: float
    vy: float
    color: Color
    size: int
    phase: float


class Animator:
    """The scene's named tweens: card ghosts and the win confetti, on the scene's own clock."""

    def __init__(self, rng: random.Random) -> None:
        self.ghosts: list[Ghost] = []
        self.confetti: list[Confetto] = []
        self.flourish_age = WIN_FLOURISH_SECONDS
        self._rng = rng
        self._scale = 1.0

    @property
    def flourishing(self) -> bool:
        return self.flourish_age < WIN_FLOURISH_SECONDS

    def clear(self) -> None:
        self.ghosts.clear()
        self.confetti.clear()
        self.flourish_age = WIN_FLOURISH_SECONDS

    def hidden_places(self) -> set[int]:
        return {g.hides for g in self.ghosts if g.hides is not None and g.age >= g.delay}

    # --- spawning ------------------------------------------------------------------------------
    def effect(self, effect: Effect, layout: TableLayout) -> None:
        """Start the animation of a move that has just been made."""
        if isinstance(effect, Removed):
            for place, card in effect.cards:
                start = layout.place_rect(place)
                end = start.inflate(-start.w // 4, -start.h // 4).move(0, -layout.card[1] // 3)
                self.ghosts.append(Ghost(card, start.copy(), end, REMOVE_SECONDS, fade=True))
        elif isinstance(effect, Drawn):
            self.ghosts.append(
                Ghost(effect.card, layout.stock.copy(), layout.waste.copy(), DRAW_SECONDS, hides=WASTE)
            )
        elif isinstance(effect, Recycled):
            count = min(effect.count, RECYCLE_GHOSTS)
            stagger = RECYCLE_SECONDS / (2 * max(count, 1))
            for index in range(count):
                duration = RECYCLE_SECONDS - index * stagger
                ghost = Ghost(None, layout.waste.copy(), layout.deck.copy(), duration, delay=index * stagger)
                self.ghosts.append(ghost)

    def win(self, layout: TableLayout) -> None:
        """The small flourish on a win: confetti bursting from where the apex was."""
        origin = layout.place_rect(0).center
        scale = layout.card[1] / 100
        self._scale = scale
        self.confetti = []
        for _ in range(CONFETTI_PIECES):
            angle = self._rng.uniform(-math.pi * 0.95, -math.pi * 0.05)
            speed = self._rng.uniform(250, 650) * scale
            self.confetti.append(
                Confetto(
                    float(origin[0]),
                    float(origin[1]),
                    math.cos(angle) * speed,
                    math.sin(angle) * speed,
                    self._rng.choice(CONFETTI),
                    max(3, round(self._rng.uniform(4, 9) * scale)),
                    self._rng.uniform(0, math.tau),
                )
            )
        self.flourish_age = 0.0

    # --- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True while cards are moving (the table must be drawn again).
        The flourish moves on too; :attr:`flourishing` tells whether it still shows."""
        moving = bool(self.ghosts)
        for ghost in self.ghosts:
            ghost.age += dt
        self.ghosts = [g for g in self.ghosts if not g.done]
        if self.flourish_age < WIN_FLOURISH_SECONDS:
            self.flourish_age += dt
            gravity = CONFETTI_GRAVITY * self._scale * dt
            for piece in self.confetti:
                piece.x += piece.vx * dt
                piece.y += piece.vy * dt
                piece.vy += gravity
                piece.vx *= 0.99
                piece.phase += dt * 9
        return moving

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, assets: Assets, card_size: tuple[int, int]) -> None:
        """The moving cards (the flourish is drawn separately, above any panel)."""
        for ghost in self.ghosts:
            if ghost.age < ghost.delay:
                continue
            rect, alpha = ghost.frame()
            image = assets.back(card_size) if ghost.card is None else assets.face(ghost.card, card_size)
            if rect.size != card_size:
                image = pygame.transform.scale(image, rect.size)
            if alpha < 255:
                image = image.copy()
                image.set_alpha(alpha)
            surface.blit(image, rect)

    def draw_flourish(self, surface: pygame.Surface) -> None:
        if self.flourish_age >= WIN_FLOURISH_SECONDS:
            return
        for piece in self.confetti:
            width = max(1, round(piece.size * abs(math.cos(piece.phase))))
            pygame.draw.rect(surface, piece.color, (round(piece.x), round(piece.y), width, piece.size))
