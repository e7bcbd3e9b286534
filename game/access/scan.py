"""Switch access: play with one or two switches, by scanning the accessibility tree's targets.

* **Two switches, step scanning** (:attr:`ScanMode.STEP`): switch 1 moves the highlight to the
  next target (every free card, the stock, the waste, every control, in reading order), switch 2
  presses the highlighted one. Nothing moves on its own: no timing, no double press.
* **One switch, auto-scanning with groups** (:attr:`ScanMode.AUTO`): the highlight steps by itself
  every ``seconds`` (1–4) through the groups (each row of the pyramid that has a free card, the
  piles, the controls; a panel's buttons); the switch enters the highlighted group, whose targets
  are then stepped through, and the switch presses the highlighted one. A group of one target is
  pressed at once; a group stepped through twice with no press gives the highlight back to the
  groups.

The targets are the tree's nodes that take :attr:`Act.PRESS` (and are not disabled), grouped by
their parent: the scanner needs no knowledge of the game, and follows the tree as it changes (a
target that leaves is replaced by the one that took its place in its group). Time is what the
caller passes to :meth:`Scanner.tick`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.settings import ScanMode

from .tree import Act, Bounds, Node, Tree

TIME_SLACK = 1e-6
"""Seconds summed from frames fall short by rounding (120 frames of 1/60 s: 1.9999…)."""
ROUNDS_IN_A_GROUP = 2
"""Times a group's targets are stepped through with no press before the groups are scanned again."""


@dataclass(frozen=True)
class Outcome:
    press: str | None = None
    """The key of the node to press now."""
    focus: str | None = None
    """The key of a single target the highlight moved to (the game's focus follows it)."""


def scan_groups(tree: Tree) -> list[tuple[Node, list[Node]]]:
    """Every node with children that can be pressed, and those children, in tree order."""
    groups = []
    for node in tree.nodes:
        targets = [child for child in map(tree.node, node.children) if child is not None and _target(child)]
        if targets:
            groups.append((node, targets))
    return groups


def _target(node: Node) -> bool:
    return Act.PRESS in node.acts and not node.disabled


class Scanner:
    def __init__(self) -> None:
        self.group: str | None = None
        """The highlighted (or, with :attr:`inside`, entered) group's key."""
        self.item: str | None = None
        """The highlighted target's key (step scanning, or inside a group)."""
        self.inside = False
        self._since = 0.0
        self._rounds = 0
        self._slots: tuple[int, int] = (0, 0)
        """Where the highlight was (group index, target index), to find its place when what it
        pointed at leaves the tree."""

    # --- the switches -------------------------------------------------------------------------
    def next(self, tree: Tree) -> Outcome:
        """Step scanning's switch 1: highlight the next target."""
        targets = [node for _, group in scan_groups(tree) for node in group]
        if not targets:
            self.item = None
            return Outcome()
        keys = [node.key for node in targets]
        if self.item in keys:
            index = (keys.index(self.item) + 1) % len(keys)
        else:
            index = min(self._slots[1], len(keys) - 1) if self.item is not None else 0
        self.item = keys[index]
        self._slots = (0, index)
        return Outcome(focus=self.item)

    def select(self, tree: Tree, mode: ScanMode) -> Outcome:
        """The select switch (step scanning's switch 2, or auto-scanning's one switch)."""
        self._since = 0.0
        if mode is ScanMode.STEP:
            self._follow_step(tree)
            return Outcome(press=self.item) if self.item is not None else self.next(tree)
        groups = scan_groups(tree)
        self._follow_auto(groups)
        if not groups:
            return Outcome()
        if self.inside and self.item is not None:
            pressed = self.item
            self.inside, self.item, self._rounds = False, None, 0
            return Outcome(press=pressed)
        if self.group is None:
            self.group = groups[0][0].key
            return Outcome()
        targets = {node.key: group for node, group in groups}[self.group]
        if len(targets) == 1:
            return Outcome(press=targets[0].key)
        self.inside, self.item, self._rounds = True, targets[0].key, 0
        self._slots = (self._slots[0], 0)
        return Outcome(focus=self.item)

    def tick(self, tree: Tree, dt: float, seconds: float) -> Outcome | None:
        """Auto-scanning: time passes; the highlight steps every ``seconds`` (it starts at once
        on the first group). None when it stays."""
        groups = scan_groups(tree)
        self._follow_auto(groups)
        if not groups:
            return None
        keys = [node.key for node, _ in groups]
        if self.group is None:
            self.group, self._since = keys[0], 0.0
            return Outcome()
        self._since += dt
        if self._since < seconds - TIME_SLACK:
            return None
        self._since = 0.0
        if not self.inside:
            index = (keys.index(self.group) + 1) % len(keys) if self.group in keys else 0
            self.group = keys[index]
            self._slots = (index, 0)
            return Outcome()
        targets = [node.key for node in groups[keys.index(self.group or "")][1]]
        index = (targets.index(self.item) + 1) % len(targets) if self.item in targets else 0
        if index == 0:
            self._rounds += 1
            if self._rounds >= ROUNDS_IN_A_GROUP:
                self.inside, self.item, self._rounds = False, None, 0
                return Outcome()
        self.item = targets[index]
        self._slots = (self._slots[0], index)
        return Outcome(focus=self.item)

    # --- following the tree ---------------------------------------------------------------------
    def _follow_step(self, tree: Tree) -> None:
        keys = [node.key for _, group in scan_groups(tree) for node in group]
        if self.item is not None and self.item not in keys:
            self.item = keys[min(self._slots[1], len(keys) - 1)] if keys else None

    def _follow_auto(self, groups: list[tuple[Node, list[Node]]]) -> None:
        """Keep the highlight on something that is still there (the same place in the order)."""
        keys = [node.key for node, _ in groups]
        if not keys:
            self.group, self.item, self.inside = None, None, False
            return
        if self.group is not None and self.group not in keys:
            self.group = keys[min(self._slots[0], len(keys) - 1)]
            self.inside, self.item = False, None
        if self.inside and self.group is not None:
            targets = [node.key for node in groups[keys.index(self.group)][1]]
            if self.item not in targets:
                self.item = targets[min(self._slots[1], len(targets) - 1)]

    def highlight(self, tree: Tree) -> list[Bounds]:
        """Where the highlight is drawn: the target, or every target of the highlighted group."""
        if self.item is not None:
            node = tree.node(self.item)
            return [node.bounds] if node is not None and node.bounds is not None else []
        for node, targets in scan_groups(tree):
            if node.key == self.group:
                return [target.bounds for target in targets if target.bounds is not None]
        return []
