"""The game with three waste piles (apophis), through posted events on the real app: a deal won
by taps only, draws that fly onto their piles, the keyboard reaching each pile, refusals."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.driver import play_by_taps, press_key, step, tap_place
from game.scenes.panel import Panel
from game.table_terms import DECK
from rules import Move, RuleSet, State
from rules.moves import STOCK, WASTE_PILES
from rules.variant import APOPHIS
from solver.search import Verdict, solve

AppFactory = Callable[..., App]
RULES = RuleSet(3, True, APOPHIS)
NUMBER = 5  # solvable under apophis, 3 passes, overlap on


def _line() -> list[Move]:
    result = solve(State.from_deal(NUMBER, RULES))
    assert result.verdict is Verdict.SOLVABLE
    return list(result.moves)


@pytest.mark.parametrize("size", [(1280, 720), (320, 480), (480, 800)])
def test_an_apophis_deal_is_won_by_taps_only(make_app: AppFactory, size: tuple[int, int]) -> None:
    app = make_app(deal=NUMBER, size=size, state=State.from_deal(NUMBER, RULES))
    assert app.table.layout.piles == 3
    moves = _line()
    assert any(set(m.places) & set(WASTE_PILES) for m in moves if m.is_removal)
    for move in moves:
        before = app.table.play.session.moves
        play_by_taps(app, move)
        assert app.table.play.session.moves == before + 1, f"{move} was not made by its taps"
    assert app.table.play.session.is_won
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert "Cartas quitadas: 28 de 28" in panel.body(app.ctx.texts)


def test_a_draw_flies_three_cards_onto_their_piles(make_app: AppFactory) -> None:
    app = make_app(deal=NUMBER, state=State.from_deal(NUMBER, RULES))
    step(app, 120)  # the deal animation is over
    tap_place(app, DECK)
    state = app.table.play.state
    assert state.cursor == 3
    flying = [g for g in app.table.anim.ghosts if g.hides in WASTE_PILES]
    assert [g.hides for g in flying] == list(WASTE_PILES)
    assert [g.card for g in flying] == list(state.layout.stock[:3])
    assert [g.end for g in flying] == [app.table.layout.place_rect(p) for p in WASTE_PILES]
    step(app, 60)
    assert not app.table.anim.ghosts


def test_the_keyboard_reaches_every_pile_top(make_app: AppFactory) -> None:
    app = make_app(deal=NUMBER, state=State.from_deal(NUMBER, RULES))
    step(app, 120)
    tap_place(app, DECK)
    reached = set()
    for key in [pygame.K_DOWN] * 3 + [pygame.K_RIGHT] * 8 + [pygame.K_LEFT] * 8:
        press_key(app, key)
        reached.add(app.table.focus)
    assert set(WASTE_PILES) <= reached
    assert STOCK not in reached  # the stock lies face down: not a card to pick


def test_tapping_a_pile_top_selects_it_and_its_partners_show(make_app: AppFactory) -> None:
    start = State.from_deal(NUMBER, RULES)
    app = make_app(deal=NUMBER, state=start)
    step(app, 120)
    play = app.table.play
    for move in _line():
        if move.is_removal and set(move.places) & set(WASTE_PILES) and len(move.places) == 2:
            pile = next(p for p in move.places if p in WASTE_PILES)
            tap_place(app, pile)
            assert play.selected == pile
            other = next(p for p in move.places if p != pile)
            assert other in play.partners()
            break
        play_by_taps(app, move)
    else:
        pytest.fail("the line never pairs a pile top")
