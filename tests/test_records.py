"""Statistics and streak rules, the daily deal rule (pinned by test vectors), their documents."""

from __future__ import annotations

import datetime

import pytest

from game.records import (
    RECENT,
    DailyLog,
    RecordsError,
    RuleStats,
    Stats,
    daily_number,
    daily_start,
)
from rules import CLASSIC, RuleSet
from rules.labels import LabelTable, load_table

DEFAULT = RuleSet()


def _play(stats: Stats, game: str, won: bool, seconds: float = 100.0, moves: int = 50) -> None:
    stats.start(game, DEFAULT)
    if won:
        assert stats.win(game, seconds, moves)


def test_a_deal_counts_as_played_at_its_first_move_and_as_lost_when_left() -> None:
    stats = Stats()
    stats.start("a", DEFAULT)
    rec = stats.of(DEFAULT)
    assert (rec.played, rec.won, rec.lost, stats.pending) == (1, 0, 1, "a")
    stats.start("a", DEFAULT)  # the same game again (a resumed save): not counted twice
    assert rec.played == 1
    stats.start("b", DEFAULT)  # another deal while «a» was pending: «a» is lost
    assert (rec.played, rec.recent, stats.pending) == (2, "L", "b")
    assert stats.win("b", 90.0, 60) and rec.recent == "LW"
    assert not stats.win("b", 80.0, 50)  # undoing and winning again counts nothing
    assert (rec.won, rec.best_time, rec.fewest_moves) == (1, 90.0, 60)
    stats.start("b", DEFAULT)
    assert rec.played == 2  # a won game is not started again


def test_win_rate_times_moves_and_streaks() -> None:
    stats = Stats()
    results = [True, True, False, True, True, True, False, True]
    for index, won in enumerate(results):
        _play(stats, f"g{index}", won, seconds=100.0 + 10 * index, moves=80 - index)
    stats.abandon()
    rec = stats.of(DEFAULT)
    assert (rec.played, rec.won) == (8, 6)
    assert rec.win_rate == pytest.approx(0.75)
    assert rec.best_time == 100.0 and rec.fewest_moves == 73
    assert rec.median_time == pytest.approx((130.0 + 140.0) / 2)  # wins at 100 110 130 140 150 170
    assert (rec.current_streak, rec.longest_streak) == (1, 3)
    assert rec.recent == "WWLWWWLW"


def test_statistics_are_kept_per_rule_set_and_reset_asks_for_one() -> None:
    stats = Stats()
    _play(stats, "a", True)
    stats.start("b", CLASSIC)
    assert stats.of(DEFAULT).won == 1 and stats.of(CLASSIC).played == 1
    stats.reset(CLASSIC)
    assert str(CLASSIC) not in stats.by_rules and stats.pending is None
    assert stats.of(DEFAULT).won == 1
    stats.start("c", DEFAULT)
    assert stats.of(DEFAULT).played == 2 and stats.of(DEFAULT).recent == "W"  # «b» was forgotten, not lost


def test_recent_results_keep_the_last_thirty() -> None:
    stats = Stats()
    for index in range(40):
        _play(stats, f"g{index}", index % 2 == 0)
    stats.abandon()
    assert len(stats.of(DEFAULT).recent) == RECENT and stats.of(DEFAULT).recent.endswith("WL")


def test_a_game_the_kiosk_closes_is_abandoned_apart_from_lost() -> None:
    stats = Stats()
    _play(stats, "a", True)
    stats.start("b", DEFAULT)
    assert not stats.walk_away("other")  # only the pending game can be walked away from
    assert stats.walk_away("b") and stats.pending is None and stats.counted("b")
    rec = stats.of(DEFAULT)
    assert (rec.played, rec.won, rec.lost, rec.abandoned) == (2, 1, 0, 1)
    assert rec.recent == "W" and rec.current_streak == 1  # no result: the streak stands
    assert rec.win_rate == 1.0  # over the deals won or lost
    stats.start("c", DEFAULT)
    stats.start("d", DEFAULT)  # «c» left for another deal at home: still a loss
    assert (rec.played, rec.lost, rec.abandoned, rec.recent) == (4, 2, 1, "WL")
    assert Stats.from_doc(stats.to_doc()) == stats
    older = stats.to_doc()
    del older["rules"][str(DEFAULT)]["abandoned"]  # a document from before the count
    assert Stats.from_doc(older).of(DEFAULT).abandoned == 0
    with pytest.raises(RecordsError):
        Stats.from_doc({"rules": {"x": {**_rule_doc(), "abandoned": 2}}})  # 2 won + 2 abandoned > 3


def test_statistics_document_round_trip_and_refusals() -> None:
    stats = Stats()
    _play(stats, "a", True, 61.5, 44)
    stats.start("b", CLASSIC)
    again = Stats.from_doc(stats.to_doc())
    assert again == stats
    bad_docs: list[dict[str, object]] = [
        {},
        {"rules": []},
        {"rules": {"x": {"played": -1}}},
        {"rules": {"x": {**_rule_doc(), "won": 5}}},
        {"rules": {"x": {**_rule_doc(), "recent": "WXL"}}},
        {"rules": {"x": {**_rule_doc(), "best_time": float("inf")}}},
        {"rules": {}, "pending": "a"},
    ]
    for doc in bad_docs:
        with pytest.raises(RecordsError):
            Stats.from_doc(doc)


def _rule_doc() -> dict[str, object]:
    return Stats(by_rules={"x": RuleStats(played=3, won=2)}).to_doc()["rules"]["x"]  # type: ignore[no-any-return]


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
