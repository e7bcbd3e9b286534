"""Panels, dialogs, settings and rules fit every window, with the same Metrics as the table:
everything inside the window (and its panel), no two targets overlapping, each at least
``metrics.min_tap``; a bigger Metrics (the kiosk's) makes every target bigger."""

from __future__ import annotations

import dataclasses
import datetime
import itertools
from collections.abc import Callable

import pygame
import pytest
from families import big_windows_slow

from game.app import App, make_context
from game.config import PANEL_POP_SECONDS
from game.context import Context
from game.driver import press_key, step
from game.kiosk import AttractScene, KioskOptions, StillTherePrompt
from game.render.metrics import Metrics
from game.scenes import settings_screen
from game.scenes.base import Scene, SceneManager
from game.scenes.deal_dialog import DealDialog
from game.scenes.panel import Panel, PanelButton
from game.scenes.record_screens import DailyScreen, StatsScreen
from game.scenes.rules_screen import RulesScreen
from game.scenes.settings_screen import SettingsScreen
from game.settings import Settings
from rules import RuleSet

SIZES = [(320, 480), (480, 800), (720, 1280), (488, 480), (528, 528), (800, 480), (1280, 800), (1920, 1080),
         (1080, 1920), (3840, 2160),
         # short landscape windows: 800×480 and 854×480 screens less the window frame, small browsers
         (720, 432), (768, 432), (640, 432), (800, 400), (640, 360), (568, 320), (480, 320)]  # fmt: skip
KIOSK = Metrics(min_tap=72, min_corner=40, font_range=(18, 60), panel_font_range=(20, 60))


def targets_problems(
    size: tuple[int, int], box: pygame.Rect, targets: list[pygame.Rect], min_tap: int
) -> list[str]:
    window = pygame.Rect((0, 0), size)
    problems = [] if window.contains(box) else [f"{box} leaves the window"]
    for rect in targets:
        if not box.contains(rect):
            problems.append(f"{rect} leaves {box}")
        if min(rect.size) < min_tap:
            problems.append(f"{rect} is below {min_tap} px")
    for a, b in itertools.combinations(targets, 2):
        if a.colliderect(b):
            problems.append(f"{a} overlaps {b}")
    return problems


def settings_problems(screen: SettingsScreen, size: tuple[int, int], min_tap: int) -> list[str]:
    """What does not fit in the settings screen, row by row: each row is brought into sight as the
    keyboard focus brings it (the rows scroll when they do not all fit), and then the rows in sight
    and the buttons must fit the panel, none overlapping another, each at least ``min_tap``; the
    rows' area never covers a button."""
    problems: list[str] = []
    buttons = [screen.close_rect] + ([screen.stats_rect] if screen.on_stats is not None else [])
    for row in range(len(screen.rows)):
        screen.reveal(row)
        if not screen.shown(row):
            problems.append(f"row {row} never comes into sight")
        rows = [index for index in range(len(screen.rows)) if screen.shown(index)]
        targets = [rect for index in rows for rect in screen.options[index]] + buttons
        problems += targets_problems(size, screen.panel, targets, min_tap)
        if screen.view.collidelist(buttons) != -1:
            problems.append(f"the rows' area {screen.view} covers a button")
    return problems


def context(lang: str, metrics: Metrics) -> Context:
    ctx = make_context(Settings(lang=lang), seed=1)
    ctx.metrics = metrics
    return ctx


@pytest.mark.parametrize("metrics", [Metrics(), KIOSK], ids=["default", "kiosk"])
@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", big_windows_slow(SIZES))
def test_settings_deal_dialog_rules_and_panels_fit(
    display: None, size: tuple[int, int], lang: str, metrics: Metrics
) -> None:
    if metrics is KIOSK and min(size) < 1000:
        pytest.skip("kiosk metrics are for kiosk screens")
    ctx = context(lang, metrics)
    manager = SceneManager()
    manager.size = size
    settings = SettingsScreen(ctx, manager)
    settings.relayout(size)
    assert settings_problems(settings, size, metrics.min_tap) == []
    dialog = DealDialog(ctx, manager, lambda number, variant: None)
    dialog.relayout(size)
    assert targets_problems(size, dialog.panel, [dialog.field, *dialog.rects.values()], metrics.min_tap) == []
    rules = RulesScreen(ctx, manager)
    rules.relayout(size)
    window = pygame.Rect((0, 0), size)
    assert targets_problems(size, window, list(rules.rects.values()), metrics.min_tap) == []
    assert rules.text_area.collidelist(list(rules.rects.values())) == -1
    assert len(rules.pages()) >= 1
    buttons = [PanelButton(lambda t: t.t("btn_rewind"), lambda: None) for _ in range(5)]
    panel = Panel(ctx, manager, title=lambda t: t.t("lost_title"), body=lambda t: [t.t("lost_body_unseen")],
                  buttons=buttons)  # fmt: skip
    panel.relayout(size)
    geometry = panel.geometry()
    assert targets_problems(size, geometry.panel, geometry.buttons, metrics.min_tap) == []


@pytest.mark.parametrize("size", big_windows_slow(SIZES))
def test_settings_with_more_rows_still_fit(
    display: None, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Settings grow: with four rows more than today the rows scroll where they do not all fit."""
    every_variant = dataclasses.replace(
        settings_screen.VARIANT_ROW, values=("pyramid", "strict", "apophis", "giza", "spanish")
    )  # the variant row once all five are registered: its options go onto more lines
    rows = (every_variant, *settings_screen.ROWS[1:], *settings_screen.ROWS[:4])
    monkeypatch.setattr(settings_screen, "ROWS", rows)
    ctx = context("es", Metrics())
    manager = SceneManager()
    screen = SettingsScreen(ctx, manager, on_stats=lambda: None)
    screen.relayout(size)
    assert len(screen.options) == len(rows)
    assert settings_problems(screen, size, ctx.metrics.min_tap) == []
    if size == (320, 480):
        assert screen.scrolls


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", big_windows_slow(SIZES))
def test_statistics_daily_and_the_deal_dialog_with_its_daily_row_fit(
    display: None, size: tuple[int, int], lang: str
) -> None:
    ctx = context(lang, Metrics())
    manager = SceneManager()
    manager.size = size
    screens: list[StatsScreen | DailyScreen] = [
        StatsScreen(ctx, manager, RuleSet()),
        DailyScreen(ctx, manager, lambda number, day: None, (None, False), datetime.date(2026, 11, 30)),
    ]
    for screen in screens:
        screen.relayout(size)
        assert targets_problems(size, screen.panel, list(screen.rects.values()), 44) == [], type(screen)
    dialog = DealDialog(ctx, manager, lambda number, variant: None, on_daily=lambda: None)
    dialog.relayout(size)
    assert "daily" in dialog.rects
    assert targets_problems(size, dialog.panel, [dialog.field, *dialog.rects.values()], 44) == []
    assert all(dialog.panel.contains(rect) for rect in dialog.rects.values())


# --- panels over the table's message line -----------------------------------------------------


KEY = (255, 0, 255)
LINE_SIZES = [(1920, 1080), (1280, 720), (1080, 1920), (3840, 2160), (1366, 768), (480, 800)]


def band_rows_covered(
    scene: Scene, rect: pygame.Rect, size: tuple[int, int], band: pygame.Rect
) -> list[bool]:
    """``scene`` (whose panel is ``rect``) drawn alone on a key colour: for each pixel row of
    ``band``, is it covered by the panel (or its shadow) across the panel's width?"""
    surface = pygame.Surface(size)
    surface.fill(KEY)
    scene.draw(surface)
    columns = range(rect.left + rect.width // 8, rect.right - rect.width // 8, 5)
    rows = []
    for y in range(band.top, band.bottom):
        drawn = sum(surface.get_at((x, y))[:3] != KEY for x in columns)
        rows.append(drawn > 0.9 * len(columns))
    return rows


@pytest.mark.parametrize("size", big_windows_slow(LINE_SIZES))
def test_a_panel_leaves_the_message_line_whole_or_covers_it_whole(
    make_app: Callable[..., App], size: tuple[int, int]
) -> None:
    """However many lines and buttons a panel has (a win with or without cards left, the
    «Ya no se puede ganar» panel from a hint or a question), it never cuts the line in half."""
    app = make_app(deal=1, size=size, reduced_motion=True)
    table = app.table
    band = table.message_line()
    assert band is not None and band.contains(table.layout.message)
    problems = []
    for lines, count in itertools.product(range(0, 12), range(1, 5)):
        buttons = [PanelButton(lambda t: t.t("btn_new"), lambda: None) for _ in range(count)]
        body = [f"Línea {n + 1} del panel" for n in range(lines)]
        panel = Panel(app.ctx, app.manager, title=lambda t: t.t("win_title"), body=lambda t, b=body: b,
                      buttons=buttons)  # fmt: skip
        app.manager.push(panel)
        rect = panel.geometry().panel
        rows = band_rows_covered(panel, rect, size, band)
        if any(rows) and not all(rows):
            problems.append(f"{lines} lines, {count} buttons: {rect} cuts {band}")
        assert pygame.Rect((0, 0), size).contains(rect)
        app.manager.pop(panel)
    assert problems == []


@pytest.mark.parametrize("size", big_windows_slow(LINE_SIZES))
@pytest.mark.parametrize("opener", ["stats", "daily", "deal", "settings"])
def test_screens_over_the_table_leave_its_message_line_whole_or_cover_it(
    make_app: Callable[..., App], size: tuple[int, int], opener: str
) -> None:
    app = make_app(deal=1, size=size, reduced_motion=True)
    band = app.table.message_line()
    if opener == "settings":
        app.table.press("settings")
    else:
        press_key(app, {"stats": pygame.K_s, "daily": pygame.K_t, "deal": pygame.K_n}[opener])
    screen = app.manager.top
    assert isinstance(screen, StatsScreen | DailyScreen | DealDialog | SettingsScreen)
    app.draw()
    rows = band_rows_covered(screen, screen.panel, size, band)
    assert all(rows) or not any(rows), f"{screen.panel} cuts {band}"
    assert pygame.Rect((0, 0), size).contains(screen.panel)


# the kiosk: short landscape windows too, where a centred panel sits just above the line
KIOSK_LINE_SIZES = [*LINE_SIZES, (1280, 320), (800, 320), (480, 320), (611, 451), (320, 451)]


def kiosk_app(size: tuple[int, int], lang: str) -> App:
    settings = Settings(lang=lang)  # motion on: the prompt pops in as a kiosk shows it
    ctx = make_context(settings, seed=1)
    return App(ctx, ctx.dealer.deal(settings, 1), size=size, kiosk=KioskOptions(idle_seconds=1.0, lang=lang))


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", big_windows_slow(KIOSK_LINE_SIZES))
def test_the_kiosk_prompt_never_cuts_the_message_line_even_while_it_pops_in(
    display: None, size: tuple[int, int], lang: str
) -> None:
    """«¿Sigues ahí?» comes by itself over whatever the table says: in every frame of its
    pop-in, and in place, it leaves the line whole or covers it whole."""
    app = kiosk_app(size, lang)
    assert app.kiosk is not None
    app.kiosk.touched = True
    band = app.table.message_line().clip(pygame.Rect((0, 0), size))
    step(app, 11, 0.1)  # the idle second, and a frame: the prompt opens
    prompt = app.manager.top
    assert isinstance(prompt, StillTherePrompt)
    problems = []
    for frame in range(12):
        rect = prompt.geometry().panel  # where it settles; drawn, it may be lower or higher
        rows = band_rows_covered(prompt, rect, size, band)
        if any(rows) and not all(rows):
            problems.append(f"frame {frame}: the panel cuts {band}")
        step(app, 1, 0.02)
    assert prompt.age >= PANEL_POP_SECONDS
    assert problems == []


@pytest.mark.parametrize("size", big_windows_slow(KIOSK_LINE_SIZES))
def test_the_attract_banner_covers_the_message_lines_whole_room(display: None, size: tuple[int, int]) -> None:
    app = kiosk_app(size, "es")
    step(app, 12, 0.1)  # nobody touched the screen: the demo starts at once
    demo = app.manager.top
    assert isinstance(demo, AttractScene)
    band = app.table.message_line().clip(pygame.Rect((0, 0), size))
    window = pygame.Rect((0, 0), size)
    rows = band_rows_covered(demo, window, size, band)
    assert all(rows), f"the banner covers {sum(rows)} of the {len(rows)} rows of {band}"
