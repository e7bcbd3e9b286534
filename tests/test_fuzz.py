"""The fuzz of the real game (:mod:`game.fuzz`) at a modest size, every rules invariant
(:mod:`rules.invariants`) checked after every frame. ``python bench/fuzz.py`` runs it at 10⁶
events."""

from __future__ import annotations

import pytest

from game.fuzz import Fuzz
from rules.labels import LabelTable, load_table
from rules.variant import OFFERED

EVENTS = 9000
LIFE_EVENTS = 500


@pytest.fixture(scope="module")
def labels() -> LabelTable:
    return load_table()


@pytest.mark.slow  # 9,000 events: about 10 s of CPU, a tenth of the default run
def test_the_fuzzed_game_never_crashes_nor_breaks_a_rule(display: None, labels: LabelTable) -> None:
    fuzz = Fuzz(20231, labels, life_events=LIFE_EVENTS)
    figures = fuzz.run(EVENTS)
    assert figures.problems == [] and figures.exceptions == figures.violations == 0
    assert figures.events >= EVENTS and figures.frames >= EVENTS // 8
    assert set(figures.seen) >= {*OFFERED, "kiosk", "par"}  # every variant offered, kiosks, par
    assert figures.watched.moves >= 200 and figures.watched.undone >= 10 and figures.watched.deals >= 20
    assert figures.resumed >= 3  # quits, each followed by a start that resumed the saved game
    assert figures.demo_frames > 0  # a kiosk was left alone long enough for its attract demo
