"""«Estadísticas» and «Reparto del día»: two screens over the table, drawn by the game.

Both are a panel with a title, a few lines, a small chart and a row of buttons. Keyboard:
Tab or Up/Down move between buttons, Enter presses, Esc closes; on the statistics screen
Left/Right change the rule set shown. Every size comes from the window (and shrinks the font
until the panel fits), so the screens work from 480×800 to 4K.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

import pygame

from game.config import (
    CHART_EMPTY,
    CHART_LOSS,
    CHART_STAR,
    CHART_WIN,
    HEADING,
    PANEL_TEXT,
    RECORD_DAYS,
    Color,
)
from game.context import Context
from game.input import Action, Command, Key, Tap
from game.records import daily_number
from game.render.widgets import (
    Style,
    blit_lines,
    draw_button,
    draw_panel,
    line_height,
    panel_width,
)
from game.stats import RuleStats
from game.texts import Texts, format_time, signed
from rules import ALL_RULE_SETS, RuleSet
from rules.errors import NotationError
from rules.variant import PYRAMID, rule_sets

from .base import Scene, SceneManager, hit
from .focus import VERTICAL, ring_step
from .panel import Panel, PanelButton

MarkPainter = Callable[[pygame.Surface, pygame.Rect], None]
"""Draws a legend's mark in the square it is given."""

MIN_CHART_SHARE = 0.5
"""The least of its height a screen's chart keeps on a short window."""
MIN_SHORT_MARGIN = 8
"""The margins of a screen shrink to this before its font does."""


class RecordScreen(Scene):
    """Shared frame: title, body lines, a chart box, and a row of buttons (names → actions)."""

    modal = True
    chart_lines = 3.5
    """Chart height in body lines."""

    def __init__(self, ctx: Context, manager: SceneManager) -> None:
        self.ctx = ctx
        self.manager = manager
        self.size = (0, 0)
        self.font = ctx.metrics.panel_font_range[0]
        self.focus = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.header_top = 0
        self.body_top = 0
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.rects: dict[str, pygame.Rect] = {}

    # --- what each screen says ----------------------------------------------------------------
    def title(self, texts: Texts) -> str:
        raise NotImplementedError

    def body(self, texts: Texts) -> list[str]:
        """Body lines; a line starting with ``\\t`` is drawn bold."""
        raise NotImplementedError

    def buttons(self) -> list[str]:
        raise NotImplementedError

    def label(self, name: str) -> str:
        raise NotImplementedError

    def activate(self, name: str) -> None:
        raise NotImplementedError

    def draw_chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.manager.pop(self)

    # --- input ----------------------------------------------------------------------------------
    def handle(self, command: Command) -> None:
        if isinstance(command, Tap):
            name = hit(self.rects, command.pos)
            if name is not None:
                self.activate(name)
        elif isinstance(command, Key):
            self.key(command.action)

    def key(self, action: Action) -> None:
        names = self.buttons()
        target = ring_step(VERTICAL, action, range(len(names)), self.focus % len(names))
        if target is not None:
            self.focus = target
        elif action is Action.CONFIRM:
            self.activate(names[self.focus % len(names)])
        elif action is Action.CANCEL:
            self.close()

    # --- layout ----------------------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        self._layout()

    def _layout(self) -> None:
        width, height = self.size
        if not width or not height:
            return
        metrics = self.ctx.metrics
        margin = metrics.panel_margin(self.size)
        font = metrics.panel_font(self.size, share=0.028)
        texts = self.ctx.texts
        chart_share = 1.0  # on a short window the chart gives up height first, then the font
        while True:
            panel_w = panel_width(self.size, font, margin)
            inner = panel_w - 2 * margin
            body = self._wrapped(texts, font, inner)
            button_h = metrics.button_h(font)
            title_h = line_height(round(font * 1.4))
            chart_h = round(line_height(font) * self.chart_lines * chart_share)
            header_h = self.header_height(button_h, margin)
            panel_h = 5 * margin + title_h + header_h + len(body) * line_height(font) + chart_h + button_h
            if panel_h <= height - 2 * margin or font <= 11:
                break
            if chart_share > MIN_CHART_SHARE:
                chart_share = max(MIN_CHART_SHARE, chart_share - 0.1)
            elif margin > MIN_SHORT_MARGIN:
                margin -= 2
            else:
                font -= 1
        self.font = font
        self.panel = self.manager.dialog_box(self, self.size, (panel_w, panel_h))
        left = self.panel.left + margin
        self.header_top = self.panel.top + margin + title_h + margin
        self.body_top = self.header_top + header_h
        chart_top = self.body_top + len(body) * line_height(font) + margin
        self.chart = pygame.Rect(left, chart_top, inner, chart_h)
        self.rects = self.extra_rects(left, inner, button_h, margin)
        names = self.buttons()
        top = self.chart.bottom + margin
        gap = margin // 2
        each = (inner - gap * (len(names) - 1)) // len(names)
        for index, name in enumerate(names):
            self.rects[name] = pygame.Rect(left + index * (each + gap), top, each, button_h)

    def header_height(self, button_h: int, margin: int) -> int:
        """Room between the title and the body lines (the statistics' rule-set selector)."""
        return 0

    def extra_rects(self, left: int, inner: int, button_h: int, margin: int) -> dict[str, pygame.Rect]:
        """Tap targets besides the button row (the statistics' rule-set arrows)."""
        return {}

    def _wrapped(self, texts: Texts, font: int, inner: int) -> list[str]:
        lines = []
        for line in self.body(texts):
            bold = line.startswith("\t")
            parts = self._wrap(line.lstrip("\t"), font, inner, bold)
            lines += ["\t" + part if bold else part for part in parts]
        return lines

    def _wrap(self, text: str, font: int, inner: int, bold: bool) -> list[str]:
        """``text`` broken at plain spaces only: words joined by a no-break space (``\\u00a0``,
        as in «○\\u00a0empezado») stay on one line."""
        measure = self.ctx.assets.font(font, bold)
        lines: list[str] = []
        current = ""
        for word in text.split(" "):
            candidate = f"{current} {word}" if current else word
            if current and measure.size(candidate)[0] > inner:
                lines.append(current)
                current = word
            else:
                current = candidate
        return [*lines, current] if current else lines

    def marks(self) -> dict[str, MarkPainter]:
        """Glyphs of the body lines drawn as the chart draws them (a legend's marks), each by
        a painter given the square it has in the line."""
        return {}

    # --- drawing -----------------------------------------------------------------------------------
    def _blit_line(self, surface: pygame.Surface, line: str, color: Color, bold: bool, top: int) -> None:
        """One body line centred in the panel; its mark glyphs (:meth:`marks`) painted in
        their places, in the chart's colours."""
        assets, font, marks = self.ctx.assets, self.font, self.marks()
        pieces = [piece for piece in re.split(f"([{''.join(marks)}])", line) if piece] if marks else [line]
        measure = assets.font(font, bold)
        widths = [measure.size(piece)[0] for piece in pieces]
        x = self.panel.centerx - sum(widths) // 2
        for piece, width in zip(pieces, widths, strict=True):
            if piece in marks:
                side = round(font * 0.85)  # a little wider than the glyph, into the spaces around it
                square = pygame.Rect(0, 0, side, side)
                square.center = (x + width // 2, top + line_height(font) // 2)
                marks[piece](surface, square)
            else:
                surface.blit(assets.text(piece, font, color, bold), (x, top))
            x += width

    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        draw_panel(surface, self.panel)
        assets, font, texts = self.ctx.assets, self.font, self.ctx.texts
        margin = self.chart.left - self.panel.left
        blit_lines(
            surface, assets, [self.title(texts)], (self.panel.left, self.panel.top + margin),
            round(font * 1.4), color=PANEL_TEXT, centered_in=self.panel.width, bold=True,
        )  # fmt: skip
        y = self.body_top
        for line in self._wrapped(texts, font, self.chart.width):
            bold = line.startswith("\t")
            self._blit_line(surface, line.lstrip("\t"), HEADING if bold else PANEL_TEXT, bold, y)
            y += line_height(font)
        self.draw_chart(surface, self.chart)
        names = self.buttons()
        for name, rect in self.rects.items():
            primary = bool(names) and name == names[0]
            focused = name in names and names.index(name) == self.focus % len(names)
            style = Style.PRIMARY if primary else Style.NORMAL
            draw_button(surface, assets, rect, self.label(name), font, style=style, focused=focused)


# --- statistics ----------------------------------------------------------------------------------------
def rules_name(texts: Texts, rules: RuleSet) -> str:
    """The rules as the statistics name them, e.g. «1 vuelta · superposición: Sí», after the
    variant's name when it is not the default («Baraja española · 3 vueltas · …»)."""
    overlap = texts.t("yes" if rules.overlap else "no")
    if not rules.variant.has_stock:
        name = texts.t("stats_rules_no_stock", o=overlap)
    elif rules.passes == 1:
        name = texts.t("stats_rules_one", o=overlap)
    elif rules.unlimited:
        name = texts.t("stats_rules_unlimited", o=overlap)
    else:
        name = texts.t("stats_rules", p=rules.passes, o=overlap)
    if rules.variant == PYRAMID:
        return name
    return texts.t(f"variant_{rules.variant.name}") + " · " + name


def _played(ctx: Context) -> list[RuleSet]:
    """The rule sets with statistics (of other variants too), those of variants no longer
    registered left out."""
    found = []
    for key in ctx.keeper.stats.by_rules:
        try:
            found.append(RuleSet.from_key(key))
        except NotationError:
            continue
    return found


class StatsScreen(RecordScreen):
    """Played, won, win rate, best and median time, fewest moves, streaks; the last results."""

    def __init__(self, ctx: Context, manager: SceneManager, rules: RuleSet) -> None:
        super().__init__(ctx, manager)
        own = list(rule_sets(rules.variant))  # the rule sets of the game's variant, then the default's
        self.choices = own if rules in own else [rules, *own]
        if rules.variant != PYRAMID:
            self.choices += list(ALL_RULE_SETS)
        self.choices += [played for played in _played(ctx) if played not in self.choices]
        self.rules = rules
        self.selector = pygame.Rect(0, 0, 0, 0)

    @property
    def record(self) -> RuleStats:
        return self.ctx.keeper.stats.by_rules.get(str(self.rules), RuleStats())

    def title(self, texts: Texts) -> str:
        return texts.t("stats_title")

    def body(self, texts: Texts) -> list[str]:
        rec = self.record
        rate = "—" if rec.win_rate is None else f"{round(rec.win_rate * 100)} %"
        best = "—" if rec.best_time is None else format_time(rec.best_time)
        median = "—" if rec.median_time is None else format_time(rec.median_time)
        fewest = "—" if rec.fewest_moves is None else str(rec.fewest_moves)
        pairs = [
            ("stats_played", str(rec.played)),
            ("stats_won", str(rec.won)),
            ("stats_rate", rate),
            ("stats_best", best),
            ("stats_median", median),
            ("stats_fewest", fewest),
            ("stats_streak", str(rec.current_streak)),
            ("stats_longest", str(rec.longest_streak)),
        ]
        lines = [f"{texts.t(key)}: {value}" for key, value in pairs]
        if self.size[0] >= 2 * self.font * 22:  # room for two columns: pair the lines up
            lines = [f"{a}   ·   {b}" for a, b in zip(lines[::2], lines[1::2], strict=True)]
        if rec.abandoned:  # only a kiosk's idle reset abandons a game
            lines.append(texts.t("stats_abandoned", n=rec.abandoned))
        par = self.ctx.keeper.stats.par
        if par.played or self.ctx.settings.par_scoring:  # matches are for every rule set alike
            best = "—" if par.best_total is None else signed(par.best_total)
            lines.append(texts.t("stats_par", n=par.played, m=par.made, best=best))
        return lines

    def buttons(self) -> list[str]:
        return ["close", "reset"]

    def label(self, name: str) -> str:
        texts = self.ctx.texts
        return {
            "close": texts.t("btn_close"),
            "reset": texts.t("btn_reset"),
            "prev": "‹",
            "next": "›",
        }[name]

    def header_height(self, button_h: int, margin: int) -> int:
        return button_h + margin

    def extra_rects(self, left: int, inner: int, button_h: int, margin: int) -> dict[str, pygame.Rect]:
        top = self.header_top
        self.selector = pygame.Rect(left, top, inner, button_h)
        return {
            "prev": pygame.Rect(left, top, button_h, button_h),
            "next": pygame.Rect(left + inner - button_h, top, button_h, button_h),
        }

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        texts = self.ctx.texts
        name = self.ctx.assets.fit_text(
            rules_name(texts, self.rules),
            self.font,
            PANEL_TEXT,
            self.selector.width - 2 * self.selector.height - 8,
            bold=True,
        )
        surface.blit(name, name.get_rect(center=self.selector.center))

    def key(self, action: Action) -> None:
        if action in (Action.LEFT, Action.RIGHT):
            self.activate("next" if action is Action.RIGHT else "prev")
        else:
            super().key(action)

    def activate(self, name: str) -> None:
        if name in ("prev", "next"):
            step = 1 if name == "next" else -1
            index = (self.choices.index(self.rules) + step) % len(self.choices)
            self.rules = self.choices[index]
        elif name == "close":
            self.close()
        elif name == "reset":
            self.manager.push(self._confirm_reset())

    def _confirm_reset(self) -> Panel:
        rules = self.rules

        def reset() -> None:
            self.ctx.keeper.reset_stats(rules)
            self.manager.pop(panel)

        panel = Panel(
            self.ctx, self.manager,
            title=lambda t: t.t("reset_title"),
            body=lambda t: [t.t("reset_body", rules=rules_name(t, rules))],
            buttons=[
                PanelButton(lambda t: t.t("btn_cancel"), lambda: self.manager.pop(panel), primary=True),
                PanelButton(lambda t: t.t("btn_reset_yes"), reset),
            ],
            on_cancel=lambda: self.manager.pop(panel),
        )  # fmt: skip
        return panel

    def draw_chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The last results as bars: tall green for a win, short red for a loss, oldest left."""
        texts, font = self.ctx.texts, self.font
        recent = self.record.recent
        caption = (
            texts.t("stats_chart", n=len(recent), w=recent.count("W"))
            if recent
            else texts.t("stats_chart_empty")
        )
        text = self.ctx.assets.fit_text(caption, font, PANEL_TEXT, box.width)
        surface.blit(text, text.get_rect(midtop=(box.centerx, box.top)))
        bars = pygame.Rect(box.left, box.top + line_height(font), box.width, box.height - line_height(font))
        pygame.draw.line(surface, CHART_EMPTY, bars.bottomleft, bars.bottomright, 2)
        slots = 30
        pitch = bars.width / slots
        for index, result in enumerate(recent[-slots:]):
            height = bars.height - 4 if result == "W" else max(4, bars.height // 4)
            x = round(bars.left + index * pitch + pitch * 0.15)
            rect = pygame.Rect(x, bars.bottom - height, max(2, round(pitch * 0.7)), height)
            pygame.draw.rect(surface, CHART_WIN if result == "W" else CHART_LOSS, rect, border_radius=2)


# --- the daily deal --------------------------------------------------------------------------------------
class DailyScreen(RecordScreen):
    """Today's deal, whether it was played or won (clean), the daily streak, the last days."""

    chart_lines = 3.0

    def __init__(
        self,
        ctx: Context,
        manager: SceneManager,
        on_play: Callable[[int, str], None],
        current: tuple[str | None, bool],
        today: datetime.date,
    ) -> None:
        """``on_play(number, iso_date)`` starts the deal; ``current``: (daily date of the deal on
        the table, whether it is over)."""
        super().__init__(ctx, manager)
        self.on_play = on_play
        self.today = today
        self.number = daily_number(today, ctx.dealer.labels)
        self.on_table = current[0] == today.isoformat() and not current[1]

    def title(self, texts: Texts) -> str:
        return texts.t("daily_title")

    def body(self, texts: Texts) -> list[str]:
        mark = self.ctx.keeper.daily.days.get(self.today.isoformat())
        if mark is None:
            status = texts.t("daily_new")
        elif mark.clean:
            status = texts.t("daily_clean")
        elif mark.won:
            status = texts.t("daily_won")
        else:
            status = texts.t("daily_played")
        streak = self.ctx.keeper.daily.streak(self.today)
        return [
            texts.t("daily_deal", date=self.today.isoformat(), n=self.number),
            texts.t("daily_rules"),
            "\t" + status,
            texts.t("daily_streak", n=streak),
            texts.t("daily_legend", n=RECORD_DAYS),
        ]

    def buttons(self) -> list[str]:
        return ["play", "close"]

    def label(self, name: str) -> str:
        if name == "play":
            if self.on_table:
                return self.ctx.t("btn_daily_back")
            mark = self.ctx.keeper.daily.days.get(self.today.isoformat())
            return self.ctx.t("btn_daily_replay" if mark is not None and mark.won else "btn_daily_play")
        return self.ctx.t("btn_close")

    def activate(self, name: str) -> None:
        self.close()
        if name == "play" and not self.on_table:
            self.on_play(self.number, self.today.isoformat())

    def _day(self, surface: pygame.Surface, rect: pygame.Rect, started: bool, won: bool, clean: bool) -> None:
        """One day's square, in the chart and in its legend: filled green when won (with a
        star when clean), a green ring in an empty frame when only started, else the frame."""
        radius = max(3, rect.width // 5)
        if won:
            pygame.draw.rect(surface, CHART_WIN, rect, border_radius=radius)
            if clean:
                star = self.ctx.assets.text("★", round(rect.width * 0.7), CHART_STAR, True)
                surface.blit(star, star.get_rect(center=rect.center))
            return
        pygame.draw.rect(surface, CHART_EMPTY, rect, width=2, border_radius=radius)
        if started:
            ring = max(2, min(3, rect.width // 8))
            pygame.draw.circle(surface, CHART_WIN, rect.center, max(3, rect.width // 3), width=ring)

    def marks(self) -> dict[str, MarkPainter]:
        return {
            "■": lambda surface, rect: self._day(surface, rect, True, True, False),
            "★": lambda surface, rect: self._day(surface, rect, True, True, True),
            "○": lambda surface, rect: self._day(surface, rect, True, False, False),
            "□": lambda surface, rect: self._day(surface, rect, False, False, False),
        }

    def draw_chart(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The last :data:`RECORD_DAYS` days, today at the right: filled when won, a star when
        clean, a ring when started, an empty frame otherwise; the day of the month under each."""
        days = self.ctx.keeper.daily.days
        small = max(10, round(self.font * 0.75))
        side = min(round(box.width / RECORD_DAYS * 0.8), box.height - line_height(small))
        pitch = box.width / RECORD_DAYS
        for index in range(RECORD_DAYS):
            day = self.today - datetime.timedelta(days=RECORD_DAYS - 1 - index)
            mark = days.get(day.isoformat())
            cx = round(box.left + pitch * (index + 0.5))
            rect = pygame.Rect(0, box.top, side, side)
            rect.centerx = cx
            radius = max(3, side // 5)
            if mark is None:
                self._day(surface, rect, False, False, False)
            else:
                self._day(surface, rect, True, mark.won, mark.clean)
            if day == self.today:
                pygame.draw.rect(surface, PANEL_TEXT, rect.inflate(6, 6), width=2, border_radius=radius + 2)
            number = self.ctx.assets.text(str(day.day), small, PANEL_TEXT)
            surface.blit(number, number.get_rect(midtop=(cx, rect.bottom + 3)))
