"""Drawing the table: felt, pyramid, piles, marks, the line under the table, controls, bars.

The view reads what to show from a :class:`TableFrame` and draws it; it decides nothing. It
describes the table as a list of items (:mod:`game.render.layer`), each with the rectangle it
paints and a key naming what it shows, and keeps them painted on a cached layer: a frame that
changes one card repaints that card's rectangle, a frame that changes nothing repaints nothing.
Surfaces that depend only on the window size (the felt) are cached per size.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import partial

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
from game.table_terms import Tone
from rules import STOCK, WASTE, Card, State
from rules.moves import WASTE_PILES, column_of, column_place
from rules.topology import SLOTS

from .assets import Assets
from .cards import dashed_rect, ring
from .layer import Item, Layer, blitter, item
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
        self.layer = Layer()
        self._felt: pygame.Surface | None = None
        self._tints: dict[tuple[tuple[int, int], tuple[int, int, int, int]], pygame.Surface] = {}

    def base(self, layout: TableLayout) -> Hashable:
        """What every item depends on at once: a change repaints the whole layer."""
        assets = self.assets
        return (layout.size, layout.card, assets.deck_name, assets.deck_for(layout.card))

    def update(self, layout: TableLayout, frame: TableFrame) -> list[pygame.Rect]:
        """Bring the cached layer (:attr:`layer`) up to ``frame``; the rectangles repainted."""
        return self.layer.update(layout.size, self.base(layout), self._background, self.items(layout, frame))

    def draw(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        """Paint the whole table on ``surface``, cache or not (what the layer must equal)."""
        whole = surface.get_rect()
        self._background(surface, whole)
        for each in self.items(layout, frame):
            each.paint(surface)

    def _background(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.blit(self._felt_for(surface.get_size()), rect, rect)

    def items(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        """The table as items, in the order they are painted (later ones lie on earlier ones)."""
        found = self._top_bar(layout, frame)
        found += self._pyramid(layout, frame)
        found += self._columns(layout, frame) if layout.columns else self._piles(layout, frame)
        found += self._marks(layout, frame)
        found += self._line(layout, frame)
        for name, (label, style) in frame.buttons.items():
            found.append(self._button(layout, name, label, style, frame.focus == name))
        found.append(self._status(layout, frame.status))
        return found

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

    def _top_bar(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        bar = layout.top_bar
        found = [item(("bar",), bar, lambda s: pygame.draw.rect(s, BAR, bar))]
        area = layout.pass_area
        text = self.assets.fit_text(frame.pass_text, layout.font + 2, TEXT, area.width, bold=True)
        where = text.get_rect(midright=(area.right, area.centery))
        found.append(item(("pass", frame.pass_text), where, blitter(text, where)))
        return found

    def _status(self, layout: TableLayout, cells: list[str]) -> Item:
        """The cells side by side, each as wide as its text shares; one font size for all. The
        cells come in order of importance: when they cannot all fit even at the smallest size,
        the last ones are left out."""
        bar = layout.status
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
        placed = []
        x = float(bar.left)
        for cell, width in zip(cells, widths, strict=True):
            text = self.assets.text(cell, size, TEXT_DIM)
            placed.append((text, text.get_rect(center=(round(x + (width + spare) / 2), bar.centery))))
            x += width + spare

        def paint(surface: pygame.Surface) -> None:
            pygame.draw.rect(surface, BAR, bar)
            for text, where in placed:
                surface.blit(text, where)

        return item(("status", tuple(cells)), bar, paint)

    def _line(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        if not frame.line:
            return []
        color = TONE_COLORS[frame.tone]
        room = message_room(layout).size
        lines = button_lines(self.assets, frame.line, layout.font + 1, color, room, bold=True)
        y = layout.message.centery - sum(line.get_height() for line in lines) // 2
        placed = []
        for line in lines:
            placed.append((line, line.get_rect(midtop=(layout.message.centerx, y))))
            y += line.get_height()
        bounds = placed[0][1].unionall([where for _, where in placed])

        def paint(surface: pygame.Surface) -> None:
            for line, where in placed:
                surface.blit(line, where)

        return [item(("line", frame.line, frame.tone), bounds, paint)]

    def _button(self, layout: TableLayout, name: str, label: str, style: Style, focused: bool) -> Item:
        rect = layout.buttons[name]
        font = layout.font

        def paint(surface: pygame.Surface) -> None:
            draw_button(surface, self.assets, rect, label, font, style=style, focused=focused)

        return item(("button", name, label, style, focused, font), rect.inflate(16, 16), paint)

    # --- cards --------------------------------------------------------------------------------
    def _card(
        self,
        key: Hashable,
        card: Card,
        rect: pygame.Rect,
        layout: TableLayout,
        *,
        size: tuple[int, int] | None = None,
        covered: bool = False,
        lifted: bool = False,
    ) -> Item:
        """One face-up card at ``rect``: shaded when ``covered``, raised when ``lifted``."""
        size = layout.card if size is None else size
        face = self.assets.face(card, size)
        if lifted:
            lift = lifted_by(layout)
            shadow, raised = rect.move(lift // 2, lift // 3), rect.move(0, -lift)
            tint_shadow, tint_selected = self._tint(size, LIFT_SHADOW), self._tint(size, SELECTED_TINT)

            def paint_lifted(surface: pygame.Surface) -> None:
                surface.blit(tint_shadow, shadow)
                surface.blit(face, raised)
                surface.blit(tint_selected, raised)

            return item((key, card, "lifted"), shadow.union(raised), paint_lifted)
        shade = self._tint(size, COVERED_SHADE) if covered else None

        def paint(surface: pygame.Surface) -> None:
            surface.blit(face, rect)
            if shade is not None:
                surface.blit(shade, rect)

        return item((key, card, covered), rect, paint)

    def _pyramid(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        free = frame.state.uncovered
        found = []
        for slot, card in frame.state.pyramid_cards().items():
            if slot in frame.hidden:
                continue  # still on its way (the deal animation draws it)
            found.append(
                self._card(("slot", slot), card, layout.slots[slot], layout,
                           covered=not free >> slot & 1, lifted=slot == frame.selected)
            )  # fmt: skip
        return found

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

    def _columns(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        """The face-up columns (Giza): each card where the layout puts it, the covered ones
        shaded like covered pyramid cards, the top one lifted when selected; an empty column is
        an outline where its first card lay."""
        state = frame.state
        size = layout.columns[0][0].size  # on a phone smaller than the pyramid's (see compute_layout)
        found = []
        for column, rects in enumerate(layout.columns):
            cards = state.column_cards_left(column)
            shown = [
                (k, card)
                for k, card in enumerate(cards)
                if column_card_key(column, k, len(rects)) not in frame.hidden
            ]
            if not shown:
                found.append(self._empty(layout, rects[0]))
                continue
            for k, card in shown:
                on_top = k == len(cards) - 1
                lifted = on_top and frame.selected == column_place(column)
                found.append(
                    self._card(("column", column, k), card, rects[k], layout,
                               size=size, covered=not on_top, lifted=lifted)
                )  # fmt: skip
        return found

    def _piles(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        state = frame.state
        found = self._pile_labels(layout, frame.pile_labels)
        if not state.stock_face_up:  # several waste piles: the whole stock lies face down
            found += self._deck(layout, state.stock_count, state.stock_count == 0, frame.recycle_ready)
            for pile, place in enumerate(state.waste_places()):
                found += self._waste(layout, frame, place, state.pile_cards(pile))
            return found
        # the stock's top card lies face up beside it, except while the deal flies out of it
        face_down = state.stock_count if frame.dealing else max(0, state.stock_count - 1)
        found += self._deck(layout, face_down, state.stock_count == 0, frame.recycle_ready)
        top = state.card_at(STOCK)
        if frame.dealing and top is not None:
            pass  # its place stays bare felt until the deal lands
        elif top is None:
            found.append(self._empty(layout, layout.stock))
        else:
            found.append(self._card(("stock",), top, layout.stock, layout, lifted=frame.selected == STOCK))
        found += self._waste(layout, frame, WASTE, state.waste_cards())
        return found

    def _waste(self, layout: TableLayout, frame: TableFrame, place: int, cards: list[Card]) -> list[Item]:
        """One waste pile (``cards`` bottom first): its top card, a glimpse of the one under
        it, and how many cards it holds."""
        size, rect = layout.card, layout.place_rect(place)
        if place in frame.hidden:
            cards = cards[:-1]  # the top card is still flying in
        if not cards:
            return [self._empty(layout, rect)]
        found = []
        if len(cards) > 1:
            under, below = self.assets.face(cards[-2], size), rect.move(-3, -3)
            found.append(item(("under", place, cards[-2]), below, blitter(under, below)))
        found.append(self._card(("pile", place), cards[-1], rect, layout, lifted=frame.selected == place))
        found.append(self._badge(layout, rect, str(len(cards))))
        return found

    def _pile_labels(self, layout: TableLayout, names: tuple[str, str]) -> list[Item]:
        rects = (layout.stock_label, layout.waste_label)
        size = layout.font  # one size for both labels: the largest at which each fits its place
        while size > 10 and any(
            name and self.assets.font(size, True).size(name)[0] > rect.width
            for rect, name in zip(rects, names, strict=True)
        ):
            size -= 1
        found = []
        for rect, name in zip(rects, names, strict=True):
            if not name:
                continue
            text = self.assets.text(name, size, TEXT_DIM, bold=True)
            if rect.height >= layout.card[1]:  # beside the pile: centred on it
                where = text.get_rect(center=rect.center)
            else:
                where = text.get_rect(midbottom=rect.midbottom)
            found.append(item(("label", name, size), where, blitter(text, where)))
        return found

    def _deck(self, layout: TableLayout, count: int, empty: bool, recycle_ready: bool) -> list[Item]:
        """The face-down cards of the stock: a back with their ``count``, or an empty place
        (with the recycle mark when the whole stock is ``empty`` and the rules allow a recycle:
        never on the last pass, in one-pass play or on a won board)."""
        rect = layout.deck
        if count == 0:
            found = [self._empty(layout, rect)]
            if empty and recycle_ready:
                mark = self.assets.text("↻", layout.card[0] // 2, TEXT, bold=True)
                where = mark.get_rect(center=rect.center)
                found.append(item(("recycle mark",), where, blitter(mark, where)))
            return found
        back = self.assets.back(layout.card)
        layers = min(3, 1 + (count - 1) // 8)
        spots = [rect.move(-2 * layer, -2 * layer) for layer in range(layers - 1, -1, -1)]

        def paint(surface: pygame.Surface) -> None:
            for spot in spots:
                surface.blit(back, spot)

        return [item(("deck", layers), spots[0].union(rect), paint), self._badge(layout, rect, str(count))]

    def _badge(self, layout: TableLayout, rect: pygame.Rect, text: str) -> Item:
        label = self.assets.text(text, max(12, layout.font - 2), TEXT, bold=True)
        box = label.get_rect().inflate(12, 4)
        box.midbottom = (rect.centerx, rect.bottom - 4)

        def paint(surface: pygame.Surface) -> None:
            pygame.draw.rect(surface, BADGE, box, border_radius=box.height // 2)
            surface.blit(label, label.get_rect(center=box.center))

        return item(("badge", text), box, paint)

    def _empty(self, layout: TableLayout, rect: pygame.Rect) -> Item:
        radius = max(4, layout.card[0] // 10)
        return item(
            ("empty",), rect, lambda s: pygame.draw.rect(s, SLOT_OUTLINE, rect, width=2, border_radius=radius)
        )

    # --- selection, partners, hint, focus -------------------------------------------------------
    def _marks(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        thick = max(3, layout.card[0] // 28)
        state = frame.state
        found = []
        if frame.selected is not None and (
            frame.selected in (*range(SLOTS), STOCK, WASTE, *WASTE_PILES)
            or column_of(frame.selected) is not None
        ):
            lifted = layout.place_rect(frame.selected, state).move(0, -lifted_by(layout))
            outer = lifted.inflate(2 * (thick + 2), 2 * (thick + 2))
            found.append(item(("selected", thick), outer,
                              lambda s: ring(s, lifted, SELECTED, thick + 1, gap=1)))  # fmt: skip
        dash_w = max(4, round(layout.card[0] * PARTNER_DASH_WIDTH))
        dash = max(6, layout.card[0] // 7)
        for place in frame.partners:
            rect = layout.place_rect(place, state)
            paint = partial(dashed_rect, rect=rect, palette=PARTNER_DASHES, width=dash_w, dash=dash)
            found.append(item(("partner", dash_w), rect.inflate(3 * dash_w, 3 * dash_w), paint))
        for target in frame.hint:
            rect = layout.buttons[target] if isinstance(target, str) else layout.place_rect(target, state)
            outer = rect.inflate(2 * (thick + 2), 2 * (thick + 2))
            paint = partial(ring, rect=rect, color=HINT, width=thick, gap=2)
            found.append(item(("hint", thick), outer, paint))
        if isinstance(frame.focus, int):
            outside = 2 * (thick + 3)  # outside the selection and hint rings
            rect = layout.place_rect(frame.focus, state).inflate(outside, outside)
            if frame.focus == frame.selected:
                rect.move_ip(0, -lifted_by(layout))
            radius = max(4, layout.card[0] // 8)
            found.append(item(("focus", radius), rect.inflate(14, 14),
                              lambda s: focus_ring(s, rect, radius=radius)))  # fmt: skip
        return found
