"""The game's four short sounds (select, pair, draw, win), and the mute setting.

The sounds are OGG Vorbis files made by ``tools/make_sounds.py``. The mixer is opened when
the :class:`Sounds` is made; if it cannot open (no audio device, a browser that has not been
touched yet, an unknown ``SDL_AUDIODRIVER``), or cannot decode OGG, the game plays on in
silence and :attr:`Sounds.error` says why. A missing sound file is a broken installation: it raises
:class:`~game.render.assets.AssetError` naming the file (one line, exit status 1). The files are
read from ``assets/sounds`` or, when ``PIRAMIDE_ASSETS`` is set, from its ``sounds`` folder.

Opening the mixer where there is no audio device makes the C libraries under SDL talk: ALSA's
library writes a screenful of ``ALSA lib ...`` lines straight to file descriptor 2, bypassing
Python's ``sys.stderr``, and SDL offers no hint that silences them (``SDL_AUDIODRIVER`` only
picks the driver; guessing whether a device exists would leave real ones silent). So natively
the mixer is opened with descriptor 2 pointed at a temporary file for that one call
(:func:`c_stderr_kept`); what was written there is kept in :attr:`Sounds.chatter`, not printed.
"""

from __future__ import annotations

import contextlib
import enum
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame

from rules.labels import assets_dir

from .config import ASSETS, SOUNDS_DIR
from .platform import IS_WEB
from .render.assets import AssetError

MIXER_FORMAT = (44100, -16, 2, 512)
"""Frequency, sample size, channels, buffer: a small buffer keeps a tap and its sound together."""


@contextlib.contextmanager
def c_stderr_kept() -> Iterator[list[str]]:
    """Within the block, what C code writes to file descriptor 2 goes to a temporary file; the
    list yielded holds its lines afterwards. Where descriptors cannot be moved (the browser, a
    process without a stderr) the block runs as it is and the list stays empty."""
    kept: list[str] = []
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, AttributeError, ValueError):
        yield kept
        return
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield kept
            finally:
                os.dup2(saved, 2)
                sink.seek(0)
                kept.extend(sink.read().decode("utf-8", "replace").splitlines())
    finally:
        os.close(saved)


def open_mixer() -> tuple[str | None, list[str]]:
    """Open the mixer: why it could not (None when it did), and the lines the libraries under
    SDL wrote to stderr meanwhile, kept instead of printed (natively; none in the browser)."""
    error: str | None = None
    keeper: contextlib.AbstractContextManager[list[str]]
    keeper = contextlib.nullcontext([]) if IS_WEB else c_stderr_kept()
    with keeper as chatter:
        try:
            pygame.mixer.init(*MIXER_FORMAT)
        except pygame.error as failure:
            error = str(failure)
    return error, chatter


class Sound(enum.Enum):
    SELECT = "select"
    PAIR = "pair"
    DRAW = "draw"
    WIN = "win"


STARTED_KEPT = 64
"""At most this many started sounds are remembered until :meth:`Sounds.forget_started`."""


class Sounds:
    """The loaded sounds, or none when the mixer cannot open."""

    def __init__(self, directory: Path | None = None) -> None:
        directory = assets_dir() / SOUNDS_DIR.relative_to(ASSETS) if directory is None else directory
        self.error: str | None = None
        self.chatter: list[str] = []
        """What the audio libraries wrote to stderr while the mixer opened (not printed)."""
        self._sounds: dict[Sound, pygame.mixer.Sound] = {}
        self.started: list[Sound] = []
        """The sounds the mixer took since :meth:`forget_started` (the mixer plays them in real
        time, so whether one is still playing depends on how busy the machine is)."""
        if pygame.mixer.get_init() is None:
            self.error, self.chatter = open_mixer()
            if self.error is not None:
                return
        paths = {sound: directory / f"{sound.value}.ogg" for sound in Sound}
        for path in paths.values():
            if not path.is_file():
                raise AssetError(f"a sound file is missing: {path}")
        for sound, path in paths.items():
            try:
                self._sounds[sound] = pygame.mixer.Sound(path)
            except pygame.error as error:  # a mixer built without OGG support
                self.error = f"{path.name}: {error}"
                self._sounds.clear()
                return

    @property
    def available(self) -> bool:
        """True when the mixer is open and the sounds are loaded."""
        return bool(self._sounds)

    def loaded(self, sound: Sound) -> pygame.mixer.Sound | None:
        """The loaded ``sound`` (None when the mixer could not open)."""
        return self._sounds.get(sound)

    def play(self, sound: Sound, enabled: bool = True) -> bool:
        """Play ``sound`` unless muted (``enabled`` False) or silent; True if it started."""
        if not enabled or not self._sounds or pygame.mixer.get_init() is None:
            return False
        if self._sounds[sound].play() is None:
            return False
        if len(self.started) < STARTED_KEPT:
            self.started.append(sound)
        return True

    def forget_started(self) -> None:
        self.started.clear()
