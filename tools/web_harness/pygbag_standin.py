"""pygbag 0.9.3's start-up, as a page's Python block sees it, for the browser test's stand-in CPython.

pygbag's CPython runs ``cpythonrc.py`` (fetched by pythons.js) with its own ``aio``,
``__EMSCRIPTEN__`` and ``embed`` modules from ``main.data``, the file no reachable registry has.
This module gives pyodide the same surface, with pygbag's semantics for everything a page's
Python block and a game's ``main.py`` touch (read from those files, written here):

* the block pythons.js took from the page's ``<script>`` tag is written to
  ``/data/data/org.python/assets/__main__.py`` and run as ``__main__`` (cpythonrc's
  ``import_site`` → ``shell.source`` → ``shell.runpy``), with ``PyConfig``, ``shell``,
  ``TopLevel_async_handler`` and ``window`` among its globals;
* ``import platform`` gives pygbag's platform module: the standard one's names plus ``window``,
  ``document``, ``shell``, ``fopen`` (fetches a URL relative to the page with pythons.js's own
  ``cross_file`` into a temporary file and opens it) and ``run_main`` (changes into the game's
  folder and puts it first on ``sys.path``); ``import embed`` has ``counter()``;
* ``shell.runpy(path)`` sets ``__main__.__file__``, changes into the file's folder and runs the
  file's code in ``__main__``'s namespace (top-level ``await`` allowed) as a task of the loop,
  after it returns, as pygbag's console does;
* ``asyncio.run(coro)`` schedules ``coro`` as a task and returns at once (pygbag's ``aio.run``).

It also notes, for the test, when ``main.py`` started and when the first frame was shown.
"""

from __future__ import annotations

import ast
import asyncio
import builtins
import json
import os
import sys
import tempfile
import types
from pathlib import Path
from typing import Any

import js  # type: ignore[import-not-found]

HTML_MARK = '"' * 3 + " # BEGIN -->"
"""Where pygbag's runpy cuts a file (a page embedded after the code)."""

TASKS: set[Any] = set()
"""The tasks scheduled here, kept until done (the loop keeps only weak references)."""
EVENTS: list[tuple[str, float, str]] = []
"""What happened, in order: (what, performance.now() in ms, detail), read by the test."""


def mark(what: str, detail: str = "") -> None:
    EVENTS.append((what, float(js.performance.now()), detail))


def events() -> str:
    return json.dumps(EVENTS)


# --- asyncio.run: schedule and return --------------------------------------------------------------
def schedule(coro: Any) -> Any:
    task = asyncio.ensure_future(coro)
    TASKS.add(task)
    task.add_done_callback(TASKS.discard)
    return task


def run(coro: Any, *, debug: bool | None = None) -> None:
    task = schedule(coro)
    name = getattr(coro, "__name__", "?")
    mark("asyncio.run", f"{name} scheduled; returned with the task {'done' if task.done() else 'pending'}")


# --- the platform module -------------------------------------------------------------------------------
class fopen:  # noqa: N801 - pygbag's name
    """``async with platform.fopen(url, mode) as file``: the URL fetched by pythons.js's own
    ``cross_file`` (relative to the page) into a temporary file, opened in ``mode``."""

    count = 0

    def __init__(self, url: str, mode: str = "r", *args: Any, **kw: Any) -> None:
        self.url = str(url)
        self.mode = mode
        self.file: Any = None
        self.tmpfile = ""

    async def __aenter__(self) -> Any:
        fopen.count += 1
        # pygbag names it tmp-fopen-N in the virtual file system's temporary folder
        self.tmpfile = os.path.join(tempfile.gettempdir(), f"tmp-fopen-{fopen.count}")
        flags = js.JSON.parse(json.dumps({"redirect": "follow", "credentials": "omit"}))
        steps = js.window.cross_file(self.url, self.tmpfile, flags)
        value: Any = None
        while True:
            step = steps.next()
            if step.done:
                break
            value = step.value
            await asyncio.sleep(0)
        if not isinstance(value, str):
            raise FileNotFoundError(f"cannot fetch {self.url}")
        mark("platform.fopen", f"{self.url} {os.path.getsize(value)} bytes")
        self.file = open(value, "rb" if "b" in self.mode else "r")  # noqa: SIM115
        return self.file

    async def __aexit__(self, *exc: object) -> None:
        self.file.close()
        if os.path.exists(self.tmpfile):
            os.unlink(self.tmpfile)


class Embed(types.ModuleType):
    """pygbag's ``embed``: ``counter()`` is negative while compiled modules are being preloaded."""

    preloading = -1

    def counter(self) -> int:
        return self.preloading


embed = Embed("embed")


def run_main(config: Any, loaderhome: Any = None, loadermain: str | None = "main.py") -> None:
    """pygbag's ``platform.run_main``: into the game's folder, first on ``sys.path`` (no ``.so``
    to preload in a pure-Python game, so the counter reaches 0 at once)."""
    home = str(loaderhome)
    os.chdir(home)
    sys.path.insert(0, home)
    embed.preloading = 0
    mark("platform.run_main", home)


class shell:  # noqa: N801 - pygbag's name
    HOME = "/data/data/org.python/assets"

    @classmethod
    async def runpy(cls, main: Any, *args: Any, **kw: Any) -> str:
        realpath = str(main) if str(main)[0] in "./" else str(Path.cwd() / main)
        module = sys.modules["__main__"]
        module.__file__ = realpath
        cls.HOME = str(Path(realpath).parent)
        os.chdir(cls.HOME)
        code = Path(realpath).read_text(encoding="utf-8").rsplit(HTML_MARK, 1)[0]
        # pygbag installs the packages the code imports from its index here (pygame: installed)
        schedule(_evaluate(code, realpath, vars(module)))
        return code

    @classmethod
    async def source(cls, main: Any, *args: Any, **kw: Any) -> str:
        return await cls.runpy(main, *args, **kw)


async def _evaluate(code: str, filename: str, namespace: dict[str, Any]) -> None:
    """Run ``code`` in ``namespace`` as pygbag's console does: compiled with top-level ``await``."""
    mark("shell.runpy", filename)
    compiled = compile(code, filename, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    result = eval(compiled, namespace)
    if asyncio.iscoroutine(result):
        await result
    mark("shell.runpy done", filename)


class TopLevel_async_handler:  # noqa: N801 - pygbag's name
    @classmethod
    async def start_toplevel(cls, shell: Any, console: bool = True, ns: str = "__main__") -> None:
        mark("start_toplevel", f"console={bool(console)}")


def platform_module() -> types.ModuleType:
    """pygbag's ``platform``: the standard module's names, plus the browser's."""
    import platform as standard  # noqa: PLC0415

    module = types.ModuleType("platform")
    module.__dict__.update({k: v for k, v in vars(standard).items() if not k.startswith("__")})
    module.__dict__.update(
        window=js.window, document=js.document, shell=shell, fopen=fopen, run_main=run_main, is_browser=True
    )
    return module


# --- the first frame --------------------------------------------------------------------------------
def watch_first_frame() -> None:
    import pygame  # noqa: PLC0415

    flip = pygame.display.flip

    def first_flip() -> None:
        flip()
        if pygame.display.flip is first_flip:
            pygame.display.flip = flip
            mark("first frame")

    pygame.display.flip = first_flip


# --- start-up ------------------------------------------------------------------------------------------
def start(pyconfig_json: str, main_file: str) -> None:
    """What pythons.js's site code does with cpythonrc.py: ``PyConfig`` and the shell as
    builtins, pygbag's modules in place, then ``asyncio.run(import_site(main_file))``."""
    config = json.loads(pyconfig_json)
    sys.argv[:] = list(config.pop("argv", []))
    for arg in config.get("orig_argv", []):  # the page's ?query: pygbag turns k=v into the environment
        if "=" in arg:
            name, value = arg.split("=", 1)
            os.environ[name] = value
    builtins.PyConfig = types.SimpleNamespace(**config)  # type: ignore[attr-defined]
    builtins.shell = shell  # type: ignore[attr-defined]
    sys.modules["platform"] = platform_module()
    sys.modules["embed"] = embed
    asyncio.run = run  # type: ignore[assignment]
    namespace = vars(sys.modules["__main__"])
    namespace.update(window=js.window, TopLevel_async_handler=TopLevel_async_handler, shell=shell)
    watch_first_frame()
    mark("site")

    async def import_site(path: str) -> None:
        await shell.source(path)

    asyncio.run(import_site(main_file))
