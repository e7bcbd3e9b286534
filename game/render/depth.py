"""What gives the table depth: the felt (a vignette and a fine grain) and soft shadows.

Everything here is drawn by our own code with pygame alone (no numpy: the browser build has
none), once per size, and cached by its caller: the felt per window size, a shadow per card or
control size and elevation.
"""

from __future__ import annotations

import random

import pygame

from game.config import FELT_CENTRE, FELT_EDGE, FELT_GRAIN, Color

from .theme import CARD_RADIUS, Elevation

VIGNETTE_CELLS = 48
"""The vignette is computed on a grid this many cells wide (and as many tall as the window's
shape asks), then scaled smoothly to the window: a gradient has no detail to lose."""
VIGNETTE_CENTRE = (0.5, 0.42)
"""Where the felt is lightest, over the window's width and height: under the pyramid."""
GRAIN_TILE = 128
GRAIN_SEED = 1848
"""The felt's grain is the same on every run and every machine (a fixed seed)."""


def smoothstep(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


def mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def vignette(size: tuple[int, int], centre: Color = FELT_CENTRE, edge: Color = FELT_EDGE) -> pygame.Surface:
    """``centre`` under the pyramid darkening smoothly to ``edge`` in the corners."""
    width, height = max(1, size[0]), max(1, size[1])
    cols = VIGNETTE_CELLS
    rows = max(2, round(cols * height / width))
    cx, cy = VIGNETTE_CENTRE
    data = bytearray()
    for row in range(rows):
        y = (row + 0.5) / rows - cy
        for col in range(cols):
            x = (col + 0.5) / cols - cx
            # an ellipse of the window's shape; its rim (about the corners) is the darkest
            t = ((x / 0.62) ** 2 + (y / 0.66) ** 2) ** 0.5
            data += bytes(mix(centre, edge, smoothstep(t)))
    small = pygame.image.frombytes(bytes(data), (cols, rows), "RGB")
    return pygame.transform.smoothscale(small, (width, height))


def grain_tiles() -> tuple[pygame.Surface, pygame.Surface]:
    """Two tiles of fine monochrome noise, 0 to :data:`FELT_GRAIN`: one added to the felt, one
    taken away (so the felt keeps its mean colour)."""
    rng = random.Random(GRAIN_SEED)
    levels = bytes(v * (FELT_GRAIN + 1) // 256 for v in range(256))
    tiles = []
    for _ in range(2):
        grey = rng.randbytes(GRAIN_TILE * GRAIN_TILE).translate(levels)
        rgb = bytes(channel for value in grey for channel in (value, value, value))
        tiles.append(pygame.image.frombytes(rgb, (GRAIN_TILE, GRAIN_TILE), "RGB"))
    return tiles[0], tiles[1]


def make_felt(size: tuple[int, int]) -> pygame.Surface:
    """The felt of a window of ``size``: the vignette with its grain."""
    felt = vignette(size, FELT_CENTRE, FELT_EDGE).convert()  # the theme's, at call time
    lighter, darker = grain_tiles()
    for y in range(0, size[1], GRAIN_TILE):
        for x in range(0, size[0], GRAIN_TILE):
            felt.blit(lighter, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            felt.blit(darker, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    return felt


def shadow_reach(basis: int, elevation: Elevation) -> tuple[int, int]:
    """How far the shadow of an object spreads around it, and how far it drops, for an object
    whose ``basis`` (a card's width, a control's height) is given in pixels."""
    return max(1, round(basis * elevation.blur)), max(1, round(basis * elevation.drop))


def soft_shadow(
    size: tuple[int, int], elevation: Elevation, radius: int | None = None, basis: int | None = None
) -> pygame.Surface:
    """The shadow of a rounded rectangle of ``size`` (corner ``radius``, by default a card's;
    ``basis`` for :func:`shadow_reach`, by default its width): a surface larger on every side by
    the shadow's spread, dark at its heart and fading out. Drawn small and scaled up smoothly,
    which blurs it; a large one (a panel) from the shadow of a small square, its corners kept
    and its edges stretched, which is the same and costs little at 4K."""
    width = size[0]
    blur, _ = shadow_reach(width if basis is None else basis, elevation)
    radius = max(2, round(width * CARD_RADIUS)) if radius is None else radius
    if min(size) <= 6 * blur or radius > 2 * blur:
        return _blurred(size, blur, radius, elevation.alpha)
    return _sliced(size, blur, radius, elevation.alpha)


def _blurred(size: tuple[int, int], blur: int, radius: int, alpha: int) -> pygame.Surface:
    width, height = size
    full = (width + 2 * blur, height + 2 * blur)
    factor = max(1, blur)
    small_size = (max(1, full[0] // factor), max(1, full[1] // factor))
    small = pygame.Surface(small_size, pygame.SRCALPHA)
    inner = pygame.Rect(0, 0, max(1, width // factor), max(1, height // factor))
    inner.center = (small_size[0] // 2, small_size[1] // 2)
    pygame.draw.rect(small, (0, 0, 0, alpha), inner, border_radius=max(1, radius // factor))
    return pygame.transform.smoothscale(small, full).convert_alpha()


def _sliced(size: tuple[int, int], blur: int, radius: int, alpha: int) -> pygame.Surface:
    """The shadow of a large rectangle: the four corners of a small one's (a square ``4 × blur``
    wide, spread ``blur`` around), its edges stretched between them, its heart filled."""
    side = 3 * blur
    small = _blurred((4 * blur, 4 * blur), blur, radius, alpha)
    width, height = size[0] + 2 * blur, size[1] + 2 * blur
    full = pygame.Surface((width, height), pygame.SRCALPHA)
    span_w, span_h = width - 2 * side, height - 2 * side
    for x, sx in ((0, 0), (width - side, side)):
        for y, sy in ((0, 0), (height - side, side)):
            full.blit(small, (x, y), (sx, sy, side, side))
    for y, sy in ((0, 0), (height - side, side)):  # top and bottom edges
        strip = small.subsurface((side - 1, sy, 1, side))
        full.blit(pygame.transform.scale(strip, (span_w, side)), (side, y))
    for x, sx in ((0, 0), (width - side, side)):  # left and right edges
        strip = small.subsurface((sx, side - 1, side, 1))
        full.blit(pygame.transform.scale(strip, (side, span_h)), (x, side))
    full.fill(small.get_at((side, side)), (side, side, span_w, span_h))
    return full
