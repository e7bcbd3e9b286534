"""What the table's logic (:mod:`game.play`) and its drawing (:mod:`game.render`) share: the
deck's place, the places a move is tapped at and the line under the table. Plain values: no
pygame, no rules beyond places and moves."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from rules.moves import CELL, PLACES, Kind, Move

DECK = PLACES
"""The face-down part of the stock, a place of the game only (past every place of the rules):
tapping it draws (or recycles when the stock is empty). ``STOCK`` is the stock's face-up top
card, a card like any other; a variant with several waste piles has no face-up stock card."""


def tapped_places(move: Move) -> tuple[int, ...]:
    """The places a player taps to make ``move``: the stock for a draw or a recycle, the card or
    cards of a removal, the card and then the free cell for a store."""
    if move.kind in (Kind.DRAW, Kind.RECYCLE):
        return (DECK,)
    return (*move.places, CELL) if move.is_store else move.places


class Tone(enum.Enum):
    INFO = "info"
    REFUSAL = "refusal"
    HINT = "hint"
    BUSY = "busy"


@dataclass(frozen=True)
class Line:
    """The one line under the table: a catalogue key, its parameters and its tone."""

    key: str
    params: dict[str, object] = field(default_factory=dict)
    tone: Tone = Tone.INFO
