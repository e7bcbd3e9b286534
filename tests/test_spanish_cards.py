"""The Spanish 48-card deck: the drawn files (``assets/cards/spanish``), the loader's deck seam
(a deck name, a rank value and a suit letter give a face), and the tool that draws them."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pygame
import pytest
from commands import SHIPPED_ASSETS, make_assets

from game.render.assets import (
    DECK_NAMES,
    SPANISH,
    STANDARD,
    AssetError,
    Assets,
    deck_cards,
    face_name,
    png_problem,
)
from game.render.cards import ART_SIZE
from game.render.layout import compute_layout
from rules import SPANISH_DECK, Card

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import draw_spanish_cards  # noqa: E402
import web_assets  # noqa: E402

FOLDER = SHIPPED_ASSETS / "cards" / SPANISH
SIZES = [compute_layout(size).card for size in ((360, 640), (1280, 720), (3840, 2160))]
"""A phone's, a laptop's and a 4K screen's table cards."""


@pytest.fixture
def window(display: None) -> None:
    pygame.display.set_mode((64, 64))


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_the_names_follow_the_spanish_deal_text() -> None:
    assert face_name(SPANISH, 1, "o") == "1o"
    assert face_name(SPANISH, 9, "b") == "9b"
    assert [face_name(SPANISH, rank, "e") for rank in (10, 11, 12)] == ["Se", "Ce", "Re"]
    assert face_name(STANDARD, 10, "h") == "Th"
    assert len(set(deck_cards(SPANISH))) == 48 and len(set(deck_cards(STANDARD))) == 52
    for deck, rank, suit in (
        (SPANISH, 13, "o"),
        (SPANISH, 0, "o"),
        (SPANISH, 5, "s"),
        (STANDARD, 5, "o"),
        ("tarot", 1, "o"),
    ):
        with pytest.raises(ValueError):
            face_name(deck, rank, suit)


def test_every_spanish_card_file_exists_is_a_sound_png_of_the_art_size(window: None) -> None:
    names = [face_name(SPANISH, rank, suit) for rank, suit in deck_cards(SPANISH)] + ["back"]
    assert {path.stem for path in FOLDER.glob("*.png")} == set(names)
    for name in names:
        path = FOLDER / f"{name}.png"
        assert png_problem(path.read_bytes()) is None, path
        image = pygame.image.load(path)
        assert image.get_size() == ART_SIZE, path
        assert image.get_at((0, 0)).a == 0  # outside the rounded corner
        assert image.get_at((125, 175)).a == 255
    assert "CC0" in (FOLDER / "LICENSE.md").read_text(encoding="utf-8")


def test_the_loader_gives_every_spanish_card_its_own_face_at_every_size(window: None) -> None:
    assets = Assets()
    for size in SIZES:
        faces = {pixels(assets.card_image(SPANISH, rank, suit, size)) for rank, suit in deck_cards(SPANISH)}
        assert len(faces) == 48, size
        assert assets.card_image(SPANISH, 12, "c", size).get_size() == size
    standard = assets.card_image(STANDARD, 12, "c", SIZES[1])  # the queen of clubs: another image
    assert pixels(standard) != pixels(assets.card_image(SPANISH, 12, "c", SIZES[1]))


def test_the_table_switches_to_the_spanish_deck_by_name(window: None) -> None:
    assets = Assets()
    size = SIZES[1]
    assets.prepare(size)
    plain_back, plain_face = pixels(assets.back(size)), pixels(assets.face(Card(1, "c"), size))
    assets.use_deck(False, False, SPANISH)
    assets.prepare(size)
    assert assets.deck_for(size) == SPANISH and assets.large_index_forced()
    assert pixels(assets.back(size)) != plain_back  # its own back
    assert pixels(assets.face(Card(1, "c"), size)) == plain_face  # a card draws from its own deck
    uno_de_copas = assets.face(Card(1, "c", SPANISH_DECK), size)
    assert pixels(uno_de_copas) != plain_face
    assert pixels(uno_de_copas) == pixels(assets.card_image(SPANISH, 1, "c", size))
    assert len({pixels(assets.face(card, size)) for card in SPANISH_DECK.cards}) == 48
    assets.use_deck(True, True, STANDARD)
    assert assets.deck_for(size) == "four-colour-large-index"
    with pytest.raises(ValueError, match="no such deck"):
        assets.use_deck(False, False, "tarot")
    assert set(DECK_NAMES) == {STANDARD, SPANISH}


def test_a_missing_spanish_card_names_its_file(window: None, tmp_path: Path) -> None:
    root = make_assets(tmp_path)
    (root / "cards" / SPANISH / "Cb.png").unlink()
    assets = Assets(root)
    assets.use_deck(False, False, SPANISH)
    with pytest.raises(AssetError, match=r"card image is missing: .*spanish.Cb\.png"):
        assets.prepare((50, 70))


def test_the_shipped_art_is_what_the_tool_draws() -> None:
    """The PNGs are regenerated, never edited by hand: the tool draws these cards pixel for pixel."""
    pygame.font.init()
    font = pygame.font.Font(str(draw_spanish_cards.FONT), 120 * draw_spanish_cards.SUPERSAMPLE)
    for rank, suit in ((1, "o"), (7, "e"), (10, "c"), (11, "b"), (11, "o"), (11, "c"), (12, "o")):
        drawn = draw_spanish_cards.draw_card(rank, suit, font)
        shipped = pygame.image.load(FOLDER / f"{face_name(SPANISH, rank, suit)}.png")
        assert pixels(drawn) == pixels(shipped), (rank, suit)
    assert pixels(draw_spanish_cards.draw_back()) == pixels(pygame.image.load(FOLDER / "back.png"))


def far_from(a: pygame.Color, b: pygame.Color) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def test_the_caballos_of_oros_and_copas_face_left_clear_of_the_corner_indices() -> None:
    """Spanish tradition: the horses of oros and copas face left, those of espadas and bastos
    right. The horse's head is its topmost coat; the corner numbers stay as they are (read from
    the left), and no horse comes within 3 px of the ink of the two corner indices."""
    pygame.font.init()
    font = pygame.font.Font(str(draw_spanish_cards.FONT), 120)
    width, height = ART_SIZE
    for suit, faces_left in (("o", True), ("c", True), ("e", False), ("b", False)):
        card = pygame.image.load(FOLDER / f"C{suit}.png")
        coat = pygame.Color(draw_spanish_cards.HORSE_COATS[suit][0])
        horse = sorted((y, x) for x in range(width) for y in range(height) if card.get_at((x, y)) == coat)
        head = horse[: len(horse) // 10]
        head_x = sum(x for _, x in head) / len(head)
        assert (head_x < width / 2) is faces_left, (suit, head_x)
        index = pygame.Surface(ART_SIZE, pygame.SRCALPHA)
        draw_spanish_cards.draw_index(draw_spanish_cards.Pen(index), 11, suit, font)
        ink = pygame.mask.from_surface(index, 10)
        near = [(x, y) for y, x in horse
                if any(ink.get_at((min(width - 1, max(0, x + dx)), min(height - 1, max(0, y + dy))))
                       for dx in (-3, 0, 3) for dy in (-3, 0, 3))]  # fmt: skip
        assert near == [], (suit, near[:5])
        solid = [(x, y) for x in range(width) for y in range(height) if index.get_at((x, y)).a == 255]
        same = [p for p in solid if far_from(card.get_at(p), index.get_at(p)) < 60]
        assert len(same) > 0.5 * len(solid), suit  # the corners as drawn alone: not mirrored, not covered


def test_the_pintas_tell_the_suit_by_the_breaks_in_the_frame() -> None:
    """Oros' frame line is whole, copas' broken once, espadas' twice, bastos' three times."""
    for suit, breaks in (("o", 0), ("c", 1), ("e", 2), ("b", 3)):
        card = pygame.image.load(FOLDER / f"4{suit}.png")
        y = round(draw_spanish_cards.FRAME)
        row = [card.get_at((x, y)).r < 128 for x in range(40, 211)]
        gaps = sum(1 for a, b in itertools.pairwise(row) if a and not b)
        assert gaps == breaks, suit


def test_the_browser_bundle_ships_the_whole_deck_posterised(tmp_path: Path) -> None:
    stage = tmp_path / "stage"
    (stage / "assets" / "cards").mkdir(parents=True)
    assert len(web_assets.missing_spanish(stage)) == 49
    target = stage / "assets" / "cards" / SPANISH
    target.mkdir()
    for path in FOLDER.glob("*.png"):
        target.joinpath(path.name).write_bytes(path.read_bytes())
    assert web_assets.missing_spanish(stage) == []
    web_assets.posterise(target / "Ro.png")
    before, after = pygame.image.load(FOLDER / "Ro.png"), pygame.image.load(target / "Ro.png")
    assert before.get_size() == after.get_size()
    levels = set(pixels(after))
    assert levels <= {17 * n for n in range(16)} and {0, 255} <= levels
    assert pixels(before) != pixels(after)
    paper = draw_spanish_cards.PAPER
    assert tuple(after.get_at((30, 250)))[:3] == paper == tuple(before.get_at((30, 250)))[:3]
