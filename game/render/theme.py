"""The visual system every screen draws with: type scale, spacing steps, colour roles (with
their contrast), elevation (shadows), corner radii and motion. ``game/render/THEME.md`` explains
the choices; ``tests/test_game_theme.py`` checks that every text colour reads on its ground.

The palette itself is in :mod:`game.config` (one place for colours); here it is given roles.
Sizes are proportions of two values a screen already has (:class:`~game.render.metrics.Metrics`
gives them per window): the *body* font size and the *margin*. A screen never shrinks one label
to make it fit beside its neighbours: it asks :func:`game.render.widgets.group_size` for the one
size at which a whole group fits (wrapping onto two lines first), or lays itself out anew.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.config import (
    BAR,
    BUSY_TEXT,
    BUTTON,
    BUTTON_OFF,
    BUTTON_OFF_TEXT,
    BUTTON_ON,
    BUTTON_TEXT,
    CHIP_TEXT,
    COUNT_BG,
    ERROR_TEXT,
    FELT_CENTRE,
    FELT_EDGE,
    FIELD_BG,
    GHOST,
    GHOST_OFF_TEXT,
    HEADING,
    HINT,
    PANEL,
    PANEL_DIM_TEXT,
    PANEL_TEXT,
    REFUSAL_TEXT,
    TEXT,
    TEXT_DIM,
    Color,
)

# --- type ------------------------------------------------------------------------------------------
CAPTION = 0.85
"""Caption (status bar, deal chip, pile counts, notes) over the body size."""
TITLE = 1.4
"""Titles (of panels and screens) over the body size."""
DISPLAY = 2.6
"""Big numbers (the result panel's time and moves) over the body size."""
MIN_CAPTION = 11
"""No caption is drawn smaller than this (pixels): on a phone it stays readable."""


@dataclass(frozen=True)
class TypeScale:
    """The four sizes of one screen, from its body size. Weights: titles, numbers and the labels
    of primary controls bold; body text, captions and secondary controls regular."""

    body: int

    @property
    def caption(self) -> int:
        return max(MIN_CAPTION, round(self.body * CAPTION))

    @property
    def title(self) -> int:
        return round(self.body * TITLE)

    @property
    def display(self) -> int:
        return round(self.body * DISPLAY)


def line_gap(size: int) -> int:
    """The distance from one line of text to the next at ``size``."""
    return round(size * 1.35)


# --- spacing -----------------------------------------------------------------------------------------
SPACE = {"xs": 0.25, "s": 0.5, "m": 1.0, "l": 1.5, "xl": 2.0}
"""Spacing steps over the screen's margin: inside a chip (xs), between buttons of a group (s),
around a group (m), between groups (l), around a panel's big numbers (xl)."""


def space(margin: int, step: str) -> int:
    return max(2, round(margin * SPACE[step]))


# --- colours -----------------------------------------------------------------------------------------
def over(ground: Color, veil: tuple[int, int, int, int]) -> Color:
    """The colour a translucent ``veil`` (RGBA) gives over ``ground``."""
    r, g, b, alpha = veil
    mixed = [round(c + (v - c) * alpha / 255) for c, v in zip(ground, (r, g, b), strict=True)]
    return mixed[0], mixed[1], mixed[2]


GHOST_ON_FELT = over(FELT_CENTRE, GHOST)
"""A secondary control's veil where the felt is lightest."""

TEXT_ON: dict[str, tuple[Color, Color]] = {
    "table text on felt": (TEXT, FELT_CENTRE),
    "table text at the felt's edge": (TEXT, FELT_EDGE),
    "pile label on felt": (TEXT_DIM, FELT_CENTRE),
    "refusal on felt": (REFUSAL_TEXT, FELT_CENTRE),
    "hint line on felt": (HINT, FELT_CENTRE),
    "busy line on felt": (BUSY_TEXT, FELT_CENTRE),
    "status on bar": (TEXT_DIM, BAR),
    "pass on bar": (TEXT, BAR),
    "deal chip on bar": (CHIP_TEXT, BAR),
    "count on its pill": (TEXT, COUNT_BG),
    "secondary control on felt": (TEXT, GHOST_ON_FELT),
    "primary control": (BUTTON_TEXT, BUTTON),
    "call to action": (BUTTON_TEXT, BUTTON_ON),
    "panel text": (PANEL_TEXT, PANEL),
    "panel caption": (PANEL_DIM_TEXT, PANEL),
    "panel heading": (HEADING, PANEL),
    "error on panel": (ERROR_TEXT, PANEL),
    "field text": (PANEL_TEXT, FIELD_BG),
}
"""Every pair of text colour and ground the game draws, by role: each reads at 4.5:1 or more
(WCAG 2 AA for text of any size)."""
DISABLED_ON: dict[str, tuple[Color, Color]] = {
    "unavailable control": (BUTTON_OFF_TEXT, BUTTON_OFF),
    "unavailable secondary control on felt": (GHOST_OFF_TEXT, FELT_CENTRE),
}
"""Controls that cannot act now are greyed on purpose (WCAG leaves them out); they still read
at 3:1 or more, since a press explains why."""
TEXT_CONTRAST = 4.5
DISABLED_CONTRAST = 3.0


def luminance(color: Color) -> float:
    """Relative luminance (WCAG 2): sRGB channels made linear, weighted."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    """WCAG 2 contrast ratio of two colours, 1.0 (none) to 21.0 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# --- elevation --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Elevation:
    """A soft shadow: how far below the object it falls and how far it spreads (over the
    object's width for cards, in margins for controls and panels), and how dark it is at its
    heart (alpha, 0–255)."""

    drop: float
    blur: float
    alpha: int


CARD_REST = Elevation(drop=0.02, blur=0.05, alpha=90)
"""A card lying on the felt or on other cards."""
CARD_LIFTED = Elevation(drop=0.07, blur=0.10, alpha=110)
"""The selected card, raised (and every card in flight)."""
CONTROL = Elevation(drop=0.06, blur=0.14, alpha=60)
"""A solid control on the felt."""
PANEL_RAISED = Elevation(drop=0.5, blur=1.0, alpha=110)
"""A panel over the dimmed table."""

# --- corner radii --------------------------------------------------------------------------------------
CARD_RADIUS = 0.05
"""Over card width: the art's own corners."""
CONTROL_RADIUS = 0.28
"""Over a control's height."""
PANEL_RADIUS = 0.05
"""Over the panel's shorter side (at least 10 px)."""

# --- motion ------------------------------------------------------------------------------------------
# The durations (seconds) are in game.config with the rest of the timing: PANEL_POP_SECONDS,
# DRAW_SECONDS, DISCARD_SECONDS, DEAL_SECONDS, and the celebration's CASCADE_* (its whole length is
# game.cascade.celebration_seconds); THEME.md lists them.
