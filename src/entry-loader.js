// Deferred entry (issue 9, scripts/vite/deferred-entry.ts): loads the app's JS after the first
// paint of the pre-rendered /login, at once elsewhere. Inlined at the end of index.html's <body>;
// its SHA-256 is in the Content-Security-Policy (server/security-headers.ts, DESIGN.md §5). The
// code never changes from one build to the next (so deploy/_headers can list its hash): what a
// build knows — the entry, its preloads and each route's chunks — is in the JSON data block
// #entry-data, which is data, not script. Keep it tiny and dependency-free.
/* global document, location, requestAnimationFrame, setTimeout */
(function () {
  var d = document;
  var data = JSON.parse(d.getElementById('entry-data').textContent);
  var files = data.preloads;
  // A deep link: that route's chunks and styles download while the entry starts.
  data.routes.some(function (r) {
    return new RegExp(r[0]).test(location.pathname) && (files = files.concat(r[1]));
  });
  var done = false;
  function load() {
    if (done) return;
    done = true;
    files.forEach(function (href) {
      var l = d.createElement('link');
      var css = /[.]css$/.test(href);
      l.rel = css ? 'preload' : 'modulepreload';
      if (css) l.as = 'style';
      l.crossOrigin = '';
      l.href = href;
      d.head.appendChild(l);
    });
    // import() rather than a <script src>: no Trusted Types sink, and 'self' in script-src covers it.
    import(data.entry).catch(function () {});
  }
  // The static /login (the pre-paint script set data-shell) paints from HTML + CSS alone first.
  if (d.documentElement.hasAttribute('data-shell')) {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
    setTimeout(load, 200);
  } else {
    load();
  }
})();
