"""The solver's fingerprint: what it answers on a fixed set of deals, as text to compare byte for byte.

    python tools/solver_fingerprint.py                    # every rule set, both paths, to stdout
    python tools/solver_fingerprint.py --deals 3 --rules "passes=3 overlap=on" --path pure
    python tools/solver_fingerprint.py --out tests/fingerprints/solver.txt   # the reference
    python tools/solver_fingerprint.py --variant triangle --out tests/fingerprints/triangle.txt

For every rule set (:func:`rules.variant.every_rule_set`) and each path (numpy, and the pure one
as ``PIRAMIDE_PURE_PYTHON=1`` chooses it), per deal: the verdict, the nodes and the winning line
of a search under a node budget; for the first deals also the analysis with the whole stock
unseen, and (a stock with one waste pile) the best-score search. A refactoring that claims to
change nothing must leave this text unchanged (``tests/test_solver_fingerprint.py``). The first
wave's variants share ``solver.txt``; each later variant has its own file (:func:`file_of`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.state import RuleSet, State  # noqa: E402
from rules.variant import VARIANTS, Variant, every_rule_set  # noqa: E402
from solver.analysis import Analysis  # noqa: E402
from solver.backends import configure, numpy_available  # noqa: E402
from solver.layered import Backend, PureBackend  # noqa: E402
from solver.models import has_stock_model  # noqa: E402
from solver.score import BestScore  # noqa: E402
from solver.search import Search  # noqa: E402

DEALS = 40
"""Deals 1…DEALS under every rule set."""
NODE_LIMIT = 50_000
"""Nodes per search: enough to decide most deals, small enough for a run of a minute or two."""
DEEP_DEALS = 3
"""The first deals whose analysis (whole stock unseen) and best score are also printed."""
ANALYSIS_NODES = 4_000
SCORE_NODES = 20_000
FOLDER = ROOT / "tests" / "fingerprints"
FIRST_WAVE = ("pyramid", "strict", "spanish", "apophis", "giza")
"""The variants whose rule sets ``solver.txt`` holds, in :func:`every_rule_set`'s order."""


def file_of(variant: Variant) -> Path:
    """The reference file of ``variant``'s rule sets: ``solver.txt``, or ``NAME.txt`` for a later one."""
    return FOLDER / ("solver.txt" if variant.name in FIRST_WAVE else f"{variant.name}.txt")


def files() -> dict[Path, list[RuleSet]]:
    """Every reference file and the rule sets it holds."""
    found: dict[Path, list[RuleSet]] = {}
    for rules in every_rule_set():
        found.setdefault(file_of(rules.variant), []).append(rules)
    return found


def backend(path: str) -> Backend:
    """The path's backend; the pure path is also configured for searches made inside the solver."""
    configure(pure=path == "pure")
    if path == "pure":
        return PureBackend()
    from solver.vector import NumpyBackend  # noqa: PLC0415

    return NumpyBackend()


def fingerprint(rules: RuleSet, path: str, deals: int = DEALS) -> Iterator[str]:
    """The lines of one rule set on one path."""
    engine = backend(path)
    try:
        for number in range(1, deals + 1):
            state = State.from_deal(number, rules)
            head = f"{rules.key} | {path} | deal {number}"
            result = Search(state, node_limit=NODE_LIMIT, backend=engine).run()
            line = " ".join(str(move) for move in result.moves)
            yield f"{head} | solve {result.verdict.value} nodes={result.nodes} line={line}"
            if number > DEEP_DEALS:
                continue
            yield f"{head} | analysis {analysis(state, engine)}"
            if has_stock_model(rules.variant) and rules.variant.waste_piles == 1:
                yield f"{head} | best score {best_score(state)}"
    finally:
        configure(pure=False)


def whole(paths: Sequence[str], chosen: Sequence[RuleSet], deals: int = DEALS) -> str:
    """The fingerprint of every rule set of ``chosen`` on every path, as the reference file holds it."""
    lines = (text for path in paths for rules in chosen for text in fingerprint(rules, path, deals))
    return "".join(line + "\n" for line in lines)


def analysis(state: State, engine: Backend) -> str:
    """The analysis of ``state`` with the whole stock unseen, under a node budget; a failure is
    printed as its exception's name (a fingerprint records behaviour, whatever it is)."""
    try:
        answer = Analysis(state, 0, backend=engine).run(ANALYSIS_NODES)
    except (StopIteration, ValueError, RuntimeError) as error:
        return f"error {type(error).__name__}"
    hint = answer.hint if answer.hint is not None else "-"
    return (
        f"{answer.verdict.value} nodes={answer.nodes} share={answer.win_share} exact={answer.exact} "
        f"orders={answer.orders}/{answer.orders_tried} hint={hint} line={' '.join(map(str, answer.line))}"
    )


def best_score(state: State) -> str:
    """The best-score search's answer, or the name of its refusal (as :func:`analysis` prints one)."""
    try:
        search = BestScore(state)
    except ValueError as error:
        return f"error {type(error).__name__}"
    while search.step(2_048) is None:
        if search.work >= SCORE_NODES:
            return f"given up work={search.work}"
    best = search.result
    assert best is not None
    return f"points={best.points} {best.score} nodes={best.nodes} verdict_nodes={best.verdict_nodes}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--deals", type=int, default=DEALS, help=f"deals 1…N per rule set (default {DEALS})")
    parser.add_argument("--rules", action="append", help="only this rule set's key (repeatable)")
    later = [name for name in VARIANTS if name not in FIRST_WAVE]
    parser.add_argument("--variant", choices=later, help="a later variant's rule sets (its own file)")
    parser.add_argument("--path", choices=("numpy", "pure", "both"), default="both")
    parser.add_argument("--out", type=Path, help="write to this file instead of stdout")
    args = parser.parse_args()
    paths = ["numpy", "pure"] if args.path == "both" else [args.path]
    if "numpy" in paths and not numpy_available():
        print("numpy 2 is not installed: the numpy path cannot be fingerprinted", file=sys.stderr)
        return 1
    own = file_of(VARIANTS[args.variant]) if args.variant else file_of(VARIANTS[FIRST_WAVE[0]])
    chosen = [r for r in files()[own] if not args.rules or r.key in args.rules]
    if not chosen:
        print(f"no rule set among {args.rules}", file=sys.stderr)
        return 1
    text = whole(paths, chosen, args.deals)
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
