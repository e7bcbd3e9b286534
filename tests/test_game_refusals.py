"""Every refusal the player can cause is shown as its one line, and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.driver import press_key, tap_button, tap_place
from game.render.widgets import Style
from game.table_terms import DECK
from rules import WASTE, Refusal, parse_position

AppFactory = Callable[..., App]


def shown(app: App) -> str:
    return app.table.frame().line


def assert_refused(app: App, refusal: Refusal, before: tuple[object, int], line: str | None = None) -> None:
    """The refusal's line (``line``, when the game words it itself) and nothing changed."""
    assert shown(app) == (refusal.message if line is None else line)
    assert (app.table.play.state, app.table.play.session.moves) == before


def snapshot(app: App) -> tuple[object, int]:
    return app.table.play.state, app.table.play.session.moves


def test_pair_not_summing_13(make_app: AppFactory) -> None:
    app = make_app(deal=1)  # base row: K♠ K♦ 10♦ 10♣ J♣ 10♥ 8♣
    before = snapshot(app)
    tap_place(app, 23)
    tap_place(app, 24)
    assert_refused(app, Refusal.NOT_13, before, "10♦ y 10♣ no suman 13")  # the cards named
    assert app.table.play.selected == 23  # the selection stays; tap it again to let go
    tap_place(app, 23)
    assert app.table.play.selected is None


def test_covered_card(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    before = snapshot(app)
    tap_place(app, 0)
    assert_refused(app, Refusal.COVERED, before)
    tap_place(app, 23)
    tap_place(app, 15)  # covered, even as a partner
    assert_refused(app, Refusal.COVERED, before)


def test_nothing_to_draw(make_app: AppFactory) -> None:
    app = make_app(state=parse_position("pyramid: P21=5h P22=2c; waste: 3d"))
    assert app.table.frame().buttons["draw"][1] is Style.OFF
    before = snapshot(app)
    tap_button(app, "draw")
    assert_refused(app, Refusal.NOTHING_TO_DRAW, before)
    app.table.play.line = None
    press_key(app, pygame.K_d)
    assert_refused(app, Refusal.NOTHING_TO_DRAW, before)


def test_recycle_while_the_stock_has_cards_is_greyed_and_explains(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    assert app.table.frame().buttons["recycle"][1] is Style.OFF
    before = snapshot(app)
    tap_button(app, "recycle")
    assert_refused(app, Refusal.STOCK_NOT_EMPTY, before)
    app.table.play.line = None
    press_key(app, pygame.K_r)
    assert_refused(app, Refusal.STOCK_NOT_EMPTY, before)


def test_no_recycles_left(make_app: AppFactory) -> None:
    app = make_app(state=parse_position("pyramid: P21=5h P22=2c; waste: 3d; pass: 3"))
    before = snapshot(app)
    tap_button(app, "recycle")
    assert_refused(app, Refusal.NO_RECYCLES_LEFT, before)
    app.table.play.line = None
    tap_place(app, DECK)  # the empty stock offers a recycle too, with the same answer
    assert_refused(app, Refusal.NO_RECYCLES_LEFT, before)


def test_waste_empty(make_app: AppFactory) -> None:
    app = make_app(state=parse_position("pyramid: P21=5h P22=2c"))
    before = snapshot(app)
    press_key(app, pygame.K_r)
    assert_refused(app, Refusal.WASTE_EMPTY, before)


def test_no_card_on_the_empty_waste(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    before = snapshot(app)
    tap_place(app, WASTE)
    assert_refused(app, Refusal.NO_CARD, before)


@pytest.mark.parametrize("size", [(1280, 720), (480, 800)])
def test_recycle_lights_up_when_it_can_be_done(make_app: AppFactory, size: tuple[int, int]) -> None:
    app = make_app(state=parse_position("pyramid: P21=5h P22=2c; stock: 3d"), size=size)
    tap_place(app, DECK)
    assert app.table.frame().buttons["recycle"][1] is Style.PRIMARY
    assert app.table.frame().buttons["draw"][1] is Style.OFF


def test_refusals_in_english(make_app: AppFactory) -> None:
    app = make_app(deal=1, lang="en")
    tap_place(app, 0)
    assert shown(app) == "that card is still covered"
    press_key(app, pygame.K_r)
    assert shown(app) == "you can recycle when the stock is empty"


def test_a_card_half_covered_under_the_overlap_rule_says_it_pairs_only_with_its_cover(
    make_app: AppFactory,
) -> None:
    """Deal 35 without 5♦ (P21) and 8♠ (P25): Q♣ (P18) lies under K♥ (P24) alone, so the
    overlap rule lets it be tapped; with A♦ (P22, free) it is refused for what it is, the cards
    named, not with «esa carta sigue cubierta» (the tapped A♦ is plainly free)."""
    app = make_app(deal=35)
    tap_place(app, 21)
    tap_place(app, 25)
    assert app.table.play.state.card_at(25) is None and app.table.play.session.moves == 1
    before = snapshot(app)
    tap_place(app, 18)
    assert app.table.play.selected == 18
    tap_place(app, 22)
    named = "Q♣ solo se puede quitar junto con K♥, la carta que tiene encima"
    assert_refused(app, Refusal.ONLY_WITH_COVER, before, named)
    app.ctx.settings.lang = "en"
    assert shown(app) == "Q♣ can only go together with K♥, the card lying on it"
