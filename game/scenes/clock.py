"""A scene's scheduler: calls made after a delay of the scene's own game time (Pygame Zero's ``clock``).

The owner advances it by the ``dt`` its ``update`` is given, so time stands still while the owner
does (a covered prompt, a demo still thinking) and tests drive it on simulated time: it never
reads the wall clock. The kiosk's idle, prompt and demo timers are all jobs of one of these.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass(slots=True)
class _Job:
    left: float
    """Seconds of game time until the call."""
    call: Callable[[], object]


class Scheduler:
    """Jobs by key: at most one per key; a job made with :meth:`schedule` has a key of its own."""

    def __init__(self) -> None:
        self._jobs: dict[Hashable, _Job] = {}

    def schedule(self, delay: float, call: Callable[[], object]) -> None:
        """Call ``call`` once, ``delay`` seconds of game time from now."""
        self._jobs[object()] = _Job(delay, call)

    def schedule_unique(self, key: Hashable, delay: float, call: Callable[[], object]) -> None:
        """Call ``call`` ``delay`` seconds from now, in place of any job waiting under ``key``."""
        self._jobs.pop(key, None)
        self._jobs[key] = _Job(delay, call)

    def unschedule(self, key: Hashable) -> None:
        """Forget the job waiting under ``key`` (nothing when there is none)."""
        self._jobs.pop(key, None)

    def remaining(self, key: Hashable) -> float | None:
        """Seconds until the job under ``key`` is called, or None when none waits."""
        job = self._jobs.get(key)
        return None if job is None else job.left

    def advance(self, dt: float) -> bool:
        """Move game time on by ``dt``: every job due is called, the most overdue first (in the
        order they were scheduled when as overdue). A job scheduled by a call waits at least
        until the next advance; one unscheduled by an earlier call is not called. True if any was."""
        jobs = list(self._jobs.items())
        for _, job in jobs:
            job.left -= dt
        due = sorted((item for item in jobs if item[1].left <= 0), key=lambda item: item[1].left)
        called = False
        for key, job in due:
            if self._jobs.get(key) is job:
                del self._jobs[key]
                job.call()
                called = True
        return called
