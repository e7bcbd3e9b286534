"""Fetch DejaVu Sans (regular and bold) into ``assets/fonts/``.

The fonts come from the Debian package ``fonts-dejavu-core`` (pinned below): it is
downloaded with ``apt-get download`` (no root needed, nothing installed) and unpacked
with ``dpkg-deb`` in a temporary directory. The game ships the .ttf files itself
because the web build has no system fonts. DejaVu Sans has the Spanish letters
(ñ ¿ ¡ and accents) and the suit symbols ♠♥♦♣.

    python tools/fetch_font.py
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DEB_PACKAGE = "fonts-dejavu-core"
DEB_VERSION = "2.37-6"
FONT_DIR_IN_DEB = "usr/share/fonts/truetype/dejavu"
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "fonts"


def find_executable(name: str) -> str:
    """Path of a command on PATH, or exit with a clear message."""
    found = shutil.which(name)
    if found is None:
        sys.exit(f"error: '{name}' not found; this script needs Debian's apt tools")
    return found


def unpack_deb(workdir: Path, version: str) -> Path:
    """Download the pinned .deb into ``workdir`` and unpack it; return the root."""
    subprocess.run(
        [find_executable("apt-get"), "download", f"{DEB_PACKAGE}={version}"],
        cwd=workdir,
        check=True,
    )
    (deb,) = workdir.glob(f"{DEB_PACKAGE}_*.deb")
    root = workdir / "root"
    subprocess.run([find_executable("dpkg-deb"), "-x", str(deb), str(root)], check=True)
    return root


def fetch_fonts(out_dir: Path, version: str) -> list[Path]:
    """Copy the fonts out of the package into ``out_dir``; return the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="fetch_font_") as tmp:
        root = unpack_deb(Path(tmp), version)
        for name in FONTS:
            target = out_dir / name
            shutil.copyfile(root / FONT_DIR_IN_DEB / name, target)
            written.append(target)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description="Fetch DejaVu Sans for the game.", allow_abbrev=False)
    parser.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help="output directory (default: assets/fonts in this repository)",
    )
    parser.add_argument(
        "--version",
        default=DEB_VERSION,
        help=f"{DEB_PACKAGE} version to fetch (default: {DEB_VERSION})",
    )
    args = parser.parse_args()
    for path in fetch_fonts(args.out, args.version):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        print(f"wrote {path}  {path.stat().st_size:,} bytes  sha256 {digest}")


if __name__ == "__main__":
    main()
