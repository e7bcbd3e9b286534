"""A screen reader's view of the game over AT-SPI, for tests/test_atspi.py.

Run by the system's ``python3`` (Debian's ``python3-gi`` and ``gir1.2-atspi-2.0``: the AT-SPI
client library a screen reader such as Orca uses), inside the test's private D-Bus session. It
reads one JSON request per line on stdin and answers one JSON line on stdout:

* ``{"op": "tree"}``: the game window's nodes, depth first: ``[depth, role, name, states, actions]``;
* ``{"op": "press", "prefix": P}``: the first node whose name starts with ``P`` does its default
  action (``click``), as a screen reader's «activate» does: ``{"name": …}``;
* ``{"op": "focus", "prefix": P}``: that node grabs the focus (``Component.grab_focus``);
* ``{"op": "focused"}``: the name of the node whose state says it has the focus;
* ``{"op": "heard", "until": [P, …], "timeout": S}``: the announcements (``object:announcement``
  events, what a screen reader speaks from a live node) heard since the last request, waiting up
  to ``S`` seconds for one starting with a ``P`` (with none given, the whole ``S`` seconds).

Nothing here knows the game: it finds the window by its name («Pirámide…» or «Pyramid…»).
"""

from __future__ import annotations

import json
import sys
import time
import warnings
from typing import Any

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

warnings.simplefilter("ignore", DeprecationWarning)  # PyGObject marks get_action_name, the one way
WINDOW_NAMES = ("Pirámide", "Pyramid")
heard: list[str] = []


def on_event(event: Any) -> None:
    heard.append(str(event.any_data))


def pump(seconds: float) -> None:
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while True:
        while context.iteration(False):
            pass
        if time.monotonic() >= end:
            return
        time.sleep(0.01)


def window() -> Any:
    """The game's window (waits for the game to appear on the desktop)."""
    for _ in range(400):
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is None:
                continue
            app.clear_cache()
            for j in range(app.get_child_count()):
                child = app.get_child_at_index(j)
                if child is not None and child.get_name().startswith(WINDOW_NAMES):
                    return child
        pump(0.05)
    raise SystemExit("the game's window never appeared on the AT-SPI desktop")


def walk(node: Any, depth: int = 0) -> list[tuple[int, Any]]:
    found = [(depth, node)]
    for i in range(node.get_child_count()):
        child = node.get_child_at_index(i)
        if child is not None:
            found += walk(child, depth + 1)
    return found


def describe(node: Any) -> tuple[str, str, list[str], list[str]]:
    states = [state.value_nick for state in node.get_state_set().get_states()]
    acting = "Action" in node.get_interfaces()
    count = Atspi.Action.get_n_actions(node) if acting else 0
    actions = [Atspi.Action.get_action_name(node, i) for i in range(count)]
    return node.get_role_name(), node.get_name(), states, actions


def find(prefix: str) -> Any:
    for _, node in walk(window()):
        if node.get_name().startswith(prefix):
            return node
    return None


def answer(request: dict[str, Any]) -> dict[str, Any]:
    op = request["op"]
    pump(0)
    if op == "tree":
        return {"nodes": [[depth, *describe(node)] for depth, node in walk(window())]}
    if op in ("press", "focus"):
        node = find(request["prefix"])
        if node is None:
            return {"error": f"no node named {request['prefix']!r}…"}
        done = Atspi.Action.do_action(node, 0) if op == "press" else Atspi.Component.grab_focus(node)
        return {"name": node.get_name(), "done": bool(done)}
    if op == "focused":
        for _, node in walk(window()):
            if node.get_state_set().contains(Atspi.StateType.FOCUSED):
                return {"name": node.get_name()}
        return {"name": None}
    if op == "heard":
        prefixes = tuple(request.get("until") or ())
        end = time.monotonic() + float(request.get("timeout", 0))
        while time.monotonic() < end and not (prefixes and any(text.startswith(prefixes) for text in heard)):
            pump(0.02)
        said = list(heard)
        heard.clear()
        return {"heard": said}
    return {"error": f"unknown op {op!r}"}


def main() -> None:
    listener = Atspi.EventListener.new(on_event)
    listener.register("object:announcement")
    for line in sys.stdin:
        print(json.dumps(answer(json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
