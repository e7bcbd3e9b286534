"""«Ajustes»: passes, overlap rule, deal mode, language, reduced motion.

Each row is a set of options; tap one, or move with Up/Down and choose with Left/Right.
Language and reduced motion apply at once; passes and overlap apply from the next deal
(the rules of a deal never change mid-deal).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.config import MIN_TAP, PANEL_TEXT, SETTINGS_SIDE_BY_SIDE_MIN_WIDTH
from game.context import Context
from game.input import Action, Command, Key, Tap
from game.render.layout import clamp
from game.render.widgets import (
    Style,
    blit_lines,
    draw_button,
    draw_panel,
    line_height,
    panel_font,
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
)
KIOSK_ROWS: tuple[Row, ...] = tuple(row for row in ROWS if row.key in ("set_lang", "set_motion"))
"""A kiosk keeps its rules and deal mode: visitors change only the language and the motion."""


class SettingsScreen(Scene):
    modal = True

    def __init__(self, ctx: Context, manager: SceneManager) -> None:
        self.ctx = ctx
        self.manager = manager
        self.rows = KIOSK_ROWS if ctx.kiosk else ROWS
        self.close_index = len(self.rows)
        """Focus index of the close button."""
        self.focus = 0
        self.focus_visible = False
        self.size = (0, 0)
        self.font = 16
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.labels: list[pygame.Rect] = []
        self.options: list[list[pygame.Rect]] = []
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self.note_y = 0

    def choose(self, row: int, index: int) -> None:
        spec = self.rows[row]
        spec.set(self.ctx.settings, spec.values[index])

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
        for row, rects in enumerate(self.options):
            for index, rect in enumerate(rects):
                if rect.collidepoint(pos):
                    self.focus = row
                    self.choose(row, index)

    def _key(self, action: Action) -> None:
        if action in (Action.DOWN, Action.NEXT):
            self.focus = (self.focus + 1) % (len(self.rows) + 1)
        elif action in (Action.UP, Action.PREV):
            self.focus = (self.focus - 1) % (len(self.rows) + 1)
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
        width, height = size
        margin = round(clamp(min(width, height) * 0.025, 8, 20))
        self.font = panel_font(size, share=0.028)
        button_h = max(MIN_TAP, round(self.font * 2.4))
        panel_w = panel_width(size, self.font, margin, extra=self.font * 10)
        inner = panel_w - 2 * margin
        beside = inner >= SETTINGS_SIDE_BY_SIDE_MIN_WIDTH
        row_h = button_h if beside else line_height(self.font) + button_h
        title_h = line_height(round(self.font * 1.4))
        note_h = 0 if self.ctx.kiosk else 2 * line_height(self.font)
        panel_h = margin * 3 + title_h + len(self.rows) * (row_h + margin) + note_h + button_h
        self.panel = pygame.Rect((width - panel_w) // 2, max(4, (height - panel_h) // 2), panel_w, panel_h)
        left = self.panel.left + margin
        y = self.panel.top + margin + title_h + margin
        label_w = inner * 2 // 5 if beside else inner
        self.labels, self.options = [], []
        for spec in self.rows:
            self.labels.append(pygame.Rect(left, y, label_w, button_h if beside else line_height(self.font)))
            opt_left = left + label_w + margin if beside else left
            opt_top = y if beside else y + line_height(self.font)
            opt_w = (left + inner - opt_left - margin * (len(spec.values) - 1)) // len(spec.values)
            self.options.append(
                [
                    pygame.Rect(opt_left + i * (opt_w + margin), opt_top, opt_w, button_h)
                    for i in range(len(spec.values))
                ]
            )
            y += row_h + margin
        self.note_y = y
        self.close_rect = pygame.Rect(self.panel.centerx - inner // 4, y + note_h, inner // 2, button_h)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel)
        ctx, assets, font = self.ctx, self.ctx.assets, self.font
        texts = ctx.texts
        blit_lines(
            surface, assets, [ctx.t("settings_title")], (self.panel.left, self.panel.top + 10),
            round(font * 1.4), color=PANEL_TEXT, centered_in=self.panel.width, bold=True,
        )  # fmt: skip
        for row, spec in enumerate(self.rows):
            label = assets.fit_text(ctx.t(spec.key), font, PANEL_TEXT, self.labels[row].width, bold=True)
            surface.blit(label, label.get_rect(midleft=self.labels[row].midleft))
            current = spec.get(ctx.settings)
            for index, rect in enumerate(self.options[row]):
                value = spec.values[index]
                style = Style.PRIMARY if value == current else Style.NORMAL
                focused = self.focus_visible and self.focus == row and value == current
                draw_button(
                    surface, assets, rect, spec.names(texts, value), font, style=style, focused=focused
                )
        if not ctx.kiosk:  # the kiosk offers no rule settings for the note to explain
            note = assets.wrap(ctx.t("settings_note"), font - 1, self.panel.width - 24)
            blit_lines(
                surface, assets, note, (self.panel.left, self.note_y), font - 1,
                color=PANEL_TEXT, centered_in=self.panel.width,
            )  # fmt: skip
        focused = self.focus_visible and self.focus == self.close_index
        draw_button(surface, assets, self.close_rect, ctx.t("btn_close"), font, focused=focused)
