"""Drawing the table: felt, pyramid, piles, marks, the line under the table, controls, bars
(these last three in :mod:`game.render.controls_view`).

The view reads what to show from a :class:`TableFrame` and draws it; it decides nothing. It
describes the table as a list of items (:mod:`game.render.layer`), each with the rectangle it
paints and a key naming what it shows, and keeps them painted on a cached layer: a frame that
changes one card repaints that card's rectangle, a frame that changes nothing repaints nothing.
Surfaces that depend only on the window size (the felt) are cached per size.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cache, partial

import pygame

from game.config import (
    COUNT_BG,
    HINT,
    PARTNER_DASH_WIDTH,
    PARTNER_DASHES,
    SELECTED,
    SLOT_OUTLINE,
    TEXT,
    TEXT_DIM,
)
from game.table_terms import Tone
from rules import STOCK, WASTE, Card, State
from rules.moves import CELL, WASTE_PILES, column_of, column_place, reserve_of, reserve_place
from rules.stock import Columns, DrawThree, OneCell, OneWaste, Reserve, WastePiles
from rules.topology import SLOTS, Shape

from .assets import Assets
from .card_look import CardLook, face_rect, face_size
from .card_look import lifted_by as card_lift
from .cards import dashed_rect, ring
from .controls_view import ControlsView
from .depth import make_felt
from .icons import icon
from .layer import Item, Layer, blitter, item
from .layout import TableLayout, column_card_key
from .theme import CARD_REST, TypeScale, space
from .widgets import Style, focus_ring


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
    short_labels: dict[str, str] = field(default_factory=dict)
    """Shorter labels of some controls, for a row too narrow for the full ones."""
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
    cell_label: str = ""
    """The name written in the empty free cell («Celda»), in a variant with one."""
    reserve_label: str = ""
    """The name written over a reserve row («Reserva»), in a variant with one."""


def lifted_by(layout: TableLayout) -> int:
    """How far the selected card rises, in pixels."""
    return card_lift(layout.card)


class TableView:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.look = CardLook(assets)
        self.controls = ControlsView(assets)
        self.layer = Layer()
        self._felt: pygame.Surface | None = None

    def base(self, layout: TableLayout) -> Hashable:
        """What every item depends on at once: a change repaints the whole layer."""
        assets = self.assets
        return (layout.size, layout.card, assets.deck_name, assets.deck_for(face_size(layout.card)))

    def update(self, layout: TableLayout, frame: TableFrame) -> list[pygame.Rect]:
        """Bring the cached layer (:attr:`layer`) up to ``frame``; the rectangles repainted."""
        return self.layer.update(layout.size, self.base(layout), self._background, self.items(layout, frame))

    def draw(self, surface: pygame.Surface, layout: TableLayout, frame: TableFrame) -> None:
        """Paint the whole table on ``surface``, cache or not (what the layer must equal)."""
        self._background(surface, surface.get_rect())
        for each in self.items(layout, frame):
            each.paint(surface)

    def _background(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        surface.blit(self.felt(surface.get_size()), rect, rect)

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != size:
            self._felt = make_felt(size)
        return self._felt

    def items(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        """The table as items, in the order they are painted (later ones lie on earlier ones)."""
        chrome = self.controls
        found = chrome.top_bar(layout, frame)
        found += self._pyramid(layout, frame)
        found += BLOCK_ITEMS[frame.state.kind.name](self, layout, frame)
        found += self._marks(layout, frame)
        found += chrome.line(layout, frame)
        found += chrome.controls(layout, frame)
        found.append(chrome.status(layout, frame.status))
        return found

    # --- cards --------------------------------------------------------------------------------
    def _face(self, card: Card, place: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
        face = face_rect(place)
        return self.assets.face(card, face.size), face

    def _card(
        self, key: Hashable, card: Card, place: pygame.Rect, layout: TableLayout, *, covered: bool = False,
        lifted: bool = False, shadow: bool = True,
    ) -> list[Item]:  # fmt: skip
        """One face-up card in ``place``: its shadow (unless another item draws it) and its face,
        shaded when ``covered``; raised over a larger shadow when ``lifted``."""
        image, face = self._face(card, place)
        look = self.look
        if lifted:
            lift = lifted_by(layout)
            room = look.lifted_room(face, lift)
            return [item((key, card, "lifted"), room, lambda s: look.draw_lifted(s, image, face, lift))]
        found = [self._shadow(key, face)] if shadow else []
        found.append(
            item((key, card, covered), face, lambda s: look.draw_face(s, image, face, covered=covered))
        )
        return found

    def _shadow(self, key: Hashable, face: pygame.Rect) -> Item:
        look = self.look
        return item(("shadow", key), look.shadow_rect(face, CARD_REST), lambda s: look.draw_shadow(s, face))

    def _pyramid(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        """Row by row, the shadows of a row's cards first, then its cards: a card's shadow falls on
        the row above it and on the felt, never on its neighbours in the row."""
        free = frame.state.uncovered
        cards = frame.state.pyramid_cards()
        found: list[Item] = []
        for row in row_slots(frame.state.rules.variant.shape):
            here = [s for s in row if s in cards and s not in frame.hidden]  # hidden: still flying in
            found += [
                self._shadow(("slot", s), face_rect(layout.slots[s])) for s in here if s != frame.selected
            ]
            for slot in here:
                found += self._card(("slot", slot), cards[slot], layout.slots[slot], layout, shadow=False,
                                    covered=not free >> slot & 1, lifted=slot == frame.selected)  # fmt: skip
        return found

    def _columns(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        """The face-up columns (Giza): each card where the layout puts it, the covered ones
        shaded like covered pyramid cards, the top one lifted when selected; an empty column is
        an outline where its first card lay."""
        state = frame.state
        found: list[Item] = []
        for column, rects in enumerate(layout.columns):
            cards = state.column_cards_left(column)
            shown = [
                (k, card)
                for k, card in enumerate(cards)
                if column_card_key(column, k, len(rects)) not in frame.hidden
            ]
            if not shown:
                found.append(self._empty(rects[0]))
                continue
            for k, card in shown:
                on_top = k == len(cards) - 1
                lifted = on_top and frame.selected == column_place(column)
                found += self._card(
                    ("column", column, k), card, rects[k], layout, covered=not on_top, lifted=lifted
                )
        return found

    def _piles(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        state = frame.state
        found: list[Item] = []
        if not state.stock_face_up:  # several waste piles: the whole stock lies face down
            found += self._deck(layout, state.stock_count, state.stock_count == 0, frame.recycle_ready)
            counts = []
            for pile, place in enumerate(state.waste_places()):
                cards = state.pile_cards(pile)
                found += self._waste(layout, frame, place, cards)
                counts.append(len(cards) - (place in frame.hidden))
            return found + self._pile_labels(layout, frame.pile_labels, state.stock_count, counts)
        # the stock's top card lies face up beside it, except while the deal flies out of it
        face_down = state.stock_count if frame.dealing else max(0, state.stock_count - 1)
        found += self._deck(layout, face_down, state.stock_count == 0, frame.recycle_ready)
        top = state.card_at(STOCK)
        if frame.dealing and top is not None:
            pass  # its place stays bare felt until the deal lands
        elif top is None:
            found.append(self._empty(layout.stock))
        else:
            found += self._card(("stock",), top, layout.stock, layout, lifted=frame.selected == STOCK)
        waste = state.waste_cards()
        found += self._waste(layout, frame, WASTE, waste)
        shown = len(waste) - (WASTE in frame.hidden)
        return found + self._pile_labels(layout, frame.pile_labels, face_down, [shown], frame.cell_label)

    def _waste(self, layout: TableLayout, frame: TableFrame, place: int, cards: list[Card]) -> list[Item]:
        """One waste pile (``cards`` bottom first): its top card over a glimpse of the one under it."""
        rect = layout.place_rect(place)
        if place in frame.hidden:
            cards = cards[:-1]  # the top card is still flying in
        if not cards:
            return [self._empty(rect)]
        found: list[Item] = []
        if len(cards) > 1:
            step = max(2, layout.card[0] // 30)
            found += self._card(("under", place), cards[-2], rect.move(-step, -step), layout)
        found += self._card(("pile", place), cards[-1], rect, layout, lifted=frame.selected == place)
        return found

    def _pile_labels(
        self, layout: TableLayout, names: tuple[str, str], face_down: int, counts: list[int], cell: str = ""
    ) -> list[Item]:
        """«Mazo» and «Descarte», each with its count on a pill beside it (the face-down cards;
        the cards of each waste pile), above the piles or beside them, and ``cell`` («Celda»)
        over a free cell where the layout has room for it: within the felt free on their line
        (the window, the controls, the other labels), all smaller when it is narrow."""
        rects = (layout.stock_label, layout.waste_label)
        every = zip(rects, names, ([face_down], counts), strict=True)
        labels = [(r, n, c) for r, n, c in every if n and r.width]
        if labels and cell and layout.cell_label.width:  # «Celda» over the cell, no count
            labels.append((layout.cell_label, cell, []))
        if not labels:  # piles drawn without their labels (a reserve on the smallest windows)
            return []
        placed = _fitted(self, layout, labels)
        if len(labels) > len(rects) and _crowded(placed[-2][1], placed[-1][1], TypeScale(layout.font).body):
            labels.pop()  # «Celda» would read as one with «Descarte»: it goes in the empty cell
            placed = _fitted(self, layout, labels)
        found = []
        for (_, name, numbers), (images, spots, _) in zip(labels, placed, strict=True):
            bounds = spots[0].unionall(spots[1:])

            def paint(surface: pygame.Surface, images: list[pygame.Surface] = images,
                      spots: list[pygame.Rect] = spots) -> None:  # fmt: skip
                for image, spot in zip(images, spots, strict=True):
                    surface.blit(image, spot)

            found.append(item(("label", name, tuple(numbers), bounds.size), bounds, paint))
        return found

    def _placed(
        self, layout: TableLayout, labels: list[tuple[pygame.Rect, str, list[int]]], share: float
    ) -> tuple[list[pygame.Surface], list[pygame.Rect], bool]:
        """The last of ``labels`` at ``share`` of its size, placed after the ones before it: its
        images, where they go, and whether it fits the felt free on its line."""
        taken = list(layout.buttons.values())
        for k, (rect, name, numbers) in enumerate(labels):
            beside = rect.height >= layout.card[1]  # labels left and right of the piles
            room = _free_span(layout, rect, taken)
            text, pills, gap = self._label_parts(layout, name, numbers, share)
            pills_w = sum(p.get_width() for p in pills) + gap * (len(pills) - 1)
            width = max(text.get_width(), pills_w) if beside else text.get_width() + gap + pills_w
            if beside:
                height = text.get_height() + gap + max(p.get_height() for p in pills)
                block = pygame.Rect(0, 0, width, height)
                block.center = rect.center
                block.clamp_ip(room.left, block.top, room.width, height)
                spots = [text.get_rect(midtop=block.midtop)]
                x = block.centerx - (pills_w if len(pills) > 1 else pills[0].get_width()) // 2
                for pill in pills:
                    spots.append(pill.get_rect(topleft=(x, block.top + text.get_height() + gap)))
                    x += pill.get_width() + gap
            else:
                x = rect.centerx - width // 2
                if width > rect.width:  # wider than its pile: away from the other labels, over the felt
                    x = rect.right - width if _grows_left(layout, rect) else rect.left
                x = min(max(x, room.left), room.right - width)
                spots = [text.get_rect(midleft=(x, rect.centery))]
                x += text.get_width()
                for pill in pills:
                    spots.append(pill.get_rect(midleft=(x + gap, rect.centery)))
                    x += gap + pill.get_width()
            if k == len(labels) - 1:
                return [text, *pills], spots, width <= room.width
            taken.append(spots[0].unionall(spots[1:]))
        raise ValueError("no label to place")

    def _label_parts(
        self, layout: TableLayout, name: str, numbers: list[int], share: float
    ) -> tuple[pygame.Surface, list[pygame.Surface], int]:
        """A pile label's word, its count pills and the gap between them, at ``share`` of their size."""
        scale = TypeScale(layout.font)
        text = self.assets.text(name, round(scale.body * share), TEXT_DIM, bold=True)
        pills = [self._pill(str(n), round(scale.caption * share)) for n in numbers]
        return text, pills, space(layout.margin, "xs") + 2

    def _pill(self, text: str, size: int) -> pygame.Surface:
        """A count on its dark pill."""
        label = self.assets.text(text, size, TEXT, bold=True)
        pad = max(3, size // 2)
        pill = pygame.Surface((label.get_width() + 2 * pad, label.get_height() + 2), pygame.SRCALPHA)
        pygame.draw.rect(pill, COUNT_BG, pill.get_rect(), border_radius=pill.get_height() // 2)
        pill.blit(label, label.get_rect(center=pill.get_rect().center))
        return pill

    def _deck(self, layout: TableLayout, count: int, empty: bool, recycle_ready: bool) -> list[Item]:
        """The face-down cards of the stock: a stack of backs whose edges show how many there are,
        or an empty place (with the recycle mark when the whole stock is ``empty`` and the rules
        allow a recycle: never on the last pass, in one-pass play or on a won board)."""
        rect = layout.deck
        if count == 0:
            found = [self._empty(rect)]
            if empty and recycle_ready:
                mark = icon("recycle", max(16, rect.width * 3 // 5), TEXT)
                where = mark.get_rect(center=rect.center)
                found.append(item(("recycle mark",), where, blitter(mark, where)))
            return found
        spots = self.look.deck_spots(rect, count)
        back = self.assets.back(spots[0].size)
        room = self.look.shadow_rect(spots[0].union(spots[-1]), CARD_REST).union(spots[0].union(spots[-1]))
        look = self.look
        return [item(("deck", len(spots)), room, lambda s: look.draw_deck(s, back, spots))]

    def _empty(self, rect: pygame.Rect) -> Item:
        face = face_rect(rect)
        radius = max(4, face.width // 10)
        return item(
            ("empty",), face, lambda s: pygame.draw.rect(s, SLOT_OUTLINE, face, width=2, border_radius=radius)
        )

    # --- selection, partners, hint, focus -------------------------------------------------------
    def _marks(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        thick = max(3, layout.card[0] // 28)
        state = frame.state
        found = []
        if frame.selected is not None and (
            frame.selected in (*range(SLOTS), STOCK, WASTE, *WASTE_PILES, CELL)
            or column_of(frame.selected) is not None
            or reserve_of(frame.selected) is not None
        ):
            lifted = face_rect(layout.place_rect(frame.selected, state)).move(0, -lifted_by(layout))
            outer = lifted.inflate(2 * (thick + 2), 2 * (thick + 2))
            found.append(item(("selected", thick), outer,
                              lambda s: ring(s, lifted, SELECTED, thick + 1, gap=1)))  # fmt: skip
        dash_w = max(4, round(layout.card[0] * PARTNER_DASH_WIDTH))
        dash = max(6, layout.card[0] // 7)
        for place in frame.partners:
            rect = layout.place_rect(place, state)  # just outside the card: around its place
            paint = partial(dashed_rect, rect=rect, palette=PARTNER_DASHES, width=dash_w, dash=dash)
            found.append(item(("partner", dash_w), rect.inflate(3 * dash_w, 3 * dash_w), paint))
        for target in frame.hint:
            if isinstance(target, str):
                rect = layout.buttons[target]
            else:
                rect = face_rect(layout.place_rect(target, state))
            outer = rect.inflate(2 * (thick + 2), 2 * (thick + 2))
            paint = partial(ring, rect=rect, color=HINT, width=thick, gap=2)
            found.append(item(("hint", thick), outer, paint))
        if isinstance(frame.focus, int):
            outside = 2 * (thick + 3)  # outside the selection and hint rings
            rect = face_rect(layout.place_rect(frame.focus, state)).inflate(outside, outside)
            if frame.focus == frame.selected:
                rect.move_ip(0, -lifted_by(layout))
            radius = max(4, layout.card[0] // 8)
            found.append(item(("focus", radius), rect.inflate(14, 14),
                              lambda s: focus_ring(s, rect, radius=radius)))  # fmt: skip
        return found


def _piles_and_cell(view: TableView, layout: TableLayout, frame: TableFrame) -> list[Item]:
    """The piles, then the free cell beside the waste: its card (raised when selected), or while
    it is empty (or its card still flies in) an outlined place with «Celda» written in it."""
    found = view._piles(layout, frame)
    card = frame.state.cell
    if card is not None and CELL not in frame.hidden:
        return found + view._card(("cell",), card, layout.cell, layout, lifted=frame.selected == CELL)
    found.append(view._empty(layout.cell))
    if any(isinstance(drawn.key, tuple) and drawn.key[:2] == ("label", frame.cell_label) for drawn in found):
        return found  # named over it
    face = face_rect(layout.cell)
    size = max(8, TypeScale(layout.font).caption)
    text = view.assets.text(frame.cell_label, size, TEXT_DIM, bold=True)
    room = face.width - 6
    if text.get_width() > room:  # a narrow card: the word shrinks to fit inside the outline
        text = view.assets.text(
            frame.cell_label, max(6, size * room // text.get_width()), TEXT_DIM, bold=True
        )
    spot = text.get_rect(center=face.center)
    found.append(item(("cell label", frame.cell_label, spot.size), spot, blitter(text, spot)))
    return found


def _piles_and_reserve(view: TableView, layout: TableLayout, frame: TableFrame) -> list[Item]:
    """The piles, then the reserve row: each place's card face up (raised when selected), or an
    outlined empty place once its card is gone (or while it still flies in)."""
    found = view._piles(layout, frame)
    left = 0
    for index, rect in enumerate(layout.reserve):
        place = reserve_place(index)
        card = frame.state.card_at(place)
        if card is None or place in frame.hidden:
            found.append(view._empty(rect))
            continue
        found += view._card(("reserve", index), card, rect, layout, lifted=frame.selected == place)
        left += 1
    if layout.reserve_label.width and frame.reserve_label:  # «Reserva» and the cards left in it
        labels = [(layout.reserve_label, frame.reserve_label, [left])]
        for share in LABEL_SHRINK:
            images, spots, fits = view._placed(layout, labels, share)
            if fits:
                break
        bounds = spots[0].unionall(spots[1:])

        def paint(surface: pygame.Surface) -> None:
            for image, spot in zip(images, spots, strict=True):
                surface.blit(image, spot)

        found.append(item(("label", frame.reserve_label, left, bounds.size), bounds, paint))
    return found


BLOCK_ITEMS: dict[str, Callable[[TableView, TableLayout, TableFrame], list[Item]]] = {
    OneWaste.name: TableView._piles,
    WastePiles.name: TableView._piles,
    DrawThree.name: TableView._piles,
    OneCell.name: _piles_and_cell,
    Columns.name: TableView._columns,
    Reserve.name: _piles_and_reserve,
}
"""How each stock kind's block is drawn, by the kind's name: a new kind adds its line."""


@cache
def row_slots(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The slots of each row of ``shape``, the top row first (the order cards are drawn in)."""
    return tuple(tuple(s for s in range(shape.slots) if shape.row[s] == row) for row in range(shape.rows))


"""The pyramid's slots row by row, apex first."""


LABEL_SHRINK = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
"""The sizes a pile label tries, largest first, to fit the felt free on its line."""


def _fitted(
    view: TableView, layout: TableLayout, labels: list[tuple[pygame.Rect, str, list[int]]]
) -> list[tuple[list[pygame.Surface], list[pygame.Rect], bool]]:
    """Every one of ``labels`` placed after the ones before it (:meth:`TableView._placed`), all
    at the largest share of their size (:data:`LABEL_SHRINK`) at which each fits the felt free
    on its line."""
    for share in LABEL_SHRINK:
        placed = [view._placed(layout, labels[: k + 1], share) for k in range(len(labels))]
        if all(fits for _, _, fits in placed):
            break
    return placed


def _crowded(one: list[pygame.Rect], other: list[pygame.Rect], apart: int) -> bool:
    """Whether two labels' pieces on one line come within ``apart`` pixels of each other."""
    a, b = one[0].unionall(one[1:]), other[0].unionall(other[1:])
    return a.inflate(2 * apart, 0).colliderect(b)


def _grows_left(layout: TableLayout, rect: pygame.Rect) -> bool:
    """Whether a pile label wider than its pile reaches left of it: «Mazo» (the waste lies on its
    right), and «Descarte» when a named cell lies on its right (in two rows, the cell beside it)."""
    if rect is layout.stock_label:
        return True
    cell = layout.cell_label
    return rect is layout.waste_label and bool(cell.width) and cell.left > rect.left


def _free_span(layout: TableLayout, rect: pygame.Rect, taken: list[pygame.Rect]) -> pygame.Rect:
    """The felt free around ``rect`` on its line: from the nearest thing ``taken`` (or the
    window's margin) on its left to the nearest on its right."""
    left, right = layout.margin, layout.size[0] - layout.margin
    for other in taken:
        if other.top < rect.bottom and rect.top < other.bottom:
            if other.right <= rect.centerx:
                left = max(left, other.right + layout.margin // 2)
            elif other.left >= rect.centerx:
                right = min(right, other.left - layout.margin // 2)
    return pygame.Rect(left, rect.top, max(0, right - left), rect.height)
