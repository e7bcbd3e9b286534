"""How one card, a pile or an empty place looks on the table: the face drawn a hairline inside
its place (neighbours part by a thin line of shadow), a soft shadow under it (a raised one when
selected or in flight), the shading of a covered card, the face-down deck drawn as a stack with
its edges showing, and a pile's count on a pill beside it. Used by the table view (as items of
its cached layer) and by the animations; every surface here is made once per size.
"""

from __future__ import annotations

import pygame

from game.config import CARD_GAP, COVERED_SHADE, LIFT, SELECTED_TINT

from .assets import Assets
from .depth import shadow_reach, soft_shadow
from .theme import CARD_LIFTED, CARD_RADIUS, CARD_REST, Elevation

STACK_EDGES = 3
"""The most card edges a face-down deck shows under its top card (one per :data:`CARDS_PER_EDGE`)."""
CARDS_PER_EDGE = 8
EDGE_STEP = 0.025
"""How far each edge of the deck shows, over card width (at least 2 px)."""


def inset(size: tuple[int, int]) -> int:
    """How much narrower (and shorter) than its place a card is drawn."""
    return max(2, round(size[0] * CARD_GAP)) & ~1


def face_size(card: tuple[int, int]) -> tuple[int, int]:
    """The size a card of a place ``card`` is drawn at."""
    gap = inset(card)
    return card[0] - gap, card[1] - gap


def face_rect(place: pygame.Rect) -> pygame.Rect:
    """Where the card of a place is drawn: centred in it, a hairline inside."""
    gap = inset(place.size)
    return place.inflate(-gap, -gap)


def lifted_by(card: tuple[int, int]) -> int:
    """How far the selected card rises, in pixels."""
    return round(card[1] * LIFT)


class CardLook:
    """Cached shadows and shades per card size, and the drawing of cards with them."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._surfaces: dict[tuple[object, ...], pygame.Surface] = {}

    def _cached(self, key: tuple[object, ...], make: pygame.Surface | None = None) -> pygame.Surface | None:
        if make is not None:
            if len(self._surfaces) > 24:
                self._surfaces.clear()
            self._surfaces[key] = make
        return self._surfaces.get(key)

    def shadow(self, size: tuple[int, int], elevation: Elevation) -> pygame.Surface:
        key = ("shadow", size, elevation)
        found = self._cached(key)
        return found if found is not None else self._add(key, soft_shadow(size, elevation))

    def tint(self, size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
        """A card-shaped translucent overlay."""
        key = ("tint", size, rgba)
        found = self._cached(key)
        if found is not None:
            return found
        shade = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(shade, rgba, shade.get_rect(), border_radius=max(2, round(size[0] * CARD_RADIUS)))
        return self._add(key, shade.convert_alpha())

    def _add(self, key: tuple[object, ...], surface: pygame.Surface) -> pygame.Surface:
        self._cached(key, surface)
        return surface

    # --- where things fall -----------------------------------------------------------------------
    @staticmethod
    def shadow_rect(face: pygame.Rect, elevation: Elevation) -> pygame.Rect:
        blur, drop = shadow_reach(face.width, elevation)
        return face.inflate(2 * blur, 2 * blur).move(0, drop)

    # --- drawing --------------------------------------------------------------------------------
    def draw_shadow(
        self, surface: pygame.Surface, face: pygame.Rect, elevation: Elevation = CARD_REST
    ) -> None:
        surface.blit(self.shadow(face.size, elevation), self.shadow_rect(face, elevation))

    def draw_face(
        self, surface: pygame.Surface, image: pygame.Surface, face: pygame.Rect, *, covered: bool = False
    ) -> None:
        surface.blit(image, face)
        if covered:
            surface.blit(self.tint(face.size, COVERED_SHADE), face)

    def draw_lifted(
        self, surface: pygame.Surface, image: pygame.Surface, face: pygame.Rect, lift: int
    ) -> None:
        """The selected card: raised by ``lift`` over a larger, softer shadow, tinted."""
        raised = face.move(0, -lift)
        self.draw_shadow(surface, raised, CARD_LIFTED)
        surface.blit(image, raised)
        surface.blit(self.tint(face.size, SELECTED_TINT), raised)

    def lifted_room(self, face: pygame.Rect, lift: int) -> pygame.Rect:
        raised = face.move(0, -lift)
        return raised.union(self.shadow_rect(raised, CARD_LIFTED))

    def deck_spots(self, place: pygame.Rect, count: int) -> list[pygame.Rect]:
        """Where the backs of a face-down deck of ``count`` cards are drawn, bottom first: the top
        card in its place, the edges of the ones under it showing below and to the left."""
        face = face_rect(place)
        edges = min(STACK_EDGES, (count - 1) // CARDS_PER_EDGE + (1 if count > 1 else 0))
        step = max(2, round(face.width * EDGE_STEP))
        return [face.move(-step * k, step * k) for k in range(edges, -1, -1)]

    def draw_deck(self, surface: pygame.Surface, back: pygame.Surface, spots: list[pygame.Rect]) -> None:
        self.draw_shadow(surface, spots[0].union(spots[-1]))
        for spot in spots:
            surface.blit(back, spot)
