"""Draw the web page's icon, ``web/favicon.png``: a pyramid of six cards on the green table.

    python tools/make_icon.py [OUT]

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
TABLE = (15, 81, 50)
CARD = (250, 247, 238)
EDGE = (40, 40, 40)
GOLD = (232, 196, 90)


def draw_icon(size: int = SIZE) -> pygame.Surface:
    big = size * SCALE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
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


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else ROOT / "web" / "favicon.png"
    pygame.image.save(draw_icon(), str(out))
    print(out)


if __name__ == "__main__":
    main(sys.argv[1:])
