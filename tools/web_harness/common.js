// Shared by the harness pages: progress lines, the report, screenshots, loading the built bundle.
// Harness settings travel in the address's #hash (run, phase, …); its ?query is the game's own.
const T0 = performance.now();
const HASH = new URLSearchParams(location.hash.slice(1));
const RUN = HASH.get("run") || "run";
let seq = 0;
const say = (s) => {
  s = `[${Math.round(performance.now() - T0)}ms] ${s}`;
  console.log(s);
  fetch(`/log?run=${RUN}`, { method: "POST", body: `${seq++} ${s}` }).catch(() => {});
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
window.addEventListener("error", (e) => say("WINDOW ERROR " + e.message));
window.addEventListener("unhandledrejection", (e) => say("UNHANDLED " + (e.reason && e.reason.stack || e.reason)));

async function postResult(name, text) {
  await fetch(`/result?run=${name}`, { method: "POST", body: text });
}

async function shot(name) {
  const c = document.getElementById("canvas");
  await fetch(`/png/${name}.png`, { method: "POST", body: c.toDataURL("image/png") });
  say(`screenshot ${name} ${c.width}x${c.height}`);
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return await response.arrayBuffer();
}

// pyodide with the built bundle unpacked at /bundle (files under /bundle/assets, as pygbag packs
// them), that folder current and first on sys.path, and the harness's Python files in /harness.
async function startPython() {
  const pyodide = await loadPyodide({
    indexURL: "/pyodide/",
    stdout: (s) => say("PY " + s),
    stderr: (s) => say("PYERR " + s),
  });
  say("pyodide " + pyodide.version);
  pyodide.unpackArchive(await fetchBytes("/piramide.apk"), "zip", { extractDir: "/bundle" });
  pyodide.FS.mkdirTree("/harness");
  for (const name of ["web_checks.py", "harness_pure.py"]) {
    pyodide.FS.writeFile(`/harness/${name}`, new Uint8Array(await fetchBytes(`/${name}`)));
  }
  await pyodide.runPythonAsync(`
import os, sys
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.chdir("/bundle/assets")
sys.path[:0] = ["/bundle/assets", "/harness"]
`);
  say("bundle unpacked");
  return pyodide;
}

// Make the page look hidden (or visible again) to its own listeners, as a tab switch does.
function setHidden(hidden) {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
}
