"""The game harness's Python side, run inside pyodide with the fixture's wasm pygame-ce.

It starts the game exactly as the web build does (``main.web_app()``: options from the page
address, the browser clock, a fixed canvas) and runs ``App.run()`` as an asyncio task; the page
drives it with DOM events only. This module only reads the game (tap points from the layout,
the session, the status line) and records frame times.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from web_checks import Report

import main
from game.play import DECK
from rules import Kind, Move
from solver import solve


class Harness:
    def __init__(self) -> None:
        self.report = Report()
        self.app: Any = None
        self.task: Any = None
        self.intervals: list[float] = []
        self.costs: list[float] = []
        self._last = 0.0
        self.copies: list[list[Any]] = []

    # --- the game ------------------------------------------------------------------------------
    def start(self) -> None:
        self.app = main.web_app()
        frame = self.app.frame

        def timed_frame(dt: float) -> bool:
            began = time.perf_counter()
            if self._last:
                self.intervals.append((began - self._last) * 1000)
            self._last = began
            drawn = frame(dt)
            if drawn:
                self.costs.append((time.perf_counter() - began) * 1000)
            return drawn

        self.app.frame = timed_frame
        self.watch_copies()
        self.task = asyncio.ensure_future(self.app.run())

    @property
    def play(self) -> Any:
        return self.app.table.play

    def status(self) -> str:
        """What the page needs to know, as JSON."""
        session = self.play.session
        frame = self.app.table.frame()
        return json.dumps(
            {
                "deal": self.play.number,
                "moves": session.moves,
                "undos": session.undos,
                "history": len(session.history),
                "waste": len(self.play.state.waste_cards()),
                "pyramid": self.play.state.pyramid,
                "status": frame.status,
                "line": frame.line,
                "hint": str(self.play.hint) if self.play.hint is not None else None,
                "top": type(self.app.manager.top).__name__,
                "variant": self.play.state.rules.variant.name,
                "columns": len(self.app.table.layout.columns),
            "dealing": self.app.table.anim.dealing,
                "elapsed": session.clock.elapsed(),
                "canvas": list(self.app.screen.get_size()),
                "loop_done": self.task.done(),
                "loop_error": repr(self.task.exception()) if self.task.done() else None,
            "copies": self.copies,
            }
        )

    def moves_text(self, n: int) -> str:
        return self.app.ctx.texts.moves(n)

    def winning_line(self) -> str:
        """The solver's winning line from the current position (the bundle's own solver)."""
        result = solve(self.play.state)
        return json.dumps([str(m) for m in result.moves])

    def taps_for(self, token: str) -> str:
        """Where to tap, in canvas pixels, to make move ``token``: the layout's own tap points."""
        move = Move.parse(token)
        layout = self.app.table.layout
        places = [DECK] if move.kind in (Kind.DRAW, Kind.RECYCLE) else list(move.places)
        return json.dumps([list(layout.tap_point(p)) for p in places])

    def card_points(self) -> str:
        """Tap points of the 28 pyramid cards (on each card's visible strip)."""
        layout = self.app.table.layout
        return json.dumps([list(layout.tap_point(p)) for p in range(28)])

    def faces_shown(self) -> str:
        """The face-up cards a player sees whole: the top card of each column (Giza), else the
        pyramid's base row; for each its face's file name (``Co``, ``Th``) in its deck's folder
        and its rectangle on the canvas."""
        from game.render.assets import face_name  # noqa: PLC0415
        from game.render.card_look import face_rect  # noqa: PLC0415
        from rules.moves import column_place  # noqa: PLC0415
        from rules.topology import ROWS, SLOTS  # noqa: PLC0415

        state = self.play.state
        layout = self.app.table.layout
        columns = [column_place(c) for c in range(state.rules.variant.columns)]
        shown = []
        for place in columns or range(SLOTS - ROWS, SLOTS):
            card = state.card_at(place)
            if card is not None:
                rect = face_rect(layout.place_rect(place, state))  # drawn a hairline inside its place
                face = f"{card.deck.name}/{face_name(card.deck.name, card.rank, card.suit)}"
                shown.append({"place": place, "face": face, "box": [rect.x, rect.y, rect.width, rect.height]})
        return json.dumps(shown)

    def column_strips(self) -> str:
        """Points on the strip each covered column card shows (Giza): the middle of the strip."""
        layout = self.app.table.layout
        state = self.play.state
        points = []
        for column, rects in enumerate(layout.columns):
            top = state.column_top_index(column)
            for rect in rects[: 0 if top is None else top]:
                points.append([rect.centerx, rect.top + layout.column_step // 2])
        return json.dumps(points)

    def state_text(self) -> str:
        state = self.play.state
        return json.dumps([state.pyramid, state.stock, state.cursor, state.pass_no])

    def button_point(self, name: str) -> str:
        """Centre of the table's button ``name`` (``"settings"``, ``"undo"``…), from the layout."""
        return json.dumps(list(self.app.table.layout.buttons[name].center))

    def settings_option(self, row_key: str, value: object) -> str:
        """Centre of the option ``value`` of the settings row ``row_key``, on the open settings screen."""
        from game.scenes.settings_screen import ROWS  # noqa: PLC0415

        top = self.app.manager.top
        row = next(i for i, r in enumerate(ROWS) if r.key == row_key)
        index = ROWS[row].values.index(value)
        return json.dumps(list(top.options[row][index].center))

    def settings(self) -> str:
        settings = self.app.ctx.settings
        return json.dumps({"lang": settings.lang, "four_colour": settings.four_colour})

    def panel_buttons(self) -> str:
        """Labels and centres of the buttons of the panel on top (none when the table is on top)."""
        top = self.app.manager.top
        if not hasattr(top, "geometry"):
            return "[]"
        rects = top.geometry().buttons
        labels = [button.label(self.app.ctx.texts) for button in top.buttons]
        pairs = zip(labels, rects, strict=True)
        return json.dumps([{"label": label, "point": list(rect.center)} for label, rect in pairs])

    def watch_copies(self) -> None:
        """Record what the game hands the clipboard (it still goes to the browser's)."""
        ctx = self.app.ctx
        handed = ctx.copy_text

        def copy(text: str) -> bool:
            done = handed(text)
            self.copies.append([text, done])
            return done

        ctx.copy_text = copy

    def frame_times(self) -> str:
        def pct(values: list[float], q: float) -> float:
            ordered = sorted(values)
            return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0

        return json.dumps(
            {
                "loop_p50": pct(self.intervals, 0.5),
                "loop_p99": pct(self.intervals, 0.99),
                "loops": len(self.intervals),
                "draw_p50": pct(self.costs, 0.5),
                "draw_p99": pct(self.costs, 0.99),
                "draws": len(self.costs),
            }
        )


H = Harness()
