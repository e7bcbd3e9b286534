"""The numpy move generator against the pure-Python one, and the backends' batch contract."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
import pytest
from families import one_per_family
from solver_cases import random_position, reference_deals, reference_state

from rules.cards import SPANISH_DECK, STANDARD_DECK
from rules.state import RuleSet, State
from rules.stock import WastePiles
from rules.variant import APOPHIS, Variant, every_rule_set, rule_sets
from solver.backends import PURE_ENV, default_backend, numpy_usable
from solver.dfs import DepthFirst
from solver.layered import PIECE, Batch, Layered, Merge, PureBackend
from solver.model import ACC_SHIFT, CURSOR_MASK, Problem
from solver.models import StockModelKind, kind_of
from solver.movegen import expand_batch, successors_for
from solver.piles import normal
from solver.search import Search, Verdict
from solver.vector import TABLES_KEPT, NumpyBackend, Tables, expand_arrays
from solver.vector_base import bit_length


def _seeded_nodes(problem: Problem, rng: random.Random, count: int) -> tuple[list[int], list[int]]:
    """Positions the search meets: random walks from the start through the successors (any
    of them, lost or not), restarting at a dead end or a win."""
    keys: list[int] = []
    accs: list[int] = []
    node = problem.start
    generate = successors_for(problem)
    while len(keys) < count:
        keys.append(node[0] << problem.stock_bits | node[1])
        accs.append(node[2])
        children = generate(problem, *node)
        node = rng.choice(children) if children and node[0] else problem.start
    return keys, accs


def _compare(problem: Problem, keys: list[int], accs: list[int]) -> dict[int, list[tuple[int, int]]]:
    """The numpy generator's children of every node, which must be the pure generator's.

    One exception: with stock fronts on, several waste piles and unlimited passes, only the
    numpy generator tests the fronts (:meth:`solver.model.Problem.fronts_apply`; the pure
    path never turns them on), so it may drop a node the pure one expands, and only a node
    whose whole stock meets no element of its pyramid's front (a sound loss test)."""
    pure = _by_parent(*expand_batch(problem, keys, accs))
    parents, child_keys, child_accs = expand_arrays(
        problem, Tables(problem), np.array(keys, dtype=np.int64), np.array(accs, dtype=np.int64)
    )
    numpy = _by_parent(parents.tolist(), child_keys.tolist(), child_accs.tolist())
    if problem.use_fronts and problem.piles > 1:
        for position in pure.keys() - numpy.keys():
            pyr, stk = keys[position] >> problem.stock_bits, keys[position] & (1 << problem.stock_bits) - 1
            assert not _front_met(problem, problem.norm(pyr), stk), keys[position]
        pure = {position: children for position, children in pure.items() if position in numpy}
    assert numpy == pure
    return pure


def _front_met(problem: Problem, pyr: int, stk: int) -> bool:
    """Does the stock ``stk`` hold, rank by rank, at least some element of ``pyr``'s front?"""
    counts = Counter(rank for i, rank in enumerate(problem.srank) if stk >> i & 1)
    return any(
        all(counts[rank] >= element >> 4 * rank & 15 for rank in range(16)) for element in problem.front(pyr)
    )


def _by_parent(parents: list[int], keys: list[int], accs: list[int]) -> dict[int, list[tuple[int, int]]]:
    """Each parent's distinct children (with unlimited passes the numpy path leaves twins,
    children alike once every access is the same, for the merge to drop)."""
    grouped: dict[int, set[tuple[int, int]]] = defaultdict(set)
    for parent, key, acc in zip(parents, keys, accs, strict=True):
        grouped[parent].add((key, acc))
    return {p: sorted(children) for p, children in grouped.items()}


STOCK_RULE_SETS = [rules for rules in every_rule_set() if isinstance(kind_of(rules.variant), StockModelKind)]
"""The rule sets searched by the stock model (an open variant, Giza, has its own, :mod:`solver.giza`)."""


@pytest.mark.parametrize("fronts", [False, True], ids=["needs", "fronts"])
@pytest.mark.parametrize("rules", one_per_family(STOCK_RULE_SETS))
def test_numpy_and_pure_generators_give_identical_moves(rules: RuleSet, fronts: bool) -> None:
    rng = random.Random(f"movegen {rules}")
    compared = 0
    for number in rng.sample(range(1, 20001), 6):
        problem = Problem(State.from_deal(number, rules))
        if fronts:
            problem.start_fronts()
        keys, accs = _seeded_nodes(problem, rng, 250)
        _compare(problem, keys, accs)
        compared += len(keys)
    assert compared >= 1000


PILE_VARIANTS = (
    APOPHIS,
    Variant("apophis-strict", STANDARD_DECK, stock_kind=WastePiles(3), win_all=True),
    Variant("apophis-spanish", SPANISH_DECK, stock_kind=WastePiles(3)),
    Variant("two-piles", STANDARD_DECK, stock_kind=WastePiles(2)),
)
"""Several waste piles: apophis, and variants not registered that reach the same code with a
strict win (a stranded card loses), a twin rank (6 + 6 = 12) and a stock of 20 cards (a last
group of two), and two piles."""


class _Seen:
    """What the compared positions exercised, counted from the pure generator's answers."""

    def __init__(self) -> None:
        self.nodes = self.stranded = self.cut_reach = self.lost = 0
        self.pile_pairs = self.pairs_at_cursor = self.next_pass = 0

    def count(
        self, problem: Problem, keys: list[int], accs: list[int], children: dict[int, list[tuple[int, int]]]
    ) -> None:
        for position, (key, acc) in enumerate(zip(keys, accs, strict=True)):
            pyr, stk = key >> problem.stock_bits, key & (1 << problem.stock_bits) - 1
            shape = problem.shape(pyr)
            self.nodes += 1
            self.stranded += bool(problem.stranded(shape, stk, acc))
            self.cut_reach += problem.reachable_stock(shape, stk, acc) != stk
            self.lost += position not in children and successors_for(problem)(problem, pyr, stk, acc) is None
            for child_key, child_acc in children.get(position, []):
                gone = stk & ~child_key
                self.next_pass += child_acc >> ACC_SHIFT > acc >> ACC_SHIFT
                if child_key >> problem.stock_bits == pyr and gone.bit_count() == 2:
                    self.pile_pairs += 1
                    high = gone.bit_length() - 1
                    end = (high // problem.piles + 1) * problem.piles
                    self.pairs_at_cursor += (
                        acc & CURSOR_MASK > end and child_acc >> ACC_SHIFT == acc >> ACC_SHIFT
                    )


def _pile_nodes(problem: Problem, rng: random.Random, count: int) -> tuple[list[int], list[int]]:
    """Random-walk nodes, and each again at a random normalised cursor of a random pass (the
    last pass often: there pile cards get stranded)."""
    keys, accs = _seeded_nodes(problem, rng, count)
    for key, acc in list(zip(keys, accs, strict=True)):
        stk = key & (1 << problem.stock_bits) - 1
        cursor = normal(stk, rng.randint(0, 24), problem.piles)
        pass_no = problem.passes if rng.random() < 0.6 else rng.randint(acc >> ACC_SHIFT, problem.passes)
        keys.append(key)
        accs.append(pass_no << ACC_SHIFT | cursor)
    return keys, accs


@pytest.mark.parametrize("variant", PILE_VARIANTS, ids=lambda v: v.name)
def test_numpy_pile_generator_gives_the_pure_moves(variant: Variant) -> None:
    """The numpy path of several waste piles (:func:`solver.vector.expand_arrays`) against
    :func:`solver.piles.successors`, under 1 and 3 passes, overlap on and off, on positions
    where every case of the pure generator comes up: a card stranded on the last pass (the
    reach cut, a strict-win node lost), stock pairs across piles played at their group's end,
    at the cursor and on the next pass, and cards played after a recycle."""
    seen = _Seen()
    for rules in rule_sets(variant):
        rng = random.Random(f"piles {variant.name} {rules}")
        for number in rng.sample(range(1, 20001), 4):
            problem = Problem(State.from_deal(number, rules))
            keys, accs = _pile_nodes(problem, rng, 150)
            children = _compare(problem, keys, accs)
            seen.count(problem, keys, accs, children)
    assert seen.nodes == len(rule_sets(variant)) * 4 * 300
    assert seen.stranded >= 30 and seen.cut_reach >= 30 and seen.lost >= 500
    assert seen.pile_pairs >= 1000 and seen.next_pass >= 1000
    if variant.waste_piles > 2:  # (with two piles any card dealt after a pair's group lies on it)
        assert seen.pairs_at_cursor >= 20


@pytest.mark.parametrize("fronts", [False, True], ids=["needs", "fronts"])
def test_identical_moves_on_mid_game_and_last_pass_positions(fronts: bool) -> None:
    rng = random.Random(4)
    problems = []
    for _ in range(300):
        state = random_position(rng, rng.choice(STOCK_RULE_SETS), cards_left=rng.randint(20, 45))
        problem = Problem(state)
        if fronts:
            problem.start_fronts()
        pyr, stk, acc = problem.start
        _compare(problem, [pyr << problem.stock_bits | stk], [acc])
        problems.append(problem)
    assert any(p.start[2] >> 5 == p.passes for p in problems)  # last-pass positions were met
    assert sum(p.piles > 1 for p in problems) >= 30


@pytest.mark.parametrize("rules", one_per_family([r for r in rule_sets(APOPHIS) if not r.unlimited]))
def test_identical_pile_moves_on_positions_of_play(rules: RuleSet) -> None:
    """Apophis positions reached by the rules (random play, draws and recycles included) late
    in the game, and random walks of the search from them (a limited number of passes: with
    unlimited ones no card is stranded, and the generators meet there above)."""
    rng = random.Random(f"played {rules}")
    seen = _Seen()
    for _ in range(60):
        problem = Problem(random_position(rng, rules, cards_left=rng.randint(14, 34)))
        keys, accs = _pile_nodes(problem, rng, 10)
        children = _compare(problem, keys, accs)
        seen.count(problem, keys, accs, children)
    assert (
        seen.stranded >= 50 and seen.cut_reach >= 50 and seen.pile_pairs >= 100 and seen.pairs_at_cursor >= 2
    )
    assert seen.next_pass >= 100 or rules.passes == 1


@pytest.mark.parametrize("variant", PILE_VARIANTS[:2], ids=lambda v: v.name)
def test_identical_pile_moves_with_unseen_places(variant: Variant) -> None:
    """A problem told which stock places are unseen (:attr:`Problem.unseen`, the analysis's
    order-free loss test) strands fewer cards, on both paths alike."""
    rng = random.Random(f"unseen {variant.name}")
    freed = 0
    for rules in rule_sets(variant):
        for _ in range(30):
            state = random_position(rng, rules, cards_left=rng.randint(14, 34))
            ahead = state.stock >> state.cursor << state.cursor
            unseen = sum(1 << i for i in range(24) if ahead >> i & 1 and rng.random() < 0.7)
            problem, told = Problem(state), Problem(state, unseen=unseen)
            keys, accs = _pile_nodes(told, rng, 10)
            _compare(told, keys, accs)
            for key, acc in zip(keys, accs, strict=True):
                pyr, stk = key >> problem.stock_bits, key & (1 << problem.stock_bits) - 1
                shape = problem.shape(pyr)
                freed += told.stranded(shape, stk, acc) != problem.stranded(shape, stk, acc)
    assert freed >= 20


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


def test_the_numpy_backend_keeps_the_tables_of_a_few_searches_only() -> None:
    """Issue 23.6: one backend serves a whole game session (every hint, answer and demo), and
    it kept the numpy tables of every search it ever ran (2,452 played deals: RSS 112 -> 275 MB).
    After many distinct searches it keeps a bounded number, the latest; a search whose tables
    were let go gets them made again, with the same answer."""
    backend = NumpyBackend()
    deal = State.from_deal(5, RuleSet(1, True))
    first, alone = (Search(deal, backend=b) for b in (backend, NumpyBackend()))
    for search in (first, alone):
        search.step(2_000)
    assert backend.tables_kept == 1  # the layered engine made its tables
    for number in range(20, 20 + 3 * TABLES_KEPT):
        Search(State.from_deal(number, RuleSet(1, True)), node_limit=1_500, backend=backend).run()
    assert backend.tables_kept == TABLES_KEPT
    again, once = first.run(), alone.run()
    assert (again.verdict, again.nodes) == (once.verdict, once.nodes) == (Verdict.UNSOLVABLE, 10_303)


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


@pytest.mark.parametrize(
    "index", [2, 5, *(pytest.param(n, marks=pytest.mark.slow) for n in (13, 581))]  # 13, 581: long searches
)
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


@pytest.mark.slow  # whole deals from the start, on both backends
@pytest.mark.parametrize(
    "rules", [r for r in STOCK_RULE_SETS if r.variant.name != "pyramid" and r.passes == 3], ids=str
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
