"""The par match in progress and the «Reparto del día» log: plain values, no pygame, no files
(the statistics are :mod:`game.stats`); and the checks of their documents' fields.

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
from dataclasses import dataclass, field
from typing import Any

from rules import RuleSet
from rules.deals import FIRST_DEAL, LAST_DEAL, splitmix64
from rules.labels import Label, LabelTable
from rules.scoring import MATCH_DEALS, Match

LONGEST_TIME = 10.0**9
"""Seconds (about 30 years): a recorded time beyond this (or NaN, which compares false) is refused."""
DAILY_RULES = RuleSet()
"""The daily deal is played under the default rules, so it is the same deal for everyone."""


class RecordsError(ValueError):
    """A statistics, par match or daily document with a field of the wrong type or an impossible value."""


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
        given = list_of(doc, "scores")
        scores = [s for s in given if not isinstance(s, bool) and isinstance(s, int) and abs(s) <= 52]
        if len(scores) != len(given):
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
            Match(tuple(scores)), maybe_text_of(doc, "live"), points, maybe_text_of(doc, "done"), completed
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

    def absorb(self, disk: DailyLog) -> None:
        """Add the days ``disk`` (the document as another game may have written it) has: a day
        played or won in either is played or won (clean, if clean in either)."""
        for day, theirs in disk.days.items():
            mark = self.days.setdefault(day, DayMark(theirs.deal, theirs.won, theirs.clean))
            mark.won, mark.clean = mark.won or theirs.won, mark.clean or theirs.clean

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
                datetime.date.fromisoformat(as_text(day, "day"))
            except ValueError:
                raise RecordsError(f"daily: {day!r} is not an ISO date") from None
            if not isinstance(mark, dict):
                raise RecordsError(f"daily: {day} must be an object")
            deal = count_of(mark, "deal")
            won, clean = mark.get("won"), mark.get("clean")
            if (
                not isinstance(won, bool)
                or not isinstance(clean, bool)
                or not FIRST_DEAL <= deal <= LAST_DEAL
            ):
                raise RecordsError(f"daily: {day} has a bad deal or mark")
            log.days[day] = DayMark(deal, won, clean and won)
        return log


# --- field checks (of these documents and of the statistics) --------------------------------------------
def count_of(doc: dict[str, Any], key: str) -> int:
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordsError(f"{key}: must be a whole number, not {value!r}")
    return value


def as_time(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < LONGEST_TIME:
        raise RecordsError(f"time: {value!r} is not a time")
    return float(value)


def as_maybe_time(value: object) -> float | None:
    return None if value is None else as_time(value)


def list_of(doc: dict[str, Any], key: str) -> list[object]:
    value = doc.get(key)
    if not isinstance(value, list):
        raise RecordsError(f"{key}: must be a list")
    return value


def as_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise RecordsError(f"{what}: {value!r} is not text")
    return value


def maybe_text_of(doc: dict[str, Any], key: str) -> str | None:
    value = doc.get(key)
    return None if value is None else as_text(value, key)
