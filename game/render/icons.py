"""The controls' icons, drawn by our own code with pygame's shapes (no icon font, no image file).

Each icon is drawn on a 96-unit square grid at four times its size and scaled down smoothly, so
its edges are soft at any size; strokes are :data:`STROKE` units wide (about 2 px at 24 px).
:func:`icon` caches them per name, size and colour. The shapes follow the conventions people
know from other software: a curved arrow back for undo, a light bulb for a hint, a magnifying
glass for the question «¿Aún se gana?», a card with a plus for a new deal, an open book for the
rules, a gear for settings, a card with an arrow for drawing, a circular arrow for another pass,
bars for statistics, a calendar for the daily deal.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable

import pygame

Color = tuple[int, int, int]
GRID = 96
SCALE = 4
STROKE = 8
"""Stroke width in grid units."""
Draw = Callable[[pygame.Surface, Color, Callable[[float], int]], None]


def _arrow_head(
    surface: pygame.Surface, color: Color, tip: tuple[float, float], *, angle: float, size: float
) -> None:
    """A filled triangle pointing along ``angle`` (radians, y downwards) with its tip at ``tip``."""
    back = angle + math.pi
    left = (tip[0] + size * math.cos(back - 0.55), tip[1] + size * math.sin(back - 0.55))
    right = (tip[0] + size * math.cos(back + 0.55), tip[1] + size * math.sin(back + 0.55))
    pygame.draw.polygon(surface, color, [tip, left, right])


def _arc(
    surface: pygame.Surface, color: Color, centre: tuple[float, float], *, radius: float, start: float,
    stop: float, width: float,
) -> None:  # fmt: skip
    """A thick arc from angle ``start`` to ``stop`` (radians, counter-clockwise on screen), drawn
    as round-capped segments (pygame's own arcs leave gaps at thick widths)."""
    steps = max(8, int(abs(stop - start) * radius / 6))
    points = [
        (centre[0] + radius * math.cos(start + (stop - start) * k / steps),
         centre[1] - radius * math.sin(start + (stop - start) * k / steps))
        for k in range(steps + 1)
    ]  # fmt: skip
    _polyline(surface, color, points, width)


def _polyline(surface: pygame.Surface, color: Color, points: list[tuple[float, float]], width: float) -> None:
    for a, b in itertools.pairwise(points):
        pygame.draw.line(surface, color, a, b, round(width))
    for point in points:
        pygame.draw.circle(surface, color, point, width / 2)


def _undo(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    end = math.radians(160)
    _arc(s, c, (u(52), u(56)), radius=u(26), start=math.radians(-70), stop=end, width=u(STROKE))
    tip = (u(52) + u(26) * math.cos(end) - u(4), u(56) - u(26) * math.sin(end) + u(14))
    _arrow_head(s, c, tip, angle=math.radians(100), size=u(24))


def _hint(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    pygame.draw.circle(s, c, (u(48), u(40)), u(24), u(STROKE))
    pygame.draw.rect(s, c, (u(37), u(62), u(22), u(8)))
    pygame.draw.rect(s, c, (u(38), u(74), u(20), u(8)), border_radius=u(3))
    pygame.draw.rect(s, c, (u(42), u(85), u(12), u(5)), border_radius=u(2))
    for angle in (90, 30, 150):  # rays above the bulb
        a = math.radians(angle)
        inner, outer = u(31), u(40)
        pygame.draw.line(s, c, (u(48) + inner * math.cos(a), u(40) - inner * math.sin(a)),
                         (u(48) + outer * math.cos(a), u(40) - outer * math.sin(a)), u(5))  # fmt: skip


def _analyse(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    pygame.draw.circle(s, c, (u(40), u(40)), u(24), u(STROKE))
    _polyline(s, c, [(u(58), u(58)), (u(80), u(80))], u(STROKE + 4))
    _polyline(s, c, [(u(29), u(41)), (u(37), u(49)), (u(52), u(32))], u(6))  # a tick inside


def _card_outline(s: pygame.Surface, c: Color, u: Callable[[float], int], rect: pygame.Rect) -> None:
    pygame.draw.rect(s, c, rect, u(STROKE - 2), border_radius=u(8))


def _new(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    _card_outline(s, c, u, pygame.Rect(u(22), u(12), u(46), u(64)))
    pygame.draw.line(s, c, (u(45), u(30)), (u(45), u(58)), u(STROKE))
    pygame.draw.line(s, c, (u(31), u(44)), (u(59), u(44)), u(STROKE))
    pygame.draw.line(s, c, (u(76), u(26)), (u(76), u(80)), u(STROKE - 2))  # a second card behind
    pygame.draw.line(s, c, (u(34), u(84)), (u(76), u(84)), u(STROKE - 2))


def _rules(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    for side in (-1, 1):  # two pages meeting at the spine
        outer = u(48 + side * 38)
        page = [(u(48), u(26)), (outer, u(20)), (outer, u(74)), (u(48), u(80))]
        pygame.draw.lines(s, c, True, page, u(STROKE - 2))
        for line in range(3):
            y = 36 + line * 12
            a, b = u(48 + side * 10), u(48 + side * 28)
            pygame.draw.line(s, c, (a, u(y)), (b, u(y - 2)), u(4))


def _settings(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    centre = (u(48), u(48))
    for tooth in range(8):
        angle = tooth * math.pi / 4
        points = []
        for da, radius in ((-0.2, 26), (-0.15, 40), (0.15, 40), (0.2, 26)):
            turn = angle + da
            points.append((centre[0] + u(radius) * math.cos(turn), centre[1] + u(radius) * math.sin(turn)))
        pygame.draw.polygon(s, c, points)
    pygame.draw.circle(s, c, centre, u(30))
    pygame.draw.circle(s, (0, 0, 0, 0), centre, u(13))  # the hole (draw writes alpha as it is)


def _draw_card(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    _card_outline(s, c, u, pygame.Rect(u(12), u(16), u(44), u(62)))
    pygame.draw.line(s, c, (u(40), u(47)), (u(74), u(47)), u(STROKE))
    _arrow_head(s, c, (u(90), u(47)), angle=0.0, size=u(24))


def _recycle(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    end = math.radians(120)
    _arc(s, c, (u(48), u(50)), radius=u(28), start=end, stop=math.radians(400), width=u(STROKE))
    tip = (u(48) + u(28) * math.cos(end) - u(2), u(50) - u(28) * math.sin(end) + u(10))
    _arrow_head(s, c, tip, angle=math.radians(110), size=u(24))


def _stats(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    for x, top in ((18, 52), (40, 30), (62, 14)):
        pygame.draw.rect(s, c, (u(x), u(top), u(16), u(80 - top)), border_radius=u(3))
    pygame.draw.line(s, c, (u(10), u(84)), (u(86), u(84)), u(6))


def _daily(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    body = pygame.Rect(u(12), u(20), u(72), u(64))
    pygame.draw.rect(s, c, body, u(STROKE - 2), border_radius=u(8))
    top = (u(12), u(20), u(72), u(16))
    pygame.draw.rect(s, c, top, border_top_left_radius=u(8), border_top_right_radius=u(8))
    for x in (30, 66):
        pygame.draw.line(s, c, (u(x), u(12)), (u(x), u(26)), u(STROKE))
    pygame.draw.rect(s, c, (u(50), u(52), u(18), u(16)), border_radius=u(3))


def _close(s: pygame.Surface, c: Color, u: Callable[[float], int]) -> None:
    _polyline(s, c, [(u(24), u(24)), (u(72), u(72))], u(STROKE + 2))
    _polyline(s, c, [(u(72), u(24)), (u(24), u(72))], u(STROKE + 2))


ICONS: dict[str, Draw] = {
    "undo": _undo,
    "hint": _hint,
    "analyse": _analyse,
    "new": _new,
    "rules": _rules,
    "settings": _settings,
    "draw": _draw_card,
    "recycle": _recycle,
    "stats": _stats,
    "daily": _daily,
    "close": _close,
}
"""Every icon by the name of the control it stands for."""


@functools.lru_cache(maxsize=96)
def icon(name: str, size: int, color: Color) -> pygame.Surface:
    """The icon ``name`` (:data:`ICONS`) as a ``size``-pixel square in ``color``."""
    big = size * SCALE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    scale = big / GRID

    def unit(value: float) -> int:
        return max(1, round(value * scale))

    ICONS[name](surface, color, unit)
    return pygame.transform.smoothscale(surface, (size, size))
