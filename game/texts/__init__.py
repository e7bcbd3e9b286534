"""Text catalogues, one per language (``es`` default, ``en``), and the small lookup over them.

Every string the player reads comes from here. Keys are the same in every catalogue (a test
checks it); a refusal from :mod:`rules` is looked up by its stable code.
"""

from __future__ import annotations

from rules import Card, Refusal, State
from rules.cards import STANDARD_DECK
from rules.labels import Label
from rules.variant import REGISTERED, Variant

from . import en, es

CATALOGUES: dict[str, dict[str, str]] = {
    "es": es.MESSAGES | es.ACCESS,
    "en": en.MESSAGES | en.ACCESS,  # ACCESS: game/access's words, kept apart
}
RULES_TEXT: dict[str, list[tuple[str, list[str]]]] = {"es": es.RULES, "en": en.RULES}
VARIANT_RULES: dict[str, dict[str, list[str]]] = {"es": es.VARIANT_RULES, "en": en.VARIANT_RULES}

LABEL_KEYS = {
    Label.SOLVABLE: "label_solvable",
    Label.UNSOLVABLE: "label_unsolvable",
    Label.UNKNOWN: "label_unknown",
}


class Texts:
    """The catalogue of one language. ``t(key, **params)`` formats a message."""

    def __init__(self, lang: str) -> None:
        if lang not in CATALOGUES:
            raise ValueError(f"no texts for language {lang!r}")
        self.lang = lang
        self._messages = CATALOGUES[lang]

    def t(self, key: str, **params: object) -> str:
        """The message ``key`` with ``{name}`` fields filled from ``params`` (a :class:`Card` is
        named as :meth:`card` names it in this language, a :class:`Variant` by its name in the
        settings). A missing key is a bug."""
        text = self._messages[key]
        if not params:
            return text
        return text.format(**{name: self._named(value) for name, value in params.items()})

    def _named(self, value: object) -> object:
        if isinstance(value, Card):
            return self.card(value)
        if isinstance(value, Variant):
            return self.t(f"variant_{value.name}")
        return value

    def refusal(self, refusal: Refusal) -> str:
        return self._messages[refusal.value]

    def removed(self, state: State, key: str = "removed") -> str:
        """How many cards are gone: «12 de 28» («12 de 21» in six rows; ``key`` ``win_removed``:
        «Cartas quitadas: 12 de 28»), or «40 de 52» (``removed_all``, ``win_removed_all``) in a
        variant won only with every card gone (Estricta), so the count never reads as won while
        the stock must still go."""
        done, total = cards_removed(state)
        if state.rules.variant.win_all:
            return self.t(f"{key}_all", n=done, total=total)
        return self.t(key, n=done, total=total)

    def pass_of(self, state: State) -> str:
        """The pass: «vuelta 2 de 3», or «vuelta 7» when passes are unlimited."""
        if state.rules.unlimited:
            return self.t("pass_open", n=state.pass_no)
        return self.t("pass", n=state.pass_no, p=state.rules.passes)

    def cell_of(self, state: State) -> str:
        """The free cell's card in the status: «celda: 10♦»; nothing while it is empty (or the
        variant has no cell)."""
        return "" if state.cell is None else self.t("cell_status", card=self.card(state.cell))

    def label(self, label: Label) -> str:
        return self._messages[LABEL_KEYS[label]]

    def moves(self, n: int) -> str:
        return self.t("moves_one") if n == 1 else self.t("moves_many", n=n)

    def rules_sections(self, current: str | None = None) -> list[tuple[str, list[str]]]:
        """The rules screen's sections: how to play, then one section per variant the rules play
        (:data:`rules.variant.REGISTERED`). ``current`` (the variant being played) is marked and
        comes first among the variants; when it is not the default it opens the screen."""
        return [(heading, paragraphs) for heading, paragraphs, _ in self.rules_pictured(current)]

    def rules_pictured(self, current: str | None = None) -> list[tuple[str, list[str], Variant | None]]:
        """:meth:`rules_sections`, each with the variant it explains (None for the others): the
        rules screen draws that variant's layout under its heading."""
        variants = list(REGISTERED)
        chosen = next((variant for variant in variants if variant.name == current), None)
        if chosen is not None:
            variants.remove(chosen)
            variants.insert(0, chosen)
        sections: list[tuple[str, list[str], Variant | None]] = []
        for variant in variants:
            heading = "rules_variant_now" if variant is chosen else "rules_variant"
            paragraphs = VARIANT_RULES[self.lang][variant.name]
            sections.append((self.t(heading, name=self.t(f"variant_{variant.name}")), paragraphs, variant))
        basics = [(heading, paragraphs, None) for heading, paragraphs in RULES_TEXT[self.lang]]
        if chosen is not None and chosen != REGISTERED[0]:
            return [sections[0], *basics[:3], *sections[1:], *basics[3:]]
        return [*basics[:3], *sections, *basics[3:]]

    def card(self, card: Card) -> str:
        """A card as a player reads it: ``10♠`` in the standard deck (the same in every
        language); «7 de oros», «Caballo de copas» (or «7 of coins») in the Spanish one."""
        deck = card.deck
        if deck == STANDARD_DECK:
            return card.symbol
        rank = self.t(f"rank_{deck.name}_{card.rank}") if card.rank >= 10 else str(card.rank)
        return self.t(f"card_{deck.name}", rank=rank, suit=self.t(f"suit_{deck.name}_{card.suit}"))


def won_key(state: State, key: str) -> str:
    """The key of the win's words for ``state``'s variant: ``win_title`` or ``won_line`` as they
    are, ``…_all`` where every card had to go (Estricta), or ``…_KIND`` where the stock kind had
    more to clear than the pyramid (the reserve, the cell's card; every language has the same
    keys)."""
    if state.rules.variant.win_all:
        return f"{key}_all"
    own = f"{key}_{state.kind.name}"
    return own if own in es.MESSAGES else key


def cards_removed(state: State) -> tuple[int, int]:
    """Cards gone, out of the cards that must go to win: the pyramid's (``12, 28``), with a reserve
    row's (``12, 35``), or every
    card of the deck when the variant is won only with all of them gone (Estricta: ``40, 52``)."""
    if state.rules.variant.win_all:
        total = state.rules.deck.size
        return total - state.pyramid_left - state.stock.bit_count() - state.column_count, total
    left, dealt = reserve_counts(state)
    return state.removed_from_pyramid + dealt - left, state.rules.variant.slots + dealt


RESERVE_SECTION = "reserve"
"""The position-text section of a stock kind that deals a reserve row (:mod:`rules.stock.reserve`)."""


def reserve_counts(state: State) -> tuple[int, int]:
    """A reserve row's cards still on the table and dealt, ``(0, 0)`` for a variant without one:
    they must go with the pyramid's for a win, so the count of cards removed counts them too
    («12 de 35»). The reserve is kept as one-card columns."""
    if RESERVE_SECTION not in state.kind.sections:
        return 0, 0
    return state.column_count, state.rules.variant.columns


def format_time(seconds: float) -> str:
    """``m:ss`` below an hour, ``h:mm:ss`` above."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def signed(points: int) -> str:
    """A par score with its sign, the minus as a true minus sign: ``+20``, ``−7``, ``+0``."""
    return f"{points:+d}".replace("-", "\u2212")
