"""Named constants of the game: window, timing, layout proportions, colours, files.

Everything a designer might tune lives here, so no module hides a magic number that matters.
Pixel sizes that depend on the window are computed in :mod:`game.render.layout` from the
proportions below.
"""

from __future__ import annotations

from pathlib import Path

Color = tuple[int, int, int]

# --- files ------------------------------------------------------------------------------------
ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
CARDS_DIR = ASSETS / "cards"
SOUNDS_DIR = ASSETS / "sounds"
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"

# --- window and loop --------------------------------------------------------------------------
WINDOW_SIZE = (1280, 720)
"""The window size when the desktop's size is unknown."""
DESKTOP_MARGIN = 80
"""Pixels kept free around a new window for the window manager's frame and panels."""
MIN_WINDOW = (320, 480)
"""The smallest window the layout is made for (portrait; turned for landscape). Smaller ones
still get a layout, but targets may fall below the minimum tap size."""
FPS = 60
WINDOW_CLASS = "pyramide"

# --- timing (seconds) -------------------------------------------------------------------------
REMOVE_SECONDS = 0.25
DRAW_SECONDS = 0.20
RECYCLE_SECONDS = 0.30
PANEL_POP_SECONDS = 0.18
DEAL_SECONDS = 0.65
"""The whole deal animation, first card leaving the stock to last card landing (≤ 0.7 s)."""
DEAL_CARD_SECONDS = 0.2
"""One card's flight from the stock to its pyramid slot; the rest of :data:`DEAL_SECONDS`
staggers the 28 starts."""
DEAL_FACE_DOWN = 0.3
"""A dealt card leaves the face-down stock face down and turns up after this share of its flight."""
DISCARD_SECONDS = 0.32
"""A removed card's flight to the discard spot, off the table past the top right corner."""
DISCARD_STAGGER = 0.05
"""The second card of a pair leaves this much after the first."""
DISCARD_SHRINK = 0.7
"""A removed card's size when it leaves the table, over its size on the table."""
COPIED_NOTE_SECONDS = 2.0
TOUCH_ECHO_SECONDS = 0.5
"""A plain click this soon after a touch tap at the same place is the driver's echo of it."""
KIOSK_REPEAT_SECONDS = 0.12
"""Kiosk: a second tap at the same place this soon is the panel reporting one touch twice
(nobody taps twice in 120 ms)."""
DUPLICATE_TAP_PX = 24
"""Taps closer than this (on each axis) count as "the same place" for the two rules above."""
PALM_FINGERS = 3
"""This many fingers down at once is a palm or a hand resting on the glass: no tap counts."""
FINGER_LOST_SECONDS = 2.0
"""A finger not heard from (down or moving) for this long is taken as lifted: some panels and
drivers lose a lift, and three lost lifts would otherwise look like a palm for ever."""
KIOSK_IDLE_SECONDS = 90.0
"""Kiosk: seconds without input before «¿Sigues ahí?» (``--idle-seconds``)."""
KIOSK_TARGET_MM = 20.0
"""Kiosk: the smallest side of a tap target on the glass, in millimetres (``--target-mm``)."""
KIOSK_TARGET_PX_1080 = 72
"""Kiosk: the smallest tap target when SDL does not know the display's size, for a 1080-pixel
short side (≈ 20 mm on a 24" 1080p panel), scaled with the screen."""
KIOSK_DATA_DIR = "kiosk"
"""Kiosk: the folder, inside the data directory, of the kiosk's own saves and statistics."""
KIOSK_PROMPT_SECONDS = 20.0
"""Kiosk: the countdown of «¿Sigues ahí?» before the game is closed and the demo starts."""
KIOSK_MOVE_SECONDS = 0.7
"""Kiosk: the attract demo's calm pace, one move every this many seconds."""
DEMO_WIN_PAUSE_SECONDS = 3.0
"""Kiosk: how long the demo shows a cleared pyramid (and its confetti) before the next deal."""
DEMO_SEARCH_NODES = 256
"""Kiosk: solver nodes the demo may search each frame while it proves its next deal winnable
(about 4 ms at ~16 µs a node; most deals are proven within a few hundred nodes)."""
DEMO_NODE_LIMIT = 10_000
"""Kiosk: a deal not proven winnable within this many nodes (a fraction of a second of slices)
is passed over for another. Most deals take a few hundred. The bound also caps the memory a
search holds (bench/RESULTS.md#demo_node_limit)."""
FRAME_BUDGET_MS = 1000 / FPS - 3.0
"""What a frame may take, drawing and the solver's slice together, with room for the rest."""
ANALYSIS_SLICE_IDLE_MS = 9.0
"""At most this much of a frame goes to a question to the solver while nothing moves on the
table; less when drawing took more than the rest of :data:`FRAME_BUDGET_MS`."""
ANALYSIS_SLICE_ANIMATING_MS = 5.0
"""The same while cards are moving, so animations keep their pace."""
ANALYSIS_SLICE_MIN_MS = 2.0
"""A question always gets at least this much of a frame, so it ends even on a slow machine."""
PACE_LOOKS_PER_SLICE = 3
"""The solver's slice is worked in steps of at most this share of it, so the clock is read
between them (:class:`game.analysis.Pacer`)."""
PACE_FIRST_NODES = 16
"""The first step's nodes, before any step was timed (well under a millisecond natively, a
few in the browser)."""
PACE_MIN_NODES = 8
"""No step is smaller: a slice ends when what is left of it would not hold this many nodes."""
PACE_MAX_NODES = 4096
"""No step is larger, however fast the nodes were (numpy on a fast machine)."""
ANALYSIS_BUDGET_MS = 5000.0
"""Search time (summed slices) after which «¿Aún se gana?» or «Pista» answers «cortado por
tiempo» (never a claim of a loss) and the hint falls back to the best suggestion."""
REWIND_BUDGET_MS = 15000.0
"""Search time after which the look for the last winnable position gives up (and says so)."""

# --- layout proportions -------------------------------------------------------------------------
CARD_ASPECT = 350 / 250
"""Card height over width, the proportion of the art."""
ROW_STEP = 0.42
"""Vertical distance between pyramid rows, as a fraction of the card height. The covered
card's top strip of this height stays visible, and with it its corner index."""
INDEX_MIN_RANK_PX = 15
"""The corner rank of a card is never drawn shorter than this (pixels) when the art allows:
cards too small for the standard index are drawn from the large-index deck, so covered cards
stay readable."""
PANEL_MAX_WIDTH = 620
"""Panels are at most this wide, or :data:`PANEL_EMS` times their font size if that is more."""
PANEL_EMS = 28

# --- colours -------------------------------------------------------------------------------------
# The palette; game/render/theme.py gives each colour its role, and THEME.md shows the contrasts.
FELT_CENTRE: Color = (22, 100, 63)
"""The felt under the pyramid: its lightest point (text on the felt is checked against it)."""
FELT_EDGE: Color = (8, 46, 30)
"""The felt in the window's corners, where the vignette is darkest."""
FELT_GRAIN = 5
"""The felt's texture: each grain is this much lighter or darker (out of 255) than the felt."""
BAR: Color = (7, 36, 24)
TEXT: Color = (242, 245, 238)
TEXT_DIM: Color = (196, 222, 204)
CHIP_TEXT: Color = (168, 198, 178)
"""The deal chip's text: quieter than the cards and the controls."""
COUNT_BG: Color = (4, 26, 17)
"""The pill a pile's count is written on."""
REFUSAL_TEXT: Color = (255, 214, 120)
BUSY_TEXT: Color = (180, 225, 255)
BUTTON: Color = (246, 241, 226)
BUTTON_TEXT: Color = (28, 36, 31)
BUTTON_ON: Color = (255, 204, 92)
BUTTON_OFF: Color = (78, 106, 92)
BUTTON_OFF_TEXT: Color = (182, 200, 190)
GHOST: tuple[int, int, int, int] = (255, 255, 255, 28)
"""The fill of a secondary control on the felt: a light veil, the felt showing through."""
GHOST_EDGE: tuple[int, int, int, int] = (255, 255, 255, 70)
GHOST_OFF_TEXT: Color = (156, 184, 166)
"""An unavailable secondary control's label, on the bare felt (its veil is left out)."""
SELECTED: Color = (255, 196, 40)
OKABE_ITO_ORANGE: Color = (230, 159, 0)
OKABE_ITO_BLUE: Color = (0, 114, 178)
PARTNER_DASHES: tuple[Color, Color] = (OKABE_ITO_ORANGE, OKABE_ITO_BLUE)
"""A partner's dashed border alternates these two (Okabe–Ito, safe for colour-blind eyes; never
red on green): the orange reads on the felt, the blue on a white card."""
HINT: Color = (120, 230, 255)
FOCUS: Color = (255, 255, 255)
FOCUS_SHADOW: Color = (10, 30, 60)
SLOT_OUTLINE: Color = (70, 140, 100)
BACK_MAIN: Color = (20, 52, 92)
BACK_LINE: Color = (54, 98, 150)
BACK_EDGE: Color = (250, 246, 236)
BACK_GOLD: Color = (226, 184, 92)
PANEL: Color = (250, 247, 238)
PANEL_TEXT: Color = (32, 40, 36)
PANEL_DIM_TEXT: Color = (88, 96, 90)
DIM_FACTOR: Color = (105, 105, 105)
"""Under a panel the table is multiplied by this (out of 255): about 40 % of its brightness."""

# --- finer points of layout, motion and colour ----------------------------------------------------
MAX_ROW_STEP = 0.55
"""The widest row spacing (over card height), used when a tall window has height to spare."""
SPARE_TO_STEP = 0.6
"""Share of spare height (portrait) given to wider row spacing; the rest stays as margins."""
CORNER_RADIUS = 0.05
"""Rounded-corner radius over card width (matches the art)."""
CARD_GAP = 0.04
"""Cards are drawn this share of their width narrower than their place, so neighbours in a row
part by a hairline of shadow and read as separate cards (their places still touch)."""
SIDEWAYS_WEIGHT = 2.5
"""Arrow-key focus: how much a sideways offset counts against a card, compared with distance ahead."""
RECYCLE_GHOSTS = 5
"""Card backs flying back to the stock in the recycle animation."""
PARTNER_DASH_WIDTH = 0.08
"""Thickness of a partner's dashed border over card width (at least 4 px)."""
LIFT = 0.07
"""A selected card rises by this fraction of its height, over a shadow left where it lay."""
CASCADE_DELAY = 0.35
"""Seconds after the win before the first card of the celebration leaves: the panel has popped
in and the last pair is on its way off."""
CASCADE_LAUNCH_SECONDS = 0.045
"""Between two cards of the win celebration leaving their slots."""
CASCADE_LIFE = 1.0
"""How long one card of the celebration flies before it is gone (the last one leaves 1.2 s
after the first: the board is clean 2.6 s after the win)."""
CASCADE_FADE = 0.35
"""The last share of a card's flight, during which it fades out."""
CASCADE_GRAVITY = 2400.0
"""Pixels per second squared, for a 100 px tall card (scaled with the card size)."""
CASCADE_BOUNCE = 0.72
"""Share of its speed a cascading card keeps when it bounces on the bottom of the window."""
CASCADE_SPEED = (160.0, 420.0)
"""Sideways speed range of a cascading card, pixels per second for a 100 px tall card."""
CASCADE_LIFT = 900.0
"""The most upward speed a card leaps with, pixels per second for a 100 px tall card."""
BUSY_DOTS_PER_SECOND = 3
SETTINGS_SIDE_BY_SIDE_MIN_WIDTH = 560
"""Settings put each label beside its options when the panel is at least this wide."""
RULES_MAX_TEXT_WIDTH = 900
RULES_TEXT_EMS = 40
"""The rules text is at most the wider of :data:`RULES_MAX_TEXT_WIDTH` and this many font sizes."""
COVERED_SHADE = (0, 20, 10, 46)
"""RGBA shade over covered pyramid cards: free cards stand out, covered ones stay readable."""
SELECTED_TINT = (255, 190, 30, 64)
"""RGBA tint over the selected card (with its gold ring)."""
HEADING: Color = (20, 90, 56)
FIELD_BG: Color = (255, 255, 255)
FIELD_EDGE: Color = (120, 130, 120)
ERROR_TEXT: Color = (190, 70, 20)
BACK_OUTLINE: Color = (120, 120, 120)

# --- statistics and daily deal screens -------------------------------------------------------------
CHART_WIN: Color = (46, 140, 84)
CHART_LOSS: Color = (200, 84, 60)
CHART_EMPTY: Color = (150, 156, 150)
CHART_STAR: Color = (255, 236, 140)
"""The star of a day won clean, on its green square."""
RECORD_DAYS = 14
"""Days shown on the daily deal's strip (today at the right)."""

DRAG_SLOP_PX = 10
"""A press that moves less than this before it is released is a tap, not a drag (scrolling lists)."""
SCROLL_BAR: Color = (150, 138, 112)
"""The thumb of a scrolling list's bar (on the panel)."""
