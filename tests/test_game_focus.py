"""The one focus ring every screen steps round (game/scenes/focus.py)."""

from __future__ import annotations

from game.input import Action
from game.scenes.focus import AROUND, HORIZONTAL, TAB, VERTICAL, cycle, ring_step


def test_the_ring_wraps_both_ways() -> None:
    stops = ("deal", "draw", "undo")
    assert cycle(stops, "undo", 1) == "deal"
    assert cycle(stops, "deal", -1) == "undo"
    assert cycle(stops, "draw", 1) == "undo"


def test_from_nothing_focused_forward_is_the_first_and_back_the_last() -> None:
    assert cycle(range(4), None, 1) == 0
    assert cycle(range(4), None, -1) == 3
    assert cycle(("a", "b"), 7, -1) == "b"  # a stop of another kind is nothing focused


def test_a_screen_moves_only_on_the_keys_it_listens_to() -> None:
    stops = range(3)
    assert ring_step(TAB, Action.NEXT, stops, 2) == 0
    assert ring_step(TAB, Action.DOWN, stops, 2) is None
    assert ring_step(VERTICAL, Action.UP, stops, 0) == 2
    assert ring_step(VERTICAL, Action.LEFT, stops, 0) is None
    assert ring_step(HORIZONTAL, Action.LEFT, stops, 0) == 2
    assert ring_step(AROUND, Action.RIGHT, stops, 1) == 2
    assert ring_step(AROUND, Action.CONFIRM, stops, 1) is None
    assert ring_step(AROUND, Action.NEXT, (), None) is None  # no stops: nothing to focus
