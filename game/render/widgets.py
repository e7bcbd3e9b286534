"""Buttons, panels and lines of text, drawn the same way in every scene."""

from __future__ import annotations

import enum
import functools

import pygame

from game.config import (
    BUTTON,
    BUTTON_EDGE,
    BUTTON_OFF,
    BUTTON_OFF_TEXT,
    BUTTON_ON,
    BUTTON_TEXT,
    CHIP_EDGE,
    DIM_FACTOR,
    FOCUS,
    FOCUS_SHADOW,
    PANEL,
    PANEL_EMS,
    PANEL_MAX_WIDTH,
    Color,
)

from .assets import Assets


class Style(enum.Enum):
    NORMAL = "normal"
    PRIMARY = "primary"
    OFF = "off"
    """Greyed: the action is unavailable now (it still explains why when pressed)."""
    CHIP = "chip"
    """Text on the felt with a faint outline (the deal number in the top bar)."""


BUTTON_LABELS_KEPT = 64
"""Button labels kept rendered: a few screens' worth. Each holds its surfaces (up to 50 kB
apiece), and the deal chip is a new label every deal, so a kiosk that deals thousands of times
would otherwise keep the last 256 of them (about 13 MB) for nothing."""

_FILL: dict[Style, Color] = {
    Style.NORMAL: BUTTON,
    Style.PRIMARY: BUTTON_ON,
    Style.OFF: BUTTON_OFF,
}


def draw_button(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    label: str,
    font: int,
    *,
    style: Style = Style.NORMAL,
    focused: bool = False,
) -> None:
    """A rounded button with its label centred (shrunk to fit), plus a focus ring if focused."""
    radius = max(6, rect.height // 4)
    if style is Style.CHIP:
        color = CHIP_EDGE
        pygame.draw.rect(surface, CHIP_EDGE, rect, width=1, border_radius=radius)
    else:
        pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, _FILL[style], rect, border_radius=radius)
        pygame.draw.rect(surface, BUTTON_EDGE, rect, width=1, border_radius=radius)
        color = BUTTON_OFF_TEXT if style is Style.OFF else BUTTON_TEXT
    room = rect.inflate(-min(12, rect.width // 10), -4)
    lines = button_lines(assets, label, font, color, room.size, bold=style is not Style.CHIP)
    y = rect.centery - sum(line.get_height() for line in lines) // 2
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(rect.centerx, y)))
        y += line.get_height()
    if focused:
        focus_ring(surface, rect)


@functools.lru_cache(maxsize=BUTTON_LABELS_KEPT)
def button_lines(
    assets: Assets, label: str, font: int, color: Color, room: tuple[int, int], *, bold: bool
) -> list[pygame.Surface]:
    """A button's label as one line, a little smaller if need be, or else as two lines, so
    that narrow buttons («Nuevo reparto» at 320 px) still show every word. Cached: buttons
    are drawn every frame."""
    width, height = room
    smallest_one_line = max(10, round(font * 0.85))
    for size in range(font, smallest_one_line - 1, -1):
        if assets.font(size, bold).size(label)[0] <= width:
            return [assets.text(label, size, color, bold)]
    words = label.split()
    for size in range(font, 9, -1):
        face = assets.font(size, bold)
        if len(words) < 2 or 2 * face.get_linesize() > height:
            continue
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        first, second = min(splits, key=lambda pair: max(face.size(pair[0])[0], face.size(pair[1])[0]))
        if max(face.size(first)[0], face.size(second)[0]) <= width:
            return [assets.text(first, size, color, bold), assets.text(second, size, color, bold)]
    return [assets.fit_text(label, font, color, width, bold)]


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int | None = None) -> None:
    """The keyboard focus: a white ring with a dark edge, visible on felt and on panels."""
    radius = max(6, rect.height // 4) if radius is None else radius
    pygame.draw.rect(surface, FOCUS_SHADOW, rect.inflate(12, 12), width=5, border_radius=radius + 4)
    pygame.draw.rect(surface, FOCUS, rect.inflate(8, 8), width=3, border_radius=radius + 3)


def dim(surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
    """Darken everything drawn so far (under a modal scene), or only ``rect`` of it, by
    :data:`DIM_FACTOR`."""
    surface.fill(DIM_FACTOR, rect, special_flags=pygame.BLEND_RGB_MULT)


def panel_width(size: tuple[int, int], font: int, margin: int, extra: int = 0) -> int:
    """Panel width: :data:`PANEL_MAX_WIDTH` (plus ``extra``), wider with a bigger font, within the window."""
    return min(max(PANEL_MAX_WIDTH, font * PANEL_EMS) + extra, size[0] - 2 * margin)


PANEL_SHADOW = 4
"""A panel's shadow falls this many pixels below it."""


def draw_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    radius = max(10, min(rect.width, rect.height) // 20)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(0, PANEL_SHADOW), border_radius=radius)
    pygame.draw.rect(surface, PANEL, rect, border_radius=radius)


def blit_lines(
    surface: pygame.Surface,
    assets: Assets,
    lines: list[str],
    pos: tuple[int, int],
    size: int,
    *,
    color: Color,
    centered_in: int | None = None,
    bold: bool = False,
) -> int:
    """Draw lines one under the other from ``pos``; centred across ``centered_in`` pixels if
    given. Returns the y below the last line."""
    x, y = pos
    for line in lines:
        text = assets.text(line, size, color, bold)
        left = x + (centered_in - text.get_width()) // 2 if centered_in is not None else x
        surface.blit(text, (left, y))
        y += round(size * 1.35)
    return y


def line_height(size: int) -> int:
    return round(size * 1.35)
