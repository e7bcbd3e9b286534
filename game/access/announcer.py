"""The queue announcements wait in, so that they never talk over each other.

One sentence is said at a time and the next waits until at least ``gap`` seconds have passed
since the last one was said; while it waits, a newer sentence replaces it (newest wins: after
three quick taps the player hears what the last one did, not a backlog). Time is whatever the
caller passes (the app's own clock, simulated in tests): nothing here reads a clock.
"""

from __future__ import annotations

from collections import deque


class Announcer:
    def __init__(self, gap: float, history: int = 500) -> None:
        self.gap = gap
        self.pending: str | None = None
        self.last: str = ""
        """The last sentence said (what a «repeat» would say again)."""
        self._said_at: float | None = None
        self.said: deque[tuple[float, str]] = deque(maxlen=history)
        """(time, sentence) of what was said, oldest first (the last ``history`` of them)."""

    def say(self, text: str) -> None:
        """Queue ``text``, replacing anything still waiting."""
        if text:
            self.pending = text

    def due(self, now: float) -> str | None:
        """The sentence to say at time ``now``, if one is waiting and the gap has passed."""
        if self.pending is None:
            return None
        if self._said_at is not None and now - self._said_at < self.gap:
            return None
        text, self.pending = self.pending, None
        self._said_at = now
        self.last = text
        self.said.append((now, text))
        return text

    def clear(self) -> None:
        """Forget what waits (the deal changed under it)."""
        self.pending = None
