// Pirámide offline: registers the service worker (sw.js, see there) and tells the player, in one
// line, when the game needs a file this browser has not kept and there is no connection.
//
// - A first visit: once the worker controls the page, it is told every file the page loaded before
//   that (pygbag's loader is asked for before any worker can answer), so it keeps them too.
// - A new build: its worker waits while a page of the old build is open. A page that finds one
//   waiting as it opens asks it to take over (it does only when this is the one page open) and
//   reloads when it has, before the game has loaded anything: old and new files never mix.
(() => {
    "use strict";
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    const worker = navigator.serviceWorker;
    const asked = new URLSearchParams(location.search).get("lang");
    const lang = asked || ((navigator.language || "es").toLowerCase().startsWith("en") ? "en" : "es");
    const missing = lang === "en"
        ? (name) => `No connection, and ${name} is not kept in this browser: connect and reload the page.`
        : (name) => `Sin conexión, y ${name} no está guardado en este navegador: conéctate y recarga la página.`;
    let updating = false;

    function say(text) {
        let line = document.getElementById("piramide-offline");
        if (!line) {
            line = document.createElement("div");
            line.id = "piramide-offline";
            line.setAttribute("role", "alert");
            line.style.cssText = "position:fixed;left:0;right:0;bottom:0;padding:0.6em 1em;z-index:10;"
                + "background:#7a1f1f;color:#fff;font:1em/1.3 sans-serif;text-align:center";
            document.body.appendChild(line);
        }
        line.textContent = text;
    }

    // How the page asked for a file: "no-cors" for a classic script or a stylesheet of another
    // origin without a crossorigin attribute, else "cors" (a module, import(), fetch()).
    function modeOf(entry) {
        const element = Array.from(document.querySelectorAll("script[src], link[href]"))
            .find((e) => (e.src || e.href) === entry.name);
        if (!element || element.crossOrigin !== null) return "cors";
        if (element.tagName === "SCRIPT") return element.type === "module" ? "cors" : "no-cors";
        return element.rel === "stylesheet" ? "no-cors" : "cors";
    }

    function keepLoaded() {
        const files = performance.getEntriesByType("resource").map((e) => ({ url: e.name, mode: modeOf(e) }));
        if (worker.controller) worker.controller.postMessage({ type: "piramide-keep", files: files });
    }

    worker.addEventListener("message", (event) => {
        const data = event.data || {};
        if (data.type === "piramide-missing") {
            say(missing(decodeURIComponent(String(data.url).split("?")[0].split("/").pop() || data.url)));
        }
    });
    worker.addEventListener("controllerchange", () => {
        if (updating) location.reload();
        else keepLoaded(); // a first visit: the worker has just taken the page over
    });

    worker.register("sw.js").then((registration) => {
        if (registration.waiting && worker.controller) {
            updating = true;
            registration.waiting.postMessage({ type: "piramide-activate" });
        } else if (worker.controller) {
            keepLoaded();
        }
    }).catch((error) => {
        console.warn(`Pirámide: no offline copy in this browser (${error.message})`);
    });
})();
