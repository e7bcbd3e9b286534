"""Pieces of the browser build and its test that need no browser: the web entry check on
main.py, the fixture's EM_JS fix, what the build stages."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from build_web import SHIPPED, tracked_files  # noqa: E402
from web_test import blank_em_js_types, web_entry_ok  # noqa: E402


def test_main_py_ends_in_a_plain_asyncio_run_in_the_browser() -> None:
    assert web_entry_ok((ROOT / "main.py").read_text(encoding="utf-8"))


def test_the_entry_check_refuses_sys_exit_around_the_loop() -> None:
    bad = (
        "import asyncio, sys\nfrom game import platform\n"
        'if __name__ == "__main__":\n'
        "    if platform.IS_WEB:\n"
        "        sys.exit(asyncio.run(web_main()))\n"
    )
    assert not web_entry_ok(bad)
    assert not web_entry_ok('if __name__ == "__main__":\n    sys.exit(asyncio.run(main([])))\n')


def test_em_js_types_are_blanked_in_place() -> None:
    data = b"\x00junk(void* ptr, int n)<::>{ return n; }\x00(x)<::>\x00()<::>{}"
    fixed, count = blank_em_js_types(data)
    assert count == 2 and len(fixed) == len(data)
    assert b"(      ptr,     n)<::>{ return n; }" in fixed and b"(x)<::>" in fixed


def test_the_build_stages_only_the_game() -> None:
    files = tracked_files()
    assert "main.py" in files and any(f.startswith("solver/") for f in files)
    assert all(f == "main.py" or f.split("/")[0] in SHIPPED for f in files)
    assert not any(f.startswith(("tests/", "bench/", "tools/", "web/")) for f in files)
