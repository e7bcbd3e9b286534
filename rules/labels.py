"""The label of every numbered deal under each rule set, computed in advance by the solver.

The table lives in ``assets/labels.json`` (made by ``tools/make_labels.py``)::

    {"format": 1, "made": {...how it was made...},
     "tables": {"passes=3 overlap=on": "SSU?S…", ...}}

Each table is a string of 20000 letters, letter ``n - 1`` for deal ``n``: ``S`` solvable,
``U`` unsolvable, ``?`` unknown (the solver's budget ran out). A rule set missing from the
table reads as unknown. A missing file raises :class:`LabelTableMissingError` and a file that cannot
be read as a table (not UTF-8, not JSON, nested too deep, a directory…) raises
:class:`LabelTableError`, both naming the file: the game reports it, goes on with an empty
table and says it cannot promise a win; ``python -m rules label`` stops with the message.

``PIRAMIDE_ASSETS=DIR`` reads ``DIR/labels.json`` instead of the shipped ``assets/labels.json``
(the game reads its card images and fonts from ``DIR`` too): tests use it to try broken files.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path

from rules.deals import FIRST_DEAL, LAST_DEAL, check_deal_number
from rules.files import UnusableFileError, read_regular
from rules.state import RuleSet
from rules.verdict import Verdict

SHIPPED_ASSETS = Path(__file__).resolve().parent.parent / "assets"
ASSETS_ENV = "PIRAMIDE_ASSETS"
"""Environment variable naming another folder of assets (labels.json, cards/, fonts/)."""
DEFAULT_PATH = SHIPPED_ASSETS / "labels.json"
"""The shipped table (what ``tools/make_labels.py`` writes)."""
FORMAT = 1


def assets_dir() -> Path:
    """The folder the game's files are read from: ``$PIRAMIDE_ASSETS`` when set, else ``assets/``."""
    override = os.environ.get(ASSETS_ENV)
    return Path(override) if override else SHIPPED_ASSETS


def default_path() -> Path:
    """The label table read by default: ``labels.json`` in :func:`assets_dir`."""
    return assets_dir() / "labels.json"


Label = Verdict
"""A deal's label is its verdict, found in advance by the solver."""


LETTERS = {Label.SOLVABLE: "S", Label.UNSOLVABLE: "U", Label.UNKNOWN: "?"}
_BY_LETTER = {letter: label for label, letter in LETTERS.items()}


class LabelTableError(ValueError):
    """The label file is not a table this version can read."""


class LabelTableMissingError(LabelTableError):
    """There is no label file."""


@dataclass(frozen=True)
class LabelTable:
    """Labels per rule set (key :attr:`RuleSet.key`), plus the note of how they were made."""

    tables: dict[str, str] = field(default_factory=dict)
    made: dict[str, object] = field(default_factory=dict)

    def label(self, number: int, rules: RuleSet) -> Label:
        check_deal_number(number)
        table = self.tables.get(rules.key, "")
        return _BY_LETTER[table[number - 1]] if len(table) >= number else Label.UNKNOWN

    def numbers(self, rules: RuleSet, label: Label) -> list[int]:
        """Every deal number with ``label`` under ``rules``."""
        if rules.key not in self.tables:
            return list(range(FIRST_DEAL, LAST_DEAL + 1)) if label is Label.UNKNOWN else []
        letter = LETTERS[label]
        return [i + 1 for i, c in enumerate(self.tables[rules.key]) if c == letter]

    def can_promise(self, rules: RuleSet) -> bool:
        """True when «solo con solución» can keep its word under ``rules``: the table proves at
        least one deal solvable, so random deals come only from proven-solvable numbers."""
        return LETTERS[Label.SOLVABLE] in self.tables.get(rules.key, "")

    def share(self, rules: RuleSet) -> float | None:
        """The share of the deals labelled under ``rules`` that are proven winnable (None when
        the table has no verdict for them): a table made in parts (Tut's Tomb's) counts only
        the deals it has decided, not the unknown rest as lost."""
        table = self.tables.get(rules.key)
        if table is None:
            return None
        won = table.count(LETTERS[Label.SOLVABLE])
        decided = won + table.count(LETTERS[Label.UNSOLVABLE])
        return won / decided if decided else None

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
        except RecursionError:
            raise LabelTableError("label table is not a table: JSON nested too deep") from None
        except ValueError as error:  # e.g. a number longer than Python converts (4300 digits)
            raise LabelTableError(f"label table is not a table: {error}") from None
        if not isinstance(data, dict) or type(data.get("format")) is not int or data["format"] != FORMAT:
            raise LabelTableError(f"label table format must be {FORMAT}")
        tables, made = data.get("tables"), data.get("made", {})
        if not isinstance(tables, dict) or not isinstance(made, dict):
            raise LabelTableError("label table needs a 'tables' object")
        for key, value in tables.items():
            if not isinstance(value, str) or len(value) != LAST_DEAL or set(value) - set(_BY_LETTER):
                raise LabelTableError(f"table {key!r} must be {LAST_DEAL} letters from S U ?")
        return LabelTable(dict(tables), dict(made))


def load_table(path: Path | None = None) -> LabelTable:
    """The table stored at ``path`` (by default :func:`default_path`).

    Raises :class:`LabelTableMissingError` when there is no file and :class:`LabelTableError` when it
    cannot be read as a table; the message starts with the file's path.
    """
    path = default_path() if path is None else path
    try:
        text = read_regular(path).decode("utf-8")
    except FileNotFoundError:
        raise LabelTableMissingError(
            f"{path}: no label table there (tools/make_labels.py makes it)"
        ) from None
    except UnicodeDecodeError as error:
        raise LabelTableError(f"{path}: label table is not UTF-8 text (byte {error.start})") from None
    except UnusableFileError as error:  # a named pipe, a device, a huge file: never waited for nor read whole
        raise LabelTableError(f"{path}: the label table {error}") from None
    except OSError as error:
        raise LabelTableError(f"{path}: cannot read the label table: {error.strerror or error}") from None
    try:
        return LabelTable.from_json(text)
    except LabelTableError as error:
        raise LabelTableError(f"{path}: {error}") from None
