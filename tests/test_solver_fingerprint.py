"""The solver answers byte for byte as the reference texts say (``tests/fingerprints/``, written by
``tools/solver_fingerprint.py --out``): verdicts, nodes, winning lines, analyses and best scores on
fixed deals, both paths. A refactoring meant to change nothing must leave them unchanged; a change
meant to alter them rewrites the file in the same commit, with the why in its body."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from families import one_per_family

from rules.state import RuleSet
from rules.variant import every_rule_set

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DEALS = 6
"""Deals per rule set and path in the default run (the slow run compares them all)."""


def load_tool() -> ModuleType:
    tool = ROOT / "tools" / "solver_fingerprint.py"
    spec = importlib.util.spec_from_file_location("solver_fingerprint", tool)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TOOL = load_tool()


def reference(rules: RuleSet, path: str, deals: int) -> list[str]:
    """The reference lines of deals 1…``deals`` of ``rules`` on ``path``."""
    wanted = {(rules.key, path, f"deal {n}") for n in range(1, deals + 1)}
    lines = TOOL.file_of(rules.variant).read_text(encoding="utf-8").splitlines()
    return [line for line in lines if tuple(line.split(" | ")[:3]) in wanted]


@pytest.mark.parametrize("path", ["numpy", "pure"])
@pytest.mark.parametrize("rules", one_per_family(every_rule_set()))
def test_the_first_deals_answer_as_the_reference(rules: RuleSet, path: str) -> None:
    expected = reference(rules, path, DEFAULT_DEALS)
    assert len(expected) > DEFAULT_DEALS
    assert list(TOOL.fingerprint(rules, path, DEFAULT_DEALS)) == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(path.name for path in TOOL.files()))
def test_every_deal_answers_as_the_reference(name: str) -> None:
    chosen = {path.name: rule_sets for path, rule_sets in TOOL.files().items()}[name]
    assert TOOL.whole(("numpy", "pure"), chosen) == (TOOL.FOLDER / name).read_text(encoding="utf-8")
