"""The README tells the truth about the repository: its module map lists every module of the
packages and nothing else, every file it names exists, the folders' rows name every benchmark
and tool, and its two set-up commands are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PACKAGES = ("rules", "solver", "game")
TOP = ("rules", "solver", "game", "bench", "tools", "tests", "web", "deploy", "assets", ".ci")
NAMED = re.compile(r"`(?:python )?((?:" + "|".join(re.escape(top) for top in TOP) + r")/[\w./-]*\.\w+)")


def section(heading: str) -> str:
    """The README's text under ``heading`` (a ``##`` or ``###`` line), up to the next heading."""
    match = re.search(rf"^#+ {re.escape(heading)}\n(.*?)(?=^#+ |\Z)", README, flags=re.MULTILINE | re.DOTALL)
    assert match, f"README has no section {heading!r}"
    return match.group(1)


def layout_row(folder: str) -> str:
    row = re.search(rf"^\| `{re.escape(folder)}/` \|(.*)$", section("Layout"), flags=re.MULTILINE)
    assert row, f"the Layout table has no row for {folder}/"
    return row.group(1)


def modules() -> set[str]:
    found = {"main.py"}
    for package in PACKAGES:
        found |= {path.relative_to(ROOT).as_posix() for path in (ROOT / package).rglob("*.py")}
    return found


def test_the_module_map_lists_every_module_of_the_packages_and_nothing_else() -> None:
    listed = re.findall(r"^- `([\w/]+\.py)`: \S", section("Module map"), flags=re.MULTILINE)
    assert len(listed) == len(set(listed)), "a module is listed twice"
    missing = sorted(modules() - set(listed))
    assert missing == [], "add these modules to README's module map (a line each: what they hold)"
    assert sorted(set(listed) - modules()) == [], "README's module map lists modules that do not exist"


def test_every_file_the_readme_names_exists() -> None:
    named = set(NAMED.findall(README))
    assert len(named) > 40  # the pattern does find the README's paths
    assert sorted(name for name in named if not (ROOT / name).exists()) == []


def test_the_layout_names_every_benchmark_and_tool() -> None:
    for folder in ("bench", "tools"):
        row = layout_row(folder)
        scripts = sorted(path.name for path in (ROOT / folder).glob("*.py"))
        assert scripts and [name for name in scripts if f"`{name}`" not in row] == [], folder


def test_the_set_up_is_two_commands_and_the_test_one_is_what_ci_runs() -> None:
    commands = re.findall(r"```sh\n(.*?)\n```", section("Set up"), flags=re.DOTALL)
    assert len(commands) == 2, "Set up keeps exactly two commands a newcomer copies"
    play, test = (command.split(" && ") for command in commands)
    assert play[-1] == "python main.py" and 'pip install -e .' in play
    assert test[-2].startswith('pip install -e ".[test]"')
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert any(line.split("#")[0].strip() == test[-1] for line in ci), f"{test[-1]!r} is not in .ci/run"
    assert 'pip install --quiet -e ".[test,dev]"' in ci  # CI's install has the README's extras
