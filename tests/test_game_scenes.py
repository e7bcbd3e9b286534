"""Settings, languages, labels, hints, animations and «¿Aún se gana?» as the player meets them."""

from __future__ import annotations

import enum
import sys
import types
from collections.abc import Callable

import pygame
import pytest

from game.app import App, make_context
from game.driver import play_by_taps, press_key, step, tap, tap_button, tap_place
from game.play import DECK
from game.scenes.panel import Panel
from game.scenes.settings_screen import ROWS, SettingsScreen
from game.settings import DealMode, Settings
from rules import LAST_DEAL, RuleSet, State
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


class _Verdict(enum.Enum):
    WINNABLE = "winnable"
    LOST = "lost"
    UNKNOWN = "unknown"


def _stand_in(verdict: _Verdict, steps: int) -> types.ModuleType:
    """A stand-in for the solver's ``solver.analysis`` with the agreed interface."""

    class Analysis:
        def __init__(self, state: State, seen_mask: int) -> None:
            self.left = steps
            self.done = False
            self.verdict = _Verdict.UNKNOWN

        def step(self, slice_ms: float) -> bool:
            self.left -= 1
            if self.left <= 0:
                self.done, self.verdict = True, verdict
            return self.done

    module = types.ModuleType("solver.analysis")
    module.Analysis = Analysis  # type: ignore[attr-defined]
    module.Verdict = _Verdict  # type: ignore[attr-defined]
    return module


@pytest.mark.parametrize(
    ("verdict", "line"),
    [
        (_Verdict.WINNABLE, "Sí: desde aquí todavía se puede ganar"),
        (_Verdict.UNKNOWN, "sin determinar (no quiere decir que no tenga solución)"),
    ],
)
def test_still_winnable_runs_in_slices(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, verdict: _Verdict, line: str
) -> None:
    monkeypatch.setitem(sys.modules, "solver.analysis", _stand_in(verdict, steps=5))
    app = make_app(deal=1)
    tap_button(app, "analyse")
    assert app.table.frame().line.startswith("buscando una solución")
    tap_place(app, 21)  # the table keeps responding (a King goes; the analysis of the old position stops)
    assert app.table.play.analysis is None
    tap_button(app, "analyse")
    step(app, 6)
    assert app.table.frame().line == line
    if verdict is _Verdict.UNKNOWN:
        assert app.table.play.hint is not None  # a normal suggestion instead of a verdict


def test_no_longer_winnable_offers_undo_replay_new(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "solver.analysis", _stand_in(_Verdict.LOST, steps=2))
    app = make_app(deal=1)
    tap_place(app, DECK)
    tap_button(app, "analyse")
    step(app, 3)
    panel = app.manager.top
    assert isinstance(panel, Panel) and panel.title(app.ctx.texts) == "Ya no se puede ganar"
    press_key(app, pygame.K_RETURN)  # undo
    assert app.manager.top is app.table and app.table.play.session.moves == 1
    assert app.table.play.state.waste_count == 0


def test_still_winnable_says_when_it_is_not_available(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "solver.analysis", None)  # as if the module did not exist
    app = make_app(deal=1)
    tap_button(app, "analyse")
    assert app.table.frame().line == "El análisis «¿Aún se gana?» todavía no está disponible"
