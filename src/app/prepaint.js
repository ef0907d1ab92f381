// Pre-paint (docs/architecture.md §D5): applies the cached brand and accessibility settings to <html>
// before the first paint. Inlined into index.html by vite.config.ts, which writes its SHA-256
// into dist/csp.json for the server's Content-Security-Policy. Keep it tiny and dependency-free.
// It also takes an `access_token` sign-in link's token (docs/product.md §2) out of the address
// before any subresource is requested, so that no Referer, history entry or log holds it.
/* global localStorage, sessionStorage, document, location, history, window, URLSearchParams */
(function () {
  // The token waits in sessionStorage ('lms.accessToken'), or on window.__lmsAccessToken where
  // storage is disabled, for the boot's authentication step (src/services/boot/steps.ts), which
  // takes it from there; the rest of the query and the hash stay.
  try {
    var query = new URLSearchParams(location.search);
    if (query.has('access_token')) {
      var accessToken = query.get('access_token');
      query.delete('access_token');
      var rest = query.toString();
      history.replaceState(history.state, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
      if (accessToken) {
        try {
          sessionStorage.setItem('lms.accessToken', accessToken);
        } catch {
          window.__lmsAccessToken = accessToken;
        }
      }
    }
  } catch {
    // No History API: the boot's authentication step takes the token from the address.
  }
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
  // Pre-rendered /login (docs/decisions/0002-prerendered-login-and-deferred-entry.md): shown only
  // on /login, signed out, in pt-BR and without a notice (the static markup is exactly that page);
  // main.tsx hydrates it.
  try {
    var html = document.documentElement;
    var plain = location.search
      .replace(/^[?]/, '')
      .split('&')
      .every(function (pair) {
        return pair === '' || pair.split('=')[0] === 'next_route';
      });
    // A sign-in link's token taken above counts as signed in: the boot signs in and leaves /login.
    var signedIn = Boolean(accessToken) || /(^|;[ ]*)token=./.test(document.cookie);
    if (location.pathname === '/login' && plain && !signedIn && (html.getAttribute('lang') || 'pt-BR') === 'pt-BR') {
      html.setAttribute('data-shell', 'login');
    }
  } catch {
    // No cookie access: the app renders /login itself.
  }
  // A form of the static markup sent before the app took over must not submit natively: it is
  // kept pending and the app sends it again once it has hydrated (src/views/prerender-handoff.ts).
  document.addEventListener(
    'submit',
    function (event) {
      var target = event.target;
      if (target && target.closest && target.closest('#root[data-prerendered]')) {
        event.preventDefault();
        document.documentElement.setAttribute('data-submit-pending', '');
      }
    },
    true,
  );
  // Likewise a tap on one of its buttons (e.g. 'Acessibilidade'): remembered by position and
  // replayed once the app has hydrated the markup (the same markup, so the same position).
  document.addEventListener(
    'click',
    function (event) {
      var button = event.target && event.target.closest && event.target.closest('button');
      var root = button && button.closest('#root[data-prerendered]');
      if (!root || button.type === 'submit') return;
      var index = Array.prototype.indexOf.call(root.querySelectorAll('button'), button);
      document.documentElement.setAttribute('data-click-pending', String(index));
    },
    true,
  );
})();
