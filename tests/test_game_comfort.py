"""Comfort settings on the real game: text size re-flowing every screen (targets kept, nothing
overlapping), hiding the timer, and the themes' contrasts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from test_game_layout import layout_problems
from test_game_screen_fit import settings_problems

from game.app import App
from game.driver import press_key, step, tap, tap_button
from game.play import DECK
from game.render.theme import (
    CONTROL_CONTRAST,
    PALETTES,
    TEXT_CONTRAST,
    TEXT_ON,
    contrast,
    palette_contrasts,
    use_palette,
)
from game.scenes.settings_screen import ROWS, SettingsScreen
from game.settings import THEMES

AppFactory = Callable[..., App]
PHONE, DESKTOP = (390, 844), (1920, 1080)


def option(app: App, row_key: str, index: int) -> None:
    """Tap option ``index`` of a settings row, scrolled into sight first (as the keyboard does)."""
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    row = next(i for i, r in enumerate(ROWS) if r.key == row_key)
    screen.reveal(row)
    tap(app, screen.options[row][index].center)


def test_hiding_the_timer_takes_the_time_off_the_status_bar(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    assert any(cell.startswith("tiempo") for cell in app.table.frame().status)
    tap_button(app, "settings")
    option(app, "set_hide_timer", 0)
    assert app.ctx.settings.hide_timer
    step(app)
    assert not any(cell.startswith("tiempo") for cell in app.table.frame().status)


@pytest.mark.parametrize("size", [PHONE, (1280, 800)])
def test_left_handed_mirrors_the_table_at_once_and_its_piles_play(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    """Chosen on the settings screen, «Mano izquierda» lays the table out mirrored as soon as
    the screen closes: «Robar» in the left half, nothing overlapping, and a tap on the deck
    where it is drawn now draws."""
    app = make_app(deal=1, size=size)
    assert app.table.layout.buttons["draw"].left >= size[0] // 2
    tap_button(app, "settings")
    option(app, "set_left_handed", 0)
    assert app.ctx.settings.left_handed
    press_key(app, pygame.K_ESCAPE)
    step(app)
    layout = app.table.layout
    assert layout.mirrored and layout.buttons["draw"].right <= size[0] // 2
    assert layout_problems(layout) == []
    tap(app, layout.tap_point(DECK))
    step(app, 30)
    assert app.table.play.session.moves == 1
    app.table.relayout(size)  # a new size keeps it
    assert app.table.layout.mirrored


@pytest.mark.parametrize("size", [PHONE, DESKTOP])
def test_text_size_200_re_flows_the_table_and_settings(make_app: AppFactory, size: tuple[int, int]) -> None:
    """Chosen on the settings screen, 200 % doubles the fonts of the table and of the screen
    itself at once; every target stays at least 44 px and nothing overlaps."""
    app = make_app(deal=1, size=size)
    font_before = app.table.layout.font
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    screen_font_before = screen.font
    option(app, "set_text_size", 4)
    assert app.ctx.settings.text_size == 200
    step(app)
    assert app.table.layout.font >= 1.5 * font_before  # 175 % where 200 % would halve the cards
    assert screen.font >= 1.8 * screen_font_before
    assert layout_problems(app.table.layout) == []
    assert settings_problems(screen, size, 44) == []


@pytest.mark.parametrize("size", [PHONE, DESKTOP])
@pytest.mark.parametrize("text_size", [125, 150, 175, 200])
def test_every_text_size_lays_the_table_out_cleanly(
    make_app: AppFactory, size: tuple[int, int], text_size: int
) -> None:
    app = make_app(deal=1, size=size, text_size=text_size)
    scale = app.table.layout.metrics.text_scale
    assert 1 < scale <= text_size / 100  # stepped down only where the cards need the room
    assert scale >= text_size / 100 - 0.25
    assert layout_problems(app.table.layout) == []


@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_reads_at_4_5_to_1_and_its_controls_at_3_to_1(theme: str) -> None:
    text, controls = palette_contrasts(theme)
    assert set(text) == set(TEXT_ON)  # every role the game draws text in
    low = {role: round(ratio, 2) for role, ratio in text.items() if ratio < TEXT_CONTRAST}
    assert low == {}, f"{theme}: text below 4.5:1"
    low = {role: round(ratio, 2) for role, ratio in controls.items() if ratio < CONTROL_CONTRAST}
    assert low == {}, f"{theme}: controls below 3:1"


def test_the_contrast_function_is_wcag() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("theme", ["dark", "high-contrast"])
def test_choosing_a_theme_repaints_the_table_and_panels_at_once(make_app: AppFactory, theme: str) -> None:
    app = make_app(deal=1)
    step(app, 60)
    tap_button(app, "settings")
    option(app, "set_theme", THEMES.index(theme))
    step(app)
    app.draw()
    surface = pygame.display.get_surface()
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    inside = screen.panel.move(0, 0)
    panel_colour = tuple(surface.get_at((inside.left + 6, inside.centery))[:3])
    assert panel_colour == PALETTES[theme]["PANEL"]
    press_key(app, pygame.K_ESCAPE)
    step(app)
    app.draw()
    width, height = app.table.layout.size
    corner = tuple(pygame.display.get_surface().get_at((width // 2, height - 2))[:3])
    felt = PALETTES[theme]["FELT_EDGE"]
    assert max(abs(a - b) for a, b in zip(corner, felt, strict=True)) <= 12, corner
    use_palette("default")


def test_theme_md_lists_every_themes_contrasts() -> None:
    page = (Path(__file__).resolve().parent.parent / "game" / "render" / "THEME.md").read_text("utf-8")
    for role in palette_contrasts("default")[0] | palette_contrasts("default")[1]:
        row = f"| {role} | " + " | ".join(
            f"{(palette_contrasts(name)[0] | palette_contrasts(name)[1])[role]:.1f}:1" for name in PALETTES
        )
        assert row in page, row


def drawn_label_problems(app: App) -> list[str]:
    """The pile labels as drawn («Mazo 23», «Descarte 0»: word and count): each inside the
    window, clear of every control and of the other label."""
    table = app.table
    layout = table.layout
    labels = [i for i in table.view.items(layout, table.frame()) if i.key[0] == "label"]
    window = pygame.Rect((0, 0), layout.size)
    problems = []
    for k, label in enumerate(labels):
        drawn = pygame.Rect(label.rect)
        if not window.contains(drawn):
            problems.append(f"{label.key[1]} {drawn} leaves the window")
        name = label.key[1]
        problems += [f"{name} {drawn} under {n}" for n, r in layout.buttons.items() if drawn.colliderect(r)]
        problems += [f"{name} overlaps {o.key[1]}" for o in labels[k + 1 :] if drawn.colliderect(o.rect)]
    return problems


@pytest.mark.parametrize("left_handed", [False, True])
@pytest.mark.parametrize("text_size", [100, 150, 200])
@pytest.mark.parametrize("size", [PHONE, (480, 800), (1280, 800), DESKTOP])
def test_pile_labels_as_drawn_stay_clear_at_every_text_size(
    make_app: AppFactory, size: tuple[int, int], text_size: int, left_handed: bool
) -> None:
    app = make_app(deal=1, size=size, text_size=text_size, left_handed=left_handed)
    step(app)
    assert drawn_label_problems(app) == []
