"""The accessibility tree of what the game shows now: the table, or the panel over it.

The table's tree (keys in brackets)::

    window «Pirámide: Reparto 1 · Con solución comprobada»                     [root]
      group «Pirámide: 0 de 28»                                                [pyramid]
        group «Fila 1» … «Fila 7» (the rows that still hold cards)             [row1 … row7]
          button «7 de corazones, fila 6, libre» / «…, cubierta por …»          [P0 … P27]
      group «Mazo y descarte»                                                  [piles]
        button «Mazo: 23 cartas, vuelta 1 de 3»  (press: draw, or recycle)     [deck]
        button «…, arriba del mazo, libre» / «…, arriba del descarte (…)»      [S, W, W1 …]
      (Giza: group «Columnas» with «…, columna 3, libre»)                      [columns, C0 …]
      (a reserve: in it, group «Reserva» with «…, reserva 3, libre»)           [reserve, X0 …]
      group «Controles»: every control, named as on screen                     [controls, btn:…]
      status «0 de 28, mazo: 23, vuelta 1 de 3, 0 jugadas»                     [status]
      label: the line under the table                                          [line]
      label, live (polite): what the last action did                           [live]

Cards take :attr:`Act.PRESS` (the same as a tap) and :attr:`Act.FOCUS` when they can be
selected now; covered ones are there, named with what covers them, and disabled. A panel over
the table (the win panel, a question) is a dialog with its text and its buttons instead.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.render.widgets import Style
from game.scenes.base import Scene
from game.scenes.panel import Panel
from game.scenes.table import BUTTON_ORDER, TableScene
from game.table_terms import DECK
from game.texts import Texts
from rules import STOCK, WASTE, State, overlap_cover
from rules.moves import CELL, column_place, parse_place, place_name, reserve_place
from rules.stock import Columns, DrawThree, OneCell, OneWaste, Reserve, WastePiles
from rules.topology import iter_slots

from .tree import Act, Bounds, Node, Role, Tree
from .words import card_words, counted, listed, sentences, speakable

ROOT = "root"
LIVE = "live"
PLAYABLE = frozenset({Act.PRESS, Act.FOCUS})
UNAVAILABLE = (Style.OFF, Style.GHOST_OFF)
"""The looks of a control that does nothing now."""

Branch = tuple[Node, list[Node]]
"""A node and every node below it, parents first."""


def place_key(place: int) -> str:
    """A card's or pile's node key: ``P21``, ``S``, ``W``, ``W2``, ``C3``; ``deck`` for the stock."""
    return "deck" if place == DECK else place_name(place)


def key_place(key: str) -> int | None:
    """The place a node key names (the inverse of :func:`place_key`), or None for other nodes."""
    if key == "deck":
        return DECK
    try:
        return parse_place(key)
    except ValueError:
        return None


def button_key(name: str) -> str:
    return f"btn:{name}"


def panel_key(index: int) -> str:
    return f"panel:{index}"


def describe(table: TableScene, top: Scene | None, texts: Texts, live: str) -> Tree:
    """The tree for the scene on top: the table's, a panel's, or (for the screens that have no
    tree yet) a line saying so; ``live`` is the live node's text."""
    if top is None or top is table:
        return table_tree(table, texts, live)
    if isinstance(top, Panel):
        return panel_tree(top, texts, live)
    screen = Node("screen", Role.LABEL, texts.t("ax_screen"))
    return _window(texts.t("title"), [(screen, [])], live, ROOT)


def _window(name: str, branches: list[Branch], live: str, focus: str) -> Tree:
    live_node = Node(LIVE, Role.LABEL, live, live=True)
    root = Node(ROOT, Role.WINDOW, name, (*(top.key for top, _ in branches), LIVE))
    nodes = [root]
    for top, below in branches:
        nodes += [top, *below]
    keys = {node.key for node in nodes}
    return Tree((*nodes, live_node), focus if focus in keys else ROOT)


def _group(key: str, name: str, branches: list[Branch], role: Role = Role.GROUP) -> Branch:
    group = Node(key, role, name, tuple(top.key for top, _ in branches))
    return group, [node for top, below in branches for node in (top, *below)]


def _bounds(rect: pygame.Rect) -> Bounds:
    return rect.x, rect.y, rect.width, rect.height


# --- the table ---------------------------------------------------------------------------------
def table_tree(table: TableScene, texts: Texts, live: str) -> Tree:
    frame = table.frame()
    branches = [_pyramid(table, texts)]
    key, name, nodes = BLOCK_GROUPS[table.play.state.kind.name]
    branches.append(_group(key, texts.t(name), nodes(table, texts)))
    controls: list[Branch] = []
    for name in BUTTON_ORDER:
        if name in frame.buttons:
            label, style = frame.buttons[name]
            bounds = _bounds(table.layout.buttons[name])
            node = Node(button_key(name), Role.BUTTON, speakable(texts, label), acts=PLAYABLE, bounds=bounds,
                        disabled=style in UNAVAILABLE)  # fmt: skip
            controls.append((node, []))
    branches.append(_group("controls", texts.t("ax_controls"), controls))
    branches.append((Node("status", Role.STATUS, ", ".join(_status(table, texts))), []))
    if table.play.line is not None:
        line = table.play.line
        branches.append((Node("line", Role.LABEL, speakable(texts, texts.t(line.key, **line.params))), []))
    focus = table.focus
    focus_key = ROOT if focus is None else button_key(focus) if isinstance(focus, str) else place_key(focus)
    return _window(speakable(texts, texts.t("ax_window", deal=frame.deal_text)), branches, live, focus_key)


def _pyramid(table: TableScene, texts: Texts) -> Branch:
    state = table.play.state
    rows = state.rules.variant.shape
    by_row: dict[int, list[Branch]] = {}
    for slot in iter_slots(state.pyramid):
        by_row.setdefault(rows.row[slot], []).append((_card_node(table, texts, slot), []))
    row_groups = [
        _group(f"row{row + 1}", texts.t("ax_row", n=row + 1), by_row[row]) for row in sorted(by_row)
    ]
    return _group("pyramid", texts.t("ax_pyramid", removed=texts.removed(state)), row_groups)


def slot_words(texts: Texts, state: State, slot: int) -> str:
    """«7 de corazones, fila 6, libre», «…, cubierta por 9 de diamantes y 4 de tréboles», or
    (the overlap rule) «…, cubierta por rey de picas: se quita junto con ella»."""
    card = state.card_at(slot)
    assert card is not None
    rows = state.rules.variant.shape
    name = card_words(texts, card)
    row = rows.row[slot] + 1
    covers = [state.card_at(s) for s in iter_slots(rows.covered_by[slot] & state.pyramid)]
    if not covers:
        return texts.t("ax_slot_free", card=name, row=row)
    words = listed(texts, [card_words(texts, c) for c in covers if c is not None])
    key = "ax_slot_with_cover" if overlap_cover(state, slot) is not None else "ax_slot_covered"
    return texts.t(key, card=name, row=row, covers=words)


def _card_node(table: TableScene, texts: Texts, place: int, name: str | None = None) -> Node:
    play = table.play
    state = play.state
    if name is None:
        name = slot_words(texts, state, place)
    if place == play.selected:
        name = texts.t("ax_selected", name=name)
    elif place in play.partners():
        name = texts.t("ax_partner", name=name)
    selectable = play.selectable(place)
    return Node(
        place_key(place),
        Role.BUTTON,
        name,
        acts=PLAYABLE if selectable else frozenset(),
        bounds=_bounds(table.layout.place_rect(place, state)),
        disabled=not selectable,
        selected=place == play.selected,
    )


def _piles(table: TableScene, texts: Texts) -> list[Branch]:
    state = table.play.state
    deck = Node("deck", Role.BUTTON, deck_words(texts, state), acts=PLAYABLE,
                bounds=_bounds(table.layout.place_rect(DECK, state)))  # fmt: skip
    nodes = [deck]
    top = state.card_at(STOCK) if state.stock_face_up else None
    if top is not None:
        nodes.append(_card_node(table, texts, STOCK, texts.t("ax_stock_top", card=card_words(texts, top))))
    piles = state.waste_places()
    for pile, place in enumerate(piles):
        card = state.card_at(place)
        if card is None:
            key = "ax_waste_empty" if place == WASTE else "ax_pile_empty"
            nodes.append(Node(place_key(place), Role.LABEL, texts.t(key, pile=pile + 1)))
            continue
        words = card_words(texts, card)
        if place == WASTE:
            name = counted(texts, "ax_waste_top", state.waste_count, card=words)
        else:
            count = len(state.pile_cards(pile))
            name = counted(texts, "ax_pile_top", count, card=words, pile=pile + 1)
        nodes.append(_card_node(table, texts, place, name))
    return [(node, []) for node in nodes]


def _piles_and_cell(table: TableScene, texts: Texts) -> list[Branch]:
    """The piles, then the free cell: «9 de picas, en la celda, libre», or «Celda vacía» (a
    button while the selected card may go into it)."""
    card = table.play.state.cell
    name = texts.t("ax_cell_empty") if card is None else texts.t("ax_cell", card=card_words(texts, card))
    return [*_piles(table, texts), (_card_node(table, texts, CELL, name), [])]


def _piles_and_reserve(table: TableScene, texts: Texts) -> list[Branch]:
    """The piles, then the reserve row as a group of its own: «Reserva», with a button per card
    still there, «5 de tréboles, reserva 3, libre» (an emptied place is left out)."""
    places = [reserve_place(index) for index in range(table.play.state.rules.variant.columns)]
    nodes = _numbered_cards(table, texts, places, "ax_reserve")
    return [*_piles(table, texts), _group("reserve", texts.t("ax_reserve_group"), nodes)]


def deck_words(texts: Texts, state: State) -> str:
    """The stock as a button: «Mazo: 23 cartas, vuelta 1 de 3»; empty, what pressing it does."""
    turn = texts.pass_of(state)
    if state.stock_count:
        return counted(texts, "ax_deck", state.stock_count, turn=turn)
    again = state.recycles_left or state.rules.unlimited
    return texts.t("ax_deck_recycle" if again else "ax_deck_done", turn=turn)


def _columns(table: TableScene, texts: Texts) -> list[Branch]:
    places = [column_place(column) for column in range(table.play.state.rules.variant.columns)]
    return _numbered_cards(table, texts, places, "ax_column")


def _numbered_cards(table: TableScene, texts: Texts, places: list[int], key: str) -> list[Branch]:
    """A button for each of ``places`` that holds a card, named by message ``key`` with the card
    and the place's number from 1 («…, columna 3, libre»); the places without one are left out."""
    state = table.play.state
    nodes: list[Branch] = []
    for number, place in enumerate(places, 1):
        card = state.card_at(place)
        if card is not None:
            name = texts.t(key, card=card_words(texts, card), n=number)
            nodes.append((_card_node(table, texts, place, name), []))
    return nodes


BLOCK_GROUPS: dict[str, tuple[str, str, Callable[[TableScene, Texts], list[Branch]]]] = {
    OneWaste.name: ("piles", "ax_piles", _piles),
    WastePiles.name: ("piles", "ax_piles", _piles),
    DrawThree.name: ("piles", "ax_piles", _piles),
    OneCell.name: ("piles", "ax_piles", _piles_and_cell),
    Columns.name: ("columns", "ax_columns", _columns),
    Reserve.name: ("piles", "ax_piles", _piles_and_reserve),
}
"""The group of the block beside the pyramid, per stock kind: its key, its name's text key and
its nodes. A new kind adds its line."""


def _status(table: TableScene, texts: Texts) -> list[str]:
    """The counts under the table, without the clock (it would change the tree every second)."""
    state = table.play.state
    cells = [texts.removed(state)]
    if state.rules.variant.has_stock:
        turn = texts.pass_of(state)
        cells += [texts.t("stock", n=state.stock_count), *filter(None, [texts.cell_of(state)]), turn]
    else:
        cells.append(texts.t("columns_left", n=state.column_count))
    cells.append(texts.moves(table.play.session.moves))
    return cells


# --- a panel -----------------------------------------------------------------------------------
def panel_tree(panel: Panel, texts: Texts, live: str) -> Tree:
    """A panel as a dialog: its title, its text, its buttons (focus on the focused one)."""
    geometry = panel.geometry()
    body = Node("panel:body", Role.LABEL, speakable(texts, sentences(panel.body(texts))))
    buttons: list[Branch] = [
        (Node(panel_key(i), Role.BUTTON, button.label(texts), acts=PLAYABLE, bounds=_bounds(rect)), [])
        for i, (button, rect) in enumerate(zip(panel.buttons, geometry.buttons, strict=True))
    ]
    dialog = _group("panel", speakable(texts, panel.title(texts)), [(body, []), *buttons], Role.DIALOG)
    return _window(texts.t("title"), [dialog], live, panel_key(panel.focus))
