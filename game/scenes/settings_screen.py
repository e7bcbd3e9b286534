"""«Ajustes»: variant, passes, overlap rule, deal mode, par scoring, language, reduced motion,
sound, four-colour deck, large indices; and the comfort settings: theme, text size, hiding the
timer, animation speed and the left-handed table (all applied at once).

Each row is a set of options; tap one, or move with Up/Down and choose with Left/Right.
Language, motion, sound and the look of the cards apply at once; the variant, passes, overlap
and par scoring apply from the next deal (the rules of a deal never change mid-deal).

When the rows do not fit the window (a phone, or more settings), the rows scroll between the
title and the note: a drag (touch or mouse), the mouse wheel, and the keyboard focus (which keeps
the focused row in view) move them. While they scroll, a press on an option chooses it when the
finger comes up without having dragged, so a drag that starts on a button never changes a setting.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import astuple, dataclass

import pygame

from game.config import DRAG_SLOP_PX, PANEL_TEXT, SCROLL_BAR, SETTINGS_SIDE_BY_SIDE_MIN_WIDTH
from game.context import Context
from game.input import Action, Command, Drag, Key, Release, Scroll, Tap
from game.render.theme import MIN_CAPTION
from game.render.widgets import (
    Style,
    blit_lines,
    button_lines,
    draw_button,
    draw_panel,
    fitting_size,
    label_lines,
    line_height,
    panel_room,
    panel_width,
)
from game.settings import ANIM_SPEEDS, SCAN_SECONDS, TEXT_SIZES, THEMES, DealMode, ScanMode, Settings, Speech
from game.texts import Texts
from rules.variant import REGISTERED

from .base import Scene, SceneManager
from .focus import VERTICAL, ring_step

LANGUAGE_NAMES = {"es": "Español", "en": "English"}


@dataclass(frozen=True)
class Row:
    key: str
    values: tuple[object, ...]
    names: Callable[[Texts, object], str]
    get: Callable[[Settings], object]
    set: Callable[[Settings, object], None]
    wraps: bool = False
    """Options may go onto more than one line (a row with many, or long, names)."""
    option_ems: int = 3
    """The narrowest an option may be, in font sizes."""


def _yes_no(texts: Texts, value: object) -> str:
    return texts.t("yes" if value else "no")


VARIANT_ROW = Row(
    "set_variant",
    tuple(variant.name for variant in REGISTERED),
    lambda t, v: t.t(f"variant_{v}"),
    lambda s: s.variant,
    lambda s, v: setattr(s, "variant", v),
    wraps=True,
    option_ems=6,
)
"""The variants the rules play (:data:`rules.variant.REGISTERED`, the default first)."""

SPEECH_NAMES: dict[object, str] = {Speech.AUTO: "speech_auto", Speech.ON: "yes", Speech.OFF: "no"}
SCAN_NAMES: dict[object, str] = {mode: f"scan_{mode.value}" for mode in ScanMode}


def _named_row(key: str, field: str, names: dict[object, str]) -> Row:
    """A row of the setting ``field`` whose options are the keys of ``names``, each named by the
    text its value names."""
    return Row(
        key,
        tuple(names),
        lambda t, v: t.t(names[v]),
        lambda s: getattr(s, field),
        lambda s, v: setattr(s, field, v),
        wraps=True,
    )


ROWS: tuple[Row, ...] = (
    VARIANT_ROW,
    Row("set_passes", (1, 3), lambda t, v: str(v), lambda s: s.passes, lambda s, v: setattr(s, "passes", v)),
    Row("set_overlap", (True, False), _yes_no, lambda s: s.overlap, lambda s, v: setattr(s, "overlap", v)),
    Row(
        "set_mode",
        (DealMode.SOLVABLE, DealMode.RANDOM),
        lambda t, v: t.t("mode_solvable" if v is DealMode.SOLVABLE else "mode_random"),
        lambda s: s.deal_mode,
        lambda s, v: setattr(s, "deal_mode", v),
        wraps=True,
        option_ems=7,  # «totalmente al azar» on two lines: one option a line where they are narrower
    ),
    Row(
        "set_par", (True, False), _yes_no, lambda s: s.par_scoring, lambda s, v: setattr(s, "par_scoring", v)
    ),
    Row(
        "set_lang",
        ("es", "en"),
        lambda t, v: LANGUAGE_NAMES[str(v)],
        lambda s: s.lang,
        lambda s, v: setattr(s, "lang", v),
    ),
    Row(
        "set_motion",
        (True, False),
        _yes_no,
        lambda s: s.reduced_motion,
        lambda s, v: setattr(s, "reduced_motion", v),
    ),
    Row("set_sound", (True, False), _yes_no, lambda s: s.sound, lambda s, v: setattr(s, "sound", v)),
    Row(
        "set_four_colour",
        (True, False),
        _yes_no,
        lambda s: s.four_colour,
        lambda s, v: setattr(s, "four_colour", v),
    ),
    Row(
        "set_large_index",
        (True, False),
        _yes_no,
        lambda s: s.large_index,
        lambda s, v: setattr(s, "large_index", v),
    ),
    # accessibility (game/access): spoken moves and switch scanning
    _named_row("set_speech", "speech", SPEECH_NAMES),
    _named_row("set_scan", "scan", SCAN_NAMES),
    Row(
        "set_scan_seconds",
        SCAN_SECONDS,
        lambda t, v: t.t("scan_seconds", n=v),
        lambda s: s.scan_seconds,
        lambda s, v: setattr(s, "scan_seconds", v),
    ),
    Row(
        "set_theme",
        THEMES,
        lambda t, v: t.t(f"theme_{v}"),
        lambda s: s.theme,
        lambda s, v: setattr(s, "theme", v),
        wraps=True,
        option_ems=6,
    ),
    Row(
        "set_text_size",
        TEXT_SIZES,
        lambda t, v: f"{v} %",
        lambda s: s.text_size,
        lambda s, v: setattr(s, "text_size", v),
        wraps=True,
        option_ems=4,
    ),
    Row(
        "set_hide_timer",
        (True, False),
        _yes_no,
        lambda s: s.hide_timer,
        lambda s, v: setattr(s, "hide_timer", v),
    ),
    Row(
        "set_anim_speed",
        ANIM_SPEEDS,
        lambda t, v: t.t(f"speed_{v}"),
        lambda s: s.anim_speed,
        lambda s, v: setattr(s, "anim_speed", v),
        wraps=True,
        option_ems=5,
    ),
    Row(
        "set_left_handed",
        (True, False),
        _yes_no,
        lambda s: s.left_handed,
        lambda s, v: setattr(s, "left_handed", v),
    ),
)
KIOSK_ROWS: tuple[Row, ...] = tuple(row for row in ROWS if row.key in ("set_lang", "set_motion"))
"""A kiosk keeps its rules, deal mode and look: visitors change only the language and the motion."""


COLUMN_MIN_EMS = 14
"""Rows go in two columns only if each column is at least this many font sizes wide."""
SCROLL_ROWS_SHOWN = 2
"""A scrolling arrangement is usable only if at least this many rows' height shows at once."""


@dataclass(frozen=True)
class _Placed:
    """One row placed in the rows' area: its label and its options, y from the area's top."""

    label: pygame.Rect
    options: list[pygame.Rect]


@dataclass(frozen=True)
class _Shape:
    """One arrangement of the settings panel."""

    columns: int
    beside: bool
    """Each label beside its options (or above them)."""
    close_in_title: bool
    gap: int
    size: tuple[int, int]
    title_h: int
    rows: list[_Placed]
    content_h: int
    """Height of all the rows."""
    view_h: int
    """Height of the rows' area shown (less than ``content_h`` when the rows scroll)."""
    fits: bool

    @property
    def scrolls(self) -> bool:
        return self.view_h < self.content_h


def _label_room(rect: pygame.Rect) -> tuple[int, int]:
    """The room a control's label has inside it (as :func:`draw_button` pads it)."""
    return rect.width - 2 * max(4, min(12, rect.width // 10)), rect.height - 4


class SettingsScreen(Scene):
    modal = True

    def __init__(
        self, ctx: Context, manager: SceneManager, on_stats: Callable[[], None] | None = None
    ) -> None:
        self.ctx = ctx
        self.manager = manager
        self.on_stats = on_stats
        self.rows = KIOSK_ROWS if ctx.kiosk else ROWS
        self.close_index = len(self.rows)
        """Focus index of the close button."""
        self.stats_index = self.close_index + 1
        """Focus index of the «Estadísticas» button (when the screen has one)."""
        self.note_lines = 0 if ctx.kiosk else 1
        """Whether the screen has the note on when rule settings apply (a kiosk offers none)."""
        self.stops = len(self.rows) + (2 if on_stats is not None else 1)
        """Focus stops: the rows, the close button, and «Estadísticas» if there is one."""
        self.focus = 0
        self.focus_visible = False
        self.size = (0, 0)
        self.font = 16
        self.margin = 8
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.labels: list[pygame.Rect] = []
        """Each row's label where it is drawn now (scrolled)."""
        self.options: list[list[pygame.Rect]] = []
        """Each row's options where they are drawn now (scrolled; see :meth:`shown`)."""
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.stats_rect = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        """The rows' area: rows outside it are scrolled out of sight."""
        self.scroll = 0
        """How far the rows are scrolled up, in pixels (0 when they all fit)."""
        self.content_h = 0
        self.note_y = 0
        self._placed: list[_Placed] = []
        self._press: tuple[int, int] | None = None
        """Where a press in the scrolling rows began (chosen on release, unless it became a drag)."""
        self._dragged = 0
        self._sizes: tuple[Hashable, tuple[int, int, int]] | None = None

    def choose(self, row: int, index: int) -> None:
        if self.locked(row):
            return
        spec = self.rows[row]
        spec.set(self.ctx.settings, spec.values[index])

    def locked(self, row: int) -> bool:
        """The row can change nothing now: «Índices grandes» while the table's cards are small
        enough to use the large index anyway (it is greyed, and says so)."""
        return self.rows[row].key == "set_large_index" and self.ctx.assets.large_index_forced()

    @property
    def scrolls(self) -> bool:
        return self.content_h > self.view.height

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.height)

    def shown(self, row: int) -> bool:
        """True when the whole of row ``row`` (label and options) is in sight."""
        whole = self.labels[row].unionall(self.options[row])
        return self.view.contains(whole)

    # --- input ----------------------------------------------------------------------------------
    def handle(self, command: Command) -> None:
        if isinstance(command, Tap):
            self.focus_visible = False
            if self.scrolls and self.view.collidepoint(command.pos):
                self._press, self._dragged = command.pos, 0  # a tap or the start of a drag
            else:
                self._tap(command.pos)
        elif isinstance(command, Drag):
            if self._press is not None:
                self._dragged += abs(command.dy)
                if self._dragged >= DRAG_SLOP_PX:
                    self.scroll_to(self.scroll - command.dy)
        elif isinstance(command, Release):
            press, self._press = self._press, None
            if press is not None and self._dragged < DRAG_SLOP_PX:
                self._tap(press)
        elif isinstance(command, Scroll):
            self.scroll_to(self.scroll - command.steps * self._step())
        elif isinstance(command, Key):
            self.focus_visible = True
            self._key(command.action)
            self.reveal(self.focus)

    def _step(self) -> int:
        """One wheel notch: about one row."""
        return self.ctx.metrics.button_h(self.font) + self.margin

    def scroll_to(self, offset: int) -> None:
        """Scroll the rows so that ``offset`` pixels are above the rows' area (within bounds)."""
        self.scroll = max(0, min(self.max_scroll, offset))
        self._place()

    def reveal(self, row: int) -> None:
        """Scroll just enough for row ``row`` to be whole in sight (nothing for the buttons)."""
        if row >= len(self.rows) or not self._placed:
            return
        placed = self._placed[row]
        whole = placed.label.unionall(placed.options)
        if whole.top - self.scroll < 0:
            self.scroll_to(whole.top)
        elif whole.bottom - self.scroll > self.view.height:
            self.scroll_to(whole.bottom - self.view.height)

    def _tap(self, pos: tuple[int, int]) -> None:
        if self.close_rect.collidepoint(pos):
            self.manager.pop(self)
            return
        if self.on_stats is not None and self.stats_rect.collidepoint(pos):
            self.on_stats()
            return
        if not self.view.collidepoint(pos):
            return
        for row, rects in enumerate(self.options):
            for index, rect in enumerate(rects):
                if rect.collidepoint(pos):
                    self.focus = row
                    self.choose(row, index)

    def _key(self, action: Action) -> None:
        target = ring_step(VERTICAL, action, range(self.stops), self.focus)
        if target is not None:
            self.focus = target
        elif action is Action.CONFIRM and self.focus == self.stats_index and self.on_stats is not None:
            self.on_stats()
        elif action in (Action.LEFT, Action.RIGHT) and self.focus < self.close_index:
            spec = self.rows[self.focus]
            current = spec.values.index(spec.get(self.ctx.settings))
            step = 1 if action is Action.RIGHT else -1
            self.choose(self.focus, (current + step) % len(spec.values))
        elif action is Action.CANCEL or (action is Action.CONFIRM and self.focus == self.close_index):
            self.manager.pop(self)
        elif action is Action.CONFIRM:
            self.focus += 1

    # --- layout and drawing ------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        metrics = self.ctx.metrics
        self.margin = margin = metrics.panel_margin(size)
        self.font = metrics.panel_font(size, share=0.028)
        button_h = metrics.button_h(self.font)
        shape = self._shape(size)
        panel_w, panel_h = shape.size
        inner = panel_w - 2 * margin
        gap = shape.gap
        self.panel = self.manager.dialog_box(self, size, (panel_w, panel_h))
        self.title_rect = pygame.Rect(self.panel.left, self.panel.top + gap // 2, panel_w, shape.title_h)
        top = self.panel.top + gap + shape.title_h
        self.view = pygame.Rect(self.panel.left, top, panel_w, shape.view_h)
        self.content_h = shape.content_h
        self._placed = shape.rows
        self.scroll = max(0, min(self.max_scroll, self.scroll))
        self._place()
        self.reveal(self.focus)
        self.note_y = top + shape.view_h
        if shape.close_in_title:  # close on the right of the title row, «Estadísticas» on its left
            close_w = max(metrics.min_tap, min(inner // 3, self.font * 7))
            top_y = self.title_rect.top
            self.close_rect = pygame.Rect(self.panel.right - margin - close_w, top_y, close_w, button_h)
            self.stats_rect = pygame.Rect(self.panel.left + margin, top_y, close_w, button_h)
        else:
            bottom_y = self.note_y + self._note_rows(self.panel.width, self.font) * line_height(self.font)
            if self.on_stats is None:
                self.close_rect = pygame.Rect(self.panel.centerx - inner // 4, bottom_y, inner // 2, button_h)
            else:
                half = (inner - margin) // 2
                left = self.panel.left + margin
                self.close_rect = pygame.Rect(left, bottom_y, half, button_h)
                self.stats_rect = pygame.Rect(left + inner - half, bottom_y, half, button_h)
        if self.on_stats is None:
            self.stats_rect = pygame.Rect(0, 0, 0, 0)

    def _note_rows(self, panel_w: int, font: int) -> int:
        """Lines the note on when settings apply takes in a panel ``panel_w`` wide (none in a kiosk)."""
        if not self.note_lines:
            return 0
        return len(self.ctx.assets.wrap(self.ctx.t("settings_note"), font - 1, panel_w - 24))

    def _place(self) -> None:
        """Put the rows where they are drawn now: the arrangement moved to the panel, less the scroll."""
        dx, dy = self.view.left, self.view.top - self.scroll
        self.labels = [placed.label.move(dx, dy) for placed in self._placed]
        self.options = [[rect.move(dx, dy) for rect in placed.options] for placed in self._placed]

    def _arrange(self, columns: int, beside: bool, gap: int, panel_w: int) -> tuple[list[_Placed], int, bool]:
        """The rows placed in ``columns`` columns of a panel ``panel_w`` wide (x from the panel's
        left, y from the rows' top), the rows' height, and whether every option is wide enough."""
        metrics, margin, font = self.ctx.metrics, self.margin, self.font
        button_h = metrics.button_h(font)
        inner = panel_w - 2 * margin
        col_w = (inner - (columns - 1) * margin) // columns
        label_w = self._label_width(col_w) if beside else col_w
        label_h = button_h if beside else line_height(font)
        per_column = -(-len(self.rows) // columns)
        placed: list[_Placed] = []
        heights = [0] * columns
        wide_enough = True
        for index, spec in enumerate(self.rows):
            column = index // per_column
            left = margin + column * (col_w + margin)
            y = heights[column]
            opt_left = left + label_w + gap if beside else left
            opt_top = y if beside else y + label_h
            room = left + col_w - opt_left
            narrowest = max(metrics.min_tap, font * spec.option_ems)
            count = len(spec.values)
            per_line = max(1, min(count, (room + gap) // (narrowest + gap))) if spec.wraps else count
            opt_w = (room - gap * (per_line - 1)) // per_line
            wide_enough &= opt_w >= (narrowest if per_line > 1 else metrics.min_tap)
            options = []
            for i in range(count):
                line, place = divmod(i, per_line)
                x = opt_left + place * (opt_w + gap)
                options.append(pygame.Rect(x, opt_top + line * (button_h + gap), opt_w, button_h))
            lines = -(-count // per_line)
            options_h = lines * button_h + (lines - 1) * gap
            row_h = max(label_h, options_h) if beside else label_h + options_h
            placed.append(_Placed(pygame.Rect(left, y, label_w, label_h), options))
            heights[column] = y + row_h + gap
        return placed, max(heights), wide_enough

    def _shape(self, size: tuple[int, int]) -> _Shape:
        """The first of these that fits the window: each label above its options (or beside
        them on a wide panel); rows in two columns side by side; labels beside their options;
        the close button in the title row; tighter gaps. When none fits, the first of the
        one-column ones whose options are wide enough, its rows scrolling."""
        width, height = size
        metrics, margin, font = self.ctx.metrics, self.margin, self.font
        button_h = metrics.button_h(font)
        title_h = max(line_height(round(font * 1.4)), button_h)
        one_column_w = panel_width(size, font, margin, extra=font * 10)

        def shape(columns: int, beside: bool, close_in_title: bool, gap: int, scroll: bool = False) -> _Shape:
            close_h = 0 if close_in_title else button_h + gap
            panel_w = one_column_w if columns == 1 else width - 2 * margin
            note_h = self._note_rows(panel_w, font) * line_height(font)
            fixed_h = 2 * gap + title_h + note_h + close_h
            col_w = (panel_w - 2 * margin - (columns - 1) * margin) // columns
            rows, content_h, wide_enough = self._arrange(columns, beside, gap, panel_w)
            view_h = min(content_h, height - 8 - fixed_h) if scroll else content_h
            fits = wide_enough and (columns == 1 or col_w >= font * COLUMN_MIN_EMS) and self._readable(rows)
            if scroll:
                fits = fits and view_h >= SCROLL_ROWS_SHOWN * (button_h + gap)
            else:
                fits = fits and fixed_h + content_h <= height - 8
            size = (panel_w, fixed_h + view_h)
            return _Shape(columns, beside, close_in_title, gap, size, title_h, rows, content_h, view_h, fits)

        wide = one_column_w - 2 * margin >= SETTINGS_SIDE_BY_SIDE_MIN_WIDTH
        shapes = [
            shape(1, wide, False, margin), shape(2, False, False, margin), shape(2, True, False, margin),
            shape(1, True, False, margin), shape(2, True, True, 4), shape(1, True, True, margin),
            shape(1, True, True, 4),
            shape(1, wide, True, margin, scroll=True), shape(1, True, True, margin, scroll=True),
            shape(1, False, True, margin, scroll=True), shape(1, False, True, 4, scroll=True),
        ]  # fmt: skip
        return next((s for s in shapes if s.fits), shapes[-1])

    def _label_width(self, column_w: int) -> int:
        """How wide the labels beside their options are: what the longest needs on two lines at
        the screen's size (a quarter to a half of the column), so the options get the rest."""
        face = self.ctx.assets.font(self.font, True)

        def two_lines(text: str) -> int:
            words = text.split()
            splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
            return min((max(face.size(a)[0], face.size(b)[0]) for a, b in splits), default=face.size(text)[0])

        need = max(two_lines(self.ctx.t(spec.key)) for spec in self.rows) + self.margin // 2
        return min(column_w // 2, max(column_w // 4, need))

    def _readable(self, rows: list[_Placed]) -> bool:
        """Every row's label and options fit their places at the smallest caption size at least
        (:data:`MIN_CAPTION`, on two lines if need be): the shape leaves no text to be drawn
        smaller than that."""
        ctx, caption = self.ctx, MIN_CAPTION
        texts = [(ctx.t(spec.key), placed.label.size) for spec, placed in zip(self.rows, rows, strict=True)]
        for spec, placed in zip(self.rows, rows, strict=True):
            names = [self.option_name(spec, value) for value in spec.values]
            texts += [(name, _label_room(rect)) for name, rect in zip(names, placed.options, strict=True)]
        two_lines = 2 * ctx.assets.font(caption, True).get_linesize()
        return all(
            (lines := label_lines(ctx.assets, text, caption, width, True)) is not None
            and (len(lines) == 1 or two_lines <= height)
            for text, (width, height) in texts
        )

    def option_name(self, spec: Row, value: object) -> str:
        """What an option reads. «solo con solución» promises what only the label table can
        keep: without a table for these rules it says there is no guarantee instead."""
        if value is DealMode.SOLVABLE and not self.ctx.dealer.labels.can_promise(
            self.ctx.settings.rule_set()
        ):
            return self.ctx.t("mode_solvable_unsure")
        return spec.names(self.ctx.texts, value)

    def look(self) -> Hashable:
        settings = astuple(self.ctx.settings)
        return tuple(self.panel), self.scroll, self.focus, self.focus_visible, settings, self.locked_now()

    def locked_now(self) -> tuple[bool, ...]:
        return tuple(self.locked(row) for row in range(len(self.rows)))

    def bounds(self, size: tuple[int, int]) -> pygame.Rect:
        return panel_room(self.panel).inflate(16, 16)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.panel)
        ctx, assets, font = self.ctx, self.ctx.assets, self.font
        room = self.title_rect.inflate(-2 * self.margin, 0)
        if self.close_rect.colliderect(self.title_rect):  # the buttons share the title's row
            side = room.right - self.close_rect.left + 8  # as much room kept on either side
            room = room.inflate(-2 * side, 0)
        heading = ctx.t("settings_title")
        title = assets.fit_text(heading, round(font * 1.4), PANEL_TEXT, room.width, bold=True)
        surface.blit(title, title.get_rect(center=room.center))
        clip = surface.get_clip()
        # room for the focus ring around a row; rows that scroll stay inside their area
        surface.set_clip(self.view.inflate(16, 0 if self.scrolls else 16).clip(clip))
        for row in range(len(self.rows)):
            whole = self.labels[row].unionall(self.options[row])
            if whole.colliderect(self.view):
                self._draw_row(surface, row)
        surface.set_clip(clip)
        if self.scrolls:
            self._draw_scroll_bar(surface)
        if self.note_lines:
            note = assets.wrap(ctx.t("settings_note"), font - 1, self.panel.width - 24)
            blit_lines(
                surface, assets, note, (self.panel.left, self.note_y), font - 1,
                color=PANEL_TEXT, centered_in=self.panel.width,
            )  # fmt: skip
        focused = self.focus_visible and self.focus == self.close_index
        button_font = self.sizes()[2]
        draw_button(surface, assets, self.close_rect, ctx.t("btn_close"), button_font, focused=focused)
        if self.on_stats is not None:
            focused = self.focus_visible and self.focus == self.stats_index
            draw_button(surface, assets, self.stats_rect, ctx.t("btn_stats"), button_font, focused=focused)

    def sizes(self) -> tuple[int, int, int]:
        """The font sizes of the rows' labels, of their options and of the buttons: each group
        at one size, the largest at which all of it fits (on two lines where one is too short),
        so no option is drawn smaller than its neighbours."""
        ctx = self.ctx
        labels = [(ctx.t(spec.key), self.labels[row].size) for row, spec in enumerate(self.rows)]
        options = []
        for row, spec in enumerate(self.rows):
            if self.locked(row):
                whole = self.options[row][0].unionall(self.options[row][1:])
                options.append((ctx.t("large_index_auto"), _label_room(whole)))
                continue
            options += [
                (self.option_name(spec, v), _label_room(r))
                for v, r in zip(spec.values, self.options[row], strict=True)
            ]
        buttons = [(ctx.t("btn_close"), _label_room(self.close_rect))]
        if self.on_stats is not None:
            buttons.append((ctx.t("btn_stats"), _label_room(self.stats_rect)))
        key = (tuple(labels), tuple(options), tuple(buttons), self.font)
        if self._sizes is None or self._sizes[0] != key:
            assets = ctx.assets
            found = tuple(
                fitting_size(assets, group, self.font, bold=True) for group in (labels, options, buttons)
            )
            self._sizes = (key, (found[0], found[1], found[2]))
        return self._sizes[1]

    def _draw_row(self, surface: pygame.Surface, row: int) -> None:
        ctx, assets = self.ctx, self.ctx.assets
        label_font, font, _ = self.sizes()
        spec = self.rows[row]
        rect = self.labels[row]
        lines = button_lines(assets, ctx.t(spec.key), label_font, PANEL_TEXT, rect.size, bold=True)
        y = rect.centery - sum(line.get_height() for line in lines) // 2
        for line in lines:
            surface.blit(line, (rect.left, y))
            y += line.get_height()
        current = spec.get(ctx.settings)
        if self.locked(row):
            whole = self.options[row][0].unionall(self.options[row][1:])
            focused = self.focus_visible and self.focus == row
            draw_button(
                surface, assets, whole, ctx.t("large_index_auto"), font, style=Style.OFF, focused=focused
            )
            return
        for index, rect in enumerate(self.options[row]):
            value = spec.values[index]
            style = Style.PRIMARY if value == current else Style.NORMAL
            focused = self.focus_visible and self.focus == row and value == current
            draw_button(
                surface, assets, rect, self.option_name(spec, value), font, style=style, focused=focused
            )

    def _draw_scroll_bar(self, surface: pygame.Surface) -> None:
        """A thin bar at the panel's right edge: where the rows in sight are among all of them."""
        track = pygame.Rect(self.panel.right - max(4, self.margin // 2), self.view.top, 4, self.view.height)
        thumb_h = max(self.margin * 2, track.height * self.view.height // self.content_h)
        travel = track.height - thumb_h
        thumb_y = track.top + (travel * self.scroll // self.max_scroll if self.max_scroll else 0)
        pygame.draw.rect(surface, SCROLL_BAR, (track.left, thumb_y, track.width, thumb_h), border_radius=2)
