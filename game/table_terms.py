"""What the table's logic (:mod:`game.play`) and its drawing (:mod:`game.render`) share: the
deck's place and the line under the table. Plain values: no pygame, no rules beyond places."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from rules.moves import PLACES

DECK = PLACES
"""The face-down part of the stock, a place of the game only (past every place of the rules):
tapping it draws (or recycles when the stock is empty). ``STOCK`` is the stock's face-up top
card, a card like any other; a variant with several waste piles has no face-up stock card."""


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
