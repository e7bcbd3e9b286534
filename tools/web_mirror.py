"""Lay out a mirror of pygbag's runtime, so the browser page can load it from a host of your own.

    python tools/web_mirror.py OUT [--source URL|DIR] [--package NAME ...] [--partial]

The page built by ``tools/build_web.py`` loads pygbag's runtime from pygbag's CDN: the loader
``pythons.js``, CPython for WebAssembly (``main.js``, ``main.wasm``, ``main.data``), pygbag's
start-up Python, and the wheels its package index names (pygame-ce). This copies exactly those
files into ``OUT``, laid out as the CDN serves them, so that ``OUT`` served over HTTP(S) at some
address ``URL`` is a mirror: build the page with ``python tools/build_web.py --runtime-url URL``
and it asks the mirror, never the CDN (see README, "A runtime of your own").

``--source`` is the CDN itself by default (a connected machine, over HTTPS), or a folder laid
out the same way (a copy kept beside the repository, as the tests do). The package index is
copied unchanged: the page tells pygbag where the wheels are (``PYGPI``). ``OUT`` gets a
``mirror.json`` listing every file with its size and SHA-256, the source and what was missing.

A file the source lacks is named in one line on stderr and the exit status is 1, after every
other file was copied; ``--partial`` accepts the gaps (a test with the CDN's copy that lacks
CPython's two large files) and exits 0. A bad source is one line and status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

from build_web import CDN, PYGBAG  # the pinned pygbag, and its CDN

PYTHON = "cp312"
"""Its CPython (3.12): the package index's ABI tag and the wheels' folder."""
API = "wasm32_bi_emscripten"
"""The platform tag pygbag puts in place of ``<api>`` in its index (``HOST_GNU_TYPE``)."""
INDEX = f"index-{PYGBAG}-{PYTHON}.json"
RUNTIME = (
    f"{PYGBAG}/pythons.js",
    f"{PYGBAG}/cpythonrc.py",
    f"{PYGBAG}/cpython312/main.js",
    f"{PYGBAG}/cpython312/main.wasm",
    f"{PYGBAG}/cpython312/main.data",
    f"{PYGBAG}/empty.ogg",
    "vtx.js",
    "vt/xterm.js",
    "vt/xterm.css",
    "vt/xterm-addon-image.js",
    "LICENSE",
)
"""What a page built with pygbag asks its CDN for, relative to the CDN's root: the loader, the
interpreter (``main.js`` asks for ``main.wasm`` and ``main.data`` beside it), the start-up
Python, the sound unlocker, the terminal console (``data-os=vtx``), and the licence."""
PACKAGES = ("pygame",)
"""The packages the game imports that pygbag installs from its index at start-up."""
TIMEOUT = 60.0


class MirrorError(Exception):
    """The source cannot be read at all (not a missing file: those are reported together)."""


class Source:
    """Where the files come from: an ``http(s)://`` address or a folder, laid out like the CDN."""

    def __init__(self, where: str) -> None:
        self.remote = where.startswith(("https://", "http://"))
        if self.remote:
            self.base = where if where.endswith("/") else where + "/"
        else:
            folder = Path(where)
            if not folder.is_dir():
                raise MirrorError(f"--source {where}: no such folder (nor an http(s):// address)")
            self.base = str(folder.resolve())

    def read(self, path: str) -> bytes | None:
        """The file at ``path`` (relative to the CDN's root), or None when the source lacks it."""
        if not self.remote:
            file = Path(self.base) / path
            return file.read_bytes() if file.is_file() else None
        url = self.base + path
        try:
            with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
                data: bytes = response.read()
                return data
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise MirrorError(f"{url}: HTTP {error.code} {error.reason}") from error
        except (urllib.error.URLError, TimeoutError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise MirrorError(f"{url}: cannot be reached ({reason})") from error


def wheels(index: bytes, packages: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The wheels (paths relative to the CDN's root) the package ``index`` names for
    ``packages``, and the packages it does not name."""
    try:
        entries = json.loads(index.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise MirrorError(f"{INDEX} is not a JSON package index ({error})") from error
    if not isinstance(entries, dict):
        raise MirrorError(f"{INDEX} is not a JSON object of packages")
    found, unknown = [], []
    for name in packages:
        path = entries.get(name)
        if not isinstance(path, str):
            unknown.append(name)
            continue
        path = path.replace("<abi>", PYTHON).replace("<api>", API)
        if path not in found:
            found.append(path)
    return found, unknown


def write(out: Path, path: str, data: bytes) -> None:
    """Write ``out/path`` whole or not at all (a temporary file renamed into place)."""
    target = out / path
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.write_bytes(data)
    os.replace(partial, target)


def lay_out(source: Source, out: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, object]:
    """Copy the runtime, the index and the wheels of ``packages`` from ``source`` into ``out``;
    returns what ``mirror.json`` says (the files copied and the ones missing)."""
    files: dict[str, dict[str, object]] = {}
    missing: list[str] = []

    def copy(path: str) -> bytes | None:
        data = source.read(path)
        if data is None:
            missing.append(path)
            return None
        write(out, path, data)
        files[path] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        return data

    for path in RUNTIME:
        copy(path)
    index = copy(INDEX)
    if index is not None:
        found, unknown = wheels(index, packages)
        missing += [f"{INDEX}: no package {name!r}" for name in unknown]
        for path in found:
            copy(path)
    summary: dict[str, object] = {
        "pygbag": PYGBAG,
        "source": source.base if source.remote else "a local folder",
        "files": files,
        "missing": missing,
    }
    write(out, "mirror.json", (json.dumps(summary, indent=1, sort_keys=True) + "\n").encode())
    return summary


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="web_mirror.py", description="Lay out a mirror of pygbag's runtime.", allow_abbrev=False
    )
    parser.add_argument("out", type=Path, help="the mirror's folder (made if missing)")
    parser.add_argument("--source", default=CDN, help=f"CDN address or folder (default {CDN})")
    parser.add_argument("--package", action="append", default=[], metavar="NAME", help="one more package")
    parser.add_argument("--partial", action="store_true", help="accept files the source lacks")
    args = parser.parse_args(argv)
    try:
        source = Source(args.source)
        summary = lay_out(source, args.out, (*PACKAGES, *args.package))
    except MirrorError as error:
        print(f"web_mirror.py: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"web_mirror.py: cannot write {args.out}: {error.strerror or error}", file=sys.stderr)
        return 2
    files = summary["files"]
    missing = summary["missing"]
    assert isinstance(files, dict) and isinstance(missing, list)
    total = sum(int(entry["bytes"]) for entry in files.values())
    print(f"{args.out}: {len(files)} files, {total:,} bytes")
    if missing:
        print(f"web_mirror.py: the source lacks {', '.join(missing)}", file=sys.stderr)
        return 0 if args.partial else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
