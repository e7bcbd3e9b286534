"""Test parameters the default run thins out, all of them kept under ``slow``: rule sets (one per
variant family by default) and the largest windows.

The differential runs (the solver against the plain reference search, legality against
``check``, the analysis with and without the unseen cards' order) cost seconds per rule set.
A *family* is the variants that share a stock kind, and so the solver's model and move
generator: one waste pile (pyramid, strict, spanish), several waste piles (apophis), columns
(giza), draw three (tut), a reserve row (reserve, reserve6). The default run checks each family
under one rule set (:data:`DEFAULT_RUN`, whose settings differ, so both pass counts and both
overlap settings come up); ``python -m pytest -m slow`` (run by CI, ``.ci/run``) checks the others.

The screens drawn in every window size draw a 4K window (3840 × 2160, either way up) with nine
times the pixels of 1280 × 720, for the same layout scaled up: the default run leaves it out of
the drawn screens (:func:`big_windows_slow`); its geometry is checked without drawing by
``tests/test_game_layout.py``, and the slow run draws it.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from rules.state import RuleSet
from solver.models import kind_name

DEFAULT_RUN = (
    "passes=3 overlap=on",
    "variant=apophis passes=1 overlap=off",
    "variant=giza overlap=off",
    "variant=tut passes=3 overlap=on",
    "variant=cell passes=1 overlap=on",
    "variant=reserve passes=3 overlap=off",
)
"""The rule set each family is checked under by default: the default game, and two others."""
BIG_WINDOW = 4_000_000
"""Pixels: a window with more is drawn only in the slow run."""


def family(rules: RuleSet) -> str:
    """The family of a rule set's variant: its stock kind (the solver's registry's name)."""
    return kind_name(rules.variant)


def one_per_family(rule_sets: Iterable[RuleSet]) -> list[object]:
    """``rule_sets`` as parameters with their text as id. Of each family's rule sets among them,
    one runs by default (the one in :data:`DEFAULT_RUN`, else the family's first); the others
    are marked ``slow``."""
    chosen = list(rule_sets)
    kept = set()
    for name in dict.fromkeys(family(rules) for rules in chosen):
        own = [rules for rules in chosen if family(rules) == name]
        kept.add(next((rules for rules in own if rules.key in DEFAULT_RUN), own[0]))
    return [
        pytest.param(rules, id=str(rules), marks=() if rules in kept else pytest.mark.slow)
        for rules in chosen
    ]


def big_windows_slow(sizes: Iterable[tuple[int, int]]) -> list[object]:
    """Window sizes as parameters (their ids as pytest gives them), those of more than
    :data:`BIG_WINDOW` pixels marked ``slow``."""
    slow = pytest.mark.slow
    return [pytest.param(size, marks=slow) if size[0] * size[1] > BIG_WINDOW else size for size in sizes]
