"""Build the browser version: ``build/web/index.html`` and ``build/web/piramide.apk``.

    python tools/build_web.py [--out DIR] [--timeout SECONDS]

1. A build environment, ``build/web-env``: a venv with the pinned pygbag and the two asset tools
   (made once, remade when the pins change). ``black`` must not be importable there: pygbag
   reformats the sources it packs in place when it is.
2. A clean copy of the game, ``build/web-stage/piramide``: the files git tracks under
   ``main.py game rules solver assets``, as they are in the work tree (no tests, bench, tools,
   venv, caches).
3. ``tools/web_assets.py`` shrinks the copy's PNGs (lossless) and fonts (subset).
4. pygbag packs it with our page template ``web/index.tmpl`` and icon ``web/favicon.png`` (given
   explicitly: without them pygbag waits forever for its CDN), under a time limit.

Offline and repeatable. The page loads pygbag's runtime (CPython and pygame-ce for WebAssembly)
from pygbag's CDN when a player opens it, so playing it needs a connected machine; the browser
test (``tools/web_test.py``) runs the bundle offline in pyodide instead.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
ENV = BUILD / "web-env"
STAGE = BUILD / "web-stage"
APP = "piramide"
"""The staged folder's name, which pygbag also gives the archive (``piramide.apk``)."""
SHIPPED = ("main.py", "game", "rules", "solver", "assets")
PINS = ("pygbag==0.9.3", "pyoxipng==9.1.1", "fonttools==4.68.0", "pygame-ce==2.5.8")
"""pygame-ce scales the card faces down to the canvas's largest card (``tools/web_assets.py``)."""
TEMPLATE = ROOT / "web" / "index.tmpl"
ICON = ROOT / "web" / "favicon.png"
TITLE = "Pirámide"
OUTPUTS = ("index.html", f"{APP}.apk", "favicon.png")


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
    return [name for name in out.split("\0") if name]


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
        shutil.copy2(source, dest)
    return len(files)


def build(out: Path, timeout: float) -> dict[str, int]:
    """Build into ``out``; returns the size in bytes of each output file."""
    began = time.perf_counter()
    python = ensure_env(ENV, timeout=max(timeout, 300))
    app = STAGE / APP
    count = stage(app)
    print(f"staged {count} files in {app.relative_to(ROOT)}")
    print(run([str(python), str(ROOT / "tools" / "web_assets.py"), str(app)], ROOT, timeout).strip())
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    cmd = [
        str(python), "-m", "pygbag", "--build", "--ume_block", "0", "--title", TITLE,
        "--template", str(TEMPLATE), "--icon", str(ICON), APP,
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
    sizes = {}
    for name in OUTPUTS:
        if not (built / name).is_file():
            raise BuildError(f"pygbag wrote no {name} (its output:\n{result.stdout[-2000:]})")
        shutil.copy2(built / name, out / name)
        sizes[name] = (out / name).stat().st_size
    print(f"built {out} in {time.perf_counter() - began:.1f} s:")
    for name, size in sizes.items():
        print(f"  {name:<14} {size:>10,} bytes")
    return sizes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Build the browser version with pygbag.")
    parser.add_argument("--out", type=Path, default=BUILD / "web", help="output folder (default build/web)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds each build step may take")
    args = parser.parse_args(argv)
    try:
        build(args.out.resolve(), args.timeout)
    except BuildError as error:
        print(f"build_web.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
