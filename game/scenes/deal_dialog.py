"""«Nuevo reparto»: deal at random, or type a deal number (keyboard or on-screen keypad).

Enter plays the typed number, or deals at random when nothing is typed; Esc cancels. A
number outside 1–20000 (``0`` too) is refused in the dialog's own line as soon as it is
typed, «Jugar» is greyed, and Enter then does nothing else. A last row opens «Reparto del día»
when the table offers it. Under the prompt a line names the variant the new deal will be played
under («Variante: Giza»: the settings' choice, which may not be the deal on the table).
Ctrl+V pastes a deal as the game copies it («Baraja española: reparto 77», :mod:`game.deal_names`):
its number goes in the field and its variant, for this deal only, in the variant line; pasted
text that names no deal is refused in the dialog's line, naming it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.config import ERROR_TEXT, FIELD_BG, FIELD_EDGE, PANEL_TEXT, REFUSAL_TEXT
from game.context import Context
from game.deal_names import parse_deal_name
from game.input import Action, Command, Key, Tap
from game.render.widgets import (
    Style,
    blit_lines,
    draw_button,
    draw_panel,
    line_height,
    panel_width,
)
from game.settings import DealMode
from rules import DealNumberError, parse_deal_number
from rules.deals import LAST_DEAL

from .base import Scene, SceneManager, hit
from .focus import HORIZONTAL, ring_step

KEYPAD = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "")
KEYPAD_COMPACT = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫", "")
"""Two rows of six, for windows too short for the 3 × 4 keypad."""
ACTIONS = ("random", "play", "cancel")
MAX_DIGITS = len(str(LAST_DEAL))
PASTE_SHOWN = 24
"""Pasted text that names no deal is shown up to this many characters."""


class DealDialog(Scene):
    modal = True

    def __init__(
        self,
        ctx: Context,
        manager: SceneManager,
        on_deal: Callable[[int | None, str | None], None],
        on_daily: Callable[[], None] | None = None,
    ) -> None:
        self.ctx = ctx
        self.manager = manager
        self.on_deal = on_deal
        self.on_daily = on_daily
        self.actions = ACTIONS if on_daily is None else (*ACTIONS, "daily")
        self.digits = ""
        self.variant: str | None = None
        """The variant of a pasted deal (None: the settings' one)."""
        self.error = False
        self.pasted_bad: str | None = None
        """Pasted text that names no deal (shown in the error line)."""
        self.focus: str | None = None
        self.size = (0, 0)
        self.rects: dict[str, pygame.Rect] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.field = pygame.Rect(0, 0, 0, 0)
        self.font = 16
        self.prompt: list[str] = []
        """The prompt's lines and the variant's, wrapped to the panel."""
        self.compact = False

    # --- actions ------------------------------------------------------------------------------
    def type(self, char: str) -> None:
        self.pasted_bad = None
        if char == "⌫":
            self.digits = self.digits[:-1]
        elif char.isdigit() and len(self.digits) < MAX_DIGITS:
            self.digits += char
        if not self.digits:
            self.variant = None  # a pasted deal wiped out: back to the settings' variant
        self.error = bool(self.digits) and self.number() is None

    def paste(self, text: str | None) -> None:
        """A deal pasted from the clipboard (nothing happens when the clipboard holds no text)."""
        if text is None:
            return
        try:
            number, variant = parse_deal_name(text)
        except DealNumberError:
            self.pasted_bad = " ".join(text.split())[:PASTE_SHOWN]
            self.digits, self.variant, self.error = "", None, True
        else:
            self.digits, self.variant, self.error, self.pasted_bad = str(number), variant, False, None
        if self.size != (0, 0):
            self.relayout(self.size)  # the variant line changed, and may take another number of lines

    def error_line(self) -> str:
        """What the dialog's error line says: why the pasted text or the typed number is refused."""
        if self.pasted_bad is not None:
            return self.ctx.t("dialog_bad_paste", text=self.pasted_bad)
        return self.ctx.t("dialog_bad")

    def number(self) -> int | None:
        """The deal number typed, or None when nothing or no valid number is typed."""
        try:
            return parse_deal_number(self.digits)
        except DealNumberError:
            return None

    def play_number(self) -> None:
        number = self.number()
        if number is None:
            self.error = bool(self.digits)
            return
        self.manager.pop(self)
        self.on_deal(number, self.variant)

    def play_random(self) -> None:
        self.manager.pop(self)
        self.on_deal(None, None)

    def activate(self, name: str) -> None:
        if name == "random":
            self.play_random()
        elif name == "play":
            self.play_number()
        elif name == "cancel":
            self.manager.pop(self)
        elif name == "daily" and self.on_daily is not None:
            self.manager.pop(self)
            self.on_daily()
        else:
            self.type(name)

    # --- input ------------------------------------------------------------------------------
    def handle(self, command: Command) -> None:
        if isinstance(command, Tap):
            name = hit(self.rects, command.pos)
            if name is not None:
                self.activate(name)
        elif isinstance(command, Key):
            self._key(command)

    def _key(self, key: Key) -> None:
        action = key.action
        if action is Action.DIGIT:
            self.type(key.digit)
        elif action is Action.BACKSPACE:
            self.type("⌫")
        elif action is Action.PASTE:
            self.paste(self.ctx.paste_text())
        elif action is Action.CANCEL:
            self.manager.pop(self)
        elif action in HORIZONTAL:
            self.focus = ring_step(HORIZONTAL, action, self.actions, self.focus)
        elif action is Action.CONFIRM:
            if self.focus is not None:
                self.activate(self.focus)
            elif self.digits:
                self.play_number()
            else:
                self.play_random()

    # --- layout and drawing -------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        """The normal keypad (3 × 4) when the window is tall enough, else the compact one:
        two rows of six keys, closer rows, and the error shown in place of the mode line."""
        self.size = size
        self.compact = False
        self._place(size)
        if self.panel.bottom > size[1] - 4:
            self.compact = True
            self._place(size)

    def _place(self, size: tuple[int, int]) -> None:
        height = size[1]
        metrics = self.ctx.metrics
        margin = metrics.panel_margin(size)
        self.font = metrics.panel_font(size)
        key_h = metrics.button_h(self.font)
        panel_w = panel_width(size, self.font, margin)
        inner = panel_w - 2 * margin
        gap = margin // 2
        columns, rows = (6, 2) if self.compact else (3, 4)
        between = gap if self.compact else margin  # between the field, the keypad and the actions
        texts = (self.ctx.t("dialog_prompt"), self.variant_line())
        self.prompt = [line for text in texts for line in self.ctx.assets.wrap(text, self.font, inner)]
        body_lines = len(self.prompt) + (1 if self.compact else 2)
        text_h = line_height(round(self.font * 1.4)) + body_lines * line_height(self.font)
        field_h = key_h
        keypad_h = rows * key_h + (rows - 1) * gap
        panel_h = 2 * margin + text_h + field_h + keypad_h + key_h + 2 * between
        panel_h += 0 if self.compact else margin
        # «Reparto del día»: a row of its own when there is height for it, else a fourth action
        daily_h = key_h + gap if self.on_daily is not None else 0
        if daily_h and panel_h + daily_h > height - 8:
            daily_h = 0
        panel_h += daily_h
        action_row = ACTIONS if self.on_daily is None or daily_h else self.actions
        self.panel = self.manager.dialog_box(self, size, (panel_w, panel_h))
        left = self.panel.left + margin
        y = self.panel.top + margin + text_h
        self.field = pygame.Rect(left, y, inner, field_h)
        y += field_h + between
        key_w = min((inner - (columns - 1) * gap) // columns, 4 * key_h)
        pad_left = left + (inner - columns * key_w - (columns - 1) * gap) // 2
        keys = KEYPAD_COMPACT if self.compact else KEYPAD
        self.rects = {}
        for index, label in enumerate(keys):
            if not label:
                continue
            row, col = divmod(index, columns)
            x = pad_left + col * (key_w + gap)
            self.rects[label] = pygame.Rect(x, y + row * (key_h + gap), key_w, key_h)
        y += keypad_h + between
        action_w = (inner - (len(action_row) - 1) * gap) // len(action_row)
        for index, name in enumerate(action_row):
            self.rects[name] = pygame.Rect(left + index * (action_w + gap), y, action_w, key_h)
        if daily_h:
            self.rects["daily"] = pygame.Rect(left, y + key_h + gap, inner, key_h)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel)
        ctx, assets, font = self.ctx, self.ctx.assets, self.font
        margin = self.field.left - self.panel.left
        y = blit_lines(
            surface, assets, [ctx.t("dialog_title")], (self.panel.left, self.panel.top + margin),
            round(font * 1.4), color=PANEL_TEXT, centered_in=self.panel.width, bold=True,
        )  # fmt: skip
        inner = self.field.width
        error_in_place = self.error and self.compact  # no line of its own: it replaces the mode line
        lines = [*self.prompt, "" if error_in_place else self.mode_line()]
        for line in lines:
            text = assets.fit_text(line, font, PANEL_TEXT, inner)
            surface.blit(text, text.get_rect(midtop=(self.panel.centerx, y)))
            y += line_height(font)
        if error_in_place:
            y -= line_height(font)
        if self.error:
            text = assets.fit_text(self.error_line(), font, ERROR_TEXT, inner, bold=True)
            surface.blit(text, text.get_rect(midtop=(self.panel.centerx, y)))
        self._field(surface)
        for name, rect in self.rects.items():
            style = Style.PRIMARY if name == self._default_action() else Style.NORMAL
            if name == "play" and self.number() is None:
                style = Style.OFF
            draw_button(
                surface, assets, rect, self._label(name), font, style=style, focused=self.focus == name
            )

    def variant_line(self) -> str:
        """«Variante: Giza»: the variant of the next deal, whichever way it is dealt (a pasted
        deal's own, when it names one)."""
        name = self.variant or self.ctx.settings.rule_set().variant.name
        return self.ctx.t("dialog_variant", name=self.ctx.t(f"variant_{name}"))

    def mode_line(self) -> str:
        """Where «Al azar» deals from. It promises solvable deals only when the label table can
        keep the promise under the rules of the next deal."""
        settings = self.ctx.settings
        if settings.deal_mode is DealMode.RANDOM:
            return self.ctx.t("dialog_mode_random")
        promised = self.ctx.dealer.labels.can_promise(settings.rule_set())
        return self.ctx.t("dialog_mode_solvable" if promised else "dialog_mode_unsure")

    def _default_action(self) -> str:
        return "play" if self.number() is not None else "random" if not self.digits else ""

    def _label(self, name: str) -> str:
        if name == "random":
            return self.ctx.t("dialog_random")
        if name == "play":
            number = self.number()
            return self.ctx.t("dialog_play", n=number) if number else self.ctx.t("dialog_play_empty")
        if name == "cancel":
            return self.ctx.t("btn_cancel")
        if name == "daily":
            return self.ctx.t("btn_daily")
        return name

    def _field(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, FIELD_BG, self.field, border_radius=8)
        edge = REFUSAL_TEXT if self.error else FIELD_EDGE
        pygame.draw.rect(surface, edge, self.field, width=2, border_radius=8)
        text = self.ctx.assets.text(self.digits + "|", round(self.font * 1.5), PANEL_TEXT, bold=True)
        surface.blit(text, text.get_rect(center=self.field.center))
