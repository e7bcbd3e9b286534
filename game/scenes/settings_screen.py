"""«Ajustes»: variant, passes, overlap rule, deal mode, par scoring, language, reduced motion,
sound, four-colour deck, large indices; and the comfort settings: theme, text size, hiding the
timer, animation speed and the left-handed table (all applied at once).

Each row is a set of options; tap one, or move with Up/Down and choose with Left/Right.
Language, motion, sound and the look of the cards apply at once; the variant, passes, overlap
and par scoring apply from the next deal (the rules of a deal never change mid-deal).

When the rows do not fit the window (a phone, or more settings), the rows scroll between the
title and the note: a drag (touch or mouse), the mouse wheel, and the keyboard focus (which keeps
the focused row in view) move them. While they scroll, a press on an option chooses it when the
finger comes up without having dragged, so a drag that starts on a button never changes a setting.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import astuple

import pygame

from game.config import DRAG_SLOP_PX, PANEL_TEXT
from game.context import Context
from game.input import Action, Command, Drag, Key, Release, Scroll, Tap
from game.render.widgets import (
    blit_lines,
    draw_button,
    draw_panel,
    fitting_size,
    panel_room,
)
from rules.variant import VARIANTS

from .base import Scene, SceneManager
from .focus import VERTICAL, ring_step
from .settings_paint import draw_row, draw_scroll_bar
from .settings_rows import KIOSK_ROWS, LANGUAGE_NAMES, ROWS, VARIANT_ROW, Row, option_name, settings_note
from .settings_shape import Placed, SettingsShaper, label_room

__all__ = ["LANGUAGE_NAMES", "ROWS", "VARIANT_ROW", "SettingsScreen"]


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
        """Each row's label where it is drawn now (scrolled)."""
        self.options: list[list[pygame.Rect]] = []
        """Each row's options where they are drawn now (scrolled; see :meth:`shown`)."""
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.stats_rect = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        """The rows' area: rows outside it are scrolled out of sight."""
        self.scroll = 0
        """How far the rows are scrolled up, in pixels (0 when they all fit)."""
        self.content_h = 0
        self.note_y = 0
        self.note_font = 15
        """The note's size (:meth:`SettingsShaper.note_font`)."""
        self._placed: list[Placed] = []
        self._press: tuple[int, int] | None = None
        """Where a press in the scrolling rows began (chosen on release, unless it became a drag)."""
        self._dragged = 0
        self._sizes: tuple[Hashable, tuple[int, int, int]] | None = None

    def choose(self, row: int, index: int) -> None:
        if self.locked(row):
            return
        spec = self.rows[row]
        note = settings_note(self.ctx)
        spec.set(self.ctx.settings, spec.values[index])
        if settings_note(self.ctx) != note:  # the note on a small share of winnable deals came or went
            self.relayout(self.size)

    def locked(self, row: int) -> bool:
        """The row can change nothing now (it is greyed, and says why, :meth:`locked_text`):
        «Índices grandes» while the table's cards are small enough to use the large index
        anyway; «Vueltas al mazo» for a variant without a stock (Giza)."""
        key = self.rows[row].key
        if key == "set_passes":
            return not VARIANTS[self.ctx.settings.variant].has_stock
        return key == "set_large_index" and self.ctx.assets.large_index_forced()

    def locked_text(self, row: int) -> str:
        """What a locked row reads instead of its options."""
        return self.ctx.t("passes_no_stock" if self.rows[row].key == "set_passes" else "large_index_auto")

    @property
    def scrolls(self) -> bool:
        return self.content_h > self.view.height

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.height)

    def shown(self, row: int) -> bool:
        """True when the whole of row ``row`` (label and options) is in sight."""
        whole = self.labels[row].unionall(self.options[row])
        return self.view.contains(whole)

    # --- input ----------------------------------------------------------------------------------
    def handle(self, command: Command) -> None:
        if isinstance(command, Tap):
            self.focus_visible = False
            if self.scrolls and self.view.collidepoint(command.pos):
                self._press, self._dragged = command.pos, 0  # a tap or the start of a drag
            else:
                self._tap(command.pos)
        elif isinstance(command, Drag):
            if self._press is not None:
                self._dragged += abs(command.dy)
                if self._dragged >= DRAG_SLOP_PX:
                    self.scroll_to(self.scroll - command.dy)
        elif isinstance(command, Release):
            press, self._press = self._press, None
            if press is not None and self._dragged < DRAG_SLOP_PX:
                self._tap(press)
        elif isinstance(command, Scroll):
            self.scroll_to(self.scroll - command.steps * self._step())
        elif isinstance(command, Key):
            self.focus_visible = True
            self._key(command.action)
            self.reveal(self.focus)

    def _step(self) -> int:
        """One wheel notch: about one row."""
        return self.ctx.metrics.button_h(self.font) + self.margin

    def scroll_to(self, offset: int) -> None:
        """Scroll the rows so that ``offset`` pixels are above the rows' area (within bounds)."""
        self.scroll = max(0, min(self.max_scroll, offset))
        self._place()

    def reveal(self, row: int) -> None:
        """Scroll just enough for row ``row`` to be whole in sight (nothing for the buttons)."""
        if row >= len(self.rows) or not self._placed:
            return
        placed = self._placed[row]
        whole = placed.label.unionall(placed.options)
        if whole.top - self.scroll < 0:
            self.scroll_to(whole.top)
        elif whole.bottom - self.scroll > self.view.height:
            self.scroll_to(whole.bottom - self.view.height)

    def _tap(self, pos: tuple[int, int]) -> None:
        if self.close_rect.collidepoint(pos):
            self.manager.pop(self)
            return
        if self.on_stats is not None and self.stats_rect.collidepoint(pos):
            self.on_stats()
            return
        if not self.view.collidepoint(pos):
            return
        for row, rects in enumerate(self.options):
            for index, rect in enumerate(rects):
                if rect.collidepoint(pos):
                    self.focus = row
                    self.choose(row, index)

    def _key(self, action: Action) -> None:
        target = ring_step(VERTICAL, action, range(self.stops), self.focus)
        if target is not None:
            self.focus = target
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
        shaper = SettingsShaper(self.ctx, self.rows, margin, self.font, self.note_lines)
        shape = shaper.shape(size)
        panel_w, panel_h = shape.size
        inner = panel_w - 2 * margin
        gap = shape.gap
        self.panel = self.manager.dialog_box(self, size, (panel_w, panel_h))
        self.title_rect = pygame.Rect(self.panel.left, self.panel.top + gap // 2, panel_w, shape.title_h)
        top = self.panel.top + gap + shape.title_h
        self.view = pygame.Rect(self.panel.left, top, panel_w, shape.view_h)
        self.content_h = shape.content_h
        self._placed = shape.rows
        self.scroll = max(0, min(self.max_scroll, self.scroll))
        self._place()
        self.reveal(self.focus)
        self.note_y = top + shape.view_h
        self.note_font = shaper.note_font(self.panel.width, self.font, size[1])
        if shape.close_in_title:  # close on the right of the title row, «Estadísticas» on its left
            close_w = max(metrics.min_tap, min(inner // 3, self.font * 7))
            top_y = self.title_rect.top
            self.close_rect = pygame.Rect(self.panel.right - margin - close_w, top_y, close_w, button_h)
            self.stats_rect = pygame.Rect(self.panel.left + margin, top_y, close_w, button_h)
        else:
            bottom_y = self.note_y + shaper.note_height(self.panel.width, self.note_font)
            if self.on_stats is None:
                self.close_rect = pygame.Rect(self.panel.centerx - inner // 4, bottom_y, inner // 2, button_h)
            else:
                half = (inner - margin) // 2
                left = self.panel.left + margin
                self.close_rect = pygame.Rect(left, bottom_y, half, button_h)
                self.stats_rect = pygame.Rect(left + inner - half, bottom_y, half, button_h)
        if self.on_stats is None:
            self.stats_rect = pygame.Rect(0, 0, 0, 0)

    def _place(self) -> None:
        """Put the rows where they are drawn now: the arrangement moved to the panel, less the scroll."""
        dx, dy = self.view.left, self.view.top - self.scroll
        self.labels = [placed.label.move(dx, dy) for placed in self._placed]
        self.options = [[rect.move(dx, dy) for rect in placed.options] for placed in self._placed]

    def option_name(self, spec: Row, value: object) -> str:
        """What an option reads (:func:`option_name`)."""
        return option_name(self.ctx, spec, value)

    def look(self) -> Hashable:
        settings = astuple(self.ctx.settings)
        return tuple(self.panel), self.scroll, self.focus, self.focus_visible, settings, self.locked_now()

    def locked_now(self) -> tuple[bool, ...]:
        return tuple(self.locked(row) for row in range(len(self.rows)))

    def bounds(self, size: tuple[int, int]) -> pygame.Rect:
        return panel_room(self.panel).inflate(16, 16)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel)
        ctx, assets, font = self.ctx, self.ctx.assets, self.font
        room = self.title_rect.inflate(-2 * self.margin, 0)
        if self.close_rect.colliderect(self.title_rect):  # the buttons share the title's row
            side = room.right - self.close_rect.left + 8  # as much room kept on either side
            room = room.inflate(-2 * side, 0)
        heading = ctx.t("settings_title")
        title = assets.fit_text(heading, round(font * 1.4), PANEL_TEXT, room.width, bold=True)
        surface.blit(title, title.get_rect(center=room.center))
        clip = surface.get_clip()
        # room for the focus ring around a row; rows that scroll stay inside their area
        surface.set_clip(self.view.inflate(16, 0 if self.scrolls else 16).clip(clip))
        for row in range(len(self.rows)):
            whole = self.labels[row].unionall(self.options[row])
            if whole.colliderect(self.view):
                draw_row(self, surface, row)
        surface.set_clip(clip)
        if self.scrolls:
            draw_scroll_bar(self, surface)
        if self.note_lines:
            note = assets.wrap(settings_note(ctx), self.note_font, self.panel.width - 24)
            blit_lines(
                surface, assets, note, (self.panel.left, self.note_y), self.note_font,
                color=PANEL_TEXT, centered_in=self.panel.width,
            )  # fmt: skip
        focused = self.focus_visible and self.focus == self.close_index
        button_font = self.sizes()[2]
        draw_button(surface, assets, self.close_rect, ctx.t("btn_close"), button_font, focused=focused)
        if self.on_stats is not None:
            focused = self.focus_visible and self.focus == self.stats_index
            draw_button(surface, assets, self.stats_rect, ctx.t("btn_stats"), button_font, focused=focused)

    def sizes(self) -> tuple[int, int, int]:
        """The font sizes of the rows' labels, of their options and of the buttons: each group
        at one size, the largest at which all of it fits (on two lines where one is too short),
        so no option is drawn smaller than its neighbours."""
        ctx = self.ctx
        labels = [(ctx.t(spec.key), self.labels[row].size) for row, spec in enumerate(self.rows)]
        options = []
        for row, spec in enumerate(self.rows):
            if self.locked(row):
                whole = self.options[row][0].unionall(self.options[row][1:])
                options.append((self.locked_text(row), label_room(whole)))
                continue
            options += [
                (self.option_name(spec, v), label_room(r))
                for v, r in zip(spec.values, self.options[row], strict=True)
            ]
        buttons = [(ctx.t("btn_close"), label_room(self.close_rect))]
        if self.on_stats is not None:
            buttons.append((ctx.t("btn_stats"), label_room(self.stats_rect)))
        key = (tuple(labels), tuple(options), tuple(buttons), self.font)
        if self._sizes is None or self._sizes[0] != key:
            assets = ctx.assets
            found = tuple(
                fitting_size(assets, group, self.font, bold=True) for group in (labels, options, buttons)
            )
            self._sizes = (key, (found[0], found[1], found[2]))
        return self._sizes[1]
