"""What the browser test's Chromium may reach: a server on 127.0.0.1 and pygbag's CDN, from files.

:class:`Server` serves the built page (``build/web``, unchanged) at ``/``, the stand-in CPython's
files under ``/_standin/``, the harness pages of ``tools/web_harness`` and their expectations, and
takes the harness pages' reports. The built page's files are served as a static host serves them
(``Cache-Control: max-age=600`` with an ``ETag``), everything else uncached.

:class:`Runtime` answers the page's requests for pygbag's CDN (``https://pygame-web.github.io/cdn/``)
from ``../shared/web-runtime/pygbag-0.9.3/cdn/`` beside the repository, over the DevTools
protocol's request interception: ``cpython312/main.js`` with the stand-in
(``cpython_standin.js``, see there why that file), every other file as it is; a file it lacks is a
404 and noted. Any other request that leaves 127.0.0.1 is refused and noted. Both count the bytes
they answer with, for the download figures.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import threading
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from cdp import Chromium

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CDN_FILES = ROOT.parent / "shared" / "web-runtime" / "pygbag-0.9.3" / "cdn"
CDN_URL = "https://pygame-web.github.io/cdn/"
"""pygbag 0.9.3's CDN, as a built page names it."""
INTERPRETER = "0.9.3/cpython312/main.js"
"""The file the stand-in answers for (CPython's loader, useless without its main.wasm and main.data)."""
STATIC_CACHE = "max-age=600"
"""What a static host (GitHub Pages, pygbag's CDN) sends: a repeat visit within 10 minutes
takes the files from the browser's cache, a later one asks again (304 when unchanged)."""

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".py": "text/plain; charset=utf-8",
    ".tmpl": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".css": "text/css",
    ".ogg": "audio/ogg",
    ".zip": "application/zip",
    ".whl": "application/zip",
}


def content_type(name: str) -> str:
    return CONTENT_TYPES.get(Path(name).suffix, "application/octet-stream")


class Traffic:
    """Bytes answered and problems seen, since the last :meth:`reset`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes: dict[str, int] = {}
        self.missing: list[str] = []
        self.refused: list[str] = []

    def reset(self) -> None:
        with self.lock:
            self.bytes.clear()
            self.missing.clear()
            self.refused.clear()

    def add(self, what: str, size: int) -> None:
        with self.lock:
            self.bytes[what] = self.bytes.get(what, 0) + size


class Server:
    """Static files and report collection on 127.0.0.1 (stdlib only)."""

    def __init__(
        self,
        page: Path,
        folders: dict[str, Path],
        files: dict[str, Path],
        expected: dict[str, bytes],
        out: Path,
    ) -> None:
        """``page``: the built page's folder, served at ``/``; ``folders``: URL prefix → folder;
        ``files``: URL → file; ``expected``: the harness pages' expectations by run."""
        self.page, self.folders, self.files, self.expected, self.out = page, folders, files, expected, out
        self.results: dict[str, str] = {}
        self.traffic = Traffic()
        self.lock = threading.Lock()
        handler = functools.partial(_Handler, self)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def locate(self, path: str) -> tuple[Path | None, bool]:
        """The file for URL path ``path`` (None: none), and whether it is the built page's."""
        if path == "/":
            path = "/index.html"
        name = path.lstrip("/")
        if name and "/" not in name and (self.page / name).is_file():
            return self.page / name, True
        for prefix, folder in self.folders.items():
            if path.startswith(prefix):
                file = (folder / path[len(prefix) :]).resolve()
                return (file if file.is_relative_to(folder.resolve()) else None), False
        if path in self.files:
            return self.files[path], False
        harness = HERE / name  # the harness pages: plain names in tools/web_harness
        return (harness if name and "/" not in name and ".." not in name else None), False


class _Handler(http.server.BaseHTTPRequestHandler):
    def __init__(self, server_state: Server, *args: Any) -> None:
        self.state = server_state
        super().__init__(*args)

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def _send(self, body: bytes, kind: str, status: int = 200, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {"Cache-Control": "no-store"}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path == "/expected.json":
            run = parse_qs(url.query).get("run", [""])[0]
            self._send(self.state.expected["canary" if run == "canary" else "real"], "application/json")
            return
        file, static = self.state.locate(url.path)
        if file is None or not file.is_file():
            with self.state.traffic.lock:
                self.state.traffic.missing.append(f"{self.state.origin}{self.path}")
            self._send(b"not found", "text/plain", 404)
            return
        body = file.read_bytes()
        if not static:
            self._send(body, content_type(file.name))
            return
        tag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        headers = {"Cache-Control": STATIC_CACHE, "ETag": tag}
        if self.headers.get("If-None-Match") == tag:
            self.send_response(304)
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.state.traffic.add(f"page{url.path} (304)", 0)
            return
        self.state.traffic.add(f"page{url.path}", len(body))
        self._send(body, content_type(file.name), headers=headers)

    def do_POST(self) -> None:
        url = urlsplit(self.path)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        run = parse_qs(url.query).get("run", ["run"])[0]
        out = self.state.out
        if url.path == "/log":
            with self.state.lock, (out / f"{run}.log").open("a", encoding="utf-8") as f:
                f.write(body.decode("utf-8", "replace") + "\n")
        elif url.path.startswith("/png/"):
            (out / Path(url.path).name).write_bytes(base64.b64decode(body.split(b",", 1)[1]))
        elif url.path == "/result":
            with self.state.lock:
                self.state.results[run] = body.decode("utf-8", "replace")
        else:
            self._send(b"not found", "text/plain", 404)
            return
        self._send(b"", "text/plain", 204)


class Runtime:
    """Answers a page's requests for pygbag's CDN from its files; refuses all else outside 127.0.0.1."""

    def __init__(self, server: Server, standin: Path) -> None:
        if not (CDN_FILES / "0.9.3" / "pythons.js").is_file():
            raise FileNotFoundError(f"pygbag's CDN files are missing: {CDN_FILES}")
        self.server = server
        self.standin = standin
        self.traffic = server.traffic
        self.asked: list[str] = []
        """Every CDN file asked for, in order (since :meth:`Traffic.reset`: see ``asked_since``)."""

    def attach(self, browser: Chromium) -> None:
        browser.on("Fetch.requestPaused", lambda event: self._paused(browser, event))
        browser.call("Fetch.enable", {"patterns": [{"urlPattern": "*", "requestStage": "Request"}]})

    def _paused(self, browser: Chromium, event: dict[str, Any]) -> None:
        url = event["request"]["url"]
        request = event["requestId"]
        if url.startswith(self.server.origin + "/"):
            browser.send("Fetch.continueRequest", {"requestId": request})
            return
        if not url.startswith(CDN_URL):
            with self.traffic.lock:
                self.traffic.refused.append(url)
            browser.send("Fetch.failRequest", {"requestId": request, "errorReason": "BlockedByClient"})
            return
        name = urlsplit(url).path[len(urlsplit(CDN_URL).path) :]
        self.asked.append(name)
        file = self.standin if name == INTERPRETER else (CDN_FILES / name).resolve()
        inside = file == self.standin or file.is_relative_to(CDN_FILES.resolve())
        if not inside or not file.is_file():
            with self.traffic.lock:
                self.traffic.missing.append(url)
            headers = [{"name": "Access-Control-Allow-Origin", "value": "*"}]
            browser.send(
                "Fetch.fulfillRequest",
                {"requestId": request, "responseCode": 404, "responseHeaders": headers, "body": ""},
            )
            return
        body = file.read_bytes()
        self.traffic.add(f"cdn/{name}", len(body))
        headers = [
            {"name": "Content-Type", "value": content_type(file.name)},
            {"name": "Access-Control-Allow-Origin", "value": "*"},
            {"name": "Cache-Control", "value": STATIC_CACHE},
        ]
        browser.send(
            "Fetch.fulfillRequest",
            {
                "requestId": request,
                "responseCode": 200,
                "responseHeaders": headers,
                "body": base64.b64encode(body).decode(),
            },
        )
