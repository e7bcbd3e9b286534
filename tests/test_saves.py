"""Saves through the real game: restart on one data directory, settings, statistics, the daily
deal, the question before a game is left, bad saves set aside, and ``kill -9`` of a real process."""

from __future__ import annotations

import datetime
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app import App, launch
from game.dealer import Dealer
from game.driver import play_by_taps, press_key, step, tap, tap_button, tap_place
from game.play import DECK
from game.records import daily_number
from game.saves import GAME_VERSION, Keeper, load_settings
from game.scenes.panel import Panel
from game.scenes.record_screens import DailyScreen, StatsScreen
from game.scenes.settings_screen import ROWS, SettingsScreen
from game.settings import Settings
from game.storage import FileBackend, MemoryBackend, Storage
from rules import Move, RuleSet, Session
from rules.labels import LabelTable

ROOT = Path(__file__).resolve().parent.parent
LineFinder = Callable[[str], tuple[int, list[Move]]]
FIELDS = [
    *("passes", "overlap", "deal_mode", "lang", "reduced_motion"),  # settings
    *("id", "daily", "label_hidden", "revealed", "session"),  # game
    *("rules", "pending", "pending_rules", "resolved", "days"),  # stats, daily
]


@pytest.fixture
def open_game(display: None, tmp_path: Path) -> Callable[..., App]:
    """``open_game(deal=None, **overrides)``: the game as ``main.py`` opens it, on ``tmp_path``."""

    def build(deal: int | None = None, size: tuple[int, int] = (1280, 720), **overrides: object) -> App:
        storage = Storage(FileBackend(tmp_path))
        return launch(storage, LabelTable(), deal=deal, overrides=overrides, size=size, seed=5)

    return build


def _doc(directory: Path, name: str) -> dict[str, object]:
    data = json.loads((directory / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_a_second_start_on_the_same_data_directory_finds_the_same_table(
    open_game: Callable[..., App],
) -> None:
    first = open_game(deal=11)
    for move in ("D", "D", "P21+W", "D"):
        play_by_taps(first, Move.parse(move))
    tap_button(first, "undo")
    step(first, 3)
    frame, session = first.table.frame(), first.table.play.session

    second = open_game()  # no --deal: the saved game goes on
    again = second.table.play.session
    assert second.table.play.game_id == first.table.play.game_id
    assert again.deal_number == 11 and again.state == session.state and again.history == session.history
    assert again.log == session.log and again.seen_mask == session.seen_mask
    assert (again.moves, again.undos) == (session.moves, session.undos) == (4, 1)
    assert again.clock.elapsed() == pytest.approx(session.clock.elapsed(), abs=0.5)
    shown = second.table.frame()
    assert shown.line == "Partida recuperada: sigue donde la dejaste"
    assert (shown.state, shown.deal_text, shown.pass_text) == (frame.state, frame.deal_text, frame.pass_text)
    assert [s for s in shown.status if "tiempo" not in s] == [s for s in frame.status if "tiempo" not in s]


def test_deal_option_starts_that_deal_and_the_left_game_counts_as_lost(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    first = open_game(deal=11)
    tap_place(first, DECK)
    assert _doc(tmp_path, "stats")["data"]["rules"]["passes=3 overlap=on"]["played"] == 1  # type: ignore[index]
    second = open_game(deal=12)
    assert second.table.play.number == 12 and second.table.play.session.moves == 0
    step(second)
    stats = _doc(tmp_path, "stats")["data"]["rules"]["passes=3 overlap=on"]  # type: ignore[index]
    assert (stats["played"], stats["won"], stats["recent"]) == (1, 0, "L")


def test_settings_are_saved_on_change_and_restored(open_game: Callable[..., App], tmp_path: Path) -> None:
    app = open_game(deal=3)
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    lang = next(i for i, row in enumerate(ROWS) if row.key == "set_lang")
    tap(app, screen.options[lang][1].center)
    assert _doc(tmp_path, "settings")["data"]["lang"] == "en"
    again = open_game()
    assert again.ctx.settings.lang == "en" and again.table.frame().pass_text == "pass 1 of 3"


def test_every_setting_of_the_settings_screen_is_saved() -> None:
    """Each row of «Ajustes» (the deck and sound rows too) survives a save and a load."""
    storage = Storage(MemoryBackend())
    changed = Settings()
    for row in ROWS:
        other = next(v for v in row.values if v != row.get(changed))
        row.set(changed, other)
    keeper = Keeper(storage, Settings())
    keeper.sync(Dealer(LabelTable(), random.Random(1)).deal(Settings(), 5), changed)
    loaded = load_settings(storage)
    assert [row.get(loaded) for row in ROWS] == [row.get(changed) for row in ROWS]
    assert loaded != Settings()


def test_command_line_settings_last_one_run_and_are_not_saved(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    app = open_game(deal=3, lang="en", passes=1)
    step(app, 2)
    assert app.ctx.settings.lang == "en" and app.table.play.state.rules.passes == 1
    assert not (tmp_path / "settings.json").exists()
    assert load_settings(Storage(FileBackend(tmp_path))) == Settings()


def test_a_bad_setting_gives_the_defaults_and_a_notice(tmp_path: Path) -> None:
    doc = {"version": 1, "data": {"passes": 2, "overlap": True, "deal_mode": "solvable", "lang": "es"}}
    (tmp_path / "settings.json").write_text(json.dumps(doc), encoding="utf-8")
    storage = Storage(FileBackend(tmp_path))
    assert load_settings(storage) == Settings()
    assert len(storage.notices) == 1 and "passes" in storage.notices[0]
    assert not (tmp_path / "settings.json").exists() and (tmp_path / storage.kept[0]).exists()


@pytest.mark.parametrize(
    "raw",
    [
        b"\x00\x01garbage",
        b'{"version": 1, "data": {"id": "x", "daily": null, "label_hidden": false, "revealed": true,'
        b' "session": {"rules": "passes=3 overlap=on", "deal": 11, "start": null, "moves": ["P0"],'
        b' "undo_position": 1, "seen": 1, "counters": {"moves": 1, "undos": 0, "hints": 0}, "elapsed": 1}}}',
        b'{"version": 7, "data": {}}',
        b'{"version": 1, "data": {"id": 5}}',
    ],
    ids=["corrupt", "illegal move", "future version", "wrong type"],
)
def test_a_bad_game_save_is_set_aside_and_the_table_says_so(
    open_game: Callable[..., App], tmp_path: Path, raw: bytes
) -> None:
    (tmp_path / "game.json").write_bytes(raw)
    app = open_game()
    assert app.table.play.session.moves == 0
    line = app.table.frame().line
    kept = app.ctx.storage.kept[0]
    assert line == "Partida guardada: archivo dañado, guardado aparte"
    assert (tmp_path / kept).read_bytes() == raw
    step(app)
    assert _doc(tmp_path, "game")["version"] == GAME_VERSION  # a clean save took its place


def test_corrupt_statistics_and_daily_files_start_clean(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    (tmp_path / "stats.json").write_text('{"version": 1, "data": {"rules": {"x": {"played": -4}}}}', "utf-8")
    (tmp_path / "daily.json").write_bytes(b"")
    app = open_game(deal=2)
    assert app.ctx.keeper.stats.by_rules == {} and app.ctx.keeper.daily.days == {}
    assert len(app.ctx.storage.kept) == 2 and "(+1)" in app.table.frame().line


def test_leaving_a_game_with_moves_asks_first(open_game: Callable[..., App]) -> None:
    app = open_game(deal=11)
    tap_place(app, DECK)
    press_key(app, pygame.K_n)
    press_key(app, pygame.K_5)
    press_key(app, pygame.K_RETURN)
    panel = app.manager.top
    assert isinstance(panel, Panel) and panel.title(app.ctx.texts) == "¿Empezar otro reparto?"
    press_key(app, pygame.K_RETURN)  # the default: «Seguir jugando»
    assert app.manager.top is app.table and app.table.play.number == 11 and app.table.play.session.moves == 1
    press_key(app, pygame.K_n)
    press_key(app, pygame.K_5)
    press_key(app, pygame.K_RETURN)
    tap(app, panel.geometry().buttons[1].center)  # «Sí, otro reparto»
    assert app.table.play.number == 5
    step(app)
    assert app.ctx.keeper.stats.of(RuleSet()).recent == "L"


def test_a_fresh_deal_is_left_without_asking(open_game: Callable[..., App]) -> None:
    app = open_game(deal=11)
    press_key(app, pygame.K_n)
    press_key(app, pygame.K_5)
    press_key(app, pygame.K_RETURN)
    assert app.table.play.number == 5 and app.manager.top is app.table


def test_a_won_daily_deal_counts_in_statistics_and_is_marked_clean(
    open_game: Callable[..., App], tmp_path: Path, winning_line: LineFinder
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = open_game(deal=1)
    app.table.start(app.ctx.dealer.daily(number, "2026-11-30"))
    for move in moves:
        play_by_taps(app, move)
    assert app.table.play.session.is_won
    stats = app.ctx.keeper.stats.of(RuleSet())
    assert (stats.played, stats.won, stats.fewest_moves, stats.current_streak) == (1, 1, len(moves), 1)
    mark = app.ctx.keeper.daily.days["2026-11-30"]
    assert mark.won and mark.clean and mark.deal == number
    panel = app.manager.top
    assert isinstance(panel, Panel)
    streak = app.ctx.keeper.daily.streak(app.ctx.keeper.date())
    assert f"Reparto del día ganado limpio ★ · racha diaria: {streak}" in panel.body(app.ctx.texts)
    keeper = Keeper(Storage(FileBackend(tmp_path)), Settings())  # as the next start reads them
    assert keeper.stats == app.ctx.keeper.stats and keeper.daily == app.ctx.keeper.daily


def test_an_undo_or_a_hint_takes_the_clean_mark_away(
    open_game: Callable[..., App], winning_line: LineFinder
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = open_game(deal=1)
    app.table.start(app.ctx.dealer.daily(number, "2026-11-30"))
    play_by_taps(app, moves[0])
    tap_button(app, "undo")
    for move in moves:
        play_by_taps(app, move)
    mark = app.ctx.keeper.daily.days["2026-11-30"]
    assert mark.won and not mark.clean


def test_statistics_and_daily_screens_open_from_the_keyboard(open_game: Callable[..., App]) -> None:
    app = open_game(deal=11, size=(480, 800))
    app.ctx.keeper.date = lambda: datetime.date(2026, 1, 4)
    press_key(app, pygame.K_s)
    screen = app.manager.top
    assert isinstance(screen, StatsScreen) and screen.rules == RuleSet()
    press_key(app, pygame.K_RIGHT)
    assert screen.rules != RuleSet()
    press_key(app, pygame.K_ESCAPE)
    press_key(app, pygame.K_t)
    daily = app.manager.top
    assert isinstance(daily, DailyScreen) and daily.number == daily_number(
        datetime.date(2026, 1, 4), LabelTable()
    )
    press_key(app, pygame.K_RETURN)  # «Jugar el reparto del día»: nothing played yet, no question
    assert app.table.play.number == daily.number and app.table.play.daily == "2026-01-04"
    assert app.table.play.state.rules == RuleSet()


def test_statistics_reset_asks_first(open_game: Callable[..., App]) -> None:
    app = open_game(deal=11)
    tap_place(app, DECK)
    tap_button(app, "settings")
    press_key(app, pygame.K_TAB)  # from the first row, Up wraps to the last stop: «Estadísticas»
    press_key(app, pygame.K_UP)
    press_key(app, pygame.K_UP)
    press_key(app, pygame.K_RETURN)
    screen = app.manager.top
    assert isinstance(screen, StatsScreen) and screen.record.played == 1
    tap(app, screen.rects["reset"].center)
    confirm = app.manager.top
    assert isinstance(confirm, Panel) and confirm.title(app.ctx.texts) == "¿Borrar las estadísticas?"
    press_key(app, pygame.K_RETURN)  # the default is «Cancelar»
    assert app.manager.top is screen and screen.record.played == 1
    tap(app, screen.rects["reset"].center)
    tap(app, confirm.geometry().buttons[1].center)
    assert app.manager.top is screen and screen.record.played == 0


def test_the_record_screens_fit_small_and_large_windows(open_game: Callable[..., App]) -> None:
    for size in ((480, 800), (800, 480), (1920, 1080), (320, 480)):
        app = open_game(deal=11, size=size)
        for key in (pygame.K_s, pygame.K_t):
            press_key(app, key)
            screen = app.manager.top
            assert isinstance(screen, StatsScreen | DailyScreen)
            window = pygame.Rect((0, 0), size)
            assert window.contains(screen.panel)
            for rect in screen.rects.values():
                assert screen.panel.contains(rect) and min(rect.size) >= 44
            press_key(app, pygame.K_ESCAPE)


# --- kill -9 -------------------------------------------------------------------------------------------

PLAYER = """
import os, random, sys
from game.app import launch
from game.storage import FileBackend, MemoryBackend, Storage
from rules import legal_moves
from rules.labels import LabelTable
import pygame
pygame.display.init(); pygame.font.init()
app = launch(Storage(FileBackend(sys.argv[1])), LabelTable(), deal=int(sys.argv[2]), size=(640, 480))
rng = random.Random(int(sys.argv[2]))
while True:
    play = app.table.play
    moves = legal_moves(play.state)
    if moves and rng.random() < 0.85:
        play.play(rng.choice(moves))
    else:
        play.undo()
    app.frame(0.016)
    print(play.session.moves, play.session.undos, flush=True)
"""


def test_kill_9_at_any_moment_loses_at_most_the_last_move(tmp_path: Path) -> None:
    """A real game process plays and saves as fast as it can and is killed with SIGKILL at a
    random moment; the save on disk is whole and at most one move behind what it had printed."""
    rng = random.Random(8)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    for round_no in range(3):
        directory = tmp_path / f"run{round_no}"
        process = subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(directory), str(100 + round_no)],
            stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env,
        )  # fmt: skip
        assert process.stdout is not None
        seen = [process.stdout.readline() for _ in range(20 + rng.randrange(60))]
        time.sleep(rng.random() * 0.05)
        process.send_signal(signal.SIGKILL)
        rest = process.stdout.read()
        process.wait()
        printed = [
            tuple(int(x) for x in line.split()) for line in (*seen, *rest.splitlines()) if line.strip()
        ]
        moves_done, undos_done = printed[-1]
        storage = Storage(FileBackend(directory))
        doc = storage.load("game", GAME_VERSION)
        assert doc is not None and storage.notices == []
        session = Session.from_record(doc["session"])
        assert session.deal_number == 100 + round_no
        # every action printed was saved before it was printed; one more may have been saved
        saved, shown = session.moves + session.undos, moves_done + undos_done
        assert shown <= saved <= shown + 1


def test_a_won_game_is_not_resumed(open_game: Callable[..., App], winning_line: LineFinder) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = open_game(deal=number)
    for move in moves:
        play_by_taps(app, move)
    assert app.table.play.session.is_won
    again = open_game()
    assert again.table.play.session.moves == 0 and again.table.play.game_id != app.table.play.game_id


def test_a_save_that_fails_is_said_once_and_play_goes_on(display: None, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    storage = Storage(FileBackend(blocker / "saves"))  # cannot be created: every write fails
    app = launch(storage, LabelTable(), deal=11, size=(800, 480))
    step(app)  # the first save (the new deal) fails: the table says so
    assert app.table.frame().line.startswith("No se puede guardar")
    tap_place(app, DECK)
    tap_place(app, DECK)
    assert app.table.play.session.moves == 2 and app.table.frame().line == ""  # said once
    assert sorted(n.split(":")[0] for n in storage.notices) == ["game", "stats"]  # one per document


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=12,
)
documents = st.sampled_from(["settings", "game", "stats", "daily"])


@settings(max_examples=200, deadline=None)
@given(documents, st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6))
def test_any_saved_data_starts_the_game_or_is_set_aside(name: str, data: dict[str, object]) -> None:
    """Whatever data a document holds, loading never raises: it is used, or set aside with a notice."""
    backend = MemoryBackend({name: json.dumps({"version": 1, "data": data})})
    storage = Storage(backend)
    load_settings(storage)
    keeper = Keeper(storage, Settings())
    keeper.restore_game(Dealer(LabelTable(), random.Random(1)))
    assert len(storage.notices) == len(storage.kept) <= 1
    assert (name in backend.docs) == (not storage.kept)
