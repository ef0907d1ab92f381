// Early content (docs/decisions/0014-early-content-before-the-app.md): on a signed-in page load of
// a page with a build-time template (the course list: src/app/early-shell.tsx, put into index.html
// by scripts/vite/prerender.ts), fills a copy of the template with the early read's answer (the
// read the inline entry loader asked for with the HTML, window.__earlyReads) and shows it — the
// student's courses on screen while the app's code still downloads — until the app has rendered
// the same page (src/views/early-handoff.ts). Inlined at the end of index.html's <body>, after
// the template; its SHA-256 is in the Content-Security-Policy (server/security-headers.ts). Keep
// it tiny and dependency-free. The answer's texts go in with textContent only, never as markup.
/* global document, location, navigator, window, performance, requestAnimationFrame, MessageChannel, MutationObserver, localStorage, setTimeout, Event, HTMLSelectElement */
(function () {
  var d = document;
  var html = d.documentElement;
  // The early page's end, called by the app (src/views/early-handoff.ts) — here, with the page it
  // ends, rather than in every signed-in screen's code: the early page is removed and the app's
  // shown in the same frame; what the student did there is done in the app's page in the tasks
  // after (React renders a typed value before the form that reads it is sent): the fields' values
  // typed into the same fields (through the native setter and an input/change event, so React's
  // controlled fields take them), the focus on the same element, a tapped link or button clicked,
  // a sent search sent — by position: the markup is the same. From then on no early page shows.
  var FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
  var FIELDS = 'input, select, textarea';
  // Returns whether it ended an early page (that page's paint was the content's first: marked).
  var finish = function () {
    var state = html.getAttribute('data-early');
    html.setAttribute('data-early', 'done');
    if (state !== 'shown') return false;
    var early = d.getElementById('early-root');
    var root = d.getElementById('root');
    var click = html.getAttribute('data-early-click');
    var submit = html.getAttribute('data-early-submit');
    html.removeAttribute('data-early-click');
    html.removeAttribute('data-early-submit');
    // The app's page shows where the early one was, in this frame.
    if (root) root.hidden = false;
    if (!early || !root) {
      if (early) early.parentNode.removeChild(early);
      return true;
    }
    var indexIn = function (list, element) {
      return Array.prototype.indexOf.call(list, element);
    };
    var active = d.activeElement;
    var focusAt = active && early.contains(active) ? indexIn(early.querySelectorAll(FOCUSABLE), active) : -1;
    var typed = Array.prototype.map.call(early.querySelectorAll(FIELDS), function (field) {
      return field.value;
    });
    early.parentNode.removeChild(early);
    setTimeout(function () {
      var fields = root.querySelectorAll(FIELDS);
      typed.forEach(function (value, at) {
        var field = fields[at];
        if (!field || field.value === value) return;
        var setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
        if (setter && setter.set) setter.set.call(field, value);
        field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      });
      if (focusAt >= 0 && root.querySelectorAll(FOCUSABLE)[focusAt]) root.querySelectorAll(FOCUSABLE)[focusAt].focus();
      setTimeout(function () {
        var form = submit !== null && root.querySelectorAll('form')[Number(submit)];
        var tapped = click !== null && root.querySelectorAll('a[href], button')[Number(click)];
        if (form) form.requestSubmit();
        else if (tapped) tapped.click();
      }, 0);
    }, 0);
    return true;
  };
  // Once the app has rendered into #root (its first commit; the static /login's markup removed
  // before it is not one), an early page shown stays at most LIMIT_MS more, whatever the app's
  // screen shows (its content ends it sooner; an error or the wait for the network, then); none
  // shows any more if none is shown yet: the app's own page is there.
  var LIMIT_MS = 4000;
  var rendered = function () {
    if (html.getAttribute('data-early') !== 'shown') html.setAttribute('data-early', 'done');
    else setTimeout(finish, LIMIT_MS);
  };
  var appRoot = d.getElementById('root');
  if (appRoot && window.MutationObserver) {
    var watch = new MutationObserver(function (records) {
      var added = records.some(function (r) {
        return r.addedNodes.length > 0;
      });
      if (!added) return;
      watch.disconnect();
      rendered();
    });
    watch.observe(appRoot, { childList: true });
  }
  window.__earlyContent = { finish: finish };
  var tpl = d.querySelector('template[data-early-route]');
  var reads = window.__earlyReads;
  // pt-BR only (the template's texts), never on the static /login, never twice.
  if (!tpl || !reads || html.hasAttribute('data-shell') || html.hasAttribute('data-early')) return;
  if ((html.getAttribute('lang') || 'pt-BR') !== 'pt-BR' || location.search || location.hash) return;
  // A returning student's app (its service worker controls the page) renders from the saved reads
  // sooner than the network answers, and an early page of fresher data would then give way to older.
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
  var pattern = tpl.getAttribute('data-early-route');
  if (!new RegExp(pattern).test(location.pathname)) return;
  var read = reads.filter(function (r) {
    return r.pattern === pattern;
  })[0];
  if (!read) return;
  var texts = JSON.parse(tpl.getAttribute('data-texts'));
  var int = function (n, min, max) {
    return typeof n === 'number' && n % 1 === 0 && n >= min && n <= max;
  };
  var valid = function (answer) {
    var list = answer && answer.data;
    var pages = answer && answer.pagination;
    // The first page of the list, which has courses (none: the app's empty state).
    if (!Array.isArray(list) || !list.length || !pages || !int(pages.last_page, 1, 1e9) || pages.page !== 1)
      return false;
    if (!int(pages.total, list.length, 1e12) || (pages.last_page === 1 && pages.total !== list.length)) return false;
    return list.every(function (c) {
      return (
        c &&
        int(c.id, 1, 9007199254740991) &&
        typeof c.name === 'string' &&
        typeof c.description === 'string' &&
        typeof c.progress === 'number' &&
        c.progress >= 0 &&
        c.progress <= 100 &&
        Object.prototype.hasOwnProperty.call(texts.status, c.status) &&
        int(c.modules_count, 0, 1e9)
      );
    });
  };
  var number = new Intl.NumberFormat('pt-BR');
  var percent = new Intl.NumberFormat('pt-BR', { style: 'percent' });
  var plural = new Intl.PluralRules('pt-BR');
  var counted = function (forms, n) {
    return forms[plural.select(n) === 'one' ? 'one' : 'other'].replace('#', number.format(n));
  };
  // The student's name as the app knows it at its start: the cached user (cookie 'user', 1 h),
  // else the last known one (src/services/storage/user-cache.ts).
  var userName = function () {
    try {
      var m = /(?:^|; )user=([^;]*)/.exec(d.cookie);
      var cached = m && JSON.parse(decodeURIComponent(m[1]));
      if (cached && cached.expiresAt > Date.now() && cached.user && typeof cached.user.name === 'string')
        return cached.user.name;
      var last = JSON.parse(localStorage.getItem('lms.user.lastKnown') || 'null');
      return last && typeof last.name === 'string' ? last.name : null;
    } catch {
      return null;
    }
  };
  // Puts `values[key]` where the template says `@@key@@`: in text and in attribute values.
  var fill = function (node, values) {
    var walker = d.createTreeWalker(node, 5 /* elements and text */);
    for (var n = walker.currentNode; n; n = walker.nextNode()) {
      var put = function (s) {
        return s.replace(/@@(\w+)@@/g, function (all, key) {
          return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : all;
        });
      };
      if (n.nodeType === 3 && n.data.indexOf('@@') >= 0) n.data = put(n.data);
      else if (n.nodeType === 1)
        for (var i = 0; i < n.attributes.length; i++) {
          var a = n.attributes[i];
          if (a.value.indexOf('@@') >= 0) a.value = put(a.value);
        }
    }
  };
  var build = function (answer) {
    var page = tpl.content.cloneNode(true);
    var card = page.querySelector('[data-early-item]');
    var list = card.parentNode;
    card.removeAttribute('data-early-item');
    list.removeChild(card);
    answer.data.forEach(function (c) {
      var item = card.cloneNode(true);
      fill(item, {
        id: encodeURIComponent(c.id),
        name: c.name,
        description: c.description,
        status: c.status,
        statusText: texts.status[c.status],
        modules: counted(texts.modules, c.modules_count),
        progress: c.progress,
        progressLabel: c.name + ': ' + c.progress + '%',
        progressText: texts.progress.replace('#', percent.format(c.progress / 100)),
      });
      list.appendChild(item);
    });
    var name = userName();
    var greeting = page.querySelector('.user-name');
    if (name === null && greeting) greeting.parentNode.removeChild(greeting);
    var pages = answer.pagination;
    var count = counted(texts.count, pages.total);
    var pagination = page.querySelector('[data-early-pagination]');
    var last = page.querySelector('[data-early-last]');
    pagination.removeAttribute('data-early-pagination');
    last.removeAttribute('data-early-last');
    // 'Página 1 de N', 'Próxima página' from 2 pages, 'Última página' from 3 (the app's Pagination).
    if (pages.last_page === 1) pagination.parentNode.removeChild(pagination);
    else if (pages.last_page === 2) last.parentNode.removeChild(last);
    if (pages.last_page > 1) count = texts.resultsPage.replace('@@', count).replace('#', String(pages.last_page));
    var values = {
      count: count,
      pageOf: texts.pageOf.replace('#', String(pages.last_page)),
      lastPage: pages.last_page,
    };
    if (name !== null) values.userName = name;
    fill(page, values);
    var root = d.createElement('div');
    root.id = 'early-root';
    root.appendChild(page);
    return root;
  };
  // The page's stylesheets (the loader preloaded them; the app would add them once its code runs).
  var styles = function () {
    var data = JSON.parse(d.getElementById('entry-data').textContent);
    var files = data.preloads.slice();
    data.routes.forEach(function (r) {
      if (new RegExp(r[0]).test(location.pathname)) files = files.concat(r[1]);
    });
    return files
      .filter(function (f) {
        return /[.]css$/.test(f);
      })
      .map(function (href) {
        var link = d.querySelector('link[rel="stylesheet"][href="' + href + '"]');
        if (!link) {
          link = d.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = '';
          link.href = href;
          d.head.appendChild(link);
        }
        return new Promise(function (resolve, reject) {
          if (link.sheet) resolve();
          link.addEventListener('load', resolve);
          link.addEventListener('error', reject);
        });
      });
  };
  var show = function (early) {
    // Not once the app has shown the page itself (or given up on the early content).
    if (html.hasAttribute('data-early')) return;
    var root = d.getElementById('root');
    root.parentNode.insertBefore(early, root);
    // The app renders behind it, unseen, until its page gives it way (finish above).
    root.hidden = true;
    html.setAttribute('data-early', 'shown');
    // "Content visible" (src/services/metrics/content-visible.ts): after the paint that shows it.
    if (typeof requestAnimationFrame === 'function' && performance.mark)
      requestAnimationFrame(function () {
        var channel = new MessageChannel();
        channel.port1.onmessage = function () {
          channel.port1.close();
          if (!performance.getEntriesByName('content-visible:' + tpl.getAttribute('data-early-screen')).length)
            performance.mark('content-visible:' + tpl.getAttribute('data-early-screen'));
        };
        channel.port2.postMessage(null);
      });
  };
  read.response
    .then(function (response) {
      return response && response.ok ? response.clone().json() : null;
    })
    .then(function (answer) {
      if (!valid(answer) || html.hasAttribute('data-early')) return;
      var early = build(answer);
      return Promise.all(styles()).then(function () {
        show(early);
      });
    })
    .catch(function () {
      // A malformed answer or a stylesheet that did not load: the app renders the page itself.
    });
  // A tap on the early page before the app has taken over is remembered (which link or button, by
  // position: the app renders the same markup), and so is a search sent meanwhile; the app does
  // them once it has taken over, with what was typed (src/views/early-handoff.ts).
  var pending = function (event) {
    var early = d.getElementById('early-root');
    if (!early || !early.contains(event.target)) return;
    event.preventDefault();
    var target = event.type === 'click' && event.target.closest && event.target.closest('a[href], button');
    // A search sent (its button, or Enter in its field: the browser clicks the button for it).
    var form = event.type === 'submit' ? event.target : target && target.type === 'submit' && target.form;
    if (form) {
      html.setAttribute(
        'data-early-submit',
        String(Array.prototype.indexOf.call(early.querySelectorAll('form'), form)),
      );
    } else if (target && early.contains(target)) {
      var all = early.querySelectorAll('a[href], button');
      html.setAttribute('data-early-click', String(Array.prototype.indexOf.call(all, target)));
    }
  };
  d.addEventListener('click', pending, true);
  d.addEventListener('submit', pending, true);
})();
