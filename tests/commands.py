"""Running our real commands in a child process, as a user would, for the tests of exit
statuses and error lines (``python main.py``, ``python -m rules``, ``python -m solver``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_ASSETS = ROOT / "assets"
TIMEOUT = 120


def command_env(**extra: str | None) -> dict[str, str]:
    """The environment of a child: headless SDL, saves in a fresh folder of its own, plus
    ``extra`` (a value of None removes a name)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env["PIRAMIDE_DATA_DIR"] = tempfile.mkdtemp(prefix="piramide-test-data-")
    for name, value in extra.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def run(
    args: list[str],
    *,
    input: str | bytes | None = "",
    env: dict[str, str] | None = None,
    shell_tail: str = "",
) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` from the repository root; text output. ``shell_tail`` is a redirection
    added by ``sh`` (``>/dev/full``, ``>&-``, ``<&-``) exactly as a user would type it."""
    command = [sys.executable, *args]
    if shell_tail:
        command = ["sh", "-c", f'exec "$@" {shell_tail}', "sh", *command]
    data = input.encode() if isinstance(input, str) else input
    result = subprocess.run(
        command,
        input=data,
        capture_output=True,
        cwd=ROOT,
        env=env or command_env(),
        timeout=TIMEOUT,
        check=False,
    )
    return subprocess.CompletedProcess(
        result.args,
        result.returncode,
        result.stdout.decode(errors="replace"),
        result.stderr.decode(errors="replace"),
    )


def one_line(result: subprocess.CompletedProcess[str], status: int, *needles: str) -> str:
    """Assert the command ended with ``status`` and said exactly one line on stderr containing
    every needle (and no traceback); return that line."""
    lines = result.stderr.strip().splitlines()
    assert result.returncode == status, (result.returncode, result.stderr[-2000:])
    assert len(lines) == 1, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def make_assets(folder: Path, labels: bool = True) -> Path:
    """A copy of ``assets/`` in ``folder`` made of links to the shipped files (labels.json only
    when ``labels``), so a test can break one file without touching the real ones. The files of
    ``cards/`` (every deck), ``fonts/`` and ``sounds/`` are linked one by one, so each can be replaced."""
    folder.mkdir(parents=True, exist_ok=True)
    for entry in SHIPPED_ASSETS.iterdir():
        if entry.name in ("cards", "fonts", "sounds"):
            _link_tree(entry, folder / entry.name)
        elif entry.name != "labels.json" or labels:
            (folder / entry.name).symlink_to(entry)
    return folder


def _link_tree(source: Path, target: Path) -> None:
    target.mkdir()
    for path in source.iterdir():
        if path.is_dir():
            _link_tree(path, target / path.name)
        else:
            (target / path.name).symlink_to(path)


def start_game(args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    """``python main.py ARGS`` running, returned once it draws (its fonts are open): the frame
    loop has started. Linux only (it looks in /proc)."""
    game = subprocess.Popen(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    fds = Path(f"/proc/{game.pid}/fd")
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and game.poll() is None:
        try:
            if any(str(link.readlink()).endswith(".ttf") for link in fds.iterdir()):
                return game
        except OSError:
            pass  # a descriptor closed while we looked
        time.sleep(0.1)
    game.kill()
    raise AssertionError(f"the game did not start drawing: {game.communicate()[1].decode()[-2000:]}")


def interrupt(process: subprocess.Popen[bytes]) -> subprocess.CompletedProcess[str]:
    """Send Ctrl-C (SIGINT) and wait for the process to end."""
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, out.decode(), err.decode())


def bad_label_file(kind: str, folder: Path) -> Path:
    """``folder/labels.json`` broken in the way ``kind`` names; returns its path."""
    path = folder / "labels.json"
    if kind == "non-utf8":
        path.write_bytes(b'{"format": 1, "made": {"by": "\xff\xfe"}, "tables": {}}')
    elif kind == "nested":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif kind == "long-number":
        path.write_text('{"format": 1, "made": {"n": ' + "7" * 5000 + '}, "tables": {}}', encoding="utf-8")
    elif kind == "directory":
        path.mkdir()
    elif kind == "empty":
        path.write_text("", encoding="utf-8")
    elif kind == "format-true":
        path.write_text('{"format": true, "tables": {}}', encoding="utf-8")
    elif kind != "missing":
        raise ValueError(kind)
    return path


SIGNAL_HOOK = '''\
"""Test hook (loaded by Python at start-up as ``sitecustomize``): send this process one signal
at an exact moment of its start-up, named by a Python audit event (PEP 578)."""
import fnmatch
import os
import signal
import sys

_event, _, _name = os.environ["PIRAMIDE_TEST_SIGNAL_AT"].partition(":")
_numbers = [signal.Signals[name] for name in os.environ["PIRAMIDE_TEST_SIGNAL"].split(",")]
_sent = False


def _hook(event, args):
    global _sent
    if _sent or event != _event or not args or not isinstance(args[0], str):
        return
    if args[0] == _name or fnmatch.fnmatchcase(os.path.basename(args[0]), _name):
        _sent = True
        for number in _numbers:
            os.kill(os.getpid(), number)


sys.addaudithook(_hook)
'''


def signal_env(
    folder: Path, at: str, number: signal.Signals | tuple[signal.Signals, ...], **extra: str | None
) -> dict[str, str]:
    """The environment of a child that sends itself signal ``number`` (or each of several, in
    order) at the moment ``at`` of its start-up: ``import:MODULE`` (the module starts to load),
    ``open:NAME`` (a file whose name matches the pattern ``NAME`` is opened: ``open:.game.*.tmp``,
    the game's first save). Deterministic: no timing involved."""
    numbers = number if isinstance(number, tuple) else (number,)
    hook = folder / "signal-hook"
    hook.mkdir(parents=True, exist_ok=True)
    (hook / "sitecustomize.py").write_text(SIGNAL_HOOK, encoding="utf-8")
    paths = [str(hook), os.environ.get("PYTHONPATH", "")]
    return command_env(
        PYTHONPATH=os.pathsep.join(p for p in paths if p),
        PIRAMIDE_TEST_SIGNAL_AT=at,
        PIRAMIDE_TEST_SIGNAL=",".join(n.name for n in numbers),
        **extra,
    )
