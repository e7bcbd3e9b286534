"""The keyboard alone: a whole deal won with arrows, Enter, D and R; U H N Esc Tab as SPEC §2."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame

from game.app import App
from game.driver import press_key, step
from game.input import Action
from game.scenes.deal_dialog import DealDialog
from game.scenes.focus import DIRECTIONS, step_focus
from game.scenes.rules_screen import RulesScreen
from game.scenes.settings_screen import SettingsScreen
from rules import Kind, Move

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]
ARROW_KEYS = {
    Action.LEFT: pygame.K_LEFT,
    Action.RIGHT: pygame.K_RIGHT,
    Action.UP: pygame.K_UP,
    Action.DOWN: pygame.K_DOWN,
}


def arrows_to(app: App, target: int) -> list[int]:
    """The arrow keys that take the focus to ``target``, found by trying arrows breadth-first."""
    table = app.table
    rects = table.keyboard.candidates(table.play, table.layout)
    start = table.focus
    assert isinstance(start, int)
    paths: dict[int, list[int]] = {start: []}
    queue = deque([start])
    while queue:
        place = queue.popleft()
        if place == target:
            return paths[place]
        for action in DIRECTIONS:
            nxt = step_focus(rects[place], action, rects)
            if nxt is not None and nxt not in paths:
                paths[nxt] = [*paths[place], ARROW_KEYS[action]]
                queue.append(nxt)
    raise AssertionError(f"the arrows cannot reach place {target}")


def focus(app: App, target: int) -> None:
    if app.table.focus is None or not app.table.focus_visible:
        press_key(app, pygame.K_UP)  # the first arrow shows the focus
    for key in arrows_to(app, target):
        press_key(app, key)
    assert app.table.focus == target


def play_by_keys(app: App, move: Move) -> None:
    if move.kind is Kind.DRAW:
        press_key(app, pygame.K_d)
    elif move.kind is Kind.RECYCLE:
        press_key(app, pygame.K_r)
    else:
        for place in move.places:
            focus(app, place)
            press_key(app, pygame.K_RETURN if place % 2 else pygame.K_SPACE)


def test_a_whole_deal_won_with_the_keyboard_alone(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, lang="en")
    for move in moves:
        before = app.table.play.session.moves
        play_by_keys(app, move)
        assert app.table.play.session.moves == before + 1, f"{move} was not made by its keys"
    assert app.table.play.session.is_won
    press_key(app, pygame.K_RETURN)  # the win panel's default exit: a new deal
    assert app.manager.top is app.table
    assert app.table.play.state.pyramid_left == 28 and app.table.play.session.moves == 0


def test_after_selecting_the_focus_jumps_to_a_partner(make_app: AppFactory) -> None:
    app = make_app(deal=1)  # 10♦ at P23; the stock's top card is Q♠, the deck holds 3s further down
    focus(app, 23)
    press_key(app, pygame.K_RETURN)
    assert app.table.play.selected == 23
    press_key(app, pygame.K_ESCAPE)
    assert app.table.play.selected is None


def test_hint_then_escape(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    press_key(app, pygame.K_h)
    for _ in range(600):  # the hint is searched in frame slices
        if app.table.play.inquiry is None:
            break
        step(app)
    assert app.table.play.hint is not None and app.table.frame().hint
    assert app.table.frame().line.startswith("Pista: ")
    press_key(app, pygame.K_ESCAPE)
    assert app.table.play.hint is None and not app.table.frame().hint


def test_hint_is_cleared_by_the_next_action(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    press_key(app, pygame.K_h)
    press_key(app, pygame.K_d)
    assert app.table.play.hint is None


def test_n_opens_the_deal_dialog_and_a_typed_number_is_dealt(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    press_key(app, pygame.K_n)
    assert isinstance(app.manager.top, DealDialog)
    for key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_BACKSPACE):
        press_key(app, key)
    press_key(app, pygame.K_RETURN)
    assert app.manager.top is app.table and app.table.play.number == 123


def test_deal_dialog_refuses_a_number_out_of_range(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    press_key(app, pygame.K_n)
    for key in (pygame.K_9, pygame.K_9, pygame.K_9, pygame.K_9, pygame.K_9):
        press_key(app, key)
    press_key(app, pygame.K_KP_ENTER)
    dialog = app.manager.top
    assert isinstance(dialog, DealDialog) and dialog.error
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top is app.table and app.table.play.number == 1


def test_empty_dialog_deals_at_random(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    press_key(app, pygame.K_n)
    press_key(app, pygame.K_RETURN)
    assert app.manager.top is app.table and app.table.play.session.moves == 0


def test_tab_reaches_every_control_and_enter_presses_it(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    seen = []
    for _ in range(9):
        press_key(app, pygame.K_TAB)
        seen.append(app.table.focus)
    assert set(seen) == {"deal", "draw", "recycle", "undo", "hint", "analyse", "new", "rules", "settings"}
    while app.table.focus != "rules":
        press_key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    press_key(app, pygame.K_RETURN)
    rules = app.manager.top
    assert isinstance(rules, RulesScreen)
    pages = len(rules.pages())
    for _ in range(pages + 2):
        press_key(app, pygame.K_RIGHT)
    assert rules.page == pages - 1
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top is app.table
    while app.table.focus != "settings":
        press_key(app, pygame.K_TAB)
    press_key(app, pygame.K_SPACE)
    assert isinstance(app.manager.top, SettingsScreen)
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top is app.table
