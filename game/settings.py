"""The player's settings. Kept in memory for now; a plain dataclass so saving it later is easy.

Rule settings (variant, passes, overlap) and par scoring are read when a new deal starts,
never in the middle of one.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from rules import RuleSet
from rules.variant import PYRAMID, UNLIMITED, VARIANTS


class DealMode(enum.Enum):
    """Where new random deal numbers come from."""

    SOLVABLE = "solvable"
    """«solo con solución»: numbers the solver proved winnable (any, while no table exists)."""
    RANDOM = "random"
    """«totalmente al azar»: any number; the label stays hidden until the deal ends."""


class Speech(enum.Enum):
    """«Leer las jugadas en voz alta»: each action said in one sentence (:mod:`game.access`)."""

    AUTO = "auto"
    """On when a screen reader is reading the game (the platform says so), off otherwise."""
    ON = "on"
    OFF = "off"


class ScanMode(enum.Enum):
    """Switch access (:mod:`game.access.scan`)."""

    OFF = "off"
    STEP = "step"
    """Two switches: one steps to the next target, the other presses it."""
    AUTO = "auto"
    """One switch: the highlight steps on its own, through groups and then their targets."""


SCAN_SECONDS = (1, 2, 3, 4)
"""The auto-scanning speeds offered: seconds the highlight rests on each group or target."""

LANGUAGES = ("es", "en")
PASSES = (1, 3, UNLIMITED)
"""The pass counts offered: 1, 3 and «sin límite» (:data:`rules.variant.UNLIMITED`)."""
PASS_NAMES = {"1": 1, "3": 3, "unlimited": UNLIMITED}
"""The pass counts as the command line, the page address and the settings file write them."""
THEMES = ("default", "dark", "high-contrast")
"""The palettes of :data:`game.render.theme.PALETTES`, the default first."""
TEXT_SIZES = (100, 125, 150, 175, 200)
"""Text size, in per cent of the size the window would give: fonts grow, the layout re-flows."""
ANIM_SPEEDS = ("slow", "normal", "fast", "none")
"""Animation speed; «none» makes every animation instant (as reduced motion does)."""
ANIM_SCALE = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "none": 0.0}
"""Each animation speed's factor on every duration."""
COMFORT = {"theme": THEMES, "text_size": TEXT_SIZES, "anim_speed": ANIM_SPEEDS}
"""Comfort settings with a fixed set of values: a save holding another value (an older or newer
game's, or a hand-edited one) loses only that setting, which falls back to its default."""


@dataclass
class Settings:
    variant: str = PYRAMID.name
    """The variant's name (:data:`rules.variant.VARIANTS`): which deck, layout and win rule."""
    passes: int = 3
    overlap: bool = True
    deal_mode: DealMode = DealMode.SOLVABLE
    lang: str = "es"
    reduced_motion: bool = False
    sound: bool = True
    four_colour: bool = False
    """Four suit colours: spades black, hearts red, diamonds blue, clubs green."""
    large_index: bool = False
    """Cards drawn with the large corner index (always so on cards too small for the standard one)."""
    par_scoring: bool = False
    """«Puntuación par» (seed 004): deals score points and make six-deal matches; from the next deal."""
    speech: Speech = Speech.AUTO
    scan: ScanMode = ScanMode.OFF
    scan_seconds: int = 2
    theme: str = THEMES[0]
    """The palette every screen draws with (:data:`THEMES`)."""
    text_size: int = TEXT_SIZES[0]
    """Text size in per cent (:data:`TEXT_SIZES`): every font of every screen, targets kept."""
    hide_timer: bool = False
    """The clock is not shown while playing (it still runs for the statistics)."""
    anim_speed: str = "normal"
    """How fast cards and panels move (:data:`ANIM_SPEEDS`)."""
    left_handed: bool = False
    """Mirrored table: stock, waste and the primary controls on the left (left-handed and
    one-handed play)."""
    variant_passes: dict[str, str] = field(default_factory=dict)
    """The passes the player chose per variant (its name), as :data:`PASS_NAMES` writes them:
    choosing a variant brings them back, or its own default (:attr:`Variant.default_passes`)
    when the player never chose any for it (:meth:`choose_variant`)."""

    def __post_init__(self) -> None:
        if self.passes not in PASSES:
            raise ValueError(f"passes must be one of {PASSES}, not {self.passes!r}")
        for name, passes in self.variant_passes.items():
            if not isinstance(name, str) or passes not in PASS_NAMES:
                raise ValueError(f"variant_passes: {name!r} cannot have {passes!r} passes")
        if self.variant not in VARIANTS:
            raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, not {self.variant!r}")
        if self.scan_seconds not in SCAN_SECONDS:
            raise ValueError(f"scan_seconds must be one of {SCAN_SECONDS}, not {self.scan_seconds!r}")
        if self.lang not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES}, not {self.lang!r}")
        for name, allowed in COMFORT.items():
            if getattr(self, name) not in allowed:
                shown = ", ".join(str(value) for value in allowed)
                raise ValueError(f"{name} must be one of {shown}, not {getattr(self, name)!r}")

    @property
    def motion_scale(self) -> float:
        """Animation durations are multiplied by this; 0 means none (reduced motion, or «none»)."""
        if self.reduced_motion:
            return 0.0
        return ANIM_SCALE[self.anim_speed]

    @property
    def still(self) -> bool:
        """Nothing animates: every change is instant (reduced motion, or speed «none»)."""
        return self.motion_scale == 0

    def choose_variant(self, name: str) -> None:
        """Play variant ``name`` from the next deal, with the passes the player chose for it
        before, else its default (Tut's Tomb: unlimited); the passes of the variant left are
        remembered for it when they are not its default."""
        if name == self.variant:
            return
        if self.passes != VARIANTS[self.variant].default_passes:
            self.variant_passes[self.variant] = _pass_name(self.passes)
        self.variant = name
        chosen = self.variant_passes.get(name)
        self.passes = PASS_NAMES[chosen] if chosen is not None else VARIANTS[name].default_passes

    def choose_passes(self, passes: int) -> None:
        """Play ``passes`` passes from the next deal, remembered for the variant chosen now."""
        self.passes = passes
        self.variant_passes[self.variant] = _pass_name(passes)

    def rule_set(self) -> RuleSet:
        """The rules the next deal is played under."""
        return RuleSet(passes=self.passes, overlap=self.overlap, variant=VARIANTS[self.variant])


def _pass_name(passes: int) -> str:
    return next(name for name, count in PASS_NAMES.items() if count == passes)
