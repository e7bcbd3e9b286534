"""The visual system (game/render/theme.py, THEME.md): every text colour reads on its ground at
4.5:1 or more (unavailable controls at 3:1), measured on the felt as it is drawn (vignette and
grain); the type scale keeps its order and its floor; THEME.md states the contrasts the code has."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.app import make_context
from game.config import GHOST, TEXT, Color
from game.render.assets import Assets
from game.render.depth import make_felt
from game.render.theme import (
    DISABLED_CONTRAST,
    DISABLED_ON,
    MIN_CAPTION,
    TEXT_CONTRAST,
    TEXT_ON,
    TypeScale,
    contrast,
    luminance,
    over,
)
from game.render.widgets import button_lines, label_lines
from game.scenes.base import SceneManager
from game.scenes.settings_screen import SettingsScreen
from game.settings import Settings

THEME_MD = Path(__file__).resolve().parent.parent / "game" / "render" / "THEME.md"


def test_contrast_is_wcag_s() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((255, 255, 255), (255, 255, 255)) == pytest.approx(1.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)  # the AA grey


@pytest.mark.parametrize("role", list(TEXT_ON))
def test_every_text_reads_on_its_ground(role: str) -> None:
    text, ground = TEXT_ON[role]
    assert contrast(text, ground) >= TEXT_CONTRAST, role


@pytest.mark.parametrize("role", list(DISABLED_ON))
def test_unavailable_controls_still_read(role: str) -> None:
    text, ground = DISABLED_ON[role]
    assert contrast(text, ground) >= DISABLED_CONTRAST, role


def lightest_felt(display: None) -> Color:
    pygame.display.set_mode((64, 64))
    pixels = pygame.surfarray.array3d(make_felt((640, 360))).reshape(-1, 3).astype(np.float64)
    weights = np.array([0.2126, 0.7152, 0.0722])
    brightest = pixels[np.argmax((pixels / 255) ** 2.2 @ weights)]
    return (int(brightest[0]), int(brightest[1]), int(brightest[2]))


def test_text_on_the_felt_reads_where_the_felt_is_lightest(display: None) -> None:
    """The roles say "on felt" against the felt's centre colour: the drawn felt, grain and all, is
    no lighter than that by more than the contrast allows."""
    lightest = lightest_felt(display)
    for role, (text, _) in TEXT_ON.items():
        if role.endswith("on felt") and not role.startswith("secondary"):
            assert contrast(text, lightest) >= TEXT_CONTRAST, (role, lightest)
    for role, (text, _) in DISABLED_ON.items():
        if role.endswith("on felt"):
            assert contrast(text, lightest) >= DISABLED_CONTRAST, (role, lightest)
    assert contrast(TEXT, over(lightest, GHOST)) >= TEXT_CONTRAST  # a secondary control's label


def test_the_type_scale_keeps_its_order_and_its_floor() -> None:
    for body in range(12, 61):  # the smallest body size any screen uses
        scale = TypeScale(body)
        assert MIN_CAPTION <= scale.caption <= body < scale.title < scale.display
    assert TypeScale(12).caption == MIN_CAPTION  # a phone's captions stay readable


def test_theme_md_states_the_contrasts_the_code_has() -> None:
    """Each role's line in THEME.md gives its ratio to one decimal, as computed here."""
    text = THEME_MD.read_text(encoding="utf-8")
    for role, (fore, ground) in {**TEXT_ON, **DISABLED_ON}.items():
        found = re.search(rf"^\| {re.escape(role)} \|.*\| ([\d.]+):1 \|$", text, re.MULTILINE)
        assert found is not None, role
        assert float(found.group(1)) == round(contrast(fore, ground), 1), role
    assert luminance((255, 255, 255)) == pytest.approx(1.0)


def test_a_label_wraps_at_its_size_before_it_is_drawn_smaller(display: None) -> None:
    """«totalmente al azar» in a narrow option: two lines at the group's size, not one line
    shrunk (which made it smaller than its neighbour)."""
    pygame.display.set_mode((64, 64))
    assets = Assets()
    label, size = "totalmente al azar", 20
    full = assets.font(size, True).size(label)[0]
    tall = 3 * assets.font(size, True).get_linesize()
    narrow = (full * 87 // 100, tall)  # at 0.85 of its size it would fit on one line
    lines = button_lines(assets, label, size, (0, 0, 0), narrow, bold=True)
    height = assets.text("Ag", size, (0, 0, 0), bold=True).get_height()
    assert len(lines) == 2 and all(line.get_height() == height for line in lines)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", [(320, 480), (390, 844), (1280, 800), (1920, 1080), (3840, 2160)])
def test_every_option_of_the_settings_is_drawn_at_one_size(
    display: None, lang: str, size: tuple[int, int]
) -> None:
    """No option of «Ajustes» is shrunk alone: each is drawn at the options' one size, on one
    line or two, and so is each row's label at the labels' size."""
    pygame.display.set_mode(size)
    ctx = make_context(Settings(lang=lang), seed=1)
    screen = SettingsScreen(ctx, SceneManager())
    screen.relayout(size)
    label_size, option_size, _ = screen.sizes()
    assert option_size >= MIN_CAPTION  # never below the smallest caption
    for row, spec in enumerate(screen.rows):
        for value, rect in zip(spec.values, screen.options[row], strict=True):
            name = screen.option_name(spec, value)
            room = (rect.width - 2 * max(4, min(12, rect.width // 10)), rect.height - 4)
            # drawn at the options' size, on one line or two (button_lines shrinks only a label
            # that fits neither way); not compared by rendered heights, which differ by glyphs
            found = label_lines(ctx.assets, name, option_size, room[0], True)
            two_rows = 2 * ctx.assets.font(option_size, True).get_linesize() <= room[1]
            assert found is not None and (len(found) == 1 or two_rows), (name, option_size)
        lines = button_lines(
            ctx.assets, ctx.t(spec.key), label_size, (0, 0, 0), screen.labels[row].size, bold=True
        )
        assert all(
            line.get_height() == ctx.assets.text("Ag", label_size, (0, 0, 0), True).get_height()
            for line in lines
        )
