"""Cards and places in words, as a voice says them: «7 de corazones», «as de picas y rey de tréboles».

The table writes ``7♥``; a voice reads a suit symbol badly or not at all, so everything this
package says names suits in words (the Spanish deck's cards already read as words).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from game.texts import Texts
from rules import Card, State
from rules.cards import STANDARD_DECK

SYMBOL = re.compile(r"(?<![\w])(10|[A2-9JQK])([♠♥♦♣])")
"""A standard card as the table writes it: ``Q♣``, ``10♥``."""
NAMED_RANKS = (1, 11, 12, 13)
"""Ranks said as a word (ace, jack, queen, king); the others as their number."""


def card_words(texts: Texts, card: Card) -> str:
    """«7 de corazones», «as de picas»; «Sota de copas» for a Spanish card."""
    if card.deck != STANDARD_DECK:
        return texts.card(card)
    rank = texts.t(f"ax_rank_{card.rank}") if card.rank in NAMED_RANKS else str(card.rank)
    return texts.t("ax_card", rank=rank, suit=texts.t(f"ax_suit_{card.suit}"))


def listed(texts: Texts, items: Sequence[str]) -> str:
    """«a», «a y b», «a, b y c» (in English «a, b and c»)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + texts.t("ax_and") + items[-1]


def cards_words(texts: Texts, cards: Sequence[Card]) -> str:
    return listed(texts, [card_words(texts, card) for card in cards])


def counted(texts: Texts, key: str, n: int, **params: object) -> str:
    """Message ``key_none``, ``key_one`` or ``key_many`` for ``n`` things (``{n}`` filled in)."""
    form = "none" if n == 0 else "one" if n == 1 else "many"
    return texts.t(f"{key}_{form}", n=n, **params)


def piles_words(texts: Texts, state: State) -> str:
    """The stock's count and the pass: «Quedan 13 en el mazo, vuelta 1 de 3.» (empty when the
    variant has no stock)."""
    if not state.rules.variant.has_stock:
        return ""
    turn = texts.pass_of(state)
    return counted(texts, "ax_stock_left", state.stock_count, turn=turn)


def speakable(texts: Texts, text: str) -> str:
    """``text`` (a line of the game, a panel's) with its cards in words and its «·» a comma:
    «Sobran: Q♣, A♦» becomes «Sobran: reina de tréboles, as de diamantes»."""

    def words(match: re.Match[str]) -> str:
        rank = STANDARD_DECK.ranks.index(match.group(1)[0].replace("1", "T")) + 1
        suit = STANDARD_DECK.suits[STANDARD_DECK.suit_names.index(match.group(2))]
        return card_words(texts, Card(rank, suit))

    return SYMBOL.sub(words, text).replace(" · ", ", ")


def sentences(parts: Sequence[str]) -> str:
    """``parts`` said one after the other, each ending as a sentence does (a line or a panel's
    title may have no full stop)."""
    return " ".join(part if part[-1] in ".!?:…»)" else part + "." for part in parts if part)
