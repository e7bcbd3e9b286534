"""The four sounds on SDL's dummy audio driver: they load, moves play them on the real mixer,
the setting mutes them, and the game runs on in silence when the mixer cannot open."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from commands import command_env, interrupt, start_game

from game.app import App
from game.config import SOUNDS_DIR
from game.driver import play_by_taps, press_key, step, tap, tap_button, tap_place
from game.play import DECK, Play
from game.render.assets import AssetError
from game.scenes.settings_screen import ROWS, SettingsScreen
from game.sound import Sound, Sounds, c_stderr_kept
from rules import Move

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]


def playing(sounds: Sounds) -> set[Sound]:
    """The sounds some mixer channel is playing now."""
    busy = [pygame.mixer.Channel(i).get_sound() for i in range(pygame.mixer.get_num_channels())]
    return {s for s in Sound if sounds.loaded(s) is not None and sounds.loaded(s) in busy}


def king(play: Play, place: int) -> bool:
    card = play.state.card_at(place)
    return card is not None and card.is_king


@pytest.fixture
def quiet_mixer() -> Iterator[None]:
    """A mixer closed before and after the test (so each test opens its own)."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_sound_file_loads_and_is_short(display: None, quiet_mixer: None) -> None:
    sounds = Sounds()
    assert sounds.available and sounds.error is None
    for sound in Sound:
        assert (SOUNDS_DIR / f"{sound.value}.ogg").read_bytes()[:4] == b"OggS"
        loaded = sounds.loaded(sound)
        assert loaded is not None
        assert 0.03 < loaded.get_length() <= 1.5
    assert (SOUNDS_DIR / "LICENSE.md").is_file()


def test_moves_play_their_sounds_on_the_real_mixer(
    make_app: AppFactory, winning_line: LineFinder, quiet_mixer: None
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    sounds = app.ctx.sounds
    assert pygame.mixer.get_init() is not None and sounds.available
    tap_place(app, DECK)
    assert Sound.DRAW in playing(sounds)
    pygame.mixer.stop()
    play = app.table.play
    place = next(p for p in range(28) if play.selectable(p) and not king(play, p))
    tap_place(app, place)
    assert Sound.SELECT in playing(sounds)
    tap_place(app, place)  # let it go again: no new sound
    pygame.mixer.stop()
    app.table.play.session.undo()
    for move in moves[:-1]:
        play_by_taps(app, move)
    pygame.mixer.stop()
    play_by_taps(app, moves[-1])
    assert app.table.play.session.is_won
    assert Sound.WIN in playing(sounds)


def test_a_pair_sounds_unless_muted(
    make_app: AppFactory, winning_line: LineFinder, quiet_mixer: None
) -> None:
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    first_pair = next(i for i, m in enumerate(moves) if len(m.places) == 2)
    for move in moves[:first_pair]:
        play_by_taps(app, move)
    pygame.mixer.stop()
    play_by_taps(app, moves[first_pair])
    assert Sound.PAIR in playing(app.ctx.sounds)
    pygame.mixer.stop()
    app.ctx.settings.sound = False
    play_by_taps(app, moves[first_pair + 1])
    tap_place(app, DECK)
    assert app.table.play.session.moves == first_pair + 3
    assert not pygame.mixer.get_busy()


def test_the_game_plays_on_when_the_mixer_cannot_open(
    make_app: AppFactory, quiet_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    app = make_app(deal=1)
    assert not app.ctx.sounds.available and app.ctx.sounds.error
    assert pygame.mixer.get_init() is None
    tap_place(app, DECK)
    step(app, 10)
    assert app.table.play.session.moves == 1
    assert not app.ctx.sounds.play(Sound.DRAW)


def test_the_committed_files_are_what_the_tool_makes(display: None, quiet_mixer: None) -> None:
    """tools/make_sounds.py synthesises each sound (numpy only); the committed OGG decodes to
    the same length, and the waveform stays within its peak with no click at either end."""
    import importlib.util  # noqa: PLC0415

    path = Path(__file__).resolve().parent.parent / "tools" / "make_sounds.py"
    spec = importlib.util.spec_from_file_location("make_sounds", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    sounds = Sounds()
    assert set(tool.SOUNDS) == {s.value for s in Sound}
    for sound in Sound:
        wave = tool.finish(tool.SOUNDS[sound.value]())
        assert 0.8 * tool.PEAK < float(abs(wave).max()) <= tool.PEAK + 1e-6
        assert abs(wave[0]) < 1e-3 and abs(wave[-1]) < 1e-3
        loaded = sounds.loaded(sound)
        assert loaded is not None
        assert abs(loaded.get_length() - len(wave) / tool.RATE) < 0.01, sound


def test_the_sound_row_of_the_settings_screen_mutes(make_app: AppFactory, quiet_mixer: None) -> None:
    app = make_app(deal=1)
    tap_button(app, "settings")
    screen = app.manager.top
    assert isinstance(screen, SettingsScreen)
    row = next(i for i, r in enumerate(ROWS) if r.key == "set_sound")
    assert app.ctx.settings.sound
    tap(app, screen.options[row][1].center)  # «No»
    assert not app.ctx.settings.sound
    press_key(app, pygame.K_ESCAPE)
    pygame.mixer.stop()
    tap_place(app, DECK)
    assert app.table.play.session.moves == 1 and not pygame.mixer.get_busy()


def test_an_undecodable_sound_means_silence_not_a_crash(
    display: None, quiet_mixer: None, tmp_path: Path
) -> None:
    for sound in Sound:
        (tmp_path / f"{sound.value}.ogg").write_bytes(b"OggS not really a stream")
    sounds = Sounds(tmp_path)
    assert not sounds.available and sounds.error and "ogg" in sounds.error
    assert not sounds.play(Sound.PAIR)
    (tmp_path / "win.ogg").unlink()
    with pytest.raises(AssetError, match=r"a sound file is missing: .*win\.ogg"):
        Sounds(tmp_path)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="watches the game through /proc")
@pytest.mark.parametrize("driver", [None, "dummy", "alsa"])
def test_the_game_starts_without_noise_on_stderr_with_or_without_an_audio_device(driver: str | None) -> None:
    """Started with no audio device (SDL_AUDIODRIVER unset, the machine's own driver, or
    ALSA asked for by name) or the dummy driver, the game prints nothing of SDL's or ALSA's:
    stderr holds only the line of the Ctrl-C that stops it."""
    game = start_game(["--deal", "1"], command_env(SDL_AUDIODRIVER=driver))
    result = interrupt(game)
    assert result.returncode == 130
    lines = result.stderr.splitlines()
    assert not [line for line in lines if "ALSA" in line or "alsa" in line], result.stderr
    assert lines == ["main.py: interrupted"], result.stderr


def test_what_c_code_writes_to_stderr_while_the_mixer_opens_is_kept_not_printed(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with c_stderr_kept() as kept:
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    assert kept == ["ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default"]
    os.write(2, b"after\n")  # descriptor 2 is the real stderr again
    assert capfd.readouterr().err == "after\n"
