"""The one module that knows about the browser (pygbag / emscripten).

Everything else asks this module and gets plain Python values back:

* :func:`page_options` — the options of the page address
  (``?variant=spanish&deal=N&lang=en&passes=1&classic``),
  parsed by :func:`parse_page_query`, which never fails: a bad value becomes a :class:`BadOption`
  that the table shows in one line, and the option keeps its default.
* :class:`BrowserClock` — seconds of page time with the time the tab spent hidden left out
  (a ``visibilitychange`` listener installed from Python), the time source of every ``Session``.
* :class:`LocalStorageBackend` — the saves' ``Backend`` over ``window.localStorage``, and
  :func:`browser_guard`, the lease that keeps a second tab from writing them.
* :func:`browser_copy` and :func:`deal_link` — the deal link on the browser's clipboard.
* :func:`page_preferences`, :func:`page_mirror` and :func:`page_presses` — the page's media
  preferences, and its accessible mirror of the table (``web/index.tmpl``, :mod:`game.access.page`).

Natively none of the browser parts is touched: :data:`IS_WEB` is False and ``js`` is never imported.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from rules import DealNumberError
from rules.variant import OFFERED, PYRAMID

from .deal_names import parse_deal_name
from .locks import OWNER, LeaseLock
from .settings import LANGUAGES, PASS_NAMES
from .storage import StorageError

IS_WEB = sys.platform == "emscripten"
SYSTEM = "macos" if sys.platform == "darwin" else "windows" if sys.platform == "win32" else "unix"
"""The desktop family, as accessibility adapters name them (``unix`` also in the browser)."""
"""True inside the browser build (pygbag, or pyodide in the browser test)."""

PREFIX = "piramide:"
"""Every ``localStorage`` key of the game starts with this, so the origin's other keys are safe."""


def _js() -> Any:
    """The browser's ``window`` (only in the browser)."""
    import js  # type: ignore[import-not-found]  # noqa: PLC0415 - exists only under emscripten

    return js


# --- the page address -------------------------------------------------------------------------------
@dataclass(frozen=True)
class BadOption:
    """An option of the page address that could not be used: its name and value as written."""

    name: str
    value: str

    def __post_init__(self) -> None:
        if len(self.value) > SHOWN_VALUE:  # the line under the table must stay one line
            object.__setattr__(self, "value", self.value[: SHOWN_VALUE - 1] + "…")


@dataclass(frozen=True)
class PageOptions:
    """What the address asked for; None where it says nothing (the saved setting then holds)."""

    deal: int | None = None
    lang: str | None = None
    passes: int | None = None
    classic: bool | None = None
    variant: str | None = None
    bad: tuple[BadOption, ...] = field(default=())

    def overrides(self) -> dict[str, object]:
        """The settings the address gives, as ``Settings`` field names."""
        given: dict[str, object] = {"variant": self.variant, "lang": self.lang, "passes": self.passes}
        if self.classic is not None:
            given["overlap"] = not self.classic
        return {name: value for name, value in given.items() if value is not None}


FLAGS = ("classic",)
SHOWN_VALUE = 16
"""A bad value longer than this is shortened in the message."""


def parse_page_query(query: str) -> PageOptions:
    """The options of a page address's query (``?variant=spanish&deal=77&lang=en&passes=1&classic``).

    Never raises: an unknown option or a bad value is listed in ``bad`` and that option is
    left unset, so a mistyped link still opens a normal deal. ``classic`` is a flag (a value
    such as ``classic=1`` is accepted, ``classic=0`` turns it off). ``deal`` takes a deal's
    name as the game copies it («Baraja española: reparto 77», :mod:`game.deal_names`), which
    gives the variant too (a ``variant`` that says otherwise makes the deal a bad option).
    """
    deal: int | None = None
    variant: str | None = None
    lang: str | None = None
    passes: int | None = None
    classic: bool | None = None
    bad: list[BadOption] = []
    named: tuple[str, str | None] | None = None  # the deal's own value, and the variant it names
    for name, value in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        if name == "deal":
            try:
                deal, given = parse_deal_name(value)
            except DealNumberError:
                bad.append(BadOption(name, value))
            else:
                named = (value, given)
        elif name == "variant" and value in OFFERED:
            variant = value
        elif name == "lang" and value in LANGUAGES:
            lang = value
        elif name == "passes" and value in PASS_NAMES:
            passes = PASS_NAMES[value]
        elif name in FLAGS and value in ("", "1", "0", "true", "false"):
            classic = value not in ("0", "false")
        else:
            bad.append(BadOption(name, value))
    if named is not None and named[1] is not None:
        if variant is not None and variant != named[1]:
            bad.append(BadOption("deal", named[0]))
            deal = None
        else:
            variant = named[1]
    return PageOptions(deal, lang, passes, classic, variant, tuple(bad))


def page_options() -> PageOptions:
    """The options of the page this game runs in (defaults natively)."""
    if not IS_WEB:
        return PageOptions()
    return parse_page_query(str(_js().window.location.search))


def deal_link(number: int, variant: str = PYRAMID.name) -> str:
    """The address that opens deal ``number`` of ``variant``: this page with ``?deal=N``, and
    ``?variant=NAME&deal=N`` for a variant other than the default (natively, where there is no
    page, the query alone: a native copy names the deal in words, :mod:`game.deal_names`)."""
    query = deal_query(number, variant)
    if not IS_WEB:
        return f"?{query}"
    location = _js().window.location
    return f"{location.origin}{location.pathname}?{query}"


def deal_query(number: int, variant: str = PYRAMID.name) -> str:
    """The page address's query that opens deal ``number`` of ``variant`` (what
    :func:`parse_page_query` reads back)."""
    return f"deal={number}" if variant == PYRAMID.name else f"variant={variant}&deal={number}"


RATIO_CAP = 2.0
"""The most canvas pixels per CSS pixel: a ratio-3 phone gets a backing store of twice its CSS
size (each canvas pixel 1.5 device pixels wide), which keeps its frames cheap and its text sharp."""
PIXEL_BUDGET = 1920 * 1200
"""The most canvas pixels worth drawing: a frame's cost grows with them (measured in headless
Chromium, a drawn frame: 15 ms at 1280×800, 33 ms at 1920×1080, 206 ms at 2880×1800). A bigger
page gets fewer canvas pixels per CSS pixel, never under :data:`SHARPEST` device pixels each."""
SHARPEST = 1.5
"""The most device pixels a canvas pixel may span (the page's scaling blurs beyond it)."""


def page_canvas(width: float, height: float, pixel_ratio: float) -> tuple[tuple[int, int], float]:
    """The canvas for a page ``width`` × ``height`` CSS pixels on a screen of ``pixel_ratio``
    device pixels per CSS pixel: its size in pixels and its pixels per CSS pixel, by which the
    game's metrics are scaled. The ratio is the screen's, at most :data:`RATIO_CAP`, less on a
    page whose canvas would pass :data:`PIXEL_BUDGET`, but never below ``pixel_ratio / SHARPEST``."""
    if pixel_ratio <= 0 or width < 1 or height < 1:
        return (max(1, round(width)), max(1, round(height))), 1.0
    ratio = min(pixel_ratio, RATIO_CAP, (PIXEL_BUDGET / (width * height)) ** 0.5)
    ratio = max(ratio, pixel_ratio / SHARPEST)
    return (max(1, round(width * ratio)), max(1, round(height * ratio))), ratio


def browser_canvas() -> tuple[tuple[int, int], float]:
    """:func:`page_canvas` for this page as it is now (the canvas covers the whole window)."""
    window = _js().window
    return page_canvas(float(window.innerWidth), float(window.innerHeight), float(window.devicePixelRatio))


def page_ready() -> None:
    """Tell the page the game's first frame is shown: it drops its loading message and shows the
    canvas (``piramideReady`` in ``web/index.tmpl``; nothing on a page without it)."""
    window = _js().window
    ready = getattr(window, "piramideReady", None)
    if ready is not None:
        ready()


# --- the clock ---------------------------------------------------------------------------------------
CLOCK_JS = """
(() => {
  if (window.piramideClock) return window.piramideClock;
  const c = { hiddenMs: 0, since: document.hidden ? performance.now() : null };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      if (c.since === null) c.since = performance.now();
    } else if (c.since !== null) {
      c.hiddenMs += performance.now() - c.since;
      c.since = null;
    }
  });
  c.now = () => ((c.since === null ? performance.now() : c.since) - c.hiddenMs) / 1000;
  window.piramideClock = c;
  return c;
})()
"""


class BrowserClock:
    """Seconds since the page opened, with every hidden period left out.

    A hidden tab runs no frames, so a clock read from ``performance.now()`` alone would add the
    whole hidden period the moment the tab comes back. The listener freezes this clock while the
    page is hidden; a ``Session`` given :meth:`now` as its time source then never counts it.
    """

    def __init__(self) -> None:
        self._clock = _js().eval(CLOCK_JS)

    def now(self) -> float:
        return float(self._clock.now())

    @property
    def hidden_seconds(self) -> float:
        return float(self._clock.hiddenMs) / 1000


# --- saves ---------------------------------------------------------------------------------------------
class LocalStorageBackend:
    """The saves' ``Backend`` (``game.storage``) over ``window.localStorage``.

    Each document is one key, ``piramide:<name>``. ``setItem`` replaces a value whole, so a
    write leaves the old text or the new, never a mix. The browser may refuse storage (private
    mode, quota, a blocked origin): that surfaces as :class:`StorageError`, never a crash.
    ``store`` is anything with ``getItem``/``setItem``/``removeItem`` (the page's own by default).
    """

    def __init__(self, store: Any = None, prefix: str = PREFIX) -> None:
        self._store = _js().window.localStorage if store is None else store
        self._prefix = prefix

    def _key(self, name: str) -> str:
        return self._prefix + name

    def read(self, name: str) -> str | None:
        try:
            value = self._store.getItem(self._key(name))
        except Exception as error:  # a JsException from the browser: storage refused
            raise StorageError(f"cannot read {name!r} from the browser's storage: {error}") from error
        if value is None:
            return None
        return str(value)

    def write(self, name: str, text: str) -> None:
        try:
            self._store.setItem(self._key(name), text)
        except Exception as error:  # a JsException (QuotaExceededError, SecurityError)
            raise StorageError(f"cannot write {name!r} to the browser's storage: {error}") from error

    def set_aside(self, name: str) -> str:
        """Keep the document under ``<name>.bad-<date-time>`` (``-2``, ``-3``… if taken); the
        original key is removed. Returns the new name."""
        text = self.read(name)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside, suffix = f"{name}.bad-{stamp}", 1
        while self.read(aside) is not None:
            suffix += 1
            aside = f"{name}.bad-{stamp}-{suffix}"
        if text is not None:
            self.write(aside, text)
        try:
            self._store.removeItem(self._key(name))
        except Exception as error:  # a JsException: storage refused
            raise StorageError(f"cannot remove {name!r} from the browser's storage: {error}") from error
        return aside


# --- the saves' lease ------------------------------------------------------------------------------------
TAB_KEY = PREFIX + "tab"
LEASE_JS = """
(key, token) => {
  window.addEventListener("pagehide", () => {
    try {
      const owner = JSON.parse(window.localStorage.getItem(key));
      if (owner && owner.token === token) window.localStorage.setItem(key, JSON.stringify({token, beat: 0}));
    } catch (e) {}
  });
}
"""
"""Gives the lease back when the page goes away (a closed tab), so a new tab opened at once holds it."""


def browser_guard(backend: LocalStorageBackend) -> LeaseLock:
    """The guard of the browser's saves (:class:`game.locks.LeaseLock`): a second tab of the game
    saves nothing while this one holds them. This tab's token is kept in its ``sessionStorage``
    (which a reload keeps and a new tab does not share), so a reloaded page still holds them;
    the lease is given back when the page goes away."""
    window = _js().window
    token = uuid.uuid4().hex
    try:
        found = window.sessionStorage.getItem(TAB_KEY)
        if found is None:
            window.sessionStorage.setItem(TAB_KEY, token)
        else:
            token = str(found)
    except Exception:  # a JsException: sessionStorage refused (private mode); a token of this page then
        token = uuid.uuid4().hex
    lease = LeaseLock(backend, token)
    with contextlib.suppress(Exception):  # a JsException: without it the lease simply expires
        _js().eval(LEASE_JS)(PREFIX + OWNER, token)
    return lease


# --- clipboard ------------------------------------------------------------------------------------------
COPY_JS = """
(text) => {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let done = false;
  try { done = document.execCommand("copy"); } catch (e) { done = false; }
  area.remove();
  return done;
}
"""


def browser_copy(text: str) -> bool:
    """Put ``text`` on the browser's clipboard; False when the browser refuses (then the game shows
    the text instead). Synchronous on purpose: the answer is needed in the same frame, and a copy
    right after the player's tap still counts as their gesture."""
    try:
        return bool(_js().eval(COPY_JS)(text))
    except Exception:  # a JsException: no document, or copying blocked
        return False


# --- the page's accessible mirror and preferences -----------------------------------------------------
def media_defaults(matches: Any) -> dict[str, object]:
    """The settings a page's media preferences ask for: ``matches(query)`` is True when the page
    matches that CSS media query (reduced motion: no animation; more contrast or forced
    colours: the high-contrast theme)."""
    defaults: dict[str, object] = {}
    if matches("(prefers-reduced-motion: reduce)"):
        defaults["anim_speed"] = "none"
    if matches("(prefers-contrast: more)") or matches("(forced-colors: active)"):
        defaults["theme"] = "high-contrast"
    return defaults


def page_preferences() -> dict[str, object]:
    """:func:`media_defaults` of this page (none natively): a new player's settings."""
    if not IS_WEB:
        return {}
    window = _js().window
    return media_defaults(lambda query: bool(window.matchMedia(query).matches))


def page_mirrored() -> bool:
    """The page keeps a mirror of the table for screen readers (``piramideMirror``)."""
    return IS_WEB and getattr(_js().window, "piramideMirror", None) is not None


def page_mirror(payload: str) -> None:
    """Hand the page the table's tree and live text (JSON, :mod:`game.access.page`)."""
    _js().window.piramideMirror(payload)


def page_presses() -> list[list[str]]:
    """What the page's mirror was asked since the last call: ``[act, key]`` pairs, oldest first."""
    return list(json.loads(str(_js().window.piramideTake())))
