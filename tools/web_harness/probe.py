"""The browser test's eyes inside the page: reads the running game, never drives it.

Loaded into the stand-in CPython (``/standin``) and called by ``tools/web_harness/play.py`` over
the DevTools protocol. It finds the game ``main.py`` runs (``PAGE_APP`` in ``__main__``, set by
``web_main``) and answers in JSON: what is on the table, where the layout puts each place and
button (canvas pixels; the test turns them into CSS pixels itself), the faces a player sees, what
the game handed the clipboard, and frame times. Everything a check compares comes from here or
from the canvas's pixels; input only ever comes from the browser (trusted CDP events).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any


class Probe:
    def __init__(self) -> None:
        self.app: Any = None
        self.intervals: list[tuple[float, bool]] = []
        """Frame-to-frame times (ms), each with whether a question to the solver was running."""
        self.costs: list[float] = []
        self._last = 0.0
        self.copies: list[list[Any]] = []

    # --- finding and watching the game -----------------------------------------------------------------
    def attach(self) -> bool:
        """True once the game runs (and is being watched)."""
        if self.app is not None:
            return True
        app = getattr(sys.modules["__main__"], "PAGE_APP", None)
        if app is None:
            return False
        self.app = app
        frame = app.frame

        def timed_frame(dt: float) -> bool:
            began = time.perf_counter()
            if self._last:
                self.intervals.append(((began - self._last) * 1000, self.play.inquiry is not None))
            self._last = began
            drawn = frame(dt)
            if drawn:
                self.costs.append((time.perf_counter() - began) * 1000)
            return bool(drawn)

        app.frame = timed_frame
        handed = app.ctx.copy_text

        def copy(text: str) -> bool:
            done = handed(text)
            self.copies.append([text, bool(done)])
            return bool(done)

        app.ctx.copy_text = copy
        return True

    def reset_times(self) -> None:
        self.intervals.clear()
        self.costs.clear()
        self._last = 0.0

    @property
    def play(self) -> Any:
        return self.app.table.play

    @property
    def layout(self) -> Any:
        return self.app.table.layout

    # --- what the page asks -------------------------------------------------------------------------------
    def status(self) -> str:
        if not self.attach():
            return json.dumps(None)
        session = self.play.session
        frame = self.app.table.frame()
        metrics = self.app.ctx.metrics
        return json.dumps(
            {
                "deal": self.play.number,
                "moves": session.moves,
                "undos": session.undos,
                "history": len(session.history),
                "waste": len(self.play.state.waste_cards()),
                "pyramid": self.play.state.pyramid,
                "state": [self.play.state.pyramid, self.play.state.stock, self.play.state.cursor],
                "status": frame.status,
                "line": frame.line,
                "hint": str(self.play.hint) if self.play.hint is not None else None,
                "asking": self.play.inquiry is not None,
                "top": type(self.app.manager.top).__name__,
                "variant": self.play.state.rules.variant.name,
                "passes": self.play.state.rules.passes,
                "overlap": self.play.state.rules.overlap,
                "columns": len(self.layout.columns),
                "dealing": self.app.table.anim.dealing,
                "elapsed": session.clock.elapsed(),
                "canvas": list(self.app.screen.get_size()),
                "layout_size": list(self.layout.size),
                "font": self.layout.font,
                "min_tap": metrics.min_tap,
                "frames_drawn": self.app.frames_drawn,
                "running": self.app.running,
                "copies": self.copies,
                "lang": self.app.ctx.settings.lang,
                "four_colour": self.app.ctx.settings.four_colour,
            }
        )

    def moves_text(self, n: int) -> str:
        return str(self.app.ctx.texts.moves(n))

    def winning_line(self) -> str:
        """The solver's winning line from the current position (the bundle's own solver)."""
        from solver import solve  # noqa: PLC0415

        return json.dumps([str(m) for m in solve(self.play.state).moves])

    def taps_for(self, token: str) -> str:
        """Where to tap, in canvas pixels, to make move ``token``: the layout's own tap points."""
        from game.table_terms import DECK  # noqa: PLC0415
        from rules import Kind, Move  # noqa: PLC0415

        move = Move.parse(token)
        places = [DECK] if move.kind in (Kind.DRAW, Kind.RECYCLE) else list(move.places)
        return json.dumps([list(self.layout.tap_point(p, self.play.state)) for p in places])

    def names_for(self, token: str) -> str:
        """The names the game's tree gives the places to press for move ``token`` (the stock's
        button for a draw or a recycle), as the page's mirror should name its buttons."""
        from game.access.describe import place_key  # noqa: PLC0415
        from game.table_terms import DECK  # noqa: PLC0415
        from rules import Kind, Move  # noqa: PLC0415

        move = Move.parse(token)
        places = [DECK] if move.kind in (Kind.DRAW, Kind.RECYCLE) else list(move.places)
        return json.dumps([self._name(place_key(p)) for p in places])

    def _name(self, key: str) -> str:
        """Node ``key``'s name in the game's tree (the key itself when the game keeps no tree)."""
        tree = self.app.access.tree
        node = None if tree is None else tree.node(key)
        return key if node is None else str(node.name)

    def buttons_named(self) -> str:
        """Every button of the game's tree, by name, and the live node's text."""
        tree = self.app.access.tree
        nodes = () if tree is None else tree.nodes
        return json.dumps([[n.name for n in nodes if n.role.value == "button"], self.app.access.live])

    def mismatch(self) -> str:
        """The names of two free pyramid cards that do not make a pair (pressed, a refusal)."""
        from game.access.describe import place_key  # noqa: PLC0415
        from rules.legality import playable_places  # noqa: PLC0415

        state = self.play.state
        free = [p for p in playable_places(state) if p < 28]
        a, b = next(
            (a, b)
            for a in free
            for b in free
            if a < b
            and state.card_at(a).rank + state.card_at(b).rank != 13
            and 13 not in (state.card_at(a).rank, state.card_at(b).rank)
        )
        return json.dumps([self._name(place_key(p)) for p in (a, b)])

    def faces_shown(self) -> str:
        """The face-up cards a player sees whole: each column's top card (Giza), else the
        pyramid's base row, and the waste's top card; each with its face's file name in its
        deck's folder and its rectangle on the canvas."""
        from game.render.assets import face_name  # noqa: PLC0415
        from game.render.card_look import face_rect  # noqa: PLC0415
        from rules.moves import column_place  # noqa: PLC0415
        from rules.topology import ROWS, SLOTS  # noqa: PLC0415

        state = self.play.state
        columns = [column_place(c) for c in range(state.rules.variant.columns)]
        places = columns or list(range(SLOTS - ROWS, SLOTS))
        shown = []
        for place in places:
            card = state.card_at(place)
            if card is not None:
                rect = face_rect(self.layout.place_rect(place, state))  # drawn a hairline inside its place
                face = f"{card.deck.name}/{face_name(card.deck.name, card.rank, card.suit)}"
                shown.append({"place": place, "face": face, "box": [rect.x, rect.y, rect.width, rect.height]})
        return json.dumps(shown)

    def controls(self) -> str:
        """The table's sizes a player's finger and eye meet: each button and the deck (width,
        height), a card, the strip a covered card shows, the text (canvas pixels)."""
        layout = self.layout
        out = {f"button:{name}": list(rect.size) for name, rect in layout.buttons.items()}
        out.update(
            {
                "deck": list(layout.deck.size),
                "card": list(layout.card),
                "strip": [layout.step],
                "font": [layout.font],
            }
        )
        return json.dumps(out)

    def button_point(self, name: str) -> str:
        return json.dumps(list(self.layout.buttons[name].center))

    def settings_option(self, row_key: str, value: object) -> str:
        """Centre of the option ``value`` of the settings row ``row_key``, on the open settings
        screen, the row first scrolled into sight as the keyboard's focus brings it (18 rows
        scroll on a laptop)."""
        from game.scenes.settings_screen import ROWS  # noqa: PLC0415

        top = self.app.manager.top
        row = next(i for i, r in enumerate(ROWS) if r.key == row_key)
        top.reveal(row)
        return json.dumps(list(top.options[row][ROWS[row].values.index(value)].center))

    def panel_buttons(self) -> str:
        """Labels and centres of the buttons of the panel on top (none when the table is on top)."""
        top = self.app.manager.top
        if not hasattr(top, "geometry"):
            return "[]"
        rects = top.geometry().buttons
        labels = [button.label(self.app.ctx.texts) for button in top.buttons]
        pairs = zip(labels, rects, strict=True)
        return json.dumps([{"label": label, "point": list(rect.center)} for label, rect in pairs])

    def panel_text(self) -> str:
        """The title and body lines of the panel on top (empty when the table is on top)."""
        top = self.app.manager.top
        texts = [str(getattr(top, name, "")) for name in ("title", "body")]
        return json.dumps(texts)

    def frame_times(self) -> str:
        def pct(values: list[float], q: float) -> float:
            ordered = sorted(values)
            return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0

        playing = [ms for ms, asking in self.intervals if not asking]
        answering = [ms for ms, asking in self.intervals if asking]
        return json.dumps(
            {
                "play_p50": pct(playing, 0.5),
                "play_p99": pct(playing, 0.99),
                "play_n": len(playing),
                "ask_p50": pct(answering, 0.5),
                "ask_p99": pct(answering, 0.99),
                "ask_n": len(answering),
                "draw_p50": pct(self.costs, 0.5),
                "draw_p99": pct(self.costs, 0.99),
                "draws": len(self.costs),
            }
        )


P = Probe()
