"""The browser against native, in one run: start-up, frames, downloads, bundle.

    python bench/web.py [--build]

Browser: the built page (``build/web``; ``--build`` builds it first) in headless Chromium as
``tools/web_test.py`` plays it (pygbag 0.9.3's loader files, the stand-in CPython: pyodide with
the wasm pygame-ce fixture), at 1280×800, ratio 1. Native: the same game with SDL's dummy
video driver at the same size. Printed:

* first frame from ``main.py`` start: browser, from ``shell.runpy`` starting ``main.py`` to its
  first ``display.flip`` (the stand-in notes both); native, from ``main.py`` starting (run as
  ``__main__`` in a fresh interpreter) to its first ``display.flip``;
* frame intervals, p50 and p99, while playing and while answering: deal 12 on one pass played
  by its winning line (clicks in the browser, posted taps natively), «¿Aún se gana?» and
  «Pista» asked after moves 1, 5, 9, 14, 20 and 26 (``bench/frames.py``'s script). Browser:
  the loop's real frame-to-frame times. Native: each frame's work, as the 60 fps loop turns it
  into an interval (``max(16.7 ms, work)``);
* download of a first visit and of a repeat visit (a reload two seconds later: the page's
  files and the CDN's are sent with ``Cache-Control: max-age=600``, as GitHub Pages and
  pygbag's CDN send them): the bytes the site and the CDN answered with, split into page,
  bundle and runtime; pygbag's real runtime counted from its files' sizes where the stand-in
  takes their place (CPython's ``main.js`` and ``main.data``, the package index and the
  pygame-ce wheel; ``main.wasm`` exists in no copy here, so that total is a lower bound);
* the bundle's size.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tools"), str(ROOT / "tools" / "web_harness"), str(ROOT / "bench")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import web_test  # noqa: E402
from cdp import Chromium  # noqa: E402
from frames import QUESTION_DEAL, QUESTION_LINE, QUESTIONS_AT, Timer, interval, percentile, questions  # noqa: E402
from play import Page  # noqa: E402
from serve import CDN_FILES, Runtime, Server  # noqa: E402
from web_checks import Report  # noqa: E402

SIZE = (1280, 800)
PYGBAG_FILES = {
    "0.9.3/cpython312/main.js": (CDN_FILES / "0.9.3" / "cpython312" / "main.js").stat().st_size,
    "0.9.3/cpython312/main.data": 6_665_597,  # main.js's remote_package_size
    "index-0.9.3-cp312.json": (CDN_FILES / "index-0.9.3-cp312.json").stat().st_size,
    "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl": (
        CDN_FILES / "cp312" / "pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
    ).stat().st_size,
}
"""What pygbag's CPython step downloads where the stand-in answers instead (main.wasm: unknown)."""
FIRST_FLIP = """
import os, runpy, sys, time
began = time.perf_counter()
import pygame
flip = pygame.display.flip
def first_flip():
    flip()
    print(f"{(time.perf_counter() - began) * 1000:.1f}", flush=True)
    os._exit(0)
pygame.display.flip = first_flip
sys.argv = ["main.py", "--deal", "12", "--passes", "1", "--data-dir", sys.argv[1]]
runpy.run_path("main.py", run_name="__main__")
"""


def native_first_frame() -> float:
    """Milliseconds from ``main.py`` starting (a fresh interpreter) to its first frame."""
    with tempfile.TemporaryDirectory() as data:
        done = subprocess.run(
            [sys.executable, "-c", FIRST_FLIP, data],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
    return float(done.stdout.strip().splitlines()[-1])


def native_frames() -> dict[str, list[float]]:
    """Frame intervals natively while playing and while answering (bench/frames.py's questions)."""
    import pygame  # noqa: PLC0415

    from game.app import App, make_context  # noqa: PLC0415
    from game.settings import Settings  # noqa: PLC0415

    pygame.display.init()
    pygame.font.init()
    settings = dataclasses.replace(Settings(), passes=1)
    ctx = make_context(settings, seed=1)
    timer = Timer(App(ctx, ctx.dealer.deal(settings, QUESTION_DEAL), size=SIZE), 2)
    while timer.app.table.anim.dealing:
        timer.frames(1)
    timer.times.clear()
    timer.searching.clear()
    questions(timer)
    pygame.quit()
    chosen = {"playing": False, "answering": True}
    return {
        label: [interval(t) for t, busy in zip(timer.times, timer.searching, strict=True) if busy is asking]
        for label, asking in chosen.items()
    }


def browser_frames(page: Page) -> dict[str, float]:
    """Play bench/frames.py's question script in the page by clicks; the loop's frame times."""
    page.py("P.reset_times()")
    tokens = QUESTION_LINE.split()
    for index, token in enumerate(tokens):
        page.play([token], "bench")
        if index not in QUESTIONS_AT:
            continue
        for ask in ("analyse", "h"):
            if page.status()["top"] != "TableScene":
                page.key("Escape")
            if ask == "h":
                page.key("h")
            else:
                page.tap(page.py("P.button_point('analyse')"))
            page.wait(lambda s: s["asking"], 1)
            page.wait(lambda s: not s["asking"], 60)
        page.key("Escape")
    times = page.py("P.frame_times()")
    assert isinstance(times, dict)
    return times


def browser_run(out: Path) -> dict[str, Any]:
    """One first visit and one repeat visit of the built page; what was measured."""
    pyodide = web_test.pyodide_dir()
    harness = ROOT / "tools" / "web_harness"
    files = {
        "/_standin/site.zip": web_test.site_zip(),
        "/_standin/pygbag_standin.py": harness / "pygbag_standin.py",
        "/_standin/probe.py": harness / "probe.py",
    }
    found: dict[str, Any] = {}
    folders = {"/_standin/pyodide/": pyodide}
    with Server(web_test.WEB, folders, files, {}, out) as server, tempfile.TemporaryDirectory() as profile:
        runtime = Runtime(server, harness / "cpython_standin.js")
        browser = Chromium(Path(profile), out / "chromium-bench.log")
        page = Page(browser, server, runtime, Report(), out)
        try:
            page.viewport(*SIZE, 1)
            if page.open(f"?deal={QUESTION_DEAL}&passes=1") is None:
                raise SystemExit(f"the page did not start: {page.report.text()}")
            found["first_visit"] = dict(server.traffic.bytes)
            events = {e[0] + (" " + e[2].rsplit("/", 1)[-1] if e[0] == "shell.runpy" else ""): e[1]
                      for e in page.events()}  # fmt: skip
            found["first_frame"] = events["first frame"] - events["shell.runpy main.py"]
            found["frames"] = browser_frames(page)
            time.sleep(2)
            page.open("", reload=True)
            found["repeat_visit"] = dict(server.traffic.bytes)
        finally:
            browser.close()
    return found


def split(traffic: dict[str, int]) -> dict[str, int]:
    """Bytes answered, by kind: the page (index.html, favicon), the bundle, the runtime."""
    kinds = {"page": 0, "bundle": 0, "runtime (measured)": 0}
    for name, size in traffic.items():
        if name.startswith("cdn/"):
            if not name.endswith("cpython312/main.js"):  # the stand-in: counted as pygbag's below
                kinds["runtime (measured)"] += size
        elif name.endswith(".apk"):
            kinds["bundle"] += size
        else:
            kinds["page"] += size
    return kinds


def main() -> int:
    parser = argparse.ArgumentParser(description="The browser against native.", allow_abbrev=False)
    parser.add_argument("--build", action="store_true", help="build build/web first")
    args = parser.parse_args()
    if args.build or not (web_test.WEB / "index.html").is_file():
        subprocess.run([sys.executable, str(ROOT / "tools" / "build_web.py")], check=True, timeout=600)
    out = ROOT / "build" / "web-bench"
    out.mkdir(parents=True, exist_ok=True)
    browser = browser_run(out)
    native_first = native_first_frame()
    native = native_frames()
    frames = browser["frames"]
    print(f"--- bench/web.py: the built page at {SIZE[0]}×{SIZE[1]} (ratio 1) against native")
    first = browser["first_frame"]
    print(f"first frame from main.py start: browser {first:.0f} ms   native {native_first:.0f} ms")
    for label, key in (("playing", "play"), ("answering", "ask")):
        mine = native[label]
        print(
            f"frame interval while {label}: browser p50 {frames[f'{key}_p50']:.1f} ms "
            f"p99 {frames[f'{key}_p99']:.1f} ms ({frames[f'{key}_n']} frames)   "
            f"native p50 {percentile(mine, 0.5):.1f} ms p99 {percentile(mine, 0.99):.1f} ms "
            f"({len(mine)} frames)"
        )
    print(f"drawn frame's work: browser p50 {frames['draw_p50']:.1f} ms p99 {frames['draw_p99']:.1f} ms")
    pygbag = sum(PYGBAG_FILES.values())
    visits = (("first visit", browser["first_visit"]), ("repeat visit", browser["repeat_visit"]))
    for label, traffic in visits:
        kinds = split(traffic)
        runtime = kinds["runtime (measured)"] + (pygbag if label == "first visit" else 0)
        total = kinds["page"] + kinds["bundle"] + runtime
        note = f" (of it pygbag's CPython step {pygbag:,} + main.wasm)" if label == "first visit" else ""
        print(
            f"{label}: {total:,} bytes = page {kinds['page']:,} + bundle {kinds['bundle']:,} + "
            f"runtime {runtime:,}{note}"
        )
        print(f"  answered: {json.dumps(traffic)}")
    apk = (web_test.WEB / "piramide.apk").stat().st_size
    print(f"bundle: piramide.apk {apk:,} bytes (limit {web_test.BUNDLE_LIMIT:,})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
