// Deferred entry (docs/decisions/0002-prerendered-login-and-deferred-entry.md,
// scripts/vite/deferred-entry.ts): loads the app's JS after the first paint of the pre-rendered
// /login, at once elsewhere. Inlined in index.html's <head> before the stylesheet (a script after
// a stylesheet still downloading waits for it), after the pre-paint script and the data block;
// its SHA-256 is in the Content-Security-Policy (server/security-headers.ts, docs/architecture.md §D5). The
// code never changes from one build to the next (so deploy/_headers can list its hash): what a
// build knows — the entry, its preloads and each route's chunks — is in the JSON data block
// #entry-data, which is data, not script. Keep it tiny and dependency-free.
/* global document, location, navigator, requestAnimationFrame, setTimeout, window, fetch, URL */
(function () {
  var d = document;
  var data = JSON.parse(d.getElementById('entry-data').textContent);
  // Preload links for `hrefs`: modules as modulepreload, stylesheets as preload.
  function preload(hrefs) {
    hrefs.forEach(function (href) {
      // Once per file (a provider's stylesheet may be asked for before and after its read).
      if (d.querySelector('link[href="' + href + '"]')) return;
      var l = d.createElement('link');
      var css = /[.]css$/.test(href);
      l.rel = css ? 'preload' : 'modulepreload';
      if (css) l.setAttribute('as', 'style');
      l.crossOrigin = '';
      l.href = href;
      d.head.appendChild(l);
    });
  }
  // On a deep link the entry itself is preloaded too: it downloads beside its libraries instead
  // of after them (it is imported only once they have run, below). Not on the static /login,
  // whose form is already painted: there the libraries come first, alone on the wire.
  var shell = d.documentElement.hasAttribute('data-shell');
  var files = shell ? data.preloads : data.preloads.concat(data.entry);
  // A deep link: that route's chunks and styles download while the entry starts.
  data.routes.some(function (r) {
    return new RegExp(r[0]).test(location.pathname) && (files = files.concat(r[1]));
  });
  // Signed in on a route with first API reads (src/app/early-reads.ts): ask for them now, with
  // the HTML, not once the app's JS has downloaded and started; the app's HTTP client takes the
  // answer (src/services/http/early-reads.ts). A read that needs what another answers follows as
  // soon as that answer is in: a learning object's needs its lesson, found in its module's answer;
  // the bills need the ERP token the hub answers. The platform lookup is asked for on every page,
  // and /home's banners as soon as it says the platform shows them (and the first banner's image
  // as soon as they are in).
  var early = data.early;
  var token = early && new RegExp('(?:^|; )' + early.cookie + '=([^;]+)').exec(d.cookie);
  if (token && window.fetch) {
    token = decodeURIComponent(token[1]);
    var reads = (window.__earlyReads = []);
    // `credential` goes where the API's headers say {token}: the session token, or the ERP token.
    // `pattern`: the route's, for the early page built from the answer (src/app/early-content.js).
    var ask = function (url, auth, credential, pattern) {
      var headers = {};
      Object.keys(early.headers[auth]).forEach(function (name) {
        headers[name] = early.headers[auth][name].replace('{token}', function () {
          return credential;
        });
      });
      var response = fetch(url, { headers: headers }).catch(function () {
        return null;
      });
      reads.push({ url: url, token: credential, at: Date.now(), response: response, pattern: pattern });
      return response;
    };
    var fill = function (template, values) {
      return new URL(
        template.replace(/[{](\w+)[}]/g, function (_, name) {
          return encodeURIComponent(values[name]);
        }),
        location.href,
      ).href;
    };
    var body = function (response) {
      return response && response.ok ? response.clone().json() : null;
    };
    early.routes.forEach(function (r) {
      var m = new RegExp(r.pattern).exec(location.pathname);
      if (!m || (r.onlyWithoutQuery && location.search)) return;
      var groups = m.groups || {};
      var answer = ask(fill(r.url, groups), r.auth, token, r.pattern);
      var entry = reads[reads.length - 1];
      var then = r.then;
      if (!then) return;
      // A returning student (the service worker controls the page) has every learning-object
      // type's code in its cache: read from there now, with no network, instead of once the
      // viewer asks for it after the saved reads are restored (before the module answers).
      var kinds = data.kinds || {};
      if (then.kind === 'lesson' && navigator.serviceWorker && navigator.serviceWorker.controller) {
        Object.keys(kinds).forEach(function (k) {
          preload(kinds[k]);
        });
      }
      var next = answer
        .then(body)
        .then(function (first) {
          var got = first && first.data;
          // The ERP read's answer is the one the screen shows (`shown`, for its early page).
          if (then.kind === 'erpToken')
            return got && typeof got.token === 'string' && got.token
              ? ask(fill(then.url, groups), 'erp', got.token)
              : null;
          var found = null;
          var lesson = ((got && got.lessons) || []).filter(function (l) {
            return (l.learning_objects || []).some(function (lo) {
              if (String(lo.id) === groups[then.param]) found = lo;
              return found === lo;
            });
          })[0];
          var type = found && found.type;
          if (!lesson) return null;
          var own = ask(fill(then.url, Object.assign({}, groups, { lesson: lesson.id })), 'main', token);
          own
            .then(body)
            .then(function (lo) {
              // A learning object on an embed provider's page: the provider's code (its
              // recognition and embed, only such a one loads it) beside the app's; a video's or
              // an audio's file: the app's player. The host rule is hostMatches'
              // (src/services/contract/origins.ts): exact, or `*.` subdomains.
              var content = (lo && lo.data && lo.data.content) || {};
              var url = content.url;
              var html = type === 'text' && typeof content.html === 'string' ? content.html : '';
              var onProvider = function (name) {
                name = name.toLowerCase();
                return then.providerHosts.some(function (h) {
                  return h.indexOf('*.') === 0 ? name.slice(-h.length + 1) === h.slice(1) : name === h;
                });
              };
              var host = typeof url === 'string' && /^https?:[/][/]([^/?#:]+)/i.exec(url);
              var parts = [
                host && onProvider(host[1]) ? 'provider' : (type === 'video' || type === 'audio') && url ? 'media' : '',
              ];
              // A text lesson's extras (src/services/content/rich-text.ts RichTextExtras), when
              // its HTML looks like it needs them: the provider's code for a frame or a link on
              // a provider's host, the colour names for a colour that may be a word ('red').
              if (
                (html.match(/[/][/][\w.-]+/g) || []).some(function (h) {
                  return onProvider(h.slice(2));
                })
              )
                parts.push('provider');
              if (
                /(color|background)\s*[:=]\s*["']?\s*(?!(transparent|inherit|initial|unset|revert|none|currentcolor)\b)[a-z]+\s*(["';]|$)/i.test(
                  html,
                )
              )
                parts.push('colourNames');
              parts.forEach(function (part) {
                if (kinds[part]) preload(kinds[part]);
              });
            })
            .catch(function () {});
          // The code only that type of learning object needs (a text's sanitiser, a quiz's form,
          // a PDF's viewer) downloads now, beside its read, not once the app has rendered it.
          if (typeof type === 'string' && Object.prototype.hasOwnProperty.call(kinds, type)) preload(kinds[type]);
          // A video or an embed may be a provider's: its facade's stylesheet (0.5 KB) now, for the
          // early page (src/app/early-content.js waits for it), not once the read says so.
          if ((type === 'video' || type === 'embed') && kinds.provider)
            preload(
              kinds.provider.filter(function (href) {
                return /[.]css$/.test(href);
              }),
            );
          return own;
        })
        .catch(function () {
          return null;
        });
      // The learning object's answer follows its module's (`followed`, for its early page).
      if (then.kind === 'erpToken') entry.shown = next;
      else entry.followed = next;
    });
    // The platform of this host, on every page; the banners too where the screen shows them.
    var platform = ask(fill(early.lookup, { host: location.hostname }), 'main', token);
    // A learning object's early page needs the platform's embed providers (its JSON; null unknown).
    reads.forEach(function (read) {
      if ('followed' in read)
        read.platform = platform.then(body).catch(function () {
          return null;
        });
    });
    var banners = early.banners;
    if (
      banners[1].some(function (p) {
        return new RegExp(p).test(location.pathname);
      })
    ) {
      // The banners' answer, false when the platform shows none, null when unknown (for the home
      // screen's early page: `banners` of the route's read).
      var listed = platform
        .then(body)
        .then(function (answer) {
          var options = answer && answer.data && answer.data.options;
          if (!options) return null;
          return options.show_banners !== false ? ask(fill(banners[0], {}), 'main', token).then(body) : false;
        })
        .catch(function () {
          return null;
        });
      reads.forEach(function (read) {
        if (banners[1].indexOf(read.pattern) >= 0) read.banners = listed;
      });
      listed
        .then(function (answer) {
          // The first banner's image (the screen's largest paint) as soon as it is known, unless
          // 'Economia de dados' is on (the pre-paint script copied the choice onto <html>; the same
          // rule as dataSaverOn in src/services/media/data-saver.ts): then the carousel loads it
          // only when shown.
          var first = answer && answer.data && answer.data[0];
          var saver = d.documentElement.getAttribute('data-data-saver');
          var saves = saver === 'on' || (saver !== 'off' && navigator.connection && navigator.connection.saveData);
          if (!first || typeof first.image_url !== 'string' || saves) return;
          var img = d.createElement('link');
          img.rel = 'preload';
          img.setAttribute('as', 'image');
          img.setAttribute('fetchpriority', 'high');
          img.href = first.image_url;
          d.head.appendChild(img);
        })
        .catch(function () {});
    }
  }
  var done = false;
  function load() {
    if (done) return;
    done = true;
    preload(files);
    // The engine's locale data (ICU) for the page's language, loaded by the first Intl call (~50 ms
    // on a slow phone): now, while the network brings the code and the main thread waits, rather
    // than on the app's path to its first render (src/services/scheduling/yield.ts warmUpIntl).
    setTimeout(function () {
      try {
        var lang = [d.documentElement.lang || 'pt-BR'];
        Intl.NumberFormat.supportedLocalesOf(lang);
        Intl.DateTimeFormat.supportedLocalesOf(lang);
      } catch {
        // No Intl: react-intl reports it itself.
      }
    }, 0);
    // The entry's own chunks (libraries first), then the entry, each evaluated in a task of its
    // own: a slow phone never runs all of the app's startup code in one long task.
    // import() rather than a <script src>: no Trusted Types sink, and 'self' in script-src covers it.
    var chain = data.preloads
      .filter(function (href) {
        return !/[.]css$/.test(href);
      })
      .concat(data.entry);
    (function next(i) {
      import(chain[i]).then(
        function () {
          if (i + 1 < chain.length) setTimeout(next, 0, i + 1);
        },
        function () {
          if (chain[i] !== data.entry) import(data.entry).catch(function () {});
        },
      );
    })(0);
  }
  // The static /login (the pre-paint script set data-shell) paints from HTML + CSS alone first:
  // the first frame comes once the stylesheet is in. Where no frame comes (a tab in the
  // background), the page's load event (the stylesheet in too) starts it.
  if (shell) {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
    window.addEventListener('load', function () {
      setTimeout(load, 200);
    });
  } else {
    load();
  }
})();
