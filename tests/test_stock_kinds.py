"""Stock kinds are plug-ins: nothing outside their modules asks which kind a variant has.

The rules, the game and the solver ask the variant's kind (``variant.stock_kind``, see
:mod:`rules.stock`) for its places, names and blocks. What is forbidden elsewhere is telling the
kinds apart: comparing pile or column counts, testing whether there are columns or piles,
naming a kind's variant or class. Asking the kind a capability (``has_stock``,
``stock_face_up``) or using its data (``range(kind.columns)``) is fine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.access.describe import BLOCK_GROUPS
from game.render.layout import BLOCKS
from game.render.table_view import BLOCK_ITEMS
from rules.legality import apply, legal_moves
from rules.moves import CELL
from rules.state import RuleSet, State, parse_position
from rules.stock import SECTIONS
from rules.variant import REGISTERED, Variant

ROOT = Path(__file__).resolve().parent.parent

CHECKED = ("rules", "game", "solver", "main.py")
"""Where the patterns are looked for."""
ALLOWED = ("rules/stock/", "solver/models.py")
"""The stock-kind modules themselves and the solver's registry of models."""

COUNT = r"\s*(==|!=|<=|>=|<|>)"
KIND_CHAINS = {
    "a pile count compared": re.compile(r"(?<!%\s)\b(piles|waste_piles)" + COUNT),
    "a column count compared": re.compile(r"\b(variant|layout|kind)\.(columns|column_depth)" + COUNT),
    "piles or columns tested for being there": re.compile(
        r"\b(if|elif|and|or|not)\s+[\w.]*\b(variant|layout|kind)\.(columns|wastes|piles|waste_piles)\b(?!\s*[\[(.])"
    ),
    "the waste's places counted": re.compile(r"\blen\([\w.]*(piles|wastes|waste_places\(\))\)" + COUNT),
    "a kind's variant named": re.compile(r"\bvariant\s*(==|!=|is)\s*(not\s+)?(APOPHIS|GIZA)\b"),
    "a kind named": re.compile(
        r"isinstance\([^)]*\b(OneWaste|WastePiles|Columns)\b|\bstock_kind\s*(==|!=|is)\b"
        r"|\.name\s*==\s*[\"'](one_waste|waste_piles|columns)[\"']"
    ),
}
"""What a stock-kind ``if`` chain looks like, by what it does."""


def offences(text: str) -> list[str]:
    """The lines of ``text`` (a module) that tell stock kinds apart, each with its reason."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        code = line.split("#")[0]
        found += [
            f"{number}: {why}: {line.strip()}" for why, pattern in KIND_CHAINS.items() if pattern.search(code)
        ]
    return found


@pytest.mark.parametrize(
    "line",
    [
        "if self.piles == 1:",
        "return (DECK, STOCK, WASTE) if self.piles == 1 else (DECK, *WASTE_PILES[: self.piles])",
        "if piles > 1 and not arrangement.labels_above:",
        "piles = rules is not None and rules.variant.waste_piles > 1",
        "if variant.columns:",
        "if not landscape and not variant.columns:",
        "found += self._columns(layout, frame) if layout.columns else self._piles(layout, frame)",
        "if table.layout.columns:",
        'key = "ax_waste_empty" if len(piles) == 1 else "ax_pile_empty"',
        "start = layout.stock if layout.piles == 1 else layout.deck",
        "if state.rules.variant is GIZA:",
        "if isinstance(kind, WastePiles):",
        'if kind.name == "columns":',
    ],
)
def test_the_patterns_find_the_chains_this_refactor_removed(line: str) -> None:
    assert offences(line)


@pytest.mark.parametrize(
    "line",
    [
        "if self.columns == 2:  # the rules screen's text columns",
        "if not state.stock_face_up:",
        "if state.rules.variant.has_stock:",
        "for column in range(state.rules.variant.columns):",
        "layout.wastes = [pygame.Rect(x, y, w, h) for k in range(self.piles)]",
        "plan = BLOCKS[variant.stock_kind.name]",
        "if index % piles == pile:",
        "if variant == PYRAMID:",
    ],
)
def test_the_patterns_spare_questions_to_the_kind(line: str) -> None:
    assert offences(line) == []


def test_no_stock_kind_chain_outside_the_kinds() -> None:
    files = [ROOT / name for name in CHECKED if name.endswith(".py")]
    for name in CHECKED:
        files += [] if name.endswith(".py") else sorted((ROOT / name).rglob("*.py"))
    assert len(files) > 50
    found = []
    for path in files:
        name = path.relative_to(ROOT).as_posix()
        if not name.startswith(ALLOWED):
            found += [f"{name}:{offence}" for offence in offences(path.read_text(encoding="utf-8"))]
    assert found == [], "ask the variant's stock kind (rules.stock) instead"


@pytest.mark.parametrize("registry", [BLOCKS, BLOCK_ITEMS, BLOCK_GROUPS], ids=["layout", "view", "access"])
def test_every_registered_kind_has_its_line_in_the_game_registries(registry: dict[str, object]) -> None:
    kinds = {variant.stock_kind.name for variant in REGISTERED}
    assert len(kinds) == 6
    assert sorted(kinds - set(registry)) == []


@pytest.mark.parametrize("variant", REGISTERED, ids=lambda variant: variant.name)
def test_a_kind_writes_only_sections_the_position_text_reads(variant: Variant) -> None:
    kind = variant.stock_kind
    assert kind.sections and set(kind.sections) <= set(SECTIONS)
    state = State.from_deal(1, RuleSet(3, True, variant))
    written = {line.split(":")[0] for line in kind.text(state)}
    assert written - {"pass", "passes"} == set(kind.sections)


def line_of_play(variant: Variant, deal: int, moves: int) -> list[State]:
    """The states of a game that plays, in turn, the last legal move and the first (draws and
    recycles come last, so this goes through the stock and back)."""
    state = State.from_deal(deal, RuleSet(3, True, variant))
    states = [state]
    for number in range(moves):
        legal = legal_moves(state)
        if not legal:
            break
        state = apply(state, legal[-1] if number % 2 else legal[0])
        states.append(state)
    return states


@pytest.mark.parametrize("variant", REGISTERED, ids=lambda variant: variant.name)
def test_every_kind_keeps_the_protocols_promises(variant: Variant) -> None:
    kind = variant.stock_kind
    assert set(kind.waste_places()) <= set(kind.places())
    states = line_of_play(variant, 7, 120)
    assert len(states) > 15
    assert max(state.pass_no for state in states) == (3 if variant.has_stock else 1)  # recycled twice
    for state in states:
        for place in kind.places():
            if place != CELL:  # (the cell's card has no index in the stock)
                assert (kind.card_at(state, place) is None) == (kind.card_index(state, place) is None)
        assert kind.visible(state) & ~state.stock == 0
        assert kind.normal_cursor(state.stock, state.cursor) == state.cursor
        assert kind.cleared(state) == (not kind.cards_left(state))
        text = state.to_text()
        assert parse_position(text).to_text() == text
