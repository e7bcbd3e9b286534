"""A deal named as a player reads it, and read back wherever the game takes a deal.

:func:`deal_name` is what «copy» puts on a native clipboard: the deal chip's own words in the
player's language («Baraja española: reparto 77», "Spanish deck: deal 77"); a deal of the
default variant is its number alone («77»), as it always was. :func:`parse_deal_name` reads that
back, in either language, for the new-deal dialog (pasted), ``--deal`` and the page's ``?deal=``,
so a copied deal opens the same game anywhere; it also takes a variant's name alone before the
number («Estricta 77»), its ``--variant`` name («spanish 77», what earlier versions copied),
any case, with or without accents, and the bare number (then the variant is the settings' one).
No pygame here.
"""

from __future__ import annotations

import unicodedata

from rules import DealNumberError, parse_deal_number
from rules.numbers import is_ascii_number, shown
from rules.variant import OFFERED, PYRAMID

from .texts import CATALOGUES, Texts

SEPARATORS = str.maketrans({mark: " " for mark in ":·,#º°"})
"""Marks a name may carry between its words («Baraja española: reparto nº 77»): read as spaces."""
FILLERS = frozenset({"n", "no", "no.", "nr", "nr.", "numero", "number"})
"""Words a player may write between a name and its number («Reparto nº 77», "Deal no. 77")."""


def deal_name(texts: Texts, number: int, variant: str) -> str:
    """Deal ``number`` of ``variant`` (by name) as the player reads it and the game opens it."""
    if variant == PYRAMID.name:
        return str(number)
    return texts.t("deal_variant", variant=texts.t(f"variant_{variant}"), n=number)


def parse_deal_name(text: str) -> tuple[int, str | None]:
    """The deal ``text`` names: its number, and its variant's name (None when it names none: the
    settings' variant). :class:`DealNumberError` saying what is wrong otherwise."""
    words = _plain(text).split()
    if not words or not is_ascii_number(words[-1]):
        parse_deal_number(text)  # the number's own message (nothing, not a number, another script)
        raise DealNumberError(f"a deal is its number, after its variant's name if any, not {shown(text)}")
    number = parse_deal_number(words.pop())
    while words and words[-1] in FILLERS:
        words.pop()
    prefix = " ".join(words)
    if prefix not in NAMES:
        known = ", ".join(sorted({name for name in NAMES.values() if name is not None}))
        raise DealNumberError(f"{shown(text)} names no variant (one of {known}, in any language)")
    return number, NAMES[prefix]


def _plain(text: str) -> str:
    """``text`` as names are compared: no accents, lower case, marks read as spaces."""
    decomposed = unicodedata.normalize("NFKD", text.translate(SEPARATORS))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _names() -> dict[str, str | None]:
    """What may stand before a deal's number → the variant it names (None: none named)."""
    names: dict[str, str | None] = {"": None}
    for messages in CATALOGUES.values():
        names[" ".join(_plain(messages["deal"].format(n="")).split())] = None  # «Reparto 77»
        names[" ".join(_plain(messages["deal_daily"].format(n="")).split())] = PYRAMID.name
        for name in OFFERED:
            shown_name = messages[f"variant_{name}"]
            names[" ".join(_plain(shown_name).split())] = name
            chip = messages["deal_variant"].format(variant=shown_name, n="")
            names[" ".join(_plain(chip).split())] = name
    names |= {name: name for name in OFFERED}
    return names


NAMES = _names()
"""Built once: every way a deal's name may begin, in every language."""
