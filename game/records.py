"""Statistics per rule set and the «Reparto del día» log: plain values, no pygame, no files.

Statistics rules (SPEC §8):

* a deal counts as *played* at its first move (it is then *pending*);
* it is *won* when the pyramid is cleared (once: undoing and winning again counts nothing);
* a pending deal left for another deal, or replayed from the start, is a *loss*;
* a pending deal the kiosk's idle reset closes (the player walked away) is *abandoned*: played,
  but neither won nor lost (no streak broken, no result in the recent ones, not in the win rate);
* the current streak counts wins since the last loss; the longest streak is its maximum;
* best and median time and fewest moves are taken over won deals.

Par scoring (seed 004, :mod:`rules.scoring`): a deal played with «Puntuación par» on joins the
match at its first move (as it counts as played); it is *entered* in the match with its score
when it ends (a cleared pyramid or a dead end: then final) or, as it stands, when it is left
for another deal. The sixth deal entered completes the match: the statistics count it (played,
made when the total is zero or more, the best total) and a new match begins.

The daily deal (:func:`daily_number`) is the same for everyone on a given date, offline:
the ISO date's digits as a number (2026-11-30 → 20261130) seed the SplitMix64 generator of
:mod:`rules.deals`; its first output modulo 20000, plus one, is the starting number, and the
daily deal is the first number from there on (20000 wraps to 1) that the label table proves
winnable under the default rules (3 passes, overlap on). Without a label table it is the
starting number itself. Test vectors in ``tests/test_records.py`` pin the rule.
"""

from __future__ import annotations

import datetime
import statistics
from dataclasses import dataclass, field
from typing import Any

from rules import RuleSet
from rules.deals import FIRST_DEAL, LAST_DEAL, splitmix64
from rules.labels import Label, LabelTable
from rules.scoring import MATCH_DEALS, Match

RECENT = 30
"""How many recent results the statistics keep for the chart."""
MAX_WIN_TIMES = 10_000
"""Winning times kept for the median (the oldest are dropped beyond this)."""
LONGEST_TIME = 10.0**9
"""Seconds (about 30 years): a recorded time beyond this (or NaN, which compares false) is refused."""
DAILY_RULES = RuleSet()
"""The daily deal is played under the default rules, so it is the same deal for everyone."""


class RecordsError(ValueError):
    """A statistics or daily document with a field of the wrong type or an impossible value."""


# --- statistics --------------------------------------------------------------------------------------
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

    def win(self, seconds: float, moves: int) -> None:
        self.won += 1
        self.current_streak += 1
        self.longest_streak = max(self.longest_streak, self.current_streak)
        self.best_time = seconds if self.best_time is None else min(self.best_time, seconds)
        self.fewest_moves = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
        self.win_times = ([*self.win_times, seconds])[-MAX_WIN_TIMES:]
        self._result("W")

    def lose(self) -> None:
        self.current_streak = 0
        self._result("L")


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
        value = ParStats(_count(doc, "played"), _count(doc, "made"), best)
        if value.made > value.played or (value.played > 0) != (best is not None):
            raise RecordsError("stats: more par matches made than played, or a best total without a match")
        return value


@dataclass
class Stats:
    """Statistics of every rule set played (key ``str(rules)``), par matches, and the deal now pending."""

    by_rules: dict[str, RuleStats] = field(default_factory=dict)
    pending: str | None = None
    """Id of the game counted as played and not yet won or lost."""
    pending_rules: str | None = None
    resolved: str | None = None
    """Id of the last game won or lost (so a resumed game is not counted twice)."""
    par: ParStats = field(default_factory=ParStats)

    def of(self, rules: RuleSet | str) -> RuleStats:
        return self.by_rules.setdefault(str(rules), RuleStats())

    def counted(self, game_id: str) -> bool:
        return game_id in (self.pending, self.resolved)

    def start(self, game_id: str, rules: RuleSet) -> None:
        """The first move of game ``game_id``: a pending one left before is lost."""
        if self.counted(game_id):
            return
        self.abandon()
        self.of(rules).played += 1
        self.pending, self.pending_rules = game_id, str(rules)

    def win(self, game_id: str, seconds: float, moves: int) -> bool:
        """Game ``game_id`` was won; True if this is news (the pending game)."""
        if self.pending != game_id or self.pending_rules is None:
            return False
        self.of(self.pending_rules).win(seconds, moves)
        self.pending, self.pending_rules, self.resolved = None, None, game_id
        return True

    def abandon(self) -> bool:
        """The pending game (if any) was left unwon: a loss. True if there was one."""
        if self.pending is None or self.pending_rules is None:
            return False
        self.of(self.pending_rules).lose()
        self.pending, self.pending_rules, self.resolved = None, None, self.pending
        return True

    def walk_away(self, game_id: str) -> bool:
        """Game ``game_id``, pending, was closed by the kiosk's idle reset: abandoned, not lost.
        True if it was the pending game."""
        if self.pending != game_id or self.pending_rules is None:
            return False
        self.of(self.pending_rules).abandoned += 1
        self.pending, self.pending_rules, self.resolved = None, None, game_id
        return True

    def reset(self, rules: RuleSet) -> None:
        """Forget the record of ``rules`` (a pending game of those rules is forgotten too)."""
        self.by_rules.pop(str(rules), None)
        if self.pending_rules == str(rules):
            self.resolved = self.pending
            self.pending, self.pending_rules = None, None

    # --- documents --------------------------------------------------------------------------------
    def to_doc(self) -> dict[str, Any]:
        return {
            "rules": {key: _stats_doc(value) for key, value in self.by_rules.items()},
            "pending": self.pending,
            "pending_rules": self.pending_rules,
            "resolved": self.resolved,
            "par": self.par.to_doc(),
        }

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Stats:
        """Rebuild from :meth:`to_doc`; :class:`RecordsError` for anything that does not fit.
        A document of format 1 (before par scoring) has no ``par``: no matches yet."""
        table = doc.get("rules")
        if not isinstance(table, dict):
            raise RecordsError("stats: 'rules' must be an object")
        by_rules = {_text(key, "rule set"): _stats_from(value) for key, value in table.items()}
        pending, pending_rules = _maybe_text(doc, "pending"), _maybe_text(doc, "pending_rules")
        if (pending is None) != (pending_rules is None):
            raise RecordsError("stats: 'pending' and 'pending_rules' go together")
        par = ParStats.from_doc(doc["par"]) if "par" in doc else ParStats()
        return Stats(by_rules, pending, pending_rules, _maybe_text(doc, "resolved"), par)


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
    }


def _stats_from(doc: object) -> RuleStats:
    if not isinstance(doc, dict):
        raise RecordsError("stats: each rule set's record must be an object")
    value = RuleStats(
        played=_count(doc, "played"),
        won=_count(doc, "won"),
        current_streak=_count(doc, "current_streak"),
        longest_streak=_count(doc, "longest_streak"),
        best_time=_maybe_time(doc.get("best_time")),
        fewest_moves=None if doc.get("fewest_moves") is None else _count(doc, "fewest_moves"),
        win_times=[_time(t) for t in _list(doc, "win_times")],
        recent=_text(doc.get("recent"), "recent"),
        abandoned=_count(doc, "abandoned") if "abandoned" in doc else 0,  # absent before the kiosk counted it
    )
    if value.won + value.abandoned > value.played or value.current_streak > value.longest_streak:
        raise RecordsError("stats: more deals won or abandoned than played, or a streak past the longest")
    if set(value.recent) - {"W", "L"} or len(value.recent) > RECENT:
        raise RecordsError("stats: 'recent' must be W and L letters")
    return value


# --- the par match in progress -----------------------------------------------------------------------
@dataclass
class MatchLog:
    """The par match being played, and its deal now on the table (see the module docstring)."""

    match: Match = field(default_factory=Match)
    live: str | None = None
    """Id of the par deal being played (from its first move) and not yet entered."""
    live_points: int = 0
    """What that deal scores as it stands (kept so it can be entered once left)."""
    done: str | None = None
    """Id of the last deal entered, so a restored deal that is over is not entered again."""
    last: Match | None = None
    """The last match completed (its summary)."""

    def begin(self, game_id: str) -> bool:
        """A par deal made its first move: it joins the match. False if it had already."""
        if game_id in (self.live, self.done):
            return False
        self.live, self.live_points = game_id, 0
        return True

    def enter(self, points: int) -> Match | None:
        """Enter the live deal with ``points``; the completed match when this was its sixth deal
        (a new match then begins)."""
        self.match = self.match.add(points)
        self.done, self.live, self.live_points = self.live, None, 0
        if not self.match.complete:
            return None
        completed, self.match = self.match, Match()
        self.last = completed
        return completed

    def to_doc(self) -> dict[str, Any]:
        return {
            "scores": list(self.match.scores),
            "live": self.live,
            "live_points": self.live_points,
            "done": self.done,
            "last": None if self.last is None else list(self.last.scores),
        }

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> MatchLog:
        scores = [
            s for s in _list(doc, "scores") if not isinstance(s, bool) and isinstance(s, int) and abs(s) <= 52
        ]
        if len(scores) != len(_list(doc, "scores")):
            raise RecordsError("match: 'scores' must be deal scores")
        if len(scores) >= MATCH_DEALS:
            raise RecordsError(f"match: a match in progress has fewer than {MATCH_DEALS} deals")
        last = doc.get("last")
        if last is not None and (
            not isinstance(last, list)
            or len(last) != MATCH_DEALS
            or any(isinstance(s, bool) or not isinstance(s, int) or abs(s) > 52 for s in last)
        ):
            raise RecordsError("match: 'last' must be six deal scores")
        points = doc.get("live_points")
        if isinstance(points, bool) or not isinstance(points, int) or abs(points) > 52:
            raise RecordsError("match: 'live_points' must be a deal score")
        completed = None if last is None else Match(tuple(int(s) for s in last))
        return MatchLog(
            Match(tuple(scores)), _maybe_text(doc, "live"), points, _maybe_text(doc, "done"), completed
        )


# --- the daily deal -------------------------------------------------------------------------------
def daily_start(day: datetime.date) -> int:
    """Where the search for ``day``'s deal starts (see the module docstring)."""
    seed = int(day.strftime("%Y%m%d"))
    return next(splitmix64(seed)) % LAST_DEAL + FIRST_DEAL


def daily_number(day: datetime.date, labels: LabelTable) -> int:
    """The deal of the day: the first proven-winnable number from :func:`daily_start` on."""
    start = daily_start(day)
    count = LAST_DEAL - FIRST_DEAL + 1
    for step in range(count):
        number = (start - FIRST_DEAL + step) % count + FIRST_DEAL
        if labels.label(number, DAILY_RULES) is Label.SOLVABLE:
            return number
    return start


@dataclass
class DayMark:
    deal: int
    won: bool = False
    clean: bool = False
    """Won without a hint or an undo («limpio»)."""


@dataclass
class DailyLog:
    """What happened on each day's deal, by ISO date. A day is in the log once played."""

    days: dict[str, DayMark] = field(default_factory=dict)

    def played(self, day: str, deal: int) -> None:
        self.days.setdefault(day, DayMark(deal))

    def won(self, day: str, deal: int, clean: bool) -> None:
        mark = self.days.setdefault(day, DayMark(deal))
        mark.clean = mark.clean or clean
        mark.won = True

    def streak(self, today: datetime.date) -> int:
        """Days in a row with the daily deal won, ending today (or yesterday, while today's
        deal is not won yet: a streak is not broken before the day is over)."""
        day = today if self._won(today) else today - datetime.timedelta(days=1)
        count = 0
        while self._won(day):
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    def _won(self, day: datetime.date) -> bool:
        mark = self.days.get(day.isoformat())
        return mark is not None and mark.won

    def to_doc(self) -> dict[str, Any]:
        return {
            "days": {
                day: {"deal": mark.deal, "won": mark.won, "clean": mark.clean}
                for day, mark in sorted(self.days.items())
            }
        }

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> DailyLog:
        days = doc.get("days")
        if not isinstance(days, dict):
            raise RecordsError("daily: 'days' must be an object")
        log = DailyLog()
        for day, mark in days.items():
            try:
                datetime.date.fromisoformat(_text(day, "day"))
            except ValueError:
                raise RecordsError(f"daily: {day!r} is not an ISO date") from None
            if not isinstance(mark, dict):
                raise RecordsError(f"daily: {day} must be an object")
            deal = _count(mark, "deal")
            won, clean = mark.get("won"), mark.get("clean")
            if (
                not isinstance(won, bool)
                or not isinstance(clean, bool)
                or not FIRST_DEAL <= deal <= LAST_DEAL
            ):
                raise RecordsError(f"daily: {day} has a bad deal or mark")
            log.days[day] = DayMark(deal, won, clean and won)
        return log


# --- field checks -------------------------------------------------------------------------------------
def _count(doc: dict[str, Any], key: str) -> int:
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordsError(f"{key}: must be a whole number, not {value!r}")
    return value


def _time(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < LONGEST_TIME:
        raise RecordsError(f"time: {value!r} is not a time")
    return float(value)


def _maybe_time(value: object) -> float | None:
    return None if value is None else _time(value)


def _list(doc: dict[str, Any], key: str) -> list[object]:
    value = doc.get(key)
    if not isinstance(value, list):
        raise RecordsError(f"{key}: must be a list")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise RecordsError(f"{what}: {value!r} is not text")
    return value


def _maybe_text(doc: dict[str, Any], key: str) -> str | None:
    value = doc.get(key)
    return None if value is None else _text(value, key)
