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

import functools
import sys
from dataclasses import dataclass
from typing import Any

from game import config as _config
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


# --- palettes (the theme setting) ------------------------------------------------------------------
Palette = dict[str, Color]
"""Colours of :mod:`game.config` by name: a theme gives each of them its own value."""

DEFAULT_PALETTE: Palette = {
    name: value
    for name, value in vars(_config).items()
    if name.isupper() and isinstance(value, tuple) and len(value) == 3
    if all(isinstance(channel, int) for channel in value)
}
"""The green table as :mod:`game.config` has it (every RGB colour there)."""

PALETTES: dict[str, Palette] = {
    "default": DEFAULT_PALETTE,
    "dark": {
        **DEFAULT_PALETTE,
        "FELT_CENTRE": (30, 36, 40),
        "FELT_EDGE": (12, 14, 16),
        "BAR": (8, 10, 12),
        "TEXT": (232, 234, 236),
        "TEXT_DIM": (184, 192, 198),
        "CHIP_TEXT": (160, 170, 176),
        "COUNT_BG": (4, 6, 8),
        "REFUSAL_TEXT": (255, 206, 110),
        "BUSY_TEXT": (170, 210, 255),
        "HINT": (110, 220, 250),
        "BUTTON": (200, 206, 210),
        "BUTTON_TEXT": (18, 20, 22),
        "BUTTON_ON": (255, 200, 80),
        "BUTTON_OFF": (40, 46, 50),
        "BUTTON_OFF_TEXT": (130, 140, 146),
        "GHOST_OFF_TEXT": (128, 138, 144),
        "SLOT_OUTLINE": (80, 90, 96),
        "PANEL": (36, 40, 44),
        "PANEL_TEXT": (230, 232, 234),
        "PANEL_DIM_TEXT": (170, 178, 184),
        "HEADING": (140, 214, 170),
        "ERROR_TEXT": (255, 150, 110),
        "FIELD_BG": (20, 22, 24),
        "FIELD_EDGE": (130, 140, 146),
        "SCROLL_BAR": (120, 128, 134),
    },
    "high-contrast": {
        **DEFAULT_PALETTE,
        "FELT_CENTRE": (0, 0, 0),
        "FELT_EDGE": (0, 0, 0),
        "BAR": (0, 0, 0),
        "TEXT": (255, 255, 255),
        "TEXT_DIM": (255, 255, 255),
        "CHIP_TEXT": (255, 255, 255),
        "COUNT_BG": (0, 0, 0),
        "REFUSAL_TEXT": (255, 230, 0),
        "BUSY_TEXT": (150, 220, 255),
        "HINT": (0, 255, 255),
        "BUTTON": (255, 255, 255),
        "BUTTON_TEXT": (0, 0, 0),
        "BUTTON_ON": (255, 230, 0),
        "BUTTON_OFF": (0, 0, 0),
        "BUTTON_OFF_TEXT": (170, 170, 170),
        "GHOST_OFF_TEXT": (170, 170, 170),
        "SLOT_OUTLINE": (255, 255, 255),
        "FOCUS": (255, 230, 0),
        "SELECTED": (255, 230, 0),
        "PANEL": (0, 0, 0),
        "PANEL_TEXT": (255, 255, 255),
        "PANEL_DIM_TEXT": (230, 230, 230),
        "HEADING": (255, 230, 0),
        "ERROR_TEXT": (255, 140, 100),
        "FIELD_BG": (0, 0, 0),
        "FIELD_EDGE": (255, 255, 255),
        "SCROLL_BAR": (255, 255, 255),
    },
}
"""The themes of the setting (:data:`game.settings.THEMES`); each one's contrasts are listed in
THEME.md and checked by ``tests/test_game_comfort.py`` with :func:`palette_contrasts`."""

_ROLE_COLOURS: dict[str, tuple[str, str]] = {
    "table text on felt": ("TEXT", "FELT_CENTRE"),
    "table text at the felt's edge": ("TEXT", "FELT_EDGE"),
    "pile label on felt": ("TEXT_DIM", "FELT_CENTRE"),
    "refusal on felt": ("REFUSAL_TEXT", "FELT_CENTRE"),
    "hint line on felt": ("HINT", "FELT_CENTRE"),
    "busy line on felt": ("BUSY_TEXT", "FELT_CENTRE"),
    "status on bar": ("TEXT_DIM", "BAR"),
    "pass on bar": ("TEXT", "BAR"),
    "deal chip on bar": ("CHIP_TEXT", "BAR"),
    "count on its pill": ("TEXT", "COUNT_BG"),
    "secondary control on felt": ("TEXT", "GHOST_ON_FELT"),
    "primary control": ("BUTTON_TEXT", "BUTTON"),
    "call to action": ("BUTTON_TEXT", "BUTTON_ON"),
    "panel text": ("PANEL_TEXT", "PANEL"),
    "panel caption": ("PANEL_DIM_TEXT", "PANEL"),
    "panel heading": ("HEADING", "PANEL"),
    "error on panel": ("ERROR_TEXT", "PANEL"),
    "field text": ("PANEL_TEXT", "FIELD_BG"),
}
""":data:`TEXT_ON`'s roles by colour name (``GHOST_ON_FELT``: the veil over the felt's centre)."""
_CONTROL_COLOURS: dict[str, tuple[str, str]] = {
    "unavailable control": ("BUTTON_OFF_TEXT", "BUTTON_OFF"),
    "unavailable secondary control on felt": ("GHOST_OFF_TEXT", "FELT_CENTRE"),
    "primary control on felt": ("BUTTON", "FELT_CENTRE"),
    "call to action on felt": ("BUTTON_ON", "FELT_CENTRE"),
    "focus ring on felt": ("FOCUS", "FELT_CENTRE"),
    "selection on felt": ("SELECTED", "FELT_CENTRE"),
}
"""Controls and large marks, asked for 3:1 (WCAG 2 non-text contrast and large text)."""
CONTROL_CONTRAST = 3.0


def _colour(palette: Palette, name: str) -> Color:
    return over(palette["FELT_CENTRE"], GHOST) if name == "GHOST_ON_FELT" else palette[name]


def palette_contrasts(name: str) -> tuple[dict[str, float], dict[str, float]]:
    """Theme ``name``'s contrast ratios: every text role (asked for 4.5:1), then controls and
    large marks (asked for 3:1), as the game draws them in that theme."""
    palette = PALETTES[name]

    def ratios(roles: dict[str, tuple[str, str]]) -> dict[str, float]:
        return {role: contrast(_colour(palette, a), _colour(palette, b)) for role, (a, b) in roles.items()}

    return ratios(_ROLE_COLOURS), ratios(_CONTROL_COLOURS)


_applied = {"theme": "default"}
_built: dict[int, tuple[dict[Any, Any], dict[Any, Any]]] = {}
"""Each table of colours as it was built (the default theme), by ``id``; the table itself is
kept beside its copy so its ``id`` stays its own."""


def use_palette(name: str) -> bool:
    """Draw with theme ``name`` from now on; False when it was already in use.

    The palette's colours are put in :mod:`game.config` and in every module of the game that
    took them by name, and drawings kept for reuse (icons, labels, shadows, veils) are dropped,
    so the next frame paints every screen in the new colours."""
    if name == _applied["theme"]:
        return False
    palette, default = PALETTES[name], PALETTES["default"]
    counts: dict[Color, int] = {}
    for value in default.values():
        counts[value] = counts.get(value, 0) + 1
    swap = {default[colour]: palette[colour] for colour in default if counts[default[colour]] == 1}
    """Default colour to this theme's, where the default names one palette colour only: for
    tables of colours built at import (a control style's fill). Always from the default table as
    it was built (:data:`_built`), so any theme can follow any other and the default comes back
    exactly, even from a theme that gives several roles one colour (black in high contrast)."""
    for module in list(sys.modules.values()):
        if module is None or not (module.__name__ == "game" or module.__name__.startswith("game.")):
            continue
        names = vars(module)
        for colour, value in palette.items():
            if colour in names and isinstance(names[colour], tuple):
                setattr(module, colour, value)
        for value in list(names.values()):
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()
            elif isinstance(value, dict) and value is not TEXT_ON and module.__name__ != __name__:
                built = _built.setdefault(id(value), (value, dict(value)))[1]
                for key, item in built.items():
                    if isinstance(item, tuple):
                        value[key] = swap.get(item, item)
    globals()["GHOST_ON_FELT"] = over(palette["FELT_CENTRE"], GHOST)
    for role, (fg, bg) in _ROLE_COLOURS.items():
        TEXT_ON[role] = (_colour(palette, fg), _colour(palette, bg))
    _applied["theme"] = name
    return True
