"""«Reglas» in pages: a paragraph is never cut across two columns or pages (unless it alone is
taller than a whole column), and a heading always stands with the start of its text."""

from __future__ import annotations

import pytest

from game.app import make_context
from game.scenes.base import SceneManager
from game.scenes.rules_screen import RulesScreen
from game.settings import Settings
from rules.variant import REGISTERED

SIZES = [(1840, 1000), (1000, 1840), (320, 480), (390, 844), (480, 800), (800, 480), (1280, 800),
         (1920, 1080), (3840, 2160), (640, 360)]  # fmt: skip


def rules_screen(size: tuple[int, int], lang: str, variant: str) -> RulesScreen:
    ctx = make_context(Settings(lang=lang, variant=variant), seed=1)
    manager = SceneManager()
    manager.size = size
    screen = RulesScreen(ctx, manager)
    screen.relayout(size)
    return screen


def cut_paragraphs(screen: RulesScreen) -> list[str]:
    """What breaks the rules: each paragraph (as the screen wraps it) must lie whole in one column,
    unless it is taller than a column; each heading must be followed, in its column, by the first
    line of its section's text."""
    columns = [column for page in screen.pages() for column in page]
    per_column = screen.lines_per_column
    texts, assets = screen.ctx.texts, screen.ctx.assets
    problems = []
    for heading, paragraphs in texts.rules_sections(screen.variant):
        title = assets.wrap(heading, screen.font + 3, screen.column_width, bold=True)
        first = assets.wrap(paragraphs[0], screen.font, screen.column_width)
        together = [(line, True) for line in title] + [(first[0], False)]
        if not any(contains(column, together) for column in columns):
            problems.append(f"heading {heading!r} stands apart from its text")
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
    shown = [line for page in screen.pages() for column in page for line, _ in column if line]
    wrapped = []
    for heading, paragraphs in screen.ctx.texts.rules_sections(screen.variant):
        wrapped += screen.ctx.assets.wrap(heading, screen.font + 3, screen.column_width, bold=True)
        for paragraph in paragraphs:
            wrapped += screen.ctx.assets.wrap(paragraph, screen.font, screen.column_width)
    assert shown == wrapped
