// Pre-paint (DESIGN.md §5): applies the cached brand and accessibility settings to <html>
// before the first paint. Inlined into index.html by vite.config.ts, which writes its SHA-256
// into dist/csp.json for the server's Content-Security-Policy. Keep it tiny and dependency-free.
/* global localStorage, document */
(function () {
  try {
    var stored = JSON.parse(localStorage.getItem('prepaint') || '{}');
    var root = document.documentElement;
    ['brand', 'settings'].forEach(function (part) {
      var p = stored[part];
      if (!p) return;
      Object.keys(p.attrs || {}).forEach(function (name) {
        if (name === 'lang' || /^data-[a-z-]+$/.test(name)) root.setAttribute(name, String(p.attrs[name]));
      });
      Object.keys(p.vars || {}).forEach(function (name) {
        if (/^--[a-z-]+$/.test(name)) root.style.setProperty(name, String(p.vars[name]));
      });
    });
  } catch {
    // Storage unavailable or corrupt: paint with the defaults.
  }
})();
