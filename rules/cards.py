"""Cards, their values, and the one-token text notation (``9s``, ``Th``, ``Kc``).

A card is a small frozen value. The 52 of them exist once, in :data:`DECK`, in the
documented unshuffled order (suits ``s h d c``, each from Ace to King), so that
``DECK[card.index] is card`` and the deal shuffler has a fixed starting point.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import NotationError

RANKS = "A23456789TJQK"
"""Rank letters; the value of a rank is its position here plus one (A=1 … K=13)."""

SUITS = "shdc"
"""Suit letters: spades, hearts, diamonds, clubs. Suits never matter to the rules."""

SUIT_SYMBOLS = "♠♥♦♣"

KING = 13
PAIR_SUM = 13


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. ``rank`` is its value 1–13; ``suit`` one of ``s h d c``."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13 or self.suit not in SUITS or len(self.suit) != 1:
            raise ValueError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @property
    def index(self) -> int:
        """Position in :data:`DECK` (0–51)."""
        return SUITS.index(self.suit) * 13 + self.rank - 1

    @property
    def is_king(self) -> bool:
        return self.rank == KING

    @property
    def symbol(self) -> str:
        """The card as a player reads it, e.g. ``9♠`` or ``10♥``."""
        face = "10" if self.rank == 10 else RANKS[self.rank - 1]
        return face + SUIT_SYMBOLS[SUITS.index(self.suit)]

    def pairs_with(self, other: Card) -> bool:
        """True when the two values sum to 13."""
        return self.rank + other.rank == PAIR_SUM

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""All 52 cards in the unshuffled order: A♠ 2♠ … K♠, A♥ … K♥, A♦ … K♦, A♣ … K♣."""

_BY_TOKEN: dict[str, Card] = {str(card).lower(): card for card in DECK}
_SYMBOL_TO_SUIT = dict(zip(SUIT_SYMBOLS, SUITS, strict=True))


def parse_card(token: str) -> Card:
    """Read one card token.

    Accepts the canonical form (``Ts``), any letter case (``tS``), ``10`` for ten and the
    suit symbols (``10♠``). Raises :class:`NotationError` naming the token otherwise.
    """
    text = token.strip()
    if text[-1:] in _SYMBOL_TO_SUIT:
        text = text[:-1] + _SYMBOL_TO_SUIT[text[-1]]
    if text.startswith("10"):
        text = "T" + text[2:]
    card = _BY_TOKEN.get(text.lower())
    if card is None:
        raise NotationError(
            f"{token!r} is not a card (rank one of {' '.join(RANKS)}, suit one of {' '.join(SUITS)})"
        )
    return card


def parse_cards(text: str) -> list[Card]:
    """Read whitespace-separated card tokens; the error names the first bad token and its place."""
    cards = []
    for number, token in enumerate(text.split(), start=1):
        try:
            cards.append(parse_card(token))
        except NotationError as error:
            raise NotationError(f"token {number}: {error}") from None
    return cards


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(card) for card in cards)
