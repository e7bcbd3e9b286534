"""How «Ajustes» arranges its rows: the first arrangement that fits the window, from one column
with labels above their options to two columns, labels beside, tighter gaps, and at last rows
that scroll (:meth:`SettingsShaper.shape`). Sizes only: the screen draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.config import SETTINGS_SIDE_BY_SIDE_MIN_WIDTH
from game.context import Context
from game.render.theme import MIN_CAPTION
from game.render.widgets import label_lines, line_height, panel_width

from .settings_rows import Row, option_name, settings_note

COLUMN_MIN_EMS = 14
"""Rows go in two columns only if each column is at least this many font sizes wide."""
NOTE_SHARE = 0.2
"""The most of the window's height the note under the rows takes (its text shrinks first)."""
SCROLL_ROWS_SHOWN = 2
"""A scrolling arrangement is usable only if at least this many rows' height shows at once."""
DENSE = 0.75
"""The last arrangements pack options this much narrower (their names still readable), so that
a row of many options, on a small window at a large text size, fits the rows' area whole."""


@dataclass(frozen=True)
class Placed:
    """One row placed in the rows' area: its label and its options, y from the area's top."""

    label: pygame.Rect
    options: list[pygame.Rect]


@dataclass(frozen=True)
class Shape:
    """One arrangement of the settings panel."""

    columns: int
    beside: bool
    """Each label beside its options (or above them)."""
    close_in_title: bool
    gap: int
    size: tuple[int, int]
    title_h: int
    rows: list[Placed]
    content_h: int
    """Height of all the rows."""
    view_h: int
    """Height of the rows' area shown (less than ``content_h`` when the rows scroll)."""
    fits: bool

    @property
    def scrolls(self) -> bool:
        return self.view_h < self.content_h


def label_room(rect: pygame.Rect) -> tuple[int, int]:
    """The room a control's label has inside it (as :func:`draw_button` pads it)."""
    return rect.width - 2 * max(4, min(12, rect.width // 10)), rect.height - 4


@dataclass(frozen=True)
class SettingsShaper:
    """The settings' ``rows`` arranged at one ``font`` and ``margin`` (``note_lines``: whether the
    screen has the note on when rule settings apply)."""

    ctx: Context
    rows: tuple[Row, ...]
    margin: int
    font: int
    note_lines: int

    def note_font(self, panel_w: int, font: int, height: int) -> int:
        """The note's size in a panel ``panel_w`` wide in a window ``height`` high: one less than
        the screen's, smaller (down to :data:`MIN_CAPTION`) while it would take more than
        :data:`NOTE_SHARE` of the window's height, so the rows keep their room at 200 % text."""
        size = font - 1
        while size > MIN_CAPTION and self.note_height(panel_w, size) > height * NOTE_SHARE:
            size -= 1
        return size

    def note_height(self, panel_w: int, size: int) -> int:
        """The note's height at ``size`` in a panel ``panel_w`` wide (none in a kiosk)."""
        if not self.note_lines:
            return 0
        lines = self.ctx.assets.wrap(settings_note(self.ctx), size, panel_w - 24)
        return len(lines) * line_height(size)

    def arrange(
        self, columns: int, beside: bool, gap: int, panel_w: int, dense: float = 1.0
    ) -> tuple[list[Placed], int, bool]:
        """The rows placed in ``columns`` columns of a panel ``panel_w`` wide (x from the panel's
        left, y from the rows' top), the rows' height, and whether every option is wide enough
        (``dense``: the options' least width scaled by it)."""
        metrics, margin, font = self.ctx.metrics, self.margin, self.font
        button_h = metrics.button_h(font)
        inner = panel_w - 2 * margin
        col_w = (inner - (columns - 1) * margin) // columns
        label_w = self.label_width(col_w) if beside else col_w
        label_h = button_h if beside else line_height(font)
        per_column = -(-len(self.rows) // columns)
        placed: list[Placed] = []
        heights = [0] * columns
        wide_enough = True
        for index, spec in enumerate(self.rows):
            column = index // per_column
            left = margin + column * (col_w + margin)
            y = heights[column]
            opt_left = left + label_w + gap if beside else left
            opt_top = y if beside else y + label_h
            room = left + col_w - opt_left
            narrowest = max(metrics.min_tap, round(font * spec.option_ems * dense))
            count = len(spec.values)
            per_line = max(1, min(count, (room + gap) // (narrowest + gap))) if spec.wraps else count
            opt_w = (room - gap * (per_line - 1)) // per_line
            wide_enough &= opt_w >= (narrowest if per_line > 1 else metrics.min_tap)
            options = []
            for i in range(count):
                line, place = divmod(i, per_line)
                x = opt_left + place * (opt_w + gap)
                options.append(pygame.Rect(x, opt_top + line * (button_h + gap), opt_w, button_h))
            lines = -(-count // per_line)
            options_h = lines * button_h + (lines - 1) * gap
            row_h = max(label_h, options_h) if beside else label_h + options_h
            placed.append(Placed(pygame.Rect(left, y, label_w, label_h), options))
            heights[column] = y + row_h + gap
        return placed, max(heights), wide_enough

    def shape(self, size: tuple[int, int]) -> Shape:
        """The first of these that fits the window: each label above its options (or beside
        them on a wide panel); rows in two columns side by side; labels beside their options;
        the close button in the title row; tighter gaps. When none fits, the first of the
        one-column ones whose options are wide enough and whose tallest row shows whole, its rows
        scrolling (the last packs the options denser)."""
        width, height = size
        metrics, margin, font = self.ctx.metrics, self.margin, self.font
        button_h = metrics.button_h(font)
        title_h = max(line_height(round(font * 1.4)), button_h)
        one_column_w = panel_width(size, font, margin, extra=font * 10)

        def shape(
            columns: int, beside: bool, close_title: bool, gap: int, *, scroll: bool = False, dense: float = 1
        ) -> Shape:
            close_h = 0 if close_title else button_h + gap
            panel_w = one_column_w if columns == 1 else width - 2 * margin
            note_h = self.note_height(panel_w, self.note_font(panel_w, font, height))
            fixed_h = 2 * gap + title_h + note_h + close_h
            col_w = (panel_w - 2 * margin - (columns - 1) * margin) // columns
            rows, content_h, wide_enough = self.arrange(columns, beside, gap, panel_w, dense)
            view_h = min(content_h, height - 8 - fixed_h) if scroll else content_h
            fits = wide_enough and (columns == 1 or col_w >= font * COLUMN_MIN_EMS) and self.readable(rows)
            if scroll:
                tallest = max(placed.label.unionall(placed.options).height for placed in rows)
                fits = fits and view_h >= max(tallest, SCROLL_ROWS_SHOWN * (button_h + gap))
            else:
                fits = fits and fixed_h + content_h <= height - 8
            size = (panel_w, fixed_h + view_h)
            return Shape(columns, beside, close_title, gap, size, title_h, rows, content_h, view_h, fits)

        wide = one_column_w - 2 * margin >= SETTINGS_SIDE_BY_SIDE_MIN_WIDTH
        shapes = [
            shape(1, wide, False, margin), shape(2, False, False, margin), shape(2, True, False, margin),
            shape(1, True, False, margin), shape(2, True, True, 4), shape(1, True, True, margin),
            shape(1, True, True, 4),
            shape(1, wide, True, margin, scroll=True), shape(1, True, True, margin, scroll=True),
            shape(1, False, True, margin, scroll=True), shape(1, False, True, 4, scroll=True),
            shape(1, False, True, 4, scroll=True, dense=DENSE),
        ]  # fmt: skip
        return next((s for s in shapes if s.fits), shapes[-1])

    def label_width(self, column_w: int) -> int:
        """How wide the labels beside their options are: what the longest needs on two lines at
        the screen's size (a quarter to a half of the column), so the options get the rest."""
        face = self.ctx.assets.font(self.font, True)

        def two_lines(text: str) -> int:
            words = text.split()
            splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
            return min((max(face.size(a)[0], face.size(b)[0]) for a, b in splits), default=face.size(text)[0])

        need = max(two_lines(self.ctx.t(spec.key)) for spec in self.rows) + self.margin // 2
        return min(column_w // 2, max(column_w // 4, need))

    def readable(self, rows: list[Placed]) -> bool:
        """Every row's label and options fit their places at the smallest caption size at least
        (:data:`MIN_CAPTION`, on two lines if need be): the shape leaves no text to be drawn
        smaller than that."""
        ctx, caption = self.ctx, MIN_CAPTION
        texts = [(ctx.t(spec.key), placed.label.size) for spec, placed in zip(self.rows, rows, strict=True)]
        for spec, placed in zip(self.rows, rows, strict=True):
            names = [option_name(ctx, spec, value) for value in spec.values]
            texts += [(name, label_room(rect)) for name, rect in zip(names, placed.options, strict=True)]
        two_lines = 2 * ctx.assets.font(caption, True).get_linesize()
        return all(
            (lines := label_lines(ctx.assets, text, caption, width, True)) is not None
            and (len(lines) == 1 or two_lines <= height)
            for text, (width, height) in texts
        )
