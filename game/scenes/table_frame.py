"""What the table shows now, as one :class:`TableFrame` for its view: the deal chip, the status
cells, the line under the table, the controls (styled by the command table), the focus, the hint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.config import BUSY_DOTS_PER_SECOND
from game.render.layout import CONTROLS, PILE_CONTROLS
from game.render.table_view import TableFrame
from game.render.theme import TypeScale
from game.render.widgets import Style
from game.table_terms import DECK, Tone
from game.texts import format_time, signed
from rules import RECYCLE, Kind, check
from rules.moves import CELL
from rules.variant import DEFAULT_RULES

from .table_commands import COMMANDS

if TYPE_CHECKING:
    from .table import TableScene


def table_frame(scene: TableScene) -> TableFrame:
    """What the view shows now: read only (the table fits its deal chip before drawing, :func:`fit_chip`)."""
    texts = scene.ctx.texts
    play = scene.play
    state = play.state
    deal = deal_text(scene)
    line, tone = "", Tone.INFO
    if play.line is not None:
        line, tone = texts.t(play.line.key, **play.line.params), play.line.tone
        if tone is Tone.BUSY:
            line += "." * (1 + int(scene.busy_age * BUSY_DOTS_PER_SECOND) % 3)
    has_stock = state.rules.variant.has_stock
    pass_text = texts.pass_of(state) if has_stock else ""
    buttons = {"deal": (deal, Style.CHIP)}
    for name in (*PILE_CONTROLS, *CONTROLS):
        if name in scene.layout.buttons:  # a variant without a stock has no «Robar»
            buttons[name] = (texts.t(f"btn_{name}"), COMMANDS[name].look(scene))
    return TableFrame(
        state=state,
        deal_text=deal,
        pass_text=pass_text,
        status=status(scene, pass_text),
        line=line,
        tone=tone,
        buttons=buttons,
        short_labels={name: texts.t(f"btn_{name}_short") for name in ("analyse", "new")},
        selected=play.selected,
        partners=play.partners(),
        hint=hint_targets(scene),
        focus=scene.focus if scene.focus_visible else None,
        hidden=scene.anim.hidden_places(),
        dealing=scene.anim.dealing,
        recycle_ready=check(state, RECYCLE) is None,
        pile_labels=(texts.t("pile_stock"), texts.t("pile_waste")),
        cell_label=texts.t("pile_cell"),
        reserve_label=texts.t("pile_reserve"),
    )


def fit_chip(scene: TableScene) -> None:
    """Make the deal chip as wide as its text."""
    scene.layout.fit_deal_chip(chip_width(scene, deal_text(scene)) - 2 * scene.layout.font)


def deal_text(scene: TableScene) -> str:
    """The deal chip: «Reparto 123 · Con solución» (the variant named when not the default),
    or the number alone where there is no room; the label alone for a position without one."""
    texts, play = scene.ctx.texts, scene.play
    label = play.shown_label
    label_text = texts.label(label) if label is not None else texts.t("label_hidden")
    if play.number is None:
        return label_text
    deal_key = "deal_daily" if play.daily is not None else "deal"  # the daily deal says so
    number = texts.t(deal_key, n=play.number)
    variant = play.state.rules.variant
    if variant != DEFAULT_RULES.variant and play.daily is None:  # the chip names a variant
        name = texts.t(f"variant_{variant.name}")
        number = texts.t("deal_variant", variant=name, n=play.number)
    deal = number + " · " + label_text
    return number if chip_width(scene, deal) > scene.layout.deal_max_width else deal


def status(scene: TableScene, pass_text: str) -> list[str]:
    """The status bar's cells: cards removed, the stock (or the columns), the free cell's card
    (when it holds one), the pass, the time, the moves; in a par match, this deal's number in it
    and the running total."""
    texts, play, settings = scene.ctx.texts, scene.play, scene.ctx.settings
    state = play.state
    has_stock = state.rules.variant.has_stock
    elapsed = play.session.clock.elapsed()
    cells = [
        texts.removed(state),
        texts.t("stock", n=state.stock_count) if has_stock else texts.t("columns_left", n=state.column_count),
        texts.cell_of(state),
        pass_text,
        "" if settings.hide_timer else texts.t("time", t=scene.shown_time or format_time(elapsed)),
        texts.moves(play.session.moves),
    ]
    cells = [cell for cell in cells if cell]
    standing = scene.ctx.keeper.par_standing(play)
    if standing is not None:
        cells.insert(3, texts.t("par_status", n=standing[0], total=signed(standing[1])))
    return cells


def chip_width(scene: TableScene, text: str) -> int:
    """How wide the deal chip is with ``text`` (in captions, with its inner margins)."""
    font = scene.layout.font
    return scene.ctx.assets.font(TypeScale(font).caption).size(text)[0] + 2 * font


def hint_targets(scene: TableScene) -> list[int | str]:
    move = scene.play.hint
    if move is None:
        return []
    if move.kind is Kind.DRAW:
        return [DECK]
    if move.kind is Kind.RECYCLE:
        return [DECK, "recycle"]
    if move.is_store:  # the card, then the cell it goes into
        return [*move.places, CELL]
    return list(move.places)
