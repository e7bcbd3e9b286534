"""The one object the app talks to: each frame it looks at the game, says what changed, keeps
the platform's tree up to date, performs what a screen reader or a switch asked for, and steps
the switch scanning.

It only watches: the table and its panels never call it. What an action did is read from the
game after the fact (the position before and after, the line under the table, the selection,
the panel that opened), so every way of acting (mouse, keys, the tree, a switch, the kiosk)
is said the same way. A request from the tree acts through the game's own keyboard path: the
node is focused, then Enter is pressed.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass, replace
from typing import Protocol

import pygame

from game import platform
from game.config import ANNOUNCE_GAP_SECONDS, SCAN_HIGHLIGHT, SCAN_HIGHLIGHT_WIDTH
from game.context import Context
from game.input import Action, Command, Key
from game.play import Play
from game.scenes.base import Scene, SceneManager
from game.scenes.panel import Panel
from game.scenes.table import TableScene
from game.settings import ScanMode, Speech
from game.table_terms import Line, Tone
from rules import State

from .accesskit_adapter import open_outlet
from .announcer import Announcer
from .describe import describe, key_place
from .page import PageOutlet
from .scan import Outcome, Scanner, scan_groups
from .speech import (
    answer_words,
    free_words,
    move_words,
    pairs_words,
    piles_ask_words,
    seen_words,
    selection_words,
    undo_words,
)
from .tree import Act, Tree
from .voice import Voice
from .words import sentences, speakable


class Outlet(Protocol):
    """Where the tree goes on this platform (:class:`.accesskit_adapter.AccessKitOutlet`)."""

    active: bool
    requests: queue.SimpleQueue[tuple[str, Act]]
    """What a screen reader asked for, from the platform's thread: taken by the game's frame."""

    def publish(self, tree: Tree) -> None: ...

    def window_focused(self, focused: bool) -> None: ...


@dataclass(frozen=True)
class Look:
    """What was last seen of the game: an action is what changed between two looks."""

    play: Play
    game_id: str
    position: int
    state: State
    line: Line | None
    selected: int | None
    top: Scene | None
    asking: bool
    """A question to the solver was running."""


class Access:
    def __init__(self, ctx: Context, outlet: Outlet | None = None, voice: Voice | None = None) -> None:
        self.ctx = ctx
        self.outlet = outlet
        self.voice = voice or Voice(muted=windowless())
        self.announcer = Announcer(ANNOUNCE_GAP_SECONDS)
        self.scanner = Scanner()
        self.requests: list[tuple[str, Act]] = []
        """Presses and focus moves asked for (by a screen reader, through the outlet; or a test)."""
        self.live = ""
        """The live node's text: the last sentence said."""
        self.alert = False
        """That sentence was a refusal (said at once: an assertive live node)."""
        self._refusals: set[str] = set()
        self.tree: Tree | None = None
        self._tree_seen: tuple[object, ...] = ()
        self.keep_tree = False
        """Build the tree every frame even with nobody reading it (a page's mirror, tests)."""
        self._look: Look | None = None
        self._answer: tuple[str, State, int] | None = None
        """The last «¿Aún se gana?» answer: its words, the position it answered, the moves then."""
        self._told_no_voice = False
        self._was_speaking = False
        self._spoke = False
        self._focused: bool | None = None
        self._highlight: list[pygame.Rect] = []

    # --- settings and state -----------------------------------------------------------------------
    @property
    def speaking(self) -> bool:
        """Spoken moves are on: by the setting, or (by default) because a screen reader reads."""
        speech = self.ctx.settings.speech
        return speech is Speech.ON or (speech is Speech.AUTO and self.reader_present)

    @property
    def reader_present(self) -> bool:
        """An assistive technology reads the tree (the platform told AccessKit so)."""
        return self.outlet is not None and self.outlet.active

    @property
    def scanning(self) -> bool:
        return self.ctx.settings.scan is not ScanMode.OFF

    # --- input --------------------------------------------------------------------------------------
    def handle(self, command: Command, table: TableScene, manager: SceneManager) -> bool:
        """Take ``command`` if it is ours: a key that asks, or a switch while scanning. True if taken."""
        if not isinstance(command, Key):
            return False
        answer = self.answer(command.action, table.play)
        if answer is not None:
            self.announcer.say(answer)
            return True
        mode = self.ctx.settings.scan
        if mode is ScanMode.OFF or command.switch == 0:
            return False
        tree = self._current_tree(table, manager)
        if not scan_groups(tree):
            return False  # a screen the tree does not describe yet: Space and Enter work as usual
        if mode is ScanMode.STEP and command.switch == 1:
            self._scanned(self.scanner.next(tree), table, manager)
        else:
            self._scanned(self.scanner.select(tree, mode), table, manager)
        return True

    def request(self, key: str, act: Act) -> None:
        """Press or focus node ``key`` on the next frame (what a screen reader's action does)."""
        self.requests.append((key, act))

    # --- each frame -----------------------------------------------------------------------------
    def update(self, table: TableScene, manager: SceneManager, now: float, dt: float, focused: bool) -> bool:
        """One frame at time ``now`` (``dt`` since the last): act on requests, step the scanning,
        say what changed, publish the tree. True if the window must be drawn again."""
        changed = self._take_requests(table, manager)
        settings = self.ctx.settings
        if settings.scan is ScanMode.AUTO:
            outcome = self.scanner.tick(self._current_tree(table, manager), dt, settings.scan_seconds)
            if outcome is not None:
                self._scanned(outcome, table, manager)
        if self.outlet is not None and focused != self._focused:
            self._focused = focused
            self.outlet.window_focused(focused)
        if self.keep_tree or self.reader_present or self.scanning:
            # published before this frame's sentence: a live node's first text is never in the
            # tree a screen reader is handed first, where it would not be announced
            self._current_tree(table, manager)
            if self.outlet is not None and self.tree is not None:
                self.outlet.publish(self.tree)
        self._tell_no_voice(table.play)
        self._watch(table, manager.top)
        said = self.announcer.due(now)
        if said is not None:
            self._say(said, table.play)
        highlight = self._highlight_rects()
        if highlight != self._highlight:
            self._highlight = highlight
            manager.invalidate()  # the old outline is painted over only by a whole frame
            changed = True
        return changed

    def _current_tree(self, table: TableScene, manager: SceneManager) -> Tree:
        """The tree of what the game shows now: built again only when something it names may
        have changed (building it takes about 2 ms, a frame's idle time is the solver's)."""
        top = manager.top
        play = table.play
        session = play.session
        seen = (
            play, play.game_id, play.state, play.selected, play.line, play.revealed, play.hint,
            session.moves, len(session.history), table.focus, table.layout, top,
            top.focus if isinstance(top, Panel) else None, self.ctx.settings.lang, self.live, self.alert,
        )  # fmt: skip
        if self.tree is None or seen != self._tree_seen:
            self._tree_seen = seen
            tree = describe(table, top, self.ctx.texts, self.live)
            if self.alert:
                tree = Tree(tuple(replace(n, alert=True) if n.live else n for n in tree.nodes), tree.focus)
            self.tree = tree
        return self.tree

    def _take_requests(self, table: TableScene, manager: SceneManager) -> bool:
        if self.outlet is not None:
            pending = self.outlet.requests
            while not pending.empty():
                self.requests.append(pending.get())
        requests, self.requests = self.requests, []
        for key, act in requests:
            perform(table, manager, self._current_tree(table, manager), key, act)
        return bool(requests)

    def _scanned(self, outcome: Outcome, table: TableScene, manager: SceneManager) -> None:
        tree = self.tree or self._current_tree(table, manager)
        if outcome.focus is not None:
            perform(table, manager, tree, outcome.focus, Act.FOCUS)
        named = outcome.focus or (self.scanner.group if outcome.press is None else None)
        node = None if named is None else tree.node(named)
        if node is not None and self.speaking:
            self.announcer.say(node.name)  # auditory scanning: what the outline is on, named
        if outcome.press is not None:
            perform(table, manager, tree, outcome.press, Act.PRESS)

    # --- what changed, in words ---------------------------------------------------------------------
    def _watch(self, table: TableScene, top: Scene | None) -> None:
        play = table.play
        session = play.session
        look = Look(play, play.game_id, session.position, play.state, play.line, play.selected, top,
                    play.inquiry is not None)  # fmt: skip
        before, self._look = self._look, look
        if before is not None:
            self._note_answer(before, look)
        speaking, spoke, self._spoke = self.speaking, self._spoke, self.speaking
        if not speaking:
            return
        said = self._what_changed(before if spoke else None, look, table)  # just on: where things stand
        if said:
            self.announcer.say(said)
            if refused(before, look):
                self._refusals.add(said)

    def _what_changed(self, before: Look | None, now: Look, table: TableScene) -> str:
        """The words for what changed from ``before`` (None: the first look) to ``now``."""
        texts = self.ctx.texts
        play = now.play
        parts: list[str] = []
        if before is None or now.play is not before.play or now.game_id != before.game_id:
            parts += [table.frame().deal_text + ".", free_words(texts, play.state)]
        elif now.state != before.state:
            log = play.session.log
            if now.position == before.position + 1:
                parts.append(move_words(texts, before.state, play.state, log[now.position - 1]))
            elif now.position < before.position:
                undone = list(reversed(log[now.position : before.position]))
                parts.append(undo_words(texts, before.state, play.state, undone))
            else:
                parts.append(free_words(texts, play.state))
        elif now.selected != before.selected:
            partners = play.partners()
            parts.append(selection_words(texts, play.state, now.selected, before.selected, partners))
        new_top = before is None or now.top is not before.top
        if isinstance(now.top, Panel) and new_top:  # a panel says what the line under it says, and more
            parts += [now.top.title(texts), *now.top.body(texts)]
        elif now.line is not None and (before is None or now.line is not before.line):
            parts.append(texts.t(now.line.key, **now.line.params))
        return speakable(texts, sentences(parts))

    def _note_answer(self, before: Look, now: Look) -> None:
        """Keep the last «¿Aún se gana?» answer: a line of the analysis, or the «no longer
        winnable» panel a question opened."""
        texts = self.ctx.texts
        session = now.play.session
        if now.play is not before.play or now.game_id != before.game_id:
            self._answer = None
        line = now.line
        fresh = line is not None and line is not before.line and line.tone is not Tone.BUSY
        if fresh and line is not None and line.key.startswith("analysis_"):
            self._answer = (speakable(texts, texts.t(line.key, **line.params)), now.state, session.moves)
        elif before.asking and not now.asking and isinstance(now.top, Panel) and now.top is not before.top:
            self._answer = (speakable(texts, now.top.title(texts)), now.state, session.moves)

    def _tell_no_voice(self, play: Play) -> None:
        """Each time spoken moves are turned on (a kiosk's visitor asking to hear the game, the
        setting), tell at once when no voice can say them, and once until they are turned on again."""
        speaking = self.speaking and not self.reader_present
        if speaking and not self._was_speaking:
            self._told_no_voice = not self.voice.muted and not self.voice.available
            if self._told_no_voice:
                play.line = Line("voice_missing", tone=Tone.REFUSAL)
        self._was_speaking = speaking

    def _say(self, text: str, play: Play) -> None:
        """Say ``text``: the live node always carries it (a screen reader reads it from there);
        with no screen reader reading, the voice says it (once told when there is none)."""
        self.live = text if text != self.live else text + "\u00a0"  # the same words again are news too
        self.alert, self._refusals = text in self._refusals, set()
        if self.reader_present:
            return
        if not self.voice.say(text, self.ctx.settings.lang) and not self._told_no_voice:
            self._told_no_voice = True
            play.line = Line("voice_missing", tone=Tone.REFUSAL)

    # --- the keys that ask ------------------------------------------------------------------------------
    def answer(self, action: Action, play: Play) -> str | None:
        """The spoken answer of a key that asks, about ``play``; None for any other key."""
        texts = self.ctx.texts
        if action is Action.ASK_PAIRS:
            return pairs_words(texts, play.state)
        if action is Action.ASK_PILES:
            return piles_ask_words(texts, play.state)
        if action is Action.ASK_SEEN:
            return seen_words(texts, play.session)
        if action is not Action.ASK_ANSWER:
            return None
        if self._answer is None or self._look is None or self._look.game_id != play.game_id:
            return answer_words(texts, None, 0)
        words, state, moves = self._answer
        since = 0 if state == play.state else max(1, play.session.moves - moves)
        return answer_words(texts, words, since)

    # --- drawing ------------------------------------------------------------------------------------
    def _highlight_rects(self) -> list[pygame.Rect]:
        if not self.scanning or self.tree is None:
            return []
        return [pygame.Rect(bounds) for bounds in self.scanner.highlight(self.tree)]

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The scanning highlight over everything; the rectangles drawn."""
        drawn = []
        for rect in self._highlight:
            width = SCAN_HIGHLIGHT_WIDTH
            outline = rect.inflate(2 * width, 2 * width)
            pygame.draw.rect(surface, SCAN_HIGHLIGHT, outline, width, border_radius=width)
            drawn.append(outline)
        return drawn


def perform(table: TableScene, manager: SceneManager, tree: Tree, key: str, act: Act) -> None:
    """Press or focus node ``key`` of ``tree`` through the game's keyboard path (focus it, then
    Enter). A node that is no longer there, or does not take ``act``, is left alone."""
    node = tree.node(key)
    if node is None or act not in node.acts:
        return
    top = manager.top
    if isinstance(top, Panel) and key.startswith("panel:"):
        top.focus = int(key.split(":")[1])
    elif top is table:
        place = key_place(key)
        table.focus = key.removeprefix("btn:") if place is None else place
        table.focus_visible = True
    else:
        return
    if act is Act.PRESS:
        manager.handle(Key(Action.CONFIRM))


def refused(before: Look | None, now: Look) -> bool:
    """Between the two looks only a refusal happened (its line is the news)."""
    line = now.line
    return (
        before is not None and line is not None and line is not before.line and line.tone is Tone.REFUSAL
        and now.state == before.state and now.top is before.top
    )  # fmt: skip


def windowless() -> bool:
    """SDL shows no window (tests, benchmarks): nobody to read a tree or hear a voice."""
    return pygame.display.get_driver() in ("dummy", "offscreen")


def platform_outlet() -> Outlet | None:
    """The platform's accessibility outlet: the page's mirror in the browser, AccessKit for the
    game's window natively; None without either (not installed, or no window shown)."""
    if platform.IS_WEB:
        return PageOutlet() if platform.page_mirrored() else None
    if windowless():
        return None
    return open_outlet(pygame.display.get_wm_info().get("window"))
