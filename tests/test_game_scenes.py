"""Settings, languages, labels, hints, animations and «¿Aún se gana?» as the player meets them."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App, make_context
from game.driver import play_by_taps, press_key, step, tap, tap_button, tap_place
from game.play import DECK
from game.scenes.panel import Panel
from game.scenes.settings_screen import ROWS, SettingsScreen
from game.settings import DealMode, Settings
from rules import LAST_DEAL, RuleSet
from rules.labels import LabelTable
from solver.hints import suggest

AppFactory = Callable[..., App]


def option(app: App, row_key: str, index: int) -> None:
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    row = next(i for i, r in enumerate(ROWS) if r.key == row_key)
    tap(app, screen.options[row][index].center)


def test_rule_settings_apply_from_the_next_deal(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    tap_place(app, DECK)
    tap_button(app, "settings")
    option(app, "set_passes", 0)
    option(app, "set_overlap", 1)
    assert app.ctx.settings.rule_set() == RuleSet(passes=1, overlap=False)
    press_key(app, pygame.K_ESCAPE)
    assert app.table.play.state.rules == RuleSet()  # this deal keeps its rules
    assert app.table.frame().pass_text == "vuelta 1 de 3"
    press_key(app, pygame.K_n)
    press_key(app, pygame.K_7)
    press_key(app, pygame.K_RETURN)
    press_key(app, pygame.K_DOWN)  # the game in progress had a move: «Sí, otro reparto»
    press_key(app, pygame.K_RETURN)
    assert app.table.play.state.rules == RuleSet(passes=1, overlap=False)
    assert app.table.frame().pass_text == "vuelta 1 de 1"


def test_language_switch_applies_at_once(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    assert app.table.frame().buttons["undo"][0] == "Deshacer"
    tap_button(app, "settings")
    option(app, "set_lang", 1)
    press_key(app, pygame.K_ESCAPE)
    frame = app.table.frame()
    assert frame.buttons["undo"][0] == "Undo" and frame.pass_text == "pass 1 of 3"
    assert frame.status[0] == "0 of 28" and frame.deal_text.startswith("Deal 1")


def test_moves_animate_unless_motion_is_reduced(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    tap_place(app, DECK)
    assert app.table.anim.ghosts  # the card slides to the waste…
    tap_place(app, DECK)  # …and input is not blocked meanwhile
    assert app.table.play.session.moves == 2
    step(app, 30)  # ≤ 300 ms: all done after half a second
    assert not app.table.anim.ghosts
    app.ctx.settings.reduced_motion = True
    tap_place(app, DECK)
    assert not app.table.anim.ghosts and app.table.play.session.moves == 3


def test_hint_for_a_draw_marks_the_stock(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    for _ in range(40):  # follow the hints until one says "draw"
        press_key(app, pygame.K_h)
        if app.table.frame().hint == [DECK]:
            break
        move = app.table.play.hint
        assert move is not None
        press_key(app, pygame.K_ESCAPE)
        play_by_taps(app, move)
    assert app.table.frame().hint == [DECK]
    assert app.table.frame().line == "Pista: roba una carta del mazo"


def _labels(letter: str) -> LabelTable:
    return LabelTable({str(RuleSet()): letter * LAST_DEAL})


def test_solvable_mode_shows_the_label(display: None) -> None:
    settings = Settings()
    ctx = make_context(settings, _labels("S"), seed=3)
    app = App(ctx, ctx.dealer.deal(settings))
    assert app.table.frame().deal_text.endswith("Con solución comprobada")


def test_random_mode_hides_the_label_until_the_deal_ends(display: None) -> None:
    settings = Settings(deal_mode=DealMode.RANDOM)
    ctx = make_context(settings, _labels("U"), seed=3)
    app = App(ctx, ctx.dealer.deal(settings))
    assert app.table.frame().deal_text.endswith("Puede no tener solución")
    play = app.table.play
    while not play.session.is_over:
        move = suggest(play.state)
        assert move is not None
        play_by_taps(app, move)
    assert app.table.frame().deal_text.endswith("Demostrado sin solución")
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert "Este reparto: Demostrado sin solución" in panel.body(ctx.texts)
