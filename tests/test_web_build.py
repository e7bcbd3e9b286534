"""Pieces of the browser build and its test that need no browser: the web entry check on
main.py, the fixture's EM_JS fix, what the build stages, the service worker's build name, the
web app's manifest and icons, the runtime mirror."""

from __future__ import annotations

import ast
import hashlib
import io
import json
import subprocess
import sys
import tokenize
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build_web  # noqa: E402
import web_mirror  # noqa: E402
from build_web import LEFT_OUT, NUMPY_PATH, SHIPPED, tracked_files  # noqa: E402
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


BLOCKED_RUN = """
import sys
for name in ["numpy", *sys.argv[1:]]:
    sys.modules[name] = None  # an import of it fails, as in the bundle
import main, game.app, solver
from rules.session import Session
from rules.state import State
from rules.variant import REGISTERED, rule_sets
from solver.analysis import Analysis
from solver.search import Search
solver.configure(pure=True)  # as game.app.launch does in the browser
for variant in REGISTERED:
    for rules in rule_sets(variant):
        state = State.from_deal(37, rules)
        Search(state, node_limit=2000).run()
        analysis = Analysis(state, Session(state, 37, now=lambda: 0.0).seen_mask)
        for _ in range(3):
            analysis.step(500, hint=True)
            analysis.step(500)
print("played", sorted(m for m, module in sys.modules.items() if module and m.startswith("solver.")))
"""


def test_the_page_never_needs_the_modules_the_bundle_leaves_out() -> None:
    """The bundle leaves out the solver's numpy path: with those modules and numpy unimportable,
    the game as the browser runs it still searches, answers and hints under every rule set."""
    assert set(NUMPY_PATH) <= set(LEFT_OUT) and not set(LEFT_OUT) & set(tracked_files())
    blocked = [name.removesuffix(".py").replace("/", ".") for name in LEFT_OUT]
    run = subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN, *blocked],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    played = run.stdout.strip()
    assert played.startswith("played") and "solver.search" in played and "solver.cell" in played
    assert not any(f"'{name}'" in played for name in blocked)


# --- the web app's files, the service worker, the runtime mirror (issue 18.5, 18.6) --------------
CDN_COPY = ROOT.parent / "shared" / "web-runtime" / "pygbag-0.9.3" / "cdn"


def test_the_runtime_url_is_the_mirrors_root_over_http() -> None:
    assert build_web.runtime_root("https://example.org/pygbag") == "https://example.org/pygbag/"
    assert build_web.runtime_root("http://127.0.0.1:8000/") == "http://127.0.0.1:8000/"
    for bad in ("ftp://example.org/", "example.org/cdn/", "https://example.org/cdn/0.9.3/", "http:///x"):
        with pytest.raises(build_web.BuildError):
            build_web.runtime_root(bad)


def test_a_bad_runtime_url_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert build_web.main(["--runtime-url", "ftp://example.org/"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--runtime-url" in err and "Traceback" not in err


def _fake_build(folder: Path) -> None:
    for name in (*build_web.PYGBAG_OUTPUTS, *build_web.APP_FILES):
        (folder / name).write_bytes(f"{name} of a build".encode())


def test_the_worker_names_its_cache_by_the_builds_files(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    first = build_web.write_worker(tmp_path, "https://mirror.example/")
    text = (tmp_path / "sw.js").read_text(encoding="utf-8")
    assert f'const BUILD = "{first}";' in text and 'const RUNTIME = "https://mirror.example/";' in text
    assert not any(field in text for field in build_web.WORKER_FIELDS)
    listed = json.loads(text.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert [f["name"] for f in listed] == [*build_web.PYGBAG_OUTPUTS, *build_web.APP_FILES]
    apk = next(f for f in listed if f["name"] == "piramide.apk")
    assert apk["sha256"] == hashlib.sha256((tmp_path / "piramide.apk").read_bytes()).hexdigest()
    assert build_web.write_worker(tmp_path, "https://mirror.example/") == first  # same files, same name
    (tmp_path / "piramide.apk").write_bytes(b"another bundle")
    assert build_web.write_worker(tmp_path, "https://mirror.example/") != first


def test_the_manifest_names_icons_of_their_sizes() -> None:
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["display"] in ("standalone", "fullscreen")
    purposes = set()
    for icon in manifest["icons"]:
        assert icon["src"] in build_web.APP_FILES
        size = pygame.image.load(str(ROOT / "web" / icon["src"])).get_size()
        assert f"{size[0]}x{size[1]}" == icon["sizes"]
        purposes.add(icon["purpose"])
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert purposes == {"any", "maskable"} and {"192x192", "512x512"} <= sizes


def test_the_page_loads_the_web_app_files() -> None:
    page = (ROOT / "web" / "index.tmpl").read_text(encoding="utf-8")
    for name in ("manifest.webmanifest", "offline.js", "icon-192.png"):
        assert f'"{name}"' in page
    assert 'os.environ["PYGPI"]' in page  # the package index beside the runtime (a mirror's too)


@pytest.mark.skipif(not CDN_COPY.is_dir(), reason="no copy of pygbag's CDN beside the repository")
def test_a_mirror_is_laid_out_as_the_cdn_serves_it(tmp_path: Path) -> None:
    summary = web_mirror.lay_out(web_mirror.Source(str(CDN_COPY)), tmp_path)
    assert summary["missing"] == ["0.9.3/cpython312/main.wasm", "0.9.3/cpython312/main.data"]
    files = summary["files"]
    assert isinstance(files, dict)
    wheel = "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
    for path in ("0.9.3/pythons.js", "0.9.3/cpython312/main.js", "index-0.9.3-cp312.json", wheel):
        assert (tmp_path / path).read_bytes() == (CDN_COPY / path).read_bytes()
        assert files[path]["sha256"] == hashlib.sha256((CDN_COPY / path).read_bytes()).hexdigest()
    assert json.loads((tmp_path / "mirror.json").read_text(encoding="utf-8"))["files"] == files


def test_a_mirror_source_that_lacks_files_names_them_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "cdn"
    (source / "0.9.3").mkdir(parents=True)
    (source / "0.9.3" / "pythons.js").write_text("// loader")
    assert web_mirror.main([str(tmp_path / "mirror"), "--source", str(source)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "0.9.3/cpython312/main.js" in err and "index-0.9.3-cp312.json" in err
    assert (tmp_path / "mirror" / "0.9.3" / "pythons.js").read_text() == "// loader"  # the rest is kept
    assert web_mirror.main([str(tmp_path / "mirror"), "--source", str(source), "--partial"]) == 0


def test_a_mirror_source_that_is_no_folder_or_a_bad_index_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert web_mirror.main([str(tmp_path / "m"), "--source", str(tmp_path / "none")]) == 2
    (tmp_path / "cdn").mkdir()
    (tmp_path / "cdn" / "index-0.9.3-cp312.json").write_text("{not json")
    assert web_mirror.main([str(tmp_path / "m"), "--source", str(tmp_path / "cdn")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "no such folder" in err and "not a JSON package index" in err


def _docstrings_blanked(tree: ast.AST) -> str:
    for node in ast.walk(tree):
        is_text = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        if is_text and isinstance(node.value.value, str):  # type: ignore[attr-defined]
            node.value.value = ""  # type: ignore[attr-defined]
    return ast.dump(tree)


def test_the_bundle_code_is_the_work_trees_without_docstrings_and_comments() -> None:
    """Every shipped module keeps its code and its line count; no docstring text or comment is left."""
    for name in (n for n in tracked_files() if n.endswith(".py")):
        source = (ROOT / name).read_text(encoding="utf-8")
        shed = build_web.shed_docs(source)
        assert shed.count("\n") == source.count("\n"), name
        assert ast.dump(ast.parse(shed)) == _docstrings_blanked(ast.parse(source)), name
        tokens = tokenize.generate_tokens(io.StringIO(shed).readline)
        assert not [t for t in tokens if t.type == tokenize.COMMENT], name
        assert _docstrings_blanked(ast.parse(shed)) == ast.dump(ast.parse(shed)), name
