"""What every scene shares: settings, texts, the asset loader, the dealer, the storage and
the keeper of saves. Passed explicitly, never global, so tests can build as many independent
games as they like (by default on a :class:`MemoryBackend`: nothing touches the disk)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from . import platform
from .dealer import Dealer
from .render.assets import Assets
from .render.metrics import DEFAULT_METRICS, Metrics
from .saves import Keeper
from .settings import Settings
from .sound import Sound, Sounds
from .storage import MemoryBackend, Storage
from .texts import Texts


def copy_to_clipboard(text: str) -> bool:
    """Put ``text`` on the system clipboard; False if this platform has none."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error:
        return False
    return True


@dataclass
class Context:
    settings: Settings
    assets: Assets
    dealer: Dealer
    rng: random.Random
    copy_text: Callable[[str], bool] = copy_to_clipboard
    deal_link: Callable[[int, str], str] = platform.deal_link
    """What «copy» puts on the clipboard for deal N of a variant (by name): the number (after the
    variant's name when not the default) natively, the page link in the browser."""
    metrics: Metrics = DEFAULT_METRICS
    """Sizes of every screen (tap targets, margins, fonts): one value a kiosk can enlarge."""
    sounds: Sounds = field(default_factory=Sounds)
    storage: Storage = field(default_factory=lambda: Storage(MemoryBackend()))
    keeper: Keeper = field(init=False)
    kiosk: bool = False
    """A public touchscreen (``--kiosk``): nothing that quits, types or copies is offered."""
    _texts: dict[str, Texts] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.keeper = Keeper(self.storage, self.settings)

    @property
    def texts(self) -> Texts:
        """The catalogue of the current language (switching language takes effect at once)."""
        lang = self.settings.lang
        if lang not in self._texts:
            self._texts[lang] = Texts(lang)
        return self._texts[lang]

    def t(self, key: str, **params: object) -> str:
        return self.texts.t(key, **params)

    def play_sound(self, sound: Sound) -> None:
        """Play ``sound`` unless the player turned sounds off."""
        self.sounds.play(sound, enabled=self.settings.sound)
