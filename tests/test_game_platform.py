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
    media_defaults,
    page_canvas,
    parse_page_query,
)
from game.render.layout import compute_layout
from game.render.metrics import DEFAULT_METRICS
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


def test_the_page_canvas_is_its_css_size_times_the_capped_pixel_ratio() -> None:
    assert page_canvas(1280, 800, 1.0) == ((1280, 800), 1.0)
    assert page_canvas(1920, 1080, 1.0) == ((1920, 1080), 1.0)
    assert page_canvas(390, 844, 3.0) == ((780, 1688), 2.0)  # 1.5 device pixels a canvas pixel
    assert page_canvas(1280, 720, 1.25) == ((1600, 900), 1.25)
    assert page_canvas(0, 0, 0.0) == ((1, 1), 1.0)  # a page not laid out yet
    # past the pixel budget, fewer canvas pixels, but never more than 1.5 device pixels each
    (size, ratio) = page_canvas(1440, 900, 2.0)
    assert size == (1920, 1200) and ratio == pytest.approx(4 / 3)
    (size, ratio) = page_canvas(2560, 1440, 1.0)
    assert size[0] * size[1] <= 1920 * 1200 * 1.01 and 1 / 1.5 <= ratio < 1
    (size, ratio) = page_canvas(2560, 1440, 1.5)
    assert (size, ratio) == ((2560, 1440), 1.0)


@pytest.mark.parametrize(("css", "ratio"), [((390, 844), 2.0), ((844, 390), 2.0), ((1440, 900), 2.0)])
def test_on_a_scaled_canvas_every_control_and_text_keeps_its_css_size(
    css: tuple[int, int], ratio: float
) -> None:
    """Laid out for ``css`` × ``ratio`` canvas pixels with the metrics scaled by ``ratio``: the
    native layout of a ``css`` window, every length ``ratio`` times (rounding aside)."""
    native = compute_layout(css)
    canvas = (round(css[0] * ratio), round(css[1] * ratio))
    scaled = compute_layout(canvas, DEFAULT_METRICS.scaled(ratio))
    assert scaled.font >= round(native.font * ratio) - 1
    assert min(min(r.size) for r in scaled.buttons.values()) >= DEFAULT_METRICS.min_tap * ratio
    assert abs(scaled.card[1] - native.card[1] * ratio) <= 2 * ratio
    for name, rect in native.buttons.items():
        assert abs(scaled.buttons[name].height - rect.height * ratio) <= 2 * ratio


def test_the_browser_canvas_follows_the_page_and_keeps_the_game(display: None) -> None:
    page = [(1280, 800), 1.0]

    def canvas() -> tuple[tuple[int, int], float]:
        return page[0], page[1]  # type: ignore[return-value]

    ctx = make_context(Settings(), seed=1)
    app = App(ctx, ctx.dealer.deal(ctx.settings, 5), fixed=True, canvas=canvas)
    assert app.screen.get_size() == (1280, 800) and app.table.layout.size == (1280, 800)
    app.manager.handle(Key(Action.DRAW))
    page[:] = [(780, 1688), 2.0]  # the window became a phone held upright
    app.frame(1 / 60)
    assert app.screen.get_size() == (780, 1688) and app.table.layout.size == (780, 1688)
    assert app.ctx.metrics.min_tap == 88 and app.table.layout.font >= 24
    page[:] = [(1688, 780), 2.0]  # turned
    app.frame(1 / 60)
    assert app.screen.get_size() == (1688, 780) and app.table.layout.size == (1688, 780)
    assert app.table.play.session.moves == 1 and app.table.play.number == 5


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


def test_fixed_canvas_ignores_fullscreen_key() -> None:
    pygame.display.init()
    ctx = make_context(Settings(), seed=1)
    app = App(ctx, ctx.dealer.deal(ctx.settings, 5), size=(800, 600), fixed=True)
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert not app.fullscreen and app.screen.get_size() == (800, 600)
    assert not pygame.display.get_surface().get_flags() & pygame.RESIZABLE
    app.manager.handle(Key(Action.DRAW))
    assert app.table.play.session.moves == 1


# --- the page's media preferences -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("matching", "expected"),
    [
        (set(), {}),
        ({"(prefers-reduced-motion: reduce)"}, {"anim_speed": "none"}),
        ({"(prefers-contrast: more)"}, {"theme": "high-contrast"}),
        (
            {"(forced-colors: active)", "(prefers-reduced-motion: reduce)"},
            {"theme": "high-contrast", "anim_speed": "none"},
        ),
    ],
)
def test_the_pages_media_preferences_give_a_new_players_settings(
    matching: set[str], expected: dict[str, object]
) -> None:
    assert media_defaults(lambda query: query in matching) == expected


def test_the_pages_preferences_hold_only_until_the_player_has_saved_settings(display: None) -> None:
    from game.app import launch  # noqa: PLC0415
    from game.saves import SETTINGS_VERSION  # noqa: PLC0415
    from game.storage import MemoryBackend  # noqa: PLC0415
    from rules.labels import LabelTable  # noqa: PLC0415

    first = {"theme": "high-contrast", "anim_speed": "none"}
    storage = Storage(MemoryBackend())
    app = launch(storage, LabelTable(), deal=1, size=(640, 480), first=first)
    assert (app.ctx.settings.theme, app.ctx.settings.anim_speed) == ("high-contrast", "none")
    storage.save("settings", SETTINGS_VERSION, {"theme": "dark"})  # the player chose a theme
    app = launch(storage, LabelTable(), deal=1, size=(640, 480), first=first)
    assert (app.ctx.settings.theme, app.ctx.settings.anim_speed) == ("dark", "normal")
