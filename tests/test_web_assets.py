"""The browser bundle's font subset (tools/web_assets.py): every text in every language still
renders with real glyphs, no missing-glyph boxes ("tofu")."""

from __future__ import annotations

import shutil
import sys
import zlib
from pathlib import Path

import pygame
import pytest

from game.config import FONT_BOLD, FONT_REGULAR
from game.render.assets import Assets
from game.scenes.deal_dialog import KEYPAD
from game.scenes.settings_screen import LANGUAGE_NAMES
from game.texts import CATALOGUES, RULES_TEXT
from rules import Card
from rules.labels import load_table

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from web_assets import (  # noqa: E402
    compact_labels,
    decks_shown,
    posterise,
    standard_faces,
    subset_font,
    text_characters,
    trim_decks,
    unresolved_faces,
)

NOT_IN_ANY_TEXT = "Ж"
"""A letter no catalogue uses: the subset must draw it as a box (shows the test can fail)."""


def every_text() -> list[str]:
    texts: list[str] = []
    for lang, messages in CATALOGUES.items():
        texts += messages.values()
        for title, lines in RULES_TEXT[lang]:
            texts += [title, *lines]
    texts += [Card(rank, suit).symbol for rank in range(1, 14) for suit in "shdc"]
    # glyphs the code writes outside the catalogues: the keypad, the language names, the record
    # screens' page arrows, dashes and the star of a clean win (the recycle mark is an icon now)
    texts += [*KEYPAD, *LANGUAGE_NAMES.values(), "‹", "›", "—", "★", "•", "…"]
    return texts


@pytest.fixture(scope="module")
def subsets(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("fonts")
    chars = text_characters(ROOT)
    out = []
    for font in (FONT_REGULAR, FONT_BOLD):
        subset_font(font, folder / font.name, chars)
        out.append(folder / font.name)
    return out


def is_tofu(font: pygame.font.Font, char: str) -> bool:
    """True when ``char`` is drawn exactly as a character no font has (the missing-glyph box)."""
    missing = font.render("\ue000", True, (0, 0, 0))
    drawn = font.render(char, True, (0, 0, 0))
    if drawn.get_size() != missing.get_size():
        return False
    return bool(pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(missing, "RGBA"))


def test_every_text_renders_with_the_subset(subsets: list[Path]) -> None:
    pygame.font.init()
    chars = sorted({ch for text in every_text() for ch in text if not ch.isspace()})
    assert len(chars) > 80
    for path in subsets:
        font = pygame.font.Font(str(path), 24)
        tofu = [ch for ch in chars if is_tofu(font, ch)]
        assert tofu == [], f"{path.name} lacks {''.join(tofu)!r}"
        assert is_tofu(font, NOT_IN_ANY_TEXT), "the tofu test cannot tell a missing glyph"


def test_the_subset_is_small(subsets: list[Path]) -> None:
    for path, full in zip(subsets, (FONT_REGULAR, FONT_BOLD), strict=True):
        assert path.stat().st_size < 60_000 < full.stat().st_size


def test_characters_come_from_the_tree(tmp_path: Path) -> None:
    """A text added anywhere in game/ or rules/ is picked up without a list kept by hand."""
    (tmp_path / "game").mkdir()
    (tmp_path / "rules").mkdir()
    (tmp_path / "game" / "x.py").write_text('MESSAGES = {"hello": "Ħéllo ✓"}\n', encoding="utf-8")
    chars = text_characters(tmp_path)
    assert {"Ħ", "é", "✓"} <= set(chars) and "A" in chars and "\n" not in chars


def test_the_bundle_keeps_the_decks_its_canvas_shows_and_every_face_resolves(tmp_path: Path) -> None:
    """Trimmed as the build trims it, every face of every shown deck still loads, pixel for pixel
    the face of the full folder (shared suits come from the two-colour twin)."""
    shown = decks_shown(ROOT)
    assert shown and all(deck.endswith("large-index") for deck in shown)  # small cards on the canvas
    stage = tmp_path / "stage"
    shutil.copytree(ROOT / "assets" / "cards", stage / "assets" / "cards")
    assert trim_decks(stage / "assets" / "cards", shown) > 52
    assert unresolved_faces(stage, shown) == []
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    trimmed, full = Assets(stage / "assets"), Assets()
    for deck in shown:
        for card in (Card(1, "c"), Card(12, "h"), Card(13, "d"), Card(10, "s")):
            a, b = trimmed.raw(str(card), deck), full.raw(str(card), deck)
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_the_bundle_posterises_every_face_of_the_kept_decks(tmp_path: Path) -> None:
    """The kept decks' faces, court cards too, are the ones posterised (16 levels a channel, the
    card still the same picture), so the paper is one white on every card."""
    shown = decks_shown(ROOT)
    folder = tmp_path / "cards"
    shutil.copytree(ROOT / "assets" / "cards", folder)
    trim_decks(folder, shown)
    flat = standard_faces(folder, shown)
    kept = [png for deck in shown for png in (folder / deck).glob("*.png")]
    assert {png.stem[0].upper() for png in flat} == set("A23456789TJQK")
    assert len(flat) == len(kept) >= 52 and not any(png.stem == "back" for png in flat)
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    for name in ("7h", "Qh"):
        card = flat[[png.stem for png in flat].index(name)]
        before = pygame.image.load(str(card))
        posterise(card)
        after = pygame.image.load(str(card))
        old, new = (pygame.image.tobytes(image, "RGBA") for image in (before, after))
        assert set(new) <= {17 * n for n in range(16)} and len(set(old)) > 16
        assert sum(abs(a - b) for a, b in zip(old, new, strict=True)) / len(old) < 4
        assert tuple(after.get_at((after.get_width() // 2, 6))) == (255, 255, 255, 255)  # the paper


def test_the_bundled_label_table_reads_the_same_and_packs_smaller(tmp_path: Path) -> None:
    """The compacted table (tools/web_assets.py) holds every column of the shipped one, and its
    columns are ordered so that deflate packs it in well under the shipped file's size."""
    shipped = ROOT / "assets" / "labels.json"
    copy = tmp_path / "labels.json"
    shutil.copy(shipped, copy)
    compact_labels(copy)
    assert load_table(copy).tables == load_table(shipped).tables
    packed, before = (len(zlib.compress(p.read_bytes(), 9)) for p in (copy, shipped))
    assert packed < 0.7 * before
