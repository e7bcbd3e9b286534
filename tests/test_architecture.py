"""Layering rules that keep the browser build and the solver honest."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = ("rules", "solver")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_rules_and_solver_sources_never_import_pygame_or_game() -> None:
    for package in PURE:
        for path in (ROOT / package).rglob("*.py"):
            assert not _imported_modules(path) & {"pygame", "game"}, path


def test_importing_rules_and_solver_loads_no_pygame() -> None:
    code = "import sys, rules, rules.__main__, solver; print('pygame' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == "False"


WRITES = ("write_text", "write_bytes", "os.replace", "os.rename", "mkstemp", "NamedTemporaryFile")


def test_only_the_storage_module_writes_files_in_the_game() -> None:
    """Saves go through ``game/storage.py`` (the seam the browser build swaps for localStorage)."""
    for path in (ROOT / "game").rglob("*.py"):
        if path.name == "storage.py":
            continue
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        opens = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open"
        ]
        assert not opens, f"{path} calls open()"
        assert not [word for word in WRITES if word in source], path


# --- the game's doors: the solver's front door, the platform, the drawing --------------------------------
GAME = sorted([*(ROOT / "game").rglob("*.py"), ROOT / "main.py"])
PLATFORM = ROOT / "game" / "platform.py"
OS_CHECKS = {ROOT / "game" / "locks.py": {"win32"}}
"""Reads of ``sys.platform`` allowed outside ``game/platform.py``: which OS lock call exists
(``msvcrt`` or ``fcntl``), which mypy type-checks only when written as that very comparison."""


def _package(path: Path) -> list[str]:
    return list(path.relative_to(ROOT).with_suffix("").parts[:-1])


def _modules(source: str, path: Path) -> set[str]:
    """Every module the source imports, absolute, with ``from m import n`` also as ``m.n``
    (which is a module when ``n`` is one)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _package(path)[: len(_package(path)) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def solver_submodules(source: str, path: Path) -> set[str]:
    """The solver's submodules the source imports (the game may import only ``solver`` itself)."""
    return {name for name in _modules(source, path) if name.startswith("solver.") and _is_module(name)}


def platform_reads(source: str, path: Path) -> set[str]:
    """How the source reads ``sys.platform``: the value it is compared with, or ``"read"``."""
    tree = ast.parse(source)
    reads: set[str] = set()
    compared: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and _is_sys_platform(node.left):
            compared.add(id(node.left))
            reads.update(str(c.value) if isinstance(c, ast.Constant) else "read" for c in node.comparators)
        if isinstance(node, ast.ImportFrom) and node.module == "sys":
            reads.update("read" for alias in node.names if alias.name == "platform")
    for node in ast.walk(tree):
        if _is_sys_platform(node) and id(node) not in compared:
            reads.add("read")
    return reads


def _is_sys_platform(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "platform"
        and isinstance(node.value, ast.Name)
        and node.value.id == "sys"
    )


def play_imports(source: str, path: Path) -> set[str]:
    """``game.play`` when the source imports it (the drawing must not know the table's logic)."""
    play = [name for name in _modules(source, path) if name == "game.play" or name.startswith("game.play.")]
    return {"game.play"} if play else set()


MAX_CLASS_LINES = 300
"""No class of the game grows past this: a scene that does is split into rooms (issue 19)."""


def long_classes(source: str, path: Path) -> set[str]:
    """The source's classes longer than :data:`MAX_CLASS_LINES` lines (decorators left out)."""
    return {
        node.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef)
        and (node.end_lineno or node.lineno) - node.lineno + 1 > MAX_CLASS_LINES
    }


def test_no_class_in_the_game_is_over_300_lines() -> None:
    for path in GAME:
        assert not long_classes(path.read_text(encoding="utf-8"), path), path


def test_the_game_asks_the_solver_only_through_its_front_door() -> None:
    for path in GAME:
        assert not solver_submodules(path.read_text(encoding="utf-8"), path), path


def test_only_the_platform_module_reads_sys_platform() -> None:
    for path in GAME:
        if path != PLATFORM:
            allowed = OS_CHECKS.get(path, set())
            assert platform_reads(path.read_text(encoding="utf-8"), path) <= allowed, path


def test_the_drawing_imports_nothing_of_the_tables_logic() -> None:
    for path in (ROOT / "game" / "render").rglob("*.py"):
        assert not play_imports(path.read_text(encoding="utf-8"), path), path


RENDER_FILE = ROOT / "game" / "render" / "some_view.py"
SCENE_FILE = ROOT / "game" / "scenes" / "some_scene.py"


@pytest.mark.parametrize(
    ("rule", "source", "path", "found"),
    [
        (solver_submodules, "from solver.analysis import Answer", SCENE_FILE, {"solver.analysis"}),
        (solver_submodules, "import solver.search", SCENE_FILE, {"solver.search"}),
        (solver_submodules, "from solver import analysis", SCENE_FILE, {"solver.analysis"}),
        (solver_submodules, "from solver import Answer, question\nimport solver", SCENE_FILE, set()),
        (platform_reads, "import sys\nWEB = sys.platform == 'emscripten'", SCENE_FILE, {"emscripten"}),
        (platform_reads, "import sys\nif sys.platform.startswith('win'): pass", SCENE_FILE, {"read"}),
        (platform_reads, "from sys import platform", SCENE_FILE, {"read"}),
        (platform_reads, "import sys\nWINDOWS = sys.platform == 'win32'", SCENE_FILE, {"win32"}),
        (platform_reads, "from .platform import IS_WEB", SCENE_FILE, set()),
        (play_imports, "from game.play import DECK", RENDER_FILE, {"game.play"}),
        (play_imports, "from ..play import Tone", RENDER_FILE, {"game.play"}),
        (play_imports, "from .. import play", RENDER_FILE, {"game.play"}),
        (play_imports, "import game.play", RENDER_FILE, {"game.play"}),
        (play_imports, "from ..table_terms import Tone\nfrom .layout import TableLayout", RENDER_FILE, set()),
        (long_classes, "class Big:\n" + "    x = 1\n" * 300, SCENE_FILE, {"Big"}),
        (long_classes, "class Small:\n" + "    x = 1\n" * 299, SCENE_FILE, set()),
    ],
)
def test_the_layering_rules_catch_a_forbidden_import(
    rule: Callable[[str, Path], set[str]], source: str, path: Path, found: set[str]
) -> None:
    """Each rule above finds a forbidden import or read put back (and nothing in a good one)."""
    assert rule(source, path) == found
