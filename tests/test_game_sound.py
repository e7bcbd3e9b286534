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
from game.play import Play
from game.render.assets import AssetError
from game.scenes.settings_screen import ROWS, SettingsScreen
from game.sound import Sound, Sounds, c_stderr_kept
from game.table_terms import DECK
from rules import Move

AppFactory = Callable[..., App]
LineFinder = Callable[[str], tuple[int, list[Move]]]


def playing(sounds: Sounds) -> set[Sound]:
    """The sounds the real mixer took (gave a channel) since the last :func:`silence`: a short
    sound may already have ended when the test looks, on a busy machine."""
    return set(sounds.started)


def silence(sounds: Sounds) -> None:
    pygame.mixer.stop()
    sounds.forget_started()


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
    silence(sounds)
    play = app.table.play
    place = next(p for p in range(28) if play.selectable(p) and not king(play, p))
    tap_place(app, place)
    assert Sound.SELECT in playing(sounds)
    silence(sounds)
    tap_place(app, place)  # let it go again: no new sound
    assert playing(sounds) == set()
    app.table.play.session.undo()
    for move in moves[:-1]:
        play_by_taps(app, move)
    silence(sounds)
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
    silence(app.ctx.sounds)
    play_by_taps(app, moves[first_pair])
    assert Sound.PAIR in playing(app.ctx.sounds)
    silence(app.ctx.sounds)
    app.ctx.settings.sound = False
    play_by_taps(app, moves[first_pair + 1])
    tap_place(app, DECK)
    assert app.table.play.session.moves == first_pair + 3
    assert playing(app.ctx.sounds) == set() and not pygame.mixer.get_busy()


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
    screen.reveal(row)  # in sight, as the keyboard's focus brings it where the rows scroll
    step(app)
    assert app.ctx.settings.sound and screen.shown(row)
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


# --- what reaches the speakers: SDL's disk audio driver writes the mixed output to a file ----------

"""The mixer's output (game.sound.MIXER_FORMAT): 44.1 kHz, 16-bit, stereo."""
SLACK = 8 * 512 * 4
"""Output past a sound's own length to wait for: eight of the mixer's buffers (SDL starts a sound
at the next buffer it mixes; the file may lag the mixer by a buffer or two)."""
POLLS = 4000
"""How many times to look at the file before giving up (5 ms apart: 20 s at the very most)."""


class DiskAudio:
    """The file SDL's ``disk`` audio driver writes: every sample the mixer sends out, silence
    included, at the pace of playback (sped up by ``SDL_DISKAUDIODELAY``). Where the game is
    in the output is read from the file's own length, never from a clock."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def mark(self) -> int:
        """How many bytes of output there are so far."""
        return self.path.stat().st_size if self.path.exists() else 0

    def after(self, mark: int, length: int) -> bytes:
        """The ``length`` bytes of output from ``mark`` on, once the driver has written them."""
        for _ in range(POLLS):
            if self.mark() >= mark + length:
                return self.path.read_bytes()[mark : mark + length]
            pygame.time.wait(5)  # not a measure of anything: the file's length says where we are
        raise AssertionError(f"SDL's disk driver wrote {self.mark() - mark} of {length} bytes")


@pytest.fixture
def disk_audio(quiet_mixer: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> DiskAudio:
    """The mixer opens on SDL's ``disk`` driver, writing to a file in ``tmp_path``."""
    output = tmp_path / "audio.raw"
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(output))
    monkeypatch.setenv("SDL_DISKAUDIODELAY", "2")  # a 512-sample buffer every 2 ms: 5.8 × playback
    return DiskAudio(output)


class Listener:
    """The game ``app`` heard through ``audio``: each sound found in the output by its own
    decoded samples (one sound alone is mixed at full volume: the output is its waveform, sample
    for sample), with silence before and after it."""

    def __init__(self, app: App, audio: DiskAudio) -> None:
        self.app = app
        self.audio = audio
        sounds = app.ctx.sounds
        assert sounds.available and pygame.mixer.get_driver() == "disk", sounds.error
        self.raw = {sound: sounds.loaded(sound).get_raw() for sound in Sound}  # type: ignore[union-attr]
        assert not any(silent(samples) for samples in self.raw.values())

    def heard(self, sound: Sound, mark: int) -> bytes:
        """The output from ``mark`` on, as long as ``sound`` plus the slack."""
        return self.audio.after(mark, len(self.raw[sound]) + SLACK)

    def expect(self, sound: Sound, mark: int) -> None:
        chunk = self.heard(sound, mark)
        assert self.raw[sound] in chunk, f"{sound.value} did not reach the output"
        start = chunk.index(self.raw[sound])
        assert silent(chunk[:start]) and silent(chunk[start + len(self.raw[sound]) :])  # that sound alone

    def tap(self, place: int, sound: Sound | None) -> None:
        """Tap ``place`` and hear ``sound`` (None: silence) to its end."""
        mark = self.audio.mark()
        tap_place(self.app, place)
        if sound is None:
            assert silent(self.heard(Sound.SELECT, mark))
        else:
            self.expect(sound, mark)

    def quietly(self, line: list[Move]) -> None:
        """Play ``line`` with the sound off."""
        self.app.ctx.settings.sound = False
        for move in line:
            play_by_taps(self.app, move)
        self.app.ctx.settings.sound = True


def silent(chunk: bytes) -> bool:
    return not any(chunk)


def test_a_draw_a_selection_and_a_pair_reach_the_output_and_nothing_else_does(
    make_app: AppFactory, winning_line: LineFinder, disk_audio: DiskAudio
) -> None:
    """On SDL's disk audio driver: nothing before the first move; a draw, a selection and a
    pair each put their own samples in the output; a tap that lets the selected card go adds
    nothing; with the sound turned off the output stays silent."""
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    ears = Listener(app, disk_audio)
    assert silent(disk_audio.after(0, SLACK))
    ears.tap(DECK, Sound.DRAW)
    tap_button(app, "undo")
    pair_at = next(i for i, move in enumerate(moves) if len(move.places) == 2)
    ears.quietly(moves[:pair_at])
    first, second = moves[pair_at].places
    ears.tap(first, Sound.SELECT)
    ears.tap(first, None)  # let it go
    assert app.table.play.selected is None
    ears.tap(first, Sound.SELECT)
    ears.tap(second, Sound.PAIR)
    assert app.table.play.state.card_at(second) is None
    app.ctx.settings.sound = False  # «Sonido: No»
    for place in (DECK, DECK):
        ears.tap(place, None)
    assert app.table.play.session.moves == 1 + pair_at + 3  # (the first draw, undone, counts)


def test_the_win_reaches_the_output_unless_muted(
    make_app: AppFactory, winning_line: LineFinder, disk_audio: DiskAudio
) -> None:
    """The last move of a won deal puts the win's own samples in the output; muted, silence."""
    number, moves = winning_line("passes=3 overlap=on")
    app = make_app(deal=number)
    ears = Listener(app, disk_audio)
    *before, last = moves[-1].places
    for muted in (True, False):
        ears.quietly(moves[:-1])
        app.ctx.settings.sound = not muted
        for place in before:  # the last pair's first card, heard apart
            ears.tap(place, None if muted else Sound.SELECT)
        ears.tap(last, None if muted else Sound.WIN)
        assert app.table.play.session.is_won
        app.ctx.settings.sound = True
        app.table.replay()
