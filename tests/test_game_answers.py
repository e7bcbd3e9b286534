"""Answers that agree with each other (SPEC §7): the analysis at the deal's start says what the
label proves, panels offer only exits that work, a won board offers no hint, analysis or
draw, the keyboard focus stays put after a refusal, and the deal dialog refuses bad numbers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.analysis import Purpose
from game.app import App, launch, make_context
from game.driver import play_by_taps, press_key, step, tap, tap_button, tap_place
from game.play import DECK
from game.render.widgets import Style
from game.scenes.deal_dialog import DealDialog
from game.scenes.panel import Panel
from game.settings import DealMode, Settings
from game.storage import FileBackend, Storage
from rules import Move, RuleSet, State, check, check_select, partners
from rules.labels import Label, LabelTable, load_table

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]
WON_LINE = "la pirámide ya está despejada"
LABEL_WINNABLE = "Sí: este reparto tiene solución comprobada"
LABEL_LOST = "Este reparto está demostrado sin solución: prueba con otro."


@pytest.fixture(scope="module")
def labels() -> LabelTable:
    return load_table()


@pytest.fixture
def labelled_app(display: None, labels: LabelTable) -> Iterator[Callable[..., App]]:
    """The game with the real label table: ``labelled_app(deal=N)`` (None: a random deal)."""

    def build(deal: int | None, **options: object) -> App:
        settings = Settings(**options)  # type: ignore[arg-type]
        ctx = make_context(settings, labels, seed=11)
        return App(ctx, ctx.dealer.deal(settings, deal), size=(1280, 720))

    yield build


def first(labels: LabelTable, label: Label) -> int:
    return labels.numbers(RuleSet(), label)[0]


def top_panel(app: App) -> Panel:
    panel = app.manager.top
    assert isinstance(panel, Panel)
    return panel


def button_names(app: App) -> list[str]:
    return [b.label(app.ctx.texts) for b in top_panel(app).buttons]


# --- the analysis at the deal's start ---------------------------------------------------------
def test_a_proven_solvable_deal_is_winnable_at_its_start(
    labelled_app: AppFactory, labels: LabelTable
) -> None:
    app = labelled_app(first(labels, Label.SOLVABLE))
    assert "Con solución comprobada" in app.table.frame().deal_text
    tap_button(app, "analyse")
    assert app.table.play.inquiry is None  # answered at once, from the label
    assert app.table.frame().line == LABEL_WINNABLE
    tap_place(app, DECK)
    tap_button(app, "undo")  # undone back to the start: the same answer
    tap_button(app, "analyse")
    assert app.table.frame().line == LABEL_WINNABLE
    tap_place(app, DECK)
    tap_button(app, "analyse")  # elsewhere the solver answers, honest about unseen cards
    assert app.table.frame().line != LABEL_WINNABLE


def test_going_back_to_a_winnable_step_reaches_at_least_the_proven_start(
    labelled_app: AppFactory, labels: LabelTable
) -> None:
    app = labelled_app(first(labels, Label.SOLVABLE))
    play = app.table.play
    for _ in range(3):
        tap_place(app, DECK)
    play.ask(Purpose.REWIND)
    for _ in range(5000):
        if play.inquiry is None:
            break
        step(app)
    line = app.table.frame().line
    assert line.startswith("De vuelta"), line  # never «no earlier winnable step» on a solvable deal
    assert len(play.session.history) < 3  # some moves were taken back


def test_a_proven_unsolvable_deal_is_lost_at_its_start_and_not_offered_again(
    labelled_app: AppFactory, labels: LabelTable
) -> None:
    app = labelled_app(first(labels, Label.UNSOLVABLE))
    tap_button(app, "analyse")
    panel = top_panel(app)
    assert panel.title(app.ctx.texts) == "Ya no se puede ganar"
    assert panel.body(app.ctx.texts) == [LABEL_LOST]
    assert button_names(app) == ["Nuevo reparto", "Cerrar"]  # no undo, no replay of a lost deal
    tap(app, panel.geometry().buttons[1].center)
    assert app.manager.top is app.table
    tap_place(app, DECK)
    tap_button(app, "analyse")  # after a move the search runs; the loss it finds offers no replay
    for _ in range(3000):
        if app.table.play.inquiry is None:
            break
        step(app)
    if isinstance(app.manager.top, Panel):
        assert "Repetir reparto" not in button_names(app)
        assert "Volver al último paso ganable" not in button_names(app)


def test_a_shown_unsolvable_label_answers_both_questions_at_every_position(
    labelled_app: AppFactory, labels: LabelTable
) -> None:
    """Every position of a deal proven unsolvable is lost: once the chip says so, «¿Aún se
    gana?» and «Pista» say so too (from the label, at once), never a share or «sin determinar»."""
    app = labelled_app(first(labels, Label.UNSOLVABLE))
    play = app.table.play
    assert "sin solución" in app.table.frame().deal_text.lower()
    for move in ("D", "D", "D"):
        play_by_taps(app, Move.parse(move))
    assert not play.at_start
    for question, body in (("analyse", LABEL_LOST), ("hint", LABEL_LOST)):
        tap_button(app, question)
        assert play.inquiry is None, question  # answered at once, from the label
        panel = top_panel(app)
        assert panel.title(app.ctx.texts) == "Ya no se puede ganar"
        assert panel.body(app.ctx.texts) == [body]
        assert play.hint is None
        tap(app, panel.geometry().buttons[-1].center)  # «Cerrar»
        assert app.manager.top is app.table
    assert play.session.hints == 1  # «Pista» was asked once


def test_a_hidden_label_is_not_revealed_by_the_analysis(labelled_app: AppFactory) -> None:
    app = labelled_app(None, deal_mode=DealMode.RANDOM)
    assert app.table.play.shown_label is None
    tap_button(app, "analyse")
    assert app.table.frame().line != LABEL_WINNABLE  # the search, not the label, answers
    assert not isinstance(app.manager.top, Panel) or app.manager.top.body(app.ctx.texts) != [LABEL_LOST]


# --- a won board ------------------------------------------------------------------------------
def test_a_won_board_offers_no_hint_no_analysis_no_draw(
    make_app: AppFactory, winning_line: LineFinder
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    for move in moves:
        play_by_taps(app, move)
    panel = top_panel(app)
    tap(app, panel.geometry().buttons[-1].center)  # look at the board
    assert app.manager.top is app.table
    buttons = app.table.frame().buttons
    for name in ("hint", "analyse", "draw", "recycle"):
        assert buttons[name][1] in (Style.OFF, Style.GHOST_OFF), name  # greyed (a secondary one too)
    moves_before = app.table.play.session.moves
    for key in (pygame.K_h, pygame.K_d, pygame.K_r):
        press_key(app, key)
        assert app.table.frame().line == WON_LINE
        assert app.table.play.hint is None and app.table.play.inquiry is None
    for name in ("analyse", "hint", "draw"):
        tap_button(app, name)
        assert app.table.frame().line == WON_LINE, name
        assert app.table.play.hint is None and app.table.play.inquiry is None
    assert app.table.play.session.moves == moves_before
    assert app.manager.top is app.table


# --- the dead-end panel -------------------------------------------------------------------------
def test_the_dead_end_of_a_proven_unsolvable_deal_does_not_advise_replaying_it(
    labelled_app: AppFactory, labels: LabelTable
) -> None:
    from solver.hints import suggest  # noqa: PLC0415 - a plain player for this test only

    app = labelled_app(first(labels, Label.UNSOLVABLE))
    play = app.table.play
    while not play.session.is_over:
        move = suggest(play.state)
        assert move is not None
        play_by_taps(app, move)
    assert play.session.is_dead_end
    assert button_names(app) == ["Deshacer la última", "Nuevo reparto"]
    assert "repite" not in app.table.frame().line
    assert top_panel(app).buttons[0].primary


def test_resuming_the_dead_end_of_a_proven_unsolvable_deal_says_it_has_no_solution(
    display: None, labels: LabelTable, tmp_path: Path
) -> None:
    from solver.hints import suggest  # noqa: PLC0415 - a plain player for this test only

    def open_game(deal: int | None = None) -> App:
        return launch(Storage(FileBackend(tmp_path)), labels, deal=deal, size=(480, 800), seed=5)

    app = open_game(first(labels, Label.UNSOLVABLE))
    play = app.table.play
    while not play.session.is_over:
        move = suggest(play.state)
        assert move is not None
        play_by_taps(app, move)
    assert play.session.is_dead_end
    expected = "No quedan jugadas, y este reparto no tiene solución: prueba con otro"
    assert app.table.frame().line == expected
    step(app, 3)
    again = open_game()  # the saved dead end, resumed
    assert again.table.play.session.is_dead_end and again.table.play.number == play.number
    assert again.table.frame().line == expected


# --- keyboard focus after a refusal -------------------------------------------------------------
def refusable_pair(state: State) -> tuple[int, int] | None:
    """Two free pyramid cards that do not pair, the first having a partner somewhere (so the
    focus would have somewhere to jump to)."""
    cards = state.pyramid_cards()
    free = [p for p in range(28) if check_select(state, p) is None and not cards[p].is_king]
    for a in free:
        if not partners(state, a):
            continue
        for b in free:
            if a != b and check(state, Move.remove(a, b)) is not None:
                return a, b
    return None


def test_the_focus_stays_put_after_a_refused_pair(make_app: AppFactory) -> None:
    number, pair = next(
        (n, pair)
        for n in range(1, 200)
        if (pair := refusable_pair(State.from_deal(n, RuleSet()))) is not None
    )
    app = make_app(deal=number)
    table, play = app.table, app.table.play
    press_key(app, pygame.K_UP)  # the focus appears
    table.focus = pair[0]
    press_key(app, pygame.K_RETURN)
    assert play.selected == pair[0]
    table.focus = pair[1]
    press_key(app, pygame.K_RETURN)
    first, second = (play.state.card_at(place) for place in pair)
    assert first is not None and second is not None
    assert table.frame().line == f"{first.symbol} y {second.symbol} no suman 13"  # the cards named
    assert table.focus == pair[1]


# --- the deal dialog ------------------------------------------------------------------------------
def dialog(app: App) -> DealDialog:
    top = app.manager.top
    assert isinstance(top, DealDialog)
    return top


def test_an_out_of_range_number_is_refused_as_it_is_typed(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    press_key(app, pygame.K_n)
    for key in (pygame.K_2, pygame.K_5, pygame.K_0, pygame.K_0, pygame.K_0):
        press_key(app, key)
    box = dialog(app)
    assert box.error  # its own line says so before Enter
    assert box._label("play") == "Jugar un número"  # never «Jugar el 25000»
    press_key(app, pygame.K_RETURN)
    assert dialog(app) is box and app.table.play.number == 1
    press_key(app, pygame.K_BACKSPACE)
    assert box.error is False and box._label("play") == "Jugar el 2500"


def test_zero_and_enter_does_not_deal_at_random(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    press_key(app, pygame.K_n)
    press_key(app, pygame.K_0)
    assert dialog(app).error
    press_key(app, pygame.K_RETURN)
    assert dialog(app).error and app.table.play.number == 1
    press_key(app, pygame.K_7)  # 07 is deal 7
    press_key(app, pygame.K_RETURN)
    assert app.manager.top is app.table and app.table.play.number == 7
