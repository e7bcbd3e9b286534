"""«Reglas»: the rules and tips in our own words, split into pages that fit the window.

After how to play, a section per variant the rules play; the one chosen in the settings comes
first among them, marked (and opens the screen when it is not the default). Under each
variant's heading, a small picture of its layout (:mod:`game.render.diagram`), kept whole in
one column.

Pages instead of scrolling, so nothing needs dragging: arrows, Page Up/Down or the wheel
turn pages, the buttons do too, and Esc closes. A wide window shows two columns per page.
"""

from __future__ import annotations

import pygame

from game.config import BAR, HEADING, PANEL, PANEL_TEXT, RULES_MAX_TEXT_WIDTH, RULES_TEXT_EMS, TEXT
from game.context import Context
from game.input import Action, Command, Key, Scroll, Tap
from game.render.diagram import diagram_height, draw_diagram
from game.render.widgets import Style, draw_button, line_height
from rules.variant import Variant

from .base import Scene, SceneManager, hit
from .focus import TAB, cycle

NAV = ("prev", "next", "close")

Line = tuple[str, bool, Variant | None]
"""A line of text, whether it is a heading, and the variant whose picture starts on it (its
picture takes the blank lines after it too)."""
Page = list[list[Line]]
"""The columns of one page."""
COLUMN_MIN_EMS = 24
"""Two columns when each can be at least this many font sizes wide."""
PICTURE_CARD_EMS = 1.4
"""A picture's cards are at most this many font sizes wide (smaller where the column is short)."""
PICTURE_SHARE = 0.4
"""The most of a column a picture takes, so the rules stay mostly text on a phone."""
PICTURE_MIN_LINES = 3
"""The fewest lines a picture takes (a gap below it included), however short the column."""


class RulesScreen(Scene):
    opaque = True

    def __init__(self, ctx: Context, manager: SceneManager) -> None:
        self.ctx = ctx
        self.manager = manager
        self.page = 0
        self.focus = "next"
        self.size = (0, 0)
        self.font = 16
        self.bar_h = ctx.metrics.min_tap
        self.text_area = pygame.Rect(0, 0, 0, 0)
        self.columns = 1
        self.column_gap = 0
        self.rects: dict[str, pygame.Rect] = {}
        self._pages: list[Page] = []
        self._pages_key: tuple[object, ...] = ()
        self._picture_cards: dict[str, int] = {}
        """Each variant's picture's largest card width, as paginated."""

    # --- pages -----------------------------------------------------------------------------------
    def pages(self) -> list[Page]:
        """The text broken into pages of :attr:`columns` columns for the current size and
        language (cached)."""
        key = (self.size, self.ctx.settings.lang, self.variant)
        if key != self._pages_key:
            self._pages_key = key
            chunks = self._paginate()
            self._pages = [chunks[i : i + self.columns] for i in range(0, len(chunks), self.columns)]
            self.page = min(self.page, len(self._pages) - 1)
        return self._pages

    @property
    def variant(self) -> str:
        """The variant the player plays now (marked, and first among the variants' sections)."""
        return self.ctx.settings.variant

    @property
    def lines_per_column(self) -> int:
        """How many lines a column holds (at least 4, however short the window)."""
        return max(4, self.text_area.height // line_height(self.font + 1))

    @property
    def column_width(self) -> int:
        return (self.text_area.width - (self.columns - 1) * self.column_gap) // self.columns

    def _paginate(self) -> list[list[Line]]:
        """Columns of text, filled paragraph by paragraph: a paragraph that does not fit the room
        left in a column starts the next one, whole (only a paragraph taller than a whole column
        is cut, and then only where a column is full), and a heading goes with its section's
        first paragraph, so a column never ends on a heading nor opens mid-sentence."""
        assets = self.ctx.assets
        width = self.column_width
        per_column = self.lines_per_column
        columns: list[list[Line]] = [[]]
        for heading, paragraphs, variant in self.ctx.texts.rules_pictured(self.variant):
            wrapped = assets.wrap(heading, self.font + 3, width, bold=True)
            title: list[Line] = [(line, True, None) for line in wrapped]
            for index, paragraph in enumerate(paragraphs):
                text: list[Line] = [(line, False, None) for line in assets.wrap(paragraph, self.font, width)]
                block = text
                if index == 0:  # the picture goes with the heading and the first paragraph, whole
                    room = min(per_column - len(title) - len(text), round(per_column * PICTURE_SHARE))
                    block = title + (self._picture_lines(variant, room) if variant else []) + text
                if columns[-1] and len(columns[-1]) + len(block) > per_column:
                    columns.append([])
                for line in block:  # fits, unless taller than a whole column
                    if len(columns[-1]) >= per_column:
                        columns.append([])
                    columns[-1].append(line)
                if len(columns[-1]) < per_column:
                    columns[-1].append(("", False, None))  # a blank line between paragraphs
        return [column for column in columns if column]

    def _picture_lines(self, variant: Variant, room: int) -> list[Line]:
        """The lines ``variant``'s picture takes: its cards as large as :data:`PICTURE_CARD_EMS`
        allows within ``room`` lines (at least :data:`PICTURE_MIN_LINES`, a gap below included)."""
        height = line_height(self.font + 1)
        room_px = (max(PICTURE_MIN_LINES, room) - 1) * height
        largest = round(self.font * PICTURE_CARD_EMS)
        while largest > 4 and diagram_height(variant, self.column_width, largest) > room_px:
            largest -= 1
        self._picture_cards[variant.name] = largest
        lines = -(-diagram_height(variant, self.column_width, largest) // height) + 1  # and a gap
        return [("", False, variant)] + [("", False, None)] * (lines - 1)

    def turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages()) - 1, self.page + step))
        last = self.page == len(self.pages()) - 1
        if self.focus == "next" and last:
            self.focus = "close"

    # --- input -------------------------------------------------------------------------------------
    def handle(self, command: Command) -> None:
        if isinstance(command, Tap):
            name = hit(self.rects, command.pos)
            if name is not None:
                self.activate(name)
        elif isinstance(command, Scroll):
            self.turn(-1 if command.steps > 0 else 1)
        elif isinstance(command, Key):
            action = command.action
            if action in (Action.LEFT, Action.UP):
                self.turn(-1)
            elif action in (Action.RIGHT, Action.DOWN):
                self.turn(1)
            elif action in TAB:
                self.focus = cycle(NAV, self.focus, TAB[action])
            elif action is Action.CONFIRM:
                self.activate(self.focus)
            elif action is Action.CANCEL:
                self.manager.pop(self)

    def activate(self, name: str) -> None:
        if name == "close":
            self.manager.pop(self)
        else:
            self.turn(-1 if name == "prev" else 1)

    # --- layout and drawing ---------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        width, height = size
        metrics = self.ctx.metrics
        margin = metrics.panel_margin(size)
        self.font = metrics.panel_font(size)
        self.bar_h = max(metrics.min_tap, round(self.font * 2.6))
        button_h = metrics.button_h(self.font)
        text_w = min(max(RULES_MAX_TEXT_WIDTH, self.font * RULES_TEXT_EMS), width - 2 * margin)
        self.column_gap = 2 * margin
        two = (width - 2 * margin - self.column_gap) // 2
        self.columns = 2 if two >= self.font * COLUMN_MIN_EMS else 1
        if self.columns == 2:
            text_w = min(2 * max(RULES_MAX_TEXT_WIDTH, self.font * RULES_TEXT_EMS), width - 2 * margin)
        top = self.bar_h + margin
        self.text_area = pygame.Rect((width - text_w) // 2, top, text_w, height - top - button_h - 2 * margin)
        nav_w = min(max(220, self.font * 9), (width - 4 * margin) // 3)
        y = height - margin - button_h
        total = 3 * nav_w + 2 * margin
        left = (width - total) // 2
        self.rects = {
            name: pygame.Rect(left + index * (nav_w + margin), y, nav_w, button_h)
            for index, name in enumerate(NAV)
        }

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PANEL)
        width = self.size[0]
        assets = self.ctx.assets
        pygame.draw.rect(surface, BAR, (0, 0, width, self.bar_h))
        title = assets.text(self.ctx.t("rules_title"), round(self.font * 1.3), TEXT, bold=True)
        surface.blit(title, title.get_rect(center=(width // 2, self.bar_h // 2)))
        pages = self.pages()
        page = assets.text(self.ctx.t("page", n=self.page + 1, m=len(pages)), self.font, TEXT)
        surface.blit(page, page.get_rect(midright=(width - 12, self.bar_h // 2)))
        for index, column in enumerate(pages[self.page]):
            x = self.text_area.left + index * (self.column_width + self.column_gap)
            y = self.text_area.top
            for text, heading, variant in column:
                if text:
                    color = HEADING if heading else PANEL_TEXT
                    surface.blit(
                        assets.text(text, self.font + 3 if heading else self.font, color, heading), (x, y)
                    )
                elif variant is not None:
                    area = pygame.Rect(x, y, self.column_width, self.text_area.bottom - y)
                    draw_diagram(surface, area, variant, self._picture_cards[variant.name])
                y += line_height(self.font + 1)
        last = len(pages) - 1
        for name, rect in self.rects.items():
            off = (name == "prev" and self.page == 0) or (name == "next" and self.page == last)
            style = Style.OFF if off else (Style.PRIMARY if name == "close" else Style.NORMAL)
            label = self.ctx.t(f"btn_{name}")
            draw_button(surface, assets, rect, label, self.font, style=style, focused=self.focus == name)
