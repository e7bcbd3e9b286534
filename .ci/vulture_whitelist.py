"""Names vulture reports as unused that are used where it cannot see (CI: .ci/run).

vulture counts a name as used when it appears anywhere in the files it reads; this file names
each false positive once, with where it is really used. A name that becomes dead for real
should be deleted from the code and from here.
"""

_: object

# Called by the Python runtime or a library, not by our code.
_.writable  # rules/cli.py: io.TextIOBase asks it before print() writes
__getitem__  # solver/layered.py: a Protocol's member (Column), implemented by list and numpy
_.log_message  # tools/web_test.py: http.server's request handler hooks
_.do_GET
_.do_POST
exc  # tools/web_test.py: __exit__(*exc), the context manager protocol's arguments
_.hinting  # tools/web_assets.py: fontTools subsetter options, read by fontTools
_.notdef_outline
_.layout_features

# pytest: fixtures asked for by name, hooks found by name.
private_data_dir  # tests/conftest.py: an autouse fixture
default_palette  # tests/conftest.py: an autouse fixture
pytest_addoption  # tests/conftest.py: a pytest hook
quiet_mixer  # tests/test_game_sound.py: a fixture used for its set-up and tear-down

# Used only by the browser harness (tools/web_harness/, which vulture leaves out: its callers are
# its pages' JavaScript).
_.hidden_seconds  # game/platform.py: harness_pure.py checks the hidden tab's time
compare  # tools/web_checks.py: harness_pure.py compares the browser's results with native ones

# The visual system's tokens written down ahead of their use (game/render/THEME.md, commit
# 81183b8): draw with them or delete them, and these lines.
SECONDARY_CONTROLS  # game/render/layout.py
line_gap  # game/render/theme.py
PANEL_RAISED
PANEL_RADIUS
QUICK

# Settings read by name (game/settings.py COMFORT's checks, game/saves.py's documents).
_.theme
_.text_size

# Written ahead of their use: draw with them or delete them, and these lines.
_.motion_scale  # game/settings.py (commit k22's comfort settings)

# Read by the browser runtime's diagnostics page (outside this repository).
_.frames_drawn  # game/app.py

# The visual system's motion durations (game/render/THEME.md lists them all; not every one is read yet).
MOVE  # game/render/theme.py
CELEBRATION  # game/render/theme.py
