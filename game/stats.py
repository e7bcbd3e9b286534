"""Statistics per rule set: plain values, no pygame, no files.

Statistics rules (SPEC §8):

* a deal counts as *played* at its first move (it is then *pending*);
* it is *won* when the pyramid is cleared (once: undoing and winning again counts nothing);
* a pending deal left for another deal, or replayed from the start, is a *loss*; but one left
  undone back to its start (no move on the table) is *void*: as if never played;
* a pending deal the kiosk's idle reset closes (the player walked away) is *abandoned*: played,
  but neither won nor lost (no streak broken, no result in the recent ones, not in the win rate);
* the current streak counts wins since the last loss; the longest streak is its maximum;
* best and median time and fewest moves are taken over won deals; so is the best time of each
  deal number (the result panel names it: replaying a deal has a time to beat).

Two games writing one statistics document (where no lock could be had, see :mod:`game.locks`)
merge by event, not by the last writer: see :class:`Stats`.
"""

from __future__ import annotations

import dataclasses
import itertools
import statistics
import uuid
from dataclasses import dataclass, field
from typing import Any

from rules import LAST_DEAL, RuleSet
from rules.scoring import MATCH_DEALS, Match

from .records import RecordsError, as_maybe_time, as_text, as_time, count_of, list_of, maybe_text_of

RECENT = 30
"""How many recent results the statistics keep for the chart."""
MAX_WIN_TIMES = 10_000
"""Winning times kept for the median (the oldest are dropped beyond this)."""


@dataclass
class RuleStats:
    """The record of one rule set."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    win_times: list[float] = field(default_factory=list)
    recent: str = ""
    """The last :data:`RECENT` results, oldest first: ``W`` won, ``L`` lost."""
    abandoned: int = 0
    """Deals the kiosk's idle reset closed unwon: counted apart, neither won nor lost."""
    deal_times: dict[int, float] = field(default_factory=dict)
    """Deal number → the best time it was won in."""

    @property
    def lost(self) -> int:
        """Deals played, not won and not abandoned (a pending deal counts here until it is won)."""
        return self.played - self.won - self.abandoned

    @property
    def win_rate(self) -> float | None:
        """Won over the deals won or lost (an abandoned deal had no result)."""
        decided = self.played - self.abandoned
        return self.won / decided if decided else None

    @property
    def median_time(self) -> float | None:
        return statistics.median(self.win_times) if self.win_times else None

    def _result(self, letter: str) -> None:
        self.recent = (self.recent + letter)[-RECENT:]

    def win(self, seconds: float, moves: int, deal: int = 0) -> None:
        self.won += 1
        self.current_streak += 1
        self.longest_streak = max(self.longest_streak, self.current_streak)
        self._times(seconds, moves, deal)
        self._result("W")

    def _times(self, seconds: float, moves: int, deal: int) -> None:
        """A win's time and moves (of deal number ``deal``; 0: a position without a number)."""
        self.best_time = seconds if self.best_time is None else min(self.best_time, seconds)
        self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
        self.win_times = ([*self.win_times, seconds])[-MAX_WIN_TIMES:]
        if deal:
            self.deal_times[deal] = min(seconds, self.deal_times.get(deal, seconds))

    def lose(self) -> None:
        self.current_streak = 0
        self._result("L")

    def win_after_all(self, seconds: float, moves: int, was_abandoned: bool, deal: int = 0) -> None:
        """A deal counted as lost (or abandoned) by another game was won here after all: it
        counts as won, with its time and moves; the streak and recent results stay as they were."""
        self.won += 1
        self.abandoned -= was_abandoned
        self._times(seconds, moves, deal)


@dataclass
class ParStats:
    """Par-scoring matches: how many were played (completed), made, and the best total."""

    played: int = 0
    made: int = 0
    best_total: int | None = None

    def record(self, match: Match) -> None:
        self.played += 1
        self.made += match.made
        self.best_total = match.total if self.best_total is None else max(self.best_total, match.total)

    def to_doc(self) -> dict[str, Any]:
        return {"played": self.played, "made": self.made, "best_total": self.best_total}

    @staticmethod
    def from_doc(doc: object) -> ParStats:
        if not isinstance(doc, dict):
            raise RecordsError("stats: 'par' must be an object")
        best = doc.get("best_total")
        if best is not None and (isinstance(best, bool) or not isinstance(best, int)):
            raise RecordsError(f"best_total: must be a whole number, not {best!r}")
        value = ParStats(count_of(doc, "played"), count_of(doc, "made"), best)
        if value.made > value.played or (value.played > 0) != (best is not None):
            raise RecordsError("stats: more par matches made than played, or a best total without a match")
        return value


@dataclass(frozen=True)
class Event:
    """One thing the statistics count, kept in the document's log so that two games writing the
    same document can merge (:meth:`Stats.absorb`). ``kind`` is one of :data:`EVENT_KINDS`."""

    seq: int
    """Its place in the log (1, 2, 3…; given when it enters a log)."""
    kind: str
    game: str
    """The game's id (a reset and a completed par match have an id of their own)."""
    rules: str = ""
    """The rule set's key (``start``, ``lose``, ``away``, ``win``, ``reset``)."""
    seconds: float = 0.0
    moves: int = 0
    scores: tuple[int, ...] = ()
    """A completed par match's six deal scores."""
    deal: int = 0
    """A win's deal number (0: none, a position or an event written before format 4)."""

    @property
    def key(self) -> tuple[str, str]:
        """What makes an event the same one in two logs: each happens once per game."""
        return self.kind, self.game


EVENT_KINDS = ("start", "win", "lose", "away", "reset", "match", "void")
LOG_EVENTS = 200
"""Events the statistics document keeps (about 100 deals, some 15 KB): two games merge as long
as neither wrote more than this between two writes of the other."""


@dataclass
class Stats:
    """Statistics of every rule set played (key ``str(rules)``), par matches, the deals pending,
    and the log of the last :data:`LOG_EVENTS` events.

    Every change is an :class:`Event`, applied by one set of rules whether it happens here or is
    replayed from another game's log (:meth:`absorb`). So two games writing one statistics
    document (two windows where no lock could be had, see :mod:`game.locks`) keep both games'
    results: a writer reads the document first, replays onto it each of its events it lacks,
    and writes that. An event is applied once (it is in the log after), and a win counts even
    when the other game had counted that deal as left (lost or abandoned): its count moves from
    lost to won, though the streak and recent results it broke stay broken."""

    by_rules: dict[str, RuleStats] = field(default_factory=dict)
    pending_games: dict[str, str] = field(default_factory=dict)
    """Id → rule-set key of each game counted as played and not yet won or lost."""
    resolved: str | None = None
    """Id of the last game won or lost here (so a resumed game is not counted twice)."""
    par: ParStats = field(default_factory=ParStats)
    log: list[Event] = field(default_factory=list)
    mine: set[str] = field(default_factory=set, compare=False)
    """Pending games this game looks after: those it started, and those pending when it loaded
    the document (left by an earlier run). Starting another deal leaves these, and only these."""
    unsaved: set[tuple[str, str]] = field(default_factory=set, compare=False)
    """Keys of the events not yet written (:meth:`saved` clears them)."""

    @property
    def pending(self) -> str | None:
        """Id of the game pending here (the last one started), if any."""
        return next((game for game in reversed(self.pending_games) if game in self.mine), None)

    def of(self, rules: RuleSet | str) -> RuleStats:
        return self.by_rules.setdefault(str(rules), RuleStats())

    def counted(self, game_id: str) -> bool:
        return game_id in self.pending_games or game_id == self.resolved or self._logged(game_id)

    def start(self, game_id: str, rules: RuleSet) -> None:
        """The first move of game ``game_id``: a game pending here before is lost."""
        if self.counted(game_id):
            return
        self.abandon(keep=game_id)
        self.mine.add(game_id)
        self._record(Event(0, "start", game_id, str(rules)))

    def win(self, game_id: str, seconds: float, moves: int, deal: int | None = None) -> bool:
        """Game ``game_id`` (of deal number ``deal``, when it has one) was won; True if this is news."""
        if game_id == self.resolved:  # won here already (asked every frame while a won deal shows)
            return False
        return self._record(Event(0, "win", game_id, self._rules_of(game_id), seconds, moves, deal=deal or 0))

    def deal_time(self, rules: RuleSet, deal: int) -> float | None:
        """The best time deal number ``deal`` was won in under ``rules`` (None: never won)."""
        record = self.by_rules.get(str(rules))
        return None if record is None else record.deal_times.get(deal)

    def abandon(self, keep: str | None = None) -> bool:
        """The games pending here (but ``keep``, the one being played) were left unwon: losses.
        True if there was one."""
        left = [game for game in self.pending_games if game in self.mine and game != keep]
        return any([self._record(Event(0, "lose", game, self.pending_games[game])) for game in left])

    def void(self, game_id: str) -> bool:
        """Game ``game_id``, pending, was left undone back to its start: taken back out of the
        deals played (it never counts as lost). True if it was pending here."""
        if game_id not in self.pending_games or game_id not in self.mine:
            return False
        return self._record(Event(0, "void", game_id, self.pending_games[game_id]))

    def walk_away(self, game_id: str) -> bool:
        """Game ``game_id``, pending, was closed by the kiosk's idle reset: abandoned, not lost.
        True if it was pending."""
        return self._record(Event(0, "away", game_id, self.pending_games.get(game_id, "")))

    def reset(self, rules: RuleSet) -> None:
        """Forget the record of ``rules`` (a pending game of those rules is forgotten too)."""
        self._record(Event(0, "reset", uuid.uuid4().hex[:16], str(rules)))

    def record_match(self, match: Match) -> None:
        """A par match was completed."""
        self._record(Event(0, "match", uuid.uuid4().hex[:16], scores=match.scores))

    # --- two games, one document --------------------------------------------------------------------
    def absorb(self, disk: Stats) -> None:
        """Become ``disk`` (the document as it is now: another game may have written it) plus
        every event of this log that it lacks, replayed in order. An event of ours that was
        written and is gone from a full log was folded into its counts long ago, and is not
        replayed; one that went missing from a log with room (another game's write replaced
        ours in the same moment) is."""
        known = {event.key for event in disk.log}
        floor = disk.log[0].seq if len(disk.log) >= LOG_EVENTS else 0
        for event in self.log:
            if event.key not in known and (event.key in self.unsaved or event.seq >= floor):
                disk._record(event)
        self.by_rules, self.pending_games, self.par = disk.by_rules, disk.pending_games, disk.par
        self.log, self.unsaved = disk.log, disk.unsaved

    def saved(self) -> None:
        """The document was written with every event so far."""
        self.unsaved = set()

    # --- the rules of each event ----------------------------------------------------------------------
    def _record(self, event: Event) -> bool:
        """Apply ``event``; if it is news, log it (with the next place) and return True."""
        if event.key in {logged.key for logged in self.log} or not self._apply(event):
            return False
        self.log.append(dataclasses.replace(event, seq=self.log[-1].seq + 1 if self.log else 1))
        del self.log[:-LOG_EVENTS]
        self.unsaved.add(event.key)
        return True

    def _apply(self, event: Event) -> bool:
        game = event.game
        if event.kind == "start":
            if self.counted(game):
                return False
            self.of(event.rules).played += 1
            self.pending_games[game] = event.rules
        elif event.kind == "reset":
            self.by_rules.pop(event.rules, None)
            for gone in [g for g, rules in self.pending_games.items() if rules == event.rules]:
                del self.pending_games[gone]
                self.resolved = gone
        elif event.kind == "match":
            self.par.record(Match(event.scores))
        elif game in self.pending_games:  # a result of a pending game
            record = self.of(self.pending_games.pop(game))
            if event.kind == "void":
                record.played -= 1
            elif event.kind == "win":
                record.win(event.seconds, event.moves, event.deal)
            elif event.kind == "lose":
                record.lose()
            else:
                record.abandoned += 1
            self.resolved = game
        elif event.kind == "win" and (left := self._left(game)) is not None:
            self.of(left.rules).win_after_all(event.seconds, event.moves, left.kind == "away", event.deal)
        else:
            return False
        return True

    def _left(self, game: str) -> Event | None:
        """How game ``game`` was counted as left (lost or abandoned; by another game, as only a
        game it did not know was being played is left by another), if it was."""
        return next((e for e in self.log if e.game == game and e.kind in ("lose", "away")), None)

    def _logged(self, game: str) -> bool:
        return any(event.game == game for event in self.log)

    def _rules_of(self, game: str) -> str:
        left = self._left(game)
        return self.pending_games.get(game) or (left.rules if left is not None else "")

    # --- documents --------------------------------------------------------------------------------
    def to_doc(self) -> dict[str, Any]:
        return {
            "rules": {key: _stats_doc(value) for key, value in self.by_rules.items()},
            "pending": dict(self.pending_games),
            "resolved": self.resolved,
            "par": self.par.to_doc(),
            "log": [_event_doc(event) for event in self.log],
        }

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Stats:
        """Rebuild from :meth:`to_doc`; :class:`RecordsError` for anything that does not fit.
        A document of format 1 (before par scoring) has no ``par``; one of format 1 or 2 has
        one pending game (``pending``, ``pending_rules``) and no log."""
        table = doc.get("rules")
        if not isinstance(table, dict):
            raise RecordsError("stats: 'rules' must be an object")
        by_rules = {as_text(key, "rule set"): _stats_from(value) for key, value in table.items()}
        par = ParStats.from_doc(doc["par"]) if "par" in doc else ParStats()
        log = [_event_from(item) for item in list_of(doc, "log")] if "log" in doc else []
        if any(later.seq <= earlier.seq for earlier, later in itertools.pairwise(log)):
            raise RecordsError("stats: the log's events must be in order")
        pending = _pending_from(doc)
        return Stats(by_rules, pending, maybe_text_of(doc, "resolved"), par, log, mine=set(pending))


def _pending_from(doc: dict[str, Any]) -> dict[str, str]:
    """The pending games of a statistics document (format 3: an object; before: one id)."""
    pending = doc.get("pending")
    if isinstance(pending, dict):
        return {as_text(game, "pending"): as_text(rules, "pending") for game, rules in pending.items()}
    game, rules = maybe_text_of(doc, "pending"), maybe_text_of(doc, "pending_rules")
    if (game is None) != (rules is None):
        raise RecordsError("stats: 'pending' and 'pending_rules' go together")
    return {} if game is None or rules is None else {game: rules}


def _event_doc(event: Event) -> dict[str, Any]:
    doc: dict[str, Any] = {"n": event.seq, "k": event.kind, "g": event.game, "r": event.rules}
    if event.kind == "win":
        doc |= {"s": event.seconds, "m": event.moves} | ({"d": event.deal} if event.deal else {})
    if event.kind == "match":
        doc["p"] = list(event.scores)
    return doc


def _event_from(doc: object) -> Event:
    if not isinstance(doc, dict) or doc.get("k") not in EVENT_KINDS:
        raise RecordsError(f"stats: {doc!r} is not an event")
    kind = doc["k"]
    given = list_of(doc, "p") if kind == "match" else []
    scores = tuple(s for s in given if not isinstance(s, bool) and isinstance(s, int) and abs(s) <= 52)
    if len(scores) != len(given) or (kind == "match" and len(scores) != MATCH_DEALS):
        raise RecordsError(f"stats: a match has {MATCH_DEALS} deal scores")
    won = kind == "win"
    return Event(
        count_of(doc, "n"), kind, as_text(doc.get("g"), "g"), as_text(doc.get("r"), "r"),
        as_time(doc.get("s")) if won else 0.0, count_of(doc, "m") if won else 0, scores,
        count_of(doc, "d") if won and "d" in doc else 0,
    )  # fmt: skip


def _stats_doc(value: RuleStats) -> dict[str, Any]:
    return {
        "played": value.played,
        "won": value.won,
        "current_streak": value.current_streak,
        "longest_streak": value.longest_streak,
        "best_time": value.best_time,
        "fewest_moves": value.fewest_moves,
        "win_times": value.win_times,
        "recent": value.recent,
        "abandoned": value.abandoned,
        "deals": {str(deal): seconds for deal, seconds in value.deal_times.items()},
    }


def _stats_from(doc: object) -> RuleStats:
    if not isinstance(doc, dict):
        raise RecordsError("stats: each rule set's record must be an object")
    value = RuleStats(
        played=count_of(doc, "played"),
        won=count_of(doc, "won"),
        current_streak=count_of(doc, "current_streak"),
        longest_streak=count_of(doc, "longest_streak"),
        best_time=as_maybe_time(doc.get("best_time")),
        fewest_moves=None if doc.get("fewest_moves") is None else count_of(doc, "fewest_moves"),
        win_times=[as_time(t) for t in list_of(doc, "win_times")],
        recent=as_text(doc.get("recent"), "recent"),
        abandoned=count_of(doc, "abandoned") if "abandoned" in doc else 0,  # absent before the kiosk did
        deal_times=_deal_times(doc.get("deals", {})),  # absent before format 4
    )
    if value.won + value.abandoned > value.played or value.current_streak > value.longest_streak:
        raise RecordsError("stats: more deals won or abandoned than played, or a streak past the longest")
    if set(value.recent) - {"W", "L"} or len(value.recent) > RECENT:
        raise RecordsError("stats: 'recent' must be W and L letters")
    return value


def _deal_times(doc: object) -> dict[int, float]:
    """Each deal's best time, from ``{"77": 161.5}``."""
    if not isinstance(doc, dict) or not all(isinstance(key, str) and _deal_key(key) for key in doc):
        raise RecordsError("stats: 'deals' must map deal numbers to times")
    return {int(key): as_time(seconds) for key, seconds in doc.items()}


def _deal_key(key: str) -> bool:
    return key.isascii() and key.isdigit() and len(key) <= len(str(LAST_DEAL))
