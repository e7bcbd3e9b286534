// pyodide's main module does not export emscripten_compute_dom_pk_code (emscripten's html5 helper
// that turns KeyboardEvent.code into a "DOM physical key" number, PC set-1 scan codes), and the
// fixture's SDL calls it on every key event. Supply it through the dynamic linker's symbol table,
// for the keys the game uses: letters, digits, arrows, Enter, Esc, Space, Tab, Backspace, F1-F12.
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

function installPhysicalKeys(pyodide) {
  const M = pyodide._module;
  const lookup = (ptr) => PHYSICAL_KEYS[ptr ? M.UTF8ToString(ptr) : ""] ?? 0;
  const name = "piramide-dom-keys";
  M.LDSO.loadedLibsByName[name] = { refcount: Infinity, name, global: false,
    exports: { emscripten_compute_dom_pk_code: lookup } };
  M.loadDynamicLibrary(name, { global: true, nodelete: true });
}
