"""Par scoring in the game: the setting, the match kept across restarts on a real data
directory, the running total on the table, a par deal's end, the match summary panel drawn on a
real surface, the statistics of matches, and old statistics documents."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import App, display_surface, launch
from game.driver import play_by_taps, press_key, step, tap
from game.saves import STATS_VERSION
from game.scenes.panel import Panel
from game.scenes.record_screens import StatsScreen
from game.scenes.settings_screen import SettingsScreen
from game.settings import PASS_NAMES
from game.storage import FileBackend, Storage
from game.texts import signed
from rules import Move
from rules.labels import LabelTable
from rules.legality import legal_moves
from rules.scoring import Match, score_session
from solver.hints import suggest
from solver.score import best_score

LineFinder = Callable[[str], tuple[int, list[Move]]]


@pytest.fixture
def open_game(display: None, tmp_path: Path) -> Callable[..., App]:
    """``open_game(deal=None, size=..., **overrides)``: the game as ``main.py`` opens it, on ``tmp_path``."""

    def build(deal: int | None = None, size: tuple[int, int] = (1280, 720), **overrides: object) -> App:
        return launch(
            Storage(FileBackend(tmp_path)), LabelTable(), deal=deal, overrides=overrides, size=size, seed=5
        )

    return build


def _doc(directory: Path, name: str) -> dict[str, object]:
    data = json.loads((directory / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _status(app: App) -> list[str]:
    return app.table.frame().status


def test_the_setting_is_on_the_settings_screen_saved_and_applies_from_the_next_deal(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    app = open_game(deal=11, size=(320, 480))
    press_key(app, pygame.K_ESCAPE)
    app.table.press("settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    row = next(i for i, spec in enumerate(screen.rows) if spec.key == "set_par")
    while not screen.shown(row):  # the phone-sized screen scrolls: the wheel brings the row
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        step(app)
    tap(app, screen.options[row][0].center)  # «Sí»
    assert app.ctx.settings.par_scoring
    press_key(app, pygame.K_ESCAPE)
    step(app)
    assert _doc(tmp_path, "settings")["data"]["par_scoring"] is True  # type: ignore[index]
    assert not app.table.play.par and not any(s.startswith("par") for s in _status(app))
    app.table.new_deal(12)
    step(app)
    assert app.table.play.par and "par 1/6: +0" in _status(app)


def test_the_match_and_its_running_total_survive_a_restart(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    first = open_game(deal=11, par_scoring=True)
    press_key(first, pygame.K_ESCAPE)
    for move in ("D", "D", "P21+W"):
        play_by_taps(first, Move.parse(move))
    step(first, 2)
    play = first.table.play
    points = score_session(play.session).points
    assert points == -50
    assert f"par 1/6: {signed(points)}" in _status(first)
    saved = _doc(tmp_path, "match")["data"]
    assert saved["live"] == play.game_id and saved["live_points"] == points  # type: ignore[index]

    second = open_game(par_scoring=True)  # closed and opened again: the same par deal goes on
    assert second.table.play.game_id == play.game_id and second.table.play.par
    assert f"par 1/6: {signed(points)}" in _status(second)
    second.table.request_deal(12)  # leaving it asks first, and says what it will count
    panel = second.manager.top
    assert isinstance(panel, Panel)
    assert any("\u221250" in line for line in panel.body(second.ctx.texts))
    press_key(second, pygame.K_DOWN)
    press_key(second, pygame.K_RETURN)  # «Sí, otro reparto»
    step(second, 2)
    assert second.ctx.keeper.matches.match.scores == (points,)
    assert second.table.play.session.deal_number == 12

    third = open_game(par_scoring=True)
    assert third.ctx.keeper.matches.match.scores == (points,)
    assert third.ctx.keeper.matches.live is None
    assert "par 2/6: \u221250" in _status(third)  # the new deal, untouched, counts nothing yet


def test_a_par_dead_end_is_final_and_scored(open_game: Callable[..., App]) -> None:
    app = open_game(deal=4, par_scoring=True)
    press_key(app, pygame.K_ESCAPE)
    play = app.table.play
    while not play.session.is_over:
        move = suggest(play.state)
        assert move is not None
        play_by_taps(app, move)
    step(app, 2)
    assert play.session.is_dead_end
    left = play.state.pyramid_left + play.state.stock.bit_count()
    assert app.ctx.keeper.matches.match.scores == (-left,)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    texts = app.ctx.texts
    labels = [button.label(texts) for button in panel.buttons]
    assert texts.t("btn_replay") not in labels and texts.t("btn_undo_last") not in labels
    assert any(f"= \u2212{left}" in line for line in panel.body(texts))
    assert texts.t("par_best_busy") in panel.body(texts) or play.best is not None
    for _ in range(2_000):  # the best score the deal allowed is searched in slices, under the panel
        if play.best is not None and play.best.answer is not None:
            break
        step(app)
    best = best_score(play.session.start_state).points
    assert texts.t("par_best", points=signed(best)) in panel.body(texts)
    assert best >= -left
    press_key(app, pygame.K_ESCAPE)
    app.table.press("undo")
    assert app.table.play.session.is_dead_end
    assert app.table.frame().line == texts.t("par_no_undo")


def _play_to_the_end(app: App) -> None:
    play = app.table.play
    for _ in range(500):
        if play.session.is_over:
            return
        move = suggest(play.state) or legal_moves(play.state)[-1]
        play_by_taps(app, move)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize(
    ("variant", "passes", "searched"), [("pyramid", "unlimited", True), ("giza", "1", False)]
)
def test_the_best_score_with_unlimited_passes_and_where_there_is_none(
    open_game: Callable[..., App], variant: str, passes: str, searched: bool
) -> None:
    """Unlimited passes get a best score like any other rule set; a variant the best-score search
    cannot take (Giza: no stock) says so in one line instead of searching."""
    app = open_game(deal=4, par_scoring=True, variant=variant, passes=PASS_NAMES[passes])
    press_key(app, pygame.K_ESCAPE)
    _play_to_the_end(app)
    for _ in range(2_000):
        step(app)
        best = app.table.play.best
        if best is not None and best.done:
            break
    panel = app.manager.top
    assert isinstance(panel, Panel)
    texts, play = app.ctx.texts, app.table.play
    body = panel.body(texts)
    none = texts.t("par_best_none", variant=play.state.rules.variant)
    if searched:
        assert play.best is not None and play.best.answer is not None
        assert texts.t("par_best", points=signed(play.best.answer.points)) in body and none not in body
    else:
        assert none in body and texts.t("par_best_unknown") not in body
        assert none == "Lo mejor posible no se calcula en Giza"


@pytest.mark.parametrize("size", [(320, 480), (1280, 800)])
def test_the_sixth_deal_opens_the_match_summary_and_counts_in_the_statistics(
    open_game: Callable[..., App], winning_line: LineFinder, tmp_path: Path, size: tuple[int, int]
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = open_game(deal=number, size=size, par_scoring=True)
    press_key(app, pygame.K_ESCAPE)
    app.ctx.keeper.matches.match = Match((35, -12, 20, -9, -40))
    for move in moves:
        play_by_taps(app, move)
    step(app, 30)
    play = app.table.play
    points = score_session(play.session).points
    total = 35 - 12 + 20 - 9 - 40 + points
    summary = app.manager.top
    assert isinstance(summary, Panel)
    texts = app.ctx.texts
    assert summary.title(texts) == texts.t("match_title")
    body = summary.body(texts)
    assert texts.t("match_total", total=signed(total)) in body
    assert texts.t("match_made" if total >= 0 else "match_not_made") in body
    app.draw()  # on a real surface: the panel lies inside the window and is drawn there
    surface = display_surface()
    box = summary.geometry().panel
    assert pygame.Rect((0, 0), size).contains(box)
    assert surface.get_at(box.center) != surface.get_at((2, 2))
    stats = _doc(tmp_path, "stats")
    assert stats["version"] == STATS_VERSION
    assert stats["data"]["par"] == {"played": 1, "made": int(total >= 0), "best_total": total}  # type: ignore[index]
    assert _doc(tmp_path, "match")["data"]["scores"] == []  # type: ignore[index]
    press_key(app, pygame.K_ESCAPE)  # the win panel is under it, with the deal's score
    win = app.manager.top
    assert isinstance(win, Panel) and win is not summary
    assert texts.t("par_standing", n=6, total=signed(total)) in win.body(texts)
    press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_s)
    screen = app.manager.top
    assert isinstance(screen, StatsScreen)
    best = signed(total)
    assert texts.t("stats_par", n=1, m=int(total >= 0), best=best) in screen.body(texts)


def test_statistics_of_format_1_still_load(open_game: Callable[..., App], tmp_path: Path) -> None:
    old = {"rules": {"passes=3 overlap=on": {"played": 3, "won": 1, "current_streak": 0, "longest_streak": 1,
           "best_time": 61.0, "fewest_moves": 40, "win_times": [61.0], "recent": "WLL"}},
           "pending": None, "pending_rules": None, "resolved": None}  # fmt: skip
    (tmp_path / "stats.json").write_text(json.dumps({"version": 1, "data": old}), encoding="utf-8")
    app = open_game(deal=11)
    stats = app.ctx.keeper.stats
    assert stats.of("passes=3 overlap=on").played == 3 and stats.par.played == 0
    assert not app.ctx.storage.kept
    play_by_taps(app, Move.parse("D"))  # the first move counts the deal: statistics are written
    step(app, 2)
    assert _doc(tmp_path, "stats")["version"] == STATS_VERSION == 4


def test_the_settings_scroll_with_the_keyboard_focus(open_game: Callable[..., App]) -> None:
    app = open_game(deal=11, size=(320, 480))
    press_key(app, pygame.K_ESCAPE)
    app.table.press("settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen) and screen.scrolls and screen.scroll == 0
    last = len(screen.rows) - 1
    assert not screen.shown(last)  # scrolled out of sight: nothing to tap there
    for _ in range(last):
        press_key(app, pygame.K_DOWN)
    assert screen.focus == last and screen.shown(last) and screen.scroll > 0
    press_key(app, pygame.K_DOWN)  # past the rows: the buttons, the rows stay where they are
    assert screen.shown(last)
    press_key(app, pygame.K_DOWN)
    press_key(app, pygame.K_DOWN)  # round to the first row: back to the top
    assert screen.focus == 0 and screen.scroll == 0
