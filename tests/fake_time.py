"""A time source for tests: it stands still until the test moves it (tests never read the clock)."""

from __future__ import annotations

import datetime


class FakeTime:
    """Seconds, as ``time.monotonic`` would give them, and the local date, as ``date.today``
    would: ``now`` and ``day`` are moved by hand."""

    def __init__(self, now: float = 100.0, day: datetime.date = datetime.date(2026, 11, 30)) -> None:
        self.now = now
        self.day = day

    def __call__(self) -> float:
        return self.now

    def today(self) -> datetime.date:
        return self.day
