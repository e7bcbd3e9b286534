"""The offline and self-hosted-runtime test: the built page, a mirror, headless Chromium.

    python tools/web_offline_test.py [--skip-build] [--out DIR]

1. ``tools/web_mirror.py`` lays out a mirror of pygbag's runtime from the CDN's copy kept beside
   the repository (``../shared/web-runtime/pygbag-0.9.3/cdn/``, which lacks CPython's
   ``main.wasm`` and ``main.data``: the one known gap), served on 127.0.0.1 with CORS.
2. ``tools/build_web.py --runtime-url`` that mirror's address builds the page into
   ``build/web-offline/web``, served on another port of 127.0.0.1.
3. Chromium (real time, a fresh profile, every host but 127.0.0.1 unresolvable) opens it over the
   DevTools protocol and :func:`web_offline.check_offline` plays a first visit, the network gone
   (both servers stopped, the page's network emulated offline), a bad cache entry, and a new build.

Prints every check and ``N passed, N failed``; exit status 1 on any failure. Until the page starts
on pygbag's real loader, the game itself never runs here (CPython is missing): what is checked is
where the page's requests go and what the service worker keeps and answers.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import itertools
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import websocket  # PyPI websocket-client

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tools")]

import build_web  # noqa: E402
import web_mirror  # noqa: E402
from web_checks import Report  # noqa: E402
from web_offline import Visit, build_of, check_offline  # noqa: E402

WORK = ROOT / "build" / "web-offline"
CDN_COPY = ROOT.parent / "shared" / "web-runtime" / f"pygbag-{build_web.PYGBAG}" / "cdn"
KNOWN_GAPS = ("cpython312/main.wasm", "cpython312/main.data")
"""The CDN's copy lacks CPython's two large files (see its README)."""
CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--remote-debugging-port=0", "--remote-allow-origins=*",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)  # fmt: skip
"""Real time, nothing fetched by the browser for itself, and no host but this machine."""


class Server:
    """A folder served on 127.0.0.1 (a fixed port once chosen), every request logged; it can be
    stopped and started again on the same port (the network cut and restored)."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        self.folder = folder
        self.port = port
        self.log: list[tuple[str, int]] = []
        self._httpd: http.server.ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        handler = functools.partial(_Handler, self)
        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.port = self._httpd.server_address[1]
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None


class _Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, server: Server, *args: Any) -> None:
        self.owner = server
        super().__init__(*args, directory=str(server.folder))

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def send_response(self, code: int, message: str | None = None) -> None:
        self.owner.log.append((self.owner.url.rstrip("/") + self.path, code))
        super().send_response(code, message)

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")  # as pygbag's CDN does
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class Network:
    """The two servers: the page's and the runtime mirror's."""

    def __init__(self, *servers: Server) -> None:
        self.servers = servers

    def cut(self) -> None:
        for server in self.servers:
            server.stop()

    def restore(self) -> None:
        for server in self.servers:
            server.start()

    def requests(self) -> list[tuple[str, int]]:
        return [entry for server in self.servers for entry in server.log]


class Chromium:
    """Headless Chromium on a fresh profile, driven over the DevTools protocol on its first page."""

    def __init__(self, profile: Path, log: Path) -> None:
        self.process = subprocess.Popen(
            [
                shutil.which("chromium") or "chromium",
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.is_file() or not port_file.read_text().strip():
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"Chromium did not start (see {log})")
            time.sleep(0.1)
        port = port_file.read_text().split()[0]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=10) as answer:
            targets = json.loads(answer.read())
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=None)
        self._ids = itertools.count(1)
        self._answers: dict[int, queue.Queue[dict[str, Any]]] = {}
        self._handlers: dict[str, list[Callable[[dict[str, Any]], None]]] = {}
        self._lock = threading.Lock()
        self.dialogs: list[str] = []
        """What the page's alert() and confirm() said: each is answered at once, so it never
        blocks the page (pygbag's loader alerts every uncaught error, CPython's missing files'
        too)."""
        self.on("Page.javascriptDialogOpening", self._dialog)
        threading.Thread(target=self._read, daemon=True).start()

    def _dialog(self, event: dict[str, Any]) -> None:
        self.dialogs.append(str(event.get("message", "")))
        self._send("Page.handleJavaScriptDialog", {"accept": True})

    def _read(self) -> None:
        while True:
            try:
                message = json.loads(self.socket.recv())
            except (websocket.WebSocketException, OSError, ValueError):
                return
            if "id" in message:
                with self._lock:
                    waiting = self._answers.pop(message["id"], None)
                if waiting is not None:
                    waiting.put(message)
            for handler in self._handlers.get(message.get("method", ""), []):
                handler(message.get("params", {}))

    def on(self, event: str, handler: Callable[[dict[str, Any]], None]) -> None:
        self._handlers.setdefault(event, []).append(handler)

    def _send(self, method: str, params: dict[str, Any] | None = None) -> queue.Queue[dict[str, Any]]:
        number = next(self._ids)
        answer: queue.Queue[dict[str, Any]] = queue.Queue()
        with self._lock:
            self._answers[number] = answer
        self.socket.send(json.dumps({"id": number, "method": method, "params": params or {}}))
        return answer

    def call(self, method: str, params: dict[str, Any] | None = None, timeout: float = 60) -> dict[str, Any]:
        answer = self._send(method, params)
        try:
            message = answer.get(timeout=timeout)
        except queue.Empty as error:
            raise RuntimeError(f"{method}: no answer in {timeout:.0f} s") from error
        if "error" in message:
            raise RuntimeError(f"{method}: {message['error'].get('message')}")
        result: dict[str, Any] = message.get("result", {})
        return result

    def evaluate(self, expression: str, timeout: float = 60) -> Any:
        result = self.call(
            "Runtime.evaluate",
            {"expression": expression, "awaitPromise": True, "returnByValue": True},
            timeout,
        )
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError(f"{details.get('exception', {}).get('description') or details.get('text')}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float) -> Any:
        """The expression's value once it is true (each try given a few seconds: a page that
        navigates away leaves its promise unanswered), or its last value after ``timeout``."""
        deadline = time.monotonic() + timeout
        value = None
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression, timeout=min(timeout, 5))
            except RuntimeError:  # a page navigating away under the expression
                value = None
            if value:
                return value
            time.sleep(0.1)
        return value

    def close(self) -> None:
        self.socket.close()
        with_group = os.getpgid(self.process.pid)
        os.killpg(with_group, signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(with_group, signal.SIGKILL)


def new_build(web: Path, runtime: str) -> Callable[[], str]:
    """Make ``web`` a new build: its page changed (a new mark in it, which is returned), its
    worker written again for it."""

    def change() -> str:
        mark = f"piramide-build-{time.time_ns()}"
        page = web / "index.html"
        text = page.read_text(encoding="utf-8").replace("</body>", f"<!-- {mark} --></body>", 1)
        page.write_text(text, encoding="utf-8")
        build_web.write_worker(web, runtime)
        return mark

    return change


def run(out: Path, skip_build: bool) -> Report:
    report = Report()
    mirror_dir, web = out / "mirror", out / "web"
    shutil.rmtree(mirror_dir, ignore_errors=True)
    summary = web_mirror.lay_out(web_mirror.Source(str(CDN_COPY)), mirror_dir)
    missing = summary["missing"]
    report.check(
        "the mirror laid out from the CDN's copy lacks only CPython's two files",
        isinstance(missing, list)
        and sorted(missing) == sorted(f"{build_web.PYGBAG}/{g}" for g in KNOWN_GAPS),
        str(missing),
    )
    old_port = 0
    if skip_build and (web / build_web.WORKER).is_file():
        found = build_of((web / build_web.WORKER).read_text(encoding="utf-8"))
        text = (web / "index.html").read_text(encoding="utf-8")
        old_port = (
            int(text.split("http://127.0.0.1:", 1)[1].split("/", 1)[0]) if "http://127.0.0.1:" in text else 0
        )
        report.info(f"reusing the build {found[0]} (runtime port {old_port})")
    mirror = Server(mirror_dir, old_port)
    mirror.start()
    if not (skip_build and old_port):
        build_web.build(web, timeout=300, runtime=mirror.url)
    page = Server(web)
    page.start()
    text = (web / "index.html").read_text(encoding="utf-8")
    report.check(
        "the page names the mirror's loader and index, never pygbag's CDN",
        f'src="{mirror.url}{build_web.PYGBAG}/pythons.js"' in text and build_web.CDN not in text,
        "see build/web-offline/web/index.html",
    )
    with tempfile.TemporaryDirectory(prefix="piramide-offline-") as profile:
        browser = Chromium(Path(profile), out / "chromium.log")
        try:
            visit = Visit(
                browser,
                page.url,
                mirror.url,
                Network(page, mirror),
                lambda: (web / build_web.WORKER).read_text(encoding="utf-8"),
                report,
            )
            check_offline(visit, new_build(web, mirror.url), KNOWN_GAPS)
            for text in sorted(set(browser.dialogs)):
                report.info(f"the page alerted: {text[:120]}")
        finally:
            browser.close()
            page.stop()
            mirror.stop()
    return report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="The offline and self-hosted-runtime browser test.")
    parser.add_argument("--skip-build", action="store_true", help="reuse build/web-offline/web")
    parser.add_argument("--out", type=Path, default=WORK, help="working folder (default build/web-offline)")
    args = parser.parse_args(argv)
    if not CDN_COPY.is_dir():
        print(f"web_offline_test.py: no copy of pygbag's CDN at {CDN_COPY}", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        report = run(args.out.resolve(), args.skip_build)
    except (build_web.BuildError, web_mirror.MirrorError, RuntimeError, OSError) as error:
        print(f"web_offline_test.py: {error}", file=sys.stderr)
        return 1
    print(report.text(), end="")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
