"""Shrink a staged copy of the game for the browser bundle, in place.

    python tools/web_assets.py STAGE_DIR

* Every PNG under ``STAGE_DIR/assets`` is optimised losslessly with oxipng (PyPI ``pyoxipng``):
  same pixels, fewer bytes.
* Every font under ``STAGE_DIR/assets/fonts`` is cut down with fontTools' subsetter to the
  characters the game can show: every character of every string in the Python sources of the
  staged ``game/`` and ``rules/`` (the text catalogues of every language, the rules screens,
  card symbols, keypad and button marks), plus printable ASCII for anything typed or formatted.

Both read whatever the tree holds when the bundle is built, so new texts, languages or card
art need no list kept by hand. ``tests/test_web_assets.py`` renders every text in every
language with the subset and fails on any character drawn as a missing-glyph box.
"""

from __future__ import annotations

import ast
import sys
import time
from collections.abc import Iterable
from pathlib import Path

ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
TEXT_SOURCES = ("game", "rules")
"""Packages whose string literals may reach the screen."""
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


def prepare(stage: Path) -> dict[str, int]:
    """Shrink the PNGs and fonts of the staged game at ``stage``; returns bytes before and after."""
    assets = stage / "assets"
    before = sum(p.stat().st_size for p in assets.rglob("*") if p.is_file())
    chars = text_characters(stage)
    for font in sorted((assets / "fonts").glob("*.ttf")):
        subset_font(font, font, chars)
    for png in sorted(assets.rglob("*.png")):
        optimise_png(png)
    after = sum(p.stat().st_size for p in assets.rglob("*") if p.is_file())
    return {"before": before, "after": after, "characters": len(chars)}


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        sys.exit("usage: python tools/web_assets.py STAGE_DIR")
    began = time.perf_counter()
    figures = prepare(Path(argv[0]))
    print(
        f"assets {figures['before']:,} -> {figures['after']:,} bytes "
        f"({figures['characters']} characters kept in the fonts, {time.perf_counter() - began:.1f} s)"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
