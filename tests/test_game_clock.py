"""A scene's scheduler (game/scenes/clock.py), on simulated time only."""

from __future__ import annotations

from game.scenes.clock import Scheduler


def test_a_job_is_called_once_when_its_delay_has_passed() -> None:
    clock, calls = Scheduler(), []
    clock.schedule(1.0, lambda: calls.append("a"))
    assert not clock.advance(0.5) and calls == []
    assert clock.advance(0.5) and calls == ["a"]
    assert not clock.advance(5.0) and calls == ["a"]


def test_a_unique_job_replaces_the_one_under_its_key() -> None:
    clock, calls = Scheduler(), []
    clock.schedule_unique("idle", 1.0, lambda: calls.append("first"))
    clock.advance(0.8)
    clock.schedule_unique("idle", 1.0, lambda: calls.append("second"))  # activity: the wait starts again
    clock.advance(0.8)
    assert calls == []
    assert clock.remaining("idle") is not None and abs(clock.remaining("idle") - 0.2) < 1e-9
    clock.advance(0.2)
    assert calls == ["second"] and clock.remaining("idle") is None


def test_unscheduled_jobs_are_never_called() -> None:
    clock, calls = Scheduler(), []
    clock.schedule_unique("prompt", 0.5, lambda: calls.append("prompt"))
    clock.unschedule("prompt")
    clock.unschedule("nothing")  # nothing waits under it: nothing happens
    assert not clock.advance(1.0) and calls == []


def test_due_jobs_run_most_overdue_first_and_a_job_made_by_a_call_waits() -> None:
    clock, calls = Scheduler(), []

    def move() -> None:
        calls.append("move")
        clock.schedule_unique("move", 0.0, move)  # due at once, yet only on the next advance

    clock.schedule(0.3, lambda: calls.append("late"))
    clock.schedule_unique("move", 0.1, move)
    clock.schedule(0.3, lambda: calls.append("late, second"))
    assert clock.advance(0.5)
    assert calls == ["move", "late", "late, second"]
    clock.advance(0.01)
    assert calls == ["move", "late", "late, second", "move"]


def test_a_call_can_cancel_a_job_due_in_the_same_advance() -> None:
    clock, calls = Scheduler(), []
    clock.schedule_unique("timeout", 0.2, lambda: calls.append("timeout"))
    clock.schedule(0.1, lambda: clock.unschedule("timeout"))  # answered just before it ran out
    clock.advance(1.0)
    assert calls == []
