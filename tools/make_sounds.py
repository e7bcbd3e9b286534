"""Regenerate ``assets/sounds/*.ogg``: the game's four short sounds, synthesised here.

Nothing is sampled or downloaded: each sound is a few numpy waveforms (sine partials under
short envelopes, and a little filtered noise for the card being drawn), written as OGG
Vorbis, the format the browser build needs, with ``soundfile`` (libsndfile; pygame reads OGG
but cannot write it). The noise is seeded, so the waveforms are the same on every run.

    pip install soundfile      # or: pip install -e ".[tools]"
    python tools/make_sounds.py [--out assets/sounds]

| file | when | what |
|---|---|---|
| select.ogg | a card is selected | a soft wooden tick (60 ms) |
| pair.ogg | a pair (or a King) leaves | two rising chime notes (260 ms) |
| draw.ogg | a card is drawn, the stock recycled | a short paper swish (110 ms) |
| win.ogg | the pyramid is cleared | a rising major arpeggio and chord (1.1 s) |
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

RATE = 44100
"""Samples per second (the mixer's default rate, so nothing is resampled)."""
PEAK = 0.5
"""Loudest sample of every sound (full scale is 1.0): quiet beside other programs' sounds."""
SEED = 7
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Wave = npt.NDArray[np.float64]


def times(seconds: float) -> Wave:
    return np.arange(round(seconds * RATE)) / RATE


def envelope(t: Wave, attack: float, decay: float) -> Wave:
    """A linear attack of ``attack`` seconds, then an exponential decay with time constant ``decay``."""
    rise = np.clip(t / attack, 0.0, 1.0)
    return rise * np.exp(-np.maximum(t - attack, 0.0) / decay)


def tone(freq: float, t: Wave, partials: tuple[float, ...] = (1.0, 0.3, 0.1)) -> Wave:
    """A bell-like tone: harmonics 1, 2, 3… with the given weights."""
    return sum((w * np.sin(2 * np.pi * freq * (k + 1) * t) for k, w in enumerate(partials)), np.zeros_like(t))


def note(freq: float, seconds: float, attack: float, decay: float, *, start: float, total: float) -> Wave:
    """A tone placed at ``start`` in a buffer ``total`` seconds long."""
    out = np.zeros(round(total * RATE))
    t = times(seconds)
    begin = round(start * RATE)
    piece = tone(freq, t) * envelope(t, attack, decay)
    out[begin : begin + len(piece)] += piece[: len(out) - begin]
    return out


def select() -> Wave:
    t = times(0.06)
    body = np.sin(2 * np.pi * 1320 * t) + 0.5 * np.sin(2 * np.pi * 2640 * t)
    return body * envelope(t, 0.002, 0.012)


def pair() -> Wave:
    total = 0.26
    return note(784.0, 0.2, 0.004, 0.06, start=0.0, total=total) + note(
        1175.0, 0.2, 0.004, 0.07, start=0.07, total=total
    )


def draw() -> Wave:
    t = times(0.11)
    noise = np.random.default_rng(SEED).standard_normal(len(t))
    kernel = np.ones(6) / 6  # a gentle low-pass: paper, not hiss
    smooth = np.convolve(noise, kernel, mode="same")
    rise_and_fall = np.sin(np.pi * t / t[-1]) ** 2
    return smooth * rise_and_fall * np.exp(-t / 0.05)


def win() -> Wave:
    total = 1.1
    melody = [(523.25, 0.0), (659.25, 0.09), (783.99, 0.18), (1046.5, 0.27)]
    out = np.zeros(round(total * RATE))
    for freq, start in melody:
        out += note(freq, 0.3, 0.005, 0.09, start=start, total=total)
    for freq in (523.25, 659.25, 783.99):
        out += 0.6 * note(freq, 0.75, 0.01, 0.25, start=0.36, total=total)
    return out


SOUNDS: dict[str, Callable[[], Wave]] = {"select": select, "pair": pair, "draw": draw, "win": win}


def finish(wave: Wave) -> npt.NDArray[np.float32]:
    """Scaled to :data:`PEAK`, with 3 ms fades at both ends (no clicks)."""
    wave = wave / max(1e-9, float(np.abs(wave).max())) * PEAK
    fade = min(len(wave) // 2, round(0.003 * RATE))
    ramp = np.linspace(0.0, 1.0, fade)
    wave[:fade] *= ramp
    wave[len(wave) - fade :] *= ramp[::-1]
    return wave.astype(np.float32)


def main() -> None:
    try:
        import soundfile  # noqa: PLC0415 - a tool-only dependency; the waveforms need only numpy
    except ImportError as error:
        raise SystemExit("error: soundfile is missing; run: pip install soundfile") from error
    parser = argparse.ArgumentParser(
        description="Regenerate the game's sounds (OGG Vorbis).", allow_abbrev=False
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="output folder (default: assets/sounds)"
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        path = args.out / f"{name}.ogg"
        wave = finish(make())
        soundfile.write(path, wave, RATE, format="OGG", subtype="VORBIS")
        print(f"wrote {path.name:<11} {len(wave) / RATE * 1000:5.0f} ms {path.stat().st_size:>7,} bytes")


if __name__ == "__main__":
    main()
