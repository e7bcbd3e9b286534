"""A modal panel: a title, big numbers (the result panel's time and moves), a few lines, and a
column of buttons. The win panel, the dead-end panel and the "no longer winnable" panel are all
this scene with different contents. Sizes follow the type scale (game/render/THEME.md): the
title, the numbers in display size over their captions, the body; every button at one size.

Keyboard: arrows or Tab move between buttons, Enter or Space presses, Esc cancels (if the
panel can be cancelled). The panel slides in briefly; it takes input from its first frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from game.anim import ease_out_cubic
from game.config import PANEL_DIM_TEXT, PANEL_POP_SECONDS, PANEL_TEXT
from game.context import Context
from game.input import Action, Command, Key, Tap
from game.render.layer import outside
from game.render.theme import TypeScale
from game.render.widgets import (
    Style,
    blit_lines,
    draw_button,
    draw_panel,
    group_size,
    line_height,
    panel_radius,
    panel_room,
    panel_width,
)
from game.texts import Texts

from .base import Scene, SceneManager, whole_or_clear_at
from .focus import AROUND, ring_step


@dataclass
class PanelButton:
    label: Callable[[Texts], str]
    action: Callable[[], None]
    primary: bool = False


Figures = Callable[[Texts], list[tuple[str, str]]]
"""Big numbers: each a value («3:25») and its caption («tiempo»)."""


@dataclass
class _Geometry:
    key: tuple[object, ...]
    panel: pygame.Rect
    font: int
    title: list[str]
    body: list[str]
    buttons: list[pygame.Rect]
    body_top: int
    figures: list[tuple[str, str]]
    figures_top: int
    button_font: int


TWO_COLUMN_EMS = 12
"""A panel's buttons go into two columns (when one is too tall) only if each is this many font sizes wide."""


class Panel(Scene):
    modal = True
    lets_flourish_show = True
    pictured = True

    def __init__(
        self,
        ctx: Context,
        manager: SceneManager,
        *,
        title: Callable[[Texts], str],
        body: Callable[[Texts], list[str]],
        buttons: list[PanelButton],
        on_cancel: Callable[[], None] | None = None,
        figures: Figures | None = None,
        low: bool = False,
    ) -> None:
        """``figures``: big numbers under the title; ``low``: in a window taller than wide, the
        panel sits at the bottom, leaving the table above it in sight (the result panel, whose
        celebration plays there)."""
        self.ctx = ctx
        self.manager = manager
        self.title = title
        self.body = body
        self.buttons = buttons
        self.on_cancel = on_cancel
        self.focus = next((i for i, b in enumerate(buttons) if b.primary), 0)
        self.size = (0, 0)
        self.age = PANEL_POP_SECONDS if ctx.settings.still else 0.0
        self.figures = figures
        self.low = low
        self._geometry: _Geometry | None = None
        self._image: tuple[Hashable, pygame.Surface, pygame.Surface] | None = None
        """The panel drawn (shadow, box, text, buttons), kept while it shows the same."""

    def close(self) -> None:
        self.manager.pop(self)

    # --- geometry ---------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        self._geometry = None

    def geometry(self) -> _Geometry:
        texts = self.ctx.texts
        title, body = self.title(texts), self.body(texts)
        figures = self.figures(texts) if self.figures is not None else []
        line = self.manager.message_line_under(self)
        where = None if line is None else tuple(line)
        labels = tuple(b.label(texts) for b in self.buttons)
        key = (self.size, where, title, tuple(body), tuple(figures), labels)
        if self._geometry is None or self._geometry.key != key:
            self._geometry = self._compute(key, title, body, figures)
        return self._geometry

    def _compute(
        self, key: tuple[object, ...], title: str, body: list[str], figures: list[tuple[str, str]]
    ) -> _Geometry:
        height = self.size[1]
        metrics = self.ctx.metrics
        margin = metrics.panel_margin(self.size)
        font = metrics.panel_font(self.size)
        panel_w = panel_width(self.size, font, margin)
        inner = panel_w - 2 * margin
        assets = self.ctx.assets
        columns = 1  # buttons in two columns when one is too tall and the panel is wide enough
        while True:
            scale = TypeScale(font)
            title_lines = assets.wrap(title, scale.title, inner, bold=True)
            body_lines = [line for text in body for line in assets.wrap(text, font, inner)]
            button_h = metrics.button_h(font)
            figures_h = self._figures_height(scale, margin) if figures else 0
            text_h = (
                len(title_lines) * line_height(scale.title) + figures_h + len(body_lines) * line_height(font)
            )
            rows = -(-len(self.buttons) // columns)
            buttons_h = rows * (button_h + margin // 2)
            panel_h = margin * 3 + text_h + buttons_h
            if panel_h <= height - 2 * margin or font <= 12:
                break
            if columns == 1 and len(self.buttons) > 2 and (inner - margin // 2) // 2 >= font * TWO_COLUMN_EMS:
                columns = 2
                continue
            font -= 1
        panel = self.manager.dialog_box(self, self.size, (panel_w, panel_h), edge=margin, low=self.low)
        figures_top = panel.top + margin + len(title_lines) * line_height(scale.title)
        body_top = figures_top + figures_h
        top = body_top + len(body_lines) * line_height(font) + margin
        button_w = (inner - (columns - 1) * (margin // 2)) // columns
        rects = []
        for index in range(len(self.buttons)):
            row, col = divmod(index, columns)
            x = panel.left + margin + col * (button_w + margin // 2)
            rects.append(pygame.Rect(x, top + row * (button_h + margin // 2), button_w, button_h))
        labels = [b.label(self.ctx.texts) for b in self.buttons]
        room = (button_w - 2 * max(4, min(12, button_w // 10)), button_h - 4)
        button_font = group_size(assets, labels, font, room, bold=True) if labels else font
        return _Geometry(
            key, panel, font, title_lines, body_lines, rects, body_top, figures, figures_top, button_font
        )

    def _figures_height(self, scale: TypeScale, margin: int) -> int:
        """The big numbers' row: the numbers, their captions, and room around them."""
        return line_height(scale.display) + line_height(scale.caption) + margin

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
        target = ring_step(AROUND, action, range(len(self.buttons)), self.focus)
        if target is not None:
            self.focus = target
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
        return self._image_rect(geo).move(0, self.slide(geo)).inflate(4, 4)

    def _image_rect(self, geo: _Geometry) -> pygame.Rect:
        """Where the panel's image lies when it is in place: its box, with room for its shadow
        and its buttons' focus rings."""
        return panel_room(geo.panel)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel's picture: its opaque inside copied as it is, only its edges (shadow, round
        corners) blended, which is most of the cost at 4K."""
        geo = self.geometry()
        picture, opaque = self._picture(geo)
        where = self._image_rect(geo).move(0, self.slide(geo))
        solid = self.solid()
        assert solid is not None
        for part in outside(where, solid):
            surface.blit(picture, part, part.move(-where.left, -where.top))
        surface.blit(opaque, solid, solid.move(-where.left, -where.top))

    def _picture(self, geo: _Geometry) -> tuple[pygame.Surface, pygame.Surface]:
        """The panel drawn (with its shadow, translucent), and the same without its translucency
        (exact inside the box, where every pixel is opaque): made again when what it shows changes."""
        key = (geo.key, self.focus)
        if self._image is None or self._image[0] != key:
            image = self._render(geo)
            self._image = (key, image, image.convert())
        return self._image[1], self._image[2]

    def solid(self) -> pygame.Rect | None:
        geo = self.geometry()
        box = geo.panel.move(0, self.slide(geo))
        corner = panel_radius(box)
        return box.inflate(-2 * corner, -2 * corner)

    def mend(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        geo = self.geometry()
        opaque = self._picture(geo)[1]
        where = self._image_rect(geo).move(0, self.slide(geo))
        for rect in rects:
            surface.blit(opaque, rect, rect.move(-where.left, -where.top))

    def _render(self, geo: _Geometry) -> pygame.Surface:
        """The panel on a transparent surface of :meth:`_image_rect`'s size."""
        room = self._image_rect(geo)
        image = pygame.Surface(room.size, pygame.SRCALPHA)
        dx, dy = -room.left, -room.top
        panel = geo.panel.move(dx, dy)
        draw_panel(image, panel)
        assets = self.ctx.assets
        margin = geo.buttons[0].left - geo.panel.left if geo.buttons else 16
        scale = TypeScale(geo.font)
        blit_lines(
            image, assets, geo.title, (panel.left, panel.top + margin), scale.title,
            color=PANEL_TEXT, centered_in=panel.width, bold=True,
        )  # fmt: skip
        if geo.figures:
            self._draw_figures(image, geo, panel, geo.figures_top + dy, scale)
        blit_lines(
            image, assets, geo.body, (panel.left, geo.body_top + dy), geo.font,
            color=PANEL_TEXT, centered_in=panel.width,
        )  # fmt: skip
        texts = self.ctx.texts
        for index, (button, rect) in enumerate(zip(self.buttons, geo.buttons, strict=True)):
            style = Style.PRIMARY if button.primary else Style.NORMAL
            draw_button(
                image, assets, rect.move(dx, dy), button.label(texts), geo.button_font,
                style=style, focused=index == self.focus,
            )  # fmt: skip
        return image

    def _draw_figures(
        self, image: pygame.Surface, geo: _Geometry, panel: pygame.Rect, top: int, scale: TypeScale
    ) -> None:
        """The big numbers side by side, each over its caption."""
        assets = self.ctx.assets
        share = panel.width / len(geo.figures)
        for index, (value, caption) in enumerate(geo.figures):
            centre = round(panel.left + share * (index + 0.5))
            number = assets.fit_text(value, scale.display, PANEL_TEXT, round(share) - 8, bold=True)
            image.blit(number, number.get_rect(midtop=(centre, top)))
            under = assets.fit_text(caption, scale.caption, PANEL_DIM_TEXT, round(share) - 8)
            image.blit(under, under.get_rect(midtop=(centre, top + line_height(scale.display))))
