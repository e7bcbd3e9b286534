"""Rule sets, layouts and the immutable game state, and the short text that describes a position.

The state is a few integers over a fixed :class:`Layout` (where every card was dealt):

* ``pyramid`` — bitmask of pyramid slots still on the table;
* ``stock`` — bitmask over ``layout.stock`` indices of cards still in the stock or the waste;
* ``cursor`` — stock-sequence indices below it are in the waste, the others in the stock. It is
  kept normalised: one past the waste's top card, or 0 when the waste is empty (with several
  waste piles: the end of that card's group, see :mod:`rules.piles`);
* ``pass_no`` — the current pass through the stock, from 1;
* ``columns`` — in a variant with face-up columns (Giza), bitmask of the column cards still on
  the table: card ``k`` of column ``c`` (``k`` = 0 the first dealt, at the bottom) is bit
  ``c * variant.column_depth + k``. Only a column's top card can leave, so each column's bits
  are a run from its bottom, and the column's uncovered card is its highest bit;
* ``cell`` — in a variant with a free cell (:mod:`rules.stock.cell`), the card in the cell, or
  None when it is empty (always None elsewhere). The card keeps no place in the layout: the
  bit of the place it left is cleared like a removed card's.

Drawing moves the cursor past the stock's top card (with several waste piles: past its group of
three); a recycle sets it back to 0, so the waste becomes the stock again in the same order.
Removing a card clears its bit and nothing moves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.cards import Card, Deck, format_cards, parse_card
from rules.deals import deal_cards, parse_deal_text
from rules.errors import NotationError
from rules.layout import Layout
from rules.moves import STOCK, WASTE, WASTE_PILES, parse_place
from rules.numbers import NumberTextError, shown, whole_number_text
from rules.piles import pile_cards
from rules.stock import SECTIONS
from rules.stock.kind import StockKind, section_cards
from rules.topology import iter_slots
from rules.variant import (
    ALL_RULE_SETS,
    CLASSIC,
    DEFAULT_RULES,
    PYRAMID,
    UNLIMITED,
    VARIANTS,
    RuleSet,
    Variant,
)

__all__ = [
    "ALLOWED_PASSES",
    "ALL_RULE_SETS",
    "CLASSIC",
    "Layout",
    "RuleSet",
    "State",
    "parse_position",
    "parse_position_unseen",
]

ALLOWED_PASSES = (1, 3)


@dataclass(frozen=True, slots=True)
class State:
    """A position: immutable and hashable. See the module docstring for the fields."""

    layout: Layout
    rules: RuleSet
    pyramid: int
    stock: int
    cursor: int
    pass_no: int
    columns: int = 0
    cell: Card | None = None

    # --- construction -------------------------------------------------------------------
    @staticmethod
    def start(layout: Layout, rules: RuleSet = DEFAULT_RULES) -> State:
        """The position at a layout's start. Its cards must be of the rule set's deck."""
        if layout.deck != rules.deck and any((*layout.pyramid, *layout.stock, *layout.column_cards())):
            raise NotationError(f"{layout.deck.name} cards cannot be played under {rules.key}")
        if len(layout.pyramid) != rules.variant.slots:
            raise NotationError(f"a pyramid has {rules.variant.slots} slots, not {len(layout.pyramid)}")
        present = sum(1 << s for s, card in enumerate(layout.pyramid) if card is not None)
        columns = _columns_mask(layout, rules.variant)
        return State(layout, rules, present, (1 << len(layout.stock)) - 1, 0, 1, columns)

    @staticmethod
    def from_deal(number: int, rules: RuleSet = DEFAULT_RULES) -> State:
        return State.start(Layout.from_cards(deal_cards(number, rules.variant), rules.variant), rules)

    @staticmethod
    def from_deal_text(line: str, rules: RuleSet = DEFAULT_RULES) -> State:
        return State.start(Layout.from_cards(parse_deal_text(line, rules.deck), rules.variant), rules)

    # --- what lies where ----------------------------------------------------------------
    def stock_top_index(self) -> int | None:
        """Index in ``layout.stock`` of the stock's top card, or None if the stock is empty."""
        rest = self.stock >> self.cursor
        if not rest:
            return None
        return self.cursor + (rest & -rest).bit_length() - 1

    def waste_top_index(self) -> int | None:
        """Index in ``layout.stock`` of the waste's top card, or None if the waste is empty."""
        below = self.stock & ((1 << self.cursor) - 1)
        return below.bit_length() - 1 if below else None

    def waste_mask(self) -> int:
        """The waste's cards (every pile's), a mask over ``layout.stock``."""
        return self.stock & ((1 << self.cursor) - 1)

    # --- what the variant's stock kind says (see rules.stock) ------------------------------
    @property
    def kind(self) -> StockKind:
        """The variant's stock kind, which owns the places beside the pyramid."""
        return self.rules.variant.stock_kind

    @property
    def piles(self) -> int:
        """How many waste piles the variant deals the stock onto (1, or 3 for apophis)."""
        return self.kind.waste_piles

    @property
    def stock_face_up(self) -> bool:
        """The stock's top card lies face up and is playable (one waste pile); a variant with
        several waste piles keeps the stock face down."""
        return self.kind.stock_face_up

    def waste_places(self) -> tuple[int, ...]:
        """The places of the waste's playable cards: ``W``, or ``W1 W2 W3`` for three piles."""
        return self.kind.waste_places()

    def pile_cards(self, pile: int) -> list[Card]:
        """The cards on waste pile ``pile`` (from 0), bottom first."""
        return [self.layout.stock[i] for i in pile_cards(self.stock, self.cursor, pile, self.piles)]

    def drawn_cursor(self) -> int:
        """Where a draw leaves the cursor: past the stock's top card (and the rest of its group)."""
        return self.kind.drawn_cursor(self)

    def normal_cursor(self, stock: int) -> int:
        """The normalised cursor for the stock mask ``stock`` at this state's cursor."""
        return self.kind.normal_cursor(stock, self.cursor)

    def index_at(self, place: int) -> int | None:
        """Index in ``layout.stock`` of the playable card at place :data:`STOCK`, :data:`WASTE`
        or one of :data:`WASTE_PILES`; None when that place has no card in this variant now."""
        if place not in (STOCK, WASTE, *WASTE_PILES):
            raise ValueError(f"no such place: {place}")
        return self.kind.card_index(self, place)

    def place_of(self, index: int) -> int | None:
        """The place where stock card ``index`` is playable now, or None."""
        for place in (STOCK, *self.waste_places()):
            if self.index_at(place) == index:
                return place
        return None

    def visible_stock(self) -> int:
        """Stock cards face up now (a mask over ``layout.stock``): the waste, and the stock's
        top card when it lies face up."""
        return self.kind.visible(self)

    def column_top_index(self, column: int) -> int | None:
        """Position in ``layout.columns[column]`` of that column's uncovered card, or None when
        the column is empty (or the variant has no such column)."""
        depth = self.rules.variant.column_depth
        if not 0 <= column < self.rules.variant.columns:
            return None
        bits = self.columns >> (column * depth) & ((1 << depth) - 1)
        return bits.bit_length() - 1 if bits else None

    def column_cards_left(self, column: int) -> list[Card]:
        """The cards still in column ``column``, bottom first (the last one is on top)."""
        depth = self.rules.variant.column_depth
        if not 0 <= column < self.rules.variant.columns:
            return []
        bits = self.columns >> (column * depth) & ((1 << depth) - 1)
        return [self.layout.columns[column][k] for k in iter_slots(bits)]

    @property
    def column_count(self) -> int:
        """Cards left in the columns."""
        return self.columns.bit_count()

    def card_at(self, place: int) -> Card | None:
        """The card at a place (pyramid slot, :data:`STOCK`, :data:`WASTE`, a waste pile or a
        column), or None."""
        if 0 <= place < self.rules.variant.slots:
            return self.layout.pyramid[place] if self.pyramid >> place & 1 else None
        return self.kind.card_at(self, place)

    def stock_cards(self) -> list[Card]:
        """Cards in the stock, top first."""
        return [self.layout.stock[i] for i in iter_slots(self.stock >> self.cursor << self.cursor)]

    def waste_cards(self) -> list[Card]:
        """Cards in the waste, bottom first (the last one is the top)."""
        return [self.layout.stock[i] for i in iter_slots(self.waste_mask())]

    def pyramid_cards(self) -> dict[int, Card]:
        """Slot → card for every pyramid card still on the table."""
        cards = {}
        for s in iter_slots(self.pyramid):
            card = self.layout.pyramid[s]
            assert card is not None
            cards[s] = card
        return cards

    @property
    def uncovered(self) -> int:
        """Mask of pyramid slots with a card that nothing lies on."""
        return self.rules.variant.shape.uncovered(self.pyramid)

    @property
    def pyramid_left(self) -> int:
        return self.pyramid.bit_count()

    @property
    def removed_from_pyramid(self) -> int:
        """Pyramid cards gone so far, the «N de 28» of the status bar."""
        return self.rules.variant.slots - self.pyramid_left

    @property
    def stock_count(self) -> int:
        return (self.stock >> self.cursor).bit_count()

    @property
    def waste_count(self) -> int:
        return self.waste_mask().bit_count()

    @property
    def recycles_left(self) -> int:
        return self.rules.passes - self.pass_no

    @property
    def is_won(self) -> bool:
        """All 28 pyramid cards removed, and any cards the stock kind wants gone too (a
        reserve, the free cell's card); stock and waste may keep cards, unless the variant wants
        every card gone (strict win)."""
        if self.pyramid or self.kind.blocks_win(self):
            return False
        return not self.rules.variant.win_all or self.kind.cleared(self)

    # --- text ---------------------------------------------------------------------------
    def to_text(self, unseen: int = 0) -> str:
        """The position in the text form :func:`parse_position` reads; ``unseen`` (a mask over
        ``layout.stock`` indices) adds an ``unseen:`` section listing those cards."""
        tokens = [str(c) if self.pyramid >> s & 1 and c else "--" for s, c in enumerate(self.layout.pyramid)]
        variant = self.rules.variant
        lines = [] if variant == PYRAMID else [f"variant: {variant.name}"]
        lines.append("pyramid: " + " ".join(tokens))
        lines += self.kind.text(self)
        lines.append(f"overlap: {'on' if self.rules.overlap else 'off'}")
        if unseen & self.stock:
            hidden = [self.layout.stock[i] for i in iter_slots(unseen & self.stock)]
            lines.append("unseen: " + format_cards(hidden))
        return "\n".join(lines)


_SECTIONS = ("variant", "pyramid", *SECTIONS, "pass", "passes", "overlap", "unseen")
_SLOT_CARD = re.compile(r"^(P\d+)=(\S+)$", re.IGNORECASE)


def parse_position(text: str, rules: RuleSet | None = None) -> State:
    """The position :func:`parse_position_unseen` reads, without its unseen cards."""
    return parse_position_unseen(text, rules)[0]


def parse_position_unseen(text: str, rules: RuleSet | None = None) -> tuple[State, int]:
    """Build a position from a short description, for tests, puzzles and saved games.

    Sections, separated by newlines or ``;``, each ``name: value``; all optional::

        variant: giza                      (default from ``rules`` or pyramid; names the deck)
        pyramid: P21=9s P23=5h P25=8c      (or 28 tokens row by row, ``--`` for an empty slot)
        columns: 2c 7d Ks / Qh / -- / 3s   (Giza: the columns C0, C1 … split by ``/``, each
                                            bottom card first, the last one on top; ``--`` or
                                            nothing for an empty column, missing ones are empty)
        stock: 7h 2c                       (top card first)
        cell: 9s                           (a variant with a free cell: its card, or nothing)
        waste: 4c 5d 8d                    (bottom card first; the last one is on top)
        pass: 3                            (current pass, default 1)
        passes: 3                          (rule set: a number or ``unlimited``; default from ``rules`` or 3)
        overlap: on                        (rule set; default from ``rules`` or on)
        unseen: 2c                         (stock cards never face up; default none)

    A variant with three waste piles (apophis, ``rules.variant.waste_piles``) has ``waste1:``
    ``waste2:`` ``waste3:`` instead of ``waste:``, each pile bottom first. There a card's place
    in the stock sequence decides its pile (card ``i`` goes onto pile ``i mod 3``, see
    :mod:`rules.piles`), so a card gone from the sequence keeps its place as ``--``: token ``j``
    of pile ``k`` is sequence card ``3j + k - 1``, and the stock (top first) goes on from the
    end of the longest pile::

        stock: 7h -- 2c
        waste1: 4c 9d
        waste2: -- 8d
        waste3: Kh

    Returns the state and the unseen cards as a mask over ``layout.stock`` indices. An unseen
    card must lie in the stock, below its top card when that lies face up (the waste was seen).
    Errors name the section and the bad token.
    """
    values: dict[str, str] = {}
    for raw in re.split(r"[;\n]", text):
        line = raw.strip()
        if not line:
            continue
        name, colon, value = line.partition(":")
        key = name.strip().lower()
        if not colon or key not in _SECTIONS:
            raise NotationError(f"{shown(line)}: expected one of {', '.join(_SECTIONS)} followed by ':'")
        if key in values:
            raise NotationError(f"section {key!r} given twice")
        values[key] = value.strip()

    base = rules or RuleSet()
    variant = base.variant
    if "variant" in values:
        named = VARIANTS.get(values["variant"].lower())
        if named is None:
            raise NotationError(f"variant: {shown(values['variant'])} is not one of {', '.join(VARIANTS)}")
        variant = named
    unlimited = values.get("passes", "").lower() == "unlimited"
    passes = UNLIMITED if unlimited else _parse_int(values, "passes", base.passes)
    overlap = _parse_switch(values.get("overlap"), base.overlap)
    try:
        rule_set = RuleSet(passes, overlap, variant)
    except ValueError as error:
        raise NotationError(f"passes: {error}") from None
    pass_no = _parse_int(values, "pass", 1)
    if not 1 <= pass_no <= rule_set.passes:
        raise NotationError(f"pass: must be between 1 and {rule_set.passes_text}, not {pass_no}")

    deck = rule_set.deck
    pyramid = _parse_pyramid(values.get("pyramid", ""), deck, variant.slots)
    present = sum(1 << s for s, card in enumerate(pyramid) if card is not None)
    layout, stock_mask, cursor = variant.stock_kind.parse(values, pyramid, rule_set)
    for key in SECTIONS:
        if values.get(key, "").strip() and key not in variant.stock_kind.sections:
            raise NotationError(f"{key}: the {variant.name} variant has no such section")
    columns = _columns_mask(layout, variant)
    cell = _parse_cell(values, layout, rule_set)
    state = State(
        layout, rule_set, present & variant.shape.all_slots, stock_mask, cursor, pass_no, columns, cell
    )
    return state, _parse_unseen(values, state)


def _parse_cell(values: dict[str, str], layout: Layout, rules: RuleSet) -> Card | None:
    """The ``cell:`` section: the free cell's card, or None (nothing, or ``--``)."""
    if values.get("cell", "").strip() in ("", "--"):
        return None
    cards = section_cards(values, "cell", rules.deck)
    if len(cards) > 1:
        raise NotationError(f"cell: the cell holds one card, not {len(cards)}")
    card = cards[0]
    if card.rank == rules.deck.lone_rank:
        raise NotationError(f"cell: {card} is a King, which never enters the cell")
    if card in layout.stock or card in layout.pyramid or card in layout.column_cards():
        raise NotationError(f"cell: {card} is placed twice")
    return card


def _columns_mask(layout: Layout, variant: Variant) -> int:
    """The column mask of every card of ``layout``'s columns (see :class:`State`)."""
    if len(layout.columns) > variant.columns or any(len(c) > variant.column_depth for c in layout.columns):
        raise NotationError(
            f"the {variant.name} variant has {variant.columns} columns"
            f" of at most {variant.column_depth} cards"
        )
    depth = variant.column_depth
    return sum(((1 << len(column)) - 1) << (c * depth) for c, column in enumerate(layout.columns))


def _parse_unseen(values: dict[str, str], state: State) -> int:
    layout, waste = state.layout, state.cursor
    mask = 0
    for card in section_cards(values, "unseen", state.rules.deck):
        if card not in layout.stock:
            raise NotationError(f"unseen: {card} is not in the stock")
        index = layout.stock.index(card)
        if not state.stock >> index & 1:
            raise NotationError(f"unseen: {card} is not in the stock")
        if index < waste:
            raise NotationError(f"unseen: {card} is in the waste, which was seen")
        if state.visible_stock() >> index & 1:
            raise NotationError(f"unseen: {card} is the stock's top card, which is face up")
        if mask >> index & 1:
            raise NotationError(f"unseen: {card} given twice")
        mask |= 1 << index
    return mask


def _parse_int(values: dict[str, str], key: str, default: int) -> int:
    if key not in values:
        return default
    try:
        return whole_number_text(values[key])
    except NumberTextError as error:
        raise NotationError(f"{key}: {error}") from None


def _parse_switch(text: str | None, default: bool) -> bool:
    if text is None:
        return default
    if text.lower() in ("on", "yes", "true", "1"):
        return True
    if text.lower() in ("off", "no", "false", "0"):
        return False
    raise NotationError(f"overlap: {shown(text)} is not on or off")


def _parse_pyramid(text: str, deck: Deck, count: int) -> tuple[Card | None, ...]:
    """The ``pyramid:`` section of a pyramid of ``count`` slots."""
    tokens = text.split()
    slots: list[Card | None] = [None] * count
    if tokens and all(_SLOT_CARD.match(t) for t in tokens):
        for token in tokens:
            match = _SLOT_CARD.match(token)
            assert match is not None
            try:
                slot = parse_place(match.group(1))
                card = parse_card(match.group(2), deck)
            except NotationError as error:
                raise NotationError(f"pyramid: {error}") from None
            if slot >= count:
                raise NotationError(f"pyramid: {shown(token)} does not name a pyramid slot")
            if slots[slot] is not None:
                raise NotationError(f"pyramid: slot P{slot} given twice")
            slots[slot] = card
        return tuple(slots)
    if tokens and len(tokens) != count:
        raise NotationError(
            f"pyramid: give all {count} slots row by row ('--' for an empty one) or P<n>=<card> pairs, "
            f"not {len(tokens)} tokens"
        )
    for number, token in enumerate(tokens):
        if token == "--":
            continue
        try:
            slots[number] = parse_card(token, deck)
        except NotationError as error:
            raise NotationError(f"pyramid: slot P{number}: {error}") from None
    return tuple(slots)
