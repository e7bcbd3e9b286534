"""Saves through the real game: restart on one data directory, settings, statistics, the daily
deal, the question before a game is left, bad saves set aside, and ``kill -9`` of a real process."""

from __future__ import annotations

import dataclasses
import datetime
import enum
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
from fake_time import FakeTime
from hypothesis import given, settings
from hypothesis import strategies as st

from game.app import App, Opening, launch
from game.config import CHART_EMPTY, CHART_STAR, CHART_WIN
from game.dealer import Dealer
from game.driver import play_by_taps, press_key, step, tap, tap_button, tap_place
from game.platform import BadOption
from game.records import daily_number
from game.render.widgets import line_height
from game.saves import GAME_VERSION, SETTINGS_VERSION, Keeper, load_settings, settings_doc
from game.scenes.panel import Panel
from game.scenes.record_screens import DailyScreen, StatsScreen
from game.scenes.settings_screen import ROWS, SettingsScreen
from game.settings import COMFORT, LANGUAGES, PASSES, Settings
from game.storage import FileBackend, MemoryBackend, Storage
from game.table_terms import DECK
from rules import Move, RuleSet, Session, legal_moves
from rules.labels import LabelTable
from rules.moves import reserve_of
from rules.variant import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
LineFinder = Callable[[str], tuple[int, list[Move]]]
EMPTY_APOPHIS = "variant: apophis\npyramid: " + " ".join(["--"] * 28) + "\nstock: " + " ".join(["--"] * 53)
"""A saved start position with more empty stock places than the deck has cards."""
EMPTY_APOPHIS_GAME = {
    "id": "x",
    "daily": None,
    "label_hidden": False,
    "revealed": False,
    "session": {
        "rules": "variant=apophis passes=3 overlap=on",
        "deal": None,
        "start": EMPTY_APOPHIS,
        "moves": [],
        "undo_position": 0,
        "seen": 0,
        "counters": {"moves": 0, "undos": 0, "hints": 0},
        "elapsed": 0,
    },
}
FIELDS = [
    *("passes", "overlap", "deal_mode", "lang", "reduced_motion"),  # settings
    *("id", "daily", "label_hidden", "revealed", "session"),  # game
    *("rules", "pending", "pending_rules", "resolved", "days", "par"),  # stats, daily
    *("scores", "live", "live_points", "done", "last"),  # the par match
]


@pytest.fixture
def open_game(display: None, tmp_path: Path, fake_time: FakeTime) -> Callable[..., App]:
    """``open_game(deal=None, **overrides)``: the game as ``main.py`` opens it, on ``tmp_path``,
    its clocks and date reading ``fake_time``."""

    def build(deal: int | None = None, size: tuple[int, int] = (1280, 720), **overrides: object) -> App:
        storage = Storage(FileBackend(tmp_path))
        app = launch(storage, LabelTable(), deal=deal, overrides=overrides, size=size, seed=5, now=fake_time)
        app.ctx.keeper.date = fake_time.today  # read only when the daily deal is asked for
        return app

    return build


def _doc(directory: Path, name: str) -> dict[str, object]:
    data = json.loads((directory / f"{name}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_a_second_start_on_the_same_data_directory_finds_the_same_table(
    open_game: Callable[..., App], fake_time: FakeTime
) -> None:
    first = open_game(deal=11)
    for move in ("D", "D", "P21+W", "D"):
        play_by_taps(first, Move.parse(move))
        fake_time.now += 10  # the clock starts at the first move
    tap_button(first, "undo")
    step(first, 3)
    frame, session = first.table.frame(), first.table.play.session

    second = open_game()  # no --deal: the saved game goes on
    again = second.table.play.session
    assert second.table.play.game_id == first.table.play.game_id
    assert again.deal_number == 11 and again.state == session.state and again.history == session.history
    assert again.log == session.log and again.seen_mask == session.seen_mask
    assert (again.moves, again.undos) == (session.moves, session.undos) == (4, 1)
    assert again.clock.elapsed() == session.clock.elapsed() == 40.0
    shown = second.table.frame()
    assert shown.line == "Partida recuperada: sigue donde la dejaste"
    assert (shown.state, shown.deal_text, shown.pass_text) == (frame.state, frame.deal_text, frame.pass_text)
    assert shown.status == frame.status and any("0:40" in s for s in shown.status)


def test_deal_option_asks_before_leaving_a_saved_game_and_counts_the_loss_only_if_confirmed(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    first = open_game(deal=11)
    tap_place(first, DECK)
    game_id = first.table.play.game_id
    assert _doc(tmp_path, "stats")["data"]["rules"]["passes=3 overlap=on"]["played"] == 1  # type: ignore[index]
    second = open_game(deal=12)  # main.py --deal 12 over a saved game with a move
    panel = second.manager.top
    assert isinstance(panel, Panel) and panel.title(second.ctx.texts) == "¿Empezar el reparto nº 12?"
    assert second.table.play.game_id == game_id
    press_key(second, pygame.K_RETURN)  # the default: «Seguir jugando» with the saved game
    assert second.manager.top is second.table and second.table.play.game_id == game_id
    stats = _doc(tmp_path, "stats")["data"]["rules"]["passes=3 overlap=on"]  # type: ignore[index]
    assert (stats["played"], stats["recent"]) == (1, "")  # not counted as a loss
    third = open_game(deal=12)
    panel = third.manager.top
    assert isinstance(panel, Panel)
    tap(third, panel.geometry().buttons[1].center)  # «Sí, otro reparto»
    assert third.table.play.number == 12 and third.table.play.session.moves == 0
    step(third)
    stats = _doc(tmp_path, "stats")["data"]["rules"]["passes=3 overlap=on"]  # type: ignore[index]
    assert (stats["played"], stats["won"], stats["recent"]) == (1, 0, "L")


def test_deal_option_over_a_fresh_or_finished_saved_game_asks_nothing(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    open_game(deal=11)  # no move made
    second = open_game(deal=12)
    assert second.manager.top is second.table and second.table.play.number == 12


def test_the_saved_games_own_deal_resumes_it_at_once_and_another_deal_asks(
    open_game: Callable[..., App],
) -> None:
    first = open_game(deal=4321)
    for move in ("D", "D", "D", "D"):
        play_by_taps(first, Move.parse(move))
    game_id = first.table.play.game_id
    again = open_game(deal=4321)  # a reload of ?deal=4321, or --deal 4321: that very game
    assert again.manager.top is again.table and again.opening is Opening.RESUMED
    assert again.table.play.game_id == game_id and again.table.play.session.moves == 4
    assert again.table.frame().line == "Partida recuperada: sigue donde la dejaste"
    other_rules = open_game(deal=4321, passes=1)  # the same number under other rules is another deal
    assert isinstance(other_rules.manager.top, Panel) and other_rules.opening is Opening.ASKED
    other_deal = open_game(deal=4322)
    assert isinstance(other_deal.manager.top, Panel) and other_deal.opening is Opening.ASKED
    assert other_deal.table.play.game_id == game_id


def test_a_variants_saved_deal_resumes_from_its_own_link(open_game: Callable[..., App]) -> None:
    first = open_game(deal=77, variant="spanish")
    play_by_taps(first, Move.parse("D"))
    again = open_game(deal=77, variant="spanish")  # ?variant=spanish&deal=77
    assert again.manager.top is again.table and again.table.play.session.moves == 1
    pyramid = open_game(deal=77, variant="pyramid")  # the standard deck's deal 77: another game
    assert isinstance(pyramid.manager.top, Panel)


@pytest.mark.parametrize(
    ("saved_moves", "deal", "outcome"),
    [
        (2, None, "sigue la partida guardada"),
        (2, 4321, "sigue la partida guardada"),
        (2, 99, "se pregunta antes de dejar la partida guardada"),
        (0, None, "se juega un reparto al azar"),
        (0, 99, "se juega el reparto nº 99"),
    ],
)
def test_the_bad_address_line_names_every_bad_option_and_says_what_happens(
    open_game: Callable[..., App], tmp_path: Path, saved_moves: int, deal: int | None, outcome: str
) -> None:
    if saved_moves:
        first = open_game(deal=4321)
        for _ in range(saved_moves):
            play_by_taps(first, Move.parse("D"))
    else:
        (tmp_path / "game.json").unlink(missing_ok=True)
    bad = (BadOption("deal", "abc"), BadOption("lang", "fr"), BadOption("zoom", "2"))
    storage = Storage(FileBackend(tmp_path))
    app = launch(storage, LabelTable(), deal=deal, size=(1280, 720), seed=5, bad_options=bad)
    line = app.table.frame().line
    assert line == f"Dirección: «deal=abc», «lang=fr», «zoom=2» no valen; {outcome}"
    one = launch(Storage(FileBackend(tmp_path)), LabelTable(), deal=deal, size=(1280, 720), seed=5,
                 bad_options=bad[2:], overrides={"lang": "en"})  # fmt: skip
    assert one.table.frame().line.startswith("Page address: “zoom=2” is not valid; ")


def test_settings_are_saved_on_change_and_restored(open_game: Callable[..., App], tmp_path: Path) -> None:
    app = open_game(deal=3)
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    lang = next(i for i, row in enumerate(ROWS) if row.key == "set_lang")
    screen.reveal(lang)  # the row in sight (below the variants' rows of options at 1280×720)
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


@pytest.mark.parametrize(("name", "bad"), [("theme", "sepia"), ("text_size", 300), ("anim_speed", 7)])
def test_an_unknown_comfort_value_falls_back_alone(tmp_path: Path, name: str, bad: object) -> None:
    """An unknown theme, text size or animation speed (a newer game's, a hand edit) loses only
    that setting: the others are kept, nothing is set aside, and one line says so."""
    data = {"lang": "en", "hide_timer": True, "left_handed": True, name: bad}
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "data": data}), encoding="utf-8")
    storage = Storage(FileBackend(tmp_path))
    loaded = load_settings(storage)
    assert getattr(loaded, name) == getattr(Settings(), name)
    assert loaded.lang == "en" and loaded.hide_timer and loaded.left_handed
    assert len(storage.notices) == 1 and name in storage.notices[0] and repr(bad) in storage.notices[0]
    assert storage.kept == [] and (tmp_path / "settings.json").exists()


@pytest.mark.parametrize(
    "raw",
    [
        b"\x00\x01garbage",
        b'{"version": 1, "data": {"id": "x", "daily": null, "label_hidden": false, "revealed": true,'
        b' "session": {"rules": "passes=3 overlap=on", "deal": 11, "start": null, "moves": ["P0"],'
        b' "undo_position": 1, "seen": 1, "counters": {"moves": 0, "undos": 0, "hints": 0}, "elapsed": 1}}}',
        b'{"version": 7, "data": {}}',
        b'{"version": 1, "data": {"id": 5}}',
        json.dumps({"version": 1, "data": EMPTY_APOPHIS_GAME}).encode(),
    ],
    ids=["corrupt", "illegal move and contradicting counters", "future version", "wrong type", "many places"],
)
def test_a_bad_game_save_is_set_aside_and_the_table_says_so(
    open_game: Callable[..., App], tmp_path: Path, raw: bytes
) -> None:
    (tmp_path / "game.json").write_bytes(raw)
    app = open_game()
    assert app.table.play.session.moves == 0
    line = app.table.frame().line
    kept = app.ctx.storage.kept[0]
    why = "es de una versión más nueva del juego" if b'"version": 7' in raw else "archivo dañado"
    assert line == f"Partida guardada: {why}, guardado aparte; la partida en curso se perdió"
    assert (tmp_path / kept).read_bytes() == raw
    step(app)
    assert _doc(tmp_path, "game")["version"] == GAME_VERSION  # a clean save took its place


def test_a_saved_start_with_too_many_places_is_kept_aside_with_its_reason(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    (tmp_path / "game.json").write_text(json.dumps({"version": 1, "data": EMPTY_APOPHIS_GAME}), "utf-8")
    app = open_game()
    assert app.ctx.storage.notices == [
        f"game cannot be replayed (start: a stock holds at most 24 cards, not 53); kept as"
        f" {app.ctx.storage.kept[0]}, starting clean"
    ]


@pytest.mark.parametrize(("bad", "kept"), [(2, 2), (0, 0), (4, 4)])
def test_a_saved_game_with_an_illegal_move_goes_on_up_to_it(
    open_game: Callable[..., App], tmp_path: Path, bad: int, kept: int
) -> None:
    """One tampered move no longer loses the game: the moves before it are replayed, the table
    says up to which move in one line, and the damaged file is kept aside under its own name."""
    first = open_game(deal=11)
    for move in ("D", "D", "P21+W", "D", "D"):
        play_by_taps(first, Move.parse(move))
    step(first)
    doc = _doc(tmp_path, "game")
    session = doc["data"]["session"]  # type: ignore[index]
    session["moves"][bad] = "P0"  # the apex: covered, so the rules refuse it
    raw = json.dumps(doc).encode()
    (tmp_path / "game.json").write_bytes(raw)

    second = open_game()
    restored = second.table.play.session
    assert [str(m) for m in restored.log] == ["D", "D", "P21+W", "D", "D"][:kept]
    assert restored.moves == kept and second.table.frame().status[-1] == f"{kept} jugadas"
    assert second.table.play.game_id == first.table.play.game_id
    line = second.table.frame().line
    assert line == f"Partida guardada dañada: recuperada hasta la jugada {kept}; el archivo, guardado aparte"
    kept_name = second.ctx.storage.kept[0]
    assert kept_name.startswith("game.bad-") and (tmp_path / kept_name).read_bytes() == raw
    assert any(kept_name in notice and "moves[" in notice for notice in second.ctx.storage.notices)
    assert _doc(tmp_path, "game")["data"]["session"]["moves"] == session["moves"][:kept]  # type: ignore[index]

    third = open_game()  # the restored game was saved in its place: it simply goes on
    assert third.table.play.session.log == restored.log and not third.ctx.storage.kept
    resumed = "Partida recuperada: sigue donde la dejaste"  # (with no move kept: nothing to go on with)
    assert third.table.frame().line == (resumed if kept else second.ctx.t("welcome", sum=13))


def test_corrupt_statistics_and_daily_files_start_clean(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    (tmp_path / "stats.json").write_text('{"version": 1, "data": {"rules": {"x": {"played": -4}}}}', "utf-8")
    (tmp_path / "daily.json").write_bytes(b"")
    app = open_game(deal=2)
    assert app.ctx.keeper.stats.by_rules == {} and app.ctx.keeper.daily.days == {}
    assert len(app.ctx.storage.kept) == 2
    panel = app.manager.top
    assert isinstance(panel, Panel) and panel.body(app.ctx.texts) == [
        "• Estadísticas: archivo dañado, guardado aparte",
        "• Reparto del día: archivo dañado, guardado aparte",
    ]
    press_key(app, pygame.K_RETURN)  # «Cerrar»
    assert app.manager.top is app.table


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_newer_settings_file_and_a_damaged_game_are_each_named(
    open_game: Callable[..., App], tmp_path: Path, lang: str
) -> None:
    (tmp_path / "settings.json").write_text('{"version": 9, "data": {"lang": "es"}}', "utf-8")
    (tmp_path / "game.json").write_bytes(b'{"version": 1, "data": {"id": 5')
    app = open_game(size=(720, 432), lang=lang)
    panel = app.manager.top
    assert isinstance(panel, Panel)
    expected = {
        "es": ["Ajustes: es de una versión más nueva del juego, guardado aparte",
               "Partida guardada: archivo dañado, guardado aparte; la partida en curso se perdió"],
        "en": ["Settings: written by a newer version of the game, kept aside",
               "Saved game: damaged file, kept aside; the game in progress is lost"],
    }[lang]  # fmt: skip
    assert panel.body(app.ctx.texts) == ["• " + line for line in expected]
    geometry = panel.geometry()
    assert pygame.Rect(0, 0, 720, 432).contains(geometry.panel)
    assert app.table.frame().line == expected[0]


def test_leaving_a_game_with_moves_asks_first(open_game: Callable[..., App]) -> None:
    app = open_game(deal=11)
    tap_place(app, DECK)
    press_key(app, pygame.K_n)
    press_key(app, pygame.K_5)
    press_key(app, pygame.K_RETURN)
    panel = app.manager.top
    assert isinstance(panel, Panel) and panel.title(app.ctx.texts) == "¿Empezar el reparto nº 5?"
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
            tuple(int(x) for x in line.split())
            for line in (*seen, *rest.splitlines())
            if len(line.split()) == 2  # not a line the kill cut in half
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


def _saved_elapsed(directory: Path) -> object:
    data = _doc(directory, "game")["data"]
    assert isinstance(data, dict)
    return data["session"]["elapsed"]


@pytest.mark.parametrize("cover", ["window", "screen"])
def test_the_clock_is_written_at_once_when_the_table_is_hidden_or_covered(
    open_game: Callable[..., App], fake_time: FakeTime, tmp_path: Path, cover: str
) -> None:
    """Between moves the clock is written every few seconds; it is written at once when it stops
    because the window was hidden or a screen covers the table (a closed laptop loses nothing)."""
    app = open_game(deal=11)
    play_by_taps(app, Move.parse("D"))
    fake_time.now += 3  # fewer seconds than the clock waits between writes
    step(app)
    assert _saved_elapsed(tmp_path) == 0
    if cover == "window":
        pygame.event.post(pygame.event.Event(pygame.WINDOWHIDDEN))
        step(app)
    else:
        tap_button(app, "rules")
    assert not app.table.play.session.clock.running
    assert _saved_elapsed(tmp_path) == 3


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
documents = st.sampled_from(["settings", "game", "stats", "daily", "match"])


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


def _other_value(name: str, default: object) -> object:
    """A valid value of setting ``name`` that differs from ``default``."""
    if name == "variant":
        return next(variant for variant in VARIANTS if variant != default)
    if name in COMFORT:
        return next(value for value in COMFORT[name] if value != default)
    if name == "variant_passes":
        return {"tut": "1", "pyramid": "unlimited"}
    if isinstance(default, bool):
        return not default
    if isinstance(default, enum.Enum):
        return next(member for member in type(default) if member is not default)
    if isinstance(default, int):
        return next(p for p in PASSES if p != default)
    if isinstance(default, str):
        return next(lang for lang in LANGUAGES if lang != default)
    raise AssertionError(f"no other value for {default!r}")


def test_every_setting_survives_a_restart(tmp_path: Path) -> None:
    """Each field of Settings (sound, four colours, large indices included), set away from its
    default, is written to the settings file and read back by the next start."""
    defaults = Settings()
    others = {f.name: _other_value(f.name, getattr(defaults, f.name)) for f in dataclasses.fields(Settings)}
    changed = dataclasses.replace(defaults, **others)
    assert all(getattr(changed, f.name) != getattr(defaults, f.name) for f in dataclasses.fields(Settings))
    Storage(FileBackend(tmp_path)).save("settings", SETTINGS_VERSION, settings_doc(changed))
    saved = _doc(tmp_path, "settings")["data"]
    assert isinstance(saved, dict) and set(saved) == {f.name for f in dataclasses.fields(Settings)}
    storage = Storage(FileBackend(tmp_path))
    assert load_settings(storage) == changed and storage.notices == []


def test_sound_four_colours_and_large_indices_are_saved_from_the_settings_screen(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    app = open_game(deal=3, size=(1920, 1080))  # cards large enough for «Índices grandes» to matter
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    for key, value in (("set_sound", False), ("set_four_colour", True), ("set_large_index", True)):
        row = next(i for i, r in enumerate(ROWS) if r.key == key)
        tap(app, screen.options[row][ROWS[row].values.index(value)].center)
    step(app)
    again = open_game().ctx.settings
    assert (again.sound, again.four_colour, again.large_index) == (False, True, True)


@pytest.mark.parametrize(
    ("field", "value"),
    [("sound", "yes"), ("four_colour", 1), ("large_index", None), ("passes", True), ("deal_mode", "odd"),
     ("lang", 3), ("reduced_motion", "false")],
)  # fmt: skip
def test_a_setting_of_the_wrong_type_is_set_aside(tmp_path: Path, field: str, value: object) -> None:
    doc = {"version": SETTINGS_VERSION, "data": {**settings_doc(Settings()), field: value}}
    (tmp_path / "settings.json").write_text(json.dumps(doc), encoding="utf-8")
    storage = Storage(FileBackend(tmp_path))
    assert load_settings(storage) == Settings()
    assert len(storage.notices) == 1 and field in storage.notices[0]


@pytest.mark.parametrize("size", [(320, 480), (720, 432), (3840, 2160), (480, 800)])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_daily_legend_keeps_each_mark_with_its_word_and_explains_the_empty_square(
    open_game: Callable[..., App], size: tuple[int, int], lang: str
) -> None:
    app = open_game(deal=11, size=size, lang=lang)
    press_key(app, pygame.K_t)
    screen = app.manager.top
    assert isinstance(screen, DailyScreen)
    lines = screen._wrapped(app.ctx.texts, screen.font, screen.chart.width)
    words = {"es": ("■ ganado", "★ limpio", "○ empezado", "□ sin jugar"),
             "en": ("■ won", "★ clean", "○ started", "□ not played")}[lang]  # fmt: skip
    shown = [line.replace("\u00a0", " ") for line in lines]
    for item in words:  # each mark on one line with its word
        assert any(item in line for line in shown), (item, shown)
    assert all(not line.rstrip(" ·").endswith(("■", "★", "○", "□")) for line in shown), shown


@pytest.mark.parametrize("size", [(1920, 1080), (480, 800)])
def test_the_daily_legend_draws_its_marks_in_the_charts_colours(
    open_game: Callable[..., App], size: tuple[int, int]
) -> None:
    """«■ ganado» is a green square like a won day in the chart, «★ limpio» its star, «○
    empezado» the green ring, «□ sin jugar» the grey frame: not glyphs in the text colour."""
    app = open_game(deal=11, size=size)
    press_key(app, pygame.K_t)
    screen = app.manager.top
    assert isinstance(screen, DailyScreen)
    app.draw()
    image = pygame.display.get_surface()
    lines = screen._wrapped(app.ctx.texts, screen.font, screen.chart.width)
    step_y = line_height(screen.font)

    def count(glyph: str, colour: tuple[int, int, int]) -> int:
        index = next(i for i, line in enumerate(lines) if glyph in line)
        top = screen.body_top + index * step_y
        return sum(
            image.get_at((x, y))[:3] == colour
            for x in range(screen.panel.left, screen.panel.right)
            for y in range(top, top + step_y)
        )

    assert count("■", CHART_WIN) >= (screen.font // 2) ** 2
    assert count("★", CHART_STAR) > 0
    assert count("○", CHART_WIN) > 0
    assert count("□", CHART_EMPTY) > 0


def test_the_daily_deal_is_named_on_the_table_and_its_button_says_when_it_is_won(
    open_game: Callable[..., App],
) -> None:
    app = open_game(deal=11)
    today = app.ctx.keeper.date()
    press_key(app, pygame.K_t)
    press_key(app, pygame.K_RETURN)  # play the daily deal
    play = app.table.play
    assert play.daily == today.isoformat()
    assert app.table.frame().deal_text.startswith(f"Reparto del día {play.number} · ")
    assert play.number is not None
    app.ctx.keeper.daily.won(today.isoformat(), play.number, clean=True)
    app.table.new_deal(5)  # another deal on the table; today's is won
    press_key(app, pygame.K_t)
    screen = app.manager.top
    assert isinstance(screen, DailyScreen)
    assert screen.label("play") == "Ganado hoy: jugarlo otra vez"
    assert app.table.frame().deal_text.startswith("Reparto 5 · ")


# --- two games on one folder without a lock ---------------------------------------------------------------


def test_two_games_without_a_lock_keep_both_games_results(winning_line: LineFinder) -> None:
    """Where no lock can be had (here two games on one dict of documents), the statistics of two
    games are merged by event, not replaced by the last writer: game A wins a deal, game B
    (started before A's win) makes one move, and A's win stays (before, won went back to 0)."""
    shared = MemoryBackend()
    number, moves = winning_line("passes=3 overlap=on")
    dealer, settings = Dealer(LabelTable(), random.Random(1)), Settings()
    first, second = Keeper(Storage(shared), settings), Keeper(Storage(shared), settings)
    a, b = dealer.deal(settings, number), dealer.deal(settings, 5)
    for move in moves:
        a.play(move)
        first.sync(a, settings)
    assert a.session.is_won
    b.play(Move.parse("D"))
    second.sync(b, settings)
    record = Keeper(Storage(shared), settings).stats.of(RuleSet())
    assert (record.played, record.won, record.current_streak, record.recent) == (2, 1, 1, "W")
    assert Keeper(Storage(shared), settings).stats.pending == b.game_id  # B's deal goes on


def test_a_saved_game_with_no_move_on_the_table_is_not_announced_as_recovered(
    open_game: Callable[..., App],
) -> None:
    """A fresh deal saved as it was dealt, or a game undone back to its start: nothing to go on
    with, so no «Partida recuperada»: the welcome line."""
    first = open_game(deal=11)
    play_by_taps(first, Move.parse("D"))
    tap_button(first, "undo")
    first.save(force_clock=True)
    again = open_game()
    assert again.table.play.game_id == first.table.play.game_id and not again.table.play.session.history
    assert again.table.frame().line == "Toca una carta libre y luego su pareja: juntas deben sumar 13"


def test_the_new_deal_question_counts_the_moves_on_the_table_and_none_asks_nothing(
    open_game: Callable[..., App], tmp_path: Path
) -> None:
    """Two moves, one undone: the question names the one move on the table. Both undone: the
    table is the deal as dealt, so a new deal starts without a question, and the game left
    counts nothing (neither played nor lost): nothing was thrown away."""
    first = open_game(deal=11)
    rules = "passes=3 overlap=on"
    for move in ("D", "D"):
        play_by_taps(first, Move.parse(move))
    tap_button(first, "undo")
    step(first, 2)
    assert _doc(tmp_path, "stats")["data"]["rules"][rules]["played"] == 1  # type: ignore[index]
    press_key(first, pygame.K_n)
    press_key(first, pygame.K_RETURN)  # «Al azar»
    panel = first.manager.top
    assert isinstance(panel, Panel)
    warning = "La partida en curso (1 jugada) contará como perdida en las estadísticas."
    assert panel.body(first.ctx.texts)[0] == warning
    press_key(first, pygame.K_ESCAPE)  # «Seguir jugando»
    tap_button(first, "undo")
    left = first.table.play
    press_key(first, pygame.K_n)
    press_key(first, pygame.K_RETURN)
    assert first.manager.top is first.table and first.table.play is not left
    step(first, 2)
    stats = _doc(tmp_path, "stats")["data"]["rules"].get(rules, {})  # type: ignore[attr-defined]
    assert stats.get("played", 0) == 0 and stats.get("recent", "") == ""
    tap_place(first, DECK)
    step(first, 2)
    assert _doc(tmp_path, "stats")["data"]["rules"][rules]["played"] == 1  # type: ignore[index]


def test_a_reserve_game_is_saved_restored_and_undone(open_game: Callable[..., App], tmp_path: Path) -> None:
    """A reserve deal played by taps (pairs with reserve cards, a King from the reserve when the
    deal has one, a draw) is written to the real file, comes back whole with its emptied reserve
    places, and undoes back to its start there, every reserve card back in its place."""
    first = open_game(deal=5, variant="reserve")
    start = first.table.play.state
    assert start.rules.variant.name == "reserve" and start.columns == (1 << 7) - 1
    played = []
    for _ in range(6):
        state = first.table.play.state
        moves = [m for m in legal_moves(state) if any(reserve_of(p) is not None for p in m.places)]
        move = moves[0] if moves else Move.parse("D")
        play_by_taps(first, move)
        step(first, 30)
        played.append(str(move))
    state = first.table.play.state
    assert state != start and state.columns != start.columns  # reserve places emptied
    assert _doc(tmp_path, "game")["data"]["session"]["rules"] == "variant=reserve passes=3 overlap=on"  # type: ignore[index]
    again = open_game()
    assert again.table.play.state == state
    assert [str(m) for m in again.table.play.session.log] == played
    for _ in played:
        tap_button(again, "undo")
        step(again, 30)
    assert again.table.play.state == start
