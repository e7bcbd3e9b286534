"""A small Chrome DevTools Protocol client: headless Chromium driven as a player would drive it.

:class:`Chromium` starts the browser on a profile folder with its debugging port, and connects to
its first page. :meth:`Chromium.call` sends one command and waits for its answer; events go to
handlers (``on``), called on the reader thread. Request interception (``Fetch``) is answered by a
handler too (see ``tools/web_test.py``).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import shutil
import signal
import subprocess
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import websocket  # PyPI websocket-client

FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows", "--disable-features=Translate,MediaRouter",
    "--remote-debugging-port=0", "--remote-allow-origins=*",
)  # fmt: skip
"""Real time (a virtual time budget would freeze every clock inside the page), nothing fetched
by the browser for itself, a debugging port of the system's choosing."""


class CdpError(Exception):
    pass


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise CdpError("no chromium on PATH (Debian: apt-get install chromium)")


class Chromium:
    def __init__(self, profile: Path, log: Path, size: tuple[int, int] = (1280, 800)) -> None:
        profile.mkdir(parents=True, exist_ok=True)
        port_file = profile / "DevToolsActivePort"
        port_file.unlink(missing_ok=True)
        cmd = [chromium_path(), *FLAGS, f"--window-size={size[0]},{size[1]}", f"--user-data-dir={profile}",
               "about:blank"]  # fmt: skip
        self._log = log.open("w")
        self.process = subprocess.Popen(
            cmd, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )
        deadline = time.monotonic() + 30
        while not port_file.is_file() or not port_file.read_text().strip():
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.close()
                raise CdpError(f"chromium did not open its debugging port (see {log})")
            time.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as answer:
            pages = [t for t in json.load(answer) if t["type"] == "page"]
        address = pages[0]["webSocketDebuggerUrl"]
        self.ws = websocket.create_connection(address, timeout=None, suppress_origin=True)
        self._ids = itertools.count(1)
        self._waiting: dict[int, queue.Queue[dict[str, Any]]] = {}
        self._handlers: dict[str, list[Callable[[dict[str, Any]], None]]] = {}
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # --- the protocol ---------------------------------------------------------------------------------
    def on(self, event: str, handler: Callable[[dict[str, Any]], None]) -> None:
        self._handlers.setdefault(event, []).append(handler)

    def send(self, method: str, params: dict[str, Any] | None = None) -> int:
        """Send a command without waiting for its answer (from an event handler)."""
        ident = next(self._ids)
        with self._send_lock:
            self.ws.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
        return ident

    def call(self, method: str, params: dict[str, Any] | None = None, timeout: float = 60) -> dict[str, Any]:
        ident = next(self._ids)
        box: queue.Queue[dict[str, Any]] = queue.Queue()
        with self._lock:
            self._waiting[ident] = box
        with self._send_lock:
            self.ws.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
        try:
            answer = box.get(timeout=timeout)
        except queue.Empty as error:
            raise CdpError(f"{method}: no answer within {timeout:.0f} s") from error
        finally:
            with self._lock:
                self._waiting.pop(ident, None)
        if "error" in answer:
            raise CdpError(f"{method}: {answer['error'].get('message')}")
        result: dict[str, Any] = answer.get("result", {})
        return result

    def _read(self) -> None:
        while True:
            try:
                message = json.loads(self.ws.recv())
            except (websocket.WebSocketException, OSError, ValueError):
                return
            if "id" in message:
                with self._lock:
                    box = self._waiting.get(message["id"])
                if box is not None:
                    box.put(message)
                continue
            for handler in self._handlers.get(message.get("method", ""), []):
                try:
                    handler(message.get("params", {}))
                except Exception as error:  # a handler's bug must not stop the reader
                    print(f"cdp: handler for {message['method']} failed: {error!r}")

    # --- helpers ------------------------------------------------------------------------------------------
    def evaluate(self, expression: str, timeout: float = 60, gesture: bool = False) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.call(
            "Runtime.evaluate",
            {"expression": expression, "awaitPromise": True, "returnByValue": True, "userGesture": gesture},
            timeout=timeout,
        )
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise CdpError(f"in the page: {text}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float, interval: float = 0.1) -> Any:
        """Evaluate ``expression`` until it is truthy; its last value (falsy on time out)."""
        deadline = time.monotonic() + timeout
        value = None
        while time.monotonic() < deadline:
            with contextlib.suppress(CdpError):
                value = self.evaluate(expression, timeout=max(1.0, deadline - time.monotonic()))
                if value:
                    return value
            time.sleep(interval)
        return value

    def close(self) -> None:
        """Close as a window manager would (SIGTERM: the profile, localStorage included, is
        written), then end what is left of its process group."""
        with contextlib.suppress(Exception):
            self.ws.close()
        with contextlib.suppress(ProcessLookupError):
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self._log.close()
