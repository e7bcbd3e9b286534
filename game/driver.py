"""Scripted input for tests, the benchmark and the screenshot tool: real posted pygame events.

Nothing here reaches into the game's logic: moves become taps at the positions the current
layout gives, exactly as a player's mouse or finger would produce them, and every event goes
through the same queue and the same frame as in play.
"""

from __future__ import annotations

import pygame

from rules import Move

from .app import App
from .table_terms import tapped_places

FRAME_SECONDS = 1 / 60


def post_tap(pos: tuple[int, int], touch: bool = False) -> None:
    """A press and release of the left button (``touch``: as SDL's touch emulation marks them)."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, touch=touch))


def post_key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=""))


def step(app: App, frames: int = 1, dt: float = FRAME_SECONDS) -> None:
    """Run ``frames`` frames of the real loop body."""
    for _ in range(frames):
        app.frame(dt)


def tap(app: App, pos: tuple[int, int]) -> None:
    post_tap(pos)
    step(app)


def tap_place(app: App, place: int) -> None:
    """Tap the card (or pile) at ``place`` where the current layout draws it."""
    tap(app, app.table.layout.tap_point(place, app.table.play.state))


def tap_button(app: App, name: str) -> None:
    """Tap a control of the table (``undo``, ``hint``, ``draw``, ``recycle``, ``deal``, …)."""
    tap(app, app.table.layout.buttons[name].center)


def press_key(app: App, key: int, mod: int = 0) -> None:
    post_key(key, mod)
    step(app)


def play_by_taps(app: App, move: Move) -> None:
    """Make ``move`` the way a player would: tap its cards (a store: the card, then the cell), or
    tap the stock to draw or recycle."""
    for place in tapped_places(move):
        tap_place(app, place)
