"""The kiosk (``--kiosk``) on simulated time: idle prompt, attract demo, forgiving touch, staff exit."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

import main
from game.access.voice import Voice
from game.app import App, launch, make_context
from game.config import FINGER_LOST_SECONDS
from game.driver import post_key, post_tap, step, tap, tap_button, tap_place
from game.kiosk import AttractScene, KioskOptions, Mood, StillTherePrompt, display_dpi, kiosk_min_tap
from game.saves import GAME_VERSION, STATS_VERSION
from game.scenes.deal_dialog import DealDialog
from game.scenes.panel import Panel
from game.scenes.record_screens import StatsScreen
from game.scenes.settings_screen import SettingsScreen
from game.settings import Settings, Speech
from game.stats import Stats
from game.storage import FileBackend, Storage
from game.table_terms import DECK
from rules import Kind, Move, Session
from rules.labels import LabelTable, load_table
from rules.variant import REGISTERED, VARIANTS

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]
TICK = 0.1
"""Simulated seconds per frame in these tests (the loop itself clamps real frames to 0.1 s)."""


@pytest.fixture
def kiosk_app(display: None) -> Callable[..., App]:
    """A kiosk app in a window of ``size`` (a kiosk without a size would go fullscreen)."""

    def build(
        *, deal: int = 1, size: tuple[int, int] = (1280, 720), idle: float = 5.0, lang: str = "es",
        speech: bool = False,
    ) -> App:
        settings = Settings(lang=lang)
        ctx = make_context(settings, seed=random.Random(deal).randint(0, 1 << 30))
        options = KioskOptions(idle_seconds=idle, lang=lang, speech=speech)
        return App(ctx, ctx.dealer.deal(settings, deal), size=size, kiosk=options)

    return build


def run_for(app: App, seconds: float) -> None:
    step(app, round(seconds / TICK), TICK)


def kiosk_tap(app: App, pos: tuple[int, int]) -> None:
    """A tap, then enough time that the next tap at the same place is not taken for an echo."""
    tap(app, pos)
    run_for(app, 0.3)


def test_idle_prompt_then_demo_then_a_tap_deals_a_new_game(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app(idle=5.0)
    assert app.kiosk is not None and app.ctx.kiosk
    kiosk_tap(app, app.table.layout.tap_point(DECK))  # a visitor draws a card and walks away
    played = app.table.play
    assert played.session.moves == 1
    app.ctx.settings.lang = "en"  # ... after switching to English
    run_for(app, 4.5)
    assert app.kiosk.mood is Mood.PLAYING and app.manager.top is app.table
    run_for(app, 0.6)
    prompt = app.manager.top
    assert isinstance(prompt, StillTherePrompt) and app.kiosk.mood is Mood.PROMPT
    assert prompt.title(app.ctx.texts) == "Are you still there?"
    assert prompt.body(app.ctx.texts) == ["If nobody touches the screen, a new game starts in 20 s."]
    run_for(app, 10.0)
    assert prompt.body(app.ctx.texts) == ["If nobody touches the screen, a new game starts in 10 s."]
    assert app.table.play is played  # nothing is lost while the prompt counts down
    run_for(app, 10.1)
    demo = app.manager.top
    assert isinstance(demo, AttractScene) and app.kiosk.mood is Mood.DEMO
    assert app.kiosk.abandoned == 1  # the visitor's game was closed and counted as abandoned
    assert app.ctx.settings.lang == "es"  # the kiosk's own language is back
    assert app.table.play is not played
    run_for(app, 6.0)
    demo_play = app.table.play
    assert demo_play.session.moves >= 5  # the demo plays by itself, about one move every 0.7 s
    assert demo_play.session.moves <= 6.0 / 0.7 + 1
    tap(app, (app.table.layout.size[0] // 2, app.table.layout.size[1] // 2))  # anyone taps anywhere
    assert app.manager.top is app.table and app.kiosk.mood is Mood.PLAYING
    fresh = app.table.play
    assert fresh is not demo_play and fresh.session.moves == 0 and fresh.session.history == []
    assert fresh.number is not None
    run_for(app, 4.0)  # the new player has a full idle period again
    assert app.manager.top is app.table


def test_any_touch_on_the_prompt_keeps_the_game(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app(idle=3.0)
    kiosk_tap(app, app.table.layout.tap_point(DECK))
    played = app.table.play
    run_for(app, 3.5)
    prompt = app.manager.top
    assert isinstance(prompt, StillTherePrompt)
    tap(app, prompt.geometry().buttons[0].center)  # «Seguir»
    assert app.manager.top is app.table and app.table.play is played and played.session.moves == 1
    assert app.kiosk is not None and app.kiosk.mood is Mood.PLAYING and app.kiosk.abandoned == 0
    run_for(app, 3.5)
    assert isinstance(app.manager.top, StillTherePrompt)
    tap(app, (5, 5))  # a touch anywhere answers it too
    assert app.manager.top is app.table and app.table.play is played


def test_an_untouched_fresh_deal_goes_straight_to_the_demo(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app(idle=3.0)
    run_for(app, 3.2)
    assert isinstance(app.manager.top, AttractScene)
    assert app.kiosk is not None and app.kiosk.abandoned == 0


def test_the_prompt_closes_any_open_screen(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app(idle=2.0)
    kiosk_tap(app, app.table.layout.buttons["rules"].center)
    assert app.manager.top is not app.table
    run_for(app, 2.2 + 20.2)
    assert app.manager.stack == [app.table, app.kiosk.demo] if app.kiosk else False


def test_the_demo_plays_winning_lines_through_the_rules_and_loops(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app(idle=1.0)
    run_for(app, 1.1)
    demo = app.manager.top
    assert isinstance(demo, AttractScene)
    won: list[Session] = []  # kept alive, so a new session never takes an old one's id
    animated = 0
    for _ in range(3000):
        moves = app.table.play.session.moves
        step(app, 1, 0.35)
        session = app.table.play.session
        if session.moves == moves + 1 and app.table.anim.ghosts:
            animated += 1  # the move's cards fly as in play
        if session.is_won and (not won or won[-1] is not session):
            won.append(session)
            assert session.state.removed_from_pyramid == 28
            assert session.moves == len(session.history)  # every move went through Session.play
        if len(won) == 2:
            break
    assert len(won) == 2 and demo.wins == 2 and demo.refused == 0
    assert animated >= 40
    deals = demo.deals
    step(app, 12, 0.35)  # the cleared pyramid shows a moment, then another deal
    assert demo.deals > deals and not app.table.play.session.is_won


def test_a_demo_move_the_rules_refuse_changes_nothing(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app()
    before = app.table.play.state
    assert not app.table.demo_move(Move.parse("P0"))  # the apex is covered
    assert app.table.play.state == before and app.table.play.session.moves == 0


def test_the_demo_shows_tap_to_play(kiosk_app: Callable[..., App], tmp_path: object) -> None:
    app = kiosk_app(idle=1.0)
    run_for(app, 1.1)
    demo = app.manager.top
    assert isinstance(demo, AttractScene)
    run_for(app, 3.0)
    app.draw()
    banner = demo.banner()
    screen = app.screen
    assert banner.get_width() == screen.get_width()
    bottom = screen.get_at((screen.get_width() // 2, screen.get_height() - 2))
    assert bottom[:3] != (238, 232, 214)  # the controls are covered by the banner


@pytest.mark.parametrize("size", [(1080, 1920), (1280, 720)])
def test_the_speech_option_speaks_from_the_start_and_the_demo_offers_to_be_heard(
    kiosk_app: Callable[..., App], size: tuple[int, int], tmp_path: Path
) -> None:
    """``--speech``: spoken moves on at once; the demo is silent, with «Pulsa aquí para oír el
    juego» across the foot of the screen; a tap there deals a game spoken aloud, a tap anywhere
    else a silent one."""
    app = kiosk_app(idle=1.0, size=size, speech=True)
    assert app.ctx.settings.speech is Speech.ON
    run_for(app, 1.2)
    demo = app.manager.top
    assert isinstance(demo, AttractScene) and app.ctx.settings.speech is Speech.OFF
    app.draw()
    hear = demo.hear_rect
    width, height = size
    assert hear is not None and hear.bottom <= height and hear.top >= height * 0.8
    assert hear.width >= width * 0.8
    assert min(hear.size) >= app.ctx.metrics.min_tap
    pygame.image.save(app.screen, tmp_path / "demo.png")
    kiosk_tap(app, (width // 2, height - demo.banner().get_height() + 5))  # «Toca para jugar»: silent
    assert app.manager.top is app.table and app.ctx.settings.speech is Speech.OFF
    run_for(app, 1.2 + 20.5)  # nobody plays it: «¿Sigues ahí?», then the demo again
    demo = app.manager.top
    assert isinstance(demo, AttractScene)
    app.draw()
    assert demo.hear_rect is not None
    kiosk_tap(app, demo.hear_rect.center)
    assert app.manager.top is app.table and app.ctx.settings.speech is Speech.ON
    assert app.access.speaking


def test_without_the_speech_option_the_demo_offers_nothing_to_hear(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app(idle=1.0)
    run_for(app, 1.2)
    demo = app.manager.top
    assert isinstance(demo, AttractScene)
    app.draw()
    assert demo.hear_rect is None and app.ctx.settings.speech is Speech.AUTO


def test_a_tall_portrait_kiosk_keeps_its_controls_and_piles_in_the_lower_half(
    kiosk_app: Callable[..., App], tmp_path: Path
) -> None:
    """1080×1920 upright, as a seated visitor reaches it: every control under the table and
    every pile lies in the lower half (the deal chip alone stays in the top bar)."""
    app = kiosk_app(size=(1080, 1920))
    step(app, 30, TICK)
    layout = app.table.layout
    controls = [rect for name, rect in layout.buttons.items() if name != "deal"]
    assert all(rect.top >= 1920 // 2 for rect in [*controls, layout.deck, layout.stock, layout.waste])
    assert all(min(rect.size) >= app.ctx.metrics.min_tap for rect in controls)
    pygame.image.save(app.screen, tmp_path / "kiosk-1080x1920.png")


# --- forgiving touch ----------------------------------------------------------------------------


def draws(app: App) -> int:
    return app.table.play.state.waste_count


def test_a_touch_and_its_echoed_plain_click_count_once(make_app: AppFactory) -> None:
    app = make_app()
    pos = app.table.layout.tap_point(DECK)
    post_tap(pos, touch=True)
    step(app)
    post_tap((pos[0] + 3, pos[1] - 2), touch=False)  # the driver's duplicate, right after
    step(app, 3)
    assert draws(app) == 1
    step(app, 40)  # well after: a real second click
    post_tap(pos, touch=False)
    step(app)
    assert draws(app) == 2


def test_quick_plain_clicks_on_the_desktop_all_count(make_app: AppFactory) -> None:
    app = make_app()
    for _ in range(3):
        tap_place(app, DECK)
    assert draws(app) == 3


def test_a_kiosk_panel_reporting_a_touch_twice_counts_once(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app()
    pos = app.table.layout.tap_point(DECK)
    post_tap(pos)
    post_tap(pos)  # the same touch, reported twice in one frame
    step(app)
    step(app, 1, 0.05)
    post_tap(pos)  # and once more 50 ms later
    step(app)
    assert draws(app) == 1
    run_for(app, 0.3)
    post_tap(pos)  # a second tap a moment later is a real one
    step(app)
    assert draws(app) == 2
    assert app.taps.dropped == 2


def test_a_palm_on_the_glass_changes_nothing(make_app: AppFactory) -> None:
    app = make_app()
    before = app.table.play.state
    for finger in range(4):
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.8, finger_id=finger, touch_id=1))
    post_tap(app.table.layout.tap_point(DECK), touch=True)
    step(app)
    for finger in range(4):
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.8, finger_id=finger, touch_id=1))
    step(app)
    assert app.table.play.state == before
    tap_place(app, DECK)  # a finger alone works again
    assert draws(app) == 1


def post_fingers(kind: int, fingers: range, touch_id: int = 1) -> None:
    """Real SDL finger events (normalised positions), as a touchscreen sends them."""
    for finger in fingers:
        pygame.event.post(pygame.event.Event(kind, x=0.5, y=0.8, finger_id=finger, touch_id=touch_id))


def test_finger_lifts_that_never_arrive_block_taps_only_for_a_moment(make_app: AppFactory) -> None:
    app = make_app()
    post_fingers(pygame.FINGERDOWN, range(3))  # three fingers come down; their lifts are lost
    step(app)
    post_tap(app.table.layout.tap_point(DECK), touch=True)  # a palm at that moment: no tap
    step(app)
    assert draws(app) == 0
    step(app, round(FINGER_LOST_SECONDS * 60) + 1)  # nothing heard from those fingers since
    tap_place(app, DECK)
    assert draws(app) == 1
    run_for(app, 1.0)
    tap_place(app, DECK)  # and every tap after it
    assert draws(app) == 2


def test_a_finger_that_moves_is_still_down(make_app: AppFactory) -> None:
    app = make_app()
    post_fingers(pygame.FINGERDOWN, range(3))
    for _ in range(round(FINGER_LOST_SECONDS * 2)):  # a hand resting on the glass, moving a little
        post_fingers(pygame.FINGERMOTION, range(3))
        step(app, 30)
    post_tap(app.table.layout.tap_point(DECK), touch=True)
    step(app)
    assert draws(app) == 0
    post_fingers(pygame.FINGERUP, range(3))
    step(app)
    tap_place(app, DECK)
    assert draws(app) == 1


def test_losing_the_window_forgets_the_fingers_down(make_app: AppFactory) -> None:
    app = make_app()
    post_fingers(pygame.FINGERDOWN, range(3))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    step(app)
    tap_place(app, DECK)  # at once, not after a timeout
    assert draws(app) == 1


def test_a_kiosk_leaves_its_demo_after_finger_lifts_were_lost(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app(idle=2.0)
    for touch_id in (1, 2, 3):  # three lost lifts, from time to time
        post_fingers(pygame.FINGERDOWN, range(1), touch_id)
        run_for(app, 0.5)
    run_for(app, 2.0)
    assert isinstance(app.manager.top, AttractScene)
    tap(app, (app.table.layout.size[0] // 2, app.table.layout.size[1] // 2))
    assert app.manager.top is app.table and app.kiosk is not None and app.kiosk.mood is Mood.PLAYING


def test_a_stray_tap_on_the_felt_changes_nothing(make_app: AppFactory) -> None:
    app = make_app()
    state = app.table.play.state
    free = next(slot for slot in range(21, 28) if not state.card_at(slot).is_king)  # type: ignore[union-attr]
    tap_place(app, free)
    selected, line = app.table.play.selected, app.table.frame().line
    assert selected is not None
    for pos in ((3, app.table.layout.top_bar.bottom + 5), (app.table.layout.size[0] - 3, 300)):
        tap(app, pos)
        assert app.table.play.selected == selected and app.table.frame().line == line


# --- nothing on screen quits, leaves fullscreen or needs a keyboard ------------------------------------


def test_staff_exit_is_ctrl_shift_q(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app()
    post_key(pygame.K_q, pygame.KMOD_LCTRL)  # Ctrl+Q alone does nothing
    post_key(pygame.K_q, pygame.KMOD_LSHIFT)
    step(app)
    assert app.running
    post_key(pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    step(app)
    assert not app.running and app.stop_reason == "staff"


def test_a_kiosk_ignores_window_close_and_f11(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app()
    assert not pygame.mouse.get_visible()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    post_key(pygame.K_F11)
    step(app)
    assert app.running and not app.fullscreen


def test_kiosk_new_deal_needs_no_typing(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app()
    first = app.table.play
    tap_button(app, "new")  # nothing played yet: a fresh deal at once, no number to type
    assert app.manager.top is app.table and app.table.play is not first
    run_for(app, 0.3)
    kiosk_tap(app, app.table.layout.tap_point(DECK))
    playing = app.table.play
    kiosk_tap(app, app.table.layout.buttons["deal"].center)
    panel = app.manager.top
    assert isinstance(panel, Panel) and not isinstance(panel, DealDialog)
    assert panel.title(app.ctx.texts) == "¿Empezar otro reparto?"
    kiosk_tap(app, panel.geometry().buttons[0].center)  # «Seguir con este»
    assert app.manager.top is app.table and app.table.play is playing
    tap_button(app, "new")
    panel = app.manager.top
    assert isinstance(panel, Panel)
    kiosk_tap(app, panel.geometry().buttons[1].center)  # «Nuevo reparto»
    assert app.manager.top is app.table and app.table.play is not playing


def test_kiosk_settings_offer_the_language_but_not_the_rules(kiosk_app: Callable[..., App]) -> None:
    app = kiosk_app()
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    assert [row.key for row in screen.rows] == ["set_lang", "set_motion"]
    kiosk_tap(app, screen.options[0][1].center)
    assert app.ctx.settings.lang == "en"
    kiosk_tap(app, screen.close_rect.center)
    assert app.manager.top is app.table


def test_kiosk_win_panel_offers_no_copy(kiosk_app: Callable[..., App], winning_line: LineFinder) -> None:
    """Nor «tu mejor tiempo»: a kiosk's statistics are every visitor's."""
    number, moves = winning_line("passes=3 overlap=on")
    app = kiosk_app(deal=number)
    for move in moves:
        places = [DECK] if move.kind in (Kind.DRAW, Kind.RECYCLE) else list(move.places)
        for place in places:
            kiosk_tap(app, app.table.layout.tap_point(place))
    assert app.table.play.session.is_won
    panel = app.manager.top
    assert isinstance(panel, Panel)
    labels = [button.label(app.ctx.texts) for button in panel.buttons]
    assert labels == ["Nuevo reparto", "Repetir reparto", "Ver el tablero"]
    assert not any("mejor tiempo" in line for line in panel.body(app.ctx.texts))


# --- tap targets on the glass ---------------------------------------------------------------------


def test_kiosk_targets_come_from_the_display_size_when_sdl_knows_it() -> None:
    assert kiosk_min_tap(20.0, 92.0, (1920, 1080)) == 73  # a 24" 1080p panel: 20 mm ≈ 72.4 px
    assert kiosk_min_tap(20.0, 160.0, (1920, 1080)) == 126  # a denser panel: more pixels
    assert kiosk_min_tap(25.0, 92.0, (1920, 1080)) == 91  # --target-mm 25


def test_kiosk_targets_scale_with_the_screen_when_its_size_is_unknown() -> None:
    assert kiosk_min_tap(20.0, None, (1920, 1080)) == 72
    assert kiosk_min_tap(20.0, None, (1080, 1920)) == 72
    assert kiosk_min_tap(20.0, None, (3840, 2160)) == 144
    assert kiosk_min_tap(20.0, None, (1280, 720)) == 48
    assert kiosk_min_tap(20.0, None, (800, 480)) == 44  # never below the desktop's minimum
    assert kiosk_min_tap(30.0, None, (1920, 1080)) == 108


def test_the_display_density_is_asked_of_sdl(display: None) -> None:
    dpi = display_dpi()  # the dummy driver knows no physical size
    assert dpi is None or 40.0 <= dpi <= 1000.0


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)])
def test_kiosk_screens_meet_the_larger_targets(kiosk_app: Callable[..., App], size: tuple[int, int]) -> None:
    app = kiosk_app(size=size, idle=2.0)
    target = app.ctx.metrics.min_tap
    assert target == 72  # the dummy driver knows no display size: 72 px at a 1080-pixel short side
    layout = app.table.layout
    assert layout.metrics is app.ctx.metrics
    for name, rect in layout.buttons.items():
        assert min(rect.size) >= target, (name, rect)
    for rect in (layout.deck, layout.stock, layout.waste):
        assert min(rect.size) >= target
    assert layout.card[0] >= target and layout.step >= target  # a covered card's strip is a target too
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    for rect in [screen.close_rect, *(r for row in screen.options for r in row)]:
        assert min(rect.size) >= target
    kiosk_tap(app, screen.close_rect.center)
    kiosk_tap(app, app.table.layout.tap_point(DECK))
    run_for(app, 2.1)
    prompt = app.manager.top
    assert isinstance(prompt, StillTherePrompt)
    (button,) = prompt.geometry().buttons
    assert button.height >= target and button.width >= 4 * target  # a big «Seguir»


# --- the kiosk's saves and statistics (real files) ------------------------------------------------


def kiosk_launch(directory: Path, idle: float = 3.0) -> App:
    return launch(Storage(FileBackend(directory)), LabelTable(), deal=1, size=(1280, 720), seed=5,
                  kiosk=KioskOptions(idle_seconds=idle))  # fmt: skip


def saved(directory: Path, name: str, version: int) -> dict[str, Any]:
    doc = Storage(FileBackend(directory)).load(name, version)
    assert doc is not None, name
    return doc


def test_ctrl_shift_q_saves_the_game_and_ends_the_loop(display: None, tmp_path: Path) -> None:
    app = kiosk_launch(tmp_path)
    kiosk_tap(app, app.table.layout.tap_point(DECK))
    post_key(pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    asyncio.run(app.run())  # the real loop: one frame, then it stops and saves
    assert not app.running and app.stop_reason == "staff"
    session = Session.from_record(saved(tmp_path, "game", GAME_VERSION)["session"])
    assert session.moves == 1 and session.deal_number == 1


def test_the_idle_reset_counts_the_closed_game_and_never_the_demo(display: None, tmp_path: Path) -> None:
    app = kiosk_launch(tmp_path)
    rules = str(app.table.play.state.rules)
    kiosk_tap(app, app.table.layout.tap_point(DECK))  # a visitor starts a game ...
    assert Stats.from_doc(saved(tmp_path, "stats", STATS_VERSION)).of(rules).played == 1
    run_for(app, 3.1 + 20.1)  # ... and walks away
    assert isinstance(app.manager.top, AttractScene)
    stats = Stats.from_doc(saved(tmp_path, "stats", STATS_VERSION)).of(rules)
    # closed unwon by the idle reset: abandoned, apart from lost, counted at once
    assert (stats.played, stats.won, stats.lost, stats.abandoned) == (1, 0, 0, 1)
    assert stats.recent == "" and stats.win_rate is None  # no result: no streak, no win rate
    screen = StatsScreen(app.ctx, app.manager, app.table.play.state.rules)
    screen.relayout((1280, 720))
    assert "Abandonados (el quiosco se reinició sin nadie): 1" in screen.body(app.ctx.texts)
    fresh = Session.from_record(saved(tmp_path, "game", GAME_VERSION)["session"])
    assert fresh.moves == 0  # what a restart would resume: the fresh deal, untouched
    demo = app.manager.top
    assert isinstance(demo, AttractScene)
    for _ in range(2000):  # the demo wins a deal or two
        step(app, 1, 0.35)
        if demo.wins >= 2:
            break
    assert demo.wins >= 2
    stats = Stats.from_doc(saved(tmp_path, "stats", STATS_VERSION)).of(rules)
    assert (stats.played, stats.won, stats.abandoned) == (1, 0, 1)  # the demo's games count for nothing
    assert Session.from_record(saved(tmp_path, "game", GAME_VERSION)["session"]).moves == 0
    asyncio.run(stop_now(app))  # a signal during the demo: the saved game is still the fresh one
    assert Session.from_record(saved(tmp_path, "game", GAME_VERSION)["session"]).moves == 0


async def stop_now(app: App) -> None:
    app.stop("SIGTERM")
    await app.run()


# --- texts for a public screen ----------------------------------------------------------------------


def test_a_restarted_kiosk_greets_a_visitor_not_a_returning_player(display: None, tmp_path: Path) -> None:
    """The kiosk restarts (a power cut, an update) on its saved game: 0 moves after an idle
    reset, or a visitor's game. Neither is «Partida recuperada: sigue donde la dejaste»: the
    person at the screen never left anything; the table opens with its welcome line."""
    fresh = kiosk_launch(tmp_path)
    fresh.save(force_clock=True)
    again = kiosk_launch(tmp_path)
    assert again.table.play.session.moves == 0 and again.table.play.game_id == fresh.table.play.game_id
    welcome = again.ctx.t("welcome", sum=13)
    assert again.table.frame().line == welcome
    kiosk_tap(again, again.table.layout.tap_point(DECK))
    again.save(force_clock=True)
    third = kiosk_launch(tmp_path)
    assert third.table.play.session.moves == 1
    assert third.table.frame().line == welcome


def test_the_kiosks_new_deal_question_says_nothing_about_statistics(kiosk_app: Callable[..., App]) -> None:
    """A visitor's «Nuevo reparto» over a game with moves still asks first, but a public screen's
    question is about the game on the table, not about a home player's statistics."""
    for lang in ("es", "en"):
        app = kiosk_app(lang=lang)
        run_for(app, 0.3)
        kiosk_tap(app, app.table.layout.tap_point(DECK))
        tap_button(app, "new")
        panel = app.manager.top
        assert isinstance(panel, Panel)
        body = " ".join(panel.body(app.ctx.texts))
        assert "estadística" not in body.lower() and "statistic" not in body.lower(), body
        assert app.ctx.texts.moves(1) in body, body


def test_a_visitor_who_asks_to_hear_is_told_when_there_is_no_voice(kiosk_app: Callable[..., App]) -> None:
    """The missing voice was said once, at start-up, to an empty room: the visitor who tapped
    «Pulsa aquí para oír el juego» played in silence, never told why."""
    app = kiosk_app(idle=1.0, size=(1080, 1920), speech=True)
    app.access.voice = Voice(engines=())
    run_for(app, 1.2)
    demo = app.manager.top
    assert isinstance(demo, AttractScene)
    app.draw()
    assert demo.hear_rect is not None
    kiosk_tap(app, demo.hear_rect.center)
    step(app)
    assert app.ctx.settings.speech is Speech.ON
    line = app.table.play.line
    assert line is not None and line.key == "voice_missing"


@pytest.mark.parametrize("variant", [variant.name for variant in REGISTERED])
def test_a_kiosk_of_every_variant_deals_it_and_its_demo_wins_it(
    display: None, tmp_path: Path, variant: str
) -> None:
    """``--kiosk --variant V`` for every registered variant: a proven-winnable deal of V with its
    own passes (Tut's Tomb: unlimited), and the demo playing a win through the rules."""
    args = main.parse_args(["--kiosk", "--variant", variant, "--idle-seconds", "1"])
    options = KioskOptions(args.idle_seconds, lang="es")
    storage = Storage(FileBackend(tmp_path))
    given = main.overrides(args)
    app = launch(storage, load_table(), overrides=given, size=(1280, 720), seed=3, kiosk=options)
    rules = app.table.play.state.rules
    assert rules.variant is VARIANTS[variant]
    assert rules.passes == (rules.variant.default_passes if rules.variant.has_stock else 1)
    run_for(app, 1.1)
    demo = app.manager.top
    assert isinstance(demo, AttractScene)
    for _ in range(1500):
        step(app, 1, 0.35)
        if app.table.play.session.is_won:
            break
    session = app.table.play.session
    assert session.is_won and demo.refused == 0, variant
    assert session.state.rules.variant.name == variant
    assert session.moves == len(session.history) >= 20


def test_a_kiosk_refuses_an_unknown_variant_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main.parse_args(["--kiosk", "--variant", "reservee"])
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert "invalid choice: 'reservee'" in error and "tut" in error
