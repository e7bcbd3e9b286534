"""The browser test plays the built page: ``build/web/index.html`` as a visitor opens it.

One headless Chromium, driven over the DevTools protocol (``cdp.py``); the page's requests for
pygbag's CDN are answered from its files and the stand-in (``serve.py``). Every input is a
trusted browser event (``Input.dispatchMouseEvent``, ``dispatchTouchEvent``, ``dispatchKeyEvent``)
at a CSS point the test works out from the canvas's real box and backing size; what the game
did is read back through ``probe.py`` and from the canvas's pixels. Five visits:

1. 1280×800 at ratio 1, ``?deal=10``: the page starts as pygbag starts it (the runtime files
   asked for, the template's Python block, ``platform.fopen``, ``shell.runpy`` with ``main.py``
   as ``__main__``, ``asyncio.run`` returning at once), no request refused or missing, the
   canvas fills the window, the base row's faces are drawn, keys ``d``/``u``/``h`` act, hidden
   time stays off the clock, mouse clicks win the deal by its solver line, the win panel's link
   reaches the clipboard (read back, or the check says it was skipped).
1b. 1280×800 again, the page asking for reduced motion and more contrast, read as a screen reader
   gets it (``Accessibility.getFullAXTree``): the settings that follow, the canvas's name, the
   mirror's buttons and live regions, and deal 10 won by pressing the mirror's buttons alone.
2. 1920×1080 at ratio 1, ``?deal=4321``: the whole screen is the canvas; four moves, a reload of
   the address resumes the game at once, another deal's address asks first; ``?variant=giza``
   draws its columns.
3. 1440×900 at ratio 2: an address with three bad options over a saved game (one line naming
   the three, the saved game goes on); «Ajustes» by clicks; a damaged ``localStorage`` entry is
   one line and kept aside.
4. 390×844 at ratio 3, a phone, by touch: ``?variant=spanish&deal=77``, every control at least
   44 CSS pixels and the text at least its native size, the Spanish faces drawn, moves by taps,
   then the phone turned to 844×390 mid-game: the canvas follows and the game goes on.

Each visit's screenshots (CDP ``Page.captureScreenshot``) go to the output folder.
"""

from __future__ import annotations

import base64
import contextlib
import json
import time
import traceback
from pathlib import Path
from typing import Any

from cdp import CdpError, Chromium
from serve import Runtime, Server
from web_checks import Report

RUNTIME_FILES = ["0.9.3/pythons.js", "0.9.3/cpython312/main.js", "0.9.3/cpythonrc.py"]
"""What the page asks of pygbag's CDN, in order: the loader, CPython's loader (answered by the
stand-in) and pygbag's start-up Python. No terminal console (vtx.js, xterm), no browserfs."""
WIN_DEAL = 10
"""A proven-winnable deal the first visit wins by clicks (its solver line is 43 moves)."""
RELOAD_DEAL = 4321
VARIANT_DEAL = 77
KEYS = {"Escape": ("Escape", 27)}

SIGNATURE_JS = """
(([x, y, w, h], inset, grid) => {
  const x0 = Math.round(x + w * inset[0]), y0 = Math.round(y + h * inset[1]);
  const iw = Math.round(w * (1 - 2 * inset[0])), ih = Math.round(h * (1 - 2 * inset[1]));
  const p = document.getElementById("canvas").getContext("2d").getImageData(x0, y0, iw, ih).data;
  const [gx, gy] = grid;
  const sums = new Float64Array(gx * gy * 4);
  for (let j = 0; j < ih; j++) {
    for (let i = 0; i < iw; i++) {
      const k = (Math.floor(j * gy / ih) * gx + Math.floor(i * gx / iw)) * 4, o = (j * iw + i) * 4;
      sums[k] += p[o]; sums[k + 1] += p[o + 1]; sums[k + 2] += p[o + 2]; sums[k + 3]++;
    }
  }
  const out = [];
  for (let c = 0; c < gx * gy; c++) for (let t = 0; t < 3; t++) out.push(sums[c * 4 + t] / sums[c * 4 + 3]);
  return out;
})
"""
"""The mean colour of each grid cell inside a card drawn on the canvas (canvas pixels), as
``tools/web_test.py:face_signature`` computes it of a face's PNG."""


class Page:
    """The one page of the test's Chromium, on the built site."""

    def __init__(
        self, browser: Chromium, server: Server, runtime: Runtime, report: Report, out: Path
    ) -> None:
        self.browser, self.server, self.runtime, self.report, self.out = browser, server, runtime, report, out
        self.problems: list[str] = []
        self.console: list[str] = []
        self.css = (1280, 800)
        self.touch = False
        browser.on("Runtime.exceptionThrown", self._exception)
        browser.on("Runtime.consoleAPICalled", self._console)
        browser.on("Page.javascriptDialogOpening", self._dialog)
        browser.call("Runtime.enable")
        browser.call("Page.enable")
        # The page's service worker fetches the runtime itself, out of reach of the stand-in's
        # interception on the page: the pages played here bypass it (a second address opened in
        # the same tab stayed on «Cargando…»); tools/web_offline_test.py tests the worker.
        browser.call("Network.enable")
        browser.call("Network.setBypassServiceWorker", {"bypass": True})
        runtime.attach(browser)

    # --- events -------------------------------------------------------------------------------------
    def _exception(self, event: dict[str, Any]) -> None:
        details = event["exceptionDetails"]
        text = details.get("exception", {}).get("description") or details.get("text", "")
        self.problems.append(f"uncaught in the page: {text.splitlines()[0] if text else '?'}")

    def _console(self, event: dict[str, Any]) -> None:
        words = [str(a.get("value", a.get("description", ""))) for a in event.get("args", [])]
        self.console.append(f"{event.get('type')}: {' '.join(words)[:400]}")

    def _dialog(self, event: dict[str, Any]) -> None:
        self.problems.append(f"a dialog opened: {event.get('type')} {event.get('message', '')[:200]!r}")
        self.browser.send("Page.handleJavaScriptDialog", {"accept": True})

    # --- the page -----------------------------------------------------------------------------------
    def viewport(self, width: int, height: int, ratio: float, phone: bool = False) -> None:
        """The window as a desktop browser or a phone held upright or turned has it."""
        self.css, self.touch = (width, height), phone
        angle = 0 if not phone or height >= width else 90
        orientation = {"type": "portraitPrimary" if angle == 0 else "landscapePrimary", "angle": angle}
        self.browser.call(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": width,
                "height": height,
                "deviceScaleFactor": ratio,
                "mobile": phone,
                "screenOrientation": orientation,
            },
        )
        self.browser.call("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5})

    def leave(self) -> None:
        """Leave the game's page for a blank one (the game saves as it goes)."""
        with contextlib.suppress(CdpError):
            self.browser.evaluate("window.__left = true")
        self.browser.call("Page.navigate", {"url": "about:blank"})
        self.browser.wait_for("location.href === 'about:blank' && !window.__left", 10)

    def forget(self) -> None:
        """A fresh visitor: nothing saved, nothing cached."""
        self.leave()
        self.browser.call("Storage.clearDataForOrigin", {"origin": self.server.origin, "storageTypes": "all"})
        self.browser.call("Network.clearBrowserCache")

    def store(self, key: str, text: str) -> None:
        """Write ``localStorage[key]`` for the site while no game runs (from a blank page of it)."""
        self.leave()
        self.browser.call("Page.navigate", {"url": f"{self.server.origin}/blank.html"})
        self.browser.wait_for("location.pathname === '/blank.html' && document.readyState === 'complete'", 10)
        self.browser.evaluate(f"localStorage.setItem({json.dumps(key)}, {json.dumps(text)})")

    def open(self, query: str, reload: bool = False) -> dict[str, Any] | None:
        """Open the built page at ``/`` + ``query`` (or reload it) and wait until the game's table
        is drawn and settled; its status then (None if it never came)."""
        self.runtime.asked.clear()
        self.server.traffic.reset()
        self.problems.clear()
        with contextlib.suppress(CdpError):
            self.browser.evaluate("window.__left = true")  # this document is about to go
        if reload:
            self.browser.call("Page.reload", {"ignoreCache": False})
        else:
            self.browser.call("Page.navigate", {"url": f"{self.server.origin}/{query}"})
        began = time.monotonic()
        ready = self.browser.wait_for(
            "!window.__left && window.__standin && window.__standin.py && "
            "window.__standin.py('str(P.attach() and P.app.frames_drawn > 0)') === 'True'",
            timeout=120,
        )
        if not ready:
            failed = self.browser.evaluate("window.__standin && window.__standin.failed || ''")
            status = self.browser.evaluate("document.getElementById('status').textContent")
            self.report.check(f"the page {query or '/'} starts", False, f"page says {status!r}; {failed}")
            return None
        self.report.info(f"{query or '(reload)'}: game up {time.monotonic() - began:.1f} s after navigating")
        return self.settle()

    def settle(self, timeout: float = 6) -> dict[str, Any]:
        """The status once nothing animates (deal, flights) and no question runs."""
        deadline = time.monotonic() + timeout
        status = self.status()
        while time.monotonic() < deadline and (status["dealing"] or status["asking"]):
            time.sleep(0.1)
            status = self.status()
        time.sleep(0.3)
        return self.status()

    def py(self, code: str) -> Any:
        """A Python expression evaluated in the page (the stand-in CPython), its JSON decoded."""
        text = self.browser.evaluate(f"window.__standin.py({json.dumps(code)})")
        return None if text in ("None", "undefined") else json.loads(text)

    def status(self) -> dict[str, Any]:
        status = self.py("P.status()")
        assert isinstance(status, dict)
        return status

    def events(self) -> list[list[Any]]:
        return list(self.py("__import__('pygbag_standin').events()"))

    def canvas_box(self) -> dict[str, float]:
        box = self.browser.evaluate(
            "(() => { const c = document.getElementById('canvas'), r = c.getBoundingClientRect();"
            " return {left: r.left, top: r.top, width: r.width, height: r.height, w: c.width, h: c.height,"
            " ratio: devicePixelRatio, innerWidth, innerHeight}; })()"
        )
        assert isinstance(box, dict)
        return box

    def css_point(self, point: list[int] | tuple[int, int]) -> tuple[float, float]:
        """A canvas pixel's place on the page, through the canvas's real CSS box."""
        box = self.canvas_box()
        return (
            box["left"] + (point[0] + 0.5) * box["width"] / box["w"],
            box["top"] + (point[1] + 0.5) * box["height"] / box["h"],
        )

    # --- trusted input ------------------------------------------------------------------------------------
    def tap(self, point: list[int] | tuple[int, int]) -> None:
        """A click (a touch on a phone) at canvas pixel ``point``."""
        x, y = self.css_point(point)
        if self.touch:
            self.browser.call(
                "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
            )
            self.browser.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            return
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.browser.call(
                "Input.dispatchMouseEvent",
                {
                    "type": kind,
                    "x": x,
                    "y": y,
                    "button": "none" if kind == "mouseMoved" else "left",
                    "buttons": 1 if kind == "mousePressed" else 0,
                    "clickCount": 0 if kind == "mouseMoved" else 1,
                },
            )

    def key(self, name: str) -> None:
        """A key press: a letter (``"d"``) or ``"Escape"``."""
        code, vk = KEYS[name] if name in KEYS else (f"Key{name.upper()}", ord(name.upper()))
        down = {"type": "keyDown", "key": name, "code": code, "windowsVirtualKeyCode": vk}
        if len(name) == 1:
            down["text"] = name
        self.browser.call("Input.dispatchKeyEvent", down)
        self.browser.call(
            "Input.dispatchKeyEvent",
            {"type": "keyUp", "key": name, "code": code, "windowsVirtualKeyCode": vk},
        )

    def wait(self, test: Any, timeout: float = 3) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        status = self.status()
        while not test(status) and time.monotonic() < deadline:
            time.sleep(0.05)
            status = self.status()
        return status

    def play(self, tokens: list[str], what: str) -> bool:
        """Make each move by tapping the layout's own tap points; False (and a failed check) at
        the first one the game did not take."""
        for token in tokens:
            before = self.status()["moves"]
            for point in self.py(f"P.taps_for({token!r})"):
                self.tap(point)
                time.sleep(0.04)
            status = self.wait(lambda s, n=before: s["moves"] == n + 1 and not s["asking"], 3)
            if status["moves"] != before + 1:
                self.report.check(
                    f"{what}: move {token}", False, f"moves stayed {status['moves']}; {status['line']}"
                )
                return False
        return True

    def shot(self, name: str) -> None:
        data = self.browser.call("Page.captureScreenshot", {"format": "png"})["data"]
        (self.out / f"{name}.png").write_bytes(base64.b64decode(data))

    # --- checks shared by the visits -----------------------------------------------------------------------
    def check_requests(self, what: str) -> None:
        """Nothing asked outside 127.0.0.1 but pygbag's CDN, nothing missing, no error, no dialog."""
        traffic = self.server.traffic
        self.report.check(
            f"{what}: no request leaves 127.0.0.1 and pygbag's CDN",
            not traffic.refused,
            f"refused {traffic.refused[:5]}",
        )
        self.report.check(
            f"{what}: no request is answered 404", not traffic.missing, f"404 {traffic.missing[:5]}"
        )
        self.report.check(
            f"{what}: no uncaught error and no dialog", not self.problems, "; ".join(self.problems[:3])
        )

    def check_canvas(self, what: str, wanted_ratio: float) -> dict[str, float]:
        """The canvas covers the window, its backing store is the CSS size × the ratio, the game
        laid its table out for that store."""
        box = self.canvas_box()
        status = self.status()
        css_ok = (box["left"], box["top"], box["width"], box["height"]) == (0, 0, *self.css)
        ratio = box["w"] / box["width"]
        store_ok = (round(self.css[0] * wanted_ratio), round(self.css[1] * wanted_ratio)) == (
            box["w"],
            box["h"],
        )
        laid = status["canvas"] == [box["w"], box["h"]] == status["layout_size"]
        self.report.check(
            f"{what}: the canvas covers the {self.css[0]}×{self.css[1]} window, "
            f"{wanted_ratio:.2f} pixels a CSS pixel",
            css_ok and store_ok and laid and box["ratio"] / ratio <= 1.5 + 1e-9,
            f"box {box}, layout {status['layout_size']}",
        )
        return box

    def check_faces(self, what: str, faces: dict[str, Any], count: int) -> None:
        """Each face-up card a player sees whole is drawn with its own face (its signature nearest
        its own face's, far from every face of another deck) — ``count`` of them."""
        shown = self.py("P.faces_shown()")
        wrong, notes = [], []
        for card in shown:
            mine = self.browser.evaluate(
                f"{SIGNATURE_JS}({json.dumps(card['box'])}, {json.dumps(faces['inset'])}, "
                f"{json.dumps(faces['grid'])})"
            )
            ranked = sorted(
                (
                    (name, sum(abs(a - b) for a, b in zip(mine, sig, strict=True)) / len(mine))
                    for name, sig in faces["signatures"].items()
                ),
                key=lambda pair: pair[1],
            )
            deck = card["face"].split("/")[0]
            other = next(pair for pair in ranked if not pair[0].startswith(deck + "/"))
            notes.append(f"{card['face']} {ranked[0][1]:.1f}/{ranked[1][1]:.1f}/{other[1]:.1f}")
            if ranked[0][0] != card["face"] or ranked[0][1] > faces["match"] or other[1] < faces["apart"]:
                wrong.append(f"{card['face']} looks like {ranked[0][0]} ({ranked[0][1]:.1f})")
        self.report.check(
            f"{what}: each card a player sees whole is drawn with its own face",
            len(shown) == count and not wrong,
            f"{len(shown)} of {count}; {'; '.join(wrong)}",
        )
        self.report.info(f"{what}: faces (own/next/other deck) {', '.join(notes)}")


def visit_first(page: Page, faces: dict[str, Any]) -> None:  # noqa: PLR0915 - one visit, in order
    """1280×800 at ratio 1: how the page starts, keys, the clock, a win by clicks, the link."""
    report = page.report
    page.viewport(1280, 800, 1)
    page.forget()
    status = page.open(f"?deal={WIN_DEAL}")
    if status is None:
        return
    what = "1280×800"
    report.check(
        "the page asks pygbag's CDN for its loader, CPython and cpythonrc.py, and nothing else",
        page.runtime.asked == RUNTIME_FILES,
        f"asked {page.runtime.asked}",
    )
    events = page.events()
    names = [e[0] for e in events]
    detail = {e[0] + (f" {e[2]}" if e[2] else ""): round(e[1]) for e in events}
    order = [
        "site",
        "shell.runpy",
        "asyncio.run",
        "platform.fopen",
        "platform.run_main",
        "shell.runpy",
        "asyncio.run",
        "shell.runpy done",
        "first frame",
    ]
    in_order = _subsequence(order, names)
    report.check(
        "the template's Python runs as __main__, fetches the bundle with platform.fopen, "
        "then platform.run_main and shell.runpy run main.py",
        in_order,
        json.dumps(detail),
    )
    runs = [e[2] for e in events if e[0] == "asyncio.run"]
    report.check(
        "asyncio.run schedules the game's loop as a task and returns at once",
        any(r.startswith("web_main scheduled; returned with the task pending") for r in runs),
        str(runs),
    )
    main = page.py("json.dumps([__import__('__main__').__file__, __import__('__main__').__name__])")
    report.check(
        "main.py ran as __main__ from the unpacked bundle",
        main == ["/data/data/piramide/assets/main.py", "__main__"],
        str(main),
    )
    fetched = next((e[2] for e in events if e[0] == "platform.fopen"), "")
    apk = (page.server.page / "piramide.apk").stat().st_size
    report.check(
        "platform.fopen read the whole bundle beside the page",
        fetched == f"piramide.apk {apk} bytes",
        fetched,
    )
    shown = page.browser.evaluate(
        "[getComputedStyle(document.getElementById('transfer')).display,"
        " getComputedStyle(document.getElementById('canvas')).visibility]"
    )
    report.check(
        "the loading message gives way to the canvas at the first frame",
        shown == ["none", "visible"],
        str(shown),
    )
    page.check_requests(what)
    page.check_canvas(what, 1.0)
    report.check(
        f"?deal={WIN_DEAL} opens deal {WIN_DEAL}",
        status["deal"] == WIN_DEAL and status["running"],
        str(status),
    )
    page.check_faces(what, faces, 7)
    page.shot("1280x800-table")

    page.key("d")
    status = page.wait(lambda s: s["moves"] == 1 and s["waste"] == 1)
    report.check("key d draws a card", status["moves"] == 1 and status["waste"] == 1, status["line"])
    page.key("u")
    status = page.wait(lambda s: s["history"] == 0 and s["undos"] == 1)
    report.check("key u undoes it", status["history"] == 0 and status["undos"] == 1, status["line"])
    page.key("h")
    status = page.wait(lambda s: s["hint"] is not None, 8)
    report.check("key h shows a hint", status["hint"] is not None, status["line"])

    page.key("d")
    status = page.wait(lambda s: s["moves"] == 2)
    began, before = time.monotonic(), status["elapsed"]
    page.browser.evaluate(_SET_HIDDEN + "(true)")
    time.sleep(1.5)
    page.browser.evaluate(_SET_HIDDEN + "(false)")
    time.sleep(0.3)
    counted, wall = page.status()["elapsed"] - before, time.monotonic() - began
    report.check(
        "hidden-tab time stays off the clock",
        0 <= counted < wall - 1.2,
        f"clock advanced {counted:.2f} s in {wall:.2f} s, 1.5 s of it hidden",
    )
    page.key("u")
    page.wait(lambda s: s["history"] == 0)

    line = page.py("P.winning_line()")
    page.py("P.reset_times()")
    played = page.play(line, "clicks on the solver line")
    status = page.wait(lambda s: s["top"] != "TableScene", 3)
    report.check(
        "trusted clicks win the deal by its solver line",
        played and status["pyramid"] == 0,
        f"pyramid {status['pyramid']}, top {status['top']}",
    )
    report.check(
        "the status line counts every move",
        status["moves"] == 2 + len(line)
        and any(page.py(f"json.dumps(P.moves_text({status['moves']}))") in s for s in status["status"]),
        f"{status['moves']} moves for {len(line)} + 2; {status['status']}",
    )
    report.info("FRAMES " + json.dumps(page.py("P.frame_times()")))
    page.shot("1280x800-won")
    check_link(page)


_SET_HIDDEN = """((hidden) => {
  Object.defineProperty(document, "visibilityState",
                        { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
})"""
"""Make the page look hidden (or shown again) to its own listeners, as a tab switch does."""


def check_link(page: Page) -> None:
    """The win panel's copy button: the link the game hands the browser, and the clipboard."""
    report = page.report
    buttons = page.py("P.panel_buttons()")
    copy = next((b for b in buttons if str(WIN_DEAL) in b["label"]), None)
    if copy is None:
        report.check("the win panel has a copy button", False, str(buttons))
        return
    with contextlib.suppress(CdpError):
        page.browser.call(
            "Browser.grantPermissions",
            {"origin": page.server.origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]},
        )
    page.tap(copy["point"])
    status = page.wait(lambda s: bool(s["copies"]), 2)
    link = f"{page.server.origin}/?deal={WIN_DEAL}"
    handed, done = (status["copies"] or [["", False]])[0]
    report.check("the win panel hands the deal's link to the browser", handed == link, f"handed {handed!r}")
    after = [b["label"] for b in page.py("P.panel_buttons()")]
    told = any(label != copy["label"] and str(WIN_DEAL) in label for label in after)
    report.check("the copy button then says what happened", told, str(after))
    try:
        pasted = page.browser.evaluate("navigator.clipboard.readText()", gesture=True, timeout=10)
    except CdpError as error:
        report.info(f"SKIPPED the clipboard's text: the headless browser does not give it back ({error})")
        return
    if not done:
        report.info(f"SKIPPED the clipboard's text: the browser refused the copy (it holds {pasted!r})")
        return
    report.check("the clipboard holds the deal's link", pasted == link, f"clipboard {pasted!r}")


def visit_reload(page: Page, faces: dict[str, Any]) -> None:
    """1920×1080 at ratio 1: the whole screen, a reload that resumes, another deal that asks, Giza."""
    report = page.report
    page.viewport(1920, 1080, 1)
    page.forget()
    status = page.open(f"?deal={RELOAD_DEAL}")
    if status is None:
        return
    what = "1920×1080"
    page.check_canvas(what, 1.0)
    played = page.play(["D", "D", "D", "D"], f"{what}: four draws by clicks")
    before = page.status()
    page.shot("1920x1080-four-moves")
    status = page.open("", reload=True)
    if status is None:
        return
    page.check_requests(f"{what} reloaded")
    resumed = status["top"] == "TableScene" and status["deal"] == RELOAD_DEAL and status["moves"] == 4
    report.check(
        f"reloading ?deal={RELOAD_DEAL} after four moves resumes that game at once",
        played and resumed and status["state"] == before["state"] and "recuperada" in status["line"],
        f"top {status['top']}, deal {status['deal']}, moves {status['moves']}; {status['line']!r}",
    )
    status = page.open(f"?deal={RELOAD_DEAL + 1}")
    if status is None:
        return
    asked = page.py("P.panel_text()")
    report.check(
        f"?deal={RELOAD_DEAL + 1} over that game asks first",
        status["top"] == "Panel" and status["deal"] == RELOAD_DEAL and status["moves"] == 4,
        f"top {status['top']}, {asked}",
    )
    page.shot("1920x1080-other-deal-asks")
    page.forget()
    status = page.open(f"?variant=giza&deal={VARIANT_DEAL}")
    if status is None:
        return
    report.check(
        f"?variant=giza&deal={VARIANT_DEAL} opens that deal of Giza",
        status["variant"] == "giza" and status["deal"] == VARIANT_DEAL and status["columns"] == 8,
        str(status),
    )
    page.check_faces(f"{what} giza", faces, 8)
    page.shot("1920x1080-giza")
    for variant in _second_wave():  # each by its address alone: its deal, its own passes
        status = page.open(f"?variant={variant.name}&deal={VARIANT_DEAL}")
        passes = variant.default_passes if variant.has_stock else 1
        report.check(
            f"?variant={variant.name}&deal={VARIANT_DEAL} opens that deal with {passes} passes",
            status is not None
            and (status["variant"], status["deal"], status["passes"]) == (variant.name, VARIANT_DEAL, passes),
            str(status and (status["variant"], status["deal"], status["passes"], status["line"])),
        )
        page.forget()
    # pygbag's loader reads a first query parameter holding "py" as the Python to load
    status = page.open(f"?variant=pyramid&deal={VARIANT_DEAL}")
    report.check(
        f"?variant=pyramid&deal={VARIANT_DEAL} opens that deal",
        status is not None and status["variant"] == "pyramid" and status["deal"] == VARIANT_DEAL,
        str(status and status["line"]),
    )


def visit_bad_address(page: Page, faces: dict[str, Any]) -> None:
    """1440×900 at ratio 2: bad options over a saved game, settings by clicks, a damaged save."""
    report = page.report
    page.viewport(1440, 900, 2)
    page.forget()
    what = "1440×900@2"
    if page.open("?deal=55") is None:
        return
    page.play(["D", "D"], f"{what}: two draws")
    status = page.open("?deal=abc&lang=fr&zoom=2")
    if status is None:
        return
    box = page.check_canvas(what, box_ratio(1440, 900, 2))
    report.check(
        "an address with three bad options names the three and says the saved game goes on",
        status["line"] == "Dirección: «deal=abc», «lang=fr», «zoom=2» no valen; sigue la partida guardada"
        and status["deal"] == 55
        and status["moves"] == 2
        and status["top"] == "TableScene",
        repr(status["line"]),
    )
    check_sizes(page, what, box, (1440, 900))
    page.shot("1440x900-bad-address")
    page.tap(page.py("P.button_point('settings')"))
    status = page.wait(lambda s: s["top"] == "SettingsScreen")
    if status["top"] == "SettingsScreen":
        page.tap(page.py("P.settings_option('set_lang', 'en')"))
        page.wait(lambda s: s["lang"] == "en")
        page.tap(page.py("P.settings_option('set_four_colour', True)"))
        page.wait(lambda s: s["four_colour"])
        page.shot("1440x900-settings")
        page.key("Escape")
        status = page.wait(lambda s: s["top"] == "TableScene")
    report.check(
        "English and the four-colour deck chosen in «Ajustes» by clicks",
        status["lang"] == "en" and status["four_colour"] and status["top"] == "TableScene",
        f"lang {status['lang']}, four colours {status['four_colour']}, top {status['top']}",
    )
    broken = '{"v": 1, "data": {"session": [broken'
    page.store("piramide:game", broken)
    status = page.open("")
    if status is None:
        return
    kept = page.browser.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('piramide:game.bad-'))"
        ".map((k) => localStorage.getItem(k))"
    )
    report.check(
        "a damaged saved game in localStorage is one line, and its text is kept aside",
        status["line"] == "Saved game: damaged file, kept aside; the game in progress is lost"
        and kept == [broken]
        and status["top"] == "TableScene",
        f"line {status['line']!r}, kept {kept}",
    )
    page.check_requests(f"{what} with a damaged save")


def visit_phone(page: Page, faces: dict[str, Any]) -> None:
    """390×844 at ratio 3 by touch, then turned to 844×390 mid-game."""
    report = page.report
    page.viewport(390, 844, 3, phone=True)
    page.forget()
    status = page.open(f"?variant=spanish&deal={VARIANT_DEAL}")
    if status is None:
        return
    what = "390×844@3"
    box = page.check_canvas(what, 2.0)
    check_sizes(page, what, box, (390, 844))
    page.check_faces(f"{what} spanish", faces, 7)
    page.shot("390x844-table")
    line = page.py("P.winning_line()")
    report.check("the Spanish deal has a winning line", len(line) > 5, str(line))
    played = page.play(line[:3], f"{what}: taps")
    report.check(
        f"{what}: three moves by touch", played and page.status()["moves"] == 3, page.status()["line"]
    )
    before = page.status()
    page.viewport(844, 390, 3, phone=True)
    status = page.wait(lambda s: s["canvas"] == [1688, 780] and s["layout_size"] == [1688, 780], 3)
    time.sleep(0.5)
    what = "844×390@3 (turned)"
    box = page.check_canvas(what, 2.0)
    check_sizes(page, what, box, (844, 390))
    report.check(
        "turning the phone keeps the game",
        status["state"] == before["state"] and status["moves"] == 3,
        f"moves {status['moves']}",
    )
    played = page.play(line[3:5], f"{what}: taps")
    report.check(
        f"{what}: two more moves by touch", played and page.status()["moves"] == 5, page.status()["line"]
    )
    page.shot("844x390-turned")
    page.check_requests(what)


MEDIA = [{"name": "prefers-reduced-motion", "value": "reduce"}, {"name": "prefers-contrast", "value": "more"}]
"""What the page asks for in the accessibility visit, as a player's system settings would."""


def ax_tree(page: Page) -> dict[str, dict[str, Any]]:
    """Chromium's accessibility tree of the page (what a screen reader is given), by node id."""
    nodes = page.browser.call("Accessibility.getFullAXTree")["nodes"]
    return {node["nodeId"]: node for node in nodes}


def ax_role(node: dict[str, Any]) -> str:
    return str(node.get("role", {}).get("value", ""))


def ax_name(node: dict[str, Any]) -> str:
    return str(node.get("name", {}).get("value", ""))


def ax_text(tree: dict[str, dict[str, Any]], role: str) -> str | None:
    """The text inside the first node of ``role`` (None when there is none)."""
    found = next((n for n in tree.values() if ax_role(n) == role and not n.get("ignored")), None)
    if found is None:
        return None
    words, todo = [], list(found.get("childIds", []))
    while todo:
        node = tree.get(todo.pop(0), {})
        if ax_role(node) in ("StaticText", "text"):
            words.append(ax_name(node))
        todo[:0] = node.get("childIds", [])
    return "".join(words)


def ax_buttons(tree: dict[str, dict[str, Any]]) -> dict[str, int]:
    """The page's buttons by name, each with its DOM node (backend id)."""
    return {
        ax_name(n): n["backendDOMNodeId"]
        for n in tree.values()
        if ax_role(n) == "button" and not n.get("ignored")
    }


def press_named(page: Page, name: str) -> bool:
    """Focus the page's button named ``name`` (found in the accessibility tree) and press Enter
    on it, as a screen reader user does; False when no such button is there."""
    deadline = time.monotonic() + 3  # the page's mirror follows the game on its next frame
    node = ax_buttons(ax_tree(page)).get(name)
    while node is None and time.monotonic() < deadline:
        time.sleep(0.1)
        node = ax_buttons(ax_tree(page)).get(name)
    if node is None:
        return False
    page.browser.call("DOM.focus", {"backendNodeId": node})
    for kind in ("keyDown", "keyUp"):
        event = {"type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13}
        page.browser.call("Input.dispatchKeyEvent", {**event, "text": "\r"} if kind == "keyDown" else event)
    return True


def press_places(page: Page, token: str) -> list[str]:
    """Press, on the page, the buttons of the places move ``token`` takes, each by the name the
    game gives it then (a card's name changes once another is chosen); the names not found."""
    missing = []
    count = len(page.py(f"P.names_for({token!r})"))
    for index in range(count):
        name = page.py(f"P.names_for({token!r})")[index]
        if not press_named(page, name):
            missing.append(f"{token}: {name}")
        if index + 1 < count:  # the first card chosen before the second is named
            page.wait(lambda s: page.py("json.dumps(P.play.selected)") is not None, 3)
    return missing


def visit_access(page: Page, faces: dict[str, Any]) -> None:
    """1280×800, asking for reduced motion and more contrast: a new player's settings follow; the
    page as a screen reader gets it (Chromium's accessibility tree): the canvas an application
    with a name, the mirror's buttons named as the game names its places, the live text after a
    move, a refusal in the assertive region, and deal 10 won by pressing the mirror's buttons."""
    report = page.report
    page.viewport(1280, 800, 1)
    page.forget()
    page.browser.call("DOM.enable")
    page.browser.call("Emulation.setFocusEmulationEnabled", {"enabled": True})  # a focused window
    page.browser.call("Emulation.setEmulatedMedia", {"features": MEDIA})
    status = page.open(f"?deal={WIN_DEAL}")
    if status is None:
        return
    chosen = page.py("json.dumps([P.app.ctx.settings.theme, P.app.ctx.settings.anim_speed])")
    report.check(
        "a page asking for more contrast and reduced motion starts high-contrast, without animation",
        chosen == ["high-contrast", "none"],
        str(chosen),
    )
    tree = ax_tree(page)
    canvas = [ax_name(n) for n in tree.values() if ax_role(n) == "application"]
    report.check(
        "the canvas is an application with a name", len(canvas) == 1 and bool(canvas[0]), str(canvas)
    )
    named, live = page.py("P.buttons_named()")
    shown = sorted(ax_buttons(tree))
    report.check(
        "the page's buttons are the game's places and controls, named as the game names them",
        shown == sorted(named) and any(name.endswith("fila 7, libre") for name in shown),
        f"page {shown[:6]}…; game {sorted(named)[:6]}…",
    )
    report.check(
        "the live region says where the deal stands",
        ax_text(tree, "status") == live.strip() != "",
        f"{ax_text(tree, 'status')!r} / {live!r}",
    )
    wrong = page.py("P.mismatch()")
    found = [press_named(page, wrong[0])]
    page.wait(lambda s: page.py("json.dumps(P.play.selected)") is not None, 3)
    found.append(press_named(page, wrong[1]))
    time.sleep(0.8)  # the sentence waits out the half-second gap after the last one
    tree = ax_tree(page)
    said = page.py("P.buttons_named()")[1]
    report.check(
        "two cards that make no pair, pressed on the page, are refused in the assertive region",
        all(found) and ax_text(tree, "alert") == said.strip() != "" and ax_text(tree, "status") == "",
        f"pressed {wrong} {found}: alert {ax_text(tree, 'alert')!r}, "
        f"status {ax_text(tree, 'status')!r}, game {said!r}",
    )
    line = page.py("P.winning_line()")
    before = page.status()["moves"]
    missing = []
    for number, token in enumerate(line):
        missing += press_places(page, token)
        status = page.wait(lambda s, n=before + number: s["moves"] == n + 1, 3)
        if number == 0:
            time.sleep(0.7)
            said = page.py("P.buttons_named()")[1]
            heard = ax_text(ax_tree(page), "status")
            report.check(
                "the live region says what the first move did",
                heard == said.strip() and "mazo" in heard.lower(),
                f"{heard!r} / {said!r}",
            )
        if missing or status["moves"] != before + number + 1:
            break
    status = page.wait(lambda s: s["top"] != "TableScene", 3)
    report.check(
        f"deal {WIN_DEAL} is won by pressing the page's buttons alone",
        not missing and status["pyramid"] == 0 and status["moves"] == before + len(line),
        f"pyramid {status['pyramid']}, moves {status['moves'] - before} of {len(line)}; "
        f"not found {missing[:3]}",
    )
    tree = ax_tree(page)
    dialogs = [ax_name(n) for n in tree.values() if ax_role(n) == "dialog"]
    report.check("the win panel is a dialog on the page", bool(dialogs), str(dialogs))
    page.shot("1280x800-access-won")
    page.browser.call("Emulation.setEmulatedMedia", {"features": []})
    page.browser.call("Emulation.setFocusEmulationEnabled", {"enabled": False})


def box_ratio(width: int, height: int, ratio: float) -> float:
    """The canvas pixels per CSS pixel the page should get (game.platform.page_canvas)."""
    from game.platform import page_canvas  # noqa: PLC0415

    return page_canvas(width, height, ratio)[1]


def check_sizes(page: Page, what: str, box: dict[str, float], css: tuple[int, int]) -> None:
    """The table as the native game lays out a window of the page's CSS size (same
    ``compute_layout``, same ``Metrics``): every button, the deck, a card, a covered card's
    strip and the text at least their native size in CSS pixels, every button and card at
    least 44 CSS pixels."""
    from game.render.layout import compute_layout  # noqa: PLC0415

    scale = box["width"] / box["w"]
    seen = {name: [round(v * scale, 1) for v in sizes] for name, sizes in page.py("P.controls()").items()}
    native = compute_layout(css, variant=_variant(page.status()["variant"]))
    wanted = {f"button:{name}": list(rect.size) for name, rect in native.buttons.items()}
    wanted.update(
        {
            "deck": list(native.deck.size),
            "card": list(native.card),
            "strip": [native.step],
            "font": [native.font],
        }
    )
    wanted["button:deal"][0] = 0  # the deal chip is as wide as its text
    short = {
        name: (seen.get(name), sizes)
        for name, sizes in wanted.items()
        if seen.get(name) is None or any(s < w - 1 for s, w in zip(seen[name], sizes, strict=True))
    }
    small = {
        name: sizes
        for name, sizes in seen.items()
        if name.startswith(("button:", "card", "deck")) and min(sizes) < 44 - 0.5
    }
    page.report.check(
        f"{what}: every size at least the native layout's for {css[0]}×{css[1]}, controls 44 CSS px",
        not short and not small,
        f"below native {short}; under 44 {small}",
    )
    page.report.info(f"{what}: CSS px {seen}")


def _second_wave() -> list[Any]:
    """The registered variants the checks above do not open by name (every later one)."""
    from rules.variant import REGISTERED  # noqa: PLC0415

    return [variant for variant in REGISTERED if variant.name not in ("pyramid", "spanish", "giza")]


def _variant(name: str) -> Any:
    from rules.variant import VARIANTS  # noqa: PLC0415

    return VARIANTS[name]


def _subsequence(wanted: list[str], seen: list[str]) -> bool:
    position = 0
    for name in seen:
        if position < len(wanted) and name == wanted[position]:
            position += 1
    return position == len(wanted)


VISITS = [visit_first, visit_access, visit_reload, visit_bad_address, visit_phone]
"""The visits, in order, each ``visit(page, faces)`` on the same browser profile. (The offline
visit after a first one, for the page's service worker, goes here.)"""


def play_page(server: Server, runtime: Runtime, faces: dict[str, Any], out: Path, profile: Path) -> Report:
    """Every visit, on one Chromium; the report, with the frame times as INFO lines."""
    report = Report()
    browser = Chromium(profile, out / "chromium-page.log")
    page = Page(browser, server, runtime, report, out)
    try:
        for visit in VISITS:
            visit(page, faces)
    except (CdpError, TimeoutError, KeyError, TypeError, ValueError) as error:
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == __file__]
        where = ", ".join(f"{f.name}:{f.lineno}" for f in frames[-3:])
        report.check("the page test ran to its end", False, f"{error!r} at {where}")
    finally:
        (out / "page-console.log").write_text("\n".join(page.console), encoding="utf-8")
        browser.close()
    return report
