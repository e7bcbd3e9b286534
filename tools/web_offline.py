"""The offline checks of the built page, in Chromium over the DevTools protocol (issue 18.5).

:func:`check_offline` needs only what every harness of the built page has: a ``browser`` with
``call(method, params)``, ``on(event, handler)``, ``evaluate(expression)`` and
``wait_for(expression, timeout)`` on the page's target (``tools/web_offline_test.py`` has one, the
real-page test another), and a :class:`Network` the caller can cut and restore and whose requests
it saw (its servers' logs: the service worker's own requests never reach the page's target). It
plays a first visit, then:

* the page and every file it loaded come back from the service worker with the network gone
  (a reload of a ``?deal=`` address), in one cache named by the build's hash;
* a file the cache lacks, offline, gets a 503 and one clear line on the page, and a bad entry in
  the cache (a failed response) is never served: it is fetched again;
* a new build (``new_build`` changes a file and writes its worker) replaces the cache whole: the
  page finds the new worker waiting, hands over and reloads; the new cache holds exactly the new
  build's page and bundle, and no other cache is left (an older build's included).
"""

from __future__ import annotations

import json
import re
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from web_checks import Report

SETTLE = 30.0
"""Seconds a step may take in the browser (a worker installing, a page loading)."""
HAND_OVER = 45.0
"""Seconds a waiting worker may take to take over once asked: Chromium activates it only once the
old worker is idle, and an old worker was seen busy until its 30-second idle stop."""
DEAL = "?deal=4321"
PREFIX = "piramide-"
OLDER = PREFIX + "0123456789abcdef"
"""A cache as an older build's worker would have left it."""


class Browser(Protocol):
    def call(
        self, method: str, params: dict[str, Any] | None = None, timeout: float = 60
    ) -> dict[str, Any]: ...

    def on(self, event: str, handler: Callable[[dict[str, Any]], None]) -> None: ...

    def evaluate(self, expression: str, timeout: float = 60) -> Any: ...

    def wait_for(self, expression: str, timeout: float) -> Any: ...


class Network(Protocol):
    def cut(self) -> None:
        """Nothing answers any more (the servers stop)."""

    def restore(self) -> None:
        """The servers answer again."""

    def requests(self) -> list[tuple[str, int]]:
        """Every request the servers got so far: (absolute URL, status)."""


@dataclass
class Seen:
    """What the page's target saw: every address it asked for (all loads), and for the last
    load each response's status and whether the service worker answered it."""

    requested: set[str] = field(default_factory=set)
    responses: dict[str, tuple[int, bool]] = field(default_factory=dict)

    def response(self, event: dict[str, Any]) -> None:
        answer = event["response"]
        self.responses[answer["url"]] = (answer["status"], bool(answer.get("fromServiceWorker")))


def watch(browser: Browser) -> Seen:
    seen = Seen()
    browser.on("Network.requestWillBeSent", lambda event: seen.requested.add(event["request"]["url"]))
    browser.on("Network.responseReceived", seen.response)
    browser.call("Network.enable")
    browser.call("Page.enable")
    return seen


def cache_entries(browser: Browser) -> dict[str, list[str]]:
    """Every ``piramide-`` cache of the page's origin, with the addresses it keeps."""
    found = browser.evaluate(
        """(async () => {
            const out = {};
            for (const name of await caches.keys()) {
                if (!name.startsWith("piramide-")) continue;
                out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
            }
            return JSON.stringify(out);
        })()"""
    )
    return dict(json.loads(found))


def build_of(worker: str) -> tuple[str, dict[str, str]]:
    """The build hash written into a worker's text (``const BUILD = "…"``), and the SHA-256 of
    each of the build's files (``const FILES = […]``)."""
    build = re.search(r'const BUILD = "([0-9a-f]+)"', worker)
    files = re.search(r"const FILES = (\[.*?\]);", worker, re.DOTALL)
    listed = json.loads(files.group(1)) if files else []
    return (build.group(1) if build else ""), {f["name"]: f["sha256"] for f in listed}


def kept_digests(browser: Browser, cache: str) -> dict[str, str]:
    """The SHA-256 of each of ``cache``'s entries for the build's files, as the page reads them."""
    found = browser.evaluate(
        f"""(async () => {{
            const cache = await caches.open("{cache}");
            const out = {{}};
            for (const name of ["index.html", "piramide.apk"]) {{
                const hit = await cache.match(name);
                if (!hit) continue;
                const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await hit.arrayBuffer()));
                out[name] = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
            }}
            return JSON.stringify(out);
        }})()"""
    )
    return dict(json.loads(found))


def offline_line(browser: Browser, name: str) -> str:
    """The line the page shows about ``name`` missing offline (empty when there is none)."""
    shown = browser.wait_for(
        f"""(() => {{
            const line = document.getElementById("piramide-offline");
            return line && line.textContent.includes({json.dumps(name)}) ? line.textContent : "";
        }})()""",
        SETTLE,
    )
    return str(shown or "")


def emulate(browser: Browser, offline: bool) -> None:
    conditions = {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    browser.call("Network.emulateNetworkConditions", conditions)


BUNDLE_JS = "fetch('piramide.apk').then(async (r) => [r.status, (await r.arrayBuffer()).byteLength])"
"""The bundle as the page gets it: [status, bytes]."""


@dataclass
class Visit:
    """The page under test: the browser on it, what its target saw, and the network behind it."""

    browser: Browser
    page: str
    """The built page's folder address (ending in /)."""
    runtime: str
    """pygbag's runtime's address: the CDN's or the mirror's root."""
    network: Network
    worker_text: Callable[[], str]
    """The ``sw.js`` the server holds now."""
    report: Report
    seen: Seen = field(default_factory=Seen)

    def load(self, query: str = DEAL) -> None:
        self.seen.responses.clear()
        self.browser.call("Page.navigate", {"url": self.page + query})
        self.browser.wait_for("document.readyState === 'complete'", SETTLE)

    def cache(self) -> str:
        return PREFIX + build_of(self.worker_text())[0]

    def loaded(self) -> list[str]:
        """The runtime files the last load got (status 200)."""
        return [
            u
            for u, (status, _) in self.seen.responses.items()
            if status == 200 and u.startswith(self.runtime)
        ]


def check_offline(visit: Visit, new_build: Callable[[], str], known_gaps: tuple[str, ...] = ()) -> None:
    """Run the offline checks on ``visit``'s page. ``new_build`` makes the server hold a new
    build and returns a text its page has and the old one lacks; ``known_gaps``: runtime files
    (name endings) the runtime lacks (CPython's two in a test)."""
    visit.seen = watch(visit.browser)
    loaded = first_visit(visit, known_gaps)
    bundle = offline(visit, loaded)
    bad_entry(visit, bundle)
    update(visit, new_build)


def first_visit(visit: Visit, known_gaps: tuple[str, ...]) -> list[str]:
    """A first visit at a ``?deal=`` address; the runtime files it loaded."""
    browser, report, cache = visit.browser, visit.report, visit.cache()
    visit.load()
    loaded = visit.loaded()
    wanted = json.dumps([*loaded, visit.page + "piramide.apk"])
    ready = browser.wait_for(
        f"""(async () => {{
            if (!navigator.serviceWorker.controller) return false;
            const cache = await caches.open("{cache}");
            for (const url of {wanted}) if (!(await cache.match(url))) return false;
            return true;
        }})()""",
        SETTLE,
    )
    report.check("first visit: the worker controls the page and keeps what it loaded", bool(ready), wanted)
    entries = cache_entries(browser)
    report.check(
        "one cache, named by the build's hash",
        list(entries) == [cache],
        f"{list(entries)} (this build: {cache})",
    )
    origin = "{0.scheme}://{0.netloc}/".format(urllib.parse.urlsplit(visit.page))
    served = visit.network.requests()
    asked = {u for u in visit.seen.requested if u.startswith(("http:", "https:"))} | {u for u, _ in served}
    outside = sorted(u for u in asked if not u.startswith((visit.runtime, origin)))
    report.check(
        "every request went to the page's server or the runtime's",
        not outside and bool(loaded),
        str(outside[:5]),
    )
    gaps = sorted({u for u, status in served if status == 404 and not u.endswith(known_gaps)})
    report.check("no request was answered 404 (but the runtime's known gaps)", not gaps, str(gaps[:5]))
    kept = len(entries.get(cache, []))
    report.info(f"first visit: {len(loaded)} runtime files from {visit.runtime}; {cache} keeps {kept}")
    return loaded


def offline(visit: Visit, loaded: list[str]) -> list[int]:
    """The network gone: the page and its files from the cache; a file it lacks, one line.
    Returns the bundle as the page got it ([status, bytes])."""
    browser, report, cache = visit.browser, visit.report, visit.cache()
    visit.network.cut()
    emulate(browser, offline=True)
    visit.load()
    wanted = [visit.page + DEAL, *loaded]
    deadline = time.monotonic() + SETTLE  # some runtime files are asked for after the page's load
    while time.monotonic() < deadline and not all(u in visit.seen.responses for u in wanted):
        time.sleep(0.1)
    lost = [u for u in wanted if visit.seen.responses.get(u) != (200, True)]
    report.check("offline: the page and every runtime file come from the worker", not lost, str(lost[:5]))
    title, search = browser.evaluate("[document.title, location.search]")
    report.check(
        "offline: the page opens at its ?deal= address", [title, search] == ["Pirámide", DEAL], title
    )
    bundle = list(browser.evaluate(BUNDLE_JS))
    report.check(
        "offline: the bundle comes whole from the cache", bundle[0] == 200 and bundle[1] > 0, str(bundle)
    )
    browser.evaluate(f"caches.open('{cache}').then((c) => c.delete('piramide.apk'))")
    status = browser.evaluate("fetch('piramide.apk').then((r) => r.status)")
    line = offline_line(browser, "piramide.apk")
    report.check(
        "offline: a file the cache lacks gets a 503 and one clear line",
        status == 503 and bool(line),
        f"status {status}, line {line!r}",
    )
    emulate(browser, offline=False)
    visit.network.restore()
    return bundle


def bad_entry(visit: Visit, bundle: list[int]) -> None:
    """A failed response in the cache (a bad entry, as an older worker might have kept) is never
    served: the file is fetched again."""
    cache = visit.cache()
    failed = "new Response('', {status: 500})"
    visit.browser.evaluate(f"caches.open('{cache}').then((c) => c.put('piramide.apk', {failed}))")
    again = list(visit.browser.evaluate(BUNDLE_JS))
    visit.report.check(
        "a failed response in the cache is never served: fetched again", again == bundle, str(again)
    )


def update(visit: Visit, new_build: Callable[[], str]) -> None:
    """A new build on the server replaces the cache whole, and the page open becomes the new one."""
    browser, report, old = visit.browser, visit.report, visit.cache()
    browser.evaluate(  # a cache an older build left behind (an older worker's)
        f"""caches.open("{OLDER}").then((c) => c.put(new Request("index.html"),
            new Response("an older build's page", {{headers: {{"Content-Type": "text/html"}}}})))"""
    )
    marker = new_build()
    build, files = build_of(visit.worker_text())
    rebuilt = PREFIX + build
    visit.load()  # the browser finds the new worker: it installs, then waits
    waiting = browser.wait_for(
        "navigator.serviceWorker.getRegistration().then((r) => Boolean(r && r.waiting))", SETTLE
    )
    report.check("a new build's worker installs and waits while the old build's page is open", bool(waiting))
    visit.load()  # this page finds it waiting: it hands over and reloads
    browser.wait_for(
        f"""document.readyState === "complete" && caches.keys().then((names) =>
            names.filter((n) => n.startsWith("{PREFIX}")).join() === "{rebuilt}")""",
        HAND_OVER,
    )
    entries = cache_entries(browser)
    report.check(
        "a new build replaces the cache whole: only its own is left (the old and an older one gone)",
        list(entries) == [rebuilt] and rebuilt != old,
        f"{list(entries)} (old {old}, new {rebuilt})",
    )
    kept = kept_digests(browser, rebuilt)
    wanted = {name: files.get(name, "") for name in ("index.html", "piramide.apk")}
    report.check("the new cache holds exactly the new build's page and bundle", kept == wanted, str(kept))
    report.check(
        "the page open is the new build's",
        bool(browser.evaluate(f"document.body.innerHTML.includes({json.dumps(marker)})")),
    )
