"""One cached loader for card images, fonts and rendered text.

Files are found by lower-case name (``ts`` finds ``Ts.png``), so names never depend on the
file system's case rules. Images are loaded on first use (the display must exist, for
``convert_alpha``), scaled once per card size, and kept until the size or the deck changes.

Two decks by name (:data:`DECK_NAMES`). The ``standard`` 52-card deck comes in four folders of
the same art (``tools/render_cards.py``): two or four suit colours, with the standard or the
large corner index. Faces are scaled cleanly, never patched: when the standard index would be
too small to read (:func:`game.render.cards.needs_large_index`), the large-index deck is used
instead, whose index is drawn for small cards. The ``spanish`` 48-card deck
(``tools/draw_spanish_cards.py``, folder ``cards/spanish``) is one set of art, already in four
colours with a large index, and has its own back. :func:`face_name` maps a deck name, a rank
value and a suit letter to the face's file; :meth:`Assets.use_deck` chooses the deck the table
draws, and :meth:`Assets.card_image` draws any deck's card.

The files come from ``assets/`` (``cards/``, ``fonts/``), or from the folder named by
``PIRAMIDE_ASSETS`` (see :func:`rules.labels.assets_dir`). A card image that is missing or
cannot be read raises :class:`AssetError` naming it, which the game reports in one line (exit
status 1); a font gives way to another (:meth:`Assets.font`), and :attr:`Assets.notices` says so.
"""

from __future__ import annotations

import struct
import zlib
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path

import pygame

from game.config import ASSETS, CARDS_DIR, FONT_BOLD, FONT_REGULAR, Color
from rules import SPANISH_DECK, STANDARD_DECK, Card
from rules.cards import DECKS
from rules.cli import CommandError
from rules.files import read_regular
from rules.labels import assets_dir

from .cards import deck_folder, make_back, needs_large_index, scale_face

FONT_CHECK_SIZE = 16
"""The size at which a font file is tried out."""

TEXT_CACHE_BYTES = 4 * 2**20
"""Pixel memory kept for rendered lines of text: the least recently drawn go first beyond it.
Several screens' worth (a line is 10–130 kB); a kiosk that runs for days, with a new deal chip
every few minutes, stays within it instead of growing (``bench/kiosk_soak.py``)."""


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_problem(data: bytes) -> str | None:
    """What is wrong with ``data`` as a PNG file (None if nothing): the signature, then every
    chunk's length and checksum up to ``IEND``. Checked before the image library sees the file,
    because libpng reports a broken file on standard error itself, beside our own line."""
    if not data.startswith(PNG_SIGNATURE):
        return "not a PNG file"
    at = len(PNG_SIGNATURE)
    while at + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        end = at + 8 + length
        if end + 4 > len(data):
            return f"the file is cut short in chunk {kind.decode('latin-1')}"
        (checksum,) = struct.unpack(">I", data[end : end + 4])
        if zlib.crc32(data[at + 4 : end]) != checksum:
            return f"chunk {kind.decode('latin-1')} is damaged (bad checksum)"
        if kind == b"IEND":
            return None
        at = end + 4
    return "the file is cut short (no end chunk)"


STANDARD = STANDARD_DECK.name
"""The 52-card French-suited deck (ranks ``A 2 … 9 T J Q K``, suits ``s h d c``)."""
SPANISH = SPANISH_DECK.name
"""The Spanish 48-card deck (ranks ``1 … 9 S C R``: Sota 10, Caballo 11, Rey 12; suits ``o c e b``:
oros, copas, espadas, bastos), in ``cards/spanish``."""
DECK_NAMES: dict[str, tuple[str, str]] = {name: (deck.ranks, deck.suits) for name, deck in DECKS.items()}
"""Each deck's rank tokens (by value - 1) and suit letters (:data:`rules.cards.DECKS`): the card
files are ``<rank><suit>.png``."""


def face_name(deck: str, rank: int, suit: str) -> str:
    """The file name (without ``.png``) of the face of value ``rank`` in ``suit`` of the deck called
    ``deck``: ``face_name("spanish", 11, "o")`` is ``"Co"``. Raises ValueError for a card the
    deck does not have."""
    if deck not in DECK_NAMES:
        raise ValueError(f"no such deck: {deck!r}")
    ranks, suits = DECK_NAMES[deck]
    if not 1 <= rank <= len(ranks) or len(suit) != 1 or suit not in suits:
        raise ValueError(f"the {deck} deck has no card of rank {rank!r} and suit {suit!r}")
    return ranks[rank - 1] + suit


def deck_cards(deck: str) -> Iterator[tuple[int, str]]:
    """Every (rank value, suit letter) of the deck called ``deck``, suit by suit."""
    ranks, suits = DECK_NAMES[deck]
    return ((rank, suit) for suit in suits for rank in range(1, len(ranks) + 1))


def twin_deck(deck: str) -> str | None:
    """The two-colour deck with the same index as the four-colour ``deck`` (None for a two-colour
    one): their spades and hearts are the same images."""
    if not deck.startswith("four-colour"):
        return None
    return deck_folder(False, deck.endswith("large-index"))


SMALL_INDEX_PROBE = ("as", "ah")
"""Faces whose presence tells a deck folder holds faces (spades and hearts: a four-colour folder
may leave them to its two-colour twin, see :func:`twin_deck`)."""


class AssetError(CommandError):
    """A card image or font is missing or cannot be read; the message names the file."""


FACE_GROUPS = 2
"""Sets of scaled faces kept (one per card size and deck folder): the table's, and one more (a
panel showing another size, or another deck's cards) without evicting the table's."""


class Assets:
    def __init__(self, root: Path | None = None) -> None:
        """Read the files under ``root`` (by default :func:`rules.labels.assets_dir`), laid out
        as in ``assets/``: card images in ``cards/`` (one subfolder per other deck), fonts in ``fonts/``."""
        root = assets_dir() if root is None else root
        self._dir = root / CARDS_DIR.relative_to(ASSETS)
        self._files: dict[str, dict[str, Path]] = {}
        self.four_colour = False
        self.large_index = False
        self.deck_name = STANDARD
        """The deck the table draws (a key of :data:`DECK_NAMES`)."""
        self.card_size: tuple[int, int] | None = None
        """The size of the table's cards (set by :meth:`prepare`)."""
        self._font_files: dict[bool, Path | None] = {
            False: root / FONT_REGULAR.relative_to(ASSETS),
            True: root / FONT_BOLD.relative_to(ASSETS),
        }
        """The file of each weight (bold or not); None: pygame's own font (see :meth:`_load_font`)."""
        self.notices: list[str] = []
        """What could not be read and what is used instead, one line each, for the game to show."""
        self._raw: dict[str, pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: OrderedDict[tuple[str, int, Color, bool], pygame.Surface] = OrderedDict()
        self._text_bytes = 0
        self._faces: OrderedDict[tuple[tuple[int, int], str], dict[str, pygame.Surface]] = OrderedDict()
        self._backs: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}

    # --- images -------------------------------------------------------------------------
    def use_deck(self, four_colour: bool, large_index: bool, name: str = STANDARD) -> None:
        """Play from now on with the deck called ``name`` (:data:`DECK_NAMES`): its faces are the
        ones :meth:`prepare` scales and its back the one :meth:`back` draws. The standard deck's
        faces have four suit colours and/or the large corner index; the Spanish deck has one art,
        in four colours with a large index."""
        if name not in DECK_NAMES:
            raise ValueError(f"no such deck: {name!r}")
        self.four_colour, self.large_index, self.deck_name = four_colour, large_index, name

    def deck_for(self, size: tuple[int, int], name: str | None = None) -> str:
        """The folder of ``assets/cards`` that faces of ``size`` of the deck called ``name`` (by
        default the table's) come from (``""`` is the standard deck's own folder)."""
        if (self.deck_name if name is None else name) == SPANISH:
            return SPANISH
        large = self.large_index or needs_large_index(size[1]) or not self._small_index_shipped()
        return deck_folder(self.four_colour, large)

    def _small_index_shipped(self) -> bool:
        """False when the deck of the colour setting comes with the large index only (the
        browser bundle: its reference canvas never draws cards big enough for the small one)."""
        folder = deck_folder(self.four_colour, False)
        files = self._deck_files(folder)
        twin = twin_deck(folder)
        return any(name in files for name in SMALL_INDEX_PROBE) or (
            twin is not None and any(name in self._deck_files(twin) for name in SMALL_INDEX_PROBE)
        )

    def large_index_forced(self) -> bool:
        """True when the «Índices grandes» setting changes nothing: the table's cards are so small
        that they use the large index anyway, the deck (Spanish) has only a large index, or only
        the large-index faces were shipped."""
        if self.deck_name == SPANISH:
            return True
        small = self.card_size is not None and needs_large_index(self.card_size[1])
        return small or not self._small_index_shipped()

    def raw(self, name: str, deck: str = "") -> pygame.Surface:
        """The full-size image called ``name`` (any letter case) of ``deck``, converted for fast blits."""
        key = f"{deck}/{name.lower()}"
        if key not in self._raw:
            self._raw[key] = self._load_image(name, deck)
        return self._raw[key]

    def _deck_files(self, deck: str) -> dict[str, Path]:
        if deck not in self._files:
            folder = self._dir / deck if deck else self._dir
            self._files[deck] = {path.stem.lower(): path for path in folder.glob("*.png")}
        return self._files[deck]

    def _load_image(self, name: str, deck: str) -> pygame.Surface:
        """The image file of ``name`` in ``deck``; a four-colour deck may lack the faces it shares
        with its two-colour twin (the browser bundle leaves them out): they come from the twin."""
        folder = self._dir / deck if deck else self._dir
        path = self._deck_files(deck).get(name.lower())
        twin = twin_deck(deck)
        if path is None and twin is not None:
            path = self._deck_files(twin).get(name.lower())
        if path is None:
            if not folder.is_dir():
                raise AssetError(f"the card images folder is missing: {folder}")
            raise AssetError(f"a card image is missing: {folder / name}.png")
        try:
            data = read_regular(path)  # a named pipe or a device is refused, never waited for
        except OSError as error:
            raise AssetError(f"a card image cannot be read: {path} ({error.strerror or error})") from None
        problem = png_problem(data)
        try:
            if problem is None:
                # from the file, not from the bytes already read: the browser build's pygame
                # cannot load an image from a Python file object ("can't access resource")
                return pygame.image.load(path).convert_alpha()
        except pygame.error as error:
            problem = str(error)
        raise AssetError(f"a card image cannot be read: {path} ({problem})")

    def face(self, card: Card, size: tuple[int, int]) -> pygame.Surface:
        """The card's face at ``size``, from the card's own deck (a Spanish card draws Spanish art)."""
        return self.card_image(card.deck.name, card.rank, card.suit, size)

    def card_image(self, deck: str, rank: int, suit: str, size: tuple[int, int]) -> pygame.Surface:
        """The face of value ``rank`` in ``suit`` of the deck called ``deck`` (:data:`DECK_NAMES`)
        at ``size``, scaled once and cached; the standard deck follows the colour and index
        settings. Faces of sizes or decks no longer drawn are dropped (:data:`FACE_GROUPS`)."""
        name = face_name(deck, rank, suit)
        key = (size, self.deck_for(size, deck))
        faces = self._faces.get(key)
        if faces is None:
            faces = self._faces[key] = {}
            while len(self._faces) > FACE_GROUPS:
                self._faces.popitem(last=False)
        else:
            self._faces.move_to_end(key)
        if name not in faces:
            faces[name] = scale_face(self.raw(name, key[1]), size)
        return faces[name]

    def prepare(self, size: tuple[int, int]) -> None:
        """Scale every face of the table's deck and the back to ``size`` now (on a layout change),
        so no frame of play pays for scaling a card the first time it shows."""
        self.card_size = size
        for rank, suit in deck_cards(self.deck_name):
            self.card_image(self.deck_name, rank, suit, size)
        self.back(size)

    def back(self, size: tuple[int, int], deck: str | None = None) -> pygame.Surface:
        """The card back at ``size`` of the deck called ``deck`` (by default the table's): our drawn
        back for the standard deck, the Spanish deck's own ``back.png``."""
        name = self.deck_name if deck is None else deck
        key = (name, size)
        if key not in self._backs:
            if len(self._backs) > 4:
                self._backs.clear()
            if name == SPANISH:
                self._backs[key] = scale_face(self.raw("back", SPANISH), size)
            else:
                self._backs[key] = make_back(size)
        return self._backs[key]

    # --- text ---------------------------------------------------------------------------
    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, size), bold)
        if key not in self._fonts:
            self._fonts[key] = self._load_font(bold, key[0])
        return self._fonts[key]

    def open_fonts(self) -> None:
        """Open both fonts now, so a broken one is noticed (:attr:`notices`) at start-up."""
        for bold in (False, True):
            self.font(FONT_CHECK_SIZE, bold)

    def _load_font(self, bold: bool, size: int) -> pygame.font.Font:
        """The font of ``bold`` at ``size``. A font file that is missing or cannot be read gives
        way, for good and said once in :attr:`notices`, to the other bundled font (DejaVu in
        both weights has every letter and suit sign we show), or when that one cannot be read
        either, to pygame's own font (which draws the suit signs as boxes)."""
        path = self._font_files[bold]
        if path is None:
            return pygame.font.Font(None, size)
        try:
            return _open_font(path, size)
        except AssetError as error:
            fallback = self._font_files[bold] = self._working_font(self._font_files[not bold])
            instead = "pygame's own font" if fallback is None else f"{fallback.name} instead"
            self.notices.append(f"{error}; using {instead}")
            return self._load_font(bold, size)

    @staticmethod
    def _working_font(path: Path | None) -> Path | None:
        if path is None:
            return None
        try:
            _open_font(path, FONT_CHECK_SIZE)
        except AssetError:
            return None
        return path

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


def _open_font(path: Path, size: int) -> pygame.font.Font:
    if not path.is_file():
        raise AssetError(f"a font is missing: {path}")
    try:
        font = pygame.font.Font(path, size)
        font.size("Ag")  # pygame opens a broken font without a word and fails at first use
    except (OSError, ValueError, pygame.error) as error:  # ValueError: an empty file
        raise AssetError(f"a font cannot be read: {path} ({error})") from None
    return font


def _pixel_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()
