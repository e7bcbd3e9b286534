"""What every scene shares: settings, texts, the asset loader, the dealer, the storage and
the keeper of saves. Passed explicitly, never global, so tests can build as many independent
games as they like (by default on a :class:`MemoryBackend`: nothing touches the disk)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from .deal_names import deal_name
from .dealer import Dealer
from .platform import IS_WEB
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


def paste_from_clipboard() -> str | None:
    """The text on the system clipboard; None if there is none or this platform has no clipboard
    (the browser's is read asynchronously and with the player's leave: not offered there)."""
    if IS_WEB:
        return None
    try:
        text = pygame.scrap.get_text()
    except pygame.error:
        return None
    return text or None


@dataclass
class Context:
    settings: Settings
    assets: Assets
    dealer: Dealer
    rng: random.Random
    copy_text: Callable[[str], bool] = copy_to_clipboard
    paste_text: Callable[[], str | None] = paste_from_clipboard
    deal_link: Callable[[int, str], str] | None = None
    """What «copy» puts on the clipboard for deal N of a variant (by name): the page link in the
    browser (:func:`platform.deal_link`); None natively: the deal named as the player reads it
    and the game opens it back (:func:`game.deal_names.deal_name`)."""
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

    def deal_text(self, number: int, variant: str) -> str:
        """What «copy» puts on the clipboard for deal ``number`` of ``variant`` (see :attr:`deal_link`)."""
        if self.deal_link is not None:
            return self.deal_link(number, variant)
        return deal_name(self.texts, number, variant)

    def play_sound(self, sound: Sound) -> None:
        """Play ``sound`` unless the player turned sounds off."""
        self.sounds.play(sound, enabled=self.settings.sound)
