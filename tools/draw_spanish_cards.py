"""Draw the Spanish 48-card deck, ``assets/cards/spanish/*.png``: our own art, made by code.

    python tools/draw_spanish_cards.py [--out assets/cards/spanish]

Nothing is downloaded or traced: every sign and figure is a handful of polygons, circles and
lines described below in card units (the card is 250 × 350, the size of the other decks'
art), drawn with pygame at :data:`SUPERSAMPLE` times that size and averaged down in exact
integer blocks with numpy, so the edges are smooth and the same run gives the same pixels.
The corner numbers are set in the game's own font (DejaVu Sans Bold, ``assets/fonts``).
The art is dedicated to the public domain (CC0 1.0), see ``assets/cards/spanish/LICENSE.md``.

What makes them read as Spanish cards:

* the four suit signs: **oros** (a gold coin with a flower), **copas** (a gold chalice),
  **espadas** (a straight sword, blue steel), **bastos** (a knotted wooden club); each suit has
  its traditional colour in the corner number (gold, red, blue, green);
* the *pintas*: the frame line around the picture is whole on oros and broken once, twice or
  three times at top and bottom on copas, espadas and bastos;
* the pips laid out as on Spanish cards: round signs in rows and columns, swords and clubs
  crossed in an X on the twos and threes and leaning in pairs above;
* the figures full length: the Sota (10) a standing page, the Caballo (11) a rider on a rearing
  horse, the Rey (12) a crowned, bearded king in a long robe, each holding the suit's sign; the
  caballos of oros and copas face left, those of espadas and bastos right, as tradition has it.

The corner index is in the style of the large-index decks: a big number (70 units tall) and
the suit sign under it within the top 147 units, the strip a covered card shows, so a small
card on a phone still says what it is. Files: ``<rank><suit>.png`` for ranks
``1 2 3 4 5 6 7 8 9 S C R`` (Sota, Caballo, Rey) and suits ``o c e b`` (``So.png``,
``7e.png``), plus ``back.png``; RGBA, transparent outside the rounded corners. They are then
recompressed losslessly with oxipng (PyPI ``pyoxipng``) when it is installed.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import numpy as np
import numpy.typing as npt
import pygame

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "cards" / "spanish"
FONT = ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"

RANKS = "123456789SCR"
"""Rank tokens by value - 1: 1–9, Sota (10), Caballo (11), Rey (12)."""
SUITS = "oceb"
"""Suit letters: oros, copas, espadas, bastos."""

WIDTH, HEIGHT = 250, 350
"""Card units, and the PNGs' pixel size (the 5:7 shape of the other decks)."""
SUPERSAMPLE = 4
"""Drawn at this many times the size and averaged down in SUPERSAMPLE × SUPERSAMPLE blocks."""

Color = tuple[int, int, int]
Point = tuple[float, float]

PAPER: Color = (255, 255, 238)
"""A warm white, on the 16 levels a channel the browser bundle keeps (tools/web_assets.py)."""
INK: Color = (34, 30, 28)
EDGE: Color = (120, 120, 120)
GOLD: Color = (246, 192, 44)
GOLD_DARK: Color = (196, 120, 18)
RED: Color = (196, 36, 40)
RED_DARK: Color = (130, 20, 26)
BLUE: Color = (40, 86, 170)
BLUE_LIGHT: Color = (120, 160, 220)
STEEL: Color = (186, 208, 232)
GREEN: Color = (44, 132, 66)
GREEN_DARK: Color = (24, 92, 44)
WOOD: Color = (192, 128, 60)
WOOD_LIGHT: Color = (226, 176, 104)
WOOD_DARK: Color = (120, 70, 30)
SKIN: Color = (248, 212, 176)
WHITE: Color = (255, 255, 255)
GREY: Color = (200, 200, 204)
BLACK: Color = (40, 36, 40)
HORSE_COATS: dict[str, tuple[Color, Color]] = {
    "o": ((250, 246, 236), (200, 196, 186)),
    "c": ((168, 100, 52), (110, 60, 28)),
    "e": ((236, 236, 240), (170, 170, 180)),
    "b": ((120, 84, 56), (70, 46, 30)),
}
"""Each caballo's horse: coat and mane."""

INDEX_COLOURS: dict[str, Color] = {"o": (186, 122, 0), "c": RED, "e": BLUE, "b": GREEN_DARK}
"""The corner number's colour per suit (the Spanish four colours; oro darkened to read on paper)."""
CLOTHES: dict[str, tuple[Color, Color]] = {
    "o": (RED, BLUE),
    "c": (BLUE, RED),
    "e": (GREEN, RED),
    "b": (RED, GREEN),
}
"""Each suit's figures: main garment and second garment (cape, hose, saddle cloth)."""

INDEX_TOP = 12
INDEX_RANK_HEIGHT = 70
"""The corner number's height in card units (the large-index decks' rank height)."""
INDEX_SIGN = 24
"""Half the height of the corner suit sign, in card units."""
INDEX_LEFT = 11


# --- geometry -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """An affine map from a drawing's own units to card units: ``x' = a x + b y + e``,
    ``y' = c x + d y + f``."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    @staticmethod
    def at(x: float, y: float, size: float = 1.0, turn: float = 0.0, mirror: bool = False) -> Place:
        """Units scaled by ``size``, turned clockwise by ``turn`` degrees, origin at ``(x, y)``."""
        cos, sin = math.cos(math.radians(turn)), math.sin(math.radians(turn))
        flip = -1.0 if mirror else 1.0
        return Place(size * cos * flip, -size * sin, size * sin * flip, size * cos, x, y)

    def then(self, inner: Place) -> Place:
        """The map that applies ``inner`` first and then this one."""
        return Place(
            self.a * inner.a + self.b * inner.c,
            self.a * inner.b + self.b * inner.d,
            self.c * inner.a + self.d * inner.c,
            self.c * inner.b + self.d * inner.d,
            self.a * inner.e + self.b * inner.f + self.e,
            self.c * inner.e + self.d * inner.f + self.f,
        )

    def __call__(self, point: Point) -> Point:
        x, y = point
        return (self.a * x + self.b * y + self.e, self.c * x + self.d * y + self.f)

    @property
    def scale(self) -> float:
        return math.sqrt(abs(self.a * self.d - self.b * self.c))


FULL_TURN = (0.0, 360.0)


def ellipse(cx: float, cy: float, rx: float, ry: float, arc: tuple[float, float] = FULL_TURN) -> list[Point]:
    """Points along an ellipse, from angle ``arc[0]`` to ``arc[1]`` (degrees, clockwise from +x)."""
    start, stop = arc
    steps = max(6, round(abs(stop - start) / 7.5))
    return [
        (cx + rx * math.cos(math.radians(t)), cy + ry * math.sin(math.radians(t)))
        for t in (start + (stop - start) * i / steps for i in range(steps + 1))
    ]


def rect(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def mirrored(half: Sequence[Point]) -> list[Point]:
    """A shape symmetric about x = 0 from its right half, listed top to bottom."""
    return [*half, *[(-x, y) for x, y in reversed(half)]]


class Pen:
    """Draws in card units on a supersampled surface."""

    def __init__(self, surface: pygame.Surface, view: Place = Place()) -> None:
        self.surface = surface
        self.k = surface.get_width() / WIDTH
        self.view = view
        """Applied after every shape's own place: a figure mirrored (and scaled) as a whole."""

    def _px(self, points: Sequence[Point], place: Place) -> list[tuple[float, float]]:
        return [(x * self.k, y * self.k) for x, y in map(self.view.then(place), points)]

    def shape(
        self,
        points: Sequence[Point],
        fill: Color | None,
        place: Place = Place(),
        outline: Color | None = INK,
        width: float = 1.4,
    ) -> None:
        """A closed polygon, filled, then outlined with round joins (width in card units)."""
        px = self._px(points, place)
        if fill is not None:
            pygame.draw.polygon(self.surface, fill, px)
        if outline is not None:
            self._stroke(px + px[:1], outline, width)

    def line(self, points: Sequence[Point], color: Color, width: float, place: Place = Place()) -> None:
        """An open line with round ends and joins (width in card units)."""
        self._stroke(self._px(points, place), color, width)

    def _stroke(self, px: list[tuple[float, float]], color: Color, width: float) -> None:
        w = max(1, round(width * self.view.scale * self.k))
        for a, b in itertools.pairwise(px):
            pygame.draw.line(self.surface, color, a, b, w)
        if w > 2:
            for point in px:
                pygame.draw.circle(self.surface, color, point, w / 2)

    def dot(
        self, centre: Point, r: float, fill: Color, place: Place = Place(), outline: Color | None = INK, *,
        width: float = 1.2,
    ) -> None:
        """A filled, outlined circle of radius ``r``."""
        self.shape(ellipse(centre[0], centre[1], r, r), fill, place, outline, width)


# --- the four suit signs (own units: about 2 tall, centred on the origin) -------------------


def stroke(at: Place) -> float:
    """The outline width, in card units, of a sign drawn at ``at``: heavier on bigger signs."""
    return min(2.6, max(0.9, 1.3 * math.sqrt(at.scale / 20)))


def draw_oro(pen: Pen, at: Place, bold: bool = False) -> None:
    """A gold coin: rim, an engraved ring, a red flower of eight petals round a gold heart."""
    t = stroke(at)
    pen.dot((0, 0), 1.0, GOLD, at, width=t * (1.4 if bold else 1.0))
    if bold:
        pen.dot((0, 0), 0.42, RED, at, RED_DARK, width=t * 0.6)
        return
    pen.line(ellipse(0, 0, 0.8, 0.8), GOLD_DARK, t * 0.7, at)
    for i in range(8):
        angle = math.radians(i * 45)
        petal = Place.at(0.5 * math.cos(angle), 0.5 * math.sin(angle), 1.0, i * 45 + 90)
        pen.shape(ellipse(0, 0, 0.13, 0.24), RED, at.then(petal), RED_DARK, t * 0.4)
    pen.dot((0, 0), 0.25, GOLD, at, GOLD_DARK, width=t * 0.6)
    pen.dot((0, 0), 0.09, RED, at, None)


def draw_copa(pen: Pen, at: Place, bold: bool = False) -> None:
    """A chalice: deep gold bowl with a red band and a blue stone, knotted stem, round foot."""
    t = stroke(at) * (1.3 if bold else 1.0)
    w = 1.15 if bold else 1.0
    pen.shape(ellipse(0, -0.62, 0.66 * w, 0.66, (0, 180)), GOLD, at, width=t)
    pen.shape([(-0.6 * w, -0.38), (0.6 * w, -0.38), (0.47 * w, -0.2), (-0.47 * w, -0.2)], RED, at, RED_DARK,
              t * 0.5)
    if not bold:
        pen.dot((0, -0.29), 0.09, BLUE_LIGHT, at, BLUE, width=t * 0.4)
    pen.shape(ellipse(0, -0.62, 0.66 * w, 0.15), GOLD_DARK, at, width=t)
    pen.shape(rect(-0.09 * w, 0.0, 0.09 * w, 0.6), GOLD, at, width=t * 0.8)
    pen.shape(ellipse(0, 0.26, 0.22 * w, 0.1), RED, at, width=t * 0.8)
    pen.shape([(-0.12, 0.56), (0.12, 0.56), (0.5 * w, 0.88), (-0.5 * w, 0.88)], GOLD, at, width=t)
    pen.shape(ellipse(0, 0.9, 0.52 * w, 0.09), GOLD_DARK, at, width=t * 0.8)


def draw_espada(pen: Pen, at: Place, bold: bool = False) -> None:
    """A straight sword, point up: steel blade with a ridge, gold cross-guard, red grip, gold pommel."""
    t = stroke(at)
    w = 0.24 if bold else 0.1
    pen.shape([(-w, 0.36), (-w, -0.72), (0, -1.0), (w, -0.72), (w, 0.36)], BLUE_LIGHT if bold else STEEL, at,
              width=t)
    pen.line([(0, -0.84), (0, 0.3)], BLUE, t * (0.9 if bold else 0.5), at)
    g = 0.55 if bold else 0.38
    pen.shape(rect(-g, 0.34, g, 0.46), GOLD, at, width=t * 0.8)
    if not bold:
        pen.dot((-g - 0.02, 0.4), 0.07, RED, at, INK, width=t * 0.6)
        pen.dot((g + 0.02, 0.4), 0.07, RED, at, INK, width=t * 0.6)
    pen.shape(rect(-w * 0.75, 0.46, w * 0.75, 0.8), RED, at, width=t * 0.8)
    pen.dot((0, 0.88), 0.15 if bold else 0.11, GOLD, at, width=t * 0.8)


def draw_basto(pen: Pen, at: Place, bold: bool = False) -> None:
    """A knotted wooden club, thick end up, with cut-off stubs on both sides."""
    t = stroke(at)
    k = 1.6 if bold else 1.0
    body = mirrored([(0.0, -1.0), (0.14 * k, -0.98), (0.24 * k, -0.86), (0.25 * k, -0.6), (0.2 * k, 0.1),
                     (0.12 * k, 0.86), (0.08 * k, 0.98)])
    knots = ((-1, -0.52), (1, -0.22), (-1, 0.14), (1, 0.46))
    for side, y in knots:
        x = side * (0.2 - 0.06 * (y + 0.5)) * k
        stub = at.then(Place.at(x, y, k, side * 55))
        pen.shape(rect(-0.07, -0.17, 0.07, 0.02), WOOD, stub, width=t * 0.8)
        pen.dot((0, -0.17), 0.07, WOOD_LIGHT, stub, WOOD_DARK, width=t * 0.5)
    pen.shape(body, WOOD, at, width=t)
    pen.line([(-0.07 * k, -0.8), (-0.05 * k, 0.7)], WOOD_LIGHT, t * 1.2 * k, at)
    pen.shape(ellipse(0, -0.97, 0.14 * k, 0.05), WOOD_LIGHT, at, WOOD_DARK, t * 0.5)


SIGNS: dict[str, Callable[[Pen, Place, bool], None]] = {
    "o": draw_oro,
    "c": draw_copa,
    "e": draw_espada,
    "b": draw_basto,
}


def sign(pen: Pen, suit: str, centre: Point, half: float, turn: float = 0.0, *, bold: bool = False) -> None:
    """One suit sign centred at ``centre``, ``half`` card units from centre to top, turned
    clockwise by ``turn`` degrees; ``bold`` is the sturdier drawing of the corner index."""
    SIGNS[suit](pen, Place.at(centre[0], centre[1], half, turn), bold)


# --- the card: paper, frame with its pintas, corner index ----------------------------------

CORNER = 12.5
"""Rounded-corner radius in card units (the game's CORNER_RADIUS of the width)."""
FRAME = 7.0
"""The frame line's inset from the card's edge."""
PINTA_GAP = 9.0
PINTAS = {"o": 0, "c": 1, "e": 2, "b": 3}
"""Breaks in the frame's top and bottom lines per suit: the Spanish deck's *pinta*."""


def draw_paper(pen: Pen, suit: str) -> None:
    """The card's paper, its grey edge, and the frame line broken by the suit's pinta."""
    k = pen.k
    pygame.draw.rect(pen.surface, PAPER, (0, 0, WIDTH * k, HEIGHT * k), border_radius=round(CORNER * k))
    pygame.draw.rect(pen.surface, EDGE, (0, 0, WIDTH * k, HEIGHT * k), width=round(1.2 * k),
                     border_radius=round(CORNER * k))
    x0, y0, x1, y1 = FRAME, FRAME, WIDTH - FRAME, HEIGHT - FRAME
    pen.line([(x0, y0 + 20), (x0, y1 - 20)], INK, 1.4)
    pen.line([(x1, y0 + 20), (x1, y1 - 20)], INK, 1.4)
    pen.line(ellipse(x0 + 20, y0 + 20, 20, 20, (180, 270)), INK, 1.4)
    pen.line(ellipse(x1 - 20, y0 + 20, 20, 20, (270, 360)), INK, 1.4)
    pen.line(ellipse(x1 - 20, y1 - 20, 20, 20, (0, 90)), INK, 1.4)
    pen.line(ellipse(x0 + 20, y1 - 20, 20, 20, (90, 180)), INK, 1.4)
    breaks = PINTAS[suit]
    centres = [WIDTH / 2 + (i - (breaks - 1) / 2) * 2.2 * PINTA_GAP for i in range(breaks)]
    edges = [x0 + 20]
    for c in centres:
        edges += [c - PINTA_GAP / 2, c + PINTA_GAP / 2]
    edges.append(x1 - 20)
    for y in (y0, y1):
        for a, b in zip(edges[::2], edges[1::2], strict=True):
            pen.line([(a, y), (b, y)], INK, 1.4)


def rank_text(rank: int) -> str:
    return str(rank)


def rank_image(rank: int, suit: str, font: pygame.font.Font, k: float) -> pygame.Surface:
    """The corner number, :data:`INDEX_RANK_HEIGHT` tall, condensed to fit two digits."""
    text = font.render(rank_text(rank), True, INDEX_COLOURS[suit])
    box = text.get_bounding_rect()
    glyphs = text.subsurface(box)
    height = round(INDEX_RANK_HEIGHT * k)
    width = round(box.width * height / box.height * (0.62 if rank >= 10 else 0.8))
    return pygame.transform.smoothscale(glyphs, (width, height))


def draw_index(pen: Pen, rank: int, suit: str, font: pygame.font.Font) -> None:
    """The large corner index, top left and (turned) bottom right: number, and the suit sign under it."""
    number = rank_image(rank, suit, font, pen.k)
    corner = pygame.Surface((number.get_width(), round((INDEX_RANK_HEIGHT + 2 * INDEX_SIGN + 8) * pen.k)),
                            pygame.SRCALPHA)
    corner.blit(number, (0, 0))
    sub = Pen(corner)
    sub.k = pen.k
    centre = number.get_width() / pen.k / 2
    sign(sub, suit, (centre, INDEX_RANK_HEIGHT + 6 + INDEX_SIGN), INDEX_SIGN, bold=True)
    pen.surface.blit(corner, (round(INDEX_LEFT * pen.k), round(INDEX_TOP * pen.k)))
    turned = pygame.transform.rotate(corner, 180)
    pen.surface.blit(turned, (round((WIDTH - INDEX_LEFT) * pen.k) - turned.get_width(),
                              round((HEIGHT - INDEX_TOP) * pen.k) - turned.get_height()))


# --- the number cards ------------------------------------------------------------------------

COLS2 = (92.0, 158.0)
COLS3 = (84.0, 125.0, 166.0)
ROWS3 = (72.0, 175.0, 278.0)
MID = 125.0


def pip_places(rank: int) -> list[tuple[float, float]]:
    """Where the round signs (oros, copas) of a number card go."""
    grid2 = [(x, y) for y in ROWS3 for x in COLS2]
    layouts: dict[int, list[tuple[float, float]]] = {
        2: [(MID, 88), (MID, 262)],
        3: [(MID, 68), (MID, 175), (MID, 282)],
        4: [(COLS2[0], 92), (COLS2[1], 92), (COLS2[0], 258), (COLS2[1], 258)],
        5: [(COLS2[0], 84), (COLS2[1], 84), (MID, 175), (COLS2[0], 266), (COLS2[1], 266)],
        6: grid2,
        7: [*grid2, (MID, 123)],
        8: [*grid2, (MID, 123), (MID, 227)],
        9: [(x, y) for y in ROWS3 for x in COLS3],
    }
    return layouts[rank]


def draw_round_pips(pen: Pen, rank: int, suit: str) -> None:
    half = {2: 34.0, 3: 30.0, 4: 27.0, 5: 24.0}.get(rank, 20.0 if rank < 9 else 18.0)
    if suit == "c":
        half *= 1.12
    for x, y in pip_places(rank):
        sign(pen, suit, (x, y), half)


def draw_long_pips(pen: Pen, rank: int, suit: str) -> None:
    """Swords and clubs: crossed in an X on the two and three, leaning in pairs on higher cards."""
    if rank == 2:
        for cross in (-28.0, 28.0):
            sign(pen, suit, (MID, 175), 112, cross)
        return
    if rank == 3:
        for cross in (-30.0, 30.0, 0.0):
            sign(pen, suit, (MID, 175), 112, cross)
        return
    half = {4: 66.0, 5: 54.0}.get(rank, 44.0 if suit == "e" else 40.0)
    lean = 18.0
    for x, y in pip_places(rank):
        if rank == 9:
            turn = {COLS3[0]: lean, COLS3[1]: 0.0, COLS3[2]: -lean}[x]
        else:
            turn = 0.0 if x == MID else (lean if x < MID else -lean)
        sign(pen, suit, (x, y), half if x != MID else min(half * 0.9, 36.0), turn)


def leaf(pen: Pen, base: Point, length: float, turn: float) -> None:
    """A green leaf growing from ``base`` towards ``turn`` degrees (clockwise from straight up)."""
    at = Place.at(base[0], base[1], length, turn)
    pen.shape(mirrored([(0, 0), (0.22, -0.35), (0.18, -0.75), (0, -1.0)]), GREEN, at, GREEN_DARK, 1.0)
    pen.line([(0, -0.1), (0, -0.8)], GREEN_DARK, 0.8, at)


def laurel(pen: Pen, side: int) -> None:
    """One branch of the laurel round the As de espadas: a curved stem from the hilt up the blade's
    ``side`` (-1 left, 1 right), with leaves pointing outwards and up."""
    def at(t: float) -> Point:
        return (MID + side * (10 + 44 * math.sin(t * math.pi * 0.8)), 292 - 150 * t)

    stem = [at(i / 12) for i in range(13)]
    pen.line(stem, GREEN_DARK, 2.2)
    for i in range(1, 12):
        x, y = at(i / 12)
        (ax, ay), (bx, by) = at((i - 1) / 12), at((i + 1) / 12)
        heading = math.degrees(math.atan2(bx - ax, -(by - ay)))
        leaf(pen, (x, y), 17 - i * 0.6, heading + (side * 50 if i % 2 else -side * 40))


def draw_ace(pen: Pen, suit: str) -> None:
    """The 1, the As: one large sign in the middle, adorned: a double rim round the coin, a
    laurel round the sword, leaves sprouting from the club."""
    if suit == "o":
        pen.dot((MID, 175), 72, RED, width=1.6)
        sign(pen, suit, (MID, 175), 66)
    elif suit == "c":
        sign(pen, suit, (MID, 178), 82)
    elif suit == "e":
        laurel(pen, -1)
        laurel(pen, 1)
        sign(pen, suit, (MID, 178), 128)
    else:
        at = Place.at(MID, 178, 128, -12)
        for x, y, turn in ((0.26, -0.84, 20), (0.34, -0.78, 60), (-0.3, -0.5, -60), (0.3, -0.2, 70)):
            leaf(pen, at((x, y)), 30, turn - 12)
        sign(pen, suit, (MID, 178), 128, -12)


def draw_number(pen: Pen, rank: int, suit: str) -> None:
    if rank == 1:
        draw_ace(pen, suit)
    elif suit in "oc":
        draw_round_pips(pen, rank, suit)
    else:
        draw_long_pips(pen, rank, suit)


# --- figures (card units; the figures stand clear of the two corner indices) ------------------

GRIPS: dict[str, float] = {"o": 0.8, "c": 0.3, "e": 0.62, "b": 0.62}
"""Where a hand holds each sign, down its axis in the sign's own units (the coin at its rim,
the cup at its stem, the sword at its grip, the club near its thin end)."""


def held(pen: Pen, suit: str, hand: Point, half: float, turn: float = 0.0) -> None:
    """The suit's sign held in a hand at ``hand``, then the hand over it."""
    at = Place.at(0, 0, half, turn)
    gx, gy = at((0.0, GRIPS[suit]))
    sign(pen, suit, (hand[0] - gx, hand[1] - gy), half, turn)
    pen.dot((hand[0], hand[1]), 5.5, SKIN, width=1.2)


def draw_face(pen: Pen, x: float, y: float, r: float, beard: bool) -> None:
    """A face seen from the front: eyes, nose, mouth, and a white beard for a king."""
    pen.dot((x, y), r, SKIN, width=1.3)
    if beard:
        pen.shape([(x - r * 0.95, y + r * 0.05), (x - r * 0.7, y + r * 1.2), (x, y + r * 1.9),
                   (x + r * 0.7, y + r * 1.2), (x + r * 0.95, y + r * 0.05), (x + r * 0.5, y + r * 0.55),
                   (x - r * 0.5, y + r * 0.55)], WHITE, width=1.2)
        pen.line([(x - r * 0.45, y + r * 0.45), (x, y + r * 0.3), (x + r * 0.45, y + r * 0.45)], GREY, 2.0)
    else:
        pen.line([(x - r * 0.3, y + r * 0.55), (x + r * 0.3, y + r * 0.55)], RED_DARK, 1.2)
    pen.dot((x - r * 0.38, y - r * 0.12), r * 0.11, INK, outline=None)
    pen.dot((x + r * 0.38, y - r * 0.12), r * 0.11, INK, outline=None)
    pen.line([(x, y - r * 0.05), (x - r * 0.1, y + r * 0.3), (x + r * 0.05, y + r * 0.32)], INK, 1.0)


def draw_crown(pen: Pen, x: float, y: float, w: float) -> None:
    """A king's crown with five points and red stones, its band at height ``y``."""
    points = [(x - w, y + 8)]
    for i in range(5):
        px = x - w + i * w / 2
        points += [(px, y - 14 if i % 2 == 0 else y - 8), (px + w / 4, y - 2)] if i < 4 else [(px, y - 14)]
    points.append((x + w, y + 8))
    pen.shape(points, GOLD, width=1.3)
    pen.shape(rect(x - w, y, x + w, y + 8), GOLD_DARK, width=1.3)
    for i in range(3):
        pen.dot((x - w / 2 + i * w / 2, y + 4), 2.2, RED, outline=None)
        pen.dot((x - w + i * w, y - 15), 2.2, RED, width=0.8)


def draw_rey(pen: Pen, suit: str) -> None:
    """The king: standing in a long robe and cape, crowned and bearded, holding the suit's sign."""
    main, second = CLOTHES[suit]
    pen.shape([(98, 124), (152, 124), (170, 304), (80, 304)], second, width=1.4)
    pen.shape([(116, 118), (134, 118), (150, 130), (160, 306), (90, 306), (100, 130)], main, width=1.4)
    pen.shape(rect(119, 128, 131, 306), GOLD, width=1.0)
    pen.shape(rect(90, 296, 160, 306), GOLD, width=1.0)
    pen.shape(rect(98, 192, 152, 200), GOLD_DARK, width=1.0)
    for x in (108, 142):
        pen.shape(ellipse(x, 311, 12, 6), BLACK, width=1.0)
    pen.shape([(100, 130), (86, 186), (96, 190), (110, 142)], main, width=1.3)
    pen.dot((92, 190), 5.5, SKIN, width=1.2)
    pen.shape([(140, 130), (162, 170), (154, 178), (136, 148)], main, width=1.3)
    pen.shape(ellipse(125, 126, 20, 7), WHITE, width=1.2)
    draw_face(pen, 125, 100, 16, beard=True)
    draw_crown(pen, 125, 78, 17)
    grips = {"o": (158, 170, 21.0, 0.0), "c": (158, 172, 26.0, 0.0), "e": (158, 176, 70.0, 8.0),
             "b": (158, 178, 64.0, 14.0)}
    x, y, half, turn = grips[suit]
    held(pen, suit, (x, y), half, turn)


def draw_sota(pen: Pen, suit: str) -> None:
    """The page: standing in a short tunic, hose and a feathered cap, holding the suit's sign."""
    main, second = CLOTHES[suit]
    pen.shape(rect(106, 222, 120, 304), second, width=1.3)
    pen.shape(rect(130, 222, 144, 304), second, width=1.3)
    for x in (110, 140):
        pen.shape(ellipse(x, 308, 13, 6), BLACK, width=1.0)
    pen.shape([(114, 116), (136, 116), (152, 128), (160, 230), (90, 230), (98, 128)], main, width=1.4)
    pen.shape([(98, 124), (118, 118), (112, 190), (94, 184)], second, width=1.2)
    pen.shape(rect(99, 180, 151, 187), GOLD_DARK, width=1.0)
    pen.line([(92, 226), (158, 226)], GOLD, 3.0)
    pen.shape([(100, 130), (86, 186), (96, 190), (110, 142)], main, width=1.3)
    pen.dot((92, 190), 5.5, SKIN, width=1.2)
    pen.shape([(140, 130), (162, 170), (154, 178), (136, 148)], main, width=1.3)
    pen.shape(mirrored([(0, 80), (15, 82), (20, 100), (17, 116), (0, 108)]),
              (150, 96, 40), Place.at(125, 0), width=1.2)
    draw_face(pen, 125, 100, 14, beard=False)
    pen.shape(ellipse(125, 86, 25, 6), second, width=1.2)
    pen.shape(ellipse(125, 79, 15, 9, (180, 360)), second, width=1.2)
    pen.line([(134, 80), (150, 64), (162, 60)], WHITE, 4.0)
    pen.line([(134, 80), (150, 64), (162, 60)], RED, 1.5)
    grips = {"o": (158, 170, 21.0, 0.0), "c": (158, 172, 26.0, 0.0), "e": (158, 176, 62.0, 10.0),
             "b": (158, 178, 58.0, 16.0)}
    x, y, half, turn = grips[suit]
    held(pen, suit, (x, y), half, turn)


def draw_horse(pen: Pen, suit: str) -> None:
    """A horse rearing to the right: hind legs on the ground, forelegs folded in the air."""
    coat, mane = HORSE_COATS[suit]
    hoof = BLACK
    for leg in ([(92, 236), (80, 272), (88, 306)], [(108, 240), (106, 276), (116, 306)]):
        pen.line(leg, INK, 11.0)
        pen.line(leg, coat, 8.0)
        pen.shape(ellipse(leg[-1][0] + 3, leg[-1][1] + 2, 8, 4), hoof, width=1.0)
    pen.shape([(72, 226), (60, 250), (56, 282), (66, 268), (72, 290), (80, 248)], mane, width=1.2)
    for leg in ([(158, 192), (184, 184), (178, 206)], [(150, 200), (172, 198), (164, 214)]):
        pen.line(leg, INK, 10.0)
        pen.line(leg, coat, 7.0)
        pen.dot((leg[-1][0], leg[-1][1]), 4.0, hoof, width=1.0)
    pen.shape(ellipse(0, 0, 50, 25), coat, Place.at(117, 212, 1.0, -32), width=1.4)
    pen.shape([(142, 186), (154, 124), (174, 124), (174, 196)], coat, width=1.4)
    pen.shape([(152, 120), (158, 102), (164, 116), (178, 114), (204, 140), (200, 152), (184, 150),
               (168, 140)], coat, width=1.4)
    pen.shape([(156, 114), (150, 120), (140, 150), (138, 180), (146, 176), (150, 150), (160, 126)], mane,
              width=1.2)
    pen.dot((175, 124), 2.2, INK, outline=None)
    pen.dot((197, 146), 1.6, INK, outline=None)
    pen.line([(170, 136), (196, 150)], RED_DARK, 1.6)


def draw_caballo(pen: Pen, suit: str) -> None:
    """The knight: a rider in a brimmed hat on a rearing horse, holding the suit's sign up."""
    main, second = CLOTHES[suit]
    draw_horse(pen, suit)
    pen.shape([(96, 186), (136, 168), (144, 208), (104, 228)], second, width=1.3)
    pen.line([(98, 222), (142, 204)], GOLD, 3.0)
    pen.shape([(106, 190), (128, 184), (134, 214), (122, 232), (112, 230), (118, 212)], second, width=1.2)
    pen.shape(ellipse(118, 236, 9, 5), BLACK, width=1.0)
    pen.shape([(104, 190), (130, 184), (130, 140), (108, 140)], main, width=1.4)
    pen.line([(104, 150), (128, 172), (174, 138)], INK, 1.2)
    pen.dot((128, 170), 5.0, SKIN, width=1.2)
    pen.shape([(124, 142), (146, 116), (152, 124), (130, 154)], main, width=1.3)
    draw_face(pen, 118, 124, 13, beard=False)
    pen.shape(ellipse(118, 110, 22, 5), second, width=1.2)
    pen.shape(ellipse(118, 106, 12, 9, (180, 360)), second, width=1.2)
    grips = {"o": (150, 118, 20.0, 0.0), "c": (150, 118, 24.0, 0.0), "e": (150, 118, 62.0, 22.0),
             "b": (150, 118, 56.0, 26.0)}
    x, y, half, turn = grips[suit]
    held(pen, suit, (x, y), half, turn)


FIGURES: dict[int, Callable[[Pen, str], None]] = {10: draw_sota, 11: draw_caballo, 12: draw_rey}

FACING_LEFT: dict[tuple[int, str], tuple[float, float, float]] = {
    (11, "o"): (0.86, 211.0, 60.0),
    (11, "c"): (0.86, 209.0, 48.0),
}
"""The figures drawn mirrored, as tradition has them: the caballos of oros and copas ride to the
left (those of espadas and bastos to the right). Only the figure is mirrored, never the paper,
its pintas or the corner index. A rearing horse facing left lifts its head into the top-left
corner and plants its hind legs in the bottom-right one, where the corner indices are, so the
mirrored rider is drawn a little smaller (scale, then where the card's left edge lands, and
how far down), placed clear of both indices and inside the frame."""


def draw_figure(pen: Pen, rank: int, suit: str) -> None:
    """The Sota, Caballo or Rey of ``suit``, mirrored when it faces left (:data:`FACING_LEFT`)."""
    if (rank, suit) in FACING_LEFT:
        size, right, down = FACING_LEFT[rank, suit]
        pen = Pen(pen.surface, Place(-size, 0.0, 0.0, size, right, down))
    FIGURES[rank](pen, suit)


def draw_back() -> pygame.Surface:
    """The back: a deep blue field with a gold lattice in a paper border, and an oval showing
    the four suit signs."""
    big = pygame.Surface((WIDTH * SUPERSAMPLE, HEIGHT * SUPERSAMPLE), pygame.SRCALPHA)
    pen = Pen(big)
    k = pen.k
    pygame.draw.rect(big, PAPER, (0, 0, WIDTH * k, HEIGHT * k), border_radius=round(CORNER * k))
    pygame.draw.rect(
        big, EDGE, (0, 0, WIDTH * k, HEIGHT * k), width=round(1.2 * k), border_radius=round(CORNER * k)
    )
    field = pygame.Rect(round(14 * k), round(14 * k), round((WIDTH - 28) * k), round((HEIGHT - 28) * k))
    pygame.draw.rect(big, BLUE, field, border_radius=round(6 * k))
    big.set_clip(field)
    step = 25.0
    for i in range(-14, 24):
        x = i * step
        pen.line([(x, 0), (x + HEIGHT * 0.7, HEIGHT)], GOLD_DARK, 1.6)
        pen.line([(x, 0), (x - HEIGHT * 0.7, HEIGHT)], GOLD_DARK, 1.6)
    big.set_clip(None)
    pen.line([*rect(14, 14, WIDTH - 14, HEIGHT - 14), (14, 14)], GOLD, 2.4)
    pen.shape(ellipse(MID, 175, 74, 100), PAPER, outline=GOLD, width=5.0)
    pen.line(ellipse(MID, 175, 66, 92), RED, 1.6)
    sign(pen, "o", (MID, 118), 24)
    sign(pen, "c", (MID, 236), 28)
    sign(pen, "e", (92, 176), 40, 0)
    sign(pen, "b", (158, 176), 38, 0)
    return downsample(big, SUPERSAMPLE)


# --- rendering --------------------------------------------------------------------------------


def downsample(big: pygame.Surface, factor: int) -> pygame.Surface:
    """``big`` averaged in ``factor`` × ``factor`` blocks (colours weighted by their alpha),
    exactly, in integers: the same pixels on every machine."""
    rgb = pygame.surfarray.array3d(big).astype(np.int64)
    alpha = pygame.surfarray.array_alpha(big).astype(np.int64)
    w, h = big.get_width() // factor, big.get_height() // factor

    def blocks(a: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        summed: npt.NDArray[np.int64] = a.reshape(w, factor, h, factor, *a.shape[2:]).sum(axis=(1, 3))
        return summed

    a_sum = blocks(alpha)
    c_sum = blocks(rgb * alpha[:, :, None])
    n = factor * factor
    safe = np.maximum(a_sum, 1)[:, :, None]
    colour = np.where(a_sum[:, :, None] > 0, (c_sum + safe // 2) // safe, 0)
    out_alpha = (a_sum + n // 2) // n
    rgba = np.dstack([colour, out_alpha]).astype(np.uint8)
    return pygame.image.frombytes(np.ascontiguousarray(rgba.transpose(1, 0, 2)).tobytes(), (w, h), "RGBA")


def draw_card(rank: int, suit: str, font: pygame.font.Font) -> pygame.Surface:
    """The face of the card of value ``rank`` (1–12) in ``suit``, :data:`WIDTH` × :data:`HEIGHT`."""
    big = pygame.Surface((WIDTH * SUPERSAMPLE, HEIGHT * SUPERSAMPLE), pygame.SRCALPHA)
    pen = Pen(big)
    draw_paper(pen, suit)
    if rank <= 9:
        draw_number(pen, rank, suit)
    else:
        draw_figure(pen, rank, suit)
    draw_index(pen, rank, suit, font)
    return downsample(big, SUPERSAMPLE)


def card_names() -> list[str]:
    """The 48 file stems in deck order (suits ``o c e b``, each 1 to Rey)."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def draw_deck(out: Path) -> list[Path]:
    """Draw the 48 faces and the back into ``out``; return the files written."""
    pygame.font.init()
    font = pygame.font.Font(str(FONT), 120 * SUPERSAMPLE)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in card_names():
        path = out / f"{name}.png"
        pygame.image.save(draw_card(RANKS.index(name[0]) + 1, name[1], font), str(path))
        written.append(path)
    back = out / "back.png"
    pygame.image.save(draw_back(), str(back))
    written.append(back)
    optimise(written)
    return written


def optimise(pngs: list[Path]) -> None:
    """Recompress the PNGs losslessly with oxipng when it is installed (same pixels, fewer bytes)."""
    try:
        import oxipng  # noqa: PLC0415 - a tool-only dependency
    except ImportError:
        print("pyoxipng is not installed: the PNGs are left as pygame wrote them", file=sys.stderr)
        return
    for png in pngs:
        oxipng.optimize(png, level=2, strip=oxipng.StripChunks.safe())


def main() -> None:
    parser = argparse.ArgumentParser(description="Draw the Spanish 48-card deck.", allow_abbrev=False)
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="output folder (default: assets/cards/spanish)"
    )
    args = parser.parse_args()
    written = draw_deck(args.out)
    total = sum(path.stat().st_size for path in written)
    print(f"{len(written)} files in {args.out}, {total:,} bytes in total")


if __name__ == "__main__":
    main()
