"""The variant is a value: which deck, which layout, which piles, which win rule.

A :class:`Variant` carries everything the rules, the solver and the game read instead of
constants: the deck (ranks, suits, the pair sum, the rank that goes alone), the pyramid's rows,
the stock kind (one waste, waste piles, face-up columns: :mod:`rules.stock`), the win rule.
A :class:`RuleSet` is a variant plus the player's two settings (passes, overlap rule); its
:attr:`RuleSet.key` is the stable text labels, saves and statistics are keyed by.

Registered variants (:data:`REGISTERED`) are the ones the rules play in full and the game offers;
:data:`RULES_ONLY` ones the rules play but the game does not lay out yet; :data:`VARIANTS` names
both. A variant whose piles the rules do not play yet is defined here but in neither, so no
command line offers it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.cards import SPANISH_DECK, STANDARD_DECK, Deck
from rules.errors import NotationError
from rules.stock import DRAW_THREE, ONE_CELL, ONE_WASTE, Columns, Reserve, StockKind, WastePiles
from rules.topology import PYRAMID_FORM, TRIANGLE_FORM, Form, Shape, shape

__all__ = [
    "ALL_RULE_SETS",
    "APOPHIS",
    "CELL",
    "CLASSIC",
    "DEFAULT_RULES",
    "GIZA",
    "OFFERED",
    "PYRAMID",
    "PYRAMID6",
    "REGISTERED",
    "RESERVE",
    "RESERVE6",
    "RULES_ONLY",
    "SPANISH",
    "SPANISH_DECK",
    "STANDARD_DECK",
    "STRICT",
    "TRIANGLE",
    "TUT",
    "VARIANTS",
    "Deck",
    "RuleSet",
    "Variant",
    "every_rule_set",
    "rule_sets",
]


UNLIMITED = 1 << 30
"""``RuleSet.passes`` with no limit on recycling (SPEC §12, key ``passes=unlimited``): a count
no game reaches; the rules and the solver test :attr:`RuleSet.unlimited`, never the number."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One way to play. ``name`` is the stable name used on command lines, in rule-set keys and
    in saves; the other fields say how the deal is laid out and when it is won.

    ``rows`` rows of ``form`` (:mod:`rules.topology`) make the pyramid;
    ``stock_kind`` deals what the pyramid leaves (:mod:`rules.stock`); the rest of the deck is
    the stock. ``win_all``: every card must go (pyramid, stock and waste), not only the pyramid.
    ``default_passes``: the passes the game offers first for it (the player's setting decides;
    rule sets and keys never read it)."""

    name: str
    deck: Deck
    rows: int = 7
    stock_kind: StockKind = ONE_WASTE
    win_all: bool = False
    form: Form = PYRAMID_FORM
    default_passes: int = 3
    shape: Shape = field(init=False, repr=False, compare=False)
    """The pyramid's topology tables (built once per form and number of rows)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", shape(self.rows, self.form))
        if self.stock_size < 0:
            raise ValueError(f"variant {self.name}: the deck has too few cards for its layout")

    @property
    def slots(self) -> int:
        """Pyramid slots (28 for 7 rows)."""
        return self.shape.slots

    @property
    def waste_piles(self) -> int:
        """The stock kind's waste piles (1 when it has one waste or no stock)."""
        return self.stock_kind.waste_piles

    @property
    def columns(self) -> int:
        """The stock kind's face-up columns (0 for none)."""
        return self.stock_kind.columns

    @property
    def column_depth(self) -> int:
        return self.stock_kind.column_depth

    @property
    def stock_size(self) -> int:
        """Cards dealt to the stock: the deck minus the pyramid and the columns."""
        return self.deck.size - self.slots - self.columns * self.column_depth

    @property
    def has_stock(self) -> bool:
        return self.stock_size > 0


PYRAMID = Variant("pyramid", STANDARD_DECK)
"""The default game (SPEC §1): the pyramid must go; stock and waste may keep cards."""
STRICT = Variant("strict", STANDARD_DECK, win_all=True)
"""Strict win (seeds 003, 004): every card must go, pyramid, stock and waste."""
SPANISH = Variant("spanish", SPANISH_DECK)
"""The Spanish 48-card deck: pairs sum 12, a Rey goes alone; pyramid 28, stock 20."""
APOPHIS = Variant("apophis", STANDARD_DECK, stock_kind=WastePiles(3))
"""Three waste piles (seed 002, seed 003's Apophis): the stock, face down, is drawn three cards at
a time onto three piles in a fixed order (see :mod:`rules.piles`); each pile's top card plays."""
GIZA = Variant("giza", STANDARD_DECK, stock_kind=Columns(8, 3))
"""Giza: the 24 other cards face up in eight columns of three, no stock (column ``c`` holds deal
tokens 29+3c … 31+3c, the last on top); the overlap rule applies inside the pyramid only."""

PYRAMID6 = Variant("pyramid6", STANDARD_DECK, rows=6)
"""A pyramid of six rows (seed 003, SPEC §12): 21 pyramid cards, 31 in the stock; otherwise the
default game."""
TRIANGLE = Variant("triangle", STANDARD_DECK, win_all=True, form=TRIANGLE_FORM)
"""Triangle (SPEC §12): the pyramid upside down, rows of 7 … 1 from the top, only the bottom card
free at the start; every card must go, the stock and the waste too."""
TUT = Variant("tut", STANDARD_DECK, stock_kind=DRAW_THREE, default_passes=UNLIMITED)
"""Tut's Tomb (SPEC §12): the stock face down, drawn three at a time onto one waste whose top
card alone plays; the pyramid must go. Passes unlimited by default (SPEC): the game offers them
first (:attr:`Variant.default_passes`); the rule set's passes are the player's setting."""

RESERVE = Variant("reserve", STANDARD_DECK, stock_kind=Reserve(7))
"""A reserve row (SPEC §12): seven face-up cards under the pyramid, all free, that must go too;
the other 17 in the stock (deal tokens 29–35 are the reserve, left to right)."""
RESERVE6 = Variant("reserve6", STANDARD_DECK, stock_kind=Reserve(6))
"""The reserve variant's setting of six reserve cards (18 in the stock): a variant of its own, so
its rule sets have keys of their own."""
CELL = Variant("cell", STANDARD_DECK, stock_kind=ONE_CELL)
"""One free cell (SPEC §12): the default game with one cell beside the waste that takes any free
card but a King; its card leaves only by pairing, and the deal is won when the pyramid is
cleared and the cell is empty."""

REGISTERED: tuple[Variant, ...] = (
    PYRAMID, STRICT, SPANISH, APOPHIS, GIZA, PYRAMID6, TRIANGLE, TUT, CELL, RESERVE, RESERVE6,
)  # fmt: skip
"""The variants the rules play in full and the game offers, the default first (command-line
choices, tests)."""
RULES_ONLY: tuple[Variant, ...] = ()
"""Variants the rules and the solver play in full (command lines, position texts, perft) but
the game does not offer yet (none now). Each moves into :data:`REGISTERED` once the game lays
it out."""
VARIANTS: dict[str, Variant] = {variant.name: variant for variant in (*REGISTERED, *RULES_ONLY)}
OFFERED: dict[str, Variant] = {variant.name: variant for variant in REGISTERED}
"""The variants the game offers (:data:`REGISTERED`), by name: settings, addresses, deal names."""


def parse_passes(text: str) -> int:
    """``1``, ``3`` … or ``unlimited`` as a pass count; ValueError naming the choices otherwise."""
    if text == "unlimited":
        return UNLIMITED
    if not re.fullmatch(r"[1-9][0-9]{0,2}", text):
        raise ValueError(f"passes must be 1, 3 or unlimited, not {text[:20]!r}")
    return int(text)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules a deal is played under. Default: the pyramid variant, 3 passes, overlap rule on
    (SPEC §1). A variant without a stock has nothing to recycle: its passes are always 1."""

    passes: int = 3
    overlap: bool = True
    variant: Variant = PYRAMID

    def __post_init__(self) -> None:
        if isinstance(self.passes, bool) or not isinstance(self.passes, int) or self.passes < 1:
            raise ValueError(f"passes must be a positive whole number, not {self.passes!r}")
        if not self.variant.has_stock and self.passes != 1:
            object.__setattr__(self, "passes", 1)

    @property
    def deck(self) -> Deck:
        return self.variant.deck

    @property
    def unlimited(self) -> bool:
        """Recycling has no limit: the deal ends when a whole cycle removes nothing."""
        return self.passes == UNLIMITED

    @property
    def passes_text(self) -> str:
        """The pass count as keys and position texts write it: ``3``, ``unlimited``."""
        return "unlimited" if self.unlimited else str(self.passes)

    @property
    def key(self) -> str:
        """The stable text labels, saves and statistics are keyed by: ``passes=3 overlap=on`` for
        the pyramid variant (the keys of before variants existed), ``variant=spanish passes=1
        overlap=off`` for another; ``variant=giza overlap=on`` when there is no stock."""
        overlap = f"overlap={'on' if self.overlap else 'off'}"
        passes = f"passes={self.passes_text} " if self.variant.has_stock else ""
        prefix = "" if self.variant == PYRAMID else f"variant={self.variant.name} "
        return prefix + passes + overlap

    def __str__(self) -> str:
        return self.key

    @staticmethod
    def from_key(text: str) -> RuleSet:
        """The rule set whose :attr:`key` is ``text``; :class:`NotationError` naming what is wrong
        otherwise (an unknown variant, a malformed key)."""
        match = _KEY.match(text)
        if match is None:
            raise NotationError(f"{text!r} is not a rule set (like 'passes=3 overlap=on')")
        name, passes, overlap = match.group("variant"), match.group("passes"), match.group("overlap")
        variant = PYRAMID if name is None else VARIANTS.get(name)
        if variant is None:
            raise NotationError(f"{text!r}: no variant {name!r} (one of {', '.join(VARIANTS)})")
        if (passes is None) == variant.has_stock:
            raise NotationError(f"{text!r}: passes= is {'needed' if variant.has_stock else 'not used'} here")
        if name == PYRAMID.name:
            raise NotationError(f"{text!r}: the pyramid variant's key has no variant= part")
        try:
            rules = RuleSet(1 if passes is None else parse_passes(passes), overlap == "on", variant)
        except ValueError as error:
            raise NotationError(f"{text!r}: {error}") from None
        return rules


_KEY = re.compile(
    r"^(?:variant=(?P<variant>[a-z][a-z0-9]*) )?(?:passes=(?P<passes>[1-9]\d{0,2}|unlimited) )?"
    r"overlap=(?P<overlap>on|off)$"
)

DEFAULT_RULES = RuleSet()
"""The default rules (SPEC §1): the pyramid variant, 3 passes, overlap rule on."""
CLASSIC = RuleSet(passes=3, overlap=False)
"""The rules of the reference data: 3 passes, no overlap rule."""


def rule_sets(variant: Variant = PYRAMID) -> tuple[RuleSet, ...]:
    """The rule sets the label table covers for ``variant``, its default first: passes 3, 1 and
    unlimited times overlap on and off (overlap on and off only, when there is no stock)."""
    passes = (3, 1, UNLIMITED) if variant.has_stock else (1,)
    return tuple(RuleSet(p, o, variant) for p in passes for o in (True, False))


ALL_RULE_SETS = rule_sets(PYRAMID)
"""The six rule sets of the default variant, the default first (the four label keys of before
variants, then unlimited passes with the overlap rule on and off)."""


def every_rule_set() -> tuple[RuleSet, ...]:
    """The label-table rule sets of every registered variant, the default variant's first."""
    return tuple(rules for variant in REGISTERED for rules in rule_sets(variant))
