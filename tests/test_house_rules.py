"""House rules kept by a test: measurements live in ``bench/RESULTS.md``, docstrings keep the
rule; CI's tools are pinned, the pre-commit hooks run what CI runs, and CI runs the slow tests
the default run leaves out.

A docstring says what a constant or function does and why; the figures that chose a value (the
benchmark history) go in the constant's section of ``bench/RESULTS.md``, which the docstring
links as ``bench/RESULTS.md#section``.
"""

from __future__ import annotations

import ast
import itertools
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

from families import DEFAULT_RUN, big_windows_slow, family, one_per_family

from rules.variant import every_rule_set

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "RESULTS.md"
SOURCES = ("rules", "solver", "game", "bench", "main.py")
MOST_FIGURE_LINES = 3
"""A docstring may quote a figure or two (a typical cost, a target); more is history."""
FIGURE = re.compile(
    r"\d[\d,.]*\s*(?:ms|s|µs|MB|KB|%|×|k nodes)(?![\w])"  # a measured quantity
    r"|\d\s*->\s*\d"  # a before -> after
    r"|\d\.\d+\s*/\s*\d"  # figures side by side: 25.7 / 19.8
)
LINK = re.compile(r"bench/RESULTS\.md#([\w-]+)")


def _sources() -> Iterator[Path]:
    for name in SOURCES:
        path = ROOT / name
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def _text(node: ast.stmt) -> str | None:
    """The string a statement is, when it is a bare string (a docstring)."""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        value = node.value.value
        return value if isinstance(value, str) else None
    return None


def docstrings(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Every docstring of a module: the module's, each class's and function's, and each string
    that documents an assignment (a constant's or a field's docstring), with its line."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and (text := _text(body[0])) is not None:
                yield body[0].lineno, text
            for before, after in itertools.pairwise(body):
                if isinstance(before, ast.Assign | ast.AnnAssign) and (text := _text(after)) is not None:
                    yield after.lineno, text


def figure_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if FIGURE.search(line))


def slug(heading: str) -> str:
    """The anchor a Markdown heading gets (GitHub's rule): lower case, punctuation dropped,
    spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def sections() -> dict[str, str]:
    """``bench/RESULTS.md``'s sections by anchor."""
    found: dict[str, str] = {}
    for part in re.split(r"^## ", RESULTS.read_text(encoding="utf-8"), flags=re.MULTILINE)[1:]:
        heading, _, body = part.partition("\n")
        found[slug(heading)] = body
    return found


def test_no_docstring_carries_benchmark_history() -> None:
    heavy = []
    for path in _sources():
        for line, text in docstrings(ast.parse(path.read_text(encoding="utf-8"))):
            if figure_lines(text) > MOST_FIGURE_LINES:
                heavy.append(f"{path.relative_to(ROOT)}:{line} ({figure_lines(text)} lines with figures)")
    assert heavy == [], "move the measurements to bench/RESULTS.md and link its section"


def test_the_figure_count_sees_benchmark_history() -> None:
    history = """The head start, measured with bench/schedules.py:
    deals 1-200, mean 25.7 ms with overlap and 19.8 without,
    against 25.5 / 19.2 with 250, 27.1 / 21.5 with 1,000;
    p99 833 -> 633 and max 2,100 -> 967;
    the soak's memory stepped up by 2–3 MB, about 10 % more.
    """
    assert figure_lines(history) == 4
    rule = """Nodes per step when a search runs to the end: 8,192 positions, 128 in a game's frame,
    at most 3 passes over 24 cards, 0.7 s a move (bench/RESULTS.md#run_round)."""
    assert figure_lines(rule) == 1


def test_every_link_to_the_results_names_a_section() -> None:
    known = sections()
    links = [
        (path.relative_to(ROOT), anchor)
        for path in _sources()
        for anchor in LINK.findall(path.read_text(encoding="utf-8"))
    ]
    assert links, "no docstring links bench/RESULTS.md"
    assert [(str(path), anchor) for path, anchor in links if anchor not in known] == []


def test_every_section_of_the_results_says_its_command() -> None:
    for anchor, body in sections().items():
        assert "python bench/" in body, f"bench/RESULTS.md#{anchor} names no bench command"


def test_a_heading_anchor_is_what_github_makes_of_it() -> None:
    assert slug("HEAD_START") == "head_start"
    assert slug("The engines' schedule (`Schedule`)") == "the-engines-schedule-schedule"


def test_the_tools_ci_installs_are_pinned_exactly() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    tools = [*extras["optional-dependencies"]["test"], *extras["optional-dependencies"]["dev"]]
    assert tools and [tool for tool in tools if not re.fullmatch(r"[\w-]+==[\w.]+", tool)] == []
    assert 'pip install --quiet -e ".[test,dev]"' in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_pre_commit_hooks_run_what_ci_runs() -> None:
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    tools = re.findall(r"^\s+entry: (.+)\n\s+language: system$", config, flags=re.MULTILINE)
    assert len(tools) >= 3 and all(entry in ci for entry in tools), tools
    assert "repo: local" in config and "rev:" not in config  # the venv's tools, nothing downloaded
    assert "\n        stages: [commit-msg]" in config  # and the subject's length


def test_the_default_run_keeps_one_rule_set_per_family_and_ci_runs_the_rest() -> None:
    params = one_per_family(every_rule_set())
    kept = [p.values[0] for p in params if not p.marks]  # type: ignore[attr-defined]
    assert [rules.key for rules in kept] == list(DEFAULT_RUN)
    assert sorted(family(rules) for rules in kept) == [
        "columns",
        "draw_three",
        "one_cell",
        "one_waste",
        "reserve",
        "waste_piles",
    ]
    assert {family(rules) for rules in every_rule_set()} == {family(rules) for rules in kept}
    assert all(mark.name == "slow" for p in params for mark in p.marks)  # type: ignore[attr-defined]
    sizes = big_windows_slow([(1280, 720), (3840, 2160), (2160, 3840), (1920, 1080)])
    assert ["slow" if hasattr(size, "marks") else size for size in sizes] == [
        (1280, 720),
        "slow",
        "slow",
        (1920, 1080),
    ]
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    assert options["ini_options"]["addopts"][-2:] == ["-m", "not slow"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^python -m pytest\s", ci, flags=re.MULTILINE)  # the default suite
    assert re.search(r"^python -m pytest -m slow\b", ci, flags=re.MULTILINE)  # and the slow set
