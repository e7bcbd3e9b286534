"""Shrink a staged copy of the game for the browser bundle, in place.

    python tools/web_assets.py STAGE_DIR

* Only the card decks the browser's reference canvas (:data:`game.config.WINDOW_SIZE`, either
  orientation) can show are kept (asked of the staged game: its layout's card heights there,
  and its rule for when the large corner index takes over): the large-index decks. A bigger
  canvas (the page's canvas follows the screen) draws its bigger cards from them too (the
  loader falls back when the small-index faces were not shipped). A kept four-colour deck
  loses the faces that are byte-identical in its two-colour twin (spades and hearts): the
  game's loader falls back to the twin (``game.render.assets.twin_deck``). Every face of
  every kept deck is checked to resolve.
* Card faces are scaled down (smoothly, keeping their shape) to the largest card of that
  reference canvas, so the decks fit the 1.0 MB bundle; a bigger canvas draws them scaled up
  (its text, buttons and card backs stay sharp).
* The Spanish deck (``cards/spanish``, flat colours drawn by ``tools/draw_spanish_cards.py``)
  is kept whole, scaled like the others, and posterised to 16 levels per channel (4 bits:
  ``0x00, 0x11 … 0xff``), which the eye does not see on its flat colours and which halves its
  compressed size (407 KB → 147 KB at 146 px), so it fits the bundle beside the other decks.
* The faces of the kept standard decks are posterised the same way: flat inks on white, court
  cards included (their art is flat colour too; side by side at 4× the difference does not
  show), so every card's paper is the same white (253 becomes 255: a deck half posterised
  showed its court cards a shade greyer than the rest). 421 KB → 188 KB at 158 px, which is
  the room the label tables of the later variants need.
* Every PNG under ``STAGE_DIR/assets`` is then optimised losslessly with oxipng (PyPI
  ``pyoxipng``): same pixels, fewer bytes.
* Every font under ``STAGE_DIR/assets/fonts`` is cut down with fontTools' subsetter to the
  characters the game can show: every character of every string in the Python sources of the
  staged ``game/`` and ``rules/`` (the text catalogues of every language, the rules screens,
  card symbols, keypad and button marks), plus printable ASCII for anything typed or formatted.

* The label table (``assets/labels.json``) is rewritten compactly: without its note of how it
  was made (the game never reads it), without indentation, and with each rule set's column of
  letters next to the one most like it (identical columns, such as Apophis' unlimited ones and
  the default game's, and near-identical ones fall within deflate's 32 KB window): 98.8 KB
  compressed becomes 59.6 KB. The game reads it as before (:func:`rules.labels.load_table`).

Both read whatever the tree holds when the bundle is built, so new texts, languages or card
art need no list kept by hand. ``tests/test_web_assets.py`` renders every text in every
language with the subset and fails on any character drawn as a missing-glyph box.
"""

from __future__ import annotations

import ast
import json
import os
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
TEXT_SOURCES = ("game", "rules")
"""Packages whose string literals may reach the screen."""
ALL_DECKS = ("", "four-colour", "large-index", "four-colour-large-index")
"""The deck folders of ``assets/cards`` (``""``: the standard deck, in the folder itself)."""
FACE_NAMES = [f"{rank}{suit}" for rank in "a23456789tjqk" for suit in "shdc"]
"""File stems of the 52 faces, lower case (``ts`` is ``Ts.png``)."""
SPANISH_DECK = "spanish"
"""The Spanish deck's folder of ``assets/cards``: always shipped (a variant may choose it)."""
SPANISH_NAMES = [f"{rank}{suit}" for rank in "123456789scr" for suit in "oceb"] + ["back"]
"""File stems of its 48 faces and its back, lower case (``sc`` is ``Sc.png``)."""
POSTERISE = bytes((value >> 4) * 17 for value in range(256))
"""Each byte to its top 4 bits, spread back over 0–255 (0 and 255 stay): 16 levels a channel."""
PNG_LEVEL = 2
"""oxipng's effort (0–6): level 2 gives 749 KB of card art in 5 s, level 4 gives 738 KB in 17 s."""


def source_strings(py: Path) -> Iterable[str]:
    """Every string constant in one Python file (docstrings included: harmless extra characters)."""
    tree = ast.parse(py.read_text(encoding="utf-8"), filename=str(py))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def text_characters(root: Path) -> str:
    """The characters the game at ``root`` may draw, sorted, as one string."""
    chars = set(ASCII)
    for package in TEXT_SOURCES:
        for py in sorted((root / package).rglob("*.py")):
            for text in source_strings(py):
                chars.update(ch for ch in text if (ch.isprintable() and not ch.isspace()) or ch == " ")
    return "".join(sorted(chars))


def subset_font(src: Path, dst: Path, chars: str) -> None:
    """Write to ``dst`` the font ``src`` cut down to ``chars`` (with its kerning and shaping
    features for them, without hinting, which the game's sizes do not need)."""
    from fontTools import subset  # noqa: PLC0415 - a build and test tool only

    options = subset.Options()
    options.hinting = False
    options.notdef_outline = True
    options.layout_features = ["*"]
    font = subset.load_font(str(src), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    subset.save_font(font, str(dst), options)


def optimise_png(path: Path) -> None:
    """Recompress one PNG in place, losslessly."""
    import oxipng  # noqa: PLC0415 - a build tool only (PyPI pyoxipng)

    oxipng.optimize(path, level=PNG_LEVEL, strip=oxipng.StripChunks.safe())


def largest_card_height(stage: Path) -> int:
    """The tallest card the staged game's table layout gives on the browser's reference canvas
    (either orientation), asked of the staged code itself so a layout change is followed."""
    _, _, heights = staged_game(stage)
    return int(max(heights))


def staged_game(stage: Path) -> Any:
    """The staged game's modules that know card sizes and decks (imported from ``stage``)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(stage) not in sys.path:
        sys.path.insert(0, str(stage))
    from game.config import WINDOW_SIZE  # noqa: PLC0415 - the staged game's
    from game.render import assets, cards, layout  # noqa: PLC0415
    from rules.variant import REGISTERED  # noqa: PLC0415

    sizes = (WINDOW_SIZE, WINDOW_SIZE[::-1])  # each variant's table: other card sizes
    heights = [layout.compute_layout(size, variant=v).card[1] for size in sizes for v in REGISTERED]
    # a card big enough for the small index (six rows on the portrait canvas: 160 px) is drawn
    # scaled up from the large-index faces, as on a bigger canvas: the others set the bundle's
    return assets, cards, [h for h in heights if cards.needs_large_index(h)] or heights


def decks_shown(stage: Path) -> set[str]:
    """The deck folders the canvas can draw from, whatever the player's deck settings."""
    _, cards, heights = staged_game(stage)
    return {
        cards.deck_folder(four, large or cards.needs_large_index(height))
        for four in (False, True)
        for large in (False, True)
        for height in heights
    }


def trim_decks(folder: Path, shown: set[str]) -> int:
    """Remove the decks not in ``shown`` and the faces a kept four-colour deck shares with its kept
    two-colour twin; returns how many files went."""
    removed = 0
    for deck in ALL_DECKS:
        place = folder / deck
        if deck not in shown:
            for png in place.glob("*.png"):
                if png.stem.lower() in FACE_NAMES:  # faces only: other images stay
                    png.unlink()
                    removed += 1
    for deck in shown:
        twin = deck.replace("four-colour", "").strip("-")
        if deck.startswith("four-colour") and twin in shown:
            for png in (folder / deck).glob("*.png"):
                other = folder / twin / png.name
                if other.is_file() and other.read_bytes() == png.read_bytes():
                    png.unlink()
                    removed += 1
    return removed


def unresolved_faces(stage: Path, shown: set[str]) -> list[str]:
    """Faces of the shown decks that neither the deck nor its fallbacks hold (must be none)."""
    assets, _, _ = staged_game(stage)
    folder = stage / "assets" / "cards"
    have = {deck: {p.stem.lower() for p in (folder / deck).glob("*.png")} for deck in ALL_DECKS}
    return [
        f"{deck or 'standard'}/{name}"
        for deck in sorted(shown)
        for name in FACE_NAMES
        if name not in have[deck] and name not in have.get(assets.twin_deck(deck) or deck, set())
    ]


def shrink_face(path: Path, height: int) -> bool:
    """Scale the card face at ``path`` down to ``height`` pixels tall (never up); True if it was."""
    import pygame  # noqa: PLC0415 - a build tool only

    face = pygame.image.load(str(path))
    width, tall = face.get_size()
    if tall <= height:
        return False
    size = (max(1, round(width * height / tall)), height)
    pygame.image.save(pygame.transform.smoothscale(face, size), str(path))
    return True


def posterise(path: Path) -> None:
    """Keep 16 levels of each channel (alpha too) of the PNG at ``path``, in place."""
    import pygame  # noqa: PLC0415 - a build tool only

    image = pygame.image.load(str(path))
    data = pygame.image.tobytes(image, "RGBA").translate(POSTERISE)
    pygame.image.save(pygame.image.frombytes(data, image.get_size(), "RGBA"), str(path))


def standard_faces(folder: Path, shown: set[str]) -> list[Path]:
    """The kept standard decks' faces under ``folder`` (``assets/cards``), backs left out."""
    return [
        png
        for deck in sorted(shown)
        for png in sorted((folder / deck).glob("*.png"))
        if png.stem.lower() in FACE_NAMES
    ]


def missing_spanish(stage: Path) -> list[str]:
    """The Spanish deck's faces and back the staged folder lacks (must be none)."""
    have = {p.stem.lower() for p in (stage / "assets" / "cards" / SPANISH_DECK).glob("*.png")}
    return [f"{SPANISH_DECK}/{name}" for name in SPANISH_NAMES if name not in have]


def nearest_first(tables: dict[str, str]) -> list[str]:
    """The keys of ``tables``, each after the one whose column is most like its own (greedy,
    from the first): similar columns end up within deflate's window of each other."""
    left = list(tables)
    order = [left.pop(0)] if left else []
    while left:
        last = tables[order[-1]]
        closest = min(left, key=lambda key: sum(a != b for a, b in zip(last, tables[key], strict=False)))
        left.remove(closest)
        order.append(closest)
    return order


def compact_labels(path: Path) -> None:
    """Rewrite the label table at ``path`` for the bundle (see the module docstring)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    tables: dict[str, str] = data["tables"]
    compact = {"format": data["format"], "tables": {key: tables[key] for key in nearest_first(tables)}}
    path.write_text(json.dumps(compact, separators=(",", ":")), encoding="utf-8")


def prepare(stage: Path) -> dict[str, int]:
    """Shrink the card faces, PNGs and fonts of the staged game at ``stage``; returns figures."""
    assets = stage / "assets"
    before = sum(p.stat().st_size for p in assets.rglob("*") if p.is_file())
    chars = text_characters(stage)
    for font in sorted((assets / "fonts").glob("*.ttf")):
        subset_font(font, font, chars)
    shown = decks_shown(stage)
    trimmed = trim_decks(assets / "cards", shown)
    missing = unresolved_faces(stage, shown) + missing_spanish(stage)
    if missing:
        raise SystemExit(f"web_assets.py: faces the browser could not find: {missing[:8]}")
    height = largest_card_height(stage)
    shrunk = sum(shrink_face(png, height) for png in sorted((assets / "cards").rglob("*.png")))
    spanish = sorted((assets / "cards" / SPANISH_DECK).glob("*.png"))
    flat = [*spanish, *standard_faces(assets / "cards", shown)]
    for png in flat:
        posterise(png)
    for png in sorted(assets.rglob("*.png")):
        optimise_png(png)
    compact_labels(assets / "labels.json")
    after = sum(p.stat().st_size for p in assets.rglob("*") if p.is_file())
    return {
        "before": before,
        "after": after,
        "characters": len(chars),
        "height": height,
        "shrunk": shrunk,
        "trimmed": trimmed,
        "decks": len(shown),
    }


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        sys.exit("usage: python tools/web_assets.py STAGE_DIR")
    began = time.perf_counter()
    figures = prepare(Path(argv[0]))
    print(
        f"assets {figures['before']:,} -> {figures['after']:,} bytes ({figures['decks']} decks shown, "
        f"{figures['trimmed']} faces left out, {figures['shrunk']} card faces "
        f"scaled to {figures['height']} px tall, {figures['characters']} characters kept in the fonts, "
        f"{time.perf_counter() - began:.1f} s)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
