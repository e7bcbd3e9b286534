// The browser test's stand-in for pygbag 0.9.3's CPython: served in answer to the page's request
// for `<cdn>/0.9.3/cpython312/main.js`. That file is emscripten glue generated for exactly its own
// main.wasm and main.data (CPython, its standard library and pygbag's `aio`/`platform` modules),
// the two files no reachable registry has, so it cannot run without them: this script takes the
// place of the three. Everything else the page loads is pygbag's own (pythons.js, cpythonrc.py,
// fetched unchanged from the CDN's files).
//
// What it keeps of pygbag's CPython, as pythons.js drives it: pythons.js has set `window.Module`
// (its `vm`) before loading this; the stand-in gives it a file system (`FS`, `FS.init` taking
// pythons.js's stdout/stderr writers), runs its `preRun` hooks, starts Python (pyodide 0.27.7,
// CPython 3.12 like pygbag's), installs pygame (the wasm pygame-ce fixture, where pygbag would
// install its own from its package index), points SDL at pythons.js's canvas, takes code through
// `Module.postMessage({type: "rcon"})` as pygbag's main.js does, then runs the `postRun` hooks:
// pythons.js's postrun fetches cpythonrc.py and sends its "#!site" start-up code, which the
// stand-in answers with tools/web_harness/pygbag_standin.py (pygbag's semantics for a page's
// Python block: platform.fopen, platform.run_main, shell.runpy, asyncio.run scheduling a task).
//
// Its own files come from the test's server (`/_standin/…` on the page's origin), never from
// the CDN's address. `window.__standin` lets the test read the game (`py(code)` runs Python).
(() => {
  "use strict";
  const M = window.Module;
  const BASE = `${location.origin}/_standin/`;
  const SITE = "/lib/python3.12/site-packages";
  const SO = `${SITE}/pygame_static.cpython-312-wasm32-emscripten.so`;
  const marks = { standin: performance.now() };
  const notes = [];
  const note = (text) => { notes.push(text); console.log(`standin: ${text}`); };

  // pyodide's main module lacks emscripten_compute_dom_pk_code (KeyboardEvent.code to a PC set-1
  // scan code), which the fixture's SDL calls on every key event: supply it for the game's keys.
  const PHYSICAL_KEYS = (() => {
    const codes = { Escape: 0x01, Backspace: 0x0e, Tab: 0x0f, Enter: 0x1c, Space: 0x39,
      ShiftLeft: 0x2a, ShiftRight: 0x36, ControlLeft: 0x1d, AltLeft: 0x38,
      ArrowUp: 0xe048, ArrowLeft: 0xe04b, ArrowRight: 0xe04d, ArrowDown: 0xe050 };
    const rows = [["QWERTYUIOP", 0x10], ["ASDFGHJKL", 0x1e], ["ZXCVBNM", 0x2c]];
    for (const [letters, first] of rows) [...letters].forEach((c, i) => { codes[`Key${c}`] = first + i; });
    codes.Digit0 = 0x0b;
    for (let d = 1; d <= 9; d++) codes[`Digit${d}`] = 0x01 + d;
    for (let f = 1; f <= 10; f++) codes[`F${f}`] = 0x3a + f;
    codes.F11 = 0x57; codes.F12 = 0x58;
    return codes;
  })();

  function installPhysicalKeys(py) {
    const mod = py._module;
    const lookup = (ptr) => PHYSICAL_KEYS[ptr ? mod.UTF8ToString(ptr) : ""] ?? 0;
    const name = "piramide-dom-keys";
    mod.LDSO.loadedLibsByName[name] = { refcount: Infinity, name, global: false,
      exports: { emscripten_compute_dom_pk_code: lookup } };
    mod.loadDynamicLibrary(name, { global: true, nodelete: true });
  }

  function loadScript(url) {
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = url;
      tag.onload = resolve;
      tag.onerror = () => reject(new Error(`cannot load ${url}`));
      document.head.appendChild(tag);
    });
  }

  async function bytes(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  async function start() {
    // pythons.js turns JSPI off for pygbag's CPython (`WebAssembly.promising = null`); pyodide
    // would still see the rest of it and call the null: take all of it away, as pygbag does
    if (WebAssembly.promising === null) {
      for (const name of ["promising", "Suspending", "Suspender"]) delete WebAssembly[name];
    }
    await loadScript(`${BASE}pyodide/pyodide.js`);
    let out = null, err = null;
    const py = await window.loadPyodide({ indexURL: `${BASE}pyodide/` });
    marks.python = performance.now();
    note(`pyodide ${py.version} up in ${Math.round(marks.python - marks.standin)} ms`);

    // emscripten's FS as pygbag's main.js exposes it; FS.init hands over pythons.js's writers
    const fs = Object.create(py.FS);
    fs.init = (stdin, stdout, stderr) => { out = stdout; err = stderr; };
    M.FS = fs;
    window.FS = py.FS;  // pythons.js's cross_file (platform.fopen) writes with the global FS
    M.arguments = M.arguments || [];
    for (const hook of M.preRun || []) hook(M);
    py.setStdout({ raw: (c) => (out ? out(c) : 0) });
    py.setStderr({ raw: (c) => (err ? err(c) : 0) });

    // pygame, where pygbag installs it from its package index when main.py imports it
    py.unpackArchive(await bytes(`${BASE}site.zip`), "zip", { extractDir: SITE });
    installPhysicalKeys(py);
    await py._api.loadDynlib(SO, true);
    py.canvas.setCanvas2D(M.canvas || document.getElementById("canvas"));
    py.FS.mkdirTree("/data/data/org.python/assets");
    py.FS.mkdirTree("/standin");
    for (const name of ["pygbag_standin.py", "probe.py"]) {
      py.FS.writeFile(`/standin/${name}`, await bytes(`${BASE}${name}`));
    }
    py.runPython("import sys; sys.path.append('/standin')");
    marks.pygame = performance.now();

    const standin = py.pyimport("pygbag_standin");
    M.postMessage = (message) => {
      if (message.type !== "rcon") {
        console.warn("standin: postMessage", message.type, "ignored");
        return;
      }
      if (message.data.startsWith("#!site")) {
        // the start-up code pythons.js builds around cpythonrc.py: run pygbag's start-up here
        note("site code from pythons.js received");
        standin.start(JSON.stringify(M.PyConfig), "/data/data/org.python/assets/__main__.py");
      } else {
        py.runPython(message.data);
      }
    };
    M.runPython = (code) => py.runPython(code);
    // the test's own namespace, apart from __main__ (where the page's block and main.py run)
    const mine = py.globals.get("dict")();
    py.runPython("import json\nfrom probe import P", { globals: mine });
    window.__standin = { py: (code) => String(py.runPython(code, { globals: mine })), marks, notes };
    for (const hook of M.postRun || []) await hook(M);
  }

  start().catch((error) => {
    note(`FAILED ${error && error.stack || error}`);
    window.__standin = { failed: String(error && error.stack || error), marks, notes };
  });
})();
