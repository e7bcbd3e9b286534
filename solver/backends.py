"""Choosing the layered engine's backend: numpy where importable, pure Python otherwise.

Set the environment variable ``PIRAMIDE_PURE_PYTHON=1`` to force the pure-Python path (the
browser build may lack numpy; tests and benchmarks use it to compare the two).
"""

from __future__ import annotations

import os

from solver.layered import Backend, PureBackend

PURE_ENV = "PIRAMIDE_PURE_PYTHON"


def numpy_available() -> bool:
    try:
        import numpy  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


def default_backend() -> Backend:
    """The numpy backend unless numpy is missing or ``PIRAMIDE_PURE_PYTHON`` is set."""
    if os.environ.get(PURE_ENV, "") not in ("", "0") or not numpy_available():
        return PureBackend()
    from solver.vector import NumpyBackend  # noqa: PLC0415

    return NumpyBackend()
