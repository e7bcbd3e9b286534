"""What a move, an answer or a new deal leads to at the table: the sound, the animation, and the
panels it opens (the win, the dead end, «no longer winnable», «leave this game?»)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.play import Effect, Play, Played, Reading, Removed, reading
from game.sound import Sound
from rules import Ending
from solver import Answer, Purpose

from .panels import confirm_new_panel, dead_end_panel, lost_panel, win_panel

if TYPE_CHECKING:
    from .table import TableScene


def effect_sound(effect: Effect, won: bool) -> Sound:
    """The sound of a move that was made: a win, a pair (or King) leaving, or the stock moving."""
    if won:
        return Sound.WIN
    return Sound.PAIR if isinstance(effect, Removed) else Sound.DRAW


def after_move(scene: TableScene, played: Played | None) -> None:
    """A tap or a command was handled: the selection's sound, then, for a move that was made,
    its animation and sound, and the end panel if the deal is over."""
    ctx, play = scene.ctx, scene.play
    scene.keyboard.repair(play, scene.layout)
    if play.selected is not None and play.selected != scene.sounded_selection:
        ctx.play_sound(Sound.SELECT)
    scene.sounded_selection = play.selected
    if played is None:
        return
    if not ctx.settings.still:
        scene.anim.effect(played.effect, scene.layout)
    won = played.ending is Ending.WON
    ctx.play_sound(effect_sound(played.effect, won))
    if won:
        if not ctx.settings.still:
            scene.anim.win(play.session.start_state, scene.layout)
        scene.open(win_panel(ctx, scene.manager, play, scene.new_deal, scene.replay))
    elif played.ending is Ending.DEAD_END:
        panel = dead_end_panel(
            ctx, scene.manager, play,
            on_undo=lambda: from_panel(scene, lambda: scene.press("undo")),
            on_replay=scene.replay, on_new=scene.new_deal,
        )  # fmt: skip
        scene.open(panel)


def after_answer(scene: TableScene, answer: Answer) -> None:
    """A question to the solver was answered (its line is already shown): moves taken back are
    put in place at once; a deal no longer winnable opens its panel."""
    read = reading(answer)
    if read is Reading.REWOUND:
        scene.anim.clear()
        scene.keyboard.repair(scene.play, scene.layout)
    elif read is Reading.LOST:
        play = scene.play
        scene.open(
            lost_panel(
                scene.ctx, scene.manager, play, answer,
                on_undo=lambda: from_panel(scene, lambda: scene.press("undo")),
                on_rewind=lambda: from_panel(scene, lambda: play.ask(Purpose.REWIND)),
                on_hint=lambda: from_panel(scene, play.plain_hint),
                on_replay=scene.replay,
                on_new=scene.new_deal,
            )
        )  # fmt: skip


def from_panel(scene: TableScene, action: Callable[[], object]) -> None:
    """A panel's button acting on the table: the panel closes first."""
    scene.manager.pop_above(scene)
    action()


def request_start(scene: TableScene, make: Callable[[], Play], number: int | None = None) -> None:
    """Play what ``make`` deals (deal ``number``, when known). A game with moves on the table
    still going on is never left silently: a panel asks first (leaving it counts as a loss).
    A game that is over (won, or at a dead end) or already counted is left without asking,
    and so is one undone back to its start, which then counts nothing (but a par deal in the
    match, which is scored as it stands, asks)."""
    ctx, play = scene.ctx, scene.play
    session = play.session
    par = ctx.keeper.matches
    points = par.live_points if par.live == play.game_id else None
    untouched = not session.history and points is None  # every move undone: nothing to lose
    if untouched or session.is_over or ctx.keeper.stats.resolved == play.game_id:
        if untouched:
            ctx.keeper.leave_untouched(play)
        scene.start(make())
        return
    on_table = len(session.history)  # undone moves are no longer on the table
    panel = confirm_new_panel(
        ctx, scene.manager, on_table, lambda: scene.start(make()), number, par_points=points
    )
    scene.open(panel)
