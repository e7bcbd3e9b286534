"""The one value every screen takes its sizes from: tap targets, margins, fonts, covered strips.

A :class:`Metrics` lives in :class:`game.context.Context`; the table layout, panels, dialogs,
the settings and rules screens all read it, so a kiosk (bigger targets) or a phone changes
every screen by passing one different value.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace


def clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@dataclass(frozen=True)
class Metrics:
    min_tap: int = 44
    """The smallest side of any tap target, in pixels."""
    min_corner: int = 26
    """The smallest height of the strip a covered pyramid card shows (its corner index)."""
    margin_share: float = 0.025
    """Margins over the window's short side, within :attr:`margin_range`."""
    margin_range: tuple[int, int] = (6, 64)
    font_share: float = 0.026
    """Table font size over the window's short side, within :attr:`font_range`."""
    font_range: tuple[int, int] = (12, 60)
    panel_font_range: tuple[int, int] = (15, 60)
    """Smallest and largest body font of panels and screens."""
    button_ems: float = 2.5
    """Button height over its font size (never below :attr:`min_tap`)."""
    button_min_ems: float = 6.0
    """The narrowest a button of the control grid may be, over the font size."""
    text_scale: float = 1.0
    """The player's text size (1.0 to 2.0): every font of every screen times this, its limits
    too; buttons grow with their font, never below :attr:`min_tap`, and screens re-flow."""

    def margin(self, size: tuple[int, int]) -> int:
        low, high = self.margin_range
        return round(clamp(min(size) * self.margin_share, low, high))

    def font(self, size: tuple[int, int]) -> int:
        low, high = self.font_range
        return round(clamp(min(size) * self.font_share, low, high) * self.text_scale)

    def panel_font(self, size: tuple[int, int], share: float = 0.03) -> int:
        low, high = self.panel_font_range
        return round(clamp(min(size) * share, low, high) * self.text_scale)

    def with_text(self, percent: int) -> Metrics:
        """These metrics at text size ``percent`` (100 gives them back as they are; the same
        value for the same size, so a screen sees that nothing changed)."""
        return _with_text(self, percent)

    def panel_margin(self, size: tuple[int, int]) -> int:
        """Margins of panels, dialogs and screens."""
        low, high = self.margin_range
        return round(clamp(min(size) * self.margin_share * 1.5, max(10, low), high))

    def button_h(self, font: int) -> int:
        return max(self.min_tap, round(font * self.button_ems))

    def scaled(self, ratio: float) -> Metrics:
        """The same sizes on a canvas of ``ratio`` pixels per CSS pixel (the browser's backing
        store on a high-density screen): every length in pixels times ``ratio``, shares kept, so
        the layout of a window ``ratio`` times as large is the native layout of the CSS window."""
        if ratio == 1:
            return self

        def grow(length: int) -> int:
            return round(length * ratio)

        return replace(
            self,
            min_tap=grow(self.min_tap),
            min_corner=grow(self.min_corner),
            margin_range=(grow(self.margin_range[0]), grow(self.margin_range[1])),
            font_range=(grow(self.font_range[0]), grow(self.font_range[1])),
            panel_font_range=(grow(self.panel_font_range[0]), grow(self.panel_font_range[1])),
        )


@functools.lru_cache(maxsize=16)
def _with_text(metrics: Metrics, percent: int) -> Metrics:
    return metrics if percent == 100 else replace(metrics, text_scale=percent / 100)


DEFAULT_METRICS = Metrics()
