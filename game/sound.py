"""The game's four short sounds (select, pair, draw, win), and the mute setting.

The sounds are OGG Vorbis files made by ``tools/make_sounds.py``. The mixer is opened when
the :class:`Sounds` is made; if it cannot open (no audio device, a browser that has not been
touched yet, an unknown ``SDL_AUDIODRIVER``), or cannot decode OGG, the game plays on in
silence and :attr:`Sounds.error` says why. A missing sound file is a broken installation: it raises
:class:`~game.render.assets.AssetError` naming the file (one line, exit status 1). The files are
read from ``assets/sounds`` or, when ``PIRAMIDE_ASSETS`` is set, from its ``sounds`` folder.
"""

from __future__ import annotations

import enum
from pathlib import Path

import pygame

from rules.labels import assets_dir

from .config import ASSETS, SOUNDS_DIR
from .render.assets import AssetError

MIXER_FORMAT = (44100, -16, 2, 512)
"""Frequency, sample size, channels, buffer: a small buffer keeps a tap and its sound together."""


class Sound(enum.Enum):
    SELECT = "select"
    PAIR = "pair"
    DRAW = "draw"
    WIN = "win"


class Sounds:
    """The loaded sounds, or none when the mixer cannot open."""

    def __init__(self, directory: Path | None = None) -> None:
        directory = assets_dir() / SOUNDS_DIR.relative_to(ASSETS) if directory is None else directory
        self.error: str | None = None
        self._sounds: dict[Sound, pygame.mixer.Sound] = {}
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(*MIXER_FORMAT)
        except pygame.error as error:
            self.error = str(error)
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
        return self._sounds[sound].play() is not None
