"""The asset loader: files named by lower-case name, and files that are missing or broken."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from commands import SHIPPED_ASSETS, make_assets

from game.render.assets import TEXT_CACHE_BYTES, AssetError, Assets, png_problem
from rules import DECK


def test_every_shipped_card_image_is_a_sound_png() -> None:
    for path in (SHIPPED_ASSETS / "cards").glob("*.png"):
        assert png_problem(path.read_bytes()) is None, path


def test_a_cut_or_damaged_png_is_found_out() -> None:
    data = (SHIPPED_ASSETS / "cards" / "Qh.png").read_bytes()
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x10
    assert png_problem(b"GIF89a" + data) == "not a PNG file"
    assert "cut short" in str(png_problem(data[: len(data) // 2]))
    assert "cut short" in str(png_problem(data[:-12]))
    assert "damaged" in str(png_problem(bytes(flipped)))


@pytest.fixture
def window(display: None) -> None:
    pygame.display.set_mode((64, 64))


def test_the_shipped_files_load(window: None) -> None:
    assets = Assets()
    assets.prepare((50, 70))
    assert assets.face(DECK[0], (50, 70)).get_size() == (50, 70)
    assert assets.text("Pirámide ♠", 20, (0, 0, 0)).get_width() > 0


def test_a_broken_card_image_names_its_file(window: None, tmp_path: Path) -> None:
    root = make_assets(tmp_path)
    (root / "cards" / "7c.png").unlink()
    (root / "cards" / "7c.png").write_bytes((SHIPPED_ASSETS / "cards" / "7c.png").read_bytes()[:500])
    with pytest.raises(AssetError, match=r"card image cannot be read: .*7c\.png \(the file is cut short"):
        Assets(root).prepare((250, 350))  # the standard deck at this size


BROKEN_FONTS = {
    "empty": b"",
    "corrupt": b"\x00\x01\x00\x00" + b"\x00" * 200,
    "cut short": (SHIPPED_ASSETS / "fonts" / "DejaVuSans.ttf").read_bytes()[:5000],
}


@pytest.mark.parametrize("kind", BROKEN_FONTS)
def test_a_broken_font_gives_way_to_the_other_bundled_one_with_a_notice(
    window: None, tmp_path: Path, kind: str
) -> None:
    root = make_assets(tmp_path)
    broken = root / "fonts" / "DejaVuSans.ttf"
    broken.unlink()
    broken.write_bytes(BROKEN_FONTS[kind])
    assets = Assets(root)
    line = assets.text("5♣ y 7♥ no suman 13", 20, (0, 0, 0))
    assert line.get_width() > 100
    assert assets.text("♠", 20, (0, 0, 0)).get_size() == assets.text("♠", 20, (0, 0, 0), bold=True).get_size()
    assert len(assets.notices) == 1  # said once, however many sizes are opened
    notice = assets.notices[0]
    assert notice.startswith(f"a font cannot be read: {broken} (") and "DejaVuSans-Bold.ttf instead" in notice


def test_with_both_fonts_missing_pygame_s_own_font_is_used(window: None, tmp_path: Path) -> None:
    root = make_assets(tmp_path)
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        (root / "fonts" / name).unlink()
    assets = Assets(root)
    assert assets.text("Nuevo reparto", 20, (0, 0, 0), bold=True).get_width() > 50
    assert assets.text("¿Aún se gana?", 30, (0, 0, 0)).get_width() > 50
    assert [notice.split(":")[0] for notice in assets.notices] == ["a font is missing"] * 2
    assert all(notice.endswith("using pygame's own font") for notice in assets.notices)


def test_rendered_text_is_kept_within_its_memory_budget(display: None) -> None:
    """The caches stay bounded however long the game runs (a kiosk runs for days)."""
    pygame.display.set_mode((320, 240))
    assets = Assets()
    kept = assets.text("Toca para jugar", 40, (255, 255, 255), True)
    total = 0
    for number in range(3000):  # a new deal chip every few minutes, for days
        assets.text("Toca para jugar", 40, (255, 255, 255), True)  # drawn every frame: stays
        line = assets.text(f"Reparto {number} · Con solución comprobada", 40, (255, 255, 255))
        total += line.get_pitch() * line.get_height()
    assert total > 3 * TEXT_CACHE_BYTES  # far more was drawn than the budget ...
    assert assets._text_bytes <= TEXT_CACHE_BYTES
    kept_bytes = sum(s.get_pitch() * s.get_height() for s in assets._texts.values())
    assert kept_bytes == assets._text_bytes
    assert assets.text("Toca para jugar", 40, (255, 255, 255), True) is kept  # the busiest line survives


def test_a_bundle_without_the_small_index_decks_draws_big_cards_with_the_large_index(
    window: None, tmp_path: Path
) -> None:
    """The browser bundle ships only the large-index decks (its reference canvas never needs
    the others); a bigger canvas then draws its big cards from them instead of failing."""
    root = make_assets(tmp_path / "assets")
    for deck in ("", "four-colour"):
        for png in (root / "cards" / deck).glob("*.png"):
            if png.stem.lower() != "back":
                png.unlink()
    assets = Assets(root)
    big = (200, 280)
    assert assets.deck_for(big) == "large-index"
    assets.prepare(big)
    assert assets.face(DECK[0], big).get_size() == big and assets.large_index_forced()
    assets.use_deck(True, False)
    assert assets.deck_for(big) == "four-colour-large-index"
    assert Assets().deck_for(big) == ""  # the full assets keep the small index on big cards
