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
  are a run from its bottom, and the column's uncovered card is its highest bit.

Drawing moves the cursor past the stock's top card (with several waste piles: past its group of
three); a recycle sets it back to 0, so the waste becomes the stock again in the same order.
Removing a card clears its bit and nothing moves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.cards import STANDARD_DECK, Card, Deck, format_cards, parse_card, parse_cards
from rules.deals import deal_cards, parse_deal_text
from rules.errors import NotationError
from rules.moves import STOCK, WASTE, WASTE_PILES, column_of, parse_place
from rules.numbers import NumberTextError, shown, whole_number_text
from rules.piles import group_end, normal_cursor, pile_cards, pile_top
from rules.topology import ALL_SLOTS, SLOTS, iter_slots, uncovered
from rules.variant import ALL_RULE_SETS, CLASSIC, DEFAULT_RULES, PYRAMID, VARIANTS, RuleSet, Variant

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
class Layout:
    """Where the cards were dealt: 28 pyramid slots (``None`` = empty from the start), the
    stock sequence in draw order (``stock[0]`` is drawn first) and, in a variant with face-up
    columns (Giza), the columns, each bottom card first (its last card is on top). All cards
    come from one deck, which holds the rest (:attr:`deck`; the standard deck when there is no
    card at all)."""

    pyramid: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    columns: tuple[tuple[Card, ...], ...] = ()

    def __post_init__(self) -> None:
        if len(self.pyramid) != SLOTS:
            raise NotationError(f"a pyramid has {SLOTS} slots, not {len(self.pyramid)}")
        cards = [c for c in self.pyramid if c is not None] + list(self.stock) + self.column_cards()
        decks = {card.deck.name for card in cards}
        if len(decks) > 1:
            raise NotationError(f"cards of {' and '.join(sorted(decks))} decks mixed in one layout")
        room = self.deck.size - SLOTS
        if len(self.stock) > room:
            raise NotationError(f"a stock holds at most {room} cards, not {len(self.stock)}")
        if len(self.stock) + len(self.column_cards()) > room:
            raise NotationError(f"the stock and the columns hold at most {room} cards together")
        if len(set(cards)) != len(cards):
            twice = sorted({str(c) for c in cards if cards.count(c) > 1})
            raise NotationError(f"card{'s' if len(twice) > 1 else ''} {' '.join(twice)} placed twice")

    @property
    def deck(self) -> Deck:
        """The deck the cards come from."""
        for card in (*self.stock, *self.pyramid, *self.column_cards()):
            if card is not None:
                return card.deck
        return STANDARD_DECK

    def column_cards(self) -> list[Card]:
        """Every column card, column by column, bottom first."""
        return [card for column in self.columns for card in column]

    @staticmethod
    def from_cards(cards: tuple[Card, ...], variant: Variant = PYRAMID) -> Layout:
        """Layout of a full deal (52 or 48 cards) in deal-text order: the pyramid, then (Giza)
        ``variant.columns`` columns of ``variant.column_depth`` cards, column by column, the
        last of each on top, then the stock."""
        slots, depth = variant.slots, variant.column_depth
        after = slots + variant.columns * depth
        columns = tuple(
            tuple(cards[slots + c * depth : slots + (c + 1) * depth]) for c in range(variant.columns)
        )
        return Layout(tuple(cards[:slots]), tuple(cards[after:]), columns)


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

    # --- construction -------------------------------------------------------------------
    @staticmethod
    def start(layout: Layout, rules: RuleSet = DEFAULT_RULES) -> State:
        """The position at a layout's start. Its cards must be of the rule set's deck."""
        if layout.deck != rules.deck and any((*layout.pyramid, *layout.stock, *layout.column_cards())):
            raise NotationError(f"{layout.deck.name} cards cannot be played under {rules.key}")
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

    # --- waste piles (see rules.piles) ----------------------------------------------------
    @property
    def piles(self) -> int:
        """How many waste piles the variant deals the stock onto (1, or 3 for apophis)."""
        return self.rules.variant.waste_piles

    @property
    def stock_face_up(self) -> bool:
        """The stock's top card lies face up and is playable (one waste pile); a variant with
        several waste piles keeps the stock face down."""
        return self.piles == 1

    def waste_places(self) -> tuple[int, ...]:
        """The places of the waste's playable cards: ``W``, or ``W1 W2 W3`` for three piles."""
        return (WASTE,) if self.piles == 1 else WASTE_PILES[: self.piles]

    def pile_top_index(self, pile: int) -> int | None:
        """Index in ``layout.stock`` of waste pile ``pile``'s top card (from 0), or None."""
        return pile_top(self.stock, self.cursor, pile, self.piles)

    def pile_cards(self, pile: int) -> list[Card]:
        """The cards on waste pile ``pile`` (from 0), bottom first."""
        return [self.layout.stock[i] for i in pile_cards(self.stock, self.cursor, pile, self.piles)]

    def drawn_cursor(self) -> int:
        """Where a draw leaves the cursor: past the stock's top card (and the rest of its group)."""
        top = self.stock_top_index()
        assert top is not None, "nothing to draw"
        return group_end(top, self.piles)

    def normal_cursor(self, stock: int) -> int:
        """The normalised cursor for the stock mask ``stock`` at this state's cursor."""
        return normal_cursor(stock, self.cursor, self.piles)

    def index_at(self, place: int) -> int | None:
        """Index in ``layout.stock`` of the playable card at place :data:`STOCK`, :data:`WASTE`
        or one of :data:`WASTE_PILES`; None when that place has no card in this variant now."""
        if place == STOCK:
            return self.stock_top_index() if self.stock_face_up else None
        if place == WASTE:
            return self.waste_top_index() if self.piles == 1 else None
        if place in WASTE_PILES:
            pile = WASTE_PILES.index(place)
            return self.pile_top_index(pile) if self.piles > 1 and pile < self.piles else None
        raise ValueError(f"no such place: {place}")

    def place_of(self, index: int) -> int | None:
        """The place where stock card ``index`` is playable now, or None."""
        for place in (STOCK, *self.waste_places()):
            if self.index_at(place) == index:
                return place
        return None

    def visible_stock(self) -> int:
        """Stock cards face up now (a mask over ``layout.stock``): the waste, and the stock's
        top card when it lies face up."""
        visible = self.stock & ((1 << self.cursor) - 1)
        top = self.stock_top_index()
        return visible | (1 << top) if self.stock_face_up and top is not None else visible

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
        if 0 <= place < SLOTS:
            return self.layout.pyramid[place] if self.pyramid >> place & 1 else None
        column = column_of(place)
        if column is not None:
            top = self.column_top_index(column)
            return None if top is None else self.layout.columns[column][top]
        index = self.index_at(place)
        return None if index is None else self.layout.stock[index]

    def stock_cards(self) -> list[Card]:
        """Cards in the stock, top first."""
        return [self.layout.stock[i] for i in iter_slots(self.stock >> self.cursor << self.cursor)]

    def waste_cards(self) -> list[Card]:
        """Cards in the waste, bottom first (the last one is the top)."""
        return [self.layout.stock[i] for i in iter_slots(self.stock & ((1 << self.cursor) - 1))]

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
        return uncovered(self.pyramid)

    @property
    def pyramid_left(self) -> int:
        return self.pyramid.bit_count()

    @property
    def removed_from_pyramid(self) -> int:
        """Pyramid cards gone so far, the «N de 28» of the status bar."""
        return SLOTS - self.pyramid_left

    @property
    def stock_count(self) -> int:
        return (self.stock >> self.cursor).bit_count()

    @property
    def waste_count(self) -> int:
        return (self.stock & ((1 << self.cursor) - 1)).bit_count()

    @property
    def recycles_left(self) -> int:
        return self.rules.passes - self.pass_no

    @property
    def is_won(self) -> bool:
        """All 28 pyramid cards removed; stock and waste may keep cards, unless the variant
        wants every card gone (strict win)."""
        return self.pyramid == 0 and (self.stock == self.columns == 0 or not self.rules.variant.win_all)

    # --- text ---------------------------------------------------------------------------
    def to_text(self, unseen: int = 0) -> str:
        """The position in the text form :func:`parse_position` reads; ``unseen`` (a mask over
        ``layout.stock`` indices) adds an ``unseen:`` section listing those cards."""
        tokens = [str(c) if self.pyramid >> s & 1 and c else "--" for s, c in enumerate(self.layout.pyramid)]
        variant = self.rules.variant
        lines = [] if variant == PYRAMID else [f"variant: {variant.name}"]
        lines.append("pyramid: " + " ".join(tokens))
        if variant.columns:
            columns = (format_cards(self.column_cards_left(c)) or "--" for c in range(variant.columns))
            lines.append("columns: " + " / ".join(columns))
        if variant.has_stock:
            lines += [
                *(self._piles_text() if self.piles > 1 else self._waste_text()),
                f"pass: {self.pass_no}",
                f"passes: {self.rules.passes}",
            ]
        lines.append(f"overlap: {'on' if self.rules.overlap else 'off'}")
        if unseen & self.stock:
            hidden = [self.layout.stock[i] for i in iter_slots(unseen & self.stock)]
            lines.append("unseen: " + format_cards(hidden))
        return "\n".join(lines)

    def _waste_text(self) -> list[str]:
        return ["stock: " + format_cards(self.stock_cards()), "waste: " + format_cards(self.waste_cards())]

    def _piles_text(self) -> list[str]:
        """Several waste piles: every sequence place written, ``--`` for a card gone, because a
        card's place decides its pile (see :func:`parse_position_unseen`)."""

        def tokens(indices: range) -> str:
            words = [str(self.layout.stock[i]) if self.stock >> i & 1 else "--" for i in indices]
            while words and words[-1] == "--":
                words.pop()
            return " ".join(words)

        length = len(self.layout.stock)
        lines = ["stock: " + tokens(range(self.cursor, length))]
        for pile in range(self.piles):
            lines.append(f"waste{pile + 1}: " + tokens(range(pile, min(self.cursor, length), self.piles)))
        return lines


_SECTIONS = (
    "variant", "pyramid", "columns", "stock", "waste", "waste1", "waste2", "waste3",
    "pass", "passes", "overlap", "unseen",
)  # fmt: skip
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
        waste: 4c 5d 8d                    (bottom card first; the last one is on top)
        pass: 3                            (current pass, default 1)
        passes: 3                          (rule set; default from ``rules`` or 3)
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
    passes = _parse_int(values, "passes", base.passes)
    overlap = _parse_switch(values.get("overlap"), base.overlap)
    try:
        rule_set = RuleSet(passes, overlap, variant)
    except ValueError as error:
        raise NotationError(f"passes: {error}") from None
    pass_no = _parse_int(values, "pass", 1)
    if not 1 <= pass_no <= rule_set.passes:
        raise NotationError(f"pass: must be between 1 and {rule_set.passes}, not {pass_no}")

    deck = rule_set.deck
    pyramid = _parse_pyramid(values.get("pyramid", ""), deck)
    present = sum(1 << s for s, card in enumerate(pyramid) if card is not None)
    piles = variant.waste_piles
    if piles > 1:
        if values.get("columns", "").strip():
            raise NotationError(f"columns: the {variant.name} variant has no columns")
        layout, stock_mask, cursor = _parse_piles(values, pyramid, rule_set)
    else:
        if any(f"waste{k}" in values for k in (1, 2, 3)):
            raise NotationError(f"waste1…waste3: {variant.name} has one waste pile ('waste:')")
        stock = _section_cards(values, "stock", deck)
        waste = _section_cards(values, "waste", deck)
        if (stock or waste) and not variant.has_stock:
            raise NotationError(f"{'stock' if stock else 'waste'}: the {variant.name} variant has no stock")
        layout = Layout(pyramid, tuple(waste + stock), _parse_columns(values, variant, deck))
        stock_mask, cursor = (1 << len(layout.stock)) - 1, len(waste)
    columns = _columns_mask(layout, variant)
    state = State(layout, rule_set, present & ALL_SLOTS, stock_mask, cursor, pass_no, columns)
    return state, _parse_unseen(values, state)


def _parse_piles(
    values: dict[str, str], pyramid: tuple[Card | None, ...], rules: RuleSet
) -> tuple[Layout, int, int]:
    """The stock sequence of a position with several waste piles: (layout, stock mask, cursor).
    A place written ``--`` holds a card gone from play; the layout needs a card there, so it
    gets one the position does not use (its bit in the stock mask is clear)."""
    piles, deck = rules.variant.waste_piles, rules.deck
    if "waste" in values:
        raise NotationError(f"waste: {piles} waste piles are written waste1: … waste{piles}:")
    if any(f"waste{k}" in values for k in range(piles + 1, 4)):
        raise NotationError(f"waste{piles + 1}: there are only {piles} waste piles")
    columns = [_section_places(values, f"waste{k + 1}", deck) for k in range(piles)]
    cursor = piles * max(len(column) for column in columns)
    places: list[Card | None] = [None] * cursor
    for pile, column in enumerate(columns):
        places[pile::piles] = column + [None] * (cursor // piles - len(column))
    places += _section_places(values, "stock", deck)
    room = deck.size - SLOTS
    if len(places) > room:  # before filling: past the deck's spare cards there is nothing to fill with
        raise NotationError(f"a stock holds at most {room} cards, not {len(places)}")
    used = {card for card in (*pyramid, *places) if card is not None}
    spare = [card for card in deck.cards if card not in used]
    spare.reverse()  # taken from the end: the lowest spare card fills the first empty place
    stock_mask = sum(1 << i for i, card in enumerate(places) if card is not None)
    sequence = tuple(card if card is not None else spare.pop() for card in places)
    layout = Layout(pyramid, sequence)
    return layout, stock_mask, normal_cursor(stock_mask, cursor, piles)


def _section_places(values: dict[str, str], key: str, deck: Deck) -> list[Card | None]:
    """A section's cards, ``--`` for a place whose card is gone."""
    places: list[Card | None] = []
    for token in values.get(key, "").split():
        if token == "--":
            places.append(None)
            continue
        try:
            places.append(parse_card(token, deck))
        except NotationError as error:
            raise NotationError(f"{key}: {error}") from None
    return places


def _columns_mask(layout: Layout, variant: Variant) -> int:
    """The column mask of every card of ``layout``'s columns (see :class:`State`)."""
    if len(layout.columns) > variant.columns or any(len(c) > variant.column_depth for c in layout.columns):
        raise NotationError(
            f"the {variant.name} variant has {variant.columns} columns"
            f" of at most {variant.column_depth} cards"
        )
    depth = variant.column_depth
    return sum(((1 << len(column)) - 1) << (c * depth) for c, column in enumerate(layout.columns))


def _parse_columns(values: dict[str, str], variant: Variant, deck: Deck) -> tuple[tuple[Card, ...], ...]:
    """The ``columns:`` section: ``variant.columns`` columns split by ``/`` (fewer given: the
    rest are empty), each bottom card first."""
    if not variant.columns:
        if values.get("columns", "").strip():
            raise NotationError(f"columns: the {variant.name} variant has no columns")
        return ()
    parts = values.get("columns", "").split("/")
    if len(parts) > variant.columns:
        raise NotationError(
            f"columns: {len(parts)} columns given, the {variant.name} variant has {variant.columns}"
        )
    columns = []
    for number, part in enumerate(parts):
        try:
            cards = [] if part.strip() == "--" else parse_cards(part, deck)
        except NotationError as error:
            raise NotationError(f"columns: C{number}: {error}") from None
        if len(cards) > variant.column_depth:
            raise NotationError(
                f"columns: C{number} holds at most {variant.column_depth} cards, not {len(cards)}"
            )
        columns.append(tuple(cards))
    columns += [()] * (variant.columns - len(columns))
    return tuple(columns)


def _parse_unseen(values: dict[str, str], state: State) -> int:
    layout, waste = state.layout, state.cursor
    mask = 0
    for card in _section_cards(values, "unseen", state.rules.deck):
        if card not in layout.stock:
            raise NotationError(f"unseen: {card} is not in the stock")
        index = layout.stock.index(card)
        if not state.stock >> index & 1:
            raise NotationError(f"unseen: {card} is not in the stock")
        if index < waste:
            raise NotationError(f"unseen: {card} is in the waste, which was seen")
        if index == state.stock_top_index() and state.stock_face_up:
            raise NotationError(f"unseen: {card} is the stock's top card, which is face up")
        if mask >> index & 1:
            raise NotationError(f"unseen: {card} given twice")
        mask |= 1 << index
    return mask


def _section_cards(values: dict[str, str], key: str, deck: Deck) -> list[Card]:
    try:
        return parse_cards(values.get(key, ""), deck)
    except NotationError as error:
        raise NotationError(f"{key}: {error}") from None


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


def _parse_pyramid(text: str, deck: Deck) -> tuple[Card | None, ...]:
    tokens = text.split()
    slots: list[Card | None] = [None] * SLOTS
    if tokens and all(_SLOT_CARD.match(t) for t in tokens):
        for token in tokens:
            match = _SLOT_CARD.match(token)
            assert match is not None
            try:
                slot = parse_place(match.group(1))
                card = parse_card(match.group(2), deck)
            except NotationError as error:
                raise NotationError(f"pyramid: {error}") from None
            if slot >= SLOTS:
                raise NotationError(f"pyramid: {shown(token)} does not name a pyramid slot")
            if slots[slot] is not None:
                raise NotationError(f"pyramid: slot P{slot} given twice")
            slots[slot] = card
        return tuple(slots)
    if tokens and len(tokens) != SLOTS:
        raise NotationError(
            f"pyramid: give all {SLOTS} slots row by row ('--' for an empty one) or P<n>=<card> pairs, "
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
