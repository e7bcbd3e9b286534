"""The numpy move generator against the pure-Python one, and the backends' batch contract."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
from solver_cases import random_position, reference_deals, reference_state

from rules.state import RuleSet, State
from rules.variant import every_rule_set
from solver.backends import PURE_ENV, default_backend, numpy_usable
from solver.dfs import DepthFirst
from solver.layered import PIECE, Batch, Layered, Merge, PureBackend
from solver.model import Problem
from solver.movegen import expand_batch, successors
from solver.vector import NumpyBackend, Tables, bit_length, expand_arrays


def _seeded_nodes(problem: Problem, rng: random.Random, count: int) -> tuple[list[int], list[int]]:
    """Positions the search meets: random walks from the start through the successors (any
    of them, lost or not), restarting at a dead end or a win."""
    keys: list[int] = []
    accs: list[int] = []
    node = problem.start
    while len(keys) < count:
        keys.append(node[0] << 24 | node[1])
        accs.append(node[2])
        children = successors(problem, *node)
        node = rng.choice(children) if children and node[0] else problem.start
    return keys, accs


def _by_parent(parents: list[int], keys: list[int], accs: list[int]) -> dict[int, list[tuple[int, int]]]:
    grouped: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for parent, key, acc in zip(parents, keys, accs, strict=True):
        grouped[parent].append((key, acc))
    return {p: sorted(children) for p, children in grouped.items()}


STOCK_RULE_SETS = [rules for rules in every_rule_set() if rules.variant.has_stock]
"""The rule sets searched by the stock model (an open variant, Giza, has its own, :mod:`solver.giza`)."""


@pytest.mark.parametrize("fronts", [False, True], ids=["needs", "fronts"])
@pytest.mark.parametrize("rules", STOCK_RULE_SETS, ids=str)
def test_numpy_and_pure_generators_give_identical_moves(rules: RuleSet, fronts: bool) -> None:
    rng = random.Random(f"movegen {rules}")
    compared = 0
    for number in rng.sample(range(1, 20001), 6):
        problem = Problem(State.from_deal(number, rules))
        if fronts:
            problem.start_fronts()
        keys, accs = _seeded_nodes(problem, rng, 250)
        pure = _by_parent(*expand_batch(problem, keys, accs))
        parents, child_keys, child_accs = expand_arrays(
            problem, Tables(problem), np.array(keys, dtype=np.int64), np.array(accs, dtype=np.int64)
        )
        vector = _by_parent(parents.tolist(), child_keys.tolist(), child_accs.tolist())
        assert vector == pure
        compared += len(keys)
    assert compared >= 1000


@pytest.mark.parametrize("fronts", [False, True], ids=["needs", "fronts"])
def test_identical_moves_on_mid_game_and_last_pass_positions(fronts: bool) -> None:
    rng = random.Random(4)
    keys, accs, problems = [], [], []
    for _ in range(300):
        state = random_position(rng, rng.choice(STOCK_RULE_SETS), cards_left=rng.randint(20, 45))
        problem = Problem(state)
        if fronts:
            problem.start_fronts()
        pyr, stk, acc = problem.start
        pure = _by_parent(*expand_batch(problem, [pyr << 24 | stk], [acc]))
        parents, child_keys, child_accs = expand_arrays(
            problem, Tables(problem), np.array([pyr << 24 | stk]), np.array([acc])
        )
        assert _by_parent(parents.tolist(), child_keys.tolist(), child_accs.tolist()) == pure
        keys.append(pyr)
        accs.append(acc)
        problems.append(problem)
    assert any(p.start[2] >> 5 == p.passes for p in problems)  # last-pass positions were met


def test_fronts_turned_on_mid_search_reach_the_shapes_tabled_before() -> None:
    """A search turns fronts on after its first nodes; the numpy tables then hold shapes made
    without them, whose fronts must be filled in: the same moves as the pure generator, and
    nodes the stock needs let through are now cut."""
    rng = random.Random(11)
    cut = 0
    for number, rules in ((10258, RuleSet(3, True)), (2827, RuleSet(1, True)), (8025, RuleSet(3, False))):
        problem = Problem(State.from_deal(number, rules))
        tables = Tables(problem)
        keys, accs = _seeded_nodes(problem, rng, 400)
        arrays = np.array(keys, dtype=np.int64), np.array(accs, dtype=np.int64)
        before = expand_arrays(problem, tables, *arrays)
        assert problem.start_fronts()
        pure = _by_parent(*expand_batch(problem, keys, accs))
        parents, child_keys, child_accs = expand_arrays(problem, tables, *arrays)
        assert _by_parent(parents.tolist(), child_keys.tolist(), child_accs.tolist()) == pure
        cut += len(set(before[0].tolist())) - len(set(parents.tolist()))
    assert cut > 0  # nodes the stock needs let through were cut by the fronts


def test_bit_length_matches_python() -> None:
    values = [0, 1, 2, 3, 255, 256, (1 << 24) - 1, 1 << 30, (1 << 52) - 1]
    assert bit_length(np.array(values, dtype=np.int64)).tolist() == [v.bit_length() for v in values]


def test_backends_merge_and_split_alike() -> None:
    batches = [Batch([5 << 24 | 3, 7, 5 << 24 | 3], [40, 33, 38], [1, 2, 3]), Batch([7, 9], [33, 70], [4, 5])]
    for backend in (PureBackend(), NumpyBackend()):
        merged = backend.merge(batches)
        assert [int(k) for k in merged.keys] == [7, 9, 5 << 24 | 3]
        assert [int(a) for a in merged.accs] == [33, 70, 38]
        assert [int(p) for p in merged.parents] == [2, 5, 3]  # ties keep the first parent met
        assert {layer: [int(k) for k in part.keys] for layer, part in backend.split(merged).items()} == {
            3: [7],
            2: [9],
            4: [5 << 24 | 3],
        }


@pytest.mark.parametrize("seed", range(6))
def test_a_layer_merged_in_pieces_equals_one_merge(seed: int) -> None:
    """Duplicate keys across batches, equal accesses (the first parent met wins), key ranges
    narrow and wide; always more than one piece."""
    rng = random.Random(seed)
    batches = []
    for _ in range(rng.randint(2, 25)):
        n = rng.randint(0, 6000)
        keys = [rng.randrange(1 << rng.choice([10, 20, 40])) for _ in range(n)]
        accs = [rng.randrange(60) for _ in range(n)]
        batches.append(Batch(keys, accs, [rng.randrange(999) for _ in range(n)]))
    batches.append(Batch(list(range(PIECE + 1)), [5] * (PIECE + 1), [1] * (PIECE + 1)))
    for backend in (PureBackend(), NumpyBackend()):
        whole = backend.merge(list(batches))
        merge = Merge(backend, list(batches))
        steps = 0
        while merge.result is None:
            assert merge.work() <= 2 * PIECE + 8 * len(whole)
            steps += 1
        assert steps > 3
        for column in ("keys", "accs", "parents"):
            assert [int(v) for v in getattr(merge.result, column)] == [int(v) for v in getattr(whole, column)]


@pytest.mark.parametrize("index", [2, 5, 13, 581])
def test_layered_engine_same_verdict_with_either_backend(index: int) -> None:
    deck, expected = reference_deals()[index]
    answers = []
    for backend in (PureBackend(), NumpyBackend()):
        engine = Layered(Problem(reference_state(deck)), backend)
        while (path := engine.advance(50_000)) is None:
            pass
        answers.append((bool(path), engine.nodes))
    assert answers[0] == answers[1]
    assert answers[0][0] == expected


def test_environment_variable_forces_the_pure_path() -> None:
    assert default_backend().name == ("pure" if os.environ.get(PURE_ENV) else "numpy")
    code = "from solver.backends import default_backend; print(default_backend().name)"
    env = dict(os.environ, **{PURE_ENV: "1"})
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert result.stdout.strip() == "pure"


@pytest.mark.parametrize(
    ("version", "usable"),
    [("2.1.3", True), ("2.0.0rc1", True), ("10.0", True), ("1.26.4", False), ("1.9", False), ("dev", False)],
)
def test_numpy_path_needs_numpy_2(version: str, usable: bool) -> None:
    assert numpy_usable(version) is usable


def test_old_numpy_picks_the_pure_path(tmp_path: Path) -> None:
    """An importable numpy 1.x (as in pygbag's runtime) must not be used: the solver falls back."""
    fake = tmp_path / "numpy"
    fake.mkdir()
    (fake / "__init__.py").write_text('__version__ = "1.26.4"\n')
    code = "from solver.backends import default_backend; print(default_backend().name)"
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(Path(__file__).resolve().parent.parent)])
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert result.stdout.strip() == "pure"


@pytest.mark.parametrize(
    "rules", [r for r in every_rule_set() if r.variant.name != "pyramid" and r.passes == 3], ids=str
)
def test_layered_engine_same_verdict_with_either_backend_in_other_variants(rules: RuleSet) -> None:
    """The goal test (strict win: every card gone) and the deck's pairs on both backends, and
    the same verdict as depth-first search."""
    for number in (3, 8):
        state = State.from_deal(number, rules)
        answers = []
        for backend in (PureBackend(), NumpyBackend()):
            engine = Layered(Problem(state), backend)
            while (path := engine.advance(50_000)) is None:
                pass
            answers.append((bool(path), engine.nodes))
        assert answers[0] == answers[1]
        depth_first = DepthFirst(Problem(state))
        while (found := depth_first.advance(50_000)) is None:
            pass
        assert bool(found) == answers[0][0]
