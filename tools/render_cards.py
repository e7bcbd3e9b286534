"""Regenerate ``assets/cards/*.png`` from Adrian Kennard's CC0 card deck.

The art comes as one SVG per card in the npm package
``@heruka_urgyen/react-playing-cards`` (pinned below, checked against its registry
integrity hash). pygame's SVG loader drops ``<use>`` elements and draws these cards
blank, so each SVG is rasterised once with ``resvg`` (PyPI ``resvg-cli``) and the
PNGs are committed.

Output: ``<rank><suit>.png`` for ranks ``A 2 3 4 5 6 7 8 9 T J Q K`` and suits ``s h d c``
(``Ts.png``, ``Ah.png``), plus ``back.png``; all RGBA, transparent outside the
rounded corners, with the 5:7 aspect ratio of the source art. Four decks from the same art,
each in its own folder (see :data:`DECKS`): the standard two-colour deck in ``assets/cards``,
and ``four-colour``, ``large-index`` and ``four-colour-large-index`` beside it. The large-index
decks are the art's "big face" variant, whose corner index is drawn for small cards.

Each PNG is then optimised losslessly with oxipng (PyPI ``pyoxipng``): the pixels stay
the same, the files shrink by about half (they travel in the browser build).

Needs ``npm`` and ``resvg`` on the PATH (or ``resvg`` next to this Python)::

    pip install resvg-cli pyoxipng      # or: pip install -e ".[tools]"
    python tools/render_cards.py
"""

from __future__ import annotations

import argparse
import json
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "@heruka_urgyen/react-playing-cards"
VERSION = "0.5.0"
INTEGRITY = "sha512-o/tSxBIIdGJQYCwARHMzddjY0hYdxxYZXiyCVzg8FuQNCrnVl8n1moKjzjkRVK7qMQGR3FCpromg2kpw85pQ+A=="
"""The registry's integrity hash of the pinned tarball; a mismatch stops the run."""

DECKS: dict[str, str] = {
    "": "package/src/images/2color",
    "four-colour": "package/src/images/4color",
    "large-index": "package/src/images/2color-bf",
    "four-colour-large-index": "package/src/images/4color-bf",
}
"""Output sub-folder → the package folder it is rendered from. The game picks the folder
from its settings (:mod:`game.render.assets`): four-colour suits, and large indices ("big
face" art, whose index reads on small cards)."""
BACK_SVG = "package/src/images/back.svg"

RANKS = "A23456789TJQK"
SUITS = "shdc"

RENDER_HEIGHT = 350
"""Pixels. The art is 240 by 336 units (5:7), so 350 px tall gives exactly 250 px
wide, sharp when the game scales cards down to between 60 and 200 px."""

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "cards"


def card_names() -> list[str]:
    """The 52 card names in deck order (suits ``s h d c``, each Ace to King)."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def source_svg_name(card: str) -> str:
    """The package's file name for a card: ``Ts`` → ``TS.svg``."""
    return card.upper() + ".svg"


def find_executable(name: str, hint: str) -> str:
    """Path of a command, looked up on PATH and then beside this interpreter."""
    found = shutil.which(name)
    if found is None:
        beside = Path(sys.executable).parent / name
        found = str(beside) if beside.is_file() else None
    if found is None:
        sys.exit(f"error: '{name}' not found; {hint}")
    return found


def fetch_package(workdir: Path) -> Path:
    """Download the pinned tarball into ``workdir``, verify it, unpack it there.

    Returns the directory the tarball was unpacked into (it holds ``package/``).
    """
    npm = find_executable("npm", "install Node.js and npm")
    result = subprocess.run(
        [npm, "pack", f"{PACKAGE}@{VERSION}", "--json", "--silent"],
        cwd=workdir,
        check=True,
        capture_output=True,
        text=True,
    )
    packed = json.loads(result.stdout)[0]
    if packed["integrity"] != INTEGRITY:
        sys.exit(f"error: {PACKAGE}@{VERSION} integrity is {packed['integrity']}, expected {INTEGRITY}")
    unpacked = workdir / "unpacked"
    with tarfile.open(workdir / packed["filename"]) as tar:
        tar.extractall(unpacked, filter="data")
    return unpacked


def png_size(path: Path) -> tuple[int, int]:
    """Width and height read from a PNG's IHDR chunk."""
    header = path.read_bytes()[:24]
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def render(resvg: str, svg: Path, png: Path, height: int) -> None:
    """Rasterise one SVG to an RGBA PNG ``height`` pixels tall, keeping its aspect."""
    if not svg.is_file():
        sys.exit(f"error: {svg.name} is missing from {PACKAGE}@{VERSION}")
    subprocess.run([resvg, "--height", str(height), str(svg), str(png)], check=True)


OXIPNG_LEVEL = 2
"""oxipng's optimisation level (0–6): 2 is its default, most of the gain in a few seconds."""


def optimise(pngs: list[Path]) -> None:
    """Recompress each PNG losslessly in place with oxipng."""
    try:
        import oxipng  # noqa: PLC0415 - a tool-only dependency
    except ImportError:
        sys.exit("error: pyoxipng is missing; run: pip install pyoxipng")
    for png in pngs:
        oxipng.optimize(png, level=OXIPNG_LEVEL)


def render_deck(out_dir: Path, height: int) -> list[Path]:
    """Render the four decks' faces and the back into ``out_dir``; return the files written."""
    resvg = find_executable("resvg", "run: pip install resvg-cli")
    with tempfile.TemporaryDirectory(prefix="render_cards_") as tmp:
        package = fetch_package(Path(tmp))
        jobs = []
        for folder, faces in DECKS.items():
            deck_dir = out_dir / folder
            deck_dir.mkdir(parents=True, exist_ok=True)
            jobs += [
                (package / faces / source_svg_name(card), deck_dir / f"{card}.png") for card in card_names()
            ]
        jobs.append((package / BACK_SVG, out_dir / "back.png"))
        for svg, png in jobs:
            render(resvg, svg, png, height)
    written = [png for _, png in jobs]
    optimise(written)
    return written


def report(written: list[Path]) -> None:
    """Print each file with its pixel size and byte size, then the total."""
    if written:
        print(f"in {written[0].parent}:")
    total = 0
    for path in written:
        width, height = png_size(path)
        size = path.stat().st_size
        total += size
        print(f"wrote {path.parent.name + '/' + path.name:<34} {width}x{height} {size:>8,} bytes")
    print(f"{len(written)} files, {total:,} bytes in total")


def main() -> None:
    parser = argparse.ArgumentParser(description="Regenerate the card PNGs.", allow_abbrev=False)
    parser.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help="output directory (default: assets/cards in this repository)",
    )
    parser.add_argument(
        "--height",
        type=int,
        default=RENDER_HEIGHT,
        help=f"card height in pixels (default: {RENDER_HEIGHT})",
    )
    args = parser.parse_args()
    report(render_deck(args.out, args.height))


if __name__ == "__main__":
    main()
