"""The table: the scene where a deal is played.

Taps and keys become calls on :class:`game.play.Play` (which asks the rules); moves that
succeed start an animation and, when the deal ends, open the win or dead-end panel. The
clock pauses while the window is hidden or another screen covers the table.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.anim import Animator
from game.config import (
    ANALYSIS_SLICE_ANIMATING_MS,
    ANALYSIS_SLICE_IDLE_MS,
    ANALYSIS_SLICE_MIN_MS,
    BUSY_DOTS_PER_SECOND,
    FRAME_BUDGET_MS,
)
from game.context import Context
from game.input import Action, Command, Drag, Key, Release, Tap
from game.play import Effect, Play, Played, Removed
from game.render.card_look import face_size
from game.render.controls_view import message_room
from game.render.layer import cover
from game.render.layout import CONTROLS, PILE_CONTROLS, TableLayout, compute_layout
from game.render.table_view import TableFrame, TableView
from game.render.theme import TypeScale, use_palette
from game.render.widgets import Style
from game.sound import Sound
from game.table_terms import DECK, Tone
from game.texts import format_time, signed
from rules import RECYCLE, STOCK, Ending, Kind, Move, check
from rules.moves import column_place
from rules.topology import SLOTS
from rules.variant import DEFAULT_RULES
from solver import Answer, Purpose, Verdict

from .base import Scene, SceneManager
from .deal_dialog import DealDialog
from .focus import DIRECTIONS, nearest, step_focus
from .panels import confirm_new_panel, dead_end_panel, lost_panel, win_panel
from .record_screens import DailyScreen, StatsScreen
from .rules_screen import RulesScreen
from .settings_screen import SettingsScreen

BUTTON_ORDER = ("deal", *PILE_CONTROLS, *CONTROLS)
"""Tab order of the table's controls."""
BASE_MIDDLE = 24
"""The middle slot of the pyramid's base row: where the keyboard focus first appears."""


def effect_sound(effect: Effect, won: bool) -> Sound:
    """The sound of a move that was made: a win, a pair (or King) leaving, or the stock moving."""
    if won:
        return Sound.WIN
    return Sound.PAIR if isinstance(effect, Removed) else Sound.DRAW


class TableScene(Scene):
    opaque = True

    def __init__(self, ctx: Context, manager: SceneManager, play: Play) -> None:
        self.ctx = ctx
        self.manager = manager
        self.play = play
        self.view = TableView(ctx.assets)
        self.anim = Animator(ctx.rng)
        self.layout: TableLayout = compute_layout((640, 480), ctx.metrics, play.state.rules.variant)
        self.focus: int | str | None = None
        self.focus_visible = False
        self.visible = True
        self._shown_time = ""
        self._busy_age = 0.0
        use_palette(ctx.settings.theme)
        self._appearance: tuple[object, ...] = (ctx.metrics, ctx.settings.theme, ctx.settings.left_handed)
        """What the screens were laid out and painted for (text size, theme, hand): when a setting
        changes it, every screen is laid out and painted again, at once."""
        self._draw_ms = 0.0
        """How long the last drawing of the table took: the solver gets the rest of a frame."""
        self._moving: list[pygame.Rect] = []
        """Where moving cards were painted last frame (repainted from the layer next frame)."""
        self._sounded_selection: int | None = None

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
            self._after(self.play.tap(place))
        # A tap on bare felt (a stray touch, a sleeve, a palm's edge) changes nothing, not even
        # the selection: the selected card is let go by tapping it again, Esc or a right click.

    def _key(self, key: Key) -> None:
        action = key.action
        if action in DIRECTIONS:
            self._move_focus(action)
        elif action in (Action.NEXT, Action.PREV):
            self._cycle_buttons(1 if action is Action.NEXT else -1)
        elif action is Action.CONFIRM:
            self._confirm()
        elif action is Action.CANCEL:
            self.play.cancel()
        else:
            shortcut = {
                Action.UNDO: "undo",
                Action.HINT: "hint",
                Action.NEW: "new",
                Action.DRAW: "draw",
                Action.RECYCLE: "recycle",
                Action.STATS: "stats",
                Action.DAILY: "daily",
            }.get(action)
            if shortcut is not None:
                self.press(shortcut)

    def press(self, name: str) -> None:
        """A control was pressed (tapped, or activated with the keyboard)."""
        play = self.play
        if name == "undo":
            if play.undo():
                self.anim.clear()
        elif name in ("hint", "analyse"):
            answer = play.ask(Purpose.HINT if name == "hint" else Purpose.ASK)
            if answer is not None:
                self._answered(answer)
        elif name in ("new", "deal") and self.ctx.kiosk:  # no number to type: a fresh deal
            self.request_deal()
        elif name in ("new", "deal"):
            on_daily = lambda: self.press("daily")  # noqa: E731
            dialog = DealDialog(self.ctx, self.manager, self.request_deal, on_daily=on_daily)
            self.manager.push(dialog)
        elif name == "rules":
            self.manager.push(RulesScreen(self.ctx, self.manager))
        elif name == "settings":
            on_stats = None if self.ctx.kiosk else lambda: self.press("stats")  # a kiosk's are for staff
            self.manager.push(SettingsScreen(self.ctx, self.manager, on_stats=on_stats))
        elif name in ("stats", "daily"):
            self._open_records(name)
        elif name == "draw":
            self._after(play.draw())
        elif name == "recycle":
            self._after(play.recycle())

    def _after(self, played: Played | None) -> None:
        """Animate a move that was made and open the end panel if the deal is over."""
        self._repair_focus()
        selected = self.play.selected
        if selected is not None and selected != self._sounded_selection:
            self.ctx.play_sound(Sound.SELECT)
        self._sounded_selection = selected
        if played is None:
            return
        if not self.ctx.settings.still:
            self.anim.effect(played.effect, self.layout)
        won = played.ending is Ending.WON
        self.ctx.play_sound(effect_sound(played.effect, won))
        if won:
            if not self.ctx.settings.still:
                self.anim.win(self.play.session.start_state, self.layout)
            self.manager.push(win_panel(self.ctx, self.manager, self.play, self.new_deal, self.replay))
        elif played.ending is Ending.DEAD_END:
            panel = dead_end_panel(
                self.ctx, self.manager, self.play,
                on_undo=self._undo_from_panel, on_replay=self.replay, on_new=self.new_deal,
            )  # fmt: skip
            self.manager.push(panel)

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

    # --- saves: asking before a game is left; statistics; the daily deal ---------------------------
    def request_deal(self, number: int | None = None, variant: str | None = None) -> None:
        """Deal ``number`` (or at random), of ``variant`` when given (a pasted deal's: the
        settings' otherwise), asking first if a game with moves would be left (the question
        names deal ``number`` when there is one)."""
        self.request_start(lambda: self.ctx.dealer.deal(self.ctx.settings, number, variant), number)

    def request_start(self, make: Callable[[], Play], number: int | None = None) -> None:
        """Play what ``make`` deals (deal ``number``, when known). A game with moves on the table
        still going on is never left silently: a panel asks first (leaving it counts as a loss).
        A game that is over (won, or at a dead end) or already counted is left without asking,
        and so is one undone back to its start, which then counts nothing (but a par deal in the
        match, which is scored as it stands, asks)."""
        session = self.play.session
        par = self.ctx.keeper.matches
        points = par.live_points if par.live == self.play.game_id else None
        untouched = not session.history and points is None  # every move undone: nothing to lose
        if untouched or session.is_over or self.ctx.keeper.stats.resolved == self.play.game_id:
            if untouched:
                self.ctx.keeper.leave_untouched(self.play)
            self.start(make())
            return
        on_table = len(session.history)  # undone moves are no longer on the table
        panel = confirm_new_panel(
            self.ctx, self.manager, on_table, lambda: self.start(make()), number, par_points=points
        )
        self.manager.push(panel)

    def _open_records(self, name: str) -> None:
        if name == "stats":
            self.manager.push(StatsScreen(self.ctx, self.manager, self.play.state.rules))
            return

        def play_daily(number: int, day: str) -> None:
            self.request_start(lambda: self.ctx.dealer.daily(number, day, self.ctx.settings.par_scoring))

        current = (self.play.daily, self.play.session.is_over)
        self.manager.push(DailyScreen(self.ctx, self.manager, play_daily, current, self.ctx.keeper.date()))

    def _undo_from_panel(self) -> None:
        self.manager.pop_above(self)
        self.press("undo")

    def _answered(self, answer: Answer) -> None:
        """A question to the solver was answered: open the «no longer winnable» panel if lost."""
        if answer.purpose is Purpose.REWIND:
            self.anim.clear()
            self._repair_focus()
        elif answer.verdict is Verdict.UNSOLVABLE:
            self.manager.push(
                lost_panel(
                    self.ctx, self.manager, self.play, answer,
                    on_undo=self._undo_from_panel,
                    on_rewind=lambda: self._from_panel(lambda: self.play.ask(Purpose.REWIND)),
                    on_hint=lambda: self._from_panel(self.play.plain_hint),
                    on_replay=self.replay,
                    on_new=self.new_deal,
                )
            )  # fmt: skip

    def _from_panel(self, action: Callable[[], object]) -> None:
        self.manager.pop_above(self)
        action()

    # --- keyboard focus --------------------------------------------------------------------------
    def _candidates(self) -> dict[int, pygame.Rect]:
        """Places the arrows can reach: every card that can be selected now, and the deck."""
        state = self.play.state
        columns = [column_place(c) for c in range(state.rules.variant.columns)]
        deck = [DECK] if state.rules.variant.has_stock else []
        cards = [*range(SLOTS), STOCK, *state.waste_places(), *columns]
        places = deck + [p for p in cards if self.play.selectable(p)]
        return {p: self.layout.place_rect(p, state) for p in places}

    def _move_focus(self, action: Action) -> None:
        candidates = self._candidates()
        if not self.focus_visible or not isinstance(self.focus, int) or self.focus not in candidates:
            self.focus_visible = True
            self.focus = self._default_focus(candidates)
            return
        target = step_focus(self.layout.place_rect(self.focus, self.play.state), action, candidates)
        if target is not None:
            self.focus = target

    def _default_focus(self, candidates: dict[int, pygame.Rect]) -> int | None:
        if isinstance(self.focus, int) and self.focus in candidates:
            return self.focus
        return nearest(self.layout.slots[BASE_MIDDLE].center, candidates)

    def _cycle_buttons(self, step: int) -> None:
        self.focus_visible = True
        if isinstance(self.focus, str) and self.focus in BUTTON_ORDER:
            index = (BUTTON_ORDER.index(self.focus) + step) % len(BUTTON_ORDER)
        else:
            index = 0 if step > 0 else len(BUTTON_ORDER) - 1
        self.focus = BUTTON_ORDER[index]

    def _confirm(self) -> None:
        if not self.focus_visible or self.focus is None:
            self._move_focus(Action.UP)
            return
        if isinstance(self.focus, str):
            self.press(self.focus)
            return
        before = self.play.selected
        self._after(self.play.tap(self.focus))
        partners = self.play.partners()
        newly_selected = self.play.selected is not None and self.play.selected != before
        if partners and newly_selected and self.focus is not None:
            state = self.play.state
            rects = {p: self.layout.place_rect(p, state) for p in partners}
            self.focus = nearest(self.layout.place_rect(self.play.selected or 0, state).center, rects)

    def _repair_focus(self) -> None:
        """After a move the focused card may be gone: move the focus to the nearest playable one."""
        if not isinstance(self.focus, int):
            return
        candidates = self._candidates()
        if self.focus not in candidates:
            self.focus = nearest(self.layout.place_rect(self.focus, self.play.state).center, candidates)

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
            self._busy_age += dt
            slice_ms = self._analysis_slice_ms(animating=changed)
            changed = True
            answer = self.play.step_inquiry(slice_ms)
            if answer is not None:
                self._answered(answer)
        shown = "" if self.ctx.settings.hide_timer else format_time(self.play.session.clock.elapsed())
        if shown != self._shown_time:
            self._shown_time = shown
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
        """What the view shows now."""
        texts = self.ctx.texts
        play = self.play
        state = play.state
        session = play.session
        label = play.shown_label
        label_text = texts.label(label) if label is not None else texts.t("label_hidden")
        deal_key = "deal_daily" if play.daily is not None else "deal"  # the daily deal says so
        deal = label_text
        if play.number is not None:
            number = texts.t(deal_key, n=play.number)
            variant = state.rules.variant
            if variant != DEFAULT_RULES.variant and play.daily is None:  # the chip names a variant
                name = texts.t(f"variant_{variant.name}")
                number = texts.t("deal_variant", variant=name, n=play.number)
            deal = number + " · " + label_text
            if self._chip_width(deal) > self.layout.deal_max_width:  # no room: the number alone
                deal = number
        self.layout.fit_deal_chip(self._chip_width(deal) - 2 * self.layout.font)
        line, tone = "", Tone.INFO
        if play.line is not None:
            line, tone = texts.t(play.line.key, **play.line.params), play.line.tone
            if tone is Tone.BUSY:
                line += "." * (1 + int(self._busy_age * BUSY_DOTS_PER_SECOND) % 3)
        recycle_ready = check(state, RECYCLE) is None
        has_stock = state.rules.variant.has_stock
        status = [
            texts.removed(state),
            texts.t("stock", n=state.stock_count)
            if has_stock
            else texts.t("columns_left", n=state.column_count),
            texts.t("pass", n=state.pass_no, p=state.rules.passes) if has_stock else "",
            ""
            if self.ctx.settings.hide_timer
            else texts.t("time", t=self._shown_time or format_time(session.clock.elapsed())),
            texts.moves(session.moves),
        ]
        status = [cell for cell in status if cell]
        standing = self.ctx.keeper.par_standing(play)
        if standing is not None:  # the par match: this deal's number in it and the running total
            status.insert(3, texts.t("par_status", n=standing[0], total=signed(standing[1])))
        return TableFrame(
            state=state,
            deal_text=deal,
            pass_text=texts.t("pass", n=state.pass_no, p=state.rules.passes) if has_stock else "",
            status=status,
            line=line,
            tone=tone,
            buttons=self._buttons(deal, recycle_ready),
            short_labels={name: texts.t(f"btn_{name}_short") for name in ("analyse", "new")},
            selected=play.selected,
            partners=play.partners(),
            hint=self._hint_targets(),
            focus=self.focus if self.focus_visible else None,
            hidden=self.anim.hidden_places(),
            dealing=self.anim.dealing,
            recycle_ready=recycle_ready,
            pile_labels=(texts.t("pile_stock"), texts.t("pile_waste")),
        )

    def _chip_width(self, text: str) -> int:
        """How wide the deal chip is with ``text`` (in captions, with its inner margins)."""
        size = TypeScale(self.layout.font).caption
        return self.ctx.assets.font(size).size(text)[0] + 2 * self.layout.font

    def _buttons(self, deal: str, recycle_ok: bool) -> dict[str, tuple[str, Style]]:
        texts = self.ctx.texts
        state = self.play.state
        won = state.is_won  # a won board offers no hint, no analysis, no draw, no undo
        over = self.play.session.is_over  # nor a dead end a hint or analysis: nothing is playable
        final = over and self.play.par  # a par deal that is over is scored: no undo
        styles = {
            "draw": Style.NORMAL if state.stock_count and not won else Style.OFF,
            "recycle": Style.PRIMARY if recycle_ok else Style.OFF,
            "undo": Style.NORMAL if self.play.session.history and not won and not final else Style.OFF,
            "hint": Style.OFF if over else Style.NORMAL,
            "analyse": Style.GHOST_OFF if over else Style.GHOST,
            "new": Style.GHOST,
            "rules": Style.GHOST,
            "settings": Style.GHOST,
        }
        buttons = {"deal": (deal, Style.CHIP)}
        for name in (*PILE_CONTROLS, *CONTROLS):
            if name in self.layout.buttons:  # a variant without a stock has no «Robar»
                buttons[name] = (texts.t(f"btn_{name}"), styles.get(name, Style.NORMAL))
        return buttons

    def _hint_targets(self) -> list[int | str]:
        move = self.play.hint
        if move is None:
            return []
        if move.kind is Kind.DRAW:
            return [DECK]
        if move.kind is Kind.RECYCLE:
            return [DECK, "recycle"]
        return list(move.places)
