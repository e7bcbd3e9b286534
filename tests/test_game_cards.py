"""The four decks made by tools/render_cards.py from the same CC0 art, and how the game picks
one: four suit colours and large indices on request, the large index by itself on cards too
small for the standard one, and every face scaled as a whole (no corner pasted on it)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pygame
import pytest

from game.app import App
from game.config import CARDS_DIR, INDEX_MIN_RANK_PX, ROW_STEP
from game.driver import press_key, step, tap, tap_button
from game.render.assets import Assets
from game.render.cards import (
    ART_LARGE_RANK_HEIGHT,
    ART_RANK_HEIGHT,
    ART_SIZE,
    deck_folder,
    needs_large_index,
)
from game.scenes.settings_screen import ROWS, SettingsScreen
from rules import DECK, parse_card

AppFactory = Callable[..., App]
FOLDERS = ["", "four-colour", "large-index", "four-colour-large-index"]


def ink_rows(image: pygame.Surface, columns: range, rows: range) -> list[int]:
    """Rows where the strip ``columns`` has ink (opaque and clearly not white)."""
    pixels = pygame.surfarray.pixels3d(image)
    alpha = pygame.surfarray.pixels_alpha(image)
    found = []
    for y in rows:
        strip = pixels[columns.start : columns.stop, y].astype(int)
        opaque = alpha[columns.start : columns.stop, y] > 200
        if (opaque & (strip.min(axis=1) < 150)).any():
            found.append(y)
    return found


def first_run(rows: list[int]) -> tuple[int, int]:
    """The first unbroken run of rows after the border (the corner rank)."""
    rows = [y for y in rows if y > 6]
    end = rows[0]
    for y in rows[1:]:
        if y != end + 1:
            break
        end = y
    return rows[0], end


def colour_share(image: pygame.Surface, test: Callable[[np.ndarray], np.ndarray]) -> float:
    pixels = pygame.surfarray.array3d(image).reshape(-1, 3).astype(int)
    return float(test(pixels).mean())


def blue(p: np.ndarray) -> np.ndarray:
    return (p[:, 2] > 150) & (p[:, 0] < 80) & (p[:, 1] < 80)


def red(p: np.ndarray) -> np.ndarray:
    return (p[:, 0] > 150) & (p[:, 1] < 80) & (p[:, 2] < 80)


def green(p: np.ndarray) -> np.ndarray:
    return (p[:, 1] > 90) & (p[:, 0] < 60) & (p[:, 2] < 60)


def test_four_decks_of_52_faces_all_the_art_size(display: None) -> None:
    pygame.display.set_mode((10, 10))
    assert [deck_folder(f, b) for f in (False, True) for b in (False, True)] == [
        "", "large-index", "four-colour", "four-colour-large-index",
    ]  # fmt: skip
    assets = Assets()
    for folder in FOLDERS:
        names = {p.stem.lower() for p in (CARDS_DIR / folder).glob("*.png")} - {"back"}
        assert names == {str(c).lower() for c in DECK}, folder
        assert assets.raw("Qd", folder).get_size() == ART_SIZE


def test_the_four_colour_deck_has_blue_diamonds_and_green_clubs(display: None) -> None:
    pygame.display.set_mode((10, 10))
    assets = Assets()
    for plain, four in (("", "four-colour"), ("large-index", "four-colour-large-index")):
        assert colour_share(assets.raw("9d", plain), red) > 0.05
        assert colour_share(assets.raw("9d", four), blue) > 0.05
        assert colour_share(assets.raw("9d", four), red) < 0.01
        assert colour_share(assets.raw("9c", four), green) > 0.05
        assert colour_share(assets.raw("9c", plain), green) < 0.01
        assert colour_share(assets.raw("9h", four), red) > 0.05


@pytest.mark.parametrize(
    ("folder", "height"), [("", ART_RANK_HEIGHT), ("large-index", ART_LARGE_RANK_HEIGHT)]
)
def test_the_rank_heights_the_game_counts_on_are_the_arts(display: None, folder: str, height: int) -> None:
    pygame.display.set_mode((10, 10))
    ace = Assets().raw("As", folder)
    top, bottom = first_run(ink_rows(ace, range(8, 60), range(0, 200)))
    assert abs((bottom - top + 1) - height) <= 2


def test_the_large_index_fits_the_strip_a_covered_card_shows(display: None) -> None:
    """Rank and suit both lie in the top :data:`ROW_STEP` of every large-index face."""
    pygame.display.set_mode((10, 10))
    assets = Assets()
    strip = round(ROW_STEP * ART_SIZE[1])
    for card in DECK:
        rows = ink_rows(assets.raw(str(card), "large-index"), range(8, 50), range(0, strip))
        assert len(rows) >= 80, card  # a tall rank and its suit below it


def test_small_cards_take_the_large_index_scaled_whole(display: None) -> None:
    pygame.display.set_mode((10, 10))
    assets = Assets()
    small, big = (63, 88), (170, 238)
    assert needs_large_index(small[1]) and not needs_large_index(big[1])
    assert ART_LARGE_RANK_HEIGHT * small[1] / ART_SIZE[1] >= INDEX_MIN_RANK_PX
    card = parse_card("Qd")
    for size, folder in ((small, "large-index"), (big, "")):
        face = assets.face(card, size)
        clean = pygame.transform.smoothscale(assets.raw("Qd", folder), size)
        assert (pygame.surfarray.array3d(face) == pygame.surfarray.array3d(clean)).all(), size
    assets.use_deck(four_colour=True, large_index=True)
    face = assets.face(card, big)
    clean = pygame.transform.smoothscale(assets.raw("Qd", "four-colour-large-index"), big)
    assert (pygame.surfarray.array3d(face) == pygame.surfarray.array3d(clean)).all()


@pytest.mark.parametrize("size", [(1920, 1080), (480, 800)])
def test_the_settings_change_the_cards_on_the_table(make_app: AppFactory, size: tuple[int, int]) -> None:
    app = make_app(deal=1, size=size)
    step(app, 50)
    table = app.table
    slot = next(s for s, c in table.play.state.pyramid_cards().items() if c.suit == "d")
    rect = table.layout.slots[slot]

    def card_pixels() -> pygame.Surface:
        app.dirty = True
        step(app)
        return pygame.display.get_surface().subsurface(rect).copy()

    plain = card_pixels()
    assert colour_share(plain, blue) < 0.005
    app.ctx.settings.four_colour = True
    four = card_pixels()
    assert colour_share(four, blue) > 0.01
    app.ctx.settings.four_colour = False
    app.ctx.settings.large_index = True
    large = card_pixels()
    changed = (pygame.surfarray.array3d(large) != pygame.surfarray.array3d(plain)).any(axis=2).mean()
    if needs_large_index(table.layout.card[1]):
        assert changed == 0  # small cards have the large index already
    else:
        assert changed > 0.02


@pytest.mark.parametrize("size", [(1920, 1080), (800, 480)])
def test_the_deck_rows_of_the_settings_screen(make_app: AppFactory, size: tuple[int, int]) -> None:
    app = make_app(deal=1, size=size)
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    window = pygame.Rect((0, 0), size)
    for key, attribute in (("set_four_colour", "four_colour"), ("set_large_index", "large_index")):
        row = next(i for i, r in enumerate(ROWS) if r.key == key)
        while screen.focus != row:  # the keyboard focus brings the row into sight where they scroll
            press_key(app, pygame.K_DOWN)
        assert screen.shown(row) and all(window.contains(rect) for rect in screen.options[row])
        tap(app, screen.options[row][0].center)  # «Sí»
        # «Índices grandes» is greyed where the cards use the large index anyway (these sizes)
        forced = attribute == "large_index" and app.ctx.assets.large_index_forced()
        assert getattr(app.ctx.settings, attribute) is not forced
    assert not screen.view.colliderect(screen.close_rect) and window.contains(screen.close_rect)
    # a large window shows every row at once; a small one scrolls them (the access rows)
    assert all(screen.shown(row) for row in range(len(ROWS))) is not screen.scrolls
    assert screen.scrolls is (size == (800, 480))
    press_key(app, pygame.K_ESCAPE)
    step(app, 50)
    assert app.ctx.assets.deck_for(app.table.layout.card) == "four-colour-large-index"
