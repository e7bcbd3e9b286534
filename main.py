"""Pirámide — start the game: ``python main.py [--deal N]``.

One ``async`` loop with ``await asyncio.sleep(0)`` each frame, so pygbag can build the same code
for the browser.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pygame

from rules import DealNumberError, State, parse_deal_number

ASSETS = Path(__file__).resolve().parent / "assets"


def _deal_from_args(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--deal":
        return parse_deal_number(argv[1])
    if argv:
        raise DealNumberError("usage: python main.py [--deal N]")
    return 1


async def main(argv: list[str]) -> int:
    try:
        number = _deal_from_args(argv)
    except DealNumberError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    state = State.from_deal(number)
    pygame.init()
    screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.display.set_caption(f"Pirámide — reparto {number}")
    images = {
        str(c): pygame.image.load(ASSETS / "cards" / f"{c}.png").convert_alpha() for c in state.layout.stock
    }
    images |= {
        str(c): pygame.image.load(ASSETS / "cards" / f"{c}.png").convert_alpha()
        for c in state.layout.pyramid
        if c
    }
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
        screen = pygame.display.get_surface()
        screen.fill((20, 90, 50))
        height = screen.get_height() // 8
        width = height * 5 // 7
        for slot, card in state.pyramid_cards().items():
            row = next(r for r in range(7) if slot < (r + 1) * (r + 2) // 2)
            col = slot - row * (row + 1) // 2
            x = screen.get_width() // 2 + (col - row / 2) * width * 1.1 - width / 2
            y = 10 + row * height * 0.55
            screen.blit(pygame.transform.smoothscale(images[str(card)], (width, height)), (x, y))
        pygame.display.flip()
        await asyncio.sleep(0)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
