"""Drawing the table: felt, pyramid, piles, marks, the line under the table, controls, bars.

The view reads what to show from a :class:`TableFrame` and draws it; it decides nothing.
Surfaces that depend only on the window size (the felt) are cached per size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.config import (
    BADGE,
    BAR,
    BUSY_TEXT,
    COVERED_SHADE,
    FELT_BOTTOM,
    FELT_TOP,
    HINT,
    LIFT,
    LIFT_SHADOW,
    PARTNER_DASH_WIDTH,
    PARTNER_DASHES,
    REFUSAL_TEXT,
    SELECTED,
    SELECTED_TINT,
    SLOT_OUTLINE,
    TEXT,
    TEXT_DIM,
    Color,
)
from game.play import Tone
from rules import STOCK, WASTE, Card, State
from rules.moves import WASTE_PILES, column_of, column_place
from rules.topology import SLOTS

from .assets import Assets
from .cards import dashed_rect, ring
from .layout import TableLayout, column_card_key
from .widgets import Style, button_lines, draw_button, focus_ring

TONE_COLORS: dict[Tone, Color] = {
    Tone.INFO: TEXT,
    Tone.REFUSAL: REFUSAL_TEXT,
    Tone.HINT: HINT,
    Tone.BUSY: BUSY_TEXT,
}


STATUS_MIN_FONT = 9
MIN_STATUS_CELLS = 5
"""The status bar always keeps its first five cells: the table puts SPEC §2's five first (removed,
stock, pass, time, moves), except in par mode, where the match's standing comes before the time
and the moves (on a phone-sized window the moves may then be left out)."""


@dataclass
class TableFrame:
    """Everything the view shows besides the layout, prepared by the table scene."""

    state: State
    deal_text: str
    pass_text: str
    status: list[str]
    line: str
    tone: Tone
    buttons: dict[str, tuple[str, Style]]
    selected: int | None = None
    partners: list[int] = field(default_factory=list)
    hint: list[int | str] = field(default_factory=list)
    focus: int | str | None = None
    hidden: set[int] = field(default_factory=set)
    dealing: bool = False
    """The deal is flying in: the stock is one face-down pile (its top card turns up once
    the deal has landed)."""
    recycle_ready: bool = False
    pile_labels: tuple[str, str] = ("", "")
    """The names written over the stock («Mazo») and the waste («Descarte»)."""


def message_room(layout: TableLayout) -> pygame.Rect:
    """Where the message line may be written: on a narrow window a long line takes two rows,
    spilling into the gaps around its place."""
    return layout.message.inflate(0, 2 * max(4, layout.margin // 2))


def lifted_by(layout: TableLayout) -> int:
    """How far the selected card rises, in pixels."""
    return round(layout.card[1] * LIFT)


class TableView:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._felt: pygame.Surface | None = None
        self._tints: dict[tuple[tuple[int, int], tuple[int, int, int, int]], pygame.Surface] = {}

    def draw(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        surface.blit(self._felt_for(layout.size), (0, 0))
        self._top_bar(surface, layout, frame)
        self._pyramid(surface, layout, frame)
        if layout.columns:
            self._columns(surface, layout, frame)
        else:
            self._piles(surface, layout, frame)
        self._marks(surface, layout, frame)
        self._line(surface, layout, frame)
        for name, (label, style) in frame.buttons.items():
            rect = layout.buttons[name]
            draw_button(
                surface, self.assets, rect, label, layout.font, style=style, focused=frame.focus == name
            )
        self._status(surface, layout, frame.status)

    # --- background and bars ---------------------------------------------------------------
    def _felt_for(self, size: tuple[int, int]) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != size:
            felt = pygame.Surface(size).convert()
            height = max(1, size[1])
            for y in range(size[1]):
                t = y / height
                color = tuple(round(a + (b - a) * t) for a, b in zip(FELT_TOP, FELT_BOTTOM, strict=True))
                pygame.draw.line(felt, color, (0, y), (size[0], y))
            self._felt = felt
        return self._felt

    def _top_bar(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        pygame.draw.rect(surface, BAR, layout.top_bar)
        area = layout.pass_area
        text = self.assets.fit_text(frame.pass_text, layout.font + 2, TEXT, area.width, bold=True)
        surface.blit(text, text.get_rect(midright=(area.right, area.centery)))

    def _status(self, surface: pygame.Surface, layout: TableLayout, cells: list[str]) -> None:
        """The cells side by side, each as wide as its text shares; one font size for all. The
        cells come in order of importance: when they cannot all fit even at the smallest size,
        the last ones are left out."""
        bar = layout.status
        pygame.draw.rect(surface, BAR, bar)
        size = layout.font
        while True:
            room = bar.width - max(8, layout.margin) * len(cells)
            while size > STATUS_MIN_FONT and sum(self.assets.font(size).size(c)[0] for c in cells) > room:
                size -= 1
            if (
                len(cells) <= MIN_STATUS_CELLS
                or sum(self.assets.font(size).size(c)[0] for c in cells) <= room
            ):
                break
            cells = cells[:-1]
        widths = [self.assets.font(size).size(cell)[0] for cell in cells]
        spare = max(0, bar.width - sum(widths)) / max(1, len(cells))
        x = float(bar.left)
        for cell, width in zip(cells, widths, strict=True):
            text = self.assets.text(cell, size, TEXT_DIM)
            surface.blit(text, text.get_rect(center=(round(x + (width + spare) / 2), bar.centery)))
            x += width + spare

    def _line(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        if not frame.line:
            return
        color = TONE_COLORS[frame.tone]
        room = message_room(layout).size
        lines = button_lines(self.assets, frame.line, layout.font + 1, color, room, bold=True)
        y = layout.message.centery - sum(line.get_height() for line in lines) // 2
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(layout.message.centerx, y)))
            y += line.get_height()

    # --- cards --------------------------------------------------------------------------------
    def _pyramid(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        size = layout.card
        free = frame.state.uncovered
        for slot, card in frame.state.pyramid_cards().items():
            if slot in frame.hidden:
                continue  # still on its way (the deal animation draws it)
            rect = layout.slots[slot]
            if slot == frame.selected:
                self._lifted(surface, layout, self.assets.face(card, size), rect)
            else:
                surface.blit(self.assets.face(card, size), rect)
                if not free >> slot & 1:
                    surface.blit(self._tint(size, COVERED_SHADE), rect)

    def _lifted(
        self, surface: pygame.Surface, layout: TableLayout, face: pygame.Surface, rect: pygame.Rect
    ) -> None:
        """The selected card: raised, over its shadow where it lay, tinted."""
        lift = lifted_by(layout)
        size = face.get_size()
        surface.blit(self._tint(size, LIFT_SHADOW), rect.move(lift // 2, lift // 3))
        surface.blit(face, rect.move(0, -lift))
        surface.blit(self._tint(size, SELECTED_TINT), rect.move(0, -lift))

    def _tint(self, size: tuple[int, int], rgba: tuple[int, int, int, int]) -> pygame.Surface:
        """A card-shaped translucent overlay (cached per size and colour)."""
        key = (size, rgba)
        if key not in self._tints:
            if len(self._tints) > 8:
                self._tints.clear()
            shade = pygame.Surface(size, pygame.SRCALPHA)
            radius = max(3, size[0] // 10)
            pygame.draw.rect(shade, rgba, shade.get_rect(), border_radius=radius)
            self._tints[key] = shade.convert_alpha()
        return self._tints[key]

    def _columns(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        """The face-up columns (Giza): each card where the layout puts it, the covered ones
        shaded like covered pyramid cards, the top one lifted when selected; an empty column is
        an outline where its first card lay."""
        state = frame.state
        size = layout.columns[0][0].size  # on a phone smaller than the pyramid's (see compute_layout)
        for column, rects in enumerate(layout.columns):
            cards = state.column_cards_left(column)
            shown = [
                (k, card)
                for k, card in enumerate(cards)
                if column_card_key(column, k, len(rects)) not in frame.hidden
            ]
            if not shown:
                self._empty(surface, layout, rects[0])
                continue
            for k, card in shown:
                rect = rects[k]
                on_top = k == len(cards) - 1
                if on_top and frame.selected == column_place(column):
                    self._lifted(surface, layout, self.assets.face(card, size), rect)
                    continue
                surface.blit(self.assets.face(card, size), rect)
                if not on_top:
                    surface.blit(self._tint(size, COVERED_SHADE), rect)

    def _piles(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        state = frame.state
        size = layout.card
        self._pile_labels(surface, layout, frame.pile_labels)
        if not state.stock_face_up:  # several waste piles: the whole stock lies face down
            self._deck(surface, layout, state.stock_count, state.stock_count == 0, frame.recycle_ready)
            for pile, place in enumerate(state.waste_places()):
                self._waste(surface, layout, frame, place, state.pile_cards(pile))
            return
        # the stock's top card lies face up beside it, except while the deal flies out of it
        face_down = state.stock_count if frame.dealing else max(0, state.stock_count - 1)
        self._deck(surface, layout, face_down, state.stock_count == 0, frame.recycle_ready)
        top = state.card_at(STOCK)
        if frame.dealing and top is not None:
            pass  # its place stays bare felt until the deal lands
        elif top is None:
            self._empty(surface, layout, layout.stock)
        elif frame.selected == STOCK:
            self._lifted(surface, layout, self.assets.face(top, size), layout.stock)
        else:
            surface.blit(self.assets.face(top, size), layout.stock)
        self._waste(surface, layout, frame, WASTE, state.waste_cards())

    def _waste(
        self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame, place: int, cards: list[Card]
    ) -> None:
        """One waste pile (``cards`` bottom first): its top card, a glimpse of the one under
        it, and how many cards it holds."""
        size, rect = layout.card, layout.place_rect(place)
        if place in frame.hidden:
            cards = cards[:-1]  # the top card is still flying in
        if not cards:
            self._empty(surface, layout, rect)
            return
        if len(cards) > 1:
            surface.blit(self.assets.face(cards[-2], size), rect.move(-3, -3))
        if frame.selected == place:
            self._lifted(surface, layout, self.assets.face(cards[-1], size), rect)
        else:
            surface.blit(self.assets.face(cards[-1], size), rect)
        self._badge(surface, layout, rect, str(len(cards)))

    def _pile_labels(self, surface: pygame.Surface, layout: TableLayout, names: tuple[str, str]) -> None:
        rects = (layout.stock_label, layout.waste_label)
        size = layout.font  # one size for both labels: the largest at which each fits its place
        while size > 10 and any(
            name and self.assets.font(size, True).size(name)[0] > rect.width
            for rect, name in zip(rects, names, strict=True)
        ):
            size -= 1
        for rect, name in zip(rects, names, strict=True):
            if not name:
                continue
            text = self.assets.text(name, size, TEXT_DIM, bold=True)
            if rect.height >= layout.card[1]:  # beside the pile: centred on it
                surface.blit(text, text.get_rect(center=rect.center))
            else:
                surface.blit(text, text.get_rect(midbottom=rect.midbottom))

    def _deck(
        self, surface: pygame.Surface, layout: TableLayout, count: int, empty: bool, recycle_ready: bool
    ) -> None:
        """The face-down cards of the stock: a back with their ``count``, or an empty place
        (with the recycle mark when the whole stock is ``empty`` and the rules allow a recycle:
        never on the last pass, in one-pass play or on a won board)."""
        rect = layout.deck
        if count == 0:
            self._empty(surface, layout, rect)
            if empty and recycle_ready:
                mark = self.assets.text("↻", layout.card[0] // 2, TEXT, bold=True)
                surface.blit(mark, mark.get_rect(center=rect.center))
            return
        back = self.assets.back(layout.card)
        layers = min(3, 1 + (count - 1) // 8)
        for layer in range(layers - 1, -1, -1):
            surface.blit(back, rect.move(-2 * layer, -2 * layer))
        self._badge(surface, layout, rect, str(count))

    def _badge(self, surface: pygame.Surface, layout: TableLayout, rect: pygame.Rect, text: str) -> None:
        label = self.assets.text(text, max(12, layout.font - 2), TEXT, bold=True)
        box = label.get_rect().inflate(12, 4)
        box.midbottom = (rect.centerx, rect.bottom - 4)
        pygame.draw.rect(surface, BADGE, box, border_radius=box.height // 2)
        surface.blit(label, label.get_rect(center=box.center))

    def _empty(self, surface: pygame.Surface, layout: TableLayout, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, SLOT_OUTLINE, rect, width=2, border_radius=max(4, layout.card[0] // 10))

    # --- selection, partners, hint, focus -------------------------------------------------------
    def _marks(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        thick = max(3, layout.card[0] // 28)
        state = frame.state
        if frame.selected is not None and (
            frame.selected in (*range(SLOTS), STOCK, WASTE, *WASTE_PILES)
            or column_of(frame.selected) is not None
        ):
            ring(
                surface,
                layout.place_rect(frame.selected, state).move(0, -lifted_by(layout)),
                SELECTED,
                thick + 1,
                gap=1,
            )
        dash_w = max(4, round(layout.card[0] * PARTNER_DASH_WIDTH))
        for place in frame.partners:
            dashed_rect(
                surface, layout.place_rect(place, state), PARTNER_DASHES, dash_w, max(6, layout.card[0] // 7)
            )
        for target in frame.hint:
            rect = layout.buttons[target] if isinstance(target, str) else layout.place_rect(target, state)
            ring(surface, rect, HINT, thick, gap=2)
        if isinstance(frame.focus, int):
            outside = 2 * (thick + 3)  # outside the selection and hint rings
            rect = layout.place_rect(frame.focus, state).inflate(outside, outside)
            if frame.focus == frame.selected:
                rect.move_ip(0, -lifted_by(layout))
            focus_ring(surface, rect, radius=max(4, layout.card[0] // 8))
