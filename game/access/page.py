"""The browser page's outlet: the tree as the page's DOM mirror (``web/index.tmpl``).

The page turns each group into a ``role="group"``, each button into a real ``<button>`` and the
live node into its polite (or, for a refusal, assertive) live region; its buttons' presses and
focus moves come back as requests. Only what changed is handed over.
"""

from __future__ import annotations

import json
import queue

from game import platform

from .tree import Act, Node, Role, Tree

Shape = list[object]
"""A node as the page gets it: ``[role, name, key, flags, children]``."""


def shape(tree: Tree, node: Node) -> Shape:
    """``node`` and what is below it, for the page (the live node is sent apart)."""
    flags = "d" * node.disabled + "s" * node.selected + "p" * (Act.PRESS in node.acts)
    below = [tree.node(key) for key in node.children]
    kids = [shape(tree, child) for child in below if child is not None and not child.live]
    return [node.role.value, node.name, node.key, flags, kids]


def payload(tree: Tree) -> str:
    """The page's view of ``tree``: its shape, the focused key, and the live text with whether
    it is urgent (a refusal)."""
    live = next((node for node in tree.nodes if node.live), Node("", Role.LABEL, ""))
    return json.dumps([shape(tree, tree.root), tree.focus, live.name, live.alert], ensure_ascii=False)


class PageOutlet:
    """The :class:`.hub.Outlet` of the browser page; always read (the page has no way to tell
    whether a screen reader is there, and its mirror costs a sighted player nothing)."""

    def __init__(self) -> None:
        self.active = True
        self.requests: queue.SimpleQueue[tuple[str, Act]] = queue.SimpleQueue()
        self._sent = ""
        self._tree: Tree | None = None

    def publish(self, tree: Tree) -> None:
        for act, key in platform.page_presses():
            self.requests.put((key, Act(act)))
        if tree is self._tree:
            return
        self._tree = tree
        text = payload(tree)
        if text != self._sent:
            self._sent = text
            platform.page_mirror(text)

    def window_focused(self, focused: bool) -> None:
        """Nothing to tell: the page's focus is the browser's own."""
