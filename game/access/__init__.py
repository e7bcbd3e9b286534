"""Accessibility: what a screen reader, a voice and a switch user get from the game.

Platform-free descriptions first, platforms at the edge:

* :mod:`.tree` — the accessibility tree as plain values (nodes with a key, a role, a name, the
  actions they take, focus), the one description every platform reads;
* :mod:`.describe` — that tree for what the game shows now (the table, or the panel over it);
* :mod:`.speech` — the sentences said after each action and the answers of the keys that ask;
* :mod:`.announcer` — the queue they wait in (newest wins, at least half a second apart);
* :mod:`.scan` — switch access: two-switch step scanning and one-switch auto-scanning;
* :mod:`.hub` — the one object the app calls each frame, tying these to the game;
* :mod:`.native` — the native outlets: AccessKit (AT-SPI, UI Automation, NSAccessibility)
  through :mod:`.accesskit_adapter`, the only module that imports ``accesskit``, and
  self-voicing through speech-dispatcher or espeak-ng (:mod:`.voice`).

The browser build (pygbag) cannot load ``accesskit``: there the same tree and sentences are for
the page to mirror.
"""
