"""Draw the web page's icons: a pyramid of six cards on the green table.

    python tools/make_icon.py [DIR]

Writes into ``DIR`` (default ``web/``): ``favicon.png`` (64×64, the page's icon), and for the
installed app (``web/manifest.webmanifest``) ``icon-192.png``, ``icon-512.png`` and
``icon-maskable-512.png``: the last fills its whole square with the table and keeps the pyramid
inside the central circle a launcher's mask always shows (40 % of the size in radius).
Drawn with pygame at 4× and scaled down smoothly, so the edges are soft at 64×64.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

ROOT = Path(__file__).resolve().parent.parent
SIZE = 64
SCALE = 4
ICONS = {"favicon.png": (64, False), "icon-192.png": (192, False), "icon-512.png": (512, False),
         "icon-maskable-512.png": (512, True)}  # fmt: skip
"""Each icon's file name: its size in pixels, and whether it is maskable."""
MASKABLE_SHARE = 0.56
"""A maskable icon's pyramid, on a square this share of the icon wide: its corners stay within
the central circle of radius 40 % that every launcher's mask keeps (0.56 × √2 / 2 < 0.4)."""
TABLE = (15, 81, 50)
CARD = (250, 247, 238)
EDGE = (40, 40, 40)
GOLD = (232, 196, 90)


def draw_icon(size: int = SIZE, table: bool = True) -> pygame.Surface:
    """The icon ``size`` pixels square: the cards on a rounded green square (``table``), or on
    nothing (to be laid on a table drawn otherwise)."""
    big = size * SCALE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    if table:
        pygame.draw.rect(surface, TABLE, surface.get_rect(), border_radius=big // 6)
    card_w, card_h = big * 5 // 24, big * 7 // 24
    gap, row_step = big // 48, big * 11 // 48
    top = big // 9
    for row in range(3):
        left = big // 2 - (row + 1) * card_w // 2 - row * gap // 2
        for col in range(row + 1):
            rect = pygame.Rect(left + col * (card_w + gap), top + row * row_step, card_w, card_h)
            pygame.draw.rect(surface, CARD, rect, border_radius=big // 40)
            pygame.draw.rect(surface, EDGE, rect, width=max(1, big // 96), border_radius=big // 40)
    apex = pygame.Rect(big // 2 - card_w // 2, top, card_w, card_h)
    pygame.draw.circle(surface, GOLD, apex.center, card_w // 4)
    return pygame.transform.smoothscale(surface, (size, size))


def draw_maskable(size: int) -> pygame.Surface:
    """The table to every edge, the pyramid's icon in the middle (see :data:`MASKABLE_SHARE`)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    surface.fill(TABLE)
    inner = draw_icon(round(size * MASKABLE_SHARE), table=False)
    surface.blit(inner, inner.get_rect(center=surface.get_rect().center))
    return surface


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else ROOT / "web"
    out.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        path = out / name
        pygame.image.save(draw_maskable(size) if maskable else draw_icon(size), str(path))
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
