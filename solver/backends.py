"""Choosing the layered engine's backend: numpy where a recent enough one is importable, pure
Python otherwise.

The numpy path needs numpy 2 (``np.bitwise_count``). The browser build may have no numpy or
pygbag's numpy 1.26: then the pure-Python path, which gives the same verdicts, is chosen
automatically. Set ``PIRAMIDE_PURE_PYTHON=1`` to force the pure path (tests and benchmarks use
it to compare the two).
"""

from __future__ import annotations

import os

from solver.layered import Backend, PureBackend

PURE_ENV = "PIRAMIDE_PURE_PYTHON"
NUMPY_MAJOR = 2
"""The oldest numpy major version the vectorised move generator runs on."""


def numpy_usable(version: str) -> bool:
    """Whether numpy ``version`` (``"2.1.3"``, ``"1.26.4"``, ``"2.0.0rc1"``) has what the numpy path needs."""
    major = version.split(".", 1)[0]
    return major.isdigit() and int(major) >= NUMPY_MAJOR


def numpy_available() -> bool:
    """True when numpy is importable and recent enough for the numpy path."""
    try:
        import numpy  # noqa: PLC0415
    except ImportError:
        return False
    return numpy_usable(numpy.__version__)


class _Choice:
    pure = False
    """Said once at start by :func:`configure`."""


def configure(*, pure: bool) -> None:
    """Say once, at start, whether the pure-Python path must be used whatever numpy there is:
    the browser build says so (its steps were measured there on the pure path, depth-first
    search only; natively numpy's steps stay a few milliseconds too and it is several times
    faster on one-pass orders). Every search not given a backend of its own follows it."""
    _Choice.pure = pure


def default_backend() -> Backend:
    """The numpy backend unless numpy is missing or too old, ``PIRAMIDE_PURE_PYTHON`` is set, or
    the pure path was asked for (:func:`configure`)."""
    if _Choice.pure or os.environ.get(PURE_ENV, "") not in ("", "0") or not numpy_available():
        return PureBackend()
    from solver.vector import NumpyBackend  # noqa: PLC0415

    return NumpyBackend()
