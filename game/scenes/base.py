"""The scene protocol and the stack that runs scenes.

A scene receives normalised commands (:mod:`game.input`), advances on ``update(dt)``, and
draws itself on the surface it is given. The table is the bottom scene; panels and screens
are pushed on top. Only the top scene gets input; every scene is updated, so the table keeps
its animations and analysis going under a panel. Drawing starts at the highest opaque scene.

The window is repainted only where it changed (dirty rectangles), in the two cases play spends
its time in: the table alone (it repaints what changed, :meth:`Scene.paint`), and one modal
scene over it (a panel: the table is kept dimmed on a surface of its own and repainted there
where it changed; the panel is drawn again only when what it shows changed, :meth:`Scene.look`).
The win celebration is drawn between the dimmed table and the panel, repainted where its cards
are or were (:meth:`Scene.flourish_rects`). Anything else (a screen over a screen, the kiosk's
demo) draws every scene whole. :meth:`SceneManager.draw` says which: the rectangles changed, or None.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

import pygame

from game.input import Command
from game.render.layer import area, cover, outside
from game.render.widgets import PANEL_SHADOW, dim, panel_shadow_reach


def hit(rects: Mapping[str, pygame.Rect], pos: tuple[int, int]) -> str | None:
    """The name of the button under ``pos``, if any: the one hit test of screens with named buttons."""
    return next((name for name, rect in rects.items() if rect.collidepoint(pos)), None)


def shadow_spread(panel: pygame.Rect) -> tuple[int, int]:
    """How far a panel's soft shadow reaches above it and below it."""
    blur, drop = panel_shadow_reach(panel)
    return max(0, blur - drop), blur + drop


def whole_or_clear(panel: pygame.Rect, line: pygame.Rect, window: pygame.Rect) -> pygame.Rect:
    """``panel`` moved (or, failing that, lengthened) as little as it takes to leave the table's
    message ``line`` whole or cover it whole, never cutting it in half; within ``window``."""
    if whole_or_clear_at(panel, line):
        return panel
    above, below = shadow_spread(panel)
    shifts = [
        line.top - below - panel.bottom,  # up, clear of it
        line.bottom + above - panel.top,  # down, clear of it
        line.bottom - panel.bottom,  # down, over it
        line.top - panel.top,  # up, over it
    ]
    for shift in sorted(shifts, key=abs):
        moved = panel.move(0, shift)
        if whole_or_clear_at(moved, line) and window.contains(moved.inflate(0, 2 * PANEL_SHADOW)):
            return moved
    longer = pygame.Rect(panel.left, panel.top, panel.width, line.bottom - panel.top)
    return longer if panel.top <= line.top and window.contains(longer) else panel


def whole_or_clear_at(panel: pygame.Rect, line: pygame.Rect) -> bool:
    """True when ``panel`` (with its shadow) leaves the message ``line`` whole or covers it whole."""
    above, below = shadow_spread(panel)
    clear = panel.bottom + below <= line.top or panel.top - above >= line.bottom
    return clear or (panel.top <= line.top and panel.bottom >= line.bottom)


class Scene:
    """Base class with do-nothing defaults: override what the scene needs."""

    opaque = False
    """True when the scene covers the whole window, so the scenes below need no drawing."""
    modal = False
    """True for panels and dialogs: the scenes below are shown dimmed (and drawn once, then reused
    from a cached backdrop for as long as they do not change)."""
    lets_flourish_show = False
    pictured = False
    """True when :meth:`draw` is one blit of a picture kept ready: drawing it again clipped to each
    of many small rectangles then costs only their pixels (else it is drawn once, over their union)."""
    """True when the table's win flourish should still show while this scene is on top
    (the end panels, the kiosk's attract demo); other screens hide it."""

    def enter(self) -> None:
        """Called when the scene is pushed."""

    def exit(self) -> None:
        """Called when the scene is popped."""

    def covered(self) -> None:
        """The player can no longer play this scene: another scene was pushed over it, or the
        window was hidden (Arcade's ``on_hide_view``)."""

    def uncovered(self) -> None:
        """This scene is on top again, in a window the player sees (it is told so when first
        pushed too)."""

    def handle(self, command: Command) -> None:
        """One input command (only the top scene gets them)."""

    def update(self, dt: float) -> bool:
        """Advance ``dt`` seconds; True if what :meth:`draw` shows has changed."""
        return False

    def overlay_active(self) -> bool:
        """True while :meth:`draw_overlay` has something moving to show."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw on ``surface`` (fetched again by the app after every resize)."""

    def paint(self, target: pygame.Surface, whole: bool) -> list[pygame.Rect]:
        """Bring ``target`` up to date, knowing that it shows what the last call painted there
        (unless ``whole``: then paint all of it). Returns the rectangles painted. By default the
        scene is drawn whole every time."""
        self.draw(target)
        return [target.get_rect()]

    def look(self) -> Hashable | None:
        """A value naming everything :meth:`draw` shows now, so that a frame where it is the same
        as last time need not draw the scene again; None: draw it every frame."""
        return None

    def bounds(self, size: tuple[int, int]) -> pygame.Rect:
        """Where :meth:`draw` paints in a window of ``size`` (a panel: its box and its shadow)."""
        return pygame.Rect((0, 0), size)

    def solid(self) -> pygame.Rect | None:
        """A rectangle that :meth:`draw` covers entirely with opaque pixels (a panel's inside), so
        that nothing under it need be repainted while the scene stays the same; None if none."""
        return None

    def mend(self, surface: pygame.Surface, rects: list[pygame.Rect]) -> None:
        """Paint :meth:`solid`'s pixels again within ``rects`` (which lie inside it), over
        whatever was drawn there (the celebration's cards passing under the panel)."""
        self.draw(surface)

    def flourish_rects(self) -> list[pygame.Rect]:
        """Where :meth:`draw_flourish` paints now (the win celebration's cards)."""
        return []

    def draw_flourish(self, surface: pygame.Surface) -> None:
        """Draw what moves between this scene and a panel over it (the win celebration)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Draw above every scene (after all of them), e.g. the win flourish over its panel."""

    def relayout(self, size: tuple[int, int]) -> None:
        """The window is now ``size``: recompute positions. The game itself stays as it is."""

    def message_line(self) -> pygame.Rect | None:
        """Where this scene writes its one-line message (with the room a wrapped line spills
        into), which a panel above it must leave whole or cover whole; None if it has none."""
        return None


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []
        self.size: tuple[int, int] = (0, 0)
        self._backdrop: pygame.Surface | None = None
        self._shown: tuple[pygame.Surface, tuple[object, ...]] | None = None
        """The surface last drawn on, and what was drawn (the stack, the way): when the next frame
        is drawn the same way on the same surface, only what changed is repainted."""
        self._dimmed: pygame.Surface | None = None
        """The table under a panel, dimmed, kept up to date where it changes."""
        self._look: Hashable | None = None
        self._bounds = pygame.Rect(0, 0, 0, 0)
        self._flourish: list[pygame.Rect] = []
        """Where the win celebration's cards were drawn last frame."""
        self.painted = 0
        """Pixels the last :meth:`draw` painted (the benchmark reports frames that painted none)."""
        self.window_shown = True
        """The window is shown (:meth:`show_window`)."""
        self._uncovered: Scene | None = None
        """The scene last told it is uncovered, until it is told it is covered."""

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        scene.relayout(self.size)
        self.stack.append(scene)
        self._backdrop = None
        scene.enter()
        self._tell_covered()

    def pop(self, scene: Scene) -> None:
        """Remove ``scene`` (and anything above it). Popping a scene not on the stack does nothing."""
        if scene not in self.stack:
            return
        self._backdrop = None
        while self.stack:
            top = self.stack.pop()
            top.exit()
            if top is scene:
                break
        self._tell_covered()

    def pop_above(self, scene: Scene) -> None:
        """Close everything above ``scene``."""
        while self.stack and self.stack[-1] is not scene:
            self._backdrop = None
            self.stack.pop().exit()
        self._tell_covered()

    def show_window(self, shown: bool) -> None:
        """The window was hidden (minimised, another tab, focus lost) or shown again: the top
        scene is told it is covered or uncovered."""
        self.window_shown = shown
        self._tell_covered()

    def _tell_covered(self) -> None:
        """Tell the scene the player could play until now that it is covered, and the one they
        can play now that it is uncovered (the top one, while the window is shown)."""
        playable = self.top if self.window_shown else None
        if playable is self._uncovered:
            return
        if self._uncovered is not None and self._uncovered in self.stack:
            self._uncovered.covered()
        self._uncovered = playable
        if playable is not None:
            playable.uncovered()

    def message_line_under(self, scene: Scene) -> pygame.Rect | None:
        """The message line of the nearest scene under ``scene`` that shows one (the table's)."""
        below = self.stack[: self.stack.index(scene)] if scene in self.stack else self.stack
        return next((r for r in (s.message_line() for s in reversed(below)) if r is not None), None)

    def dialog_box(
        self, scene: Scene, size: tuple[int, int], box: tuple[int, int], *, edge: int = 4, low: bool = False
    ) -> pygame.Rect:
        """Where a dialog's ``box`` (width, height) lies in a window of ``size``: the one geometry
        of every panel and screen over the table. Centred, at least ``edge`` from the top (or
        ``edge`` above the bottom when ``low`` in a window taller than wide), then moved as little
        as it takes to leave the message line under ``scene`` whole or cover it whole."""
        (width, height), (box_w, box_h) = size, box
        top = max(edge, (height - box_h) // 2)
        if low and height > width:
            top = max(edge, height - edge - box_h)
        panel = pygame.Rect((width - box_w) // 2, top, box_w, box_h)
        line = self.message_line_under(scene)
        return panel if line is None else whole_or_clear(panel, line, pygame.Rect((0, 0), size))

    def handle(self, command: Command) -> None:
        if self.stack:
            self.stack[-1].handle(command)

    def update(self, dt: float) -> bool:
        """Update every scene; True if the window must be drawn again."""
        changed = False
        for index, scene in enumerate(list(self.stack)):
            if scene.update(dt):
                changed = True
                if index < len(self.stack) - 1:
                    self._backdrop = None
            changed |= scene.overlay_active()
        return changed

    def invalidate(self) -> None:
        """Draw the whole window next frame (it was exposed, or shown again)."""
        self._shown = None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the scenes on ``surface``. Returns the rectangles that changed, or None when the
        whole window was drawn (see the module's docstring)."""
        top = self.top
        way = "alone" if len(self.stack) == 1 else "whole"
        if len(self.stack) == 2 and top is not None and top.modal:
            way = "under"
        shown = (surface.get_size(), way, *map(id, self.stack))
        whole = self._shown is None or self._shown[0] is not surface or self._shown[1] != shown
        self._shown = (surface, shown)
        self.painted = surface.get_width() * surface.get_height()
        rects: list[pygame.Rect] | None = None
        if way == "alone" and top is not None:
            rects = top.paint(surface, whole)
            top.draw_overlay(surface)
        elif way == "under":
            rects = self._paint_under(surface, whole)
        if rects is not None:
            self.painted = area(rects)
            return None if whole else rects
        if top is not None and top.modal and len(self.stack) > 1:
            self._draw_backdrop(surface)
            top.draw(surface)
        else:
            self._draw_scenes(surface, self.stack)
        for scene in self.stack:
            scene.draw_overlay(surface)
        return None

    def _paint_under(self, surface: pygame.Surface, whole: bool) -> list[pygame.Rect]:
        """The table (kept dimmed on a surface of its own, repainted there where it changed) and
        one modal scene over it, drawn again where the table changed under it or when it
        changed itself."""
        base, top = self.stack
        window = surface.get_rect()
        if whole or self._dimmed is None or self._dimmed.get_size() != window.size:
            if self._dimmed is None or self._dimmed.get_size() != window.size:
                self._dimmed = pygame.Surface(window.size, 0, surface)  # the window's own format
            base.paint(self._dimmed, True)
            dim(self._dimmed)
            damage = [window]
        else:
            damage = base.paint(self._dimmed, False)
            for rect in damage:
                dim(self._dimmed, rect)
        bounds, look = top.bounds(window.size), top.look()
        steady = not whole and look is not None and look == self._look and bounds == self._bounds
        if not steady:
            damage += [bounds, self._bounds]
        self._look, self._bounds = look, bounds
        moving = base.flourish_rects()
        dirty = cover([*damage, *self._flourish, *moving], window)
        self._flourish = moving
        solid = top.solid() if steady else None
        if solid is not None:  # the panel's opaque inside is left as it is: it covers what is under it
            dirty = [part for rect in dirty for part in outside(rect, solid)]
        touching = [rect for rect in dirty if rect.colliderect(bounds)]
        if touching and not top.pictured:  # drawn once, over one rectangle repainted whole
            touching = [touching[0].unionall(touching).clip(bounds)]
            dirty.append(touching[0])
        for rect in dirty:
            surface.blit(self._dimmed, rect, rect)
        base.draw_flourish(surface)
        if solid is not None:  # where a card went over the panel's inside, the panel again
            over = [rect.clip(solid) for rect in moving if rect.colliderect(solid)]
            if over:
                top.mend(surface, over)
        for rect in touching:
            surface.set_clip(rect)
            top.draw(surface)
        surface.set_clip(None)
        return dirty

    def _draw_scenes(self, surface: pygame.Surface, scenes: list[Scene]) -> None:
        start = 0
        for index, scene in enumerate(scenes):
            if scene.opaque:
                start = index
        for scene in scenes[start:]:
            scene.draw(surface)

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        """Everything under the modal top scene, dimmed; redrawn only when it changed."""
        if self._backdrop is not None and self._backdrop.get_size() == surface.get_size():
            surface.blit(self._backdrop, (0, 0))
            return
        self._draw_scenes(surface, self.stack[:-1])
        dim(surface)
        self._backdrop = surface.copy()

    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        self._backdrop = None
        for scene in self.stack:
            scene.relayout(size)
