# Run by pure.html inside pyodide, on the built bundle's code. Globals set by the page:
# EXPECTED (JSON: native observations and timings), PHASE ("1" first launch, "2" second launch on
# the same browser profile), TOKEN (written in phase 1, looked for in phase 2), ONLY (a group).
import asyncio
import json

import js
from web_checks import OBSERVERS, Report, compare, timed

from game.platform import IS_WEB, BrowserClock, LocalStorageBackend, StorageError
from rules import DRAW, Session, State
from solver import solve
from solver.backends import default_backend

report = Report()
expected = json.loads(EXPECTED)
groups = [ONLY] if ONLY else list(OBSERVERS)

if PHASE == "1":
    seen, times = {}, {}
    for group in groups:
        seen[group], times[group] = timed(OBSERVERS[group])
    for name, detail in compare({g: expected["observations"][g] for g in groups}, seen):
        report.check(name, detail is None, detail or "")
    for group in groups:
        native = expected["ms"][group]
        report.info(f"TIME {group} browser {times[group]:.1f} ms native {native:.1f} ms ratio {times[group] / max(native, 0.01):.2f}")

if not ONLY:
    report.check("platform is the browser's", IS_WEB, f"sys.platform says not emscripten")
    backend = default_backend().name
    report.check("solver picks the pure path by itself", backend == "pure", f"picked {backend}")
    result = solve(State.from_deal(1))  # no backend given, as a player's code would call it
    report.check("solve() without a backend works", result.verdict.value == "solvable", str(result.verdict))

    store = LocalStorageBackend()
    if PHASE == "1":
        js.window.localStorage.clear()
        report.check("localStorage: absent is None", store.read("probe") is None, "found something")
        store.write("probe", '{"v": 1, "text": "¿Aún se gana? ♠"}')
        got = store.read("probe")
        report.check("localStorage: round trip", got == '{"v": 1, "text": "¿Aún se gana? ♠"}', repr(got))
        raw = js.window.localStorage.getItem("piramide:probe")
        report.check("localStorage: keys prefixed piramide:", raw == got, repr(raw))
        aside = store.set_aside("probe")
        report.check(
            "localStorage: set aside",
            aside == "probe.bad" and store.read("probe") is None and store.read(aside) == got,
            aside,
        )
        store.write("launch", json.dumps({"token": TOKEN}))
    else:
        doc = store.read("launch")
        report.check("localStorage: second launch finds the first launch's document",
                     doc is not None and json.loads(doc) == {"token": TOKEN}, repr(doc))
        report.check("localStorage: second launch finds the set-aside document", store.read("probe.bad") is not None, "absent")

    # hidden-tab time stays off the clock: a move starts it, the page is hidden 1.5 s
    clock = BrowserClock()
    session = Session(State.from_deal(1), 1, now=clock.now)
    session.play(DRAW)
    began = clock.now()
    js.window.setHidden(True)
    await asyncio.sleep(1.5)
    js.window.setHidden(False)
    await asyncio.sleep(0.3)
    elapsed = session.clock.elapsed()
    report.check("hidden time left out of the clock", elapsed < 0.9 and clock.hidden_seconds >= 1.4,
                 f"clock {elapsed:.2f} s, hidden {clock.hidden_seconds:.2f} s")
    report.info(f"clock after 1.5 s hidden + 0.3 s shown: {elapsed:.2f} s (hidden {clock.hidden_seconds:.2f} s)")

report.text()
