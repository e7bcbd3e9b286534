"""Pyramid solitaire rules: cards, numbered deals, positions, moves, legality, undo history.

Pure Python with no pygame: the game, the solver, the tests and the browser build share it.
"""

import rules.interrupt  # noqa: F401 - first of all: guards a command's start-up against Ctrl-C
from rules.cards import DECK, KING, PAIR_SUM, SPANISH_DECK, STANDARD_DECK, Card, Deck, parse_card, parse_cards
from rules.deals import (
    FIRST_DEAL,
    LAST_DEAL,
    check_deal_number,
    deal_cards,
    format_deal_text,
    parse_deal_number,
    parse_deal_text,
)
from rules.errors import DealNumberError, IllegalMoveError, NotationError, RecordError
from rules.legality import (
    Refusal,
    apply,
    check,
    check_select,
    is_dead_end,
    legal_moves,
    overlap_cover,
    partners,
    playable_places,
    replay,
)
from rules.moves import DRAW, RECYCLE, STOCK, WASTE, WASTE_PILES, Kind, Move, parse_moves, place_name
from rules.session import Clock, Ending, Outcome, Session
from rules.state import ALL_RULE_SETS, CLASSIC, Layout, RuleSet, State, parse_position, parse_position_unseen
from rules.variant import APOPHIS, GIZA, PYRAMID, SPANISH, STRICT, VARIANTS, Variant, rule_sets
from rules.verdict import Verdict

__all__ = [
    "ALL_RULE_SETS",
    "APOPHIS",
    "CLASSIC",
    "DECK",
    "DRAW",
    "FIRST_DEAL",
    "GIZA",
    "KING",
    "LAST_DEAL",
    "PAIR_SUM",
    "PYRAMID",
    "RECYCLE",
    "SPANISH",
    "SPANISH_DECK",
    "STANDARD_DECK",
    "STOCK",
    "STRICT",
    "VARIANTS",
    "WASTE",
    "WASTE_PILES",
    "Card",
    "Clock",
    "DealNumberError",
    "Deck",
    "Ending",
    "IllegalMoveError",
    "Kind",
    "Layout",
    "Move",
    "NotationError",
    "Outcome",
    "RecordError",
    "Refusal",
    "RuleSet",
    "Session",
    "State",
    "Variant",
    "Verdict",
    "apply",
    "check",
    "check_deal_number",
    "check_select",
    "deal_cards",
    "format_deal_text",
    "is_dead_end",
    "legal_moves",
    "overlap_cover",
    "parse_card",
    "parse_cards",
    "parse_deal_number",
    "parse_deal_text",
    "parse_moves",
    "parse_position",
    "parse_position_unseen",
    "partners",
    "place_name",
    "playable_places",
    "replay",
    "rule_sets",
]
