"""Card images at a given size, the card back, and the marks drawn on cards.

Built once per layout change (the loader caches them), never per frame.
"""

from __future__ import annotations

import math

import pygame

from game.config import (
    BACK_EDGE,
    BACK_GOLD,
    BACK_LINE,
    BACK_MAIN,
    BACK_OUTLINE,
    CORNER_RADIUS,
    INDEX_MIN_RANK_PX,
    Color,
)

ART_SIZE = (250, 350)
ART_RANK_HEIGHT = 33
"""Height of the corner rank glyph (an "A") in the standard deck's 250×350 source pixels."""
ART_LARGE_RANK_HEIGHT = 70
"""The same in the large-index decks, whose index (rank and suit) fills the top 147 px:
the strip a covered card shows at :data:`game.config.ROW_STEP`."""


def needs_large_index(card_height: int) -> bool:
    """True when the standard corner rank would be shorter than :data:`INDEX_MIN_RANK_PX` at
    this card height: such cards are drawn from the large-index deck instead."""
    return ART_RANK_HEIGHT * card_height / ART_SIZE[1] < INDEX_MIN_RANK_PX


def deck_folder(four_colour: bool, large_index: bool) -> str:
    """The folder of ``assets/cards`` holding that deck (``""``: the standard deck itself)."""
    parts = [name for name, wanted in (("four-colour", four_colour), ("large-index", large_index)) if wanted]
    return "-".join(parts)


def scale_face(raw: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """The face ``raw`` scaled to ``size`` as a whole: the art is never patched."""
    return pygame.transform.smoothscale(raw, size).convert_alpha()


BACK_SCALE = 2
"""The back is drawn at twice its size and scaled down smoothly: soft edges on its fine lines."""


def make_back(size: tuple[int, int]) -> pygame.Surface:
    """Our own card back: a deep blue field with a fine diamond lattice, a gold rule inside a
    cream border, and a medallion with a stepped pyramid in its middle; crisp at any size."""
    big = (size[0] * BACK_SCALE, size[1] * BACK_SCALE)
    width = big[0]
    back = pygame.Surface(big, pygame.SRCALPHA)
    radius = max(3, round(width * CORNER_RADIUS))
    pygame.draw.rect(back, BACK_EDGE, back.get_rect(), border_radius=radius)
    border = max(3, round(width * 0.07))
    field = back.get_rect().inflate(-2 * border, -2 * border)
    inner_radius = max(2, radius // 2)
    pygame.draw.rect(back, BACK_MAIN, field, border_radius=inner_radius)
    _lattice(back, field, BACK_LINE, max(6, width // 9), max(1, width // 90))
    rule = field.inflate(-2 * max(2, width // 28), -2 * max(2, width // 28))
    pygame.draw.rect(back, BACK_GOLD, rule, width=max(1, width // 70), border_radius=inner_radius)
    _medallion(back, field, width)
    pygame.draw.rect(back, BACK_OUTLINE, back.get_rect(), width=max(1, BACK_SCALE), border_radius=radius)
    return pygame.transform.smoothscale(back, size).convert_alpha()


def _lattice(surface: pygame.Surface, area: pygame.Rect, color: Color, step: int, width: int = 1) -> None:
    clip = surface.get_clip()
    surface.set_clip(area)
    span = area.width + area.height
    for offset in range(-span, span, step):
        start = (area.left + offset, area.top)
        pygame.draw.line(surface, color, start, (start[0] + area.height, area.bottom), width)
        pygame.draw.line(
            surface,
            color,
            (area.right - offset, area.top),
            (area.right - offset - area.height, area.bottom),
            width,
        )
    surface.set_clip(clip)


def _medallion(surface: pygame.Surface, field: pygame.Rect, width: int) -> None:
    """A navy disc ringed in gold, with a pyramid of three gold steps standing in it."""
    centre = field.center
    radius = round(field.width * 0.3)
    pygame.draw.circle(surface, BACK_MAIN, centre, radius)
    pygame.draw.circle(surface, BACK_GOLD, centre, radius, max(1, width // 45))
    step_h = round(radius * 0.26)
    base_w = round(radius * 1.25)
    bottom = centre[1] + round(step_h * 1.5)
    for tier in range(3):
        tier_w = base_w - tier * round(base_w / 3.2)
        top = bottom - (tier + 1) * step_h
        pygame.draw.rect(
            surface, BACK_GOLD, (centre[0] - tier_w // 2, top + 1, tier_w, step_h - max(1, width // 120))
        )


def dashed_rect(
    surface: pygame.Surface, rect: pygame.Rect, palette: tuple[Color, ...], width: int, dash: int
) -> None:
    """A dashed border just outside ``rect``: with one colour, dashes and gaps; with more,
    dashes taking turns in each colour (a border that reads on light and dark ground alike)."""
    outer = rect.inflate(width, width)
    edges = (
        (outer.topleft, outer.topright),
        (outer.topright, outer.bottomright),
        (outer.bottomright, outer.bottomleft),
        (outer.bottomleft, outer.topleft),
    )
    for start, end in edges:
        _dashed_line(surface, palette, start, end, width=width, dash=dash)


def _dashed_line(
    surface: pygame.Surface,
    palette: tuple[Color, ...],
    start: tuple[int, int],
    end: tuple[int, int],
    *,
    width: int,
    dash: int,
) -> None:
    length = math.dist(start, end)
    if length == 0:
        return
    dx, dy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    half = width // 2
    pos, index = 0.0, 0
    while pos < length:
        stop = min(pos + dash, length)
        if len(palette) > 1 or index % 2 == 0:
            a = (start[0] + dx * (pos - half), start[1] + dy * (pos - half))
            b = (start[0] + dx * (stop + half), start[1] + dy * (stop + half))
            pygame.draw.line(surface, palette[index % len(palette)], a, b, width)
        pos += dash
        index += 1


def ring(surface: pygame.Surface, rect: pygame.Rect, color: Color, width: int, gap: int = 0) -> None:
    """A solid rounded ring around ``rect``, ``gap`` pixels out."""
    outer = rect.inflate(2 * (gap + width), 2 * (gap + width))
    pygame.draw.rect(surface, color, outer, width=width, border_radius=max(4, rect.width // 10))
