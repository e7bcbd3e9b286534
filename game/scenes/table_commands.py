"""The table's commands, one table shared by taps, keys and the focus ring.

Each command has a name (its control's, when it has one), the keys that give it, when it is
enabled (its control is drawn greyed otherwise) and what it does. A tap on a control, its key
and Enter on the focused control all call :meth:`TableScene.press`, so a command does the same
whichever way it came; a disabled one still runs and its refusal explains why (the rules say it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.input import Action
from game.render.widgets import Style
from rules import RECYCLE, check
from solver import Purpose

from .deal_dialog import DealDialog
from .record_screens import DailyScreen, StatsScreen
from .rules_screen import RulesScreen
from .settings_screen import SettingsScreen

if TYPE_CHECKING:
    from .table import TableScene

Run = Callable[["TableScene"], None]
When = Callable[["TableScene"], bool]

OFF_STYLES = {Style.GHOST: Style.GHOST_OFF}
"""How a disabled control is drawn: greyed (a ghost control stays a ghost)."""


@dataclass(frozen=True)
class TableCommand:
    name: str
    keys: tuple[Action, ...]
    run: Run
    enabled: When = lambda scene: True
    style: Style = Style.NORMAL
    """How its control is drawn while the command is enabled."""

    def look(self, scene: TableScene) -> Style:
        """How its control is drawn now."""
        return self.style if self.enabled(scene) else OFF_STYLES.get(self.style, Style.OFF)


# --- when a command is enabled ---------------------------------------------------------------------
def can_draw(scene: TableScene) -> bool:
    state = scene.play.state
    return bool(state.stock_count) and not state.is_won


def can_recycle(scene: TableScene) -> bool:
    return check(scene.play.state, RECYCLE) is None


def can_undo(scene: TableScene) -> bool:
    """Not on a won board (already counted), nor on a par deal that is over (already scored)."""
    play = scene.play
    final = play.session.is_over and play.par
    return bool(play.session.history) and not play.state.is_won and not final


def can_ask(scene: TableScene) -> bool:
    """A deal that is over (won or at a dead end) has nothing to hint nor analyse."""
    return not scene.play.session.is_over


# --- what a command does -----------------------------------------------------------------------------
def undo(scene: TableScene) -> None:
    if scene.play.undo():
        scene.anim.clear()


def ask(purpose: Purpose) -> Run:
    def run(scene: TableScene) -> None:
        answer = scene.play.ask(purpose)
        if answer is not None:
            scene.answered(answer)

    return run


def new_deal(scene: TableScene) -> None:
    """«Nuevo reparto»: the dialog that takes a number; in a kiosk (no number to type) a fresh deal."""
    if scene.ctx.kiosk:
        scene.request_deal()
        return
    on_daily = lambda: scene.press("daily")  # noqa: E731
    scene.open(DealDialog(scene.ctx, scene.manager, scene.request_deal, on_daily=on_daily))


def rules(scene: TableScene) -> None:
    scene.open(RulesScreen(scene.ctx, scene.manager))


def settings(scene: TableScene) -> None:
    on_stats = None if scene.ctx.kiosk else lambda: scene.press("stats")  # a kiosk's are for staff
    scene.open(SettingsScreen(scene.ctx, scene.manager, on_stats=on_stats))


def stats(scene: TableScene) -> None:
    scene.open(StatsScreen(scene.ctx, scene.manager, scene.play.state.rules))


def daily(scene: TableScene) -> None:
    ctx, play = scene.ctx, scene.play

    def play_daily(number: int, day: str) -> None:
        scene.request_start(lambda: ctx.dealer.daily(number, day, ctx.settings.par_scoring))

    current = (play.daily, play.session.is_over)
    scene.open(DailyScreen(ctx, scene.manager, play_daily, current, ctx.keeper.date()))


def draw(scene: TableScene) -> None:
    scene.after(scene.play.draw())


def recycle(scene: TableScene) -> None:
    scene.after(scene.play.recycle())


COMMANDS: dict[str, TableCommand] = {
    command.name: command
    for command in (
        TableCommand("deal", (), new_deal, style=Style.CHIP),  # the deal chip opens «Nuevo reparto» too
        TableCommand("draw", (Action.DRAW,), draw, can_draw),
        TableCommand("recycle", (Action.RECYCLE,), recycle, can_recycle, Style.PRIMARY),
        TableCommand("undo", (Action.UNDO,), undo, can_undo),
        TableCommand("hint", (Action.HINT,), ask(Purpose.HINT), can_ask),
        TableCommand("analyse", (), ask(Purpose.ASK), can_ask, Style.GHOST),
        TableCommand("new", (Action.NEW,), new_deal, style=Style.GHOST),
        TableCommand("rules", (), rules, style=Style.GHOST),
        TableCommand("settings", (), settings, style=Style.GHOST),
        TableCommand("stats", (Action.STATS,), stats),
        TableCommand("daily", (Action.DAILY,), daily),
    )
}
"""Every command of the table, by name."""
KEYS: dict[Action, TableCommand] = {key: command for command in COMMANDS.values() for key in command.keys}
"""The command each shortcut key gives."""
