"""Layering rules that keep the browser build and the solver honest."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

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
