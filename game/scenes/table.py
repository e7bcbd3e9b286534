"""The table: the scene where a deal is played.

Taps and keys become calls on :class:`game.play.Play` (which asks the rules); moves that
succeed start an animation and, when the deal ends, open the win or dead-end panel. The
clock pauses while the window is hidden or another screen covers the table.

The scene is split into rooms: its commands (:mod:`.table_commands`, one table for taps, keys
and the focus ring), its keyboard focus (:mod:`.table_focus`), what its view shows
(:mod:`.table_frame`) and what a move or an answer leads to (:mod:`.table_outcomes`).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.anim import Animator
from game.config import (
    ANALYSIS_SLICE_ANIMATING_MS,
    ANALYSIS_SLICE_IDLE_MS,
    ANALYSIS_SLICE_MIN_MS,
    FRAME_BUDGET_MS,
)
from game.context import Context
from game.input import Action, Command, Drag, Key, Release, Tap
from game.play import Play, Played
from game.render.card_look import face_size
from game.render.controls_view import message_room
from game.render.layer import cover
from game.render.layout import TableLayout, compute_layout
from game.render.table_view import TableFrame, TableView
from game.render.theme import use_palette
from game.texts import format_time
from rules import Ending, Move
from solver import Answer

from .base import Scene, SceneManager
from .focus import DIRECTIONS, TAB
from .table_commands import COMMANDS, KEYS
from .table_focus import BUTTON_ORDER, TableFocus
from .table_frame import fit_chip, table_frame
from .table_outcomes import after_answer, after_move, request_start

__all__ = ["BUTTON_ORDER", "TableScene"]


class TableScene(Scene):
    opaque = True

    def __init__(self, ctx: Context, manager: SceneManager, play: Play) -> None:
        self.ctx = ctx
        self.manager = manager
        self.play = play
        self.view = TableView(ctx.assets)
        self.anim = Animator(ctx.rng)
        self.layout: TableLayout = compute_layout((640, 480), ctx.metrics, play.state.rules.variant)
        self.keyboard = TableFocus()
        self.visible = True
        self.shown_time = ""
        """The clock as the status bar shows it (none while the timer is hidden)."""
        self.busy_age = 0.0
        """Seconds a question has been running: the busy line's dots move with it."""
        use_palette(ctx.settings.theme)
        self._appearance: tuple[object, ...] = (ctx.metrics, ctx.settings.theme, ctx.settings.left_handed)
        """What the screens were laid out and painted for (text size, theme, hand): when a setting
        changes it, every screen is laid out and painted again, at once."""
        self._draw_ms = 0.0
        """How long the last drawing of the table took: the solver gets the rest of a frame."""
        self._moving: list[pygame.Rect] = []
        """Where moving cards were painted last frame (repainted from the layer next frame)."""
        self.sounded_selection: int | None = None
        """The selected card whose sound was played (a card selected again is not sounded again)."""

    @property
    def focus(self) -> int | str | None:
        """The focused place or control (:class:`TableFocus`)."""
        return self.keyboard.at

    @focus.setter
    def focus(self, at: int | str | None) -> None:
        self.keyboard.at = at

    @property
    def focus_visible(self) -> bool:
        return self.keyboard.visible

    @focus_visible.setter
    def focus_visible(self, visible: bool) -> None:
        self.keyboard.visible = visible

    def enter(self) -> None:
        self._animate_deal()

    # --- deals ---------------------------------------------------------------------------------
    def start(self, play: Play, *, close_above: bool = True) -> None:
        """Play ``play`` from now on (a new deal or a position), closing any panel above
        (unless ``close_above`` is False: the kiosk's demo stays over the deals it plays)."""
        if close_above:
            self.manager.pop_above(self)
        variant_before = self.play.state.rules.variant
        self.play = play
        if play.state.rules.variant != variant_before:  # another variant: another table
            self.relayout(self.layout.size)
        self.anim.clear()
        self._animate_deal()
        self.focus = None
        if not self.visible:
            play.session.hide()

    def new_deal(self, number: int | None = None) -> None:
        """Deal ``number``, or a random one in the current deal mode, under the current settings."""
        self.start(self.ctx.dealer.deal(self.ctx.settings, number))

    def replay(self) -> None:
        self.manager.pop_above(self)
        self.play.restart()
        self.anim.clear()
        self._animate_deal()
        if not self.visible:
            self.play.session.hide()

    def _animate_deal(self) -> None:
        """The pyramid flies in from the stock (the state is already dealt; a tap or key skips it)."""
        if not self.ctx.settings.still:
            self.anim.deal(self.play.state, self.layout)

    def covered(self) -> None:
        """A screen or panel lies over the table, or the window is hidden: the clock stops."""
        self.visible = False
        self.play.session.hide()

    def uncovered(self) -> None:
        """The player sees the table again: the clock goes on (if the deal is on)."""
        self.visible = True
        self.play.session.show()

    # --- input ---------------------------------------------------------------------------------
    def handle(self, command: Command) -> None:
        if isinstance(command, Drag | Release):
            return  # the end of a tap already handled (or a drag): the table has nothing to scroll
        self.anim.skip_deal()  # any tap or key puts the dealt cards in place, then acts as usual
        if isinstance(command, Tap):
            self.focus_visible = False
            self._tap(command.pos)
        elif isinstance(command, Key):
            self._key(command)

    def _tap(self, pos: tuple[int, int]) -> None:
        button = self.layout.hit_button(pos)
        if button is not None:
            self.press(button)
            return
        place = self.layout.hit_place(pos, self.play.state.pyramid, self.play.state)
        if place is not None:
            self.focus = place
            self.after(self.play.tap(place))
        # A tap on bare felt (a stray touch, a sleeve, a palm's edge) changes nothing, not even
        # the selection: the selected card is let go by tapping it again, Esc or a right click.

    def _key(self, key: Key) -> None:
        action = key.action
        if action in DIRECTIONS:
            self.keyboard.arrow(action, self.play, self.layout)
        elif action in TAB:
            self.keyboard.ring(TAB[action])
        elif action is Action.CONFIRM:
            self._confirm()
        elif action is Action.CANCEL:
            self.play.cancel()
        elif action in KEYS:
            self.press(KEYS[action].name)

    def press(self, name: str) -> None:
        """A command of the table (:data:`COMMANDS`): its control tapped, its key, or Enter on
        its control focused."""
        command = COMMANDS.get(name)
        if command is not None:
            command.run(self)

    def open(self, screen: Scene) -> None:
        """The one way a screen, dialog or panel opens over the table (which is then told it
        is covered, and pauses its clock)."""
        self.manager.push(screen)

    def after(self, played: Played | None) -> None:
        """What a tap or a command did: sounds, animations, the end panel (:func:`after_move`)."""
        after_move(self, played)

    def demo_move(self, move: Move) -> Played | None:
        """Make ``move`` for the kiosk's attract demo: through the rules, with the normal
        animations (and the win cascade), but no end panel and no sound (a kiosk's demo plays in
        a public room for hours). What it did, or None if the rules refused it."""
        played = self.play.play(move)
        if played is not None and not self.ctx.settings.still:
            self.anim.effect(played.effect, self.layout)
            if played.ending is Ending.WON:
                self.anim.win(self.play.session.start_state, self.layout)
        return played

    # --- deals asked for: a game is never left silently --------------------------------------------
    def request_deal(self, number: int | None = None, variant: str | None = None) -> None:
        """Deal ``number`` (or at random), of ``variant`` when given (a pasted deal's: the
        settings' otherwise), asking first if a game with moves would be left (the question
        names deal ``number`` when there is one)."""
        self.request_start(lambda: self.ctx.dealer.deal(self.ctx.settings, number, variant), number)

    def request_start(self, make: Callable[[], Play], number: int | None = None) -> None:
        """Play what ``make`` deals, asking first before a game would be lost (:func:`request_start`)."""
        request_start(self, make, number)

    def answered(self, answer: Answer) -> None:
        """A question to the solver was answered (:func:`after_answer`)."""
        after_answer(self, answer)

    def _confirm(self) -> None:
        """Enter: press the focused control, or tap the focused card (the focus then goes to a
        partner of a card just selected); with nothing focused, the focus shows."""
        keyboard = self.keyboard
        if not keyboard.visible or keyboard.at is None:
            keyboard.arrow(Action.UP, self.play, self.layout)
            return
        if isinstance(keyboard.at, str):
            self.press(keyboard.at)
            return
        before = self.play.selected
        self.after(self.play.tap(keyboard.at))
        if self.play.selected is not None and self.play.selected != before and keyboard.at is not None:
            keyboard.to_partner(self.play, self.layout)

    # --- time ------------------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.anim.speed = self.ctx.settings.motion_scale or 1.0
        changed = self.anim.update(dt)
        appearance = (self.ctx.metrics, self.ctx.settings.theme, self.ctx.settings.left_handed)
        if appearance != self._appearance:
            self._appearance = appearance
            if use_palette(self.ctx.settings.theme):
                self.view = TableView(self.ctx.assets)  # its felt and layers, in the new colours
            self.manager.relayout(self.manager.size)
            self.manager.invalidate()
            changed = True
        if self.play.step_best(self._analysis_slice_ms(animating=changed)):
            changed = True  # the end panel names the best score the deal allowed
        if self.play.inquiry is not None:
            self.busy_age += dt
            slice_ms = self._analysis_slice_ms(animating=changed)
            changed = True
            answer = self.play.step_inquiry(slice_ms)
            if answer is not None:
                self.answered(answer)
        shown = "" if self.ctx.settings.hide_timer else format_time(self.play.session.clock.elapsed())
        if shown != self.shown_time:
            self.shown_time = shown
            changed = True
        return changed

    # --- drawing -------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        variant, mirrored = self.play.state.rules.variant, self.ctx.settings.left_handed
        self.layout = compute_layout(size, self.ctx.metrics, variant, mirrored)
        self.ctx.assets.prepare(face_size(self.layout.card))
        self.anim.clear()

    def message_line(self) -> pygame.Rect:
        return message_room(self.layout)

    def _analysis_slice_ms(self, animating: bool) -> float:
        """The frame's idle time: what drawing leaves of the frame, within the slice limits."""
        ceiling = ANALYSIS_SLICE_ANIMATING_MS if animating else ANALYSIS_SLICE_IDLE_MS
        return max(ANALYSIS_SLICE_MIN_MS, min(ceiling, FRAME_BUDGET_MS - self._draw_ms))

    def draw(self, surface: pygame.Surface) -> None:
        self.paint(surface, whole=True)

    def paint(self, target: pygame.Surface, whole: bool) -> list[pygame.Rect]:
        """The table from its cached layer (:class:`TableView` repaints there only what changed),
        with the moving cards over it: on a ``target`` that shows the last frame, only the
        rectangles where the layer changed or a moving card is or was are painted again."""
        clock = self.play.pacer.clock
        began = clock()
        deck = self.play.state.rules.deck.name  # the deal's own deck (a Spanish deal draws Spanish cards)
        self.ctx.assets.use_deck(self.ctx.settings.four_colour, self.ctx.settings.large_index, deck)
        fit_chip(self)  # before the frame, which only reads the layout
        damage = self.view.update(self.layout, self.frame())
        moving = self.anim.ghost_rects()
        window = target.get_rect()
        dirty = [window] if whole else cover([*damage, *self._moving, *moving], window)
        layer = self.view.layer.surface
        assert layer is not None
        for rect in dirty:
            target.blit(layer, rect, rect)
        self.anim.draw(target, self.ctx.assets, self.view.look)
        self._moving = moving
        self._draw_ms = (clock() - began) * 1000
        return dirty

    def overlay_active(self) -> bool:
        """True while the win celebration moves."""
        return self.anim.cascade.active

    def flourish_rects(self) -> list[pygame.Rect]:
        return self.anim.cascade.rects()

    def draw_flourish(self, surface: pygame.Surface) -> None:
        """The win celebration, under the result panel (the scene stack draws the panel over it)."""
        self.anim.draw_cascade(surface, self.ctx.assets)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The win celebration over everything where no panel shows the result (the kiosk's demo);
        it ends when the result panel closes."""
        top = self.manager.top
        if top is not None and top.lets_flourish_show and not top.modal:
            self.anim.draw_cascade(surface, self.ctx.assets)
        elif top is self or (top is not None and not top.lets_flourish_show):
            self.anim.cascade.stop()

    def frame(self) -> TableFrame:
        """What the view shows now (:func:`table_frame`)."""
        return table_frame(self)
