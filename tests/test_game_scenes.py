"""Settings, languages, labels, hints, animations and «¿Aún se gana?» as the player meets them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App, make_context
from game.config import BUTTON_OFF
from game.driver import play_by_taps, press_key, step, tap, tap_button, tap_place
from game.render.cards import needs_large_index
from game.scenes.base import Scene, SceneManager
from game.scenes.deal_dialog import DealDialog
from game.scenes.panel import Panel
from game.scenes.settings_screen import ROWS, SettingsScreen
from game.settings import DealMode, Settings
from game.table_terms import DECK
from rules import LAST_DEAL, RuleSet
from rules.labels import LabelTable
from solver.hints import suggest

AppFactory = Callable[..., App]


def option(app: App, row_key: str, index: int) -> None:
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    row = next(i for i, r in enumerate(ROWS) if r.key == row_key)
    screen.reveal(row)  # in sight, as a player scrolls to it (the variants' options take room)
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
        for _ in range(600):  # the hint is searched in frame slices
            if app.table.play.inquiry is None:
                break
            step(app)
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


def _mode_row() -> int:
    return next(i for i, r in enumerate(ROWS) if r.key == "set_mode")


def test_without_a_label_table_the_game_says_so_and_promises_nothing(display: None) -> None:
    settings = Settings(lang="es")
    ctx = make_context(settings, LabelTable(), seed=3)  # what main.py builds when the file is bad
    app = App(ctx, ctx.dealer.deal(settings))
    step(app, 2)
    assert app.table.frame().line == "Falta la tabla de etiquetas o no se lee: puede no haber solución"
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    names = [screen.option_name(ROWS[_mode_row()], value) for value in ROWS[_mode_row()].values]
    assert names == ["sin tabla: sin garantía", "totalmente al azar"]
    assert not any("solo con solución" in name for name in names)
    press_key(app, pygame.K_ESCAPE)
    tap_button(app, "new")
    dialog = app.manager.top
    assert isinstance(dialog, DealDialog)
    assert "con solución" not in dialog.mode_line() and "puede no tener solución" in dialog.mode_line()
    step(app, 2)  # drawn without trouble


def test_a_table_lacking_the_rules_in_play_is_no_promise_either(display: None) -> None:
    settings = Settings(passes=1, lang="en")
    ctx = make_context(settings, _labels("S"), seed=3)  # proves deals only for passes=3 overlap=on
    app = App(ctx, ctx.dealer.deal(settings))
    assert app.table.frame().line == "Label table missing or unreadable: deals may have no solution"
    settings.passes = 3
    app.table.new_deal()
    assert app.table.frame().line == "Tap a free card, then its partner: together they must add up to 13"


def test_with_the_label_table_the_guarantee_is_offered(display: None) -> None:
    settings = Settings(lang="es")
    ctx = make_context(settings, _labels("S"), seed=3)
    app = App(ctx, ctx.dealer.deal(settings))
    assert app.table.frame().line == "Toca una carta libre y luego su pareja: juntas deben sumar 13"
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    assert screen.option_name(ROWS[_mode_row()], DealMode.SOLVABLE) == "solo con solución"
    press_key(app, pygame.K_ESCAPE)
    tap_button(app, "new")
    dialog = app.manager.top
    assert isinstance(dialog, DealDialog) and dialog.mode_line() == "Al azar: solo repartos con solución"


@pytest.mark.parametrize(("size", "forced"), [((320, 480), True), ((480, 800), True), ((1920, 1080), False)])
def test_large_indices_are_greyed_where_small_cards_use_them_anyway(
    make_app: AppFactory, tmp_path: Path, size: tuple[int, int], forced: bool
) -> None:
    app = make_app(size=size)
    card_h = app.table.layout.card[1]
    assert app.ctx.assets.large_index_forced() is needs_large_index(card_h) is forced
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    row = next(i for i, r in enumerate(ROWS) if r.key == "set_large_index")
    screen.reveal(row)  # the row in sight, as the keyboard's focus brings it
    step(app)
    assert screen.shown(row)
    tap(app, screen.options[row][0].center)  # «Sí»
    assert app.ctx.settings.large_index is not forced  # greyed: the tap changes nothing
    app.draw()
    surface = pygame.display.get_surface()
    whole = screen.options[row][0].union(screen.options[row][1])
    between = (screen.options[row][0].right + screen.options[row][1].left) // 2
    middle = tuple(surface.get_at((between, whole.top + 4))[:3])
    assert (middle == BUTTON_OFF[:3]) is forced  # one grey button across both options
    pygame.image.save(surface, tmp_path / "settings.png")


class Watching(Scene):
    """A scene that writes down what it is told about being covered."""

    def __init__(self, name: str, told: list[str]) -> None:
        self.name = name
        self.told = told

    def covered(self) -> None:
        self.told.append(f"{self.name} covered")

    def uncovered(self) -> None:
        self.told.append(f"{self.name} uncovered")


def test_scenes_are_told_when_they_are_covered_and_uncovered() -> None:
    told: list[str] = []
    manager = SceneManager()
    table, panel, screen = (Watching(name, told) for name in ("table", "panel", "screen"))
    manager.push(table)
    manager.push(panel)
    manager.push(screen)
    manager.show_window(False)
    manager.show_window(False)  # told once
    manager.show_window(True)
    manager.pop(panel)  # the screen above it goes too: only the table is told
    assert told == [
        "table uncovered",
        "table covered", "panel uncovered",
        "panel covered", "screen uncovered",
        "screen covered",
        "screen uncovered",
        "table uncovered",
    ]  # fmt: skip
    manager.push(panel)
    manager.pop_above(table)
    assert told[-3:] == ["table covered", "panel uncovered", "table uncovered"]
