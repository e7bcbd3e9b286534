"""The accessibility tree handed to the platform through AccessKit (PyPI ``accesskit``).

The only module that imports ``accesskit``. On Linux it serves the tree over AT-SPI (what Orca
reads); on Windows (UI Automation) and macOS (NSAccessibility) through AccessKit's subclassing
adapters on SDL's window, as AccessKit's own pygame example does (only Linux is tested here).
Where ``accesskit`` cannot be imported (not installed, the browser build) :func:`open_outlet`
returns None and the game runs without it.

AccessKit calls us from its own threads: the activation handler (an assistive technology asked
for the tree: it gets the last tree published) and the action handler (a screen reader pressed
or focused a node: the request is queued and taken by the game's frame, on the game's thread).
"""

from __future__ import annotations

import os
import queue
from typing import Any

from game import platform

from .tree import Act, Node, Role, Tree

try:  # not installed, or the browser build: the game goes on without a tree for the platform
    import accesskit
except ImportError:  # pragma: no cover - the import works wherever the tests run
    accesskit = None


def _roles() -> dict[Role, Any]:
    return {
        Role.WINDOW: accesskit.Role.WINDOW,
        Role.GROUP: accesskit.Role.GROUP,
        Role.BUTTON: accesskit.Role.BUTTON,
        Role.DIALOG: accesskit.Role.DIALOG,
        Role.LABEL: accesskit.Role.LABEL,
        Role.STATUS: accesskit.Role.STATUS,
    }


class AccessKitOutlet:
    """One window's tree on the platform's accessibility API (see the module docstring)."""

    def __init__(self, window: int | None) -> None:
        """``window``: the native window handle (Windows, macOS); unused on Linux."""
        self.active = False
        """An assistive technology asked for the tree (and has not let it go)."""
        self.requests: queue.SimpleQueue[tuple[str, Act]] = queue.SimpleQueue()
        self._ids: dict[str, int] = {}
        self._keys: dict[int, str] = {}
        self._tree: Tree | None = None
        self._sent: Tree | None = None
        self._roles = _roles()
        self._adapter = _platform_adapter(window, self._activate, self._action, self._deactivate)

    # --- AccessKit's threads ----------------------------------------------------------------------
    def _activate(self) -> Any:
        self.active = True
        tree = self._sent = self._tree
        if tree is None:
            return None  # nothing published yet: the first update sends the whole tree
        return self._update(tree, list(tree.nodes), whole=True)

    def _deactivate(self) -> None:
        self.active = False
        self._sent = None

    def _action(self, request: Any) -> None:
        """A screen reader's request (on AccessKit's thread: an exception here would end its
        event loop, so nothing here can raise). AccessKit's actions are not hashable: compared."""
        key = self._keys.get(request.target)
        if request.action == accesskit.Action.CLICK:
            act = Act.PRESS
        elif request.action == accesskit.Action.FOCUS:
            act = Act.FOCUS
        else:
            return
        if key is not None:
            self.requests.put((key, act))

    # --- the game's thread --------------------------------------------------------------------------
    def publish(self, tree: Tree) -> None:
        """Make ``tree`` the platform's: only the nodes that changed are sent."""
        self._tree = tree
        if not self.active:
            return
        sent, self._sent = self._sent, tree
        changed = tree.changed(sent)
        if not changed and sent is not None and sent.focus == tree.focus:
            return
        events = self._adapter.update_if_active(lambda: self._update(tree, changed, whole=sent is None))
        if events is not None:  # Windows and macOS hand back events to raise
            events.raise_events()

    def window_focused(self, focused: bool) -> None:
        """The window gained or lost the keyboard focus (the tree's focus counts only with it)."""
        events = self._adapter.update_window_focus_state(focused)
        if events is not None:
            events.raise_events()

    # --- conversion ----------------------------------------------------------------------------------
    def _id(self, key: str) -> int:
        if key not in self._ids:
            self._ids[key] = len(self._ids) + 1
            self._keys[self._ids[key]] = key
        return self._ids[key]

    def _update(self, tree: Tree, nodes: list[Node], whole: bool) -> Any:
        update = accesskit.TreeUpdate(self._id(tree.focus))
        if whole:
            update.tree = accesskit.Tree(self._id(tree.root.key))
        for node in nodes:
            update.nodes.append((self._id(node.key), self._node(node)))
        return update

    def _node(self, node: Node) -> Any:
        made = accesskit.Node(self._roles[node.role])
        if node.role in (Role.LABEL, Role.STATUS):
            made.set_value(node.name)  # a label's name is its value
        else:
            made.set_label(node.name)
        if node.children:
            made.set_children([self._id(key) for key in node.children])
        if node.bounds is not None:
            x, y, w, h = node.bounds
            made.set_bounds(accesskit.Rect(float(x), float(y), float(x + w), float(y + h)))
        if Act.PRESS in node.acts:
            made.add_action(accesskit.Action.CLICK)
        if Act.FOCUS in node.acts:
            made.add_action(accesskit.Action.FOCUS)
        if node.disabled:
            made.set_disabled()
        if node.selected:
            made.set_selected(True)
        if node.live:
            made.set_live(accesskit.Live.ASSERTIVE if node.alert else accesskit.Live.POLITE)
        return made


def _platform_adapter(window: int | None, activate: Any, action: Any, deactivate: Any) -> Any:
    """AccessKit's adapter for this system (as its pygame example makes them)."""
    if platform.SYSTEM == "macos":
        accesskit.macos.add_focus_forwarder_to_window_class("SDLWindow")
        return accesskit.macos.SubclassingAdapter.for_window(window, activate, action)
    if platform.SYSTEM == "windows":
        return accesskit.windows.SubclassingAdapter(window, activate, action)
    return accesskit.unix.Adapter(activate, action, deactivate)


def open_outlet(window: int | None) -> AccessKitOutlet | None:
    """The platform's accessibility outlet, or None where AccessKit cannot run: not installed,
    the browser, no platform adapter in the installed wheel, or ``PIRAMIDE_NO_ACCESSKIT`` set
    (a way out should the platform's accessibility bus misbehave)."""
    if accesskit is None or platform.IS_WEB or os.environ.get("PIRAMIDE_NO_ACCESSKIT"):
        return None
    needed = platform.SYSTEM
    if not hasattr(accesskit, needed):
        return None
    return AccessKitOutlet(window)
