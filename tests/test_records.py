"""The daily deal rule (pinned by test vectors) and its document."""

from __future__ import annotations

import datetime

import pytest

from game.records import DailyLog, RecordsError, daily_number, daily_start
from rules import RuleSet
from rules.labels import LabelTable, load_table

DEFAULT = RuleSet()

# --- the daily deal ---------------------------------------------------------------------------------------

DAILY_VECTORS = [
    # (date, where the search starts, the deal of the day with the stored label table)
    ("2026-11-30", 19487, 19487),
    ("2026-12-01", 10955, 10955),
    ("2027-01-01", 19680, 19680),
    ("2000-02-29", 1744, 1744),
    ("2026-01-04", 2056, 2057),  # 2056 is proven unsolvable: the next number is taken
    ("2026-01-08", 9061, 9062),
]


def test_two_daily_logs_merge_day_by_day() -> None:
    """Two games writing the daily log (no lock): a day played or won in either stays so."""
    ours, theirs = DailyLog(), DailyLog()
    ours.won("2026-11-29", 5, clean=False)
    ours.played("2026-11-30", 9)
    theirs.won("2026-11-29", 5, clean=True)
    theirs.won("2026-11-30", 9, clean=False)
    theirs.played("2026-11-28", 3)
    ours.absorb(theirs)
    assert {day: (m.deal, m.won, m.clean) for day, m in ours.days.items()} == {
        "2026-11-28": (3, False, False), "2026-11-29": (5, True, True), "2026-11-30": (9, True, False),
    }  # fmt: skip


@pytest.mark.parametrize(("day", "start", "number"), DAILY_VECTORS)
def test_daily_rule_vectors(day: str, start: int, number: int) -> None:
    date = datetime.date.fromisoformat(day)
    assert daily_start(date) == start
    assert daily_number(date, load_table()) == number


def test_daily_walks_forward_and_wraps_past_20000() -> None:
    only_five = LabelTable({str(DEFAULT): "U" * 4 + "S" + "U" * 19995})
    day = datetime.date(2026, 11, 30)
    assert daily_start(day) > 5 and daily_number(day, only_five) == 5
    assert daily_number(day, LabelTable()) == daily_start(day)  # no table: the starting number


def test_daily_marks_and_streak() -> None:
    log = DailyLog()
    today = datetime.date(2026, 11, 30)

    def iso(days_ago: int) -> str:
        return (today - datetime.timedelta(days=days_ago)).isoformat()

    for days_ago in (1, 2, 3, 5):
        log.won(iso(days_ago), 100, clean=days_ago == 2)
    log.played(iso(4), 100)  # played, not won: breaks the streak
    assert log.streak(today) == 3  # today not played yet: the streak so far still counts
    log.played(iso(0), 7)
    assert log.streak(today) == 3 and not log.days[iso(0)].won
    log.won(iso(0), 7, clean=True)
    assert log.streak(today) == 4 and log.days[iso(0)].clean
    assert log.days[iso(2)].clean and not log.days[iso(1)].clean
    assert log.streak(today + datetime.timedelta(days=2)) == 0  # a day missed
    assert DailyLog.from_doc(log.to_doc()) == log


@pytest.mark.parametrize(
    "doc",
    [
        {},
        {"days": []},
        {"days": {"yesterday": {"deal": 1, "won": True, "clean": False}}},
        {"days": {"2026-11-30": {"deal": 0, "won": True, "clean": False}}},
        {"days": {"2026-11-30": {"deal": 5, "won": "yes", "clean": False}}},
        {"days": {"2026-11-30": 5}},
    ],
)
def test_a_daily_document_that_makes_no_sense_is_refused(doc: dict[str, object]) -> None:
    with pytest.raises(RecordsError):
        DailyLog.from_doc(doc)
