"""The accessibility tree as plain values: what a screen reader may know and do, nothing more.

A node has a stable ``key`` (``"P21"`` for a pyramid slot, ``"btn:draw"`` for a control), a
:class:`Role`, the ``name`` a screen reader reads, the :class:`Act` s it takes, its children's
keys and where it is drawn. The tree is rebuilt from the game every frame and compared: a
platform outlet sends only what changed. No platform's types here: AccessKit's adapter turns it
into its nodes natively, and a page can turn it into DOM elements.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

Bounds = tuple[int, int, int, int]
"""Left, top, width and height in window pixels."""


class Role(enum.Enum):
    WINDOW = "window"
    GROUP = "group"
    """A row of the pyramid, the piles, the controls: what group scanning steps through."""
    BUTTON = "button"
    """A card, a pile or a control: anything pressed to act."""
    DIALOG = "dialog"
    LABEL = "label"
    STATUS = "status"
    """Text that changes as the game goes (the counts under the table)."""


class Act(enum.Enum):
    PRESS = "press"
    """The default action: what a tap (or Enter on the focused node) does."""
    FOCUS = "focus"
    """Move the game's keyboard focus to the node."""


@dataclass(frozen=True, slots=True)
class Node:
    key: str
    role: Role
    name: str
    children: tuple[str, ...] = ()
    acts: frozenset[Act] = frozenset()
    bounds: Bounds | None = None
    disabled: bool = False
    """Shown but not usable now (a covered card, a control that does nothing now)."""
    selected: bool = False
    """The lifted card, waiting for its pair."""
    live: bool = False
    """A polite live region: a screen reader reads each new name without moving the focus."""
    alert: bool = False
    """The live region's text is a refusal: read at once (assertive)."""


@dataclass(frozen=True, slots=True)
class Tree:
    """Every node, parents before children (the root first), and the focused node's key."""

    nodes: tuple[Node, ...]
    focus: str
    _index: dict[str, Node] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {node.key: node for node in self.nodes})

    @property
    def root(self) -> Node:
        return self.nodes[0]

    def node(self, key: str) -> Node | None:
        return self._index.get(key)

    def names(self) -> Iterator[str]:
        """Every node's name, in tree order (what a listing of the tree reads)."""
        return (node.name for node in self.nodes)

    def changed(self, before: Tree | None) -> list[Node]:
        """The nodes that are new or differ from ``before`` (all of them when there was none)."""
        if before is None:
            return list(self.nodes)
        old = {node.key: node for node in before.nodes}
        return [node for node in self.nodes if old.get(node.key) != node]


def pressable(tree: Tree, under: str) -> list[Node]:
    """The nodes below ``under`` (depth first, in order) that take :attr:`Act.PRESS`."""
    found: list[Node] = []
    node = tree.node(under)
    for key in node.children if node is not None else ():
        child = tree.node(key)
        if child is None:
            continue
        if Act.PRESS in child.acts and not child.disabled:
            found.append(child)
        found += pressable(tree, key)
    return found
