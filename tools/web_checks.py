"""What the browser test compares: the same functions run natively and inside the browser.

``tools/web_test.py`` runs :func:`observe_all` natively to write the expectations; the harness
page (``tools/web_harness/pure.py``) runs it again on the *built bundle's* code inside pyodide and
compares, one check per observation. Plain stdlib + the game's pure packages: no pygame here,
so it imports the same way in both places.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.analysis import Inquiry
from game.platform import parse_page_query
from rules import RuleSet, Session, State
from rules.deals import LAST_DEAL, deal_cards, format_deal_text
from rules.variant import REGISTERED
from solver import AnswerCache, Purpose, solve
from solver.analysis import POSITION_WORDS
from solver.layered import PureBackend

DEAL_NUMBERS = [*range(1, LAST_DEAL + 1, 97), LAST_DEAL]
"""207 deal numbers spread over the whole range, both ends included."""
SOLVER_CASES = [(n, 3, True) for n in (1, 2, 3, 4, 5, 6, 8, 9, 10, 14)] + [
    (n, 1, False) for n in (1, 2, 3, 5, 13, 15)
]
"""(deal, passes, overlap): solvable and unsolvable deals the pure path decides in milliseconds."""
ANALYSIS_CASES = [(1, 0), (1, 12), (1, 40), (2, 20), (5, 30), (10, 35), (14, 6)]
"""(deal, k): the game's «Pista» after the first k moves of the deal's winning line."""
QUERIES = [
    "",
    "?deal=77",
    "?deal=123&lang=en&passes=1&classic",
    "?deal=0",
    "?deal=20001",
    "?deal=abc&lang=en",
    "?deal=",
    "?lang=fr&passes=2",
    "?classic=maybe",
    "?zoom=2&deal=5",
    *(f"?variant={variant.name}&deal=7" for variant in REGISTERED),
    "?variant=triangle&passes=unlimited",
    "?variant=piramide&deal=5",
]
"""Page addresses, good and bad, for ``game.platform.parse_page_query`` (every registered
variant by name, and one the game does not know)."""


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    began = time.perf_counter()
    value = fn()
    return value, (time.perf_counter() - began) * 1000


def observe_deals() -> dict[str, str]:
    return {str(n): format_deal_text(deal_cards(n)) for n in DEAL_NUMBERS}


def observe_solver() -> dict[str, dict[str, Any]]:
    """Pure-path verdicts, node counts and lines (numpy is absent or too old in the browser)."""
    out = {}
    for number, passes, overlap in SOLVER_CASES:
        state = State.from_deal(number, RuleSet(passes=passes, overlap=overlap))
        result = solve(state, backend=PureBackend())
        out[f"{number}/{passes}/{'overlap' if overlap else 'classic'}"] = {
            "verdict": result.verdict.value,
            "nodes": result.nodes,
            "moves": [str(m) for m in result.moves],
        }
    return out


def winning_line(number: int, rules: RuleSet | None = None) -> list[str]:
    result = solve(State.from_deal(number, rules or RuleSet()), backend=PureBackend())
    return [str(m) for m in result.moves]


def observe_analysis() -> dict[str, dict[str, Any]]:
    """The game's own question («Pista»), as the table asks it, with a budget that never runs out."""
    from rules import Move  # noqa: PLC0415

    out = {}
    for number, k in ANALYSIS_CASES:
        session = Session(State.from_deal(number), number)
        for token in winning_line(number)[:k]:
            if session.play(Move.parse(token)).refusal is not None:
                raise AssertionError(f"deal {number}: its own winning line was refused at {token}")
        inquiry = Inquiry(session, Purpose.HINT, AnswerCache(PureBackend()))
        answer = None
        while answer is None:
            answer = inquiry.step(1000.0)
        out[f"{number}@{k}"] = {
            "verdict": POSITION_WORDS[answer.verdict],
            "hint": str(answer.hint) if answer.hint is not None else None,
            "unseen": answer.unseen > 0,
        }
    return out


def observe_queries() -> dict[str, dict[str, Any]]:
    out = {}
    for query in QUERIES:
        options = parse_page_query(query)
        out[query or "(none)"] = {
            "deal": options.deal,
            "lang": options.lang,
            "passes": options.passes,
            "classic": options.classic,
            "variant": options.variant,
            "bad": [[b.name, b.value] for b in options.bad],
        }
    return out


OBSERVERS: dict[str, Callable[[], dict[str, Any]]] = {
    "deal": observe_deals,
    "solver": observe_solver,
    "analysis": observe_analysis,
    "address": observe_queries,
}


def observe_all() -> tuple[dict[str, dict[str, Any]], dict[str, float]]:
    """Every observation by group, and the milliseconds each group took."""
    results, times = {}, {}
    for group, observer in OBSERVERS.items():
        results[group], times[group] = timed(observer)
    return results, times


def compare(
    expected: dict[str, dict[str, Any]], seen: dict[str, dict[str, Any]]
) -> list[tuple[str, str | None]]:
    """One ``(check name, None or what differed)`` per expected observation."""
    checks: list[tuple[str, str | None]] = []
    for group, cases in expected.items():
        for key, want in cases.items():
            got = seen.get(group, {}).get(key, "<missing>")
            detail = None if got == want else f"expected {str(want)[:160]} got {str(got)[:160]}"
            checks.append((f"{group} {key}", detail))
    return checks


class Report:
    """The lines a harness page posts: ``PASS name``, ``FAIL name: why``, ``INFO …``, and last
    ``N passed, N failed``."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.passed = 0
        self.failed = 0

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        if ok:
            self.passed += 1
            self.lines.append(f"PASS {name}")
        else:
            self.failed += 1
            self.lines.append(f"FAIL {name}: {detail}")
        return ok

    def info(self, text: str) -> None:
        self.lines.append(f"INFO {text}")

    def text(self) -> str:
        return "\n".join([*self.lines, f"{self.passed} passed, {self.failed} failed"]) + "\n"
