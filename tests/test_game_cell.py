"""The free cell on the table (variant ``cell``, SPEC §12): drawn beside the waste («Celda» in it
while empty, its card when full), a card stored by tapping it and then the cell (a move:
counted, undone), the cell's card paired like any free card, the rules' refusals on the line,
a hint that names a store shown on the card and the cell, the keyboard and the accessibility
tree reaching the cell. Real pygame surfaces under the dummy driver."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame.locals as pg
import pytest

from game.access.tree import Tree
from game.app import App
from game.driver import play_by_taps, press_key, step, tap_button, tap_place
from game.render.assets import face_name
from game.render.card_look import face_rect
from game.scenes.panel import Panel
from game.scenes.table_focus import TableFocus
from rules import Move, RuleSet, State, parse_position
from rules.moves import CELL
from rules.variant import CELL as CELL_VARIANT

AppFactory = Callable[..., App]

TEN = 23
"""Deal 1 of «Una celda», base row: K♠ K♦ 10♦ 10♣ J♣ 10♥ 8♣ (slots 21 to 27): 10♦ is free."""


def cell_app(make_app: AppFactory, size: tuple[int, int] = (1280, 800), **kw: object) -> App:
    app = make_app(deal=1, size=size, variant="cell", reduced_motion=True, **kw)
    app.draw()
    return app


def tree_of(app: App) -> Tree:
    app.access.keep_tree = True
    step(app)
    assert app.access.tree is not None
    return app.access.tree


def node_name(app: App, key: str) -> str:
    node = tree_of(app).node(key)
    assert node is not None
    return node.name


def drawn(app: App, rect: pygame.Rect) -> pygame.Surface:
    surface = pygame.display.get_surface()
    assert surface is not None
    app.draw()
    return surface.subsurface(rect).copy()


def shows_card(app: App, rect: pygame.Rect, name: str) -> bool:
    """The face of card ``name`` is what is drawn in ``rect`` (within rounding)."""
    face = face_rect(rect)
    card = next(c for c in app.table.play.state.rules.deck.cards if str(c) == name)
    image = app.ctx.assets.face(card, face.size)
    assert face_name(app.ctx.assets.deck_name, card.rank, card.suit) == name
    here = drawn(app, face)
    points = [(x, y) for x in range(4, face.width - 4, 7) for y in range(4, face.height - 4, 7)]
    off = [
        p
        for p in points
        if max(abs(a - b) for a, b in zip(here.get_at(p)[:3], image.get_at(p)[:3], strict=True)) > 6
    ]
    return len(off) <= len(points) // 50


def written_in(app: App, rect: pygame.Rect) -> pygame.Rect | None:
    """What is drawn over the bare felt inside ``rect`` (its bounds, relative to ``rect``)."""
    here = drawn(app, rect)
    felt = app.table.view.felt(app.table.layout.size).subsurface(rect)
    inner = [(x, y) for x in range(8, here.get_width() - 8, 3) for y in range(8, here.get_height() - 8, 3)]
    changed = [p for p in inner if here.get_at(p)[:3] != felt.get_at(p)[:3]]
    if not changed:
        return None
    return pygame.Rect(changed[0], (1, 1)).unionall([pygame.Rect(p, (1, 1)) for p in changed])


def cell_name_over(app: App) -> pygame.Rect | None:
    """Where «Celda» is written over the cell as a pile label, if it is."""
    frame = app.table.frame()
    found = [
        pygame.Rect(each.rect)
        for each in app.table.view.items(app.table.layout, frame)
        if isinstance(each.key, tuple) and each.key[:2] == ("label", "Celda")
    ]
    return found[0] if found else None


@pytest.mark.parametrize("size", [(844, 390), (390, 844)])
def test_the_empty_cell_is_drawn_beside_the_waste_with_its_name_in_it(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    """Where the piles' labels leave no room for «Celda» clear of «Descarte», it is written in
    the empty cell, in the middle."""
    app = cell_app(make_app, size)
    layout = app.table.layout
    assert layout.cell.width and not layout.cell.colliderect(layout.waste)
    assert app.table.frame().cell_label == "Celda"
    assert cell_name_over(app) is None
    face = face_rect(layout.cell)
    written = written_in(app, face)
    assert written is not None, "nothing is written in the empty cell"
    assert abs(written.centerx - face.width / 2) <= 6, written  # «Celda», in the middle
    assert abs(written.centery - face.height / 2) <= 6 and written.height < face.height / 3


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (3840, 2160)])
def test_a_wide_table_names_the_cell_over_it_empty_or_full(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    """With room, «Celda» is written over the cell as «Mazo» and «Descarte» are over theirs,
    clear of «Descarte», and stays there once a card is stored (the card alone would not say
    what the place is); the empty cell is then bare."""
    app = cell_app(make_app, size)
    layout = app.table.layout
    label = cell_name_over(app)
    assert label is not None, "no «Celda» over the cell"
    assert label.bottom <= layout.cell.top
    assert label.left < layout.cell.right and layout.cell.left < label.right
    waste_label = [
        pygame.Rect(each.rect)
        for each in app.table.view.items(layout, app.table.frame())
        if isinstance(each.key, tuple) and each.key[:2] == ("label", "Descarte")
    ]
    assert waste_label and not label.inflate(8, 0).colliderect(waste_label[0])
    items = app.table.view.items(layout, app.table.frame())
    inside = [each for each in items if isinstance(each.key, tuple) and each.key[0] == "cell label"]
    assert not inside  # no second «Celda» written in the empty cell
    tap_place(app, TEN)
    tap_place(app, CELL)
    step(app, 60)
    assert str(app.table.play.state.cell) == "Td" and cell_name_over(app) == label


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800), (320, 480)])
def test_a_card_is_stored_by_taps_and_undone(make_app: AppFactory, size: tuple[int, int]) -> None:
    app = cell_app(make_app, size)
    play = app.table.play
    tap_place(app, TEN)
    assert play.selected == TEN
    assert CELL in TableFocus().candidates(play, app.table.layout)  # the empty cell is a target now
    tap_place(app, CELL)
    assert str(play.state.cell) == "Td" and not play.state.pyramid >> TEN & 1
    assert play.session.moves == 1 and play.selected is None
    assert "celda: 10♦" in app.table.frame().status
    step(app, 60)
    assert shows_card(app, app.table.layout.cell, "Td")
    tap_button(app, "undo")
    assert play.state.cell is None and play.state.pyramid >> TEN & 1
    step(app, 60)
    assert shows_card(app, app.table.layout.slots[TEN], "Td")


def test_a_stored_card_flies_into_the_cell(make_app: AppFactory) -> None:
    app = make_app(deal=1, size=(1280, 800), variant="cell")
    step(app, 240)  # the deal lands
    play_by_taps(app, Move.store(TEN))
    assert app.table.anim.hidden_places() == {CELL}  # on its way: the cell still shows «Celda»
    step(app, 60)
    assert app.table.anim.hidden_places() == set()


def test_the_cells_card_pairs_with_a_free_card(make_app: AppFactory) -> None:
    text = State.from_deal(1, RuleSet(variant=CELL_VARIANT)).to_text()
    text = text.replace(" 3c", "").replace("cell:", "cell: 3c")
    app = cell_app(make_app, state=parse_position(text))
    play = app.table.play
    assert str(play.state.cell) == "3c"
    tap_place(app, CELL)
    assert play.selected == CELL and TEN in play.partners()
    assert node_name(app, "F") == "3 de tréboles, en la celda, libre, elegida"
    tap_place(app, TEN)
    assert play.state.cell is None and not play.state.pyramid >> TEN & 1 and play.session.moves == 1


def test_refused_stores_say_the_rules_line(make_app: AppFactory) -> None:
    app = cell_app(make_app)
    play = app.table.play
    tap_place(app, CELL)  # nothing selected: the empty cell says how it is used
    assert app.table.frame().line == "la celda está vacía: elige antes una carta libre y luego toca la celda"
    play.play(Move.store(21))  # K♠: never selected by a tap (it goes alone), refused by the rules
    assert app.table.frame().line == "el Rey no entra en la celda: el Rey se va solo"
    play_by_taps(app, Move.store(TEN))
    play.play(Move.store(24))
    assert app.table.frame().line == "la celda ya tiene una carta: sale solo emparejada"
    tap_place(app, 24)
    tap_place(app, CELL)  # a full cell: the tap pairs, and 10♣ and 10♦ do not sum 13
    assert app.table.frame().line == "10♣ y 10♦ no suman 13"
    assert play.session.moves == 1


def test_a_hint_that_stores_shows_the_card_and_the_cell(make_app: AppFactory) -> None:
    app = make_app(deal=2, size=(1280, 800), variant="cell", reduced_motion=True)
    app.table.play.plain_hint()  # the suggestion from the visible cards: 21>F on deal 2
    frame = app.table.frame()
    assert frame.hint == [21, CELL]
    card = app.table.play.state.card_at(21)
    assert card is not None and frame.line == f"Pista: guarda {app.ctx.texts.card(card)} en la celda"
    ring = app.table.layout.cell.inflate(8, 8)
    before = drawn(app, ring)
    app.table.play.hint = None
    after = drawn(app, ring)
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")  # a ring round the cell


def test_the_keyboard_stores_with_enter(make_app: AppFactory) -> None:
    app = cell_app(make_app)
    table = app.table
    table.focus, table.focus_visible = TEN, True
    press_key(app, pg.K_RETURN)
    assert table.play.selected == TEN
    table.focus = CELL
    press_key(app, pg.K_RETURN)
    assert str(table.play.state.cell) == "Td"


def test_the_accessibility_tree_names_the_cell(make_app: AppFactory) -> None:
    app = cell_app(make_app)
    assert node_name(app, "F") == "Celda vacía"
    tap_place(app, TEN)
    node = tree_of(app).node("F")
    assert node is not None and not node.disabled  # the selected card may go into it


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_arrows_reach_the_empty_cell_once_a_card_is_selected(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = cell_app(make_app, size)
    table = app.table
    assert CELL not in TableFocus().candidates(table.play, table.layout)  # nothing to store yet
    table.focus, table.focus_visible = TEN, True
    press_key(app, pg.K_RETURN)
    seen = []
    for key in (pg.K_RIGHT, pg.K_DOWN) * 6:
        if table.focus == CELL:
            break
        press_key(app, key)
        seen.append(table.focus)
    assert table.focus == CELL, seen
    press_key(app, pg.K_RETURN)
    assert str(table.play.state.cell) == "Td"


def test_a_cleared_pyramid_with_a_card_in_the_cell_says_it_must_go(make_app: AppFactory) -> None:
    pyramid = " ".join(["--"] * 27 + ["Kh"])
    text = f"variant: cell\npyramid: {pyramid}\nstock: Ts\nwaste:\ncell: 3c\npass: 1\npasses: 3\noverlap: on"
    app = cell_app(make_app, state=parse_position(text))
    tap_place(app, 27)  # K♥ goes: the pyramid is cleared, 3♣ still in the cell
    assert app.table.play.state.pyramid == 0 and not app.table.play.state.is_won
    line = "Pirámide despejada: para ganar, la carta de la celda también tiene que irse"
    assert app.table.frame().line == line


def test_the_win_names_the_cell_it_cleared_too(make_app: AppFactory) -> None:
    """A cell game is won with the pyramid and the cell cleared: the line and the win panel say
    both, not «¡Pirámide despejada!» alone."""
    pyramid = " ".join(["--"] * 27 + ["Jh"])
    text = f"variant: cell\npyramid: {pyramid}\nstock: Ts\nwaste:\ncell: 2c\npass: 1\npasses: 3\noverlap: on"
    app = cell_app(make_app, state=parse_position(text))
    tap_place(app, 27)
    tap_place(app, CELL)  # J♥ with 2♣ from the cell: nothing left to clear
    assert app.table.play.state.is_won
    assert app.table.frame().line.startswith("¡Pirámide y celda despejadas!")
    step(app, 600)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert panel.title(app.ctx.texts) == "¡Pirámide y celda despejadas!"
