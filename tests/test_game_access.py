"""game/access: the accessibility tree, spoken moves and the keys that ask, in the real game.

The tree is what a screen reader reads (the AT-SPI test, tests/test_atspi.py, reads it through
the platform); here it is read as the game builds it, and acted on through the same requests a
screen reader's actions become. Time is the app's own (frames of simulated seconds).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.access.announcer import Announcer
from game.access.describe import place_key
from game.access.page import payload
from game.access.tree import Act, Role, Tree
from game.access.voice import Voice
from game.app import App
from game.config import ANNOUNCE_GAP_SECONDS, SCAN_HIGHLIGHT
from game.driver import press_key, step
from game.play import DECK
from game.saves import SETTINGS_VERSION
from game.scenes.panel import Panel
from game.scenes.rules_screen import RulesScreen
from game.scenes.settings_screen import SettingsScreen
from game.settings import ScanMode, Settings, Speech
from rules import STOCK, WASTE, Kind, Move

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]
FRAME = 1 / 60


def tree_of(app: App) -> Tree:
    app.access.keep_tree = True
    step(app)
    assert app.access.tree is not None
    return app.access.tree


def said(app: App) -> list[str]:
    return [text for _, text in app.access.announcer.said]


def silent_voice(tmp_path: Path) -> Voice:
    """A real speech engine that writes what it is given to a file (``said.txt``)."""
    script = tmp_path / "say"
    script.write_text(f'#!/bin/sh\nprintf "%s|%s\\n" "$1" "$2" >> "{tmp_path / "said.txt"}"\n')
    script.chmod(0o755)
    return Voice(engines=(("say", ("{lang}", "{text}")),), find=lambda name: str(script))


def keys_of(move: Move) -> list[str]:
    if move.kind in (Kind.DRAW, Kind.RECYCLE):
        return [place_key(DECK)]
    return [place_key(place) for place in move.places]


# --- the tree ---------------------------------------------------------------------------------
def test_the_tree_names_every_card_pile_and_control_at_the_start_of_deal_1(make_app: AppFactory) -> None:
    tree = tree_of(make_app(deal=1))
    names = {node.key: node.name for node in tree.nodes}
    # window, pyramid, 7 rows, 28 cards, piles + 3, controls + 9, status, line, live
    assert len(tree.nodes) == 54
    assert names["P21"] == "rey de picas, fila 7, libre"
    assert names["P0"] == "7 de corazones, fila 1, cubierta por 9 de picas y 4 de corazones"
    assert names["deck"] == "Mazo: 24 cartas, vuelta 1 de 3"
    assert names["S"] == "reina de picas, arriba del mazo, libre"
    assert names["W"] == "Descarte vacío"
    assert [names[f"btn:{b}"] for b in ("draw", "undo", "hint", "analyse")] == [
        "Robar", "Deshacer", "Pista", "¿Aún se gana?",
    ]  # fmt: skip
    assert names["status"] == "0 de 28, mazo: 24, vuelta 1 de 3, 0 jugadas"
    assert names["btn:deal"] == names["root"].removeprefix("Pirámide: ") == "Reparto 1, Sin determinar"
    free = [node.key for node in tree.nodes if Act.PRESS in node.acts and not node.disabled]
    assert free[:8] == ["P21", "P22", "P23", "P24", "P25", "P26", "P27", "deck"]
    assert tree.node("P0") is not None and tree.node("P0").disabled  # type: ignore[union-attr]
    assert tree.node("live") is not None and tree.node("live").live  # type: ignore[union-attr]
    assert tree.root.children == ("pyramid", "piles", "controls", "status", "line", "live")


def test_the_tree_speaks_english_too(make_app: AppFactory) -> None:
    names = {node.key: node.name for node in tree_of(make_app(deal=1, lang="en")).nodes}
    assert names["P21"] == "king of spades, row 7, free"
    assert names["P0"] == "7 of hearts, row 1, covered by 9 of spades and 4 of hearts"
    assert names["deck"] == "Stock: 24 cards, pass 1 of 3"


def test_focus_in_the_tree_follows_the_games_keyboard_focus(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    assert tree_of(app).focus == "root"
    press_key(app, pygame.K_UP)  # the first arrow shows the focus (on the base's middle card)
    assert tree_of(app).focus == place_key(app.table.focus)  # type: ignore[arg-type]
    press_key(app, pygame.K_TAB)
    assert tree_of(app).focus == "btn:deal"


def test_a_deal_is_won_by_the_trees_actions_alone_and_every_move_is_said(
    make_app: AppFactory, winning_line: LineFinder, tmp_path: Path
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, speech=Speech.ON)
    app.access.voice = silent_voice(tmp_path)
    step(app)
    for move in moves:
        for key in keys_of(move):
            assert Act.PRESS in tree_of(app).node(key).acts, key  # type: ignore[union-attr]
            app.access.request(key, Act.PRESS)
            step(app)
        step(app, 40)  # 0.67 s: the sentence is said before the next move
    assert app.table.play.session.is_won
    assert isinstance(app.manager.top, Panel)
    lines = said(app)
    assert lines[0].startswith("Reparto 1")
    assert lines[1] == "Quitas rey de picas. Quedan 24 en el mazo, vuelta 1 de 3."
    removals = [move for move in moves if move.kind is Kind.REMOVE]
    assert sum(line.startswith("Quitas") for line in lines) == len(removals)
    assert "Otra vuelta: 7 cartas vuelven al mazo. Quedan 7 en el mazo, vuelta 2 de 3." in lines
    assert lines[-1].startswith("Quitas 7 de corazones y 6 de diamantes.")
    assert "¡Pirámide despejada!" in lines[-1]
    assert "en el mazo y el descarte: reina de tréboles, as de diamantes." in lines[-1]  # not Q♣, A♦
    times = [when for when, _ in app.access.announcer.said]
    assert min(b - a for a, b in pairwise(times)) >= ANNOUNCE_GAP_SECONDS
    # the win panel is a dialog whose buttons a screen reader can press
    tree = tree_of(app)
    dialog = tree.node("panel")
    assert dialog is not None and dialog.role is Role.DIALOG
    assert tree.focus.startswith("panel:")
    app.manager.pop_above(app.table)  # back to the won board: nothing left to ask or draw
    disabled = {node.key for node in tree_of(app).nodes if node.disabled and node.key.startswith("btn:")}
    assert {"btn:draw", "btn:hint", "btn:analyse", "btn:undo"} <= disabled


def test_a_covered_card_takes_no_press_and_a_pair_is_two_presses(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    covered = tree_of(app).node("P0")
    assert covered is not None and covered.disabled and not covered.acts
    line = app.table.play.line
    app.access.request("P0", Act.PRESS)  # not pressable: nothing happens, not even a refusal
    step(app)
    assert app.table.play.line is line
    assert app.table.play.selected is None and app.table.play.session.moves == 0
    for key in ("P21", "P22", "P15", "P27"):  # two kings, then 5♦ + 8♣
        app.access.request(key, Act.PRESS)
        step(app)
    assert app.table.play.session.moves == 3


# --- spoken moves ----------------------------------------------------------------------------------
def test_spoken_moves_are_off_by_default_without_a_screen_reader(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    app.access.request("P21", Act.PRESS)
    step(app, 60)
    assert app.table.play.session.moves == 1
    assert said(app) == []


def test_the_newest_sentence_wins_and_sentences_are_half_a_second_apart() -> None:
    announcer = Announcer(ANNOUNCE_GAP_SECONDS)
    announcer.say("uno")
    assert announcer.due(10.0) == "uno"
    announcer.say("dos")
    assert announcer.due(10.2) is None  # too soon after «uno»
    announcer.say("tres")  # replaces «dos», which is never said
    assert announcer.due(10.49) is None
    assert announcer.due(10.5) == "tres"
    assert announcer.due(11.0) is None
    assert [text for _, text in announcer.said] == ["uno", "tres"]


def test_quick_actions_say_only_what_the_last_one_did(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(deal=1, speech=Speech.ON)
    app.access.voice = silent_voice(tmp_path)
    step(app, 60)
    for key in ("P21", "P22", "P15"):  # a King, a King, and 5♦ selected, a frame apart
        app.access.request(key, Act.PRESS)
        step(app)
    step(app, 60)
    assert said(app)[1:] == [
        "Quitas rey de picas. Quedan 24 en el mazo, vuelta 1 de 3.",
        "5 de diamantes elegida; va con 8 de tréboles.",
    ]


def test_the_live_node_carries_each_sentence(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(deal=1, speech=Speech.ON)
    app.access.voice = silent_voice(tmp_path)
    step(app, 60)
    press_key(app, pygame.K_d)
    step(app, 60)
    live = tree_of(app).node("live")
    assert live is not None
    said = "Robas reina de picas. Queda libre 4 de tréboles. Quedan 23 en el mazo, vuelta 1 de 3."
    assert live.name == said


def test_a_missing_voice_is_said_once_and_play_goes_on(make_app: AppFactory) -> None:
    app = make_app(deal=1, speech=Speech.ON)
    app.access.voice = Voice(engines=())
    step(app)
    assert app.table.play.line is not None and app.table.play.line.key == "voice_missing"
    for key in ("P21", "P22"):
        app.access.request(key, Act.PRESS)
        step(app, 60)
    assert app.table.play.session.moves == 2
    assert app.table.play.line is None  # said once: the moves since have cleared it


def test_the_voice_says_each_sentence_and_a_new_one_cuts_the_last_short(tmp_path: Path) -> None:
    voice = silent_voice(tmp_path)
    assert voice.say("Quitas rey de picas.", "es")
    voice.wait()
    assert (tmp_path / "said.txt").read_text() == "es|Quitas rey de picas.\n"
    slow = tmp_path / "slow"
    slow.write_text("#!/bin/sh\nexec sleep 30\n")
    slow.chmod(0o755)
    talker = Voice(engines=(("slow", ()),), find=lambda name: str(slow))
    talker.say("uno", "es")
    first = talker.process
    talker.say("dos", "es")
    assert first is not None and first.returncode is not None  # cut short
    talker.stop()


# --- the keys that ask -----------------------------------------------------------------------------
def test_the_keys_that_ask_answer_aloud(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    step(app)
    press_key(app, pygame.K_p)
    step(app, 40)
    press_key(app, pygame.K_i)
    step(app, 40)
    press_key(app, pygame.K_v)
    step(app, 40)
    press_key(app, pygame.K_a)
    step(app, 40)
    assert said(app) == [
        "Parejas ahora: rey de picas sola, rey de diamantes sola. Puedes robar.",
        "Quedan 24 en el mazo, vuelta 1 de 3. Descarte vacío.",
        "Vista y aún en juego: reina de picas. Te faltan por ver 23 cartas del mazo.",
        "Aún no has preguntado «¿Aún se gana?» en este reparto.",
    ]


def test_the_last_answer_is_remembered_with_when_it_was_given(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    step(app)
    press_key(app, pygame.K_d)  # a move, so the answer is searched for, not read from the label
    app.table.press("analyse")
    for _ in range(600):
        if app.table.play.inquiry is None:
            break
        step(app)
    answer = app.table.play.line
    assert answer is not None and answer.key.startswith("analysis_")
    press_key(app, pygame.K_a)
    step(app, 40)
    assert said(app)[-1].startswith("Última respuesta a «¿Aún se gana?», en esta posición: ")
    press_key(app, pygame.K_d)
    step(app, 40)
    press_key(app, pygame.K_a)
    step(app, 40)
    assert said(app)[-1].startswith("Última respuesta a «¿Aún se gana?», hace 1 jugada: ")


def test_seen_cards_are_named_and_unseen_ones_only_counted(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    step(app)
    for _ in range(3):
        press_key(app, pygame.K_d)
    press_key(app, pygame.K_v)
    step(app, 40)
    state = app.table.play.state
    assert state.card_at(STOCK) is not None and state.card_at(WASTE) is not None
    assert said(app)[-1] == (
        "Vistas y aún en juego (4): reina de picas, 4 de tréboles, 6 de picas y 7 de picas. "
        "Te faltan por ver 20 cartas del mazo."
    )


# --- switch access -----------------------------------------------------------------------------------
def scan_to(app: App, key: str) -> None:
    """Step scanning: switch 1 (Space) until ``key`` is highlighted."""
    for _ in range(60):
        if app.access.scanner.item == key:
            return
        press_key(app, pygame.K_SPACE)
    raise AssertionError(f"step scanning never reached {key}")


def test_two_switches_win_a_deal(make_app: AppFactory, winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number, scan=ScanMode.STEP)
    step(app)
    press_key(app, pygame.K_SPACE)
    assert app.access.scanner.item == "P21" and app.table.focus == 21  # the game's focus follows
    assert app.table.play.selected is None  # Space only moved the highlight
    for move in moves:
        for key in keys_of(move):
            scan_to(app, key)
            press_key(app, pygame.K_RETURN)  # switch 2 presses
    assert app.table.play.session.is_won


def test_step_scanning_goes_through_free_cards_piles_and_controls(make_app: AppFactory) -> None:
    app = make_app(deal=1, scan=ScanMode.STEP)
    step(app)
    seen = []
    for _ in range(17):
        press_key(app, pygame.K_SPACE)
        seen.append(app.access.scanner.item)
    assert seen == [
        "P21", "P22", "P23", "P24", "P25", "P26", "P27", "deck", "S",
        "btn:deal", "btn:draw", "btn:hint", "btn:analyse", "btn:new", "btn:rules", "btn:settings", "P21",
    ]  # fmt: skip  (controls that do nothing now, «Deshacer» and «Otra vuelta», are skipped)


def test_one_switch_scans_groups_then_targets_at_the_chosen_speed(make_app: AppFactory) -> None:
    app = make_app(deal=1, scan=ScanMode.AUTO, scan_seconds=2)
    scanner = app.access.scanner
    step(app)
    assert (scanner.group, scanner.item) == ("row7", None)  # at once on the first group
    step(app, 119)  # 1.98 s
    assert scanner.group == "row7"
    step(app, 2)
    assert scanner.group == "piles"
    press_key(app, pygame.K_SPACE)  # the one switch: into the piles
    assert (scanner.inside, scanner.item) == (True, "deck")
    step(app, 120)
    assert scanner.item == "S"
    step(app, 120)  # round the group: back to the stock
    assert scanner.item == "deck"
    press_key(app, pygame.K_RETURN)  # Enter is the one switch too: the stock is pressed, a draw
    assert app.table.play.session.moves == 1
    assert (scanner.inside, scanner.item) == (False, None)


def test_a_group_gone_through_twice_gives_the_outline_back(make_app: AppFactory) -> None:
    app = make_app(deal=1, scan=ScanMode.AUTO, scan_seconds=1)
    scanner = app.access.scanner
    step(app)
    press_key(app, pygame.K_SPACE)  # into row 7 (seven targets)
    assert scanner.inside and scanner.item == "P21"
    step(app, 60 * 13)  # the six others, then the seven again (13 s)
    assert scanner.inside
    step(app, 60)
    assert not scanner.inside and scanner.group == "row7"


def test_a_one_target_group_is_pressed_at_once(make_app: AppFactory) -> None:
    app = make_app(deal=1, overlap=False, scan=ScanMode.AUTO, scan_seconds=4)
    for key in ("P21", "P22"):  # the two Kings go: row 6 has one free card, 5♦ (no overlap rule)
        app.access.request(key, Act.PRESS)
    step(app)
    assert app.access.scanner.group == "row6"
    press_key(app, pygame.K_SPACE)
    assert app.table.play.selected == 15
    assert not app.access.scanner.inside


def test_the_outline_is_drawn_where_the_scanning_is(make_app: AppFactory) -> None:
    app = make_app(deal=1, scan=ScanMode.AUTO, scan_seconds=1)
    step(app)
    app.draw()
    card = app.table.layout.place_rect(21, app.table.play.state)
    edge = (card.centerx, card.top - 3)
    assert app.screen.get_at(edge)[:3] == SCAN_HIGHLIGHT  # row 7, the first group
    step(app, 60)
    app.draw()
    assert app.access.scanner.group == "piles"
    assert app.screen.get_at(edge)[:3] != SCAN_HIGHLIGHT  # the old outline is gone


@pytest.mark.parametrize("seconds", [0, 5])
def test_a_scan_speed_out_of_1_to_4_seconds_is_refused(seconds: int) -> None:
    with pytest.raises(ValueError, match="scan_seconds"):
        Settings(scan_seconds=seconds)


def test_switches_work_as_keys_on_a_screen_the_tree_does_not_describe_yet(make_app: AppFactory) -> None:
    app = make_app(deal=1, scan=ScanMode.STEP)
    step(app)
    app.table.press("rules")
    step(app)
    screen = app.manager.top
    assert isinstance(screen, RulesScreen) and screen.page == 0
    press_key(app, pygame.K_RETURN)  # Enter presses the focused «Siguiente ›», as without scanning
    assert screen.page == 1


def test_a_key_that_asks_on_the_very_first_frame_is_answered(make_app: AppFactory) -> None:
    app = make_app(deal=1, lang="en")
    press_key(app, pygame.K_a)
    step(app)
    assert said(app) == ["You have not asked “Still winnable?” in this deal yet."]


def test_turning_spoken_moves_on_says_where_things_stand(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(deal=1, lang="en")
    app.access.voice = silent_voice(tmp_path)
    step(app, 5)
    assert said(app) == []
    app.ctx.settings.speech = Speech.ON
    step(app)
    assert said(app)[0].startswith("Deal 1")
    assert "Free: king of spades, king of diamonds," in said(app)[0]


def test_ajustes_turn_scanning_and_spoken_moves_on_and_they_are_saved(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    step(app)
    app.table.press("settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    keys = [row.key for row in screen.rows]
    screen.choose(keys.index("set_scan"), 1)  # «Dos pulsadores»
    screen.choose(keys.index("set_speech"), 1)  # «Sí»
    screen.choose(keys.index("set_scan_seconds"), 3)  # «4 s»
    press_key(app, pygame.K_ESCAPE)
    assert app.manager.top is app.table
    press_key(app, pygame.K_SPACE)
    assert app.access.scanner.item == "P21"
    saved = app.ctx.storage.load("settings", SETTINGS_VERSION)
    assert saved is not None
    assert (saved["scan"], saved["speech"], saved["scan_seconds"]) == ("step", "on", 4)


def test_a_refusal_is_said_with_its_cards_in_words(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(deal=1, speech=Speech.ON)
    app.access.voice = silent_voice(tmp_path)
    step(app, 60)
    for key in ("P23", "P24"):  # 10♦ and 10♣ do not pair
        app.access.request(key, Act.PRESS)
        step(app, 40)
    assert said(app)[-1] == "10 de diamantes y 10 de tréboles no suman 13."


def test_spoken_scanning_names_what_it_highlights(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(deal=1, speech=Speech.ON, scan=ScanMode.AUTO, scan_seconds=1)
    app.access.voice = silent_voice(tmp_path)
    step(app, 61)  # the deal said at once; a second later the outline moves to the piles
    assert said(app)[-1] == "Mazo y descarte"  # the group named
    press_key(app, pygame.K_SPACE)
    step(app, 40)
    assert said(app)[-1] == "Mazo: 24 cartas, vuelta 1 de 3"


# --- the browser page's mirror ------------------------------------------------------------------
def test_a_refusal_is_an_alert_and_the_next_action_is_polite_again(make_app: AppFactory) -> None:
    app = make_app(deal=1, speech=Speech.ON)
    app.access.voice = Voice(muted=True)
    step(app, 60)
    for key in ("P23", "P24"):  # 10♦ and 10♣ do not pair
        app.access.request(key, Act.PRESS)
        step(app, 40)
    live = tree_of(app).node("live")
    assert live is not None and live.alert and live.name == "10 de diamantes y 10 de tréboles no suman 13."
    press_key(app, pygame.K_d)
    step(app, 60)
    live = tree_of(app).node("live")
    assert live is not None and not live.alert and live.name.startswith("Robas")


def test_the_pages_mirror_is_the_tree_with_its_buttons_named_as_the_game_names_them(
    make_app: AppFactory,
) -> None:
    tree = tree_of(make_app(deal=1))
    root, focus, live, alert = json.loads(payload(tree))
    buttons: list[tuple[str, str, str]] = []

    def walk(node: list[Any]) -> None:
        role, name, key, flags, kids = node
        if role == "button":
            buttons.append((key, name, flags))
        for kid in kids:
            walk(kid)

    walk(root)
    assert root[:3] == ["window", tree.root.name, "root"] and focus == tree.focus
    expected = [(n.key, n.name) for n in tree.nodes if n.role is Role.BUTTON]
    assert [(key, name) for key, name, _ in buttons] == expected
    flags = {key: flags for key, _, flags in buttons}
    assert flags["P21"] == "p" and flags["P0"] == "d" and flags["deck"] == "p"
    assert (live, alert) == (tree.node("live").name, False)  # type: ignore[union-attr]
    assert "live" not in json.dumps(root)  # the live text goes to the page's live regions alone
