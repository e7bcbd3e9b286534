"""game.platform natively: the page address parser, the localStorage backend over a stand-in of
the browser's Storage API, the fixed canvas. The browser side runs in tools/web_test.py."""

from __future__ import annotations

import sys
import types

import pygame
import pytest

from game.app import App, make_context
from game.input import Action, Key
from game.platform import (
    BadOption,
    LocalStorageBackend,
    PageOptions,
    StorageError,
    browser_guard,
    canvas_size,
    parse_page_query,
)
from game.settings import Settings
from game.storage import Storage


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", PageOptions()),
        ("?deal=77", PageOptions(deal=77)),
        ("?deal=77&lang=en&passes=1&classic", PageOptions(77, "en", 1, True)),
        ("?classic=1&lang=es", PageOptions(lang="es", classic=True)),
        ("?classic=0", PageOptions(classic=False)),
        ("?deal=%2012", PageOptions(deal=12)),
        ("?deal=0", PageOptions(bad=(BadOption("deal", "0"),))),
        ("?deal=20001&lang=en", PageOptions(lang="en", bad=(BadOption("deal", "20001"),))),
        ("?deal=abc", PageOptions(bad=(BadOption("deal", "abc"),))),
        ("?deal=", PageOptions(bad=(BadOption("deal", ""),))),
        ("?lang=fr&passes=2", PageOptions(bad=(BadOption("lang", "fr"), BadOption("passes", "2")))),
        ("?classic=maybe", PageOptions(bad=(BadOption("classic", "maybe"),))),
        ("?zoom=3", PageOptions(bad=(BadOption("zoom", "3"),))),
    ],
)
def test_page_address_options(query: str, expected: PageOptions) -> None:
    assert parse_page_query(query) == expected


def test_address_settings_override_only_what_is_given() -> None:
    assert parse_page_query("?deal=5").overrides() == {}
    assert parse_page_query("?lang=en&classic").overrides() == {"lang": "en", "overlap": False}
    assert parse_page_query("?passes=1&classic=0").overrides() == {"passes": 1, "overlap": True}


def test_a_long_bad_value_is_shortened_for_the_one_line() -> None:
    bad = parse_page_query("?deal=" + "9" * 200).bad[0]
    assert bad.name == "deal" and len(bad.value) <= 16 and bad.value.endswith("…")


class BrowserStorage:
    """The browser's Storage API shape (getItem/setItem/removeItem), kept in a dict."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.refuse = False

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the browser's name
        if self.refuse:
            raise RuntimeError("SecurityError: access denied")
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.refuse:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


def test_local_storage_backend_round_trip_and_set_aside() -> None:
    store = BrowserStorage()
    store.items["other-app"] = "theirs"
    backend = LocalStorageBackend(store)
    assert backend.read("settings") is None
    backend.write("settings", '{"v": 1}')
    assert backend.read("settings") == '{"v": 1}'
    assert store.items["piramide:settings"] == '{"v": 1}'
    first = backend.set_aside("settings")
    assert first.startswith("settings.bad-")
    assert backend.read("settings") is None and backend.read(first) == '{"v": 1}'
    backend.write("settings", "broken")
    second = backend.set_aside("settings")
    assert second != first and second.startswith("settings.bad-")
    assert backend.read(first) == '{"v": 1}' and backend.read(second) == "broken"
    assert store.items["other-app"] == "theirs"


def test_refused_storage_is_a_storage_error() -> None:
    store = BrowserStorage()
    store.refuse = True
    backend = LocalStorageBackend(store)
    with pytest.raises(StorageError):
        backend.read("game")
    with pytest.raises(StorageError):
        backend.write("game", "{}")


class BrowserTab:
    """A stand-in of the ``js`` module of one browser tab: the profile's ``localStorage`` (shared
    by every tab), the tab's own ``sessionStorage``, and the page's listeners."""

    def __init__(self, local: BrowserStorage, session: BrowserStorage | None = None) -> None:
        self.session = session or BrowserStorage()
        self.listeners: list[tuple[str, str]] = []
        self.window = types.SimpleNamespace(localStorage=local, sessionStorage=self.session)

    def eval(self, source: str) -> object:
        return lambda key, token: self.listeners.append((key, token))


def test_a_second_tab_saves_nothing_and_a_reloaded_tab_still_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    local = BrowserStorage()
    first = BrowserTab(local)
    monkeypatch.setitem(sys.modules, "js", first)
    backend = LocalStorageBackend(local)
    holder = Storage(backend, browser_guard(backend))
    assert not holder.read_only and holder.save("game", 1, {"tab": 1})
    assert first.listeners == [("piramide:owner", holder.guard.token)]  # type: ignore[attr-defined]

    monkeypatch.setitem(sys.modules, "js", BrowserTab(local))  # a second tab
    second = Storage(backend, browser_guard(backend))
    assert second.read_only and not second.save("game", 1, {"tab": 2})

    monkeypatch.setitem(sys.modules, "js", BrowserTab(local, first.session))  # the first tab, reloaded
    reloaded = Storage(backend, browser_guard(backend))
    assert not reloaded.read_only and reloaded.save("game", 1, {"tab": 1, "reloaded": True})


def test_canvas_is_landscape_natively() -> None:
    assert canvas_size((720, 1280)) == (1280, 720)


def test_fixed_canvas_ignores_fullscreen_key() -> None:
    pygame.display.init()
    ctx = make_context(Settings(), seed=1)
    app = App(ctx, ctx.dealer.deal(ctx.settings, 5), size=(800, 600), fixed=True)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert not app.fullscreen and app.screen.get_size() == (800, 600)
    assert not pygame.display.get_surface().get_flags() & pygame.RESIZABLE
    app.manager.handle(Key(Action.DRAW))
    assert app.table.play.session.moves == 1
