"""The native accessibility tree, read for real over AT-SPI (what Orca reads on Linux).

The real game (``main.py``) runs in a real X window (Xvfb) inside a private D-Bus session with
the AT-SPI bus launched and switched on, as a desktop with a screen reader has it; its tree goes
out through AccessKit. A separate reader (tests/atspi_reader.py, run by the system's python3 with
the AT-SPI client library) finds the nodes by name, presses them, and listens to the live node's
announcements. The default suite checks the tree at the start of deal 1 and a few moves; the
slow set wins deal 1 by the tree's actions alone.

Skipped, saying what is missing, where Xvfb, D-Bus, the AT-SPI bus, the AT-SPI client for the
system's python3 or ``accesskit`` are not installed (.ci/run installs them: Debian ``xvfb``,
``dbus-daemon``, ``at-spi2-core``, ``gir1.2-atspi-2.0``, ``python3-gi``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import select
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.access.words import card_words
from game.texts import Texts
from rules import Kind, Move, State, apply, parse_moves

ROOT = Path(__file__).resolve().parent.parent
BUS_LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
SYSTEM_PYTHON = "/usr/bin/python3"
SPANISH = Texts("es")
MOVE_SAID = ("Quitas", "Robas", "Otra vuelta")
"""How the sentence of a move begins (a selection's sentence says «elegida»)."""


ANSWER_MARGIN = 120.0
"""Seconds the reader may take to answer beyond the wait a request asks for (a loaded machine
is slow; a reader that never answers fails the test instead of hanging the suite)."""


def missing() -> str | None:
    """What this machine lacks to run the test, or None."""
    for program in ("Xvfb", "dbus-daemon", "dbus-send"):
        if shutil.which(program) is None:
            return f"{program} is not installed (Debian: xvfb, dbus-daemon, dbus-bin)"
    if not BUS_LAUNCHER.exists():
        return f"{BUS_LAUNCHER} is missing (Debian: at-spi2-core)"
    probe = "import gi; gi.require_version('Atspi', '2.0'); from gi.repository import Atspi"
    found = Path(SYSTEM_PYTHON).exists()
    if not found or subprocess.run([SYSTEM_PYTHON, "-c", probe], capture_output=True, check=False).returncode:
        return f"{SYSTEM_PYTHON} cannot import the AT-SPI client (Debian: python3-gi, gir1.2-atspi-2.0)"
    if importlib.util.find_spec("accesskit") is None:
        return "the accesskit package is not installed (pip install accesskit)"
    return None


LACKING = missing()
needs_desktop = pytest.mark.skipif(LACKING is not None, reason=f"no AT-SPI desktop here: {LACKING}")


def _group(argv: list[str], env: dict[str, str], **kwargs: Any) -> subprocess.Popen[str]:
    """A process in a process group of its own (stopped with everything it started)."""
    return subprocess.Popen(argv, env=env, start_new_session=True, text=True, **kwargs)


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture(scope="module")
def desktop() -> Iterator[dict[str, str]]:
    """An X display and a private D-Bus session with the AT-SPI bus on: the environment for
    the game and the reader."""
    env = {key: value for key, value in os.environ.items() if key not in ("GTK_MODULES", "NO_AT_BRIDGE")}
    started: list[subprocess.Popen[str]] = []
    try:
        read, write = os.pipe()
        xvfb = _group(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                      env, pass_fds=(write,), stderr=subprocess.DEVNULL)  # fmt: skip
        started.append(xvfb)
        os.close(write)
        with os.fdopen(read) as display:
            env["DISPLAY"] = ":" + display.readline().strip()
        bus = _group(["dbus-daemon", "--session", "--nofork", "--print-address=1"], env,
                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)  # fmt: skip
        started.append(bus)
        assert bus.stdout is not None
        env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()
        started.append(_group([str(BUS_LAUNCHER), "--launch-immediately"], env, stderr=subprocess.DEVNULL))
        enable = ["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                  "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                  "variant:boolean:true"]  # fmt: skip
        for _ in range(100):  # until the launcher has taken its name on the bus
            if subprocess.run(enable, env=env, capture_output=True, check=False).returncode == 0:
                break
            subprocess.run(["sleep", "0.05"], check=True)
        else:
            pytest.fail("the AT-SPI bus launcher never answered")
        yield env
    finally:
        for process in reversed(started):
            _stop(process)


class Reader:
    """tests/atspi_reader.py, run by the system's python3, and the game it reads."""

    def __init__(self, env: dict[str, str], data: Path, deal: int) -> None:
        game_env = env | {"SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
        argv = [sys.executable, str(ROOT / "main.py"), "--deal", str(deal), "--data-dir", str(data)]
        self.game = _group(argv, game_env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.reader = _group([SYSTEM_PYTHON, str(ROOT / "tests" / "atspi_reader.py")], env,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)  # fmt: skip

    def ask(self, op: str, **params: object) -> dict[str, Any]:
        assert self.reader.stdin is not None and self.reader.stdout is not None
        self.reader.stdin.write(json.dumps({"op": op, **params}) + "\n")
        self.reader.stdin.flush()
        patience = float(params.get("timeout", 0)) + ANSWER_MARGIN  # type: ignore[arg-type]
        ready, _, _ = select.select([self.reader.stdout], [], [], patience)
        if not ready:  # a reader stuck on the bus would otherwise hold the whole suite
            pytest.fail(f"the AT-SPI reader gave no answer to {op!r} within {patience:.0f} s")
        answer: dict[str, Any] = json.loads(self.reader.stdout.readline())
        assert "error" not in answer, answer["error"]
        return answer

    def press(self, prefix: str) -> str:
        answer = self.ask("press", prefix=prefix)
        assert answer["done"], f"{answer['name']!r} did not act"
        return str(answer["name"])

    def heard(self, *until: str, timeout: float = 5.0) -> list[str]:
        return list(self.ask("heard", until=list(until), timeout=timeout)["heard"])

    def close(self) -> str:
        """Stop both; the game's error output (it must have none)."""
        _stop(self.reader)
        _stop(self.game)
        assert self.game.stderr is not None
        return self.game.stderr.read()


@pytest.fixture
def reader(desktop: dict[str, str], tmp_path: Path) -> Iterator[Reader]:
    opened = Reader(desktop, tmp_path, deal=1)
    try:
        opened.ask("heard", until=["Reparto 1"], timeout=30)  # the game is up and has said its deal
        yield opened
    finally:
        errors = opened.close()
    assert errors == ""


def name_of(state: State, place: int) -> str:
    """How the tree names the card at ``place``: the start of its node's name."""
    card = state.card_at(place)
    assert card is not None
    return card_words(SPANISH, card) + ","


def presses(state: State, move: Move) -> list[str]:
    if move.kind in (Kind.DRAW, Kind.RECYCLE):
        return ["Mazo:" if state.stock_count else "Mazo vacío,"]  # the stock's button (not «Mazo y descarte»)
    return [name_of(state, place) for place in move.places]


@needs_desktop
def test_the_tree_at_the_start_of_deal_1_and_a_few_moves_over_atspi(reader: Reader) -> None:
    nodes = reader.ask("tree")["nodes"]
    names = [name for _, _, name, _, _ in nodes]
    roles = {name: role for _, role, name, _, _ in nodes}
    assert len(nodes) == 54
    assert names[0].startswith("Pirámide: Reparto 1")
    assert roles["rey de picas, fila 7, libre"] == "push button"
    assert "7 de corazones, fila 1, cubierta por 9 de picas y 4 de corazones" in names
    assert "Mazo: 24 cartas, vuelta 1 de 3" in names
    assert "reina de picas, arriba del mazo, libre" in names
    assert {"Robar", "Deshacer", "Pista", "¿Aún se gana?", "Nuevo reparto", "Reglas", "Ajustes"} <= set(names)
    covered = next(node for node in nodes if node[2].startswith("7 de corazones"))
    assert covered[4] == []  # nothing to press (AccessKit keeps a disabled button «enabled» on AT-SPI)
    free = next(node for node in nodes if node[2].startswith("rey de picas"))
    assert "click" in free[4]

    reader.press("rey de picas,")
    assert reader.heard("Quitas")[-1] == "Quitas rey de picas. Quedan 24 en el mazo, vuelta 1 de 3."
    reader.press("rey de diamantes,")
    reader.heard("Quitas")
    reader.press("5 de diamantes,")
    assert reader.heard("5 de diamantes elegida")[-1] == "5 de diamantes elegida; va con 8 de tréboles."
    focused = reader.ask("focused")["name"]
    assert focused == "8 de tréboles, fila 7, libre, va con la elegida"  # focus follows the game's
    reader.press("8 de tréboles,")
    said = reader.heard("Quitas")[-1]
    assert said == "Quitas 5 de diamantes y 8 de tréboles. Quedan 24 en el mazo, vuelta 1 de 3."
    reader.press("Mazo:")
    assert reader.heard("Robas")[-1].startswith("Robas reina de picas.")
    reader.ask("focus", prefix="Pista")
    for _ in range(50):  # the game takes the request on its next frame
        if reader.ask("focused")["name"] == "Pista":
            break
        reader.heard(timeout=0.1)
    assert reader.ask("focused")["name"] == "Pista"


@needs_desktop
@pytest.mark.slow
def test_deal_1_is_won_by_the_trees_actions_alone_over_atspi(reader: Reader) -> None:
    lines = (ROOT / "tests" / "data" / "winning_lines.txt").read_text(encoding="utf-8").splitlines()
    row = next(row for row in lines if row.startswith("passes=3 overlap=on deal=1:"))
    moves = parse_moves(row.split(":")[1])
    state = State.from_deal(1)
    heard: list[str] = []
    for move in moves:
        for prefix in presses(state, move):
            reader.press(prefix)
        state = apply(state, move)
        heard += reader.heard(*MOVE_SAID)
    assert state.is_won
    nodes = reader.ask("tree")["nodes"]
    dialog = [name for _, role, name, _, _ in nodes if role == "dialog"]
    assert dialog == ["¡Pirámide despejada!"]
    said = [text for text in heard if text.startswith(MOVE_SAID)]
    assert len(said) == len(moves)  # every move said, none lost to a newer one
    assert said[-1].startswith("Quitas 7 de corazones y 6 de diamantes.")
    print("\n".join(heard))  # the announcements of the whole won deal (run with -s to read them)
