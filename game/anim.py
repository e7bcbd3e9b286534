"""Animations that follow the rules state, never hold it.

When a move is made the state has already changed; the animator only draws short-lived
"ghost" cards travelling from where they were to where they went (eased): a deal flying from
the stock into the pyramid (≤ :data:`DEAL_SECONDS`, a tap or key skips it), removed cards
flying off the table to the discard spot, draws and recycles; and the win cascade
(:mod:`game.cascade`). Nothing waits for an animation: input keeps working and a new move
simply adds ghosts. With reduced motion nothing is spawned and every change is instant.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.config import (
    DEAL_CARD_SECONDS,
    DEAL_FACE_DOWN,
    DEAL_SECONDS,
    DISCARD_SECONDS,
    DISCARD_SHRINK,
    DISCARD_STAGGER,
    DRAW_SECONDS,
    RECYCLE_GHOSTS,
    RECYCLE_SECONDS,
)
from game.render.assets import Assets
from game.render.card_look import CardLook, face_rect, face_size
from game.render.layout import TableLayout, column_card_key
from game.render.theme import CARD_LIFTED
from rules import STOCK, Card, State
from rules.moves import CELL, reserve_place

from .cascade import Cascade
from .play import Drawn, Effect, Recycled, Removed, Stored

DEAL = "deal"
"""Tag of the ghosts of the deal animation (skippable)."""


def ease_out_cubic(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    """Slow start, fast middle, slow end (smoothstep)."""
    t = min(max(t, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


def ease_in_quad(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t


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
    """A place whose top card is drawn as if this one had not arrived yet (until it lands)."""
    ease: Callable[[float], float] = ease_out_cubic
    tag: str = ""
    face_down_share: float = 0.0
    """The first share of the flight during which the card shows its back (it leaves a
    face-down pile and turns up on the way)."""
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.delay + self.duration

    @property
    def face_down(self) -> bool:
        """Shows its back now: a card back, or still in the face-down part of its flight."""
        return self.card is None or self.age - self.delay < self.face_down_share * self.duration

    def frame(self) -> tuple[pygame.Rect, int]:
        t = self.ease((self.age - self.delay) / self.duration)
        x = self.start.x + (self.end.x - self.start.x) * t
        y = self.start.y + (self.end.y - self.start.y) * t
        w = self.start.w + (self.end.w - self.start.w) * t
        h = self.start.h + (self.end.h - self.start.h) * t
        alpha = round(255 * (1.0 - t)) if self.fade else 255
        return pygame.Rect(round(x), round(y), max(1, round(w)), max(1, round(h))), alpha


def _ghost_room(rect: pygame.Rect) -> pygame.Rect:
    face = face_rect(rect)
    return face.union(CardLook.shadow_rect(face, CARD_LIFTED))


def discard_spot(layout: TableLayout) -> pygame.Rect:
    """Where removed cards go: past the window's top right corner, a little smaller."""
    card_w, card_h = layout.card
    w, h = round(card_w * DISCARD_SHRINK), round(card_h * DISCARD_SHRINK)
    return pygame.Rect(layout.size[0] + card_w // 4, -h - card_h // 4, w, h)


def deal_delays(count: int) -> list[float]:
    """Start times of ``count`` cards dealt one after another within :data:`DEAL_SECONDS`."""
    stagger = (DEAL_SECONDS - DEAL_CARD_SECONDS) / max(1, count - 1)
    return [index * stagger for index in range(count)]


def _reserve_cards(state: State, layout: TableLayout) -> list[tuple[Card, pygame.Rect, int]]:
    """A reserve row's cards still in ``state``, left to right: each card, where it lies and its
    place (none without a reserve)."""
    found = []
    for index, rect in enumerate(layout.reserve):
        card = state.card_at(reserve_place(index))
        if card is not None:
            found.append((card, rect, reserve_place(index)))
    return found


class Animator:
    """The scene's named tweens: card ghosts and the win cascade, on the scene's own clock."""

    def __init__(self, rng: random.Random) -> None:
        self.ghosts: list[Ghost] = []
        self.cascade = Cascade(rng)
        self.speed = 1.0
        """Every duration is multiplied by this (the animation speed setting: slow, normal, fast)."""

    @property
    def dealing(self) -> bool:
        """True while the deal animation runs."""
        return any(g.tag == DEAL for g in self.ghosts)

    @property
    def flourishing(self) -> bool:
        """True while the win celebration shows."""
        return self.cascade.active

    def clear(self) -> None:
        self.ghosts.clear()
        self.cascade.stop()

    def skip_deal(self) -> None:
        """Every dealt card at its place now."""
        self.ghosts = [g for g in self.ghosts if g.tag != DEAL]

    def hidden_places(self) -> set[int]:
        return {g.hides for g in self.ghosts if g.hides is not None}

    # --- spawning ------------------------------------------------------------------------------
    def deal(self, state: State, layout: TableLayout) -> None:
        """The pyramid of ``state`` flies from the stock into its slots, apex first, then a
        reserve row's cards left to right; or, in a variant with face-up columns (no stock), the
        columns' cards row by row, from below the window's bottom edge."""
        self.skip_deal()
        targets: list[tuple[Card, pygame.Rect, int]] = [
            (card, layout.slots[slot], slot) for slot, card in sorted(state.pyramid_cards().items())
        ]
        targets += _reserve_cards(state, layout)
        depth = max((len(column) for column in layout.columns), default=0)
        columns = [state.column_cards_left(c) for c in range(len(layout.columns))]
        for k in range(depth):
            for column, cards in enumerate(columns):
                if k < len(cards):
                    targets.append((cards[k], layout.columns[column][k], column_card_key(column, k, depth)))
        source = layout.deck
        if not source.width:  # no stock to deal from: the cards come up from below the table
            card_w, card_h = layout.card
            source = pygame.Rect((layout.size[0] - card_w) // 2, layout.size[1], card_w, card_h)
        for (card, rect, hides), delay in zip(targets, deal_delays(len(targets)), strict=True):
            ghost = Ghost(
                card, source.copy(), rect.copy(), DEAL_CARD_SECONDS,
                delay=delay, hides=hides, ease=ease_in_out, tag=DEAL, face_down_share=DEAL_FACE_DOWN,
            )  # fmt: skip
            self.ghosts.append(ghost)

    def effect(self, effect: Effect, layout: TableLayout) -> None:
        """Start the animation of a move that has just been made."""
        if isinstance(effect, Removed):
            spot = discard_spot(layout)
            for index, (place, card) in enumerate(effect.cards):
                start = layout.place_rect(place, effect.before).copy()
                delay = index * DISCARD_STAGGER
                self.ghosts.append(Ghost(card, start, spot, DISCARD_SECONDS, delay=delay, ease=ease_in_quad))
        elif isinstance(effect, Drawn):
            # from the stock's face-up top card, or (a face-down stock) from the deck
            start = layout.stock if STOCK in layout.pile_places else layout.deck
            stagger = DRAW_SECONDS / (2 * max(len(effect.cards), 1))
            for index, (place, card) in enumerate(effect.cards):
                end = layout.place_rect(place).copy()
                ghost = Ghost(card, start.copy(), end, DRAW_SECONDS, delay=index * stagger, hides=place)
                self.ghosts.append(ghost)
        elif isinstance(effect, Stored):  # the card slides into the free cell
            start = layout.place_rect(effect.place, effect.before).copy()
            self.ghosts.append(Ghost(effect.card, start, layout.cell.copy(), DRAW_SECONDS, hides=CELL))
        elif isinstance(effect, Recycled):
            count = min(effect.count, RECYCLE_GHOSTS)
            stagger = RECYCLE_SECONDS / (2 * max(count, 1))
            for index in range(count):
                duration = RECYCLE_SECONDS - index * stagger
                pile = layout.wastes[index % len(layout.wastes)]
                ghost = Ghost(None, pile.copy(), layout.deck.copy(), duration, delay=index * stagger)
                self.ghosts.append(ghost)

    def win(self, start: State, layout: TableLayout) -> None:
        """The win celebration: the pyramid cards of the deal's ``start`` leap from their slots,
        and a reserve row's from its places."""
        cards = [
            (card, face_rect(layout.slots[slot])) for slot, card in sorted(start.pyramid_cards().items())
        ]
        cards += [(card, face_rect(rect)) for card, rect, _ in _reserve_cards(start, layout)]
        self.cascade.start(cards, layout.size, face_size(layout.card))

    # --- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True while cards are moving (the table must be drawn again).
        The cascade moves on too; :attr:`flourishing` tells whether it still shows."""
        moving = bool(self.ghosts)
        dt /= self.speed
        for ghost in self.ghosts:
            ghost.age += dt
        self.ghosts = [g for g in self.ghosts if not g.done]
        self.cascade.update(dt)
        return moving

    # --- drawing -------------------------------------------------------------------------------
    def ghost_rects(self) -> list[pygame.Rect]:
        """Where :meth:`draw` paints the moving cards now, shadows included (what a frame must
        repaint for them)."""
        return [_ghost_room(ghost.frame()[0]) for ghost in self.ghosts if ghost.age >= ghost.delay]

    def draw(self, surface: pygame.Surface, assets: Assets, look: CardLook) -> None:
        """The moving cards, each a hairline inside its place like the cards at rest, raised over
        its shadow (the cascade is drawn separately, above the result panel's backdrop)."""
        for ghost in self.ghosts:
            if ghost.age < ghost.delay:
                continue
            rect, alpha = ghost.frame()
            face = face_rect(rect)
            card = None if ghost.face_down else ghost.card
            image = (
                assets.back(face.size) if card is None else assets.face(card, assets.card_size or face.size)
            )
            if image.get_size() != face.size:
                image = pygame.transform.scale(image, face.size)
            if alpha < 255:
                image = image.copy()
                image.set_alpha(alpha)
            else:
                look.draw_shadow(surface, face, CARD_LIFTED)
            surface.blit(image, face)

    def draw_cascade(self, surface: pygame.Surface, assets: Assets) -> None:
        self.cascade.draw(surface, assets)
