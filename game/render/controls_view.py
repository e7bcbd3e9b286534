"""The table's bars, its message line and its controls, as items of its cached layer (see
:mod:`game.render.table_view`): the deal chip and the pass in the top bar, the status bar's cells,
the line under the table, and the controls in groups (a group: controls of one kind in one row,
drawn at one size with their icons; the short labels where the full ones do not fit).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.config import BAR, BUSY_TEXT, HINT, REFUSAL_TEXT, TEXT, TEXT_DIM, Color
from game.table_terms import Tone

from .assets import Assets
from .layer import Item, blitter, item
from .layout import PRIMARY_CONTROLS, TableLayout
from .theme import TypeScale, space
from .widgets import Style, button_lines, draw_button, group_size, icon_beside, shadow_room

if TYPE_CHECKING:
    from .table_view import TableFrame

TONE_COLORS: dict[Tone, Color] = {
    Tone.INFO: TEXT,
    Tone.REFUSAL: REFUSAL_TEXT,
    Tone.HINT: HINT,
    Tone.BUSY: BUSY_TEXT,
}
MIN_STATUS_CELLS = 5
"""The status bar always keeps its first five cells: the table puts SPEC §2's five first (removed,
stock, pass, time, moves), except in par mode, where the match's standing comes before the time
and the moves (on a phone-sized window the moves may then be left out)."""

Fit = tuple[int, bool, bool]
"""A group of controls' font size, whether its icons go above the labels, and whether bold."""


def message_room(layout: TableLayout) -> pygame.Rect:
    """Where the message line may be written: on a narrow window a long line takes two rows,
    spilling into the gaps around its place."""
    return layout.message.inflate(0, 2 * max(4, layout.margin // 2))


def message_lines(assets: Assets, layout: TableLayout, line: str, color: Color) -> list[pygame.Surface]:
    """The message line as drawn: at the table's font size on one row, or else on two rows of
    :func:`message_room`, a little smaller if need be (the line is a group of one: see
    :func:`group_size`), so that the longest answers still show every word on a phone."""
    room = message_room(layout).size
    size = group_size(assets, [line], layout.font, room, bold=True)
    return button_lines(assets, line, size, color, room, bold=True)


class ControlsView:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._fits: dict[Hashable, tuple[dict[str, str], Fit]] = {}

    # --- bars and text ---------------------------------------------------------------------------
    def top_bar(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        bar = layout.top_bar
        found = [item(("bar",), bar, lambda s: pygame.draw.rect(s, BAR, bar))]
        area = layout.pass_area
        if frame.pass_text and area.width:  # no room in the bar: the status bar says it
            text = self.assets.fit_text(frame.pass_text, layout.font, TEXT, area.width, bold=True)
            where = text.get_rect(midright=(area.right, area.centery))
            found.append(item(("pass", frame.pass_text), where, blitter(text, where)))
        return found

    def status(self, layout: TableLayout, cells: list[str]) -> Item:
        """The cells side by side, each as wide as its text shares, in captions. The cells come
        in order of importance: when they cannot all fit, the last ones are left out (never the
        first :data:`MIN_STATUS_CELLS`, which shrink together if they must)."""
        bar = layout.status
        size = TypeScale(layout.font).caption
        font = self.assets.font(size)
        room = bar.width - space(layout.margin, "m") * len(cells)
        while len(cells) > MIN_STATUS_CELLS and sum(font.size(c)[0] for c in cells) > room:
            cells = cells[:-1]
        while size > 9 and sum(self.assets.font(size).size(c)[0] for c in cells) > bar.width - 4 * len(cells):
            size -= 1
        widths = [self.assets.font(size).size(cell)[0] for cell in cells]
        spare = max(0, bar.width - sum(widths)) / max(1, len(cells))
        placed = []
        x = float(bar.left)
        for cell, width in zip(cells, widths, strict=True):
            text = self.assets.text(cell, size, TEXT_DIM)
            placed.append((text, text.get_rect(center=(round(x + (width + spare) / 2), bar.centery))))
            x += width + spare

        def paint(surface: pygame.Surface) -> None:
            pygame.draw.rect(surface, BAR, bar)
            for text, where in placed:
                surface.blit(text, where)

        return item(("status", tuple(cells)), bar, paint)

    def line(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        if not frame.line:
            return []
        lines = message_lines(self.assets, layout, frame.line, TONE_COLORS[frame.tone])
        y = layout.message.centery - sum(line.get_height() for line in lines) // 2
        placed = []
        for line in lines:
            placed.append((line, line.get_rect(midtop=(layout.message.centerx, y))))
            y += line.get_height()
        bounds = placed[0][1].unionall([where for _, where in placed])

        def paint(surface: pygame.Surface) -> None:
            for line, where in placed:
                surface.blit(line, where)

        return [item(("line", frame.line, frame.tone), bounds, paint)]

    # --- controls --------------------------------------------------------------------------------
    def controls(self, layout: TableLayout, frame: TableFrame) -> list[Item]:
        """The deal chip, then the primary controls (solid, bold, icon beside the label when it
        fits) and the secondary ones (quiet, icon above a caption), each group at one size."""
        found = []
        if "deal" in frame.buttons:
            label, style = frame.buttons["deal"]
            size = TypeScale(layout.font).caption
            found.append(
                self._button(
                    layout, "deal", label, style=style, focused=frame.focus == "deal", fit=(size, False, None)
                )
            )
        groups: dict[tuple[bool, int, int], list[str]] = {}
        for name in frame.buttons:
            if name != "deal":  # a group: controls of one kind in one row (the pile's apart)
                rect = layout.buttons[name]
                groups.setdefault((name in PRIMARY_CONTROLS, rect.top, rect.height), []).append(name)
        for group in groups.values():
            labels, fit = self._group_labels(layout, frame, group)
            for name in group:
                style = frame.buttons[name][1]
                found.append(
                    self._button(
                        layout, name, labels[name], style=style, focused=frame.focus == name, fit=fit
                    )
                )
        return found

    def _group_labels(
        self, layout: TableLayout, frame: TableFrame, group: list[str]
    ) -> tuple[dict[str, str], tuple[int, bool, bool]]:
        """A group's labels (the short ones when the full ones do not fit) and their fit
        (:meth:`_group_fit`); remembered, since every frame asks and the answer rarely changes."""
        key = (
            layout.font,
            *((n, frame.buttons[n][0], frame.short_labels.get(n), tuple(layout.buttons[n])) for n in group),
        )
        known = self._fits.get(key)
        if known is not None:
            return known
        primary = group[0] in PRIMARY_CONTROLS
        labels = {name: frame.buttons[name][0] for name in group}
        fit = self._group_fit(layout, group, labels, primary=primary)
        if fit is None:  # too narrow for the full labels: the short ones
            labels = {name: frame.short_labels.get(name, label) for name, label in labels.items()}
            fit = self._group_fit(layout, group, labels, primary=primary, force=True)
        assert fit is not None
        if len(self._fits) > 16:
            self._fits.clear()
        self._fits[key] = (labels, fit)
        return labels, fit

    def _group_fit(
        self,
        layout: TableLayout,
        group: list[str],
        labels: dict[str, str],
        *,
        primary: bool,
        force: bool = False,
    ) -> tuple[int, bool, bool] | None:
        """The group's (font size, icon above the label, bold): the body size with every icon beside
        its label if that fits, else captions under the icons (smaller together if they must);
        None when even captions do not fit (unless ``force``)."""
        scale = TypeScale(layout.font)
        rects = [layout.buttons[name] for name in group]
        if all(
            icon_beside(rect, self.assets, labels[n], scale.body, primary)
            for n, rect in zip(group, rects, strict=True)
        ):
            return scale.body, False, primary
        narrowest = min(rect.width for rect in rects)
        room = (narrowest - 2 * max(4, min(12, narrowest // 10)), 0)
        size = group_size(self.assets, list(labels.values()), scale.caption, room, bold=primary, smallest=9)
        if size < scale.caption and not force:
            return None
        return size, True, primary

    def _button(
        self, layout: TableLayout, name: str, label: str, *, style: Style, focused: bool,
        fit: tuple[int, bool, bool | None],
    ) -> Item:  # fmt: skip
        rect = layout.buttons[name]
        size, stacked, bold = fit
        glyph = None if name == "deal" else name

        def paint(surface: pygame.Surface) -> None:
            draw_button(surface, self.assets, rect, label, size, style=style, focused=focused,
                        icon=glyph, bold=bold, stacked=stacked)  # fmt: skip

        return item(("button", name, label, style, focused, fit), shadow_room(rect), paint)
