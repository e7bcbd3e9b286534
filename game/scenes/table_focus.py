"""The keyboard focus on the table: a place the arrows reach, or a control Tab reaches.

Arrows move between the places that can be selected now (:func:`step_focus`, by position on
screen), Tab and Shift+Tab round the controls (the one focus ring, :func:`cycle`). A tap hides
the focus; a key shows it again where it was.
"""

from __future__ import annotations

import pygame

from game.input import Action
from game.play import Play
from game.render.layout import CONTROLS, PILE_CONTROLS, TableLayout
from game.table_terms import DECK
from rules.topology import iter_slots

from .focus import cycle, nearest, step_focus

BUTTON_ORDER = ("deal", *PILE_CONTROLS, *CONTROLS)
"""Tab order of the table's controls."""


class TableFocus:
    def __init__(self) -> None:
        self.at: int | str | None = None
        """A place (a card, the deck), a control's name, or nothing yet."""
        self.visible = False

    def candidates(self, play: Play, layout: TableLayout) -> dict[int, pygame.Rect]:
        """Places the arrows can reach: every card that can be selected now (the pyramid's, and
        those of every place the stock kind has: stock, waste, columns, reserve, cell), the deck,
        and the empty free cell while the selected card may go into it."""
        state = play.state
        deck = [DECK] if state.rules.variant.has_stock else []
        cards = [*range(state.rules.variant.shape.slots), *state.kind.places()]
        places = deck + [p for p in cards if play.selectable(p)]
        return {p: layout.place_rect(p, state) for p in places}

    def arrow(self, action: Action, play: Play, layout: TableLayout) -> None:
        """An arrow key: the focus shows (where it was, or at the middle of the pyramid's base row,
        whatever its shape), or moves that way."""
        candidates = self.candidates(play, layout)
        if not self.visible or not isinstance(self.at, int) or self.at not in candidates:
            self.visible = True
            if not (isinstance(self.at, int) and self.at in candidates):
                base = iter_slots(play.state.rules.variant.shape.base_row)
                self.at = nearest(layout.slots[base[len(base) // 2]].center, candidates)
            return
        target = step_focus(layout.place_rect(self.at, play.state), action, candidates)
        if target is not None:
            self.at = target

    def ring(self, step: int) -> None:
        """Tab (``step`` 1) or Shift+Tab (-1): the next control round the ring."""
        self.visible = True
        self.at = cycle(BUTTON_ORDER, self.at, step)

    def to_partner(self, play: Play, layout: TableLayout) -> None:
        """A card was just selected: the focus goes to its nearest partner, if it has one."""
        partners = play.partners()
        if not partners or play.selected is None:
            return
        state = play.state
        rects = {p: layout.place_rect(p, state) for p in partners}
        self.at = nearest(layout.place_rect(play.selected, state).center, rects)

    def repair(self, play: Play, layout: TableLayout) -> None:
        """After a move the focused card may be gone: the focus goes to the nearest playable one."""
        if not isinstance(self.at, int):
            return
        candidates = self.candidates(play, layout)
        if self.at not in candidates:
            self.at = nearest(layout.place_rect(self.at, play.state).center, candidates)
