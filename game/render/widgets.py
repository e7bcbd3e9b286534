"""Buttons, panels and lines of text, drawn the same way in every scene."""

from __future__ import annotations

import enum
import functools

import pygame

from game.config import (
    BUTTON,
    BUTTON_OFF,
    BUTTON_OFF_TEXT,
    BUTTON_ON,
    BUTTON_TEXT,
    CHIP_TEXT,
    DIM_FACTOR,
    FOCUS,
    FOCUS_SHADOW,
    GHOST,
    GHOST_EDGE,
    GHOST_OFF_TEXT,
    PANEL,
    PANEL_EMS,
    PANEL_MAX_WIDTH,
    TEXT,
    Color,
)

from .assets import Assets
from .depth import shadow_reach, soft_shadow
from .icons import icon
from .theme import CONTROL, CONTROL_RADIUS, PANEL_RADIUS, PANEL_RAISED


class Style(enum.Enum):
    NORMAL = "normal"
    """A solid light control: the table's main actions, a panel's other choices."""
    PRIMARY = "primary"
    """Gold: the one thing to do now (another pass when the stock is empty, a panel's default)."""
    OFF = "off"
    """Greyed: the action is unavailable now (it still explains why when pressed)."""
    GHOST = "ghost"
    """A secondary control on the felt: a light veil and an edge, the felt showing through."""
    GHOST_OFF = "ghost off"
    """A secondary control that is unavailable now."""
    CHIP = "chip"
    """Quiet caption text in a faint pill (the deal number in the top bar)."""


BUTTON_LABELS_KEPT = 64
"""Button labels kept rendered: a few screens' worth. Each holds its surfaces (up to 50 kB
apiece), and the deal chip is a new label every deal, so a kiosk that deals thousands of times
would otherwise keep the last 256 of them (about 13 MB) for nothing."""

_FILL: dict[Style, Color] = {Style.NORMAL: BUTTON, Style.PRIMARY: BUTTON_ON, Style.OFF: BUTTON_OFF}
_TEXT: dict[Style, Color] = {
    Style.NORMAL: BUTTON_TEXT,
    Style.PRIMARY: BUTTON_TEXT,
    Style.OFF: BUTTON_OFF_TEXT,
    Style.GHOST: TEXT,
    Style.GHOST_OFF: GHOST_OFF_TEXT,
    Style.CHIP: CHIP_TEXT,
}
RAISED = (Style.NORMAL, Style.PRIMARY)
"""Styles drawn with a soft shadow under them."""
ICON_EMS = 1.3
"""An icon beside its label is this many font sizes tall."""
STACKED_ICON_EMS = 2.2
"""The most an icon above its label is, over the font size (a phone's tall controls)."""


def control_radius(rect: pygame.Rect) -> int:
    return max(6, round(rect.height * CONTROL_RADIUS))


def shadow_room(rect: pygame.Rect) -> pygame.Rect:
    """Everything :func:`draw_button` may paint for a control at ``rect``: its shadow and its
    focus ring included."""
    blur, drop = shadow_reach(rect.height, CONTROL)
    return rect.union(rect.inflate(2 * blur, 2 * blur).move(0, drop)).inflate(16, 16)


@functools.lru_cache(maxsize=32)
def _control_shadow(size: tuple[int, int]) -> pygame.Surface:
    return soft_shadow(size, CONTROL, radius=control_radius(pygame.Rect((0, 0), size)), basis=size[1])


@functools.lru_cache(maxsize=32)
def _veil(size: tuple[int, int], style: Style) -> pygame.Surface:
    """The translucent fill and edge of a ghost control; only the edge, fainter, when it is
    unavailable; the deal chip's faint pill."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    rect = veil.get_rect()
    radius = rect.height // 2 if style is Style.CHIP else control_radius(rect)
    if style is Style.GHOST:
        pygame.draw.rect(veil, GHOST, rect, border_radius=radius)
    edge = {Style.GHOST: GHOST_EDGE, Style.GHOST_OFF: (*GHOST_EDGE[:3], 40), Style.CHIP: (*CHIP_TEXT, 60)}
    pygame.draw.rect(veil, edge[style], rect, width=1, border_radius=radius)
    return veil


def draw_button(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    label: str,
    font: int,
    *,
    style: Style = Style.NORMAL,
    focused: bool = False,
    icon: str | None = None,
    bold: bool | None = None,
    stacked: bool | None = None,
) -> None:
    """A rounded control with its label (and ``icon``, :mod:`game.render.icons`) centred, plus a
    focus ring if focused. The label is drawn at ``font``, on two lines if one is too long
    (:func:`button_lines`): a screen gives every control of a group the same size
    (:func:`group_size`). The icon goes beside the label, or above it (``stacked``; by default
    when they do not fit side by side). Bold by default unless ghost or chip."""
    if style is Style.CHIP:  # a pill around the text, however tall its tap target
        pill = rect.inflate(0, -max(0, rect.height - assets.font(font).get_linesize() - font))
        surface.blit(_veil(pill.size, style), pill)
    elif style in (Style.GHOST, Style.GHOST_OFF):
        surface.blit(_veil(rect.size, style), rect)
    else:
        if style in RAISED:
            blur, drop = shadow_reach(rect.height, CONTROL)
            surface.blit(_control_shadow(rect.size), (rect.x - blur, rect.y - blur + drop))
        pygame.draw.rect(surface, _FILL[style], rect, border_radius=control_radius(rect))
    color = _TEXT[style]
    heavy = style in RAISED if bold is None else bold
    pad = max(4, min(12, rect.width // 10))
    room = rect.inflate(-2 * pad, -4)
    if icon is None:
        _draw_label(surface, assets, label, font=font, color=color, room=room, bold=heavy)
    else:
        if stacked is None:
            stacked = not icon_beside(rect, assets, label, font, heavy)
        _draw_with_icon(
            surface, assets, rect, label, font=font, color=color, bold=heavy, name=icon, stacked=stacked
        )
    if focused:
        focus_ring(surface, rect, radius=control_radius(rect))


def _draw_label(
    surface: pygame.Surface, assets: Assets, label: str, *, font: int, color: Color, room: pygame.Rect,
    bold: bool,
) -> None:  # fmt: skip
    lines = button_lines(assets, label, font, color, room.size, bold=bold)
    y = room.centery - sum(line.get_height() for line in lines) // 2
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(room.centerx, y)))
        y += line.get_height()


def icon_beside(rect: pygame.Rect, assets: Assets, label: str, font: int, bold: bool) -> bool:
    """True when a control at ``rect`` has room for its icon beside its label on one line."""
    size = round(font * ICON_EMS)
    width = size + font // 2 + assets.font(font, bold).size(label)[0]
    return width <= rect.width - 2 * max(4, min(12, rect.width // 10))


def _draw_with_icon(
    surface: pygame.Surface, assets: Assets, rect: pygame.Rect, label: str, *, font: int, color: Color,
    bold: bool, name: str, stacked: bool,
) -> None:  # fmt: skip
    room = rect.inflate(-2 * max(4, min(12, rect.width // 10)), -4)
    if not stacked:
        size = round(font * ICON_EMS)
        text = assets.text(label, font, color, bold)
        width = size + font // 2 + text.get_width()
        left = rect.centerx - width // 2
        surface.blit(icon(name, size, color), (left, rect.centery - size // 2))
        surface.blit(text, text.get_rect(midleft=(left + size + font // 2, rect.centery)))
        return
    line_h = assets.font(font, bold).get_linesize()
    size = max(8, min(round(font * STACKED_ICON_EMS), round(rect.height * 0.42), room.height - line_h - 2))
    top = rect.centery - (size + line_h) // 2
    surface.blit(icon(name, size, color), (rect.centerx - size // 2, top))
    text = assets.fit_text(label, font, color, room.width, bold)
    surface.blit(text, text.get_rect(midtop=(rect.centerx, top + size)))


def label_lines(assets: Assets, label: str, size: int, width: int, bold: bool) -> list[str] | None:
    """``label`` on one line, or else split at a space onto two, at ``size``, within ``width``;
    None if neither fits."""
    face = assets.font(size, bold)
    if face.size(label)[0] <= width:
        return [label]
    words = label.split()
    if len(words) < 2:
        return None
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = min(splits, key=lambda pair: max(face.size(pair[0])[0], face.size(pair[1])[0]))
    return [first, second] if max(face.size(first)[0], face.size(second)[0]) <= width else None


def group_size(
    assets: Assets, labels: list[str], size: int, room: tuple[int, int], *, bold: bool, smallest: int = 10
) -> int:
    """The one font size for a group of controls (a row of buttons, a panel's buttons): the
    largest, from ``size`` down, at which every label fits a ``room`` (width, height) on one line
    or two. Neighbours then never differ in size."""
    return fitting_size(assets, [(label, room) for label in labels], size, bold=bold, smallest=smallest)


def fitting_size(
    assets: Assets, labels: list[tuple[str, tuple[int, int]]], size: int, *, bold: bool, smallest: int = 10
) -> int:
    """:func:`group_size` for labels that each have a room of their own (a screen's options,
    whose rows are not all as wide)."""
    for candidate in range(size, smallest - 1, -1):
        two_lines = 2 * assets.font(candidate, bold).get_linesize()
        fits = all(
            (found := label_lines(assets, label, candidate, width, bold)) is not None
            and (len(found) == 1 or two_lines <= height)
            for label, (width, height) in labels
        )
        if fits:
            return candidate
    return smallest


@functools.lru_cache(maxsize=BUTTON_LABELS_KEPT)
def button_lines(
    assets: Assets, label: str, font: int, color: Color, room: tuple[int, int], *, bold: bool
) -> list[pygame.Surface]:
    """A label at ``font``: on one line, or else on two when the room is tall enough (so that
    narrow buttons, «Nuevo reparto» at 320 px, still show every word at their group's size).
    Only a label that fits neither way is drawn smaller (the message line on the smallest
    windows): a screen keeps a group's labels from that by sizing the group with
    :func:`group_size`. Cached: buttons are drawn every frame."""
    width, height = room
    for size in range(font, 9, -1):  # at its size if it fits, one line or two; else as large as fits
        found = label_lines(assets, label, size, width, bold)
        if found is not None and (len(found) == 1 or 2 * assets.font(size, bold).get_linesize() <= height):
            return [assets.text(line, size, color, bold) for line in found]
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
"""A panel's shadow is darkest within this many pixels below it (placement keeps clear of it)."""


def panel_radius(rect: pygame.Rect) -> int:
    return max(10, round(min(rect.width, rect.height) * PANEL_RADIUS))


def panel_shadow_reach(rect: pygame.Rect) -> tuple[int, int]:
    """How far a panel's soft shadow spreads, and how far it drops."""
    return shadow_reach(max(PANEL_SHADOW * 2, min(rect.width, rect.height) // 30), PANEL_RAISED)


def panel_room(rect: pygame.Rect) -> pygame.Rect:
    """Everything :func:`draw_panel` paints for a panel at ``rect`` (its shadow included), with
    room for its buttons' focus rings."""
    blur, drop = panel_shadow_reach(rect)
    return rect.union(rect.inflate(2 * blur, 2 * blur).move(0, drop)).inflate(4, 4)


@functools.lru_cache(maxsize=8)
def _panel_shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    basis = max(PANEL_SHADOW * 2, min(size) // 30)
    return soft_shadow(size, PANEL_RAISED, radius=radius, basis=basis)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A panel's warm white box over its soft shadow."""
    radius = panel_radius(rect)
    blur, drop = panel_shadow_reach(rect)
    surface.blit(_panel_shadow(rect.size, radius), (rect.x - blur, rect.y - blur + drop))
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
