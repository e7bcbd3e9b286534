"""The move-count files (tests/perft/, written by tools/perft.py) are what the rules give now:
a change that is meant to leave the rules alone must leave every line of them alone."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from rules.variant import REGISTERED, Variant

ROOT = Path(__file__).resolve().parent.parent


def perft() -> ModuleType:
    """tools/perft.py as a module (tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("perft", ROOT / "tools" / "perft.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("variant", REGISTERED, ids=lambda variant: variant.name)
def test_the_move_counts_are_the_ones_written_down(variant: Variant) -> None:
    tool = perft()
    kept = tool.path(variant).read_text(encoding="utf-8").splitlines()
    made = tool.text(variant).splitlines()
    assert len(kept) > 10 * len(tool.DEALS)
    assert [line for line in made if line not in kept] == []
    assert made == kept


def test_check_names_a_line_that_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    tool = perft()
    monkeypatch.setattr(tool, "FOLDER", tmp_path)
    assert tool.main([]) == 0  # writes the files into tmp_path
    assert tool.main(["--check"]) == 0
    file = tool.path(REGISTERED[0])
    lines = file.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1] + "0"
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert tool.main(["--check"]) == 1
    assert lines[1] in capsys.readouterr().out
