"""Statistics per rule set and the «Reparto del día» log: plain values, no pygame, no files.

Statistics rules (SPEC §8):

* a deal counts as *played* at its first move (it is then *pending*);
* it is *won* when the pyramid is cleared (once: undoing and winning again counts nothing);
* a pending deal left for another deal, or replayed from the start, is a *loss*;
* the current streak counts wins since the last loss; the longest streak is its maximum;
* best and median time and fewest moves are taken over won deals.

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

    @property
    def lost(self) -> int:
        """Deals played and not won (a pending deal counts here until it is won)."""
        return self.played - self.won

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

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
class Stats:
    """Statistics of every rule set played (key ``str(rules)``) and the deal now pending."""

    by_rules: dict[str, RuleStats] = field(default_factory=dict)
    pending: str | None = None
    """Id of the game counted as played and not yet won or lost."""
    pending_rules: str | None = None
    resolved: str | None = None
    """Id of the last game won or lost (so a resumed game is not counted twice)."""

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
        }

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Stats:
        """Rebuild from :meth:`to_doc`; :class:`RecordsError` for anything that does not fit."""
        table = doc.get("rules")
        if not isinstance(table, dict):
            raise RecordsError("stats: 'rules' must be an object")
        by_rules = {_text(key, "rule set"): _stats_from(value) for key, value in table.items()}
        pending, pending_rules = _maybe_text(doc, "pending"), _maybe_text(doc, "pending_rules")
        if (pending is None) != (pending_rules is None):
            raise RecordsError("stats: 'pending' and 'pending_rules' go together")
        return Stats(by_rules, pending, pending_rules, _maybe_text(doc, "resolved"))


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
    )
    if value.won > value.played or value.current_streak > value.longest_streak:
        raise RecordsError("stats: more wins than deals played, or a streak longer than the longest")
    if set(value.recent) - {"W", "L"} or len(value.recent) > RECENT:
        raise RecordsError("stats: 'recent' must be W and L letters")
    return value


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
