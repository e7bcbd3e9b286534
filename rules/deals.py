"""Numbered deals 1–20000 and the deal-text notation.

The same number deals the same 52 cards everywhere, because the shuffle uses only integer
arithmetic that every platform performs identically:

1. Start from the variant's unshuffled deck, ``variant.deck.cards``: for the 52-card deck
   A♠ … K♠, A♥ … K♥, A♦ … K♦, A♣ … K♣; for the Spanish 48-card deck 1o … Ro, 1c … Rc,
   1e … Re, 1b … Rb. Every variant with the 52-card deck deals the same cards for a number.
2. Seed SplitMix64 with the deal number. One step of SplitMix64, all arithmetic modulo 2**64::

       state += 0x9E3779B97F4A7C15
       z = state
       z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
       z = (z ^ (z >> 27)) * 0x94D049BB133111EB
       output z ^ (z >> 31)

3. Fisher–Yates, from the last position down: for ``i`` = 51 … 1 (47 … 1 for 48 cards), draw
   ``j`` uniformly in ``0 … i`` and swap positions ``i`` and ``j``. A uniform ``j`` comes from rejection:
   with ``n = i + 1`` and ``limit = 2**64 - (2**64 % n)``, draw outputs until one is below
   ``limit`` and take it modulo ``n``.
4. The shuffled list is the deal text: cards 1–28 are the pyramid row by row from the apex,
   the rest (29–52; 29–48 for the Spanish deck) the stock in draw order.

Do not change any of this: the label table and every shared deal number depend on it.
Test vectors in ``tests/test_deals.py`` pin it down.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.cards import STANDARD_DECK, Card, Deck, format_cards, parse_cards
from rules.errors import DealNumberError, NotationError
from rules.numbers import is_ascii_number, shown
from rules.variant import PYRAMID, Variant

FIRST_DEAL = 1
LAST_DEAL = 20000

_MASK64 = (1 << 64) - 1
BOM = "\ufeff"
"""The byte-order mark some editors put at the start of a UTF-8 file."""


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 generator (Steele, Lea, Flood 2014) as an endless stream of 64-bit ints."""
    state = seed & _MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def _uniform_below(stream: Iterator[int], n: int) -> int:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value = next(stream)
        if value < limit:
            return value % n


def check_deal_number(number: int) -> int:
    if isinstance(number, bool) or not isinstance(number, int):
        raise DealNumberError(f"deal number must be a whole number, not {number!r}")
    if not FIRST_DEAL <= number <= LAST_DEAL:
        raise DealNumberError(f"deal number must be between {FIRST_DEAL} and {LAST_DEAL}, not {number}")
    return number


def parse_deal_number(text: str) -> int:
    """Read a deal number typed by a person (``"123"``, ``" 7 "``, ``"007"``); clear error otherwise.

    Only the ASCII digits 0-9 count (``"٣"`` is refused, as everywhere on our command lines), and
    a number of any length gets the range message, never Python's limit on converting long
    digit strings to ``int``.
    """
    stripped = text.strip()
    if not is_ascii_number(stripped):
        raise DealNumberError(
            f"deal number must be a whole number between {FIRST_DEAL} and {LAST_DEAL}, not {shown(text)}"
        )
    digits = stripped.lstrip("0") or "0"
    if len(digits) > len(str(LAST_DEAL)):
        raise DealNumberError(
            f"deal number must be between {FIRST_DEAL} and {LAST_DEAL}, not a {len(digits)}-digit number"
        )
    return check_deal_number(int(digits))


def deal_cards(number: int, variant: Variant = PYRAMID) -> tuple[Card, ...]:
    """The cards of deal ``number`` of ``variant`` (52, or 48 Spanish ones) in deal-text order."""
    check_deal_number(number)
    cards = list(variant.deck.cards)
    stream = splitmix64(number)
    for i in range(len(cards) - 1, 0, -1):
        j = _uniform_below(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def parse_deal_text(line: str, deck: Deck = STANDARD_DECK) -> tuple[Card, ...]:
    """Read a deal-text line: the whole ``deck`` (52 or 48 distinct card tokens). Errors name the
    bad token.

    A byte-order mark at the start (a file saved as "UTF-8 with BOM") is not a token: skip it."""
    cards = parse_cards(line.removeprefix(BOM), deck)
    if len(cards) != deck.size:
        raise NotationError(f"a deal has {deck.size} cards, this line has {len(cards)}")
    seen: dict[Card, int] = {}
    for number, card in enumerate(cards, start=1):
        if card in seen:
            raise NotationError(f"token {number}: {card} already appears as token {seen[card]}")
        seen[card] = number
    return tuple(cards)


def format_deal_text(cards: tuple[Card, ...]) -> str:
    return format_cards(cards)
