"""«Ajustes»: passes, overlap rule, deal mode, par scoring, language, reduced motion, sound,
four-colour deck, large indices.

Each row is a set of options; tap one, or move with Up/Down and choose with Left/Right.
Language, motion, sound and the look of the cards apply at once; passes, overlap and par
scoring apply from the next deal (the rules of a deal never change mid-deal). When the rows
do not all fit the window, the screen shows them in pages: «Más ›» turns the page, and the
keyboard focus turns it too when it moves to a row on another page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.config import PANEL_TEXT, SETTINGS_SIDE_BY_SIDE_MIN_WIDTH
from game.context import Context
from game.input import Action, Command, Key, Tap
from game.render.widgets import (
    Style,
    blit_lines,
    button_lines,
    draw_button,
    draw_panel,
    line_height,
    panel_width,
)
from game.settings import DealMode, Settings
from game.texts import Texts

from .base import Scene, SceneManager

LANGUAGE_NAMES = {"es": "Español", "en": "English"}


@dataclass(frozen=True)
class Row:
    key: str
    values: tuple[object, ...]
    names: Callable[[Texts, object], str]
    get: Callable[[Settings], object]
    set: Callable[[Settings, object], None]


def _yes_no(texts: Texts, value: object) -> str:
    return texts.t("yes" if value else "no")


ROWS: tuple[Row, ...] = (
    Row("set_passes", (1, 3), lambda t, v: str(v), lambda s: s.passes, lambda s, v: setattr(s, "passes", v)),
    Row("set_overlap", (True, False), _yes_no, lambda s: s.overlap, lambda s, v: setattr(s, "overlap", v)),
    Row(
        "set_mode",
        (DealMode.SOLVABLE, DealMode.RANDOM),
        lambda t, v: t.t("mode_solvable" if v is DealMode.SOLVABLE else "mode_random"),
        lambda s: s.deal_mode,
        lambda s, v: setattr(s, "deal_mode", v),
    ),
    Row(
        "set_par", (True, False), _yes_no, lambda s: s.par_scoring, lambda s, v: setattr(s, "par_scoring", v)
    ),
    Row(
        "set_lang",
        ("es", "en"),
        lambda t, v: LANGUAGE_NAMES[str(v)],
        lambda s: s.lang,
        lambda s, v: setattr(s, "lang", v),
    ),
    Row(
        "set_motion",
        (True, False),
        _yes_no,
        lambda s: s.reduced_motion,
        lambda s, v: setattr(s, "reduced_motion", v),
    ),
    Row("set_sound", (True, False), _yes_no, lambda s: s.sound, lambda s, v: setattr(s, "sound", v)),
    Row(
        "set_four_colour",
        (True, False),
        _yes_no,
        lambda s: s.four_colour,
        lambda s, v: setattr(s, "four_colour", v),
    ),
    Row(
        "set_large_index",
        (True, False),
        _yes_no,
        lambda s: s.large_index,
        lambda s, v: setattr(s, "large_index", v),
    ),
)
KIOSK_ROWS: tuple[Row, ...] = tuple(row for row in ROWS if row.key in ("set_lang", "set_motion"))
"""A kiosk keeps its rules, deal mode and look: visitors change only the language and the motion."""


COLUMN_MIN_EMS = 14
"""Rows go in two columns only if each column is at least this many font sizes wide."""


@dataclass(frozen=True)
class _Shape:
    """One arrangement of the settings panel."""

    columns: int
    beside: bool
    """Each label beside its options (or above them)."""
    close_in_title: bool
    gap: int
    size: tuple[int, int]
    row_h: int
    title_h: int
    fits: bool
    per_page: int
    """Rows on one page (all of them when the screen has a single page)."""


class SettingsScreen(Scene):
    modal = True

    def __init__(
        self, ctx: Context, manager: SceneManager, on_stats: Callable[[], None] | None = None
    ) -> None:
        self.ctx = ctx
        self.manager = manager
        self.on_stats = on_stats
        self.rows = KIOSK_ROWS if ctx.kiosk else ROWS
        self.close_index = len(self.rows)
        """Focus index of the close button."""
        self.stats_index = self.close_index + 1
        """Focus index of the «Estadísticas» button (when the screen has one)."""
        self.note_lines = 0 if ctx.kiosk else 1
        """Whether the screen has the note on when rule settings apply (a kiosk offers none)."""
        self.stops = len(self.rows) + (2 if on_stats is not None else 1)
        """Focus stops: the rows, the close button, and «Estadísticas» if there is one."""
        self.focus = 0
        self.focus_visible = False
        self.size = (0, 0)
        self.font = 16
        self.margin = 8
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.labels: list[pygame.Rect] = []
        self.options: list[list[pygame.Rect]] = []
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.stats_rect = pygame.Rect(0, 0, 0, 0)
        self.note_y = 0
        self.page = 0
        self.per_page = len(self.rows)
        self.page_rect = pygame.Rect(0, 0, 0, 0)
        """«Más ›»: the next page (a zero rect when everything fits on one page)."""

    @property
    def pages(self) -> int:
        return -(-len(self.rows) // self.per_page)

    def shown(self, row: int) -> bool:
        """Row ``row`` is on the page shown."""
        return row // self.per_page == self.page

    def turn_page(self) -> None:
        self.page = (self.page + 1) % self.pages
        self.relayout(self.size)

    def choose(self, row: int, index: int) -> None:
        if self.locked(row):
            return
        spec = self.rows[row]
        spec.set(self.ctx.settings, spec.values[index])

    def locked(self, row: int) -> bool:
        """The row can change nothing now: «Índices grandes» while the table's cards are small
        enough to use the large index anyway (it is greyed, and says so)."""
        return self.rows[row].key == "set_large_index" and self.ctx.assets.large_index_forced()

    # --- input ----------------------------------------------------------------------------------
    def handle(self, command: Command) -> None:
        if isinstance(command, Tap):
            self.focus_visible = False
            self._tap(command.pos)
        elif isinstance(command, Key):
            self.focus_visible = True
            self._key(command.action)

    def _tap(self, pos: tuple[int, int]) -> None:
        if self.close_rect.collidepoint(pos):
            self.manager.pop(self)
            return
        if self.on_stats is not None and self.stats_rect.collidepoint(pos):
            self.on_stats()
            return
        if self.pages > 1 and self.page_rect.collidepoint(pos):
            self.turn_page()
            return
        for row, rects in enumerate(self.options):
            for index, rect in enumerate(rects):
                if rect.collidepoint(pos):
                    self.focus = row
                    self.choose(row, index)

    def _key(self, action: Action) -> None:
        self._key_action(action)
        if self.focus < self.close_index and not self.shown(self.focus):
            self.page = self.focus // self.per_page
            self.relayout(self.size)

    def _key_action(self, action: Action) -> None:
        if action in (Action.DOWN, Action.NEXT):
            self.focus = (self.focus + 1) % self.stops
        elif action in (Action.UP, Action.PREV):
            self.focus = (self.focus - 1) % self.stops
        elif action is Action.CONFIRM and self.focus == self.stats_index and self.on_stats is not None:
            self.on_stats()
        elif action in (Action.LEFT, Action.RIGHT) and self.focus < self.close_index:
            spec = self.rows[self.focus]
            current = spec.values.index(spec.get(self.ctx.settings))
            step = 1 if action is Action.RIGHT else -1
            self.choose(self.focus, (current + step) % len(spec.values))
        elif action is Action.CANCEL or (action is Action.CONFIRM and self.focus == self.close_index):
            self.manager.pop(self)
        elif action is Action.CONFIRM:
            self.focus += 1

    # --- layout and drawing ------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        metrics = self.ctx.metrics
        self.margin = margin = metrics.panel_margin(size)
        self.font = metrics.panel_font(size, share=0.028)
        button_h = metrics.button_h(self.font)
        shape = self._shape(size)
        self.per_page = shape.per_page
        self.page = min(self.page, self.pages - 1)
        first = self.page * self.per_page
        panel_w, panel_h = shape.size
        inner = panel_w - 2 * margin
        col_w = (inner - (shape.columns - 1) * margin) // shape.columns
        per_column = -(-shape.per_page // shape.columns)
        gap = shape.gap
        self.panel = pygame.Rect((size[0] - panel_w) // 2, max(4, (size[1] - panel_h) // 2), panel_w, panel_h)
        self.panel = self.manager.clear_of_message(self, self.panel, size)
        self.title_rect = pygame.Rect(self.panel.left, self.panel.top + gap // 2, panel_w, shape.title_h)
        top = self.panel.top + gap + shape.title_h
        label_w = col_w * 2 // 5 if shape.beside else col_w
        self.labels, self.options = [], []
        for index, spec in enumerate(self.rows):
            if not self.shown(index):  # on another page: nothing to draw or tap
                self.labels.append(pygame.Rect(0, 0, 0, 0))
                self.options.append([pygame.Rect(0, 0, 0, 0) for _ in spec.values])
                continue
            column, row = divmod(index - first, per_column)
            left = self.panel.left + margin + column * (col_w + margin)
            y = top + row * (shape.row_h + gap)
            label_h = button_h if shape.beside else line_height(self.font)
            self.labels.append(pygame.Rect(left, y, label_w, label_h))
            opt_left = left + label_w + gap if shape.beside else left
            opt_top = y if shape.beside else y + line_height(self.font)
            opt_w = (left + col_w - opt_left - gap * (len(spec.values) - 1)) // len(spec.values)
            self.options.append(
                [
                    pygame.Rect(opt_left + i * (opt_w + gap), opt_top, opt_w, button_h)
                    for i in range(len(spec.values))
                ]
            )
        self.note_y = top + per_column * (shape.row_h + gap)
        self._place_buttons(shape, inner, button_h)

    def _place_buttons(self, shape: _Shape, inner: int, button_h: int) -> None:
        """Close and «Estadísticas» in the title row, or a row under the note with «Más ›» between
        them when the screen has pages."""
        margin = self.margin
        rects: dict[str, pygame.Rect] = {}
        if shape.close_in_title:  # close on the right of the title row, «Estadísticas» on its left
            close_w = max(self.ctx.metrics.min_tap, min(inner // 3, self.font * 7))
            top_y = self.title_rect.top
            self.close_rect = pygame.Rect(self.panel.right - margin - close_w, top_y, close_w, button_h)
            self.stats_rect = pygame.Rect(self.panel.left + margin, top_y, close_w, button_h)
        else:
            bottom_y = self.note_y + self._note_rows(self.panel.width, self.font) * line_height(self.font)
            names = ["close", *(["page"] if self.pages > 1 else []), *(["stats"] if self.on_stats else [])]
            count = len(names)
            width = (inner - (count - 1) * margin) // count if count > 1 else inner // 2
            left = self.panel.left + margin if count > 1 else self.panel.centerx - width // 2
            rects = {name: pygame.Rect(left + i * (width + margin), bottom_y, width, button_h)
                     for i, name in enumerate(names)}  # fmt: skip
            self.close_rect = rects["close"]
            self.stats_rect = rects.get("stats", pygame.Rect(0, 0, 0, 0))
        self.page_rect = rects.get("page", pygame.Rect(0, 0, 0, 0))
        if self.on_stats is None:
            self.stats_rect = pygame.Rect(0, 0, 0, 0)

    def _note_rows(self, panel_w: int, font: int) -> int:
        """Lines the note on when settings apply takes in a panel ``panel_w`` wide (none in a kiosk)."""
        if not self.note_lines:
            return 0
        return len(self.ctx.assets.wrap(self.ctx.t("settings_note"), font - 1, panel_w - 24))

    def _shape(self, size: tuple[int, int]) -> _Shape:
        """The first of these that fits the window: each label above its options (or beside
        them on a wide panel); rows in two columns side by side; labels beside their options;
        the close button in the title row; tighter gaps."""
        width, height = size
        metrics, margin, font = self.ctx.metrics, self.margin, self.font
        button_h = metrics.button_h(font)
        title_h = max(line_height(round(font * 1.4)), button_h)
        one_column_w = panel_width(size, font, margin, extra=font * 10)
        widest = max(len(spec.values) for spec in self.rows)

        def shape(
            columns: int, beside: bool, close_in_title: bool, gap: int, rows: int = len(self.rows)
        ) -> _Shape:
            row_h = button_h if beside else line_height(font) + button_h
            close_h = 0 if close_in_title else button_h + gap
            per_column = -(-rows // columns)
            panel_w = one_column_w if columns == 1 else width - 2 * margin
            note_h = self._note_rows(panel_w, font) * line_height(font)
            panel_h = 2 * gap + title_h + per_column * (row_h + gap) + note_h + close_h
            col_w = (panel_w - 2 * margin - (columns - 1) * margin) // columns
            option_w = ((col_w * 3 // 5 if beside else col_w) - gap * widest) // widest
            fits = (
                panel_h <= height - 8
                and option_w >= max(metrics.min_tap, font * 3)
                and (columns == 1 or col_w >= font * COLUMN_MIN_EMS)
            )
            return _Shape(
                columns, beside, close_in_title, gap, (panel_w, panel_h), row_h, title_h, fits, rows
            )

        wide = one_column_w - 2 * margin >= SETTINGS_SIDE_BY_SIDE_MIN_WIDTH
        shapes = [
            shape(1, wide, False, margin), shape(2, False, False, margin), shape(2, True, False, margin),
            shape(1, True, False, margin), shape(2, True, True, 4), shape(1, True, True, margin),
            shape(1, True, True, 4),
        ]  # fmt: skip
        found = next((s for s in shapes if s.fits), None)
        if found is not None:
            return found
        # pages: as many rows as fit a page with the close, «Más ›» and «Estadísticas» buttons below
        for rows in range(len(self.rows) - 1, 1, -1):
            for paged in (shape(1, wide, False, margin, rows), shape(1, True, False, 4, rows)):
                if paged.fits:
                    return paged
        return shapes[-1]

    def option_name(self, spec: Row, value: object) -> str:
        """What an option reads. «solo con solución» promises what only the label table can
        keep: without a table for these rules it says there is no guarantee instead."""
        if value is DealMode.SOLVABLE and not self.ctx.dealer.labels.can_promise(
            self.ctx.settings.rule_set()
        ):
            return self.ctx.t("mode_solvable_unsure")
        return spec.names(self.ctx.texts, value)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel)
        ctx, assets, font = self.ctx, self.ctx.assets, self.font
        heading = ctx.t("settings_title")
        if self.pages > 1:
            heading = ctx.t("settings_title_page", n=self.page + 1, p=self.pages)
        title = assets.text(heading, round(font * 1.4), PANEL_TEXT, bold=True)
        surface.blit(title, title.get_rect(center=self.title_rect.center))
        for row, spec in enumerate(self.rows):
            if not self.shown(row):
                continue
            rect = self.labels[row]
            lines = button_lines(assets, ctx.t(spec.key), font, PANEL_TEXT, rect.size, bold=True)
            y = rect.centery - sum(line.get_height() for line in lines) // 2
            for line in lines:
                surface.blit(line, (rect.left, y))
                y += line.get_height()
            current = spec.get(ctx.settings)
            if self.locked(row):
                whole = self.options[row][0].unionall(self.options[row][1:])
                focused = self.focus_visible and self.focus == row
                label = ctx.t("large_index_auto")
                draw_button(surface, assets, whole, label, font, style=Style.OFF, focused=focused)
                continue
            for index, rect in enumerate(self.options[row]):
                value = spec.values[index]
                style = Style.PRIMARY if value == current else Style.NORMAL
                focused = self.focus_visible and self.focus == row and value == current
                draw_button(
                    surface, assets, rect, self.option_name(spec, value), font, style=style, focused=focused
                )
        if self.note_lines:
            note = assets.wrap(ctx.t("settings_note"), font - 1, self.panel.width - 24)
            blit_lines(
                surface, assets, note, (self.panel.left, self.note_y), font - 1,
                color=PANEL_TEXT, centered_in=self.panel.width,
            )  # fmt: skip
        focused = self.focus_visible and self.focus == self.close_index
        draw_button(surface, assets, self.close_rect, ctx.t("btn_close"), font, focused=focused)
        if self.on_stats is not None:
            focused = self.focus_visible and self.focus == self.stats_index
            draw_button(surface, assets, self.stats_rect, ctx.t("btn_stats"), font, focused=focused)
        if self.pages > 1:
            draw_button(surface, assets, self.page_rect, ctx.t("btn_more_settings"), font)
