"""The pure-modules harness, run by pure.html inside pyodide on the built bundle's code.

``run`` compares :mod:`web_checks` observations with the native ones, then checks the browser
parts of :mod:`game.platform`: the solver's backend choice, localStorage over two launches of
one browser profile (``phase`` 1 writes ``token``, phase 2 looks for it), and the clock with
hidden time left out.
"""

from __future__ import annotations

import asyncio
import json

import js  # type: ignore[import-not-found]
from web_checks import OBSERVERS, Report, compare, timed

from game.platform import IS_WEB, BrowserClock, LocalStorageBackend
from rules import DRAW, Session, State
from solver import solve
from solver.backends import default_backend

PROBE = '{"v": 1, "text": "¿Aún se gana? ♠"}'


def compare_with_native(report: Report, expected: dict[str, dict[str, object]], groups: list[str]) -> None:
    seen, times = {}, {}
    for group in groups:
        seen[group], times[group] = timed(OBSERVERS[group])
    wanted = expected["observations"]
    native_ms = expected["ms"]
    assert isinstance(wanted, dict) and isinstance(native_ms, dict)
    for name, detail in compare({g: wanted[g] for g in groups}, seen):
        report.check(name, detail is None, detail or "")
    for group in groups:
        native = float(native_ms[group])
        ratio = times[group] / max(native, 0.01)
        report.info(f"TIME {group} browser {times[group]:.1f} ms native {native:.1f} ms ratio {ratio:.2f}")


def check_backend(report: Report) -> None:
    report.check("platform is the browser's", IS_WEB, "sys.platform is not emscripten")
    backend = default_backend().name
    report.check("solver picks the pure path by itself", backend == "pure", f"picked {backend}")
    result = solve(State.from_deal(1))  # no backend given, as any caller would
    report.check("solve() without a backend works", result.verdict.value == "solvable", str(result.verdict))


def check_storage(report: Report, phase: str, token: str) -> None:
    store = LocalStorageBackend()
    if phase == "1":
        js.window.localStorage.clear()
        report.check("localStorage: absent is None", store.read("probe") is None, "found something")
        store.write("probe", PROBE)
        got = store.read("probe")
        report.check("localStorage: round trip", got == PROBE, repr(got))
        raw = js.window.localStorage.getItem("piramide:probe")
        report.check("localStorage: keys prefixed piramide:", raw == PROBE, repr(raw))
        aside = store.set_aside("probe")
        ok = aside.startswith("probe.bad-") and store.read("probe") is None and store.read(aside) == PROBE
        report.check("localStorage: set aside", ok, aside)
        store.write("launch", json.dumps({"token": token, "aside": aside}))
        return
    doc = store.read("launch")
    found = doc is not None and json.loads(doc).get("token") == token
    report.check("localStorage: a second launch finds the first launch's document", found, repr(doc))
    kept = store.read(json.loads(doc)["aside"]) if found and doc is not None else None
    report.check("localStorage: a second launch finds the set-aside document", kept == PROBE, repr(kept))


async def check_hidden_time(report: Report) -> None:
    """A move starts the clock; the page then looks hidden for 1.5 s."""
    clock = BrowserClock()
    session = Session(State.from_deal(1), 1, now=clock.now)
    session.play(DRAW)
    js.window.setHidden(True)
    await asyncio.sleep(1.5)
    js.window.setHidden(False)
    await asyncio.sleep(0.3)
    elapsed = session.clock.elapsed()
    hidden = clock.hidden_seconds
    ok = elapsed < 0.9 and hidden >= 1.4
    report.check("hidden time left out of the clock", ok, f"clock {elapsed:.2f} s, hidden {hidden:.2f} s")
    report.info(f"clock after 1.5 s hidden + 0.3 s shown: {elapsed:.2f} s (hidden {hidden:.2f} s)")


async def run(expected_json: str, phase: str, token: str, only: str) -> str:
    report = Report()
    groups = [only] if only else list(OBSERVERS)
    if phase == "1":
        compare_with_native(report, json.loads(expected_json), groups)
    if not only:
        check_backend(report)
        check_storage(report, phase, token)
        await check_hidden_time(report)
    return report.text()
