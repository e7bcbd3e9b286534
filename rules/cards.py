"""Cards, decks, their values, and the one-token text notation (``9s``, ``Th``, ``Kc``; ``7o``, ``Rb``).

A :class:`Deck` says which cards exist: rank tokens, suit letters, the sum a pair must make and
the rank that goes alone. Two decks exist: :data:`STANDARD_DECK` (52 cards, pairs sum 13, a King goes
alone) and :data:`SPANISH_DECK` (48 cards, ranks ``1 2 3 4 5 6 7 8 9 S C R``, suits ``o c e b``, pairs
sum 12, a Rey goes alone). A card is a small frozen value that knows its deck, so it prints
itself in its deck's notation. Each deck's cards exist once, in ``deck.cards``, in the documented
unshuffled order (suit-major, each suit from rank 1 up), so that ``deck.cards[card.index] == card``
and the deal shuffler has a fixed starting point.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.errors import NotationError
from rules.numbers import shown


@dataclass(frozen=True, slots=True, order=True)
class Deck:
    """Which cards exist and how their values pair.

    ``ranks[v - 1]`` is the token of value ``v``; ``suits`` the suit letters in deck order;
    ``suit_names`` the suits as a player reads them (symbols or short words)."""

    name: str
    ranks: str
    suits: str
    pair_sum: int
    lone_rank: int
    suit_names: tuple[str, ...]

    def __hash__(self) -> int:  # cards are hashed often: the name identifies the deck
        return hash(self.name)

    @property
    def top_rank(self) -> int:
        """The highest value (13 for the standard deck, 12 for the Spanish one)."""
        return len(self.ranks)

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card, unshuffled: suit by suit in :attr:`suits` order, each from value 1 up."""
        return _cards_of(self)

    def partner_rank(self, rank: int) -> int:
        """The value a card of ``rank`` pairs with (0 when it pairs with nothing: it goes alone,
        or no card has the missing value)."""
        other = self.pair_sum - rank
        return other if rank != self.lone_rank and 1 <= other <= self.top_rank else 0


STANDARD_DECK = Deck("standard", "A23456789TJQK", "shdc", 13, 13, ("♠", "♥", "♦", "♣"))
"""The 52-card deck: A=1, 2–10, J=11, Q=12, K=13; suits spades, hearts, diamonds, clubs."""

SPANISH_DECK = Deck("spanish", "123456789SCR", "oceb", 12, 12, (" oros", " copas", " espadas", " bastos"))
"""The Spanish 48-card deck: 1–9, Sota 10, Caballo 11, Rey 12; oros, copas, espadas, bastos."""

DECKS: dict[str, Deck] = {deck.name: deck for deck in (STANDARD_DECK, SPANISH_DECK)}

RANKS = STANDARD_DECK.ranks
"""Rank letters of the standard deck; the value of a rank is its position here plus one."""
SUITS = STANDARD_DECK.suits
"""Suit letters of the standard deck: spades, hearts, diamonds, clubs. Suits never matter."""
SUIT_SYMBOLS = "".join(STANDARD_DECK.suit_names)

KING = STANDARD_DECK.lone_rank
"""The standard deck's lone rank. Code that plays a variant reads ``deck.lone_rank`` instead."""
PAIR_SUM = STANDARD_DECK.pair_sum
"""The standard deck's pair sum. Code that plays a variant reads ``deck.pair_sum`` instead."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. ``rank`` is its value (1–13 in the standard deck, 1–12 in the Spanish
    one); ``suit`` one of the deck's suit letters."""

    rank: int
    suit: str
    deck: Deck = STANDARD_DECK

    def __post_init__(self) -> None:
        deck = self.deck
        if not 1 <= self.rank <= deck.top_rank or len(self.suit) != 1 or self.suit not in deck.suits:
            raise ValueError(f"no such card in the {deck.name} deck: rank {self.rank!r}, suit {self.suit!r}")

    @property
    def index(self) -> int:
        """Position in ``deck.cards`` (0–51 in the standard deck)."""
        return self.deck.suits.index(self.suit) * self.deck.top_rank + self.rank - 1

    @property
    def is_lone(self) -> bool:
        """The card goes alone (a King; a Rey in the Spanish deck)."""
        return self.rank == self.deck.lone_rank

    @property
    def is_king(self) -> bool:
        """The same as :attr:`is_lone` (the standard deck's name for it)."""
        return self.is_lone

    @property
    def symbol(self) -> str:
        """The card as a player reads it, e.g. ``9♠`` or ``10♥``; ``7 oros`` or ``R bastos``."""
        face = self.deck.ranks[self.rank - 1]
        if self.rank == 10 and self.deck == STANDARD_DECK:
            face = "10"
        return face + self.deck.suit_names[self.deck.suits.index(self.suit)]

    def pairs_with(self, other: Card) -> bool:
        """True when the two values sum to the deck's pair sum."""
        return self.rank + other.rank == self.deck.pair_sum

    def __str__(self) -> str:
        return self.deck.ranks[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        if self.deck == STANDARD_DECK:
            return f"Card({str(self)!r})"
        return f"Card({str(self)!r}, {self.deck.name})"


@cache
def _cards_of(deck: Deck) -> tuple[Card, ...]:
    return tuple(Card(rank, suit, deck) for suit in deck.suits for rank in range(1, deck.top_rank + 1))


@cache
def _tokens_of(deck: Deck) -> dict[str, Card]:
    return {str(card).lower(): card for card in deck.cards}


DECK: tuple[Card, ...] = STANDARD_DECK.cards
"""All 52 standard cards in the unshuffled order: A♠ 2♠ … K♠, A♥ … K♥, A♦ … K♦, A♣ … K♣."""

_SYMBOL_TO_SUIT = dict(zip(SUIT_SYMBOLS, SUITS, strict=True))
_SPANISH_NUMBERS = {"10": "S", "11": "C", "12": "R"}


def parse_card(token: str, deck: Deck = STANDARD_DECK) -> Card:
    """Read one card token of ``deck``.

    Accepts the canonical form (``Ts``; ``7o``), any letter case (``tS``), ``10`` for ten and the
    suit symbols (``10♠``) in the standard deck, ``10`` ``11`` ``12`` for Sota, Caballo and Rey in
    the Spanish one. Raises :class:`NotationError` naming the token otherwise.
    """
    text = token.strip()
    if deck == STANDARD_DECK:
        if text[-1:] in _SYMBOL_TO_SUIT:
            text = text[:-1] + _SYMBOL_TO_SUIT[text[-1]]
        if text.startswith("10"):
            text = "T" + text[2:]
    elif len(text) == 3 and text[:2] in _SPANISH_NUMBERS:
        text = _SPANISH_NUMBERS[text[:2]] + text[2:]
    card = _tokens_of(deck).get(text.lower())
    if card is None:
        ranks, suits = " ".join(deck.ranks), " ".join(deck.suits)
        raise NotationError(f"{shown(token)} is not a card (rank one of {ranks}, suit one of {suits})")
    return card


def parse_cards(text: str, deck: Deck = STANDARD_DECK) -> list[Card]:
    """Read whitespace-separated card tokens; the error names the first bad token and its place."""
    cards = []
    for number, token in enumerate(text.split(), start=1):
        try:
            cards.append(parse_card(token, deck))
        except NotationError as error:
            raise NotationError(f"token {number}: {error}") from None
    return cards


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)
