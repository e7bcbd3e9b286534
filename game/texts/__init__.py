"""Text catalogues, one per language (``es`` default, ``en``), and the small lookup over them.

Every string the player reads comes from here. Keys are the same in every catalogue (a test
checks it); a refusal from :mod:`rules` is looked up by its stable code.
"""

from __future__ import annotations

from rules import Card, Refusal
from rules.labels import Label

from . import en, es

CATALOGUES: dict[str, dict[str, str]] = {"es": es.MESSAGES, "en": en.MESSAGES}
RULES_TEXT: dict[str, list[tuple[str, list[str]]]] = {"es": es.RULES, "en": en.RULES}

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
        """The message ``key`` with ``{name}`` fields filled from ``params``. A missing key is a bug."""
        text = self._messages[key]
        return text.format(**params) if params else text

    def refusal(self, refusal: Refusal) -> str:
        return self._messages[refusal.value]

    def label(self, label: Label) -> str:
        return self._messages[LABEL_KEYS[label]]

    def moves(self, n: int) -> str:
        return self.t("moves_one") if n == 1 else self.t("moves_many", n=n)

    def rules_sections(self) -> list[tuple[str, list[str]]]:
        return RULES_TEXT[self.lang]

    @staticmethod
    def card(card: Card) -> str:
        """A card as a player reads it, e.g. ``10♠`` (the same in every language)."""
        return card.symbol


def format_time(seconds: float) -> str:
    """``m:ss`` below an hour, ``h:mm:ss`` above."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def signed(points: int) -> str:
    """A par score with its sign, the minus as a true minus sign: ``+20``, ``−7``, ``+0``."""
    return f"{points:+d}".replace("-", "\u2212")
