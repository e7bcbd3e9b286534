"""The shape variants (SPEC §12): a pyramid of six rows (31 stock cards, a node's stock mask of
31 bits) and Triangle (the pyramid upside down, every card to go). The solver on them against
the plain reference search, the numpy and the pure paths alike, winning lines through rules."""

from __future__ import annotations

import random

import pytest
from reference_search import winnable
from solver_cases import position_on_a_winning_line, random_position

from rules.legality import replay
from rules.state import RuleSet, State
from rules.variant import PYRAMID6, TRIANGLE, rule_sets
from solver import Search, Verdict
from solver.backends import configure, numpy_available
from solver.layered import Backend, PureBackend

SHAPES = [rules for variant in (PYRAMID6, TRIANGLE) for rules in rule_sets(variant)]
SLOW_REFERENCE = "variant=triangle passes=3 overlap=on"
"""The plain search takes half a minute on its positions: checked in the slow run."""


def backends() -> list[Backend]:
    """The pure backend, and the numpy one where numpy is there."""
    if not numpy_available():
        return [PureBackend()]
    from solver.vector import NumpyBackend  # noqa: PLC0415

    return [PureBackend(), NumpyBackend()]


def solved(state: State, backend: Backend, node_limit: int = 3_000_000) -> Verdict:
    """The verdict of ``state`` on ``backend`` (the pure one configured for the searches the
    solver makes inside too), its winning line replayed through the rules."""
    configure(pure=isinstance(backend, PureBackend))
    try:
        result = Search(state, node_limit=node_limit, backend=backend).run()
    finally:
        configure(pure=False)
    if result.verdict is Verdict.SOLVABLE:
        assert replay(state, list(result.moves)).is_won, state.to_text()
    return result.verdict


@pytest.mark.parametrize(
    "rules",
    [pytest.param(r, id=str(r), marks=[pytest.mark.slow] * (r.key == SLOW_REFERENCE)) for r in SHAPES],
)
def test_verdicts_match_the_plain_search_on_both_paths(rules: RuleSet) -> None:
    rng = random.Random(f"shapes {rules}")
    outcomes = []
    positions = [position_on_a_winning_line(rng, rules, 36, detour=i % 4) for i in range(6)]
    while len(outcomes) < 18 or (all(outcomes) and len(outcomes) < 60):
        # random play: twelve positions, more while none is lost (with six rows and unlimited
        # passes about one in twenty is)
        state = positions.pop() if positions else random_position(rng, rules, rng.randint(20, 40))
        expected = Verdict.SOLVABLE if winnable(state) else Verdict.UNSOLVABLE
        answers = {solved(state, backend) for backend in backends()}
        assert len(answers) == 1 and next(iter(answers)) is expected, state.to_text()
        outcomes.append(expected is Verdict.SOLVABLE)
    assert 0 < sum(outcomes) < len(outcomes)  # both verdicts come up


@pytest.mark.parametrize("rules", SHAPES, ids=str)
def test_whole_deals_answer_alike_on_both_paths_and_lines_replay(rules: RuleSet) -> None:
    verdicts = set()
    for number in range(1, 7):
        state = State.from_deal(number, rules)
        answers = {solved(state, backend) for backend in backends()}
        assert len(answers) == 1, (rules.key, number)
        verdicts.add(next(iter(answers)))
    assert Verdict.UNKNOWN not in verdicts


def test_a_six_row_deal_fills_a_stock_mask_of_31_bits() -> None:
    state = State.from_deal(4, RuleSet(variant=PYRAMID6))
    result = Search(state, node_limit=3_000_000, backend=PureBackend()).run()
    assert result.verdict is Verdict.SOLVABLE and replay(state, list(result.moves)).is_won
    assert len(state.layout.stock) == 31 and [str(m) for m in result.moves].count("D") >= 20
