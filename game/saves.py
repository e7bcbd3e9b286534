"""What the game keeps between runs: settings, the game in progress, statistics, the daily log.

:class:`Keeper` is the one place that turns the game's values into storage documents and
back. The app calls :meth:`Keeper.sync` every frame: whatever changed since the last call is
written at once (settings on change, the game after every move, statistics at a deal's first
move and at its end), so a crash or ``kill -9`` loses at most the move of the frame it hit.
The clock alone is written lazily (every :data:`CLOCK_SAVE_SECONDS` while it runs, and when
it stops: the window hidden, a screen over the table, the deal over; and when the game closes).

A document that is readable JSON but does not make sense (a setting out of range, a move the
rules refuse, a negative count) is set aside like a corrupt one and the game starts clean.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
from collections.abc import Callable
from typing import Any

from rules import RecordError, RuleSet, Session
from rules.scoring import Match, score_session
from rules.variant import UNLIMITED

from .dealer import Dealer
from .play import Play
from .records import DailyLog, MatchLog
from .settings import COMFORT, Settings
from .stats import Stats
from .storage import Storage, describe

SETTINGS_VERSION = 1
GAME_VERSION = 1
STATS_VERSION = 4
"""Format 2 added par-scoring matches (``par``), format 3 the event log and several pending
games (two games merge their statistics, :meth:`Stats.absorb`), format 4 the ``void`` event (a
game undone back to its start and left) and each deal's best time (``deals``, and a win's deal
number ``d``); formats 1 to 3 still load."""
STATS_OLDEST = 1
DAILY_VERSION = 1
MATCH_VERSION = 1
CLOCK_SAVE_SECONDS = 5.0


# --- settings ---------------------------------------------------------------------------------------
def settings_doc(settings: Settings) -> dict[str, Any]:
    """Every field of :class:`Settings`, by name (an enum by its value): a new setting is saved
    the day it is added, with no line to write here."""
    doc: dict[str, Any] = {}
    for item in dataclasses.fields(Settings):
        value = getattr(settings, item.name)
        doc[item.name] = value.value if isinstance(value, enum.Enum) else value
    if settings.passes == UNLIMITED:
        doc["passes"] = "unlimited"  # (the key's word, not the number that stands for it)
    return doc


def _setting_value(name: str, default: object, value: object) -> object:
    """``value`` checked against the type of the field's default; ``ValueError`` when it does not fit."""
    if isinstance(default, enum.Enum):
        try:
            return type(default)(value)
        except ValueError:
            raise ValueError(f"{name} cannot be {value!r}") from None
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {value!r}")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be a whole number, not {value!r}")
        return value
    if isinstance(default, str):
        if not isinstance(value, str):
            raise ValueError(f"{name} must be text, not {value!r}")
        return value
    if isinstance(default, dict):  # names to texts (the passes chosen per variant)
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise ValueError(f"{name} must be names and texts, not {value!r}")
        return dict(value)
    raise TypeError(f"setting {name}: no document form for {type(default).__name__}")


def settings_from_doc(doc: dict[str, Any], notices: list[str] | None = None) -> Settings:
    """Settings from a document; ``ValueError`` naming the first bad value (each field checked
    against the type of its default, then validated as :class:`Settings` validates them). A
    setting the document lacks takes its default; a name it does not know is ignored.

    A comfort setting (:data:`game.settings.COMFORT`: theme, text size, animation speed) holding
    a value this game does not know falls back to its default alone, with one line in
    ``notices``: the rest of the settings are kept."""
    defaults = Settings()
    doc = dict(doc)
    if doc.get("passes") == "unlimited":
        doc["passes"] = UNLIMITED
    for name, allowed in COMFORT.items():
        if name in doc and doc[name] not in allowed:
            if notices is not None:
                notices.append(f"settings: unknown {name} {doc[name]!r}, using {getattr(defaults, name)!r}")
            del doc[name]
    values: dict[str, Any] = {
        item.name: _setting_value(item.name, getattr(defaults, item.name), doc[item.name])
        for item in dataclasses.fields(Settings)
        if item.name in doc
    }
    return dataclasses.replace(defaults, **values)


def load_settings(storage: Storage, first: Settings | None = None) -> Settings:
    """The saved settings, or ``first`` (the defaults unless given: a new player's, e.g. from the
    page's preferences); a bad document is set aside with a notice; an unknown comfort value
    alone falls back to its default, with one notice."""
    return (
        storage.read("settings", SETTINGS_VERSION, lambda doc: settings_from_doc(doc, storage.notices))
        or first
        or Settings()
    )


def _restored(doc: dict[str, Any], dealer: Dealer) -> tuple[Play | None, RecordError | None]:
    """The game a ``game`` document holds (None when it was won), and the refusal that cut its
    move list short (None when every move was legal); raises for anything that does not fit."""
    session, refused = Session.from_record_prefix(doc.get("session"), now=dealer.now)
    game_id, daily = doc.get("id"), doc.get("daily")
    hidden, revealed = doc.get("label_hidden"), doc.get("revealed")
    par = doc.get("par", False)  # a game saved before par scoring was not a par deal
    if not isinstance(game_id, str) or not game_id or not (daily is None or isinstance(daily, str)):
        raise RecordError("id or daily: of the wrong type")
    if not isinstance(hidden, bool) or not isinstance(revealed, bool) or not isinstance(par, bool):
        raise RecordError("label_hidden, revealed or par: not true or false")
    if session.is_won:
        return None, refused
    play = dealer.resume(session, hidden, game_id=game_id, daily=daily)
    play.revealed = revealed or session.is_over
    play.par = par
    return play, refused


# --- the keeper ---------------------------------------------------------------------------------------
def today() -> datetime.date:
    """The local date (the daily deal changes at local midnight)."""
    return datetime.date.today()


class Keeper:
    """Loads the statistics and the daily log, and writes every document when it changes."""

    def __init__(
        self,
        storage: Storage,
        settings: Settings,
        clock_save_seconds: float = CLOCK_SAVE_SECONDS,
        date: Callable[[], datetime.date] = today,
    ) -> None:
        self.storage = storage
        self.date = date
        self.clock_save_seconds = clock_save_seconds
        self.stats = self._load_stats()
        self.daily = self._load_daily()
        self.matches = self._load_matches()
        self.completed: Match | None = None
        """A par match completed since the table last asked (:meth:`take_completed`)."""
        self._settings = settings_doc(settings)
        self._game_key: tuple[object, ...] | None = None
        self._scored_key: tuple[object, ...] | None = None
        self._saved_elapsed = 0.0
        self._clock_running = False
        self.restored_upto: int | None = None
        """How many moves of a saved game were kept when a later one was refused (it is set
        aside with the reason ``"cut"``); None when none was."""

    # --- loading ------------------------------------------------------------------------------------
    def _load_stats(self) -> Stats:
        return self.storage.read("stats", STATS_VERSION, Stats.from_doc, STATS_OLDEST) or Stats()

    def _load_daily(self) -> DailyLog:
        return self.storage.read("daily", DAILY_VERSION, DailyLog.from_doc) or DailyLog()

    def _load_matches(self) -> MatchLog:
        return self.storage.read("match", MATCH_VERSION, MatchLog.from_doc) or MatchLog()

    def restore_game(self, dealer: Dealer) -> Play | None:
        """The saved game in progress, replayed through the rules; None when there is none, when
        it was won (the next start deals a new one), or when it cannot be rebuilt (then it is
        set aside with a notice, whatever the error: see :meth:`Storage.read`)."""
        doc = self.storage.load("game", GAME_VERSION)
        if doc is None:
            return None
        try:
            restored = _restored(doc, dealer)
        except Exception as error:  # the load boundary: RecordError naming the field, or any other
            self.storage.reject("game", f"cannot be replayed ({describe(error)})")
            return None
        play, refused = restored
        if refused is not None:  # the moves before it stand; the document is kept for a look
            self.restored_upto = refused.index
            self.storage.reject("game", f"has a move the rules refuse ({refused})", why="cut")
        if play is None:  # won: the next start deals a new one
            return None
        if refused is not None:
            self.save_game(play)  # the document was set aside: the restored game takes its place
        self._game_key = self._key(play)
        self._saved_elapsed = play.session.clock.elapsed()
        return play

    # --- writing ------------------------------------------------------------------------------------
    def sync(self, play: Play, settings: Settings, force_clock: bool = False) -> None:
        """Write what changed since the last call: settings, the game, statistics, the daily log
        (``force_clock``: the clock too, however little it moved)."""
        self.storage.keep_alive()
        doc = settings_doc(settings)
        if doc != self._settings:
            self._settings = doc
            self.storage.save("settings", SETTINGS_VERSION, doc)
        self._count(play)
        self._score(play)
        key = self._key(play)
        clock = play.session.clock
        elapsed = clock.elapsed()
        stopped = self._clock_running and not clock.running  # hidden, covered, or the deal over
        self._clock_running = clock.running
        moved = elapsed != self._saved_elapsed
        stale_clock = abs(elapsed - self._saved_elapsed) >= self.clock_save_seconds
        if key != self._game_key or ((force_clock or stopped) and moved) or stale_clock:
            self.save_game(play)

    def save_game(self, play: Play) -> None:
        session = play.session
        doc = {
            "id": play.game_id,
            "daily": play.daily,
            "label_hidden": play.hidden_at_start,
            "revealed": play.revealed,
            "par": play.par,
            "session": session.record(),
        }
        self.storage.save("game", GAME_VERSION, doc)
        self._game_key = self._key(play)
        self._saved_elapsed = session.clock.elapsed()

    def reset_stats(self, rules: RuleSet) -> None:
        """Forget the statistics of ``rules``, and write that down."""
        self.stats.reset(rules)
        self._save_stats()

    def par_standing(self, play: Play) -> tuple[int, int] | None:
        """For a par deal: its number in the match (1-6) and the match's running total with this
        deal as it stands; None for a deal that is not a par deal."""
        if not play.par:
            return None
        log = self.matches
        match = log.match
        if log.live == play.game_id:
            return match.next_deal, match.total + log.live_points
        if log.done == play.game_id:  # entered: the match it completed, if it did
            last = log.last if not match.scores and log.last is not None else match
            return len(last.scores), last.total
        return match.next_deal, match.total

    def take_completed(self) -> Match | None:
        """The par match completed since the last call, if any (the table shows its summary)."""
        completed, self.completed = self.completed, None
        return completed

    def _score(self, play: Play) -> None:
        """The par match: a deal left for another is entered as it stood; a par deal joins at
        its first move, is rescored as it changes, and is entered when it is over."""
        log = self.matches
        changed = False
        if log.live is not None and log.live != play.game_id:
            changed = True
            self._enter(log.live_points)
        session = play.session
        if play.par and session.moves > 0:
            changed = log.begin(play.game_id) or changed
        key = self._key(play)
        if log.live == play.game_id and key != self._scored_key:
            self._scored_key = key
            points = score_session(session).points
            if session.is_over:
                self._enter(points)
                changed = True
            elif points != log.live_points:
                log.live_points = points
                changed = True
        if changed:
            self.storage.save("match", MATCH_VERSION, log.to_doc())

    def _enter(self, points: int) -> None:
        completed = self.matches.enter(points)
        if completed is not None:
            self.stats.record_match(completed)
            self._save_stats()
            self.completed = completed

    def leave_untouched(self, play: Play) -> None:
        """``play`` is left for another deal with no move on the table (every move undone): it
        is taken out of the statistics, neither played nor lost (nothing was thrown away, and
        the player was not asked)."""
        if not play.session.history and self.stats.void(play.game_id):
            self._save_stats()

    def walk_away(self, play: Play) -> None:
        """The kiosk's idle reset closes ``play`` unwon: it counts as abandoned, not lost."""
        self._count(play)  # its first move is counted, if that has not been saved yet
        if not play.session.is_won and self.stats.walk_away(play.game_id):
            self._save_stats()

    def _count(self, play: Play) -> None:
        """Statistics and the daily log: a first move, a win, a game left unwon."""
        session = play.session
        daily_changed = False
        changed = self.stats.abandon(keep=play.game_id)
        if session.moves > 0 and not self.stats.counted(play.game_id):
            self.stats.start(play.game_id, play.state.rules)
            changed = True
            if play.daily is not None and play.number is not None:
                self.daily.played(play.daily, play.number)
                daily_changed = True
        elapsed = session.clock.elapsed()
        if session.is_won and self.stats.win(play.game_id, elapsed, session.moves, play.number):
            changed = True
            if play.daily is not None and play.number is not None:
                clean = session.undos == 0 and session.hints == 0
                self.daily.won(play.daily, play.number, clean)
                daily_changed = True
        if changed:
            self._save_stats()
        if daily_changed:
            self._save_daily()

    def _save_stats(self) -> None:
        """Merge the statistics with the document as it is now, then write them: another game
        (where no lock could be had) may have written it since (see :meth:`Stats.absorb`)."""
        if self.storage.read_only:
            return
        disk = self.storage.read("stats", STATS_VERSION, Stats.from_doc, STATS_OLDEST)
        if disk is not None:
            self.stats.absorb(disk)
        if self.storage.save("stats", STATS_VERSION, self.stats.to_doc()):
            self.stats.saved()

    def _save_daily(self) -> None:
        """The daily log, merged the same way (:meth:`DailyLog.absorb`)."""
        if self.storage.read_only:
            return
        disk = self.storage.read("daily", DAILY_VERSION, DailyLog.from_doc)
        if disk is not None:
            self.daily.absorb(disk)
        self.storage.save("daily", DAILY_VERSION, self.daily.to_doc())

    @staticmethod
    def _key(play: Play) -> tuple[object, ...]:
        session = play.session
        return (
            play.game_id,
            play.revealed,
            session.position,
            len(session.log),
            session.moves,
            session.undos,
            session.hints,
            session.seen_mask,
        )
