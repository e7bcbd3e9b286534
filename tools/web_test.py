"""The browser test: build the web bundle, check it, run it in real-time headless Chromium.

    python tools/web_test.py [--skip-build] [--wrong] [--only pure|page] [--out DIR]

Offline once its inputs are installed (``.ci/web`` installs them): Debian ``chromium``, npm
``pyodide@0.27.7`` (in ``build/web-test/node_modules``, installed here when missing), the native
pygame-ce wheel's Python files (``pip download``), PyPI ``websocket-client``, and, beside the
repository in ``../shared/web-runtime/``, the wasm pygame-ce kept as a test fixture and pygbag
0.9.3's CDN files (used only here, never put in the bundle).

1. ``tools/build_web.py`` builds ``build/web``; the artifacts are checked: exactly the expected
   files, the bundle within :data:`BUNDLE_LIMIT`, no unfilled template placeholder, nothing but the
   game in the archive, and ``main.py`` ending in a plain ``asyncio.run`` in the browser.
2. A small server on 127.0.0.1 (``web_harness/serve.py``) serves the built page, pyodide and the
   harness pages and takes their reports. Chromium runs in real time (a virtual time budget would
   freeze every clock inside pyodide):
   * ``pure.html`` unpacks the archive into pyodide and compares with native runs of
     ``tools/web_checks.py`` (deals, solver verdicts, node counts and lines, the game's hints, page
     address parsing), then localStorage, the clock with hidden time; launched twice on one
     browser profile, the second launch finds what the first saved;
   * the same page once more with one expectation deliberately wrong: it must report exactly that
     one failure, or the harness itself is broken;
   * the built page itself, ``build/web/index.html`` unchanged, on pygbag 0.9.3's own loader with
     a stand-in for its CPython, played by trusted input over the DevTools protocol at four
     window sizes (``web_harness/play.py``); cards are told from their face's signature
     (:func:`face_signature`) among every face of the repository's decks.
3. Prints every check, the browser/native time ratios, the browser's frame times, and last
   ``N passed, N failed``; exit status 1 on any failure. ``--wrong`` makes a real expectation
   wrong, to see the whole test fail.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tools" / "web_harness")]

import web_checks  # noqa: E402
from build_web import OUTPUTS  # noqa: E402
from cdp import CdpError, chromium_path  # noqa: E402
from play import play_page  # noqa: E402
from serve import Runtime, Server  # noqa: E402

WORK = ROOT / "build" / "web-test"
WEB = ROOT / "build" / "web"
HARNESS = ROOT / "tools" / "web_harness"
FIXTURE = ROOT.parent / "shared" / "web-runtime" / "pygame_static-1.0-cp312-cp312-wasm32_bi_emscripten.whl"
FIXTURE_SHA256 = "f3c0693057896a32a381121836ecd27c70f94af7f834ca0d767fee3d05fb8359"
PYODIDE = "pyodide@0.27.7"
PYGAME_PY = "pygame-ce==2.5.8"
"""The native wheel whose Python files go with the fixture's C side (see the fixture's README)."""
BUNDLE_LIMIT = 1_000_000
"""SPEC §10: the bundle stays within 1.0 MB."""
EXPECTED_FILES = set(OUTPUTS)
"""The page, the bundle, its icon, and the web app's files (manifest, icons, offline.js, sw.js)."""
SHIPPED_TOP = {"main.py", "game", "rules", "solver", "assets"}
GAME_DEAL = 10
"""The proven-winnable deal the game page wins by clicks (its solver line is 43 moves)."""
LOCAL_STORAGE_COMMIT = 5.5
"""Headless Chromium writes localStorage to its profile about 5 s after a change and does not
write it on SIGTERM: the first launch stays open this long after its report (measured: 3.8 s
after the write was too early, 5.3 s was enough)."""
SO_NAME = "pygame_static.cpython-312-wasm32-emscripten.so"
FACE_DECKS = {"standard": "large-index", "spanish": "spanish"}
"""The faces game.html tells apart on the canvas: each deck's folder under ``assets/cards`` (the
canvas's cards are small enough that the standard deck is always drawn with large indices)."""
FACE_INSET = (0.08, 0.06)
"""The part of a card a face signature reads: inside this share of its width and height from
each edge (clear of the rounded corners)."""
FACE_GRID = (5, 7)
"""A face signature: the mean colour of each cell of this grid (columns, rows) over that part."""
FACE_MATCH = 10.0
"""The most a drawn card's signature may differ from its own face's (mean difference a channel,
0–255). Measured in the browser: 4.0–7.0 (from the bundle's scaled, posterised faces; natively
2.5–3.8), the next nearest face of the same deck 7.3 and more."""
FACE_APART = 12.0
"""The least it must differ from every face of another deck (measured: 14.9 and more)."""


class WebTestError(Exception):
    pass


# --- inputs ------------------------------------------------------------------------------------------
def pyodide_dir() -> Path:
    folder = WORK / "node_modules" / "pyodide"
    if not (folder / "pyodide.js").is_file():
        WORK.mkdir(parents=True, exist_ok=True)
        npm = ["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(WORK), PYODIDE]
        subprocess.run(npm, check=True, timeout=300)
    return folder


def pygame_wheel() -> Path:
    wheels = WORK / "wheels"
    found = sorted(wheels.glob("pygame_ce-2.5.8-*.whl"))
    if not found:
        pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
        subprocess.run([*pip, "-d", str(wheels), PYGAME_PY], check=True, timeout=300)
        found = sorted(wheels.glob("pygame_ce-2.5.8-*.whl"))
    return found[0]


def blank_em_js_types(data: bytes) -> tuple[bytes, int]:
    """Fix 1 of the fixture: its libffi ``EM_JS`` snippets keep C parameter types (``(void* p,
    int n)<::>``), which pyodide's loader evaluates as JavaScript. Keep each parameter's name and
    blank its type with spaces, so every offset in the library stays where it was."""
    import re  # noqa: PLC0415

    out = bytearray(data)
    count = 0
    for match in re.finditer(rb"\(([^()\x00]*)\)<::>", data):
        params = match.group(1).decode()
        if not params.strip():
            continue
        names = []
        for param in params.split(","):
            name = re.findall(r"[A-Za-z_]\w*", param)[-1]
            names.append(name.rjust(len(param)))
        out[match.start(1) : match.end(1)] = ",".join(names).encode()
        count += 1
    return bytes(out), count


def site_zip() -> Path:
    """pygame for pyodide: the native wheel's Python files plus the fixture's patched library."""
    if not FIXTURE.is_file():
        raise WebTestError(f"the wasm pygame-ce fixture is missing: {FIXTURE}")
    digest = hashlib.sha256(FIXTURE.read_bytes()).hexdigest()
    if digest != FIXTURE_SHA256:
        raise WebTestError(f"the fixture's checksum changed: {digest}")
    wheel = pygame_wheel()
    target = WORK / f"site-{digest[:12]}-{wheel.stem}.zip"
    if target.is_file():
        return target
    with zipfile.ZipFile(wheel) as native, zipfile.ZipFile(FIXTURE) as wasm, \
            zipfile.ZipFile(target.with_suffix(".tmp"), "w", zipfile.ZIP_DEFLATED) as out:  # fmt: skip
        for name in native.namelist():
            top = name.split("/")
            keep = top[0] == "pygame" and name.endswith((".py", ".ttf", ".bmp", ".png"))
            if not keep or any(
                part in ("examples", "tests", "docs", "__pyinstaller", "__briefcase") for part in top
            ):
                continue
            data = native.read(name)
            if name == "pygame/__init__.py":  # fix 2: the wasm branch imports the static module itself
                old = b"        import pygame.base as pygame_static\n"
                if old not in data:
                    raise WebTestError("pygame/__init__.py no longer has the line the fixture needs changed")
                data = data.replace(old, b"        import pygame_static\n")
            out.writestr(name, data)
        so, count = blank_em_js_types(wasm.read(SO_NAME))
        if count == 0:
            raise WebTestError("found no EM_JS snippet to fix in the fixture")
        out.writestr(SO_NAME, so)
    target.with_suffix(".tmp").rename(target)
    return target


# --- the artifacts ------------------------------------------------------------------------------------
def check_artifacts(web: Path, report: web_checks.Report) -> None:
    files = {p.name for p in web.iterdir()}
    report.check(
        f"build: exactly {', '.join(OUTPUTS)}", files == EXPECTED_FILES, str(sorted(files))
    )
    apk = web / "piramide.apk"
    size = apk.stat().st_size
    report.check(f"build: bundle within {BUNDLE_LIMIT:,} bytes", size <= BUNDLE_LIMIT, f"{size:,} bytes")
    report.info(f"bundle {size:,} bytes")
    html = (web / "index.html").read_text(encoding="utf-8")
    leftovers = [mark for mark in ("{{", "{%", "cookiecutter") if mark in html]
    report.check("build: template placeholders all filled", not leftovers, str(leftovers))
    report.check(
        "build: page title and icon", "<title>Pirámide</title>" in html and "favicon.png" in html, ""
    )
    with zipfile.ZipFile(apk) as archive:
        names = archive.namelist()
        tops = {n.split("/")[1] for n in names if n.startswith("assets/")}
        stray = [n for n in names if not n.startswith("assets/") or "__pycache__" in n or n.endswith(".pyc")]
        report.check("build: nothing but the game in the archive", tops == SHIPPED_TOP and not stray,
                     f"tops {sorted(tops)}, stray {stray[:5]}")  # fmt: skip
        fonts = [n for n in names if n.endswith(".ttf")]
        big = [n for n in fonts if archive.getinfo(n).file_size > 100_000]
        report.check("build: fonts are subsets", bool(fonts) and not big, str(big or "no fonts"))
        main_py = archive.read("assets/main.py").decode("utf-8")
    report.check(
        "build: main.py ends in a plain asyncio.run in the browser", web_entry_ok(main_py), "see main.py"
    )


def web_entry_ok(source: str) -> bool:
    """``if __name__ == "__main__":`` holds ``if platform.IS_WEB: asyncio.run(web_main())`` — a
    bare call, no ``sys.exit`` around it — and nothing else that runs in the browser."""
    import ast  # noqa: PLC0415

    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test):
            inner = node.body[0]
            if isinstance(inner, ast.If) and ast.unparse(inner.test) == "platform.IS_WEB":
                return [ast.unparse(s) for s in inner.body] == ["asyncio.run(web_main())"]
    return False


# --- the server --------------------------------------------------------------------------------------
# --- chromium -----------------------------------------------------------------------------------------
def chromium() -> str:
    try:
        return chromium_path()
    except CdpError as error:
        raise WebTestError(str(error)) from None


def stop(browser: subprocess.Popen[bytes]) -> None:
    """Close Chromium as a window manager would (SIGTERM to the browser process, so it writes its
    profile, localStorage included), then end whatever of its process group is left."""
    with contextlib.suppress(ProcessLookupError):
        browser.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            browser.wait(timeout=10)
        os.killpg(browser.pid, signal.SIGKILL)
    browser.wait()


def browse(  # noqa: PLR0917 - one call per launch reads best positionally
    server: Server, url: str, profile: Path, runs: list[str], timeout: float, out: Path, settle: float = 0.0
) -> dict[str, str]:
    """Open ``url`` in headless Chromium on ``profile``; wait for the reports of ``runs``, then
    ``settle`` seconds more before closing it."""
    cmd = [
        chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-background-timer-throttling", "--window-size=1280,800",
        f"--user-data-dir={profile}", f"http://127.0.0.1:{server.port}{url}",
    ]  # fmt: skip
    log = (out / f"chromium-{runs[0]}.log").open("w")
    browser = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline and not all(r in server.results for r in runs):
            broken = any("FAIL harness" in server.results.get(r, "") for r in runs)
            if browser.poll() is not None or broken:
                break
            time.sleep(0.1)
    finally:
        time.sleep(settle)
        stop(browser)
        log.close()
    return {
        r: server.results.get(r, f"FAIL {r}: no report within {timeout:.0f} s (see {out}/{r}.log)\n")
        for r in runs
    }


# --- native figures for the ratios ----------------------------------------------------------------------
def native_frames(deal: int) -> dict[str, float]:
    """Drawn-frame cost natively (dummy video driver, 1280×720) for the same play as game.html."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # noqa: PLC0415

    from game.app import App, make_context  # noqa: PLC0415
    from game.settings import Settings  # noqa: PLC0415
    from game.table_terms import DECK  # noqa: PLC0415
    from rules import Kind, Move  # noqa: PLC0415

    pygame.display.init()
    pygame.font.init()
    ctx = make_context(Settings(), seed=1)
    app = App(ctx, ctx.dealer.deal(ctx.settings, deal), size=(1280, 720), fixed=True)
    costs: list[float] = []

    def frames(n: int) -> None:
        for _ in range(n):
            began = time.perf_counter()
            if app.frame(1 / 60):
                costs.append((time.perf_counter() - began) * 1000)

    frames(5)
    for token in web_checks.winning_line(deal):
        move = Move.parse(token)
        places = [DECK] if move.kind in (Kind.DRAW, Kind.RECYCLE) else list(move.places)
        for place in places:
            pos = app.table.layout.tap_point(place)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
            frames(3)
    pygame.display.quit()
    costs.sort()
    return {
        "draw_p50": costs[len(costs) // 2],
        "draw_p99": costs[min(len(costs) - 1, int(0.99 * len(costs)))],
    }


# --- the whole test ------------------------------------------------------------------------------------
def count(text: str) -> tuple[int, int]:
    lines = text.splitlines()
    return sum(line.startswith("PASS ") for line in lines), sum(line.startswith("FAIL ") for line in lines)


def face_signature(image: Any) -> list[float]:
    """The mean colour of each :data:`FACE_GRID` cell inside :data:`FACE_INSET` of a card image
    (RGB, cells row by row): game.html computes the same of a card drawn on the canvas."""
    import numpy as np  # noqa: PLC0415
    import pygame  # noqa: PLC0415

    width, height = image.get_size()
    x0, y0 = round(width * FACE_INSET[0]), round(height * FACE_INSET[1])
    inner_w, inner_h = round(width * (1 - 2 * FACE_INSET[0])), round(height * (1 - 2 * FACE_INSET[1]))
    rgb = pygame.surfarray.array3d(image)[x0 : x0 + inner_w, y0 : y0 + inner_h].astype(float)
    columns, rows = FACE_GRID
    col_of = np.arange(inner_w) * columns // inner_w
    row_of = np.arange(inner_h) * rows // inner_h
    out: list[float] = []
    for row in range(rows):
        for col in range(columns):
            cell = rgb[col_of == col][:, row_of == row].reshape(-1, 3)
            out += [round(float(v), 2) for v in cell.mean(axis=0)]
    return out


def face_expectations() -> dict[str, Any]:
    """Every face of :data:`FACE_DECKS` (``deck/name``), from the repository's own PNGs."""
    import pygame  # noqa: PLC0415

    signatures = {}
    for deck, folder in FACE_DECKS.items():
        for png in sorted((ROOT / "assets" / "cards" / folder).glob("*.png")):
            if png.stem != "back":
                signatures[f"{deck}/{png.stem}"] = face_signature(pygame.image.load(png))
    return {"inset": FACE_INSET, "grid": FACE_GRID, "match": FACE_MATCH, "apart": FACE_APART,
            "signatures": signatures}  # fmt: skip


def expectations(wrong: bool) -> dict[str, bytes]:
    """The native observations for the pages: the real ones (one made wrong with ``wrong``) and
    the canary's, where deal 2's text is wrong on purpose; the faces game.html tells apart."""
    observations, native_ms = web_checks.observe_all()
    real: dict[str, Any] = {"observations": observations, "ms": native_ms, "faces": face_expectations()}
    canary = json.loads(json.dumps(real))
    canary["observations"]["deal"]["2"] = "wrong on purpose"
    if wrong:
        real["observations"]["deal"]["1"] = "wrong on purpose"
    return {"real": json.dumps(real).encode(), "canary": json.dumps(canary).encode()}


def browser_runs(server: Server, only: str, out: Path) -> dict[str, str]:
    """Every Chromium launch; the report of each run by name."""
    token = hashlib.sha256(str(time.time()).encode()).hexdigest()[:12]
    results: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        profiles = Path(folder)
        if only in ("", "pure"):
            first = f"/pure.html#run=pure-1&phase=1&token={token}"
            results |= browse(server, first, profiles / "pure", ["pure-1"], 120, out, LOCAL_STORAGE_COMMIT)
            second = f"/pure.html#run=pure-2&phase=2&token={token}"
            results |= browse(server, second, profiles / "pure", ["pure-2"], 60, out)
        canary = "/pure.html#run=canary&phase=1&only=deal"
        results |= browse(server, canary, profiles / "canary", ["canary"], 60, out)
        if only in ("", "page"):
            runtime = Runtime(server, HARNESS / "cpython_standin.js")
            page = play_page(server, runtime, face_expectations(), out, profiles / "page")
            results["page"] = page.text()
    return results


def print_benchmark(results: dict[str, str]) -> None:
    print("--- benchmark: browser (pyodide in headless Chromium) / native time")
    for line in "\n".join(results.values()).splitlines():
        if line.startswith("INFO TIME"):
            print("  " + line[len("INFO TIME ") :])
        if line.startswith("INFO FRAMES"):
            browser = json.loads(line[len("INFO FRAMES ") :])
            native = native_frames(GAME_DEAL)["draw_p50"]
            print(
                f"  frames while playing: p50 {browser['play_p50']:.1f} ms p99 {browser['play_p99']:.1f} ms; "
                f"drawn frame p50 browser {browser['draw_p50']:.1f} ms native {native:.1f} ms "
                f"ratio {browser['draw_p50'] / native:.2f}"
            )


def tally(report: web_checks.Report, results: dict[str, str], verbose: bool) -> None:
    """Add every page's checks to ``report``, printing failures and notes (passes too if verbose)."""
    canary_text = results.pop("canary")
    canary_pass, canary_fail = count(canary_text)
    caught = canary_fail == 1 and "FAIL deal 2:" in canary_text and canary_pass > 100
    detail = f"canary run: {canary_pass} passed, {canary_fail} failed"
    report.check("harness: a wrong expectation is reported as exactly one failure", caught, detail)
    for name, text in results.items():
        print(f"--- {name}")
        for line in text.splitlines():
            if line.startswith(("FAIL", "INFO")) or verbose:
                print(line)
        passed, failed = count(text)
        print(f"({name}: {passed} passed, {failed} failed)")
        report.passed += passed
        report.failed += failed
        if passed + failed == 0:
            report.check(f"{name} reported checks", False, "no PASS/FAIL lines")


def run(args: argparse.Namespace) -> int:
    began = time.monotonic()
    out = args.out.resolve()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    report = web_checks.Report()
    if not args.skip_build:
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_web.py")], check=True, timeout=600)
    check_artifacts(WEB, report)
    pyodide = pyodide_dir()
    folders = {"/pyodide/": pyodide, "/_standin/pyodide/": pyodide}
    files = {
        "/site.zip": site_zip(),  # pygame for pyodide: the test's, never in the bundle
        "/_standin/site.zip": site_zip(),
        "/_standin/pygbag_standin.py": HARNESS / "pygbag_standin.py",
        "/_standin/probe.py": HARNESS / "probe.py",
        "/web_checks.py": ROOT / "tools" / "web_checks.py",
    }
    with Server(WEB, folders, files, expectations(args.wrong), out) as server:
        results = browser_runs(server, args.only, out)
    tally(report, results, args.verbose)
    print_benchmark(results)
    print("--- build and harness")
    for line in report.lines:
        if line.startswith(("FAIL", "INFO")) or args.verbose:
            print(line)
    print(f"screenshots and logs in {out}; web step took {time.monotonic() - began:.0f} s")
    print(f"{report.passed} passed, {report.failed} failed")
    return 1 if report.failed else 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Build the web bundle and test it in headless Chromium.")
    parser.add_argument("--skip-build", action="store_true", help="test the bundle already in build/web")
    parser.add_argument("--wrong", action="store_true", help="make one real expectation wrong (must fail)")
    parser.add_argument(
        "--only", choices=("pure", "page"), default="", help="run one page only (while developing)"
    )
    parser.add_argument("--verbose", action="store_true", help="print passing checks too")
    parser.add_argument(
        "--out", type=Path, default=WORK / "out", help="screenshots, logs (default build/web-test/out)"
    )
    args = parser.parse_args(argv)
    try:
        return run(args)
    except (WebTestError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        print(f"web_test.py: {error}", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
