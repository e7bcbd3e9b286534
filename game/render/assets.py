"""One cached loader for card images, fonts and rendered text.

Files are found by lower-case name (``ts`` finds ``Ts.png``), so names never depend on the
file system's case rules. Images are loaded on first use (the display must exist, for
``convert_alpha``), scaled once per card size, and kept until the size or the deck changes.

Four decks of the same art (``tools/render_cards.py``): two or four suit colours, with the
standard or the large corner index. Faces are scaled cleanly, never patched: when the
standard index would be too small to read (:func:`game.render.cards.needs_large_index`),
the large-index deck is used instead, whose index is drawn for small cards.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from game.config import CARDS_DIR, FONT_BOLD, FONT_REGULAR, Color
from rules import DECK, Card

from .cards import deck_folder, make_back, needs_large_index, scale_face

TEXT_CACHE_BYTES = 4 * 2**20
"""Pixel memory kept for rendered lines of text: the least recently drawn go first beyond it.
Several screens' worth (a line is 10–130 kB); a kiosk that runs for days, with a new deal chip
every few minutes, stays within it instead of growing (``bench/kiosk_soak.py``)."""


class Assets:
    def __init__(
        self, cards_dir: Path = CARDS_DIR, regular: Path = FONT_REGULAR, bold: Path = FONT_BOLD
    ) -> None:
        self._dir = cards_dir
        self._files: dict[str, dict[str, Path]] = {}
        self.four_colour = False
        self.large_index = False
        self._font_files = {False: regular, True: bold}
        self._raw: dict[str, pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: OrderedDict[tuple[str, int, Color, bool], pygame.Surface] = OrderedDict()
        self._text_bytes = 0
        self._faces: dict[str, pygame.Surface] = {}
        self._face_key: tuple[tuple[int, int], str] = ((0, 0), "")
        self._backs: dict[tuple[int, int], pygame.Surface] = {}

    # --- images -------------------------------------------------------------------------
    def use_deck(self, four_colour: bool, large_index: bool) -> None:
        """Draw faces from now on with four suit colours and/or the large corner index."""
        self.four_colour, self.large_index = four_colour, large_index

    def deck_for(self, size: tuple[int, int]) -> str:
        """The deck folder faces of ``size`` come from (``""`` is the standard deck)."""
        large = self.large_index or needs_large_index(size[1])
        return deck_folder(self.four_colour, large)

    def raw(self, name: str, deck: str = "") -> pygame.Surface:
        """The full-size image called ``name`` (any letter case) of ``deck``, converted for fast blits."""
        key = f"{deck}/{name.lower()}"
        if key not in self._raw:
            if deck not in self._files:
                folder = self._dir / deck if deck else self._dir
                self._files[deck] = {path.stem.lower(): path for path in folder.glob("*.png")}
            files = self._files[deck]
            if name.lower() not in files:
                raise FileNotFoundError(f"no card image named {name!r} in deck {deck or 'standard'!r}")
            self._raw[key] = pygame.image.load(files[name.lower()]).convert_alpha()
        return self._raw[key]

    def face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """The card's face at ``size`` from the chosen deck. Changing the size or the deck drops
        the faces made before."""
        key = (size, self.deck_for(size))
        if key != self._face_key:
            self._faces.clear()
            self._face_key = key
        name = str(card)
        if name not in self._faces:
            self._faces[name] = scale_face(self.raw(name, key[1]), size)
        return self._faces[name]

    def prepare(self, size: tuple[int, int]) -> None:
        """Scale every face and the back to ``size`` now (on a layout change), so no frame of play
        pays for scaling a card the first time it shows."""
        for card in DECK:
            self.face(card, size)
        self.back(size)

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        if size not in self._backs:
            if len(self._backs) > 4:
                self._backs.clear()
            self._backs[size] = make_back(size)
        return self._backs[size]

    # --- text ---------------------------------------------------------------------------
    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, size), bold)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(self._font_files[bold], key[0])
        return self._fonts[key]

    def text(self, text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
        """``text`` rendered anti-aliased in one line; cached, so drawing it again costs a blit."""
        key = (text, size, color, bold)
        surface = self._texts.get(key)
        if surface is not None:
            self._texts.move_to_end(key)
            return surface
        surface = self.font(size, bold).render(text, True, color).convert_alpha()
        self._texts[key] = surface
        self._text_bytes += _pixel_bytes(surface)
        while self._text_bytes > TEXT_CACHE_BYTES and len(self._texts) > 1:
            _, oldest = self._texts.popitem(last=False)
            self._text_bytes -= _pixel_bytes(oldest)
        return surface

    def fit_text(
        self, text: str, size: int, color: Color, max_width: int, bold: bool = False
    ) -> pygame.Surface:
        """Like :meth:`text`, shrinking the size until the line fits ``max_width``."""
        while size > 10 and self.font(size, bold).size(text)[0] > max_width:
            size -= 1
        return self.text(text, size, color, bold)

    def wrap(self, text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
        """``text`` broken into lines no wider than ``max_width`` (a long word stays whole)."""
        font = self.font(size, bold)
        lines: list[str] = []
        current = ""
        for word in text.split():
            candidate = f"{current} {word}" if current else word
            if current and font.size(candidate)[0] > max_width:
                lines.append(current)
                current = word
            else:
                current = candidate
        if current:
            lines.append(current)
        return lines


def _pixel_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()
