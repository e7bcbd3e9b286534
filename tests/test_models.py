"""The stock kinds' registry (:mod:`solver.models`): every registered variant has an entry, and
the entry, not the variant, decides the model, the engines and the move generator."""

from __future__ import annotations

from rules.state import RuleSet, State
from rules.variant import VARIANTS
from solver.cell import CellProblem
from solver.giza import GizaProblem
from solver.layered import PureBackend
from solver.model import Problem
from solver.models import (
    COLUMNS,
    DRAW_THREE,
    KINDS,
    ONE_CELL,
    ONE_WASTE,
    PILES,
    RESERVE,
    StockModelKind,
    engines_for,
    kind_name,
    kind_of,
)
from solver.movegen import successors_for
from solver.reserve import ReserveProblem
from solver.tomb import TombProblem


def test_every_registered_variant_has_a_kind_in_the_registry() -> None:
    assert {variant.name: kind_name(variant) for variant in VARIANTS.values()} == {
        "pyramid": ONE_WASTE,
        "strict": ONE_WASTE,
        "spanish": ONE_WASTE,
        "apophis": PILES,
        "giza": COLUMNS,
        "pyramid6": ONE_WASTE,
        "triangle": ONE_WASTE,
        "tut": DRAW_THREE,
        "reserve": RESERVE,
        "reserve6": RESERVE,
        "cell": ONE_CELL,
    }
    assert set(KINDS) == {ONE_WASTE, PILES, COLUMNS, DRAW_THREE, RESERVE, ONE_CELL}
    assert all(KINDS[name].name == name for name in KINDS)


def test_the_entry_gives_the_model_the_engines_and_the_generator() -> None:
    for variant in VARIANTS.values():
        state = State.from_deal(7, RuleSet(variant=variant))
        kind = kind_of(variant)
        engines = engines_for(state, PureBackend())
        if isinstance(kind, StockModelKind):
            assert isinstance(engines.problem, Problem) and engines.layered is not None
            assert engines.problem.kind is kind
            assert successors_for(engines.problem) is kind.successors
        else:
            assert isinstance(engines.problem, GizaProblem | TombProblem | ReserveProblem | CellProblem)
            assert engines.layered is None
    assert (
        kind_of(VARIANTS["apophis"])
        .schedule(PureBackend(), RuleSet(variant=VARIANTS["apophis"]))
        .fronts_after
        is None
    )
