"""The rows of «Ajustes»: each a setting, its options, how each is named, how it is read and set.

The screen (:mod:`.settings_screen`) shows them; :mod:`.settings_shape` arranges them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.context import Context
from game.settings import (
    ANIM_SPEEDS,
    PASSES,
    SCAN_SECONDS,
    TEXT_SIZES,
    THEMES,
    DealMode,
    ScanMode,
    Settings,
    Speech,
)
from game.texts import Texts
from rules.variant import REGISTERED, UNLIMITED

LANGUAGE_NAMES = {"es": "Español", "en": "English"}


@dataclass(frozen=True)
class Row:
    key: str
    values: tuple[object, ...]
    names: Callable[[Texts, object], str]
    get: Callable[[Settings], object]
    set: Callable[[Settings, object], None]
    wraps: bool = False
    """Options may go onto more than one line (a row with many, or long, names)."""
    option_ems: int = 3
    """The narrowest an option may be, in font sizes."""


def _yes_no(texts: Texts, value: object) -> str:
    return texts.t("yes" if value else "no")


VARIANT_ROW = Row(
    "set_variant",
    tuple(variant.name for variant in REGISTERED),
    lambda t, v: t.t(f"variant_{v}"),
    lambda s: s.variant,
    lambda s, v: s.choose_variant(str(v)),
    wraps=True,
    option_ems=5,  # seven variants: two a line on a phone at 200 % text, or the row outgrows the view
)
"""The variants the rules play (:data:`rules.variant.REGISTERED`, the default first)."""

SPEECH_NAMES: dict[object, str] = {Speech.AUTO: "speech_auto", Speech.ON: "yes", Speech.OFF: "no"}
SCAN_NAMES: dict[object, str] = {mode: f"scan_{mode.value}" for mode in ScanMode}


def _passes_name(texts: Texts, value: object) -> str:
    """«1», «3», «sin límite»."""
    return texts.t("passes_unlimited") if value == UNLIMITED else str(value)


def _choose_passes(settings: Settings, value: object) -> None:
    assert isinstance(value, int)
    settings.choose_passes(value)


def _named_row(key: str, field: str, names: dict[object, str]) -> Row:
    """A row of the setting ``field`` whose options are the keys of ``names``, each named by the
    text its value names."""
    return Row(
        key,
        tuple(names),
        lambda t, v: t.t(names[v]),
        lambda s: getattr(s, field),
        lambda s, v: setattr(s, field, v),
        wraps=True,
    )


ROWS: tuple[Row, ...] = (
    VARIANT_ROW,
    Row("set_passes", PASSES, _passes_name, lambda s: s.passes, _choose_passes),
    Row("set_overlap", (True, False), _yes_no, lambda s: s.overlap, lambda s, v: setattr(s, "overlap", v)),
    Row(
        "set_mode",
        (DealMode.SOLVABLE, DealMode.RANDOM),
        lambda t, v: t.t("mode_solvable" if v is DealMode.SOLVABLE else "mode_random"),
        lambda s: s.deal_mode,
        lambda s, v: setattr(s, "deal_mode", v),
        wraps=True,
        option_ems=7,  # «totalmente al azar» on two lines: one option a line where they are narrower
    ),
    Row(
        "set_par", (True, False), _yes_no, lambda s: s.par_scoring, lambda s, v: setattr(s, "par_scoring", v)
    ),
    Row(
        "set_lang",
        ("es", "en"),
        lambda t, v: LANGUAGE_NAMES[str(v)],
        lambda s: s.lang,
        lambda s, v: setattr(s, "lang", v),
    ),
    Row(
        "set_motion",
        (True, False),
        _yes_no,
        lambda s: s.reduced_motion,
        lambda s, v: setattr(s, "reduced_motion", v),
    ),
    Row("set_sound", (True, False), _yes_no, lambda s: s.sound, lambda s, v: setattr(s, "sound", v)),
    Row(
        "set_four_colour",
        (True, False),
        _yes_no,
        lambda s: s.four_colour,
        lambda s, v: setattr(s, "four_colour", v),
    ),
    Row(
        "set_large_index",
        (True, False),
        _yes_no,
        lambda s: s.large_index,
        lambda s, v: setattr(s, "large_index", v),
    ),
    # accessibility (game/access): spoken moves and switch scanning
    _named_row("set_speech", "speech", SPEECH_NAMES),
    _named_row("set_scan", "scan", SCAN_NAMES),
    Row(
        "set_scan_seconds",
        SCAN_SECONDS,
        lambda t, v: t.t("scan_seconds", n=v),
        lambda s: s.scan_seconds,
        lambda s, v: setattr(s, "scan_seconds", v),
    ),
    Row(
        "set_theme",
        THEMES,
        lambda t, v: t.t(f"theme_{v}"),
        lambda s: s.theme,
        lambda s, v: setattr(s, "theme", v),
        wraps=True,
        option_ems=6,
    ),
    Row(
        "set_text_size",
        TEXT_SIZES,
        lambda t, v: f"{v} %",
        lambda s: s.text_size,
        lambda s, v: setattr(s, "text_size", v),
        wraps=True,
        option_ems=4,
    ),
    Row(
        "set_hide_timer",
        (True, False),
        _yes_no,
        lambda s: s.hide_timer,
        lambda s, v: setattr(s, "hide_timer", v),
    ),
    Row(
        "set_anim_speed",
        ANIM_SPEEDS,
        lambda t, v: t.t(f"speed_{v}"),
        lambda s: s.anim_speed,
        lambda s, v: setattr(s, "anim_speed", v),
        wraps=True,
        option_ems=5,
    ),
    Row(
        "set_left_handed",
        (True, False),
        _yes_no,
        lambda s: s.left_handed,
        lambda s, v: setattr(s, "left_handed", v),
    ),
)
KIOSK_ROWS: tuple[Row, ...] = tuple(row for row in ROWS if row.key in ("set_lang", "set_motion"))
"""A kiosk keeps its rules, deal mode and look: visitors change only the language and the motion."""


def option_name(ctx: Context, spec: Row, value: object) -> str:
    """What an option reads. «solo con solución» promises what only the label table can
    keep: without a table for these rules it says there is no guarantee instead."""
    if value is DealMode.SOLVABLE and not ctx.dealer.labels.can_promise(ctx.settings.rule_set()):
        return ctx.t("mode_solvable_unsure")
    return spec.names(ctx.texts, value)


SMALL_SHARE = 0.2
"""Under this share of winnable deals (one in five) the settings' note says how few there are."""


def settings_note(ctx: Context) -> str:
    """The note under the rows: rule settings apply from the next deal; and where the rules
    chosen win few deals (under :data:`SMALL_SHARE`, read from the label table), how few, so the
    player knows what they chose («… solo se gana el 15 % de los repartos»); under 1 % as one
    deal in how many («… solo se gana uno de cada 870 repartos»: Tut's Tomb on one pass
    without the overlap rule, where a rounded «1 %» would say nine times too many)."""
    note = ctx.t("settings_note")
    share = ctx.dealer.labels.share(ctx.settings.rule_set())
    if share is None or share >= SMALL_SHARE:
        return note
    if not share:
        return f"{note} {ctx.t('settings_no_share')}"
    if share < 0.01:
        return f"{note} {ctx.t('settings_rare_share', n=round(1 / share))}"
    return f"{note} {ctx.t('settings_small_share', pct=round(share * 100))}"
