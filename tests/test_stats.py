"""Statistics and streak rules, their documents, and two games merging one statistics document."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.records import RecordsError
from game.stats import LOG_EVENTS, RECENT, RuleStats, Stats
from rules import CLASSIC, RuleSet

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


def test_a_deal_undone_back_to_its_start_and_left_is_void_not_lost() -> None:
    """«a» played, every move undone, left for «b»: it is taken back out of the deals played
    and is no loss (no streak broken, no result); the document keeps that, and another game
    merging the same document takes it too."""
    stats = Stats()
    _play(stats, "w", True)
    stats.start("a", DEFAULT)
    assert not stats.void("nobody")  # a game not pending here: nothing to void
    assert stats.void("a")
    rec = stats.of(DEFAULT)
    assert (rec.played, rec.won, rec.lost, rec.recent, rec.current_streak) == (1, 1, 0, "W", 1)
    assert stats.pending is None and not stats.void("a")
    stats.start("a", DEFAULT)  # the same game again: not counted twice
    stats.start("b", DEFAULT)
    assert (rec.played, rec.recent, stats.pending) == (2, "W", "b")  # «a» never lost
    again = Stats.from_doc(json.loads(json.dumps(stats.to_doc())))
    assert again.of(DEFAULT) == rec
    other = Stats()  # another game's view of the document before «a» was voided
    _play(other, "w", True)
    other.start("a", DEFAULT)
    other.absorb(Stats.from_doc(json.loads(json.dumps(stats.to_doc()))))
    assert other.of(DEFAULT).played == 2 and other.of(DEFAULT).lost == 1  # «b» pending


def test_each_deal_keeps_its_best_time_through_documents_and_merges() -> None:
    stats = Stats()
    stats.start("a", DEFAULT)
    assert stats.win("a", 100.0, 50, deal=77)
    stats.start("b", DEFAULT)
    assert stats.win("b", 70.0, 55, deal=77)
    stats.start("c", DEFAULT)
    assert stats.win("c", 90.0, 40, deal=77)
    stats.start("d", DEFAULT)
    assert stats.win("d", 30.0, 40)  # a position without a number: no deal's record
    assert stats.deal_time(DEFAULT, 77) == 70.0 and stats.deal_time(DEFAULT, 78) is None
    assert stats.deal_time(CLASSIC, 77) is None and stats.of(DEFAULT).deal_times == {77: 70.0}
    again = Stats.from_doc(json.loads(json.dumps(stats.to_doc())))
    assert again.deal_time(DEFAULT, 77) == 70.0
    other = Stats()  # another game, faster on deal 77, merges the document: its win is replayed
    other.start("e", DEFAULT)
    assert other.win("e", 50.0, 30, deal=77)
    other.absorb(Stats.from_doc(json.loads(json.dumps(stats.to_doc()))))
    assert other.deal_time(DEFAULT, 77) == 50.0 and other.of(DEFAULT).won == 5
    doc = stats.to_doc()
    doc["rules"][str(DEFAULT)]["deals"] = {"seventy-seven": 70.0}
    with pytest.raises(RecordsError, match="deals"):
        Stats.from_doc(doc)


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


# --- two games writing one statistics document (no lock) --------------------------------------------------


@dataclass
class Writer:
    """One game writing the statistics: what it holds in memory, and the deal it is playing."""

    stats: Stats
    current: str | None = None
    won: set[str] = field(default_factory=set)


@dataclass
class Shared:
    """The statistics document, as the games find it (a JSON round trip on every write)."""

    doc: dict[str, object] | None = None

    def load(self) -> Stats:
        return Stats() if self.doc is None else Stats.from_doc(self.doc)

    def save(self, writer: Writer, read_from: dict[str, object] | None = None) -> None:
        """``writer`` merges with the document (as it was at ``read_from``, when another game
        wrote in between: a lost update), then writes."""
        seen = self.doc if read_from is None else read_from
        if seen is not None:
            writer.stats.absorb(Stats.from_doc(seen))
        self.doc = json.loads(json.dumps(writer.stats.to_doc()))
        writer.stats.saved()


ACTIONS = ["start", "win", "away", "save", "race", "reopen"]
steps = st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 2), st.integers(0, 9)), max_size=60)


@settings(max_examples=300, deadline=None)
@given(steps)
@example([("start", 0, 5), ("save", 0, 0), ("reopen", 1, 0), ("start", 1, 6), ("save", 1, 0), ("win", 0, 0)])
def test_games_writing_one_document_lose_no_deal_played_and_no_win(
    script: list[tuple[str, int, int]],
) -> None:
    """Three games write one statistics document in any order, some writes replacing another's
    made a moment before (read, the other writes, then write): once each has written again,
    every deal played is counted once and every win once."""
    shared = Shared()
    writers = [Writer(shared.load()) for _ in range(3)]
    started: set[str] = set()
    for action, who, number in script:
        writer, other = writers[who], writers[(who + 1) % 3]
        if action == "start":
            game = f"g{number}" if number < 2 else f"w{who}-g{number}"  # g0, g1: one saved game both resumed
            writer.stats.start(game, DEFAULT)
            writer.current = game
            started.add(game)
        elif action in ("win", "away") and writer.current is not None:
            game, writer.current = writer.current, None
            if action == "win" and writer.stats.win(game, 60.0 + number, 40 + number):
                writer.won.add(game)
            elif action == "away":
                writer.stats.walk_away(game)
        elif action == "save":
            shared.save(writer)
        elif action == "race":
            before = shared.doc
            shared.save(other)
            shared.save(writer, read_from=before)  # replaces what ``other`` just wrote
        elif action == "reopen":  # the game is closed and opened again: it looks after what is pending
            shared.save(writer)
            writers[who] = Writer(shared.load(), won=writer.won)
    for writer in writers * 2:  # each writes again (twice: what the first round merged reaches all)
        shared.save(writer)
    record = shared.load().of(DEFAULT)
    assert record.played == len(started)
    assert record.won == len(set().union(*(writer.won for writer in writers)))
    assert record.won + record.abandoned <= record.played


def test_a_win_counts_though_another_game_counted_the_deal_as_left() -> None:
    """Game B, opened while A played deal «a», looks after what was pending (as after a crash) and
    counts «a» as lost when it starts its own deal; A then wins «a»: it counts as won."""
    shared = Shared()
    first = Writer(Stats())
    first.stats.start("a", DEFAULT)
    shared.save(first)
    second = Writer(shared.load())
    second.stats.start("b", DEFAULT)
    shared.save(second)
    assert shared.load().of(DEFAULT).lost == 2 and shared.load().of(DEFAULT).recent == "L"
    assert first.stats.win("a", 75.0, 41)
    shared.save(first)
    record = shared.load().of(DEFAULT)
    assert (record.played, record.won, record.lost, record.best_time) == (2, 1, 1, 75.0)
    assert record.fewest_moves == 41 and record.recent == "L"  # the streak it broke stays broken


def test_a_full_log_keeps_the_newest_events_and_still_merges() -> None:
    shared = Shared()
    first, second = Writer(Stats()), Writer(Stats())
    for index in range(LOG_EVENTS):  # two events a deal: the log is full after half as many deals
        _play(first.stats, f"a{index}", index % 2 == 0)
    shared.save(first)
    shared.save(second)
    _play(second.stats, "b", True)
    shared.save(second)
    shared.save(first)
    final = shared.load()
    assert len(final.log) == LOG_EVENTS and final.log[-1].game == "b"
    assert (final.of(DEFAULT).played, final.of(DEFAULT).won) == (LOG_EVENTS + 1, LOG_EVENTS // 2 + 1)


def _rule_doc() -> dict[str, object]:
    return Stats(by_rules={"x": RuleStats(played=3, won=2)}).to_doc()["rules"]["x"]  # type: ignore[no-any-return]
