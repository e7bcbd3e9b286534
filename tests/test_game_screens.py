"""Screenshots of every screen, saved and checked for real content (not a blank window)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.app import App
from game.config import FELT_BOTTOM, FELT_TOP, PANEL
from game.driver import play_by_taps, press_key, step, tap_button, tap_place
from game.scenes.panel import Panel
from rules import Move, partners

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]
SIZES = [(1280, 720), (480, 800)]


def shot(app: App, path: Path) -> np.ndarray:
    """Draw the current frame, save it as PNG, and give its pixels (width × height × RGB)."""
    step(app, 25)
    app.draw()
    surface = pygame.display.get_surface()
    pygame.image.save(surface, path)
    assert path.stat().st_size > 10_000
    return pygame.surfarray.array3d(surface)


def distinct_colours(pixels: np.ndarray) -> int:
    flat = pixels.reshape(-1, 3).astype(np.int64)
    return len(np.unique(flat[:, 0] << 16 | flat[:, 1] << 8 | flat[:, 2]))


def is_card_face(pixels: np.ndarray, rect: pygame.Rect) -> bool:
    """The rectangle's top strip is mostly light card face (white, shaded or tinted), not felt."""
    strip = pixels[rect.left + 2 : rect.right - 2, rect.top + 2 : rect.top + 12].astype(np.int64)
    light = (strip.mean(axis=2) > 170).mean()
    return bool(light > 0.5)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_table_mid_deal_with_selection(
    make_app: AppFactory, winning_line: LineFinder, tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=size, lang=lang)
    for move in moves[:18]:
        play_by_taps(app, move)
    play = app.table.play
    slot = next(p for p in range(28) if play.selectable(p) and partners(play.state, p))
    tap_place(app, slot)
    assert play.selected == slot and play.partners()
    pixels = shot(app, tmp_path / f"table-{lang}-{size[0]}x{size[1]}.png")
    assert distinct_colours(pixels) > 1000
    layout = app.table.layout
    for slot in app.table.play.state.pyramid_cards():
        assert is_card_face(pixels, layout.slots[slot]), slot
    corner = pixels[layout.size[0] // 2, layout.top_bar.bottom + 2]
    assert min(FELT_BOTTOM) - 5 <= min(corner) and max(corner) <= max(FELT_TOP) + 5  # felt there


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_has_content(
    make_app: AppFactory, winning_line: LineFinder, tmp_path: Path, size: tuple[int, int]
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, size=size)
    tag = f"{size[0]}x{size[1]}"
    for move in moves:
        play_by_taps(app, move)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    pixels = shot(app, tmp_path / f"win-{tag}.png")
    inside = panel.geometry().panel.inflate(-40, -40)
    assert tuple(pixels[inside.left, inside.bottom]) == PANEL
    assert distinct_colours(pixels) > 300
    press_key(app, pygame.K_ESCAPE)
    for name, expected in (("rules", 200), ("settings", 200), ("new", 200)):
        tap_button(app, name)
        pixels = shot(app, tmp_path / f"{name}-{tag}.png")
        assert distinct_colours(pixels) > expected, name
        press_key(app, pygame.K_ESCAPE)
        assert app.manager.top is app.table
