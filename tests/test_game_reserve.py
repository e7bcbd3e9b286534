"""The reserve row on the table (variants ``reserve`` and ``reserve6``, SPEC §12): its cards
drawn face up under the pyramid (or beside it, over the piles), an emptied place drawn as an
empty slot, a reserve card selected by a tap and paired by a second one (the rules decide, the
refusal on the line), a King in the reserve gone with one tap, the keyboard reaching every
reserve place, hints naming reserve cards, the status count and the accessibility tree counting
the reserve, the deal flying it in and the win cascade taking it along, whole deals played to
the end by taps. Real pygame surfaces under the dummy driver."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame.locals as pg
import pytest
from test_game_access import said
from test_game_cell import drawn, shows_card, tree_of

from game.app import App, make_context
from game.driver import play_by_taps, press_key, step, tap_button, tap_place
from game.render.card_look import face_rect
from game.render.layout import compute_layout
from game.scenes.table_focus import TableFocus
from game.settings import Settings
from rules import Move, State, parse_position
from rules.labels import Label, load_table
from rules.moves import reserve_place
from rules.variant import RESERVE, RESERVE6, Variant
from solver.search import solve

AppFactory = Callable[..., App]

X0, X2, X3, X4 = (reserve_place(k) for k in (0, 2, 3, 4))
"""Deal 5 of «Reserva»: the reserve is 10♥ Q♥ 5♣ K♥ 3♦ 2♦ 4♥ (X0 … X6); the base row 6♣ K♠ 8♠
10♦ 2♣ 8♥ 8♦ (slots 21 to 27): 5♣ pairs with the three 8s, 10♥ with 3♦, K♥ goes alone."""
EIGHT = 23


def reserve_app(make_app: AppFactory, size: tuple[int, int] = (1280, 800), **kw: object) -> App:
    app = make_app(deal=5, size=size, variant="reserve", reduced_motion=True, **kw)
    app.draw()
    return app


def shows_empty_slot(app: App, rect: pygame.Rect) -> bool:
    """``rect`` shows the felt inside, an outline round it: no card."""
    face = face_rect(rect)
    here = drawn(app, face)
    felt = app.table.view.felt(app.table.layout.size).subsurface(face)
    inner = [(x, y) for x in range(6, face.width - 6, 3) for y in range(6, face.height - 6, 3)]
    edge = [(x, 1) for x in range(6, face.width - 6, 3)]
    same = all(here.get_at(p)[:3] == felt.get_at(p)[:3] for p in inner)
    return same and any(here.get_at(p)[:3] != felt.get_at(p)[:3] for p in edge)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390), (320, 480)])
def test_the_reserve_is_drawn_face_up_and_an_emptied_place_as_an_empty_slot(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = reserve_app(make_app, size)
    layout = app.table.layout
    for index, name in enumerate(["Th", "Qh", "5c", "Kh", "3d", "2d", "4h"]):
        assert shows_card(app, layout.reserve[index], name), index
    tap_place(app, X3)  # K♥ goes alone
    assert shows_empty_slot(app, layout.reserve[3])
    tap_button(app, "undo")
    assert shows_card(app, layout.reserve[3], "Kh")


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800), (320, 480)])
def test_a_reserve_card_is_selected_paired_by_taps_and_undone(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = reserve_app(make_app, size)
    play = app.table.play
    tap_place(app, X2)
    assert play.selected == X2 and {21 + 2, 21 + 5, 21 + 6} <= set(play.partners())
    tap_place(app, EIGHT)
    assert play.state.card_at(X2) is None and not play.state.pyramid >> EIGHT & 1
    assert play.session.moves == 1 and play.selected is None
    assert app.table.frame().status[0] == "2 de 35"
    tap_button(app, "undo")
    assert str(play.state.card_at(X2)) == "5c" and play.state.pyramid >> EIGHT & 1
    assert app.table.frame().status[0] == "0 de 35"


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)])
def test_the_reserve_is_named_over_its_row_with_its_count(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    """«Reserva» and the cards left in it are written over the row (not at 320×480: no room)."""
    app = reserve_app(make_app, size)
    layout = app.table.layout
    label, row = layout.reserve_label, layout.reserve_targets[0].unionall(layout.reserve_targets)
    assert label.width and label.bottom <= row.top and abs(label.centerx - row.centerx) <= 1
    assert app.table.frame().reserve_label == "Reserva"
    items = app.table.view.items(layout, app.table.frame())
    assert [each.key[2] for each in items if each.key[:2] == ("label", "Reserva")] == [7]
    tap_place(app, X3)
    items = app.table.view.items(layout, app.table.frame())
    assert [each.key[2] for each in items if each.key[:2] == ("label", "Reserva")] == [6]
    assert not compute_layout((320, 480), variant=RESERVE).reserve_label.width


def test_two_reserve_cards_pair_and_a_king_goes_with_one_tap(make_app: AppFactory) -> None:
    app = reserve_app(make_app)
    play = app.table.play
    tap_place(app, X0)
    tap_place(app, X4)  # 10♥ and 3♦, both of the reserve
    assert play.state.card_at(X0) is None and play.state.card_at(X4) is None
    tap_place(app, X3)
    assert play.state.card_at(X3) is None and play.session.moves == 2
    assert app.table.frame().status[0] == "3 de 35"
    tap_place(app, X3)  # an emptied place is no card: the tap selects nothing
    assert play.selected is None and play.session.moves == 2


def test_a_refused_pair_says_the_rules_line(make_app: AppFactory) -> None:
    app = reserve_app(make_app)
    play = app.table.play
    tap_place(app, X0)
    tap_place(app, X2)  # 10♥ and 5♣
    assert app.table.frame().line == "10♥ y 5♣ no suman 13"
    assert play.session.moves == 0 and play.state.card_at(X0) is not None


def test_the_keyboard_reaches_every_reserve_place(make_app: AppFactory) -> None:
    app = reserve_app(make_app, (390, 844))
    table = app.table
    assert {reserve_place(k) for k in range(7)} <= set(TableFocus().candidates(table.play, table.layout))
    reached = set()
    table.focus, table.focus_visible = X0, True
    for _ in range(6):
        press_key(app, pg.K_RIGHT)
        reached.add(table.focus)
    assert reached == {reserve_place(k) for k in range(1, 7)}
    table.focus = X2
    press_key(app, pg.K_RETURN)
    assert table.play.selected == X2
    table.focus = EIGHT
    press_key(app, pg.K_RETURN)
    assert table.play.state.card_at(X2) is None


def only(pyramid: dict[int, str], reserve: dict[int, str]) -> State:
    """A reserve position with only these pyramid slots and reserve places holding cards (and
    nothing in the stock or the waste)."""
    slots = " ".join(pyramid.get(slot, "--") for slot in range(28))
    places = " ".join(reserve.get(index, "--") for index in range(7))
    rest = "stock:\nwaste:\npass: 1\npasses: 3\noverlap: on"
    return parse_position(f"variant: reserve\npyramid: {slots}\nreserve: {places}\n{rest}")


@pytest.mark.parametrize(
    ("pyramid", "reserve", "line"),
    [
        ({}, {3: "Kh"}, "Pista: quita K♥ de la reserva"),
        ({23: "8s"}, {2: "5c"}, "Pista: 8♠ con 5♣ de la reserva"),
        ({}, {0: "Th", 4: "3d"}, "Pista: 10♥ con 3♦, las dos de la reserva"),
    ],
)
def test_a_hint_names_the_reserve_cards(
    make_app: AppFactory, pyramid: dict[int, str], reserve: dict[int, str], line: str
) -> None:
    """The hint's line says which cards lie in the reserve, and rings them there."""
    app = reserve_app(make_app, state=only(pyramid, reserve))
    app.table.play.plain_hint()
    frame = app.table.frame()
    places = [*pyramid, *(reserve_place(k) for k in reserve)]
    assert frame.line == line and frame.hint == places
    ring = face_rect(app.table.layout.reserve[next(iter(reserve))]).inflate(8, 8)
    before = drawn(app, ring)
    app.table.play.hint = None
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(drawn(app, ring), "RGB")


def test_the_accessibility_tree_has_a_reserve_group(make_app: AppFactory) -> None:
    app = reserve_app(make_app)
    tree = tree_of(app)
    group = tree.node("reserve")
    assert group is not None and group.name == "Reserva" and len(group.children) == 7
    node = tree.node("X2")
    assert node is not None and node.name == "5 de tréboles, reserva 3, libre" and not node.disabled
    status = tree.node("status")
    assert status is not None and status.name.startswith("0 de 35")
    tap_place(app, X3)
    tree = tree_of(app)
    group = tree.node("reserve")
    assert group is not None and len(group.children) == 6 and tree.node("X3") is None


def test_the_deal_flies_the_reserve_in(make_app: AppFactory) -> None:
    app = make_app(deal=5, size=(1280, 800), variant="reserve")
    step(app, 2)
    assert {reserve_place(k) for k in range(7)} <= app.table.anim.hidden_places()
    assert shows_empty_slot(app, app.table.layout.reserve[6])  # not landed yet
    step(app, 400)
    assert app.table.anim.hidden_places() == set()
    assert shows_card(app, app.table.layout.reserve[6], "4h")


def won_by_taps(app: App) -> State:
    """Play the solver's winning line of the deal on the table by taps; the start state."""
    start = app.table.play.state
    result = solve(start, node_limit=2_000_000)
    assert result.moves, "the deal is not proven winnable"
    for move in result.moves:
        play_by_taps(app, move)
        step(app, 3)
    return start


@pytest.mark.parametrize(("variant", "deal"), [(RESERVE, 5), (RESERVE, 8), (RESERVE6, 4)])
def test_reserve_deals_played_to_the_end_by_taps(make_app: AppFactory, variant: Variant, deal: int) -> None:
    """Whole deals won by taps: the win needs the reserve cleared; the cascade takes the
    reserve's cards along with the pyramid's."""
    name = variant.name
    app = make_app(deal=deal, size=(844, 390), variant=name)
    step(app, 400)
    start = won_by_taps(app)
    play = app.table.play
    assert play.state.is_won and play.state.columns == 0
    assert app.table.frame().status[0] == ("35 de 35" if name == "reserve" else "34 de 34")
    cascade = app.table.anim.cascade
    dealt = start.pyramid_left + start.column_count
    assert len(cascade.waiting) + len(cascade.flying) == dealt


def test_a_board_with_only_the_reserve_left_is_not_won(make_app: AppFactory) -> None:
    app = reserve_app(make_app, state=only({}, {0: "Th", 3: "Kh", 4: "3d"}))
    play = app.table.play
    assert not play.state.is_won and app.table.frame().status[0] == "32 de 35"
    tap_place(app, X3)
    assert not play.state.is_won and app.table.frame().status[0] == "33 de 35"
    play_by_taps(app, Move.parse("X0+X4"))
    assert play.state.is_won and app.table.frame().status[0] == "35 de 35"


@pytest.mark.parametrize("variant", ["reserve", "reserve6"])
def test_a_reserve_deal_is_proven_winnable(display: None, variant: str) -> None:
    """With the real label table, which labels both reserve variants for every deal: new deals
    are proven-winnable numbers, dealt at random among them, and the table lays the deal out.
    (A variant without labels says its deals may have no solution:
    tests/test_game_variants.py.)"""
    settings = Settings(variant=variant)
    table = load_table()
    assert table.can_promise(settings.rule_set())
    ctx = make_context(settings, table, seed=4)
    numbers = {ctx.dealer.deal(settings).number for _ in range(5)}
    assert len(numbers) > 1
    play = ctx.dealer.deal(settings)
    assert play.state.rules.variant.name == variant
    assert play.label is Label.SOLVABLE
    assert play.line is None or play.line.key != "variant_unlabelled"
    app = App(ctx, play, size=(390, 844))
    step(app, 2)
    assert len(app.table.layout.reserve) == play.state.rules.variant.columns


def test_a_cleared_pyramid_with_the_reserve_left_says_the_reserve_must_go(make_app: AppFactory) -> None:
    app = reserve_app(make_app, state=only({23: "8s"}, {2: "5c", 3: "Kh"}))
    play_by_taps(app, Move.parse("P23+X2"))
    assert app.table.play.state.pyramid == 0 and not app.table.play.state.is_won
    assert app.table.frame().line == "Pirámide despejada: para ganar, quita también la reserva"
    tap_place(app, X3)
    assert app.table.play.state.is_won
    assert app.table.frame().line.startswith("¡Pirámide y reserva despejadas!")


def test_the_piles_key_says_the_reserve_aloud(make_app: AppFactory) -> None:
    """«I» (the stock, the waste) goes on with the reserve's cards, left to right."""
    app = reserve_app(make_app)
    press_key(app, pg.K_i)
    step(app, 40)
    tap_place(app, X3)
    step(app, 40)
    press_key(app, pg.K_i)
    step(app, 40)
    lines = [line for line in said(app) if line.startswith("Quedan")]
    assert lines[0].endswith(
        "Reserva (7): 10 de corazones, reina de corazones, 5 de tréboles, rey de corazones,"
        " 3 de diamantes, 2 de diamantes y 4 de corazones."
    )
    assert "rey de corazones" not in lines[1] and "Reserva (6):" in lines[1]
