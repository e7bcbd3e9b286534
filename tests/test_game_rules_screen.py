"""«Reglas» in pages: a paragraph is never cut across two columns or pages (unless it alone is
taller than a whole column), and a heading always stands with the start of its text."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pygame
import pytest

from game import config
from game.app import make_context
from game.render.diagram import Face, diagram_boxes, diagram_height
from game.render.widgets import line_height
from game.scenes.base import SceneManager
from game.scenes.rules_screen import RulesScreen
from game.settings import Settings
from rules.cards import STANDARD_DECK
from rules.stock.one_waste import OneWaste
from rules.variant import GIZA, REGISTERED, RESERVE, RESERVE6, TRIANGLE, Variant

SIZES = [(1840, 1000), (1000, 1840), (320, 480), (390, 844), (480, 800), (800, 480), (1280, 800),
         (1920, 1080), (3840, 2160), (640, 360)]  # fmt: skip


def rules_screen(size: tuple[int, int], lang: str, variant: str) -> RulesScreen:
    ctx = make_context(Settings(lang=lang, variant=variant), seed=1)
    manager = SceneManager()
    manager.size = size
    screen = RulesScreen(ctx, manager)
    screen.relayout(size)
    return screen


def collapsed(column: list[tuple[str, bool, Variant | None]]) -> list[tuple[str, bool]]:
    """A column's lines with each picture (its first line and the blank lines it takes) as one
    line naming its variant."""
    lines: list[tuple[str, bool]] = []
    picture = False
    for text, heading, variant in column:
        if variant is not None:
            lines.append((f"<{variant.name}>", False))
            picture = True
        elif not (picture and not text):
            lines.append((text, heading))
            picture = False
    return lines


def cut_paragraphs(screen: RulesScreen) -> list[str]:
    """What breaks the rules: each paragraph (as the screen wraps it) must lie whole in one column,
    unless it is taller than a column; each heading must be followed, in its column, by its
    variant's picture (a variant's section) and the first line of its section's text."""
    columns = [collapsed(column) for page in screen.pages() for column in page]
    per_column = screen.lines_per_column
    texts, assets = screen.ctx.texts, screen.ctx.assets
    problems = []
    for heading, paragraphs, variant in texts.rules_pictured(screen.variant):
        title = assets.wrap(heading, screen.font + 3, screen.column_width, bold=True)
        first = assets.wrap(paragraphs[0], screen.font, screen.column_width)
        picture = [] if variant is None else [(f"<{variant.name}>", False)]
        together = [(line, True) for line in title] + picture + [(first[0], False)]
        if not any(contains(column, together) for column in columns):
            problems.append(f"heading {heading!r} stands apart from its picture and text")
        for paragraph in paragraphs:
            lines = [(line, False) for line in assets.wrap(paragraph, screen.font, screen.column_width)]
            if len(lines) <= per_column and not any(contains(column, lines) for column in columns):
                problems.append(f"paragraph cut: {paragraph[:40]!r}…")
    return problems


def contains(column: list[tuple[str, bool]], lines: list[tuple[str, bool]]) -> bool:
    return any(column[i : i + len(lines)] == lines for i in range(len(column) - len(lines) + 1))


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_no_paragraph_is_cut_across_pages_and_headings_keep_their_text(
    display: None, size: tuple[int, int], lang: str
) -> None:
    """At 1840×1000 page 4 ended «La barra de abajo muestra el reparto» and page 5 opened «y el
    total; …» with no heading. Every variant (each reorders the sections) at every size."""
    for variant in REGISTERED:
        screen = rules_screen(size, lang, variant.name)
        assert cut_paragraphs(screen) == [], (variant.name, size)
        for page in screen.pages():
            for column in page:
                assert len(column) <= screen.lines_per_column
                assert column[-1][1] is False, "a column ends with a heading"


def test_the_text_still_fits_each_column(display: None) -> None:
    """The pages hold all the text, in order, and no column runs past the text area."""
    screen = rules_screen((1840, 1000), "es", "pyramid")
    shown = [line for page in screen.pages() for column in page for line, _, _ in column if line]
    wrapped = []
    for heading, paragraphs in screen.ctx.texts.rules_sections(screen.variant):
        wrapped += screen.ctx.assets.wrap(heading, screen.font + 3, screen.column_width, bold=True)
        for paragraph in paragraphs:
            wrapped += screen.ctx.assets.wrap(paragraph, screen.font, screen.column_width)
    assert shown == wrapped


# --- the pictures of the variants' layouts ----------------------------------------------------------
def test_each_picture_is_drawn_from_the_variant_value() -> None:
    """Rows from the shape (the triangle widest on top), the row under it from the stock kind."""
    width, largest = 300, 30
    for variant in REGISTERED:
        boxes, (_, height) = diagram_boxes(variant, width, largest)
        pyramid = boxes[: variant.slots]
        rows = sorted({box.rect.top for box in pyramid})
        assert len(rows) == variant.rows, variant.name
        lengths = [sum(box.rect.top == top for box in pyramid) for top in rows]
        assert lengths == [variant.shape.row_length(row) for row in range(variant.rows)]
        assert all(
            box.rect.left >= 0 and box.rect.right <= width and box.rect.bottom <= height for box in boxes
        )
        below = boxes[variant.slots :]
        kind = variant.stock_kind
        empty = (kind.waste_piles if variant.has_stock else 0) + ("cell" in kind.sections)  # the free cell
        assert sum(box.face is Face.EMPTY for box in below) == empty
        assert sum(box.face is Face.DOWN for box in below) == (
            0 if kind.stock_face_up or not variant.has_stock else 3
        )
        assert sum(box.face is Face.UP for box in below) == kind.columns * kind.column_depth + (
            3 if variant.has_stock and kind.stock_face_up else 0
        )
    triangle = diagram_boxes(TRIANGLE, width, largest)[0][: TRIANGLE.slots]
    assert [box.rect.top for box in triangle[:7]] == [0] * 7  # the widest row on top
    assert triangle[-1].rect.top > triangle[0].rect.top
    giza = diagram_boxes(GIZA, width, largest)[0][GIZA.slots :]
    assert len({box.rect.left for box in giza}) == 8 and len({box.rect.top for box in giza}) == 3


@pytest.mark.parametrize("variant", [RESERVE, RESERVE6], ids=lambda v: v.name)
def test_a_reserve_is_pictured_as_a_row_of_its_own_under_the_pyramid(variant: Variant) -> None:
    """The reserve's face-up cards side by side in one row, right under the pyramid and centred
    on it; the stock and the waste in the row under that (before: the reserve was one empty
    place beside the stock)."""
    boxes = diagram_boxes(variant, 300, 30)[0]
    pyramid = boxes[0].rect.unionall([box.rect for box in boxes[: variant.slots]])
    row = boxes[variant.slots : variant.slots + variant.columns]
    rest = boxes[variant.slots + variant.columns :]
    assert [box.face for box in row] == [Face.UP] * variant.columns
    assert len({box.rect.top for box in row}) == 1 and row[0].rect.top > pyramid.bottom
    assert all(a.rect.right < b.rect.left for a, b in itertools.pairwise(row))  # side by side
    whole = row[0].rect.unionall([box.rect for box in row])
    assert abs(whole.centerx - pyramid.centerx) <= 1
    assert rest and all(box.rect.top > whole.bottom - 4 for box in rest)  # the piles under it
    assert sum(box.face is Face.EMPTY for box in rest) == 1  # the waste


def test_a_later_kind_gets_a_picture_for_free() -> None:
    """A stock kind with a section this module has never heard of (a cell) still gets a place."""

    @dataclass(frozen=True)
    class WithCell(OneWaste):
        @property
        def sections(self) -> tuple[str, ...]:
            return ("stock", "waste", "cell")

    variant = Variant("later", STANDARD_DECK, stock_kind=WithCell())
    below = diagram_boxes(variant, 300, 30)[0][variant.slots :]
    assert [box.face for box in below] == [Face.UP] * 3 + [Face.EMPTY] * 2


@pytest.mark.parametrize("size", [(320, 480), (480, 320), (390, 844), (844, 390), (1280, 800), (3840, 2160)])
def test_every_picture_fits_its_lines_in_its_column_and_is_drawn(
    display: None, size: tuple[int, int]
) -> None:
    screen = rules_screen(size, "es", "triangle")
    height = line_height(screen.font + 1)
    pictured = set()
    surface = pygame.display.set_mode(size)
    for number, page in enumerate(screen.pages()):
        screen.page = number
        surface.fill((0, 0, 0))
        screen.draw(surface)
        for index, column in enumerate(page):
            x = screen.text_area.left + index * (screen.column_width + screen.column_gap)
            for row, (_, _, variant) in enumerate(column):
                if variant is None:
                    continue
                pictured.add(variant.name)
                taken = 1 + next(
                    (n for n, line in enumerate(column[row + 1 :]) if line[0]), len(column) - row - 1
                )
                largest = screen._picture_cards[variant.name]
                assert diagram_height(variant, screen.column_width, largest) <= taken * height, variant.name
                top = screen.text_area.top + row * height
                felt = surface.get_at((x + screen.column_width // 2, top + 2))[:3]
                assert felt == config.FELT_CENTRE, (variant.name, size)
    assert pictured == {variant.name for variant in REGISTERED}
