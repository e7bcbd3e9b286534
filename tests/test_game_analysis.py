"""«¿Aún se gana?», «Pista» and «volver al último paso ganable» in the real game, with the real
solver, answered in frame slices while the table keeps responding."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest
from solver_cases import reference_deals

import game.analysis
from game.analysis import Pacer
from game.app import App, make_context
from game.config import ANALYSIS_SLICE_IDLE_MS, PACE_FIRST_NODES, PACE_MAX_NODES, PACE_MIN_NODES
from game.driver import press_key, step, tap, tap_button, tap_place
from game.play import Play
from game.scenes.panel import Panel
from game.settings import DealMode, Settings
from game.table_terms import DECK
from rules import Move, RuleSet, State, parse_position
from rules.labels import LabelTable
from solver import Answer, Purpose, Verdict
from solver.analysis import MIN_SAMPLE

AppFactory = Callable[..., App]

# Every stock card has been seen (third pass): the solver may decide.
WINNABLE = "pyramid: P21=9s P23=5h P25=8c; waste: 4c 5d 8d; pass: 3"
# The same with one more stock card: after 5♥+8♣ the 9♠ can never meet its 4.
LOSABLE = "pyramid: P21=9s P23=5h P25=8c; stock: 2c; waste: 4c 5d 8d; pass: 3"


def answer(app: App, frames: int = 2000) -> None:
    """Run frames until the question is answered (or fail)."""
    for _ in range(frames):
        if app.table.play.inquiry is None:
            return
        step(app)
    raise AssertionError("no answer")


def panel_button(app: App, label: str) -> None:
    panel = app.manager.top
    assert isinstance(panel, Panel)
    names = [b.label(app.ctx.texts) for b in panel.buttons]
    assert label in names, names
    tap(app, panel.geometry().buttons[names.index(label)].center)


def test_unseen_cards_give_the_share_of_the_orders_tried_and_no_free_hint(make_app: AppFactory) -> None:
    app = make_app(deal=1)
    tap_button(app, "draw")  # past the deal's start (answered from its label elsewhere)
    tap_button(app, "analyse")
    answer(app)
    line = app.table.frame().line
    shares = (  # the orders tried, and what they showed
        r"(Aún no se sabe|Cortado por tiempo): de (?P<n>\d+) órdenes probados de las cartas sin ver, "
        r"se gana en \d+, no en \d+, \d+ sin resolver",
        r"Depende de las cartas sin ver: de (?P<n>\d+) órdenes probados, se gana en \d+ y no en \d+",
        r"Depende de las cartas sin ver: se gana en los (?P<n>\d+) órdenes probados \(no en todos los .*\)",
    )
    found = [match for share in shares if (match := re.fullmatch(share, line)) is not None]
    assert found and int(found[0]["n"]) >= MIN_SAMPLE, line
    # «¿Aún se gana?» answers the question; a move to play is what «Pista» is for (and counts)
    assert app.table.play.hint is None
    assert app.table.play.session.hints == 0


def test_still_winnable_and_the_hint_follows_the_winning_line(make_app: AppFactory) -> None:
    app = make_app(state=parse_position(WINNABLE))
    tap_button(app, "analyse")
    answer(app)
    assert app.table.frame().line == "Sí: desde aquí todavía se puede ganar"
    tap_button(app, "hint")
    answer(app)
    assert app.table.play.hint == Move.parse("P23+W")  # 5♥ with the 8♦, not with the 8♣
    assert app.table.frame().line == "Pista: 5♥ con 8♦"


def _hard_lost_position() -> State:
    deck, winnable = reference_deals()[1103]  # hard to decide: many frames of search
    assert not winnable
    state = State.from_deal_text(deck, RuleSet(3, False))
    return parse_position(state.to_text().replace("pass: 1", "pass: 2"))


def test_a_long_search_runs_in_slices_and_the_table_keeps_responding(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game.analysis, "ANALYSIS_BUDGET_MS", 600_000.0)  # however busy the machine
    app = make_app(state=_hard_lost_position())
    tap_button(app, "analyse")
    assert app.table.frame().line.startswith("buscando una solución")
    free = next(p for p in range(21, 28) if app.table.play.selectable(p))
    tap_place(app, free)  # selecting a card works while the search goes on
    assert app.table.play.selected == free and app.table.play.inquiry is not None
    answer(app)
    panel = app.manager.top
    assert isinstance(panel, Panel) and panel.title(app.ctx.texts) == "Ya no se puede ganar"


def test_esc_cancels_a_running_question(make_app: AppFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game.analysis, "ANALYSIS_BUDGET_MS", 600_000.0)  # it would run for long
    app = make_app(state=_hard_lost_position())
    tap_button(app, "analyse")
    step(app)
    assert app.table.play.inquiry is not None
    press_key(app, pygame.K_ESCAPE)
    assert app.table.play.inquiry is None
    assert app.table.frame().line == ""  # «buscando una solución…» is gone
    for _ in range(30):  # and no answer comes later
        step(app)
    assert app.manager.top is app.table and app.table.frame().line == ""


def test_a_question_cut_short_by_time_says_so_and_claims_nothing(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game.analysis, "ANALYSIS_BUDGET_MS", 20.0)
    app = make_app(state=_hard_lost_position())
    tap_button(app, "analyse")
    answer(app)
    assert app.manager.top is app.table  # no «Ya no se puede ganar» panel
    line = app.table.frame().line
    assert line == "cortado por tiempo: sin determinar (no quiere decir que no tenga solución)"
    tap_button(app, "hint")
    answer(app)
    assert app.table.play.hint is not None  # a normal suggestion, from where the search stopped


def test_a_move_drops_the_question_about_the_old_position(make_app: AppFactory) -> None:
    app = make_app(state=parse_position(LOSABLE))
    tap_button(app, "analyse")
    tap_place(app, 23)
    tap_place(app, 25)
    step(app)
    assert app.table.play.inquiry is None


def test_lost_position_back_to_the_last_winnable_step(make_app: AppFactory) -> None:
    app = make_app(state=parse_position(LOSABLE))
    start = app.table.play.state
    tap_place(app, 23)
    tap_place(app, 25)  # 5♥ + 8♣: the wrong pair
    tap_button(app, "analyse")
    answer(app)
    panel = app.manager.top
    assert isinstance(panel, Panel) and panel.title(app.ctx.texts) == "Ya no se puede ganar"
    panel_button(app, "Volver al último paso ganable")
    answer(app)
    assert app.manager.top is app.table
    assert app.table.play.state == start
    assert app.table.frame().line == "De vuelta al último paso desde el que se gana (1 atrás)"


LOST = "pyramid: P21=9s; stock: 2c 3h; waste: 4c 5d 8d; pass: 3"


def test_lost_with_nothing_earlier_to_go_back_to(make_app: AppFactory) -> None:
    app = make_app(state=parse_position(LOST))
    tap_place(app, DECK)  # a move, after which it is still lost
    tap_button(app, "analyse")
    answer(app)
    panel_button(app, "Volver al último paso ganable")
    answer(app)
    assert "No hay un paso anterior" in app.table.frame().line


def test_lost_at_the_start_offers_only_exits_that_work(make_app: AppFactory) -> None:
    app = make_app(state=parse_position(LOST))
    tap_button(app, "analyse")
    answer(app)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert [b.label(app.ctx.texts) for b in panel.buttons] == ["Nuevo reparto", "Cerrar"]
    assert panel.buttons[0].primary  # no «Deshacer» with nothing to undo
    panel_button(app, "Cerrar")
    assert app.manager.top is app.table


def test_hint_says_when_the_deal_is_lost_with_four_ways_on(make_app: AppFactory) -> None:
    app = make_app(state=parse_position(LOSABLE))
    tap_place(app, 23)
    tap_place(app, 25)
    press_key(app, pygame.K_h)
    answer(app)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert panel.body(app.ctx.texts) == [
        "Ya has visto todas las cartas del mazo: desde aquí el reparto no tiene solución."
    ]
    assert [b.label(app.ctx.texts) for b in panel.buttons] == [
        "Deshacer",
        "Pista",
        "Repetir reparto",
        "Nuevo reparto",
        "Cerrar",
    ]
    panel_button(app, "Pista")
    assert app.manager.top is app.table
    assert app.table.frame().line == "Pista: roba una carta del mazo"


def test_a_loss_proven_without_the_unseen_cards_says_so(make_app: AppFactory) -> None:
    # The 9♠ lies on both 4s of the pyramid and no other 4 is left anywhere: lost, whatever
    # the two unseen stock cards are.
    state = parse_position("pyramid: P10=4c P15=4d P21=9s P22=Kc P16=Kh; stock: 2c Jd 5h 5s")
    app = make_app(state=state)
    tap_button(app, "analyse")
    answer(app)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    assert panel.body(app.ctx.texts)[0].startswith("Aun sin saber qué cartas quedan en el mazo")


def test_a_hint_is_shown_within_its_wait_limit_even_on_a_slow_machine() -> None:
    """With tiny slices (a slow or busy machine) «Pista» still answers on frame
    HINT_WAIT_FRAMES with a legal move from what was found, and claims nothing."""
    from rules import Session  # noqa: PLC0415
    from rules.legality import legal_moves  # noqa: PLC0415
    session = Session(State.from_deal(3, RuleSet(1, True)))  # no King to remove at once
    inquiry = game.analysis.Inquiry(session, Purpose.HINT)
    frames = 0
    found = None
    while found is None:
        frames += 1
        found = inquiry.step(0.01)
    assert frames == game.analysis.HINT_WAIT_FRAMES
    assert found.hint in legal_moves(session.state)
    assert found.cut_short and found.verdict.value == "unknown"


def test_questions_in_play_use_numpy_natively_and_the_pure_path_in_the_browser(
    display: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game tells the solver once, at start, whether it runs in the browser."""
    import game.app  # noqa: PLC0415
    from game.storage import MemoryBackend, Storage  # noqa: PLC0415
    from solver.backends import _Choice, numpy_available  # noqa: PLC0415
    from solver.layered import PureBackend  # noqa: PLC0415

    monkeypatch.setattr(_Choice, "pure", _Choice.pure)  # what the browser's start says is undone after
    native = game.app.launch(Storage(MemoryBackend()), LabelTable(), deal=1, size=(640, 480))
    assert isinstance(native.table.play.answers.backend, PureBackend) is not numpy_available()
    monkeypatch.setattr(game.app, "IS_WEB", True)
    web = game.app.launch(Storage(MemoryBackend()), LabelTable(), deal=1, size=(640, 480))
    assert isinstance(web.table.play.answers.backend, PureBackend)
    assert isinstance(web.ctx.dealer.deal(Settings()).answers.backend, PureBackend)


# --- slices sized from the measured time of a node (issue 18.4), on fake clocks ------------------
ROUNDING = 1e-9
"""Milliseconds of floating-point rounding in sums of fake step times."""


class StepClock:
    """A fake clock (seconds) for :class:`Pacer` alone: ``work`` advances it ``ms_per_node``
    a node and records each step's nodes."""

    def __init__(self, ms_per_node: float) -> None:
        self.seconds = 0.0
        self.ms_per_node = ms_per_node
        self.steps: list[int] = []

    def __call__(self) -> float:
        return self.seconds

    def work(self, nodes: int) -> bool:
        self.seconds += nodes * self.ms_per_node / 1000
        self.steps.append(nodes)
        return False

    def slice(self, pacer: Pacer, slice_ms: float) -> tuple[float, int]:
        """One frame's slice: the milliseconds it took and the nodes it searched."""
        self.steps.clear()
        done, ms = pacer.run(slice_ms, self.work)
        assert not done
        return ms, sum(self.steps)


def test_the_pacer_fills_the_slice_from_the_measured_time_of_a_node() -> None:
    clock = StepClock(ms_per_node=0.05)
    pacer = Pacer(clock)
    ms, nodes = clock.slice(pacer, 9.0)
    assert clock.steps[0] == PACE_FIRST_NODES  # nothing measured yet: a small first step
    assert pacer.ms_per_node == pytest.approx(0.05)
    for _ in range(5):
        ms, nodes = clock.slice(pacer, 9.0)
        assert 9.0 - PACE_MIN_NODES * 0.05 <= ms <= 9.0 + ROUNDING  # filled, never overrun
        assert len(clock.steps) >= 3  # the clock is looked at within the slice
    assert nodes == pytest.approx(9.0 / 0.05, abs=PACE_MIN_NODES)


def test_the_pacer_follows_a_slower_and_then_a_faster_machine() -> None:
    clock = StepClock(ms_per_node=0.05)
    pacer = Pacer(clock)
    for _ in range(3):
        clock.slice(pacer, 9.0)
    clock.ms_per_node = 0.5  # ten times slower: the first step after it overruns, once
    first, _ = clock.slice(pacer, 9.0)
    assert first > 9.0
    later = [clock.slice(pacer, 9.0) for _ in range(4)]
    assert all(ms <= 9.0 + ROUNDING for ms, _ in later[1:]), later
    assert later[-1][1] == pytest.approx(9.0 / 0.5, abs=PACE_MIN_NODES)
    clock.ms_per_node = 0.001  # much faster: bigger steps at once, never past the largest
    for _ in range(3):
        ms, nodes = clock.slice(pacer, 9.0)
        assert ms <= 9.0 + ROUNDING and max(clock.steps) <= PACE_MAX_NODES
    assert nodes >= 2 * PACE_MAX_NODES  # the slice is filled with the largest steps


def test_the_pacer_always_searches_a_little_even_with_no_time_left() -> None:
    clock = StepClock(ms_per_node=1.0)
    pacer = Pacer(clock)
    searched = [clock.slice(pacer, 0.0)[1] for _ in range(3)]
    assert searched == [PACE_FIRST_NODES, PACE_MIN_NODES, PACE_MIN_NODES]


class WorkClock:
    """A fake clock (seconds) for the real game: time passes only while the solver works on
    the position on the table, ``ms_per_node`` a node of its work."""

    def __init__(self, ms_per_node: float) -> None:
        self.ms_per_node = ms_per_node
        self.app: App | None = None

    def __call__(self) -> float:
        if self.app is None:
            return 0.0
        play = self.app.table.play
        work = play.answers.get(play.state, play.session.seen_mask).work
        return work * self.ms_per_node / 1000


@pytest.mark.parametrize("button", ["hint", "analyse"])
def test_on_a_slow_machine_the_solver_keeps_to_its_slice_of_each_frame(display: None, button: str) -> None:
    """A node taking 0.3 ms (75 times this machine's pure path): each frame's solver time stays
    within twice the idle slice (steps of 128 nodes took 38 ms a frame), and the answer comes."""
    clock = WorkClock(ms_per_node=0.3)
    settings = Settings(passes=1)
    ctx = make_context(settings, seed=1, clock=clock)
    app = App(ctx, ctx.dealer.deal(settings, 3), size=(1280, 720))
    clock.app = app
    while app.table.anim.dealing:
        step(app)
    tap_button(app, "draw")  # past the deal's start (answered from its label)
    frames = []
    before = clock()
    tap_button(app, button)
    while True:
        frames.append((clock() - before) * 1000)
        if app.table.play.inquiry is None:
            break
        before = clock()
        step(app)
    assert max(frames) <= 2 * ANALYSIS_SLICE_IDLE_MS, frames
    assert sum(frames) / len(frames) >= ANALYSIS_SLICE_IDLE_MS / 2  # the slices are used
    assert app.table.frame().line != ""
    if button == "hint":
        assert app.table.play.hint is not None


class PlayClock:
    """Time as the solver's work on a :class:`Play`'s position makes it pass (a node takes
    ``ms_per_node``), so the pacer's slices, and the answer, never depend on the machine."""

    def __init__(self, ms_per_node: float) -> None:
        self.ms_per_node = ms_per_node
        self.play: Play | None = None

    def __call__(self) -> float:
        if self.play is None:
            return 0.0
        work = self.play.answers.get(self.play.state, self.play.session.seen_mask).work
        return work * self.ms_per_node / 1000


def _asked(play: Play, slices: int = 5000) -> Answer:
    """«¿Aún se gana?» asked of ``play`` and answered, slice by slice."""
    assert play.ask(Purpose.ASK) is None
    for _ in range(slices):
        found = play.step_inquiry(ANALYSIS_SLICE_IDLE_MS)
        if found is not None:
            return found
    raise AssertionError("no answer")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_estimate_says_what_its_figures_mean_and_what_is_not_known(lang: str) -> None:
    """Deal 10263, one pass, dealt «totalmente al azar» (its label kept hidden), asked before any
    move: the answer comes from a sample of the orders of the unseen cards, some of them left
    unresolved. The line says it is not known yet, and counts what was found (orders tried,
    won in, not won in, unresolved) in a sentence a player reads: no «al menos el 18 %», which
    a newcomer read as a loss for a deal that can be won; and it claims nothing the search did
    not find (the counts are the answer's own, and add up to the orders tried)."""
    settings = Settings(passes=1, deal_mode=DealMode.RANDOM, lang=lang)
    clock = PlayClock(ms_per_node=0.01)  # the search's time from its work: the same answer everywhere
    ctx = make_context(settings, LabelTable(), seed=1, clock=clock)
    play = ctx.dealer.deal(settings, 10263)
    clock.play = play
    found = _asked(play)
    assert found.verdict is Verdict.UNKNOWN and found.unseen and not found.exact
    assert found.win_share is not None and found.orders_tried > 0
    won = round(found.win_share * found.orders_tried)
    open_ = found.undecided
    lost = found.orders_tried - won - open_
    assert play.line is not None
    shown = ctx.texts.t(play.line.key, **play.line.params)
    assert "%" not in shown and "al menos" not in shown and "at least" not in shown, shown
    values = {"n": found.orders_tried, "w": won, "l": lost, "u": open_}
    assert play.line.params == values
    if lang == "es":
        opening = "Cortado por tiempo: " if found.cut_short else "Aún no se sabe: " if open_ else ""
        assert shown.startswith(opening or "Depende de las cartas sin ver: "), shown
        assert f"de {found.orders_tried} órdenes probados" in shown and f"se gana en {won}" in shown
        assert f"no en {lost}" in shown and (f"{open_} sin resolver" in shown) == bool(open_), shown
    else:
        assert f"of {found.orders_tried} orders" in shown and f"won in {won}" in shown, shown
        assert f"not in {lost}" in shown and (f"{open_} unresolved" in shown) == bool(open_), shown


class CountingQuestion:
    """Wraps a question's ``step`` to record the nodes each step was given."""

    def __init__(self, play: Play) -> None:
        inquiry = play.inquiry
        assert inquiry is not None
        self.steps: list[int] = []
        self._step = inquiry.question.step
        inquiry.question.step = self.step  # type: ignore[method-assign]

    def step(self, nodes: int) -> bool:
        self.steps.append(nodes)
        return self._step(nodes)


SLOW, FAST = 0.02, 0.0001
"""Milliseconds a node takes on a slow machine and on a fast one."""


@pytest.mark.parametrize("pure", [True, False], ids=["pure", "numpy"])
def test_a_sliced_answer_is_the_unsliced_one_on_a_slow_and_on_a_fast_machine(
    pure: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """«¿Aún se gana?» after the first draw of deal 3 (one pass), answered slice by slice on a
    fake clock: on a slow machine (a node 20 µs: steps of about 150 nodes, a frame's slice kept)
    and on a fast one (a node 0.1 µs: steps of thousands), the answer is the one a single
    unsliced search gives: the slices change when it comes, never what it says."""
    from solver.backends import _Choice  # noqa: PLC0415
    from solver.questions import answer_cache, question  # noqa: PLC0415

    monkeypatch.setattr(_Choice, "pure", pure)  # the browser's path, or numpy's where it is
    settings = Settings(passes=1)
    answers: dict[float, Answer] = {}
    steps: dict[float, list[int]] = {}
    for ms_per_node in (SLOW, FAST):
        clock = PlayClock(ms_per_node)
        ctx = make_context(settings, LabelTable(), seed=1, clock=clock)
        play = ctx.dealer.deal(settings, 3)
        clock.play = play
        assert play.draw() is not None
        assert play.ask(Purpose.ASK) is None
        counted = CountingQuestion(play)
        for _ in range(20_000):
            found = play.step_inquiry(ANALYSIS_SLICE_IDLE_MS)
            if found is not None:
                break
        assert found is not None and not found.cut_short
        answers[ms_per_node], steps[ms_per_node] = found, counted.steps
    slow, fast = steps[SLOW], steps[FAST]
    assert max(slow[1:]) <= ANALYSIS_SLICE_IDLE_MS / SLOW  # no step longer than a slice
    assert len(slow) > 10 * len(fast) and max(fast) > 10 * max(slow)  # the steps follow the pace
    unsliced = question(Purpose.ASK, play.session, answer_cache())
    while not unsliced.step(10**9):
        pass
    whole = unsliced.partial()
    for found in answers.values():
        assert found.verdict is whole.verdict and found.line == whole.line and found.hint == whole.hint
        assert (found.win_share, found.orders, found.exact) == (whole.win_share, whole.orders, whole.exact)
