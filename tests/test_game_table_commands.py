"""The table's command table: a key, a tap and the focus ring reach the same command, and a
disabled command refuses the same way from all three (game/scenes/table_commands.py)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.driver import press_key, tap_button
from game.render.widgets import Style
from game.scenes.deal_dialog import DealDialog
from game.scenes.table_commands import COMMANDS, KEYS
from game.scenes.table_focus import BUTTON_ORDER

AppFactory = Callable[..., App]
KEY_OF = {
    "undo": pygame.K_u,
    "hint": pygame.K_h,
    "new": pygame.K_n,
    "draw": pygame.K_d,
    "recycle": pygame.K_r,
}
WAYS = ("key", "tap", "ring")


def give(app: App, name: str, way: str) -> None:
    """Command ``name`` given by its key, by a tap on its control, or by Tab round to it and Enter."""
    if way == "key":
        press_key(app, KEY_OF[name])
    elif way == "tap":
        tap_button(app, name)
    else:
        for _ in range(len(BUTTON_ORDER)):
            press_key(app, pygame.K_TAB)
            if app.table.focus == name:
                break
        assert app.table.focus == name
        press_key(app, pygame.K_RETURN)


def outcome(app: App) -> tuple[object, ...]:
    play = app.table.play
    line = None if play.line is None else (play.line.key, play.line.tone)
    return play.state, play.session.moves, line, type(app.manager.top).__name__


@pytest.mark.parametrize(("name", "drawn"), [("draw", False), ("undo", True), ("new", False)])
def test_a_key_a_tap_and_the_focus_ring_give_the_same_command(
    make_app: AppFactory, name: str, drawn: bool
) -> None:
    seen = set()
    for way in WAYS:
        app = make_app(deal=1)
        if drawn:  # something to undo
            press_key(app, pygame.K_d)
        assert COMMANDS[name].enabled(app.table)
        before = outcome(app)
        give(app, name, way)
        seen.add(outcome(app))
        assert outcome(app) != before  # the command did something
    assert len(seen) == 1
    if name == "new":
        assert isinstance(app.manager.top, DealDialog)


@pytest.mark.parametrize("name", ["undo", "recycle"])
def test_a_disabled_command_refuses_the_same_way_from_all_three(make_app: AppFactory, name: str) -> None:
    seen = set()
    for way in WAYS:
        app = make_app(deal=1)  # nothing to undo, and the stock is not empty: nothing to recycle
        assert not COMMANDS[name].enabled(app.table)
        assert app.table.frame().buttons[name][1] is Style.OFF  # greyed, yet it explains when pressed
        state = app.table.play.state
        give(app, name, way)
        assert app.table.play.state == state and app.table.play.line is not None
        seen.add(outcome(app))
    assert len(seen) == 1
    (found,) = seen
    assert found[2] is not None and found[2][0] != "welcome"  # the refusal, the same each way


def test_every_control_is_a_command_and_no_key_gives_two() -> None:
    assert set(BUTTON_ORDER) <= set(COMMANDS)
    assert len(KEYS) == sum(len(command.keys) for command in COMMANDS.values())
    assert {KEYS[action].name for action in KEYS} >= set(KEY_OF)
