"""A modal panel: a title, a few lines, and a column of buttons. The win panel, the dead-end
panel and the "no longer winnable" panel are all this scene with different contents.

Keyboard: arrows or Tab move between buttons, Enter or Space presses, Esc cancels (if the
panel can be cancelled). The panel slides in briefly; it takes input from its first frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from game.anim import ease_out_cubic
from game.config import PANEL_POP_SECONDS, PANEL_TEXT
from game.context import Context
from game.input import Action, Command, Key, Tap
from game.render.widgets import (
    PANEL_SHADOW,
    Style,
    blit_lines,
    draw_button,
    draw_panel,
    line_height,
    panel_width,
)
from game.texts import Texts

from .base import Scene, SceneManager, whole_or_clear_at


@dataclass
class PanelButton:
    label: Callable[[Texts], str]
    action: Callable[[], None]
    primary: bool = False


@dataclass
class _Geometry:
    key: tuple[object, ...]
    panel: pygame.Rect
    font: int
    title: list[str]
    body: list[str]
    buttons: list[pygame.Rect]
    body_top: int


TWO_COLUMN_EMS = 12
"""A panel's buttons go into two columns (when one is too tall) only if each is this many font sizes wide."""


class Panel(Scene):
    modal = True
    lets_flourish_show = True

    def __init__(
        self,
        ctx: Context,
        manager: SceneManager,
        *,
        title: Callable[[Texts], str],
        body: Callable[[Texts], list[str]],
        buttons: list[PanelButton],
        on_cancel: Callable[[], None] | None = None,
    ) -> None:
        self.ctx = ctx
        self.manager = manager
        self.title = title
        self.body = body
        self.buttons = buttons
        self.on_cancel = on_cancel
        self.focus = next((i for i, b in enumerate(buttons) if b.primary), 0)
        self.size = (0, 0)
        self.age = PANEL_POP_SECONDS if ctx.settings.still else 0.0
        self._geometry: _Geometry | None = None

    def close(self) -> None:
        self.manager.pop(self)

    # --- geometry ---------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        self._geometry = None

    def geometry(self) -> _Geometry:
        texts = self.ctx.texts
        title, body = self.title(texts), self.body(texts)
        line = self.manager.message_line_under(self)
        where = None if line is None else tuple(line)
        key = (self.size, where, title, tuple(body), tuple(b.label(texts) for b in self.buttons))
        if self._geometry is None or self._geometry.key != key:
            self._geometry = self._compute(key, title, body)
        return self._geometry

    def _compute(self, key: tuple[object, ...], title: str, body: list[str]) -> _Geometry:
        width, height = self.size
        metrics = self.ctx.metrics
        margin = metrics.panel_margin(self.size)
        font = metrics.panel_font(self.size)
        panel_w = panel_width(self.size, font, margin)
        inner = panel_w - 2 * margin
        assets = self.ctx.assets
        columns = 1  # buttons in two columns when one is too tall and the panel is wide enough
        while True:
            title_lines = assets.wrap(title, round(font * 1.4), inner, bold=True)
            body_lines = [line for text in body for line in assets.wrap(text, font, inner)]
            button_h = metrics.button_h(font)
            text_h = len(title_lines) * line_height(round(font * 1.4)) + len(body_lines) * line_height(font)
            rows = -(-len(self.buttons) // columns)
            buttons_h = rows * (button_h + margin // 2)
            panel_h = margin * 3 + text_h + buttons_h
            if panel_h <= height - 2 * margin or font <= 12:
                break
            if columns == 1 and len(self.buttons) > 2 and (inner - margin // 2) // 2 >= font * TWO_COLUMN_EMS:
                columns = 2
                continue
            font -= 1
        panel = pygame.Rect((width - panel_w) // 2, max(margin, (height - panel_h) // 2), panel_w, panel_h)
        panel = self.manager.clear_of_message(self, panel, self.size)
        body_top = panel.top + margin + len(title_lines) * line_height(round(font * 1.4))
        top = body_top + len(body_lines) * line_height(font) + margin
        button_w = (inner - (columns - 1) * (margin // 2)) // columns
        rects = []
        for index in range(len(self.buttons)):
            row, col = divmod(index, columns)
            x = panel.left + margin + col * (button_w + margin // 2)
            rects.append(pygame.Rect(x, top + row * (button_h + margin // 2), button_w, button_h))
        return _Geometry(key, panel, font, title_lines, body_lines, rects, body_top)

    # --- input ------------------------------------------------------------------------------
    def handle(self, command: Command) -> None:
        if isinstance(command, Tap):
            for index, rect in enumerate(self.geometry().buttons):
                if rect.collidepoint(command.pos):
                    self.focus = index
                    self.buttons[index].action()
                    return
        elif isinstance(command, Key):
            self._key(command.action)

    def _key(self, action: Action) -> None:
        count = len(self.buttons)
        if action in (Action.DOWN, Action.RIGHT, Action.NEXT):
            self.focus = (self.focus + 1) % count
        elif action in (Action.UP, Action.LEFT, Action.PREV):
            self.focus = (self.focus - 1) % count
        elif action is Action.CONFIRM:
            self.buttons[self.focus].action()
        elif action is Action.CANCEL and self.on_cancel is not None:
            self.on_cancel()

    # --- time and drawing -------------------------------------------------------------------------
    def slide(self, geo: _Geometry) -> int:
        """How far below its place the panel is drawn while it pops in: up from a font and a half
        lower, or down from as far above when coming up would cut the table's message line in
        half on the way (a panel placed just above the line), or not at all when both would."""
        shift = round((1.0 - ease_out_cubic(self.age / PANEL_POP_SECONDS)) * geo.font * 1.5)
        line = self.manager.message_line_under(self)
        if shift == 0 or line is None:
            return shift
        return next((s for s in (shift, -shift) if whole_or_clear_at(geo.panel.move(0, s), line)), 0)

    def update(self, dt: float) -> bool:
        if self.age >= PANEL_POP_SECONDS:
            return False
        self.age += dt
        return True

    def look(self) -> Hashable:
        geo = self.geometry()
        return geo.key, self.focus, self.slide(geo)

    def bounds(self, size: tuple[int, int]) -> pygame.Rect:
        geo = self.geometry()
        panel = geo.panel.move(0, self.slide(geo))
        return panel.union(panel.move(0, PANEL_SHADOW)).inflate(16, 16)

    def draw(self, surface: pygame.Surface) -> None:
        geo = self.geometry()
        shift = self.slide(geo)
        panel = geo.panel.move(0, shift)
        draw_panel(surface, panel)
        assets = self.ctx.assets
        margin = geo.buttons[0].left - panel.left if geo.buttons else 16
        blit_lines(
            surface, assets, geo.title, (panel.left, panel.top + margin), round(geo.font * 1.4),
            color=PANEL_TEXT, centered_in=panel.width, bold=True,
        )  # fmt: skip
        blit_lines(
            surface, assets, geo.body, (panel.left, geo.body_top + shift), geo.font,
            color=PANEL_TEXT, centered_in=panel.width,
        )  # fmt: skip
        texts = self.ctx.texts
        for index, (button, rect) in enumerate(zip(self.buttons, geo.buttons, strict=True)):
            style = Style.PRIMARY if button.primary else Style.NORMAL
            label = button.label(texts)
            draw_button(
                surface,
                assets,
                rect.move(0, shift),
                label,
                geo.font,
                style=style,
                focused=index == self.focus,
            )
