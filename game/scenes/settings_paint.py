"""Drawing the rows of «Ajustes» and its scroll bar (the screen lays them out and draws the rest)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.config import PANEL_TEXT, SCROLL_BAR
from game.render.widgets import Style, button_lines, draw_button

if TYPE_CHECKING:
    from .settings_screen import SettingsScreen


def draw_row(screen: SettingsScreen, surface: pygame.Surface, row: int) -> None:
    """Row ``row``: its label, then its options (the chosen one gold, the focus ringed)."""
    ctx, assets = screen.ctx, screen.ctx.assets
    label_font, font, _ = screen.sizes()
    spec = screen.rows[row]
    rect = screen.labels[row]
    lines = button_lines(assets, ctx.t(spec.key), label_font, PANEL_TEXT, rect.size, bold=True)
    y = rect.centery - sum(line.get_height() for line in lines) // 2
    for line in lines:
        surface.blit(line, (rect.left, y))
        y += line.get_height()
    current = spec.get(ctx.settings)
    if screen.locked(row):
        whole = screen.options[row][0].unionall(screen.options[row][1:])
        focused = screen.focus_visible and screen.focus == row
        text = screen.locked_text(row)
        draw_button(surface, assets, whole, text, font, style=Style.OFF, focused=focused)
        return
    for index, rect in enumerate(screen.options[row]):
        value = spec.values[index]
        style = Style.PRIMARY if value == current else Style.NORMAL
        focused = screen.focus_visible and screen.focus == row and value == current
        draw_button(
            surface, assets, rect, screen.option_name(spec, value), font, style=style, focused=focused
        )


def draw_scroll_bar(screen: SettingsScreen, surface: pygame.Surface) -> None:
    """A thin bar at the panel's right edge: where the rows in sight are among all of them."""
    track = pygame.Rect(
        screen.panel.right - max(4, screen.margin // 2), screen.view.top, 4, screen.view.height
    )
    thumb_h = max(screen.margin * 2, track.height * screen.view.height // screen.content_h)
    travel = track.height - thumb_h
    thumb_y = track.top + (travel * screen.scroll // screen.max_scroll if screen.max_scroll else 0)
    pygame.draw.rect(surface, SCROLL_BAR, (track.left, thumb_y, track.width, thumb_h), border_radius=2)
