"""The protocol every stock kind follows, and the helpers its position-text sections share.

A *stock kind* is what a variant deals besides the pyramid and how those cards play: one waste
(:mod:`rules.stock.one_waste`), several waste piles (:mod:`rules.stock.waste_piles`), draw
three onto one waste (:mod:`rules.stock.draw_three`), face-up columns
(:mod:`rules.stock.columns`), a reserve row beside one waste
(:mod:`rules.stock.reserve`). It owns its places and their names, what lies face up,
what a draw and a recycle do, its sections of the position text and the stock's clean-up. The
rules, the game and the solver ask the variant's kind (``variant.stock``) instead of testing
which kind it is; a new kind is a new value and a module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rules.cards import Card, Deck, parse_card, parse_cards
from rules.errors import NotationError

if TYPE_CHECKING:
    from rules.state import Layout, RuleSet, State

Sections = dict[str, str]
"""A position text's sections, name → value (see :func:`rules.state.parse_position_unseen`)."""


class StockKind(Protocol):
    """What the rules need to know of a stock kind. ``state`` arguments are :class:`State`\\ s
    of a variant of this kind; stock indices are indices into ``state.layout.stock``."""

    @property
    def name(self) -> str:
        """The kind's stable name (``one_waste``, ``waste_piles``, ``columns``)."""

    @property
    def has_stock(self) -> bool:
        """Cards are drawn from a stock (there are draws and recycles)."""

    @property
    def stock_face_up(self) -> bool:
        """The stock's top card lies face up and plays (one waste); with several piles it is
        face down."""

    @property
    def hidden_refusal(self) -> str:
        """The :class:`rules.legality.Refusal` value for a face-down card tapped or named."""

    @property
    def waste_piles(self) -> int:
        """How many waste piles a draw deals onto (1 when there is one waste or no stock)."""

    @property
    def columns(self) -> int:
        """Face-up columns dealt after the pyramid (0 for none)."""

    @property
    def column_depth(self) -> int:
        """Cards dealt to each column."""

    @property
    def sections(self) -> tuple[str, ...]:
        """The position-text sections the kind reads and writes."""

    def waste_places(self) -> tuple[int, ...]:
        """The places of the waste's playable cards (``W``; ``W1 W2 W3``; none)."""

    def places(self) -> tuple[int, ...]:
        """Every place of the kind a card may be taken from, in the order they are listed."""

    def card_index(self, state: State, place: int) -> int | None:
        """Index in the kind's cards (stock or column) of the playable card at ``place``, or None."""

    def card_at(self, state: State, place: int) -> Card | None:
        """The playable card at one of the kind's places, or None."""

    def face_down(self, state: State, place: int) -> bool:
        """``place`` holds a card the player cannot see yet (a face-down stock's top card)."""

    def visible(self, state: State) -> int:
        """The stock cards face up now, a mask over stock indices."""

    def drawn_cursor(self, state: State) -> int:
        """Where a draw leaves the cursor."""

    def normal_cursor(self, stock: int, cursor: int) -> int:
        """The cursor kept normalised for the stock mask ``stock``."""

    def take(self, state: State, place: int, stock: int, columns: int) -> tuple[int, int]:
        """The stock and column masks with the card at ``place`` gone."""

    def cards_left(self, state: State) -> list[Card]:
        """The kind's cards still on the table (the stock's top first, then the waste's from
        the bottom; or the columns', column by column, bottom first)."""

    def cleared(self, state: State) -> bool:
        """None of the kind's cards is left (the strict win needs this too)."""

    def blocks_win(self, state: State) -> bool:
        """Some of the kind's cards must still go before the deal is won, whatever the win rule
        (a reserve card left: :mod:`rules.stock.reserve`); False for a kind whose cards may stay."""

    def split(self, cards: tuple[Card, ...], slots: int) -> Layout:
        """The layout of a full deal in deal-text order, the pyramid's ``slots`` first."""

    def text(self, state: State) -> list[str]:
        """The kind's lines of the position text (none when it has nothing to say)."""

    def parse(
        self, values: Sections, pyramid: tuple[Card | None, ...], rules: RuleSet
    ) -> tuple[Layout, int, int]:
        """The kind's sections read back: the layout, the stock mask and the cursor."""

    def cleanup(  # noqa: PLR0917 (the arguments of rules.scoring.stock_cleanup)
        self, ranks: tuple[int, ...], stk: int, cursor: int, pass_no: int, passes: int, deck: Deck
    ) -> int:
        """The most stock and waste cards that can still be removed with no pyramid left
        (see :func:`rules.scoring.stock_cleanup`)."""


def section_cards(values: Sections, key: str, deck: Deck) -> list[Card]:
    """A section's cards; the error names the section."""
    try:
        return parse_cards(values.get(key, ""), deck)
    except NotationError as error:
        raise NotationError(f"{key}: {error}") from None


def section_places(values: Sections, key: str, deck: Deck) -> list[Card | None]:
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


def one_pile_sections(values: Sections, name: str, deck: Deck) -> tuple[list[Card], list[Card]]:
    """The ``stock:`` and ``waste:`` sections of a variant with (at most) one waste pile."""
    if any(f"waste{k}" in values for k in (1, 2, 3)):
        raise NotationError(f"waste1…waste3: {name} has one waste pile ('waste:')")
    return section_cards(values, "stock", deck), section_cards(values, "waste", deck)


def pass_lines(state: State) -> list[str]:
    """The ``pass:`` and ``passes:`` lines of a kind with a stock."""
    return [f"pass: {state.pass_no}", f"passes: {state.rules.passes_text}"]
