"""Self-voicing natively: the game says its sentences through the system's speech engine.

speech-dispatcher (``spd-say``) first, since it is the desktop's own voice with the user's
choices; otherwise ``espeak-ng``. Each sentence interrupts the one before (the announcer already
spaced them; newest wins). Neither installed: :meth:`Voice.say` returns False and the caller says
so once; play goes on silently. Nothing here in the browser (no processes there).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Sequence

from game import platform

ENGINES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("spd-say", ("-P", "text", "-l", "{lang}", "{text}")),
    ("espeak-ng", ("-v", "{lang}", "{text}")),
)
"""(program, its arguments) in order of preference: ``spd-say``'s priority «text» lets each
new sentence interrupt the last; ``espeak-ng`` is stopped by hand."""


class Voice:
    def __init__(
        self,
        engines: Sequence[tuple[str, tuple[str, ...]]] = ENGINES,
        find: Callable[[str], str | None] = shutil.which,
        *,
        muted: bool = False,
    ) -> None:
        """``muted``: say nothing, and never tell that no engine was found (a game with no
        window, such as the tests', has nobody to hear it)."""
        self._engines = engines
        self.muted = muted
        self._find = find
        self._command: tuple[str, tuple[str, ...]] | None = None
        self._looked = False
        self.process: subprocess.Popen[bytes] | None = None
        """The engine saying the last sentence (None before the first)."""

    @property
    def available(self) -> bool:
        """An engine is installed (looked for once)."""
        if not self._looked:
            self._looked = True
            if not platform.IS_WEB:
                found = ((self._find(name), args) for name, args in self._engines)
                self._command = next(((path, args) for path, args in found if path is not None), None)
        return self._command is not None

    def say(self, text: str, lang: str) -> bool:
        """Say ``text`` in language ``lang`` (``es``, ``en``), cutting off the last sentence if
        it is still being said. False when no engine is installed (nothing is said)."""
        if self.muted:
            return True
        if not self.available or self._command is None:
            return False
        self.stop()
        path, args = self._command
        argv = [path, *(arg.format(lang=lang, text=text) for arg in args)]
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        except OSError:
            self._command = None  # removed or broken since it was found: silent from now on
            return False
        return True

    def wait(self) -> None:
        """Let the sentence being said end."""
        if self.process is not None:
            self.process.wait()

    def stop(self) -> None:
        """Cut off the sentence being said, if any."""
        speaking = self.process
        if speaking is not None and speaking.poll() is None:
            speaking.terminate()
            try:
                speaking.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                speaking.kill()
                speaking.wait()
