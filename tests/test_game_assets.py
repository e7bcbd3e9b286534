"""The asset loader's caches stay bounded however long the game runs (a kiosk runs for days)."""

from __future__ import annotations

import pygame

from game.render.assets import TEXT_CACHE_BYTES, Assets


def test_rendered_text_is_kept_within_its_memory_budget(display: None) -> None:
    pygame.display.set_mode((320, 240))
    assets = Assets()
    kept = assets.text("Toca para jugar", 40, (255, 255, 255), True)
    total = 0
    for number in range(3000):  # a new deal chip every few minutes, for days
        assets.text("Toca para jugar", 40, (255, 255, 255), True)  # drawn every frame: stays
        line = assets.text(f"Reparto {number} · Con solución comprobada", 40, (255, 255, 255))
        total += line.get_pitch() * line.get_height()
    assert total > 3 * TEXT_CACHE_BYTES  # far more was drawn than the budget ...
    assert assets._text_bytes <= TEXT_CACHE_BYTES
    kept_bytes = sum(s.get_pitch() * s.get_height() for s in assets._texts.values())
    assert kept_bytes == assets._text_bytes
    assert assets.text("Toca para jugar", 40, (255, 255, 255), True) is kept  # the busiest line survives
