"""Build the browser version: ``build/web/index.html``, ``build/web/piramide.apk`` and the files
that make it work offline and installable.

    python tools/build_web.py [--out DIR] [--timeout SECONDS] [--runtime-url URL]

1. A build environment, ``build/web-env``: a venv with the pinned pygbag and the two asset tools
   (made once, remade when the pins change). ``black`` must not be importable there: pygbag
   reformats the sources it packs in place when it is.
2. A clean copy of the game, ``build/web-stage/piramide``: the files git tracks under
   ``main.py game rules solver assets``, as they are in the work tree (no tests, bench, tools,
   venv, caches); the Python files without docstrings and comments (each line where it was, so
   a traceback from the page names the work tree's line).
3. ``tools/web_assets.py`` shrinks the copy's PNGs (lossless) and fonts (subset).
4. pygbag packs it with our page template ``web/index.tmpl`` and icon ``web/favicon.png`` (given
   explicitly: without them pygbag waits forever for its CDN), under a time limit.
5. The web app's files join it: ``manifest.webmanifest`` and its icons, ``offline.js``, and the
   service worker ``sw.js``, written from ``web/sw.js`` with the build's hash (its cache's name)
   and the SHA-256 of every file it keeps.

Offline and repeatable. The page loads pygbag's runtime (CPython and pygame-ce for WebAssembly)
from pygbag's CDN when a player first opens it (then the service worker keeps it), or from a
mirror laid out by ``tools/web_mirror.py``: ``--runtime-url URL`` names the mirror's root, where
``URL/0.9.3/pythons.js`` and ``URL/index-0.9.3-cp312.json`` are. The browser test
(``tools/web_test.py``) runs the bundle offline in pyodide; ``tools/web_offline_test.py`` builds
with a local mirror and checks the service worker in Chromium.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
import tokenize
import urllib.parse
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
ENV = BUILD / "web-env"
STAGE = BUILD / "web-stage"
APP = "piramide"
"""The staged folder's name, which pygbag also gives the archive (``piramide.apk``)."""
SHIPPED = ("main.py", "game", "rules", "solver", "assets")
NUMPY_PATH = ("solver/vector.py", "solver/vector_base.py", "solver/vector_piles.py", "solver/cell_layers.py")
"""The solver's numpy path: the page runs the pure path (``solver.configure(pure=True)``), which
imports none of these."""
LEFT_OUT = ("game/fuzz.py", "rules/invariants.py", *NUMPY_PATH)
"""Tracked modules the page never runs (the fuzz and its invariants serve tests and bench/)."""
PYGBAG = "0.9.3"
PINS = (f"pygbag=={PYGBAG}", "pyoxipng==9.1.1", "fonttools==4.68.0", "pygame-ce==2.5.8")
"""pygame-ce scales the card faces down to the canvas's largest card (``tools/web_assets.py``)."""
WEB = ROOT / "web"
TEMPLATE = WEB / "index.tmpl"
ICON = WEB / "favicon.png"
TITLE = "Pirámide"
CDN = "https://pygame-web.github.io/cdn/"
"""pygbag's CDN: its runtime is under ``CDN/0.9.3/``, its package index at the root."""
PYGBAG_OUTPUTS = ("index.html", f"{APP}.apk", "favicon.png")
APP_FILES = ("manifest.webmanifest", "icon-192.png", "icon-512.png", "icon-maskable-512.png", "offline.js")
"""Copied from ``web/`` as they are (``tools/make_icon.py`` draws the icons)."""
WORKER = "sw.js"
OUTPUTS = (*PYGBAG_OUTPUTS, *APP_FILES, WORKER)
WORKER_FIELDS = ("__PIRAMIDE_BUILD__", "__PIRAMIDE_FILES__", "__PIRAMIDE_RUNTIME__")


class BuildError(Exception):
    pass


def run(cmd: list[str], cwd: Path, timeout: float) -> str:
    """Run ``cmd``; its output, or a BuildError with the output's tail when it fails or overruns."""
    try:
        result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as error:
        raise BuildError(f"{' '.join(cmd[:4])} … took more than {timeout:.0f} s") from error
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
        raise BuildError(f"{' '.join(cmd[:4])} … failed (exit {result.returncode}):\n{tail}")
    return result.stdout


def env_python(env: Path) -> Path:
    return env / "bin" / "python"


def ensure_env(env: Path, timeout: float) -> Path:
    """The build venv with exactly :data:`PINS` (made or remade as needed), checked to lack black."""
    python = env_python(env)
    marker = env / "piramide-pins.txt"
    wanted = "\n".join(PINS) + "\n"
    if not (python.exists() and marker.exists() and marker.read_text() == wanted):
        shutil.rmtree(env, ignore_errors=True)
        venv.EnvBuilder(with_pip=True).create(env)
        run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *PINS],
            ROOT,
            timeout,
        )
        marker.write_text(wanted)
    probe = subprocess.run([str(python), "-c", "import black"], capture_output=True, check=False)
    if probe.returncode == 0:
        raise BuildError(f"black is importable in {env}: pygbag would reformat the sources; remove it")
    return python


def tracked_files() -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", *SHIPPED], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [name for name in out.split("\0") if name and name not in LEFT_OUT]


def stage(target: Path) -> int:
    """Copy the tracked game files into ``target`` (emptied first); returns how many."""
    shutil.rmtree(target.parent, ignore_errors=True)
    files = tracked_files()
    if "main.py" not in files:
        raise BuildError("no tracked main.py: run this from a git checkout of the game")
    for name in files:
        source = ROOT / name
        if not source.is_file():  # deleted in the work tree but not yet in git
            continue
        dest = target / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith(".py"):
            dest.write_text(shed_docs(source.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            shutil.copy2(source, dest)
    return len(files)


def shed_docs(source: str) -> str:
    """``source`` without its docstrings (each becomes ``""``) and comments, every line where it
    was. The page never reads a docstring; they are a third of the bundle's code."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    strings = {token.start: token for token in tokens if token.type == tokenize.STRING}
    cuts = [(token.start, token.end, "") for token in tokens if token.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            if not isinstance(node.value.value, str):
                continue
            first = strings[(node.lineno, node.col_offset)]  # a statement starts after spaces only
            last_row = node.end_lineno or node.lineno
            ends = [t.end for t in strings.values() if first.start <= t.start and t.end[0] <= last_row]
            cuts.append((first.start, max(ends), '""'))
    lines = source.splitlines(keepends=True)
    for (row, col), (end_row, end_col), text in sorted(cuts, reverse=True):
        joined = lines[row - 1][:col] + text + lines[end_row - 1][end_col:]
        lines[row - 1 : end_row] = [joined, *["\n"] * (end_row - row)]
    return "".join(line.rstrip() + "\n" for line in "".join(lines).splitlines())


def runtime_root(url: str) -> str:
    """The mirror's root address, checked (an absolute http(s) address), ending in ``/``."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise BuildError(f"--runtime-url {url!r}: give the mirror's http:// or https:// address")
    root = url if url.endswith("/") else url + "/"
    if root.endswith(f"/{PYGBAG}/"):
        raise BuildError(f"--runtime-url {url!r}: give the mirror's root, the folder above {PYGBAG}/")
    return root


def build_hash(out: Path, names: tuple[str, ...]) -> tuple[str, list[dict[str, str]]]:
    """A hash naming this build (of every file's name and content), and each file's SHA-256."""
    files = [{"name": n, "sha256": hashlib.sha256((out / n).read_bytes()).hexdigest()} for n in names]
    whole = hashlib.sha256("".join(f"{f['name']}\0{f['sha256']}\n" for f in files).encode())
    return whole.hexdigest()[:16], files


def write_worker(out: Path, runtime: str) -> str:
    """Write ``out/sw.js`` for the files in ``out`` and pygbag's runtime at ``runtime``; returns
    the build's hash (its cache is ``piramide-HASH``)."""
    digest, files = build_hash(out, (*PYGBAG_OUTPUTS, *APP_FILES))
    text = (WEB / WORKER).read_text(encoding="utf-8")
    if any(text.count(field) != 1 for field in WORKER_FIELDS):
        raise BuildError(f"web/{WORKER} must name each of {', '.join(WORKER_FIELDS)} once")
    values = (digest, json.dumps(files, indent=1), runtime)
    for field, value in zip(WORKER_FIELDS, values, strict=True):
        text = text.replace(field, value)
    (out / WORKER).write_text(text, encoding="utf-8")
    return digest


def build(out: Path, timeout: float, runtime: str = CDN) -> dict[str, int]:
    """Build into ``out`` for pygbag's runtime at ``runtime`` (its CDN, or a mirror's root);
    returns the size in bytes of each output file."""
    began = time.perf_counter()
    python = ensure_env(ENV, timeout=max(timeout, 300))
    app = STAGE / APP
    count = stage(app)
    print(f"staged {count} files in {app.relative_to(ROOT)}")
    print(run([str(python), str(ROOT / "tools" / "web_assets.py"), str(app)], ROOT, timeout).strip())
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    cmd = [
        str(python), "-m", "pygbag", "--build", "--ume_block", "0", "--title", TITLE,
        "--template", str(TEMPLATE), "--icon", str(ICON), "--cdn", f"{runtime}{PYGBAG}/", APP,
    ]  # fmt: skip
    try:
        result = subprocess.run(
            cmd, cwd=STAGE, capture_output=True, text=True, timeout=timeout, env=env, check=False
        )
    except subprocess.TimeoutExpired as error:
        raise BuildError(f"pygbag took more than {timeout:.0f} s (is it trying to reach its CDN?)") from error
    if result.returncode != 0:
        raise BuildError(
            f"pygbag failed (exit {result.returncode}):\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
        )
    built = app / "build" / "web"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in PYGBAG_OUTPUTS:
        if not (built / name).is_file():
            raise BuildError(f"pygbag wrote no {name} (its output:\n{result.stdout[-2000:]})")
        shutil.copy2(built / name, out / name)
    if runtime != CDN and CDN in (out / "index.html").read_text(encoding="utf-8"):
        raise BuildError(f"the page still names pygbag's CDN ({CDN}) besides --runtime-url {runtime}")
    for name in APP_FILES:
        shutil.copy2(WEB / name, out / name)
    digest = write_worker(out, runtime)
    sizes = {name: (out / name).stat().st_size for name in OUTPUTS}
    print(f"built {out} in {time.perf_counter() - began:.1f} s (cache piramide-{digest}, runtime {runtime}):")
    for name, size in sizes.items():
        print(f"  {name:<22} {size:>10,} bytes")
    return sizes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Build the browser version with pygbag.")
    parser.add_argument("--out", type=Path, default=BUILD / "web", help="output folder (default build/web)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds each build step may take")
    parser.add_argument(
        "--runtime-url", metavar="URL", help=f"pygbag's runtime from this mirror (default its CDN, {CDN})"
    )
    args = parser.parse_args(argv)
    try:
        runtime = CDN if args.runtime_url is None else runtime_root(args.runtime_url)
        build(args.out.resolve(), args.timeout, runtime)
    except BuildError as error:
        print(f"build_web.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
