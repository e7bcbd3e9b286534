"""The label of every numbered deal under each rule set, computed in advance by the solver.

The table lives in ``assets/labels.json`` (made by ``tools/make_labels.py``)::

    {"format": 1, "made": {...how it was made...},
     "tables": {"passes=3 overlap=on": "SSU?S…", ...}}

Each table is a string of 20000 letters, letter ``n - 1`` for deal ``n``: ``S`` solvable,
``U`` unsolvable, ``?`` unknown (the solver's budget ran out). A missing file or table reads
as unknown, so the game still deals, it just cannot promise a win; a corrupt file raises
:class:`LabelTableError` for the caller to report.
"""

from __future__ import annotations

import enum
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from rules.deals import FIRST_DEAL, LAST_DEAL, check_deal_number
from rules.state import RuleSet

DEFAULT_PATH = Path(__file__).resolve().parent.parent / "assets" / "labels.json"
FORMAT = 1


class Label(enum.Enum):
    SOLVABLE = "solvable"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"


LETTERS = {Label.SOLVABLE: "S", Label.UNSOLVABLE: "U", Label.UNKNOWN: "?"}
_BY_LETTER = {letter: label for label, letter in LETTERS.items()}


class LabelTableError(ValueError):
    """The label file is not a table this version can read."""


@dataclass(frozen=True)
class LabelTable:
    """Labels per rule set (key ``str(rules)``), plus the note of how they were made."""

    tables: dict[str, str] = field(default_factory=dict)
    made: dict[str, object] = field(default_factory=dict)

    def label(self, number: int, rules: RuleSet) -> Label:
        check_deal_number(number)
        table = self.tables.get(str(rules), "")
        return _BY_LETTER[table[number - 1]] if len(table) >= number else Label.UNKNOWN

    def numbers(self, rules: RuleSet, label: Label) -> list[int]:
        """Every deal number with ``label`` under ``rules``."""
        if str(rules) not in self.tables:
            return list(range(FIRST_DEAL, LAST_DEAL + 1)) if label is Label.UNKNOWN else []
        letter = LETTERS[label]
        return [i + 1 for i, c in enumerate(self.tables[str(rules)]) if c == letter]

    def random_deal(self, rules: RuleSet, rng: random.Random, solvable_only: bool = True) -> int:
        """A deal number: by default one proven solvable under ``rules`` (any number when the
        table has none, so the game can always deal)."""
        if solvable_only:
            winnable = self.numbers(rules, Label.SOLVABLE)
            if winnable:
                return rng.choice(winnable)
        return rng.randint(FIRST_DEAL, LAST_DEAL)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "made": self.made, "tables": self.tables}, indent=1)

    @staticmethod
    def from_json(text: str) -> LabelTable:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise LabelTableError(f"label table is not JSON: {error}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise LabelTableError(f"label table format must be {FORMAT}")
        tables, made = data.get("tables"), data.get("made", {})
        if not isinstance(tables, dict) or not isinstance(made, dict):
            raise LabelTableError("label table needs a 'tables' object")
        for key, value in tables.items():
            if not isinstance(value, str) or len(value) != LAST_DEAL or set(value) - set(_BY_LETTER):
                raise LabelTableError(f"table {key!r} must be {LAST_DEAL} letters from S U ?")
        return LabelTable(dict(tables), dict(made))


def load_table(path: Path = DEFAULT_PATH) -> LabelTable:
    """The stored table; an empty one (everything unknown) when the file does not exist."""
    if not path.exists():
        return LabelTable()
    return LabelTable.from_json(path.read_text(encoding="utf-8"))
