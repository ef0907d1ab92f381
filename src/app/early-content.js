// Early content (docs/decisions/0014-early-content-before-the-app.md): on a signed-in page load of
// a page with a build-time template (the course list, a course, a module: src/app/early-shell.tsx,
// put into index.html by scripts/vite/prerender.ts), fills a copy of the template with the early
// read's answer (the read the inline entry loader asked for with the HTML, window.__earlyReads)
// and shows it — the student's courses, a course's modules or a module's lessons on screen while
// the app's code still downloads — until the app has rendered the same page
// (src/views/early-handoff.ts). Inlined (minified) at the end of index.html's <body>, after the
// templates; its SHA-256 is in the Content-Security-Policy (server/security-headers.ts). Keep it
// small and dependency-free. The answer's texts go in with textContent only, never as markup.
/* global document, location, navigator, window, URL, performance, requestAnimationFrame, MessageChannel, MutationObserver, localStorage, setTimeout, Event, HTMLSelectElement */
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
    // A radio button or a check box chosen there (a quiz's answers).
    var checked = Array.prototype.map.call(early.querySelectorAll(FIELDS), function (field) {
      return (field.type === 'radio' || field.type === 'checkbox') && field.checked;
    });
    early.parentNode.removeChild(early);
    setTimeout(function () {
      var fields = root.querySelectorAll(FIELDS);
      typed.forEach(function (value, at) {
        var field = fields[at];
        // Chosen by a click, as the student did (React's onChange follows it).
        if (field && checked[at] && !field.checked) field.click();
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
  window.__earlyContent = { finish: finish };
  var appRoot = d.getElementById('root');
  // The app has started rendering already (it clears the static /login's markup and its mark
  // first, src/main.tsx; on a network where the end of the HTML comes after the app's code): its
  // page, not an early one.
  if (!appRoot || !appRoot.hasAttribute('data-prerendered')) return;
  if (window.MutationObserver) {
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
  var reads = window.__earlyReads;
  // pt-BR only (the templates' texts), never on the static /login, never twice.
  if (!reads || html.hasAttribute('data-shell') || html.hasAttribute('data-early')) return;
  if ((html.getAttribute('lang') || 'pt-BR') !== 'pt-BR' || location.search || location.hash) return;
  // A returning student's app (its service worker controls the page) renders from the saved reads
  // sooner than the network answers, and an early page of fresher data would then give way to older.
  if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
  // The template of this page's route (one per screen with an early page), and its early read.
  var tpl = Array.prototype.filter.call(d.querySelectorAll('template[data-early-route]'), function (t) {
    return new RegExp(t.getAttribute('data-early-route')).test(location.pathname);
  })[0];
  if (!tpl) return;
  var pattern = tpl.getAttribute('data-early-route');
  var screen = tpl.getAttribute('data-early-screen');
  var params = new RegExp(pattern).exec(location.pathname).groups || {};
  // The route's ids as the app reads them (parseId): anything else is the app's 'not found'.
  for (var param in params) if (!/^[1-9]\d{0,9}$/.test(params[param])) return;
  // The route's reads (a screen may start with more than one: the documents area's three).
  var routeReads = reads.filter(function (r) {
    return r.pattern === pattern;
  });
  if (!routeReads.length) return;
  var texts = JSON.parse(tpl.getAttribute('data-texts'));
  var has = function (object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  };
  var int = function (n, min, max) {
    return typeof n === 'number' && n % 1 === 0 && n >= min && n <= max;
  };
  var id = function (n) {
    return int(n, 1, 9007199254740991);
  };
  var percentage = function (n) {
    return typeof n === 'number' && n >= 0 && n <= 100;
  };
  // An item's place in its list (any integer the contract takes).
  var position = function (n) {
    return int(n, -1e9, 1e9);
  };
  // The contract's calendar day (valibot's isoDate) and ISO timestamp (valibot's isoTimestamp).
  var DAY = '\\d{4}-(?:0[1-9]|1[0-2])-(?:[12]\\d|0[1-9]|3[01])';
  var day = function (s) {
    return typeof s === 'string' && new RegExp('^' + DAY + '$').test(s);
  };
  var instant = function (s) {
    return (
      typeof s === 'string' &&
      new RegExp(
        '^' +
          DAY +
          '[T ](?:0\\d|1\\d|2[0-3])(?::[0-5]\\d){2}(?:[.,]\\d+)?(?:[zZ]|[+-](?:0\\d|1\\d|2[0-3])(?::?[0-5]\\d)?)$',
      ).test(s)
    );
  };
  // Whether `o` is an object whose fields are of the kinds `spec` says: 'name:kind …' with the
  // kinds below (a trailing `?`: or null).
  var kinds = {
    id: id,
    text: function (v) {
      return typeof v === 'string';
    },
    // A string id (a quiz's question's or option's).
    key: function (v) {
      return typeof v === 'string' && v.length > 0;
    },
    count: function (n) {
      return int(n, 0, 9007199254740991);
    },
    bool: function (v) {
      return typeof v === 'boolean';
    },
    instant: function (v) {
      return instant(v);
    },
    day: function (v) {
      return day(v);
    },
    pct: function (n) {
      return percentage(n);
    },
    pos: function (n) {
      return position(n);
    },
    grade: function (n) {
      return typeof n === 'number' && n >= 0 && n <= 10;
    },
  };
  var shape = function (o, spec) {
    return (
      !!o &&
      spec.split(' ').every(function (field) {
        var f = /^(\w+):(\w+)([?]?)$/.exec(field);
        var v = o[f[1]];
        return (f[3] && v === null) || kinds[f[2]](v);
      })
    );
  };
  var number = new Intl.NumberFormat('pt-BR');
  var percent = new Intl.NumberFormat('pt-BR', { style: 'percent' });
  var plural = new Intl.PluralRules('pt-BR');
  var counted = function (forms, n) {
    return forms[plural.select(n) === 'one' ? 'one' : 'other'].replace('#', number.format(n));
  };
  // The student as the app knows them at its start (their name, their area flags): the cached
  // user (cookie 'user', 1 h), else the last known one (src/services/storage/user-cache.ts).
  var student = function () {
    try {
      var m = /(?:^|; )user=([^;]*)/.exec(d.cookie);
      var cached = m && JSON.parse(decodeURIComponent(m[1]));
      if (cached && cached.expiresAt > Date.now() && cached.user && typeof cached.user.name === 'string')
        return cached.user;
      var last = JSON.parse(localStorage.getItem('lms.user.lastKnown') || 'null');
      return last && typeof last.name === 'string' ? last : null;
    } catch {
      return null;
    }
  };
  // Puts `values[key]` where the template says `@@key@@`: in text and in attribute values, once —
  // a part filled already (a copied item, with its own values) is left as it is: what the answer
  // put there is never read as a slot.
  var filled = [];
  var fill = function (node, values) {
    var walker = d.createTreeWalker(node, 5 /* elements and text */, {
      acceptNode: function (n) {
        return filled.indexOf(n) >= 0 ? 2 /* reject, with its subtree */ : 1;
      },
    });
    var put = function (s) {
      return s.replace(/@@(\w+)@@/g, function (all, key) {
        return has(values, key) ? String(values[key]) : all;
      });
    };
    for (var n = walker.currentNode; n; n = walker.nextNode()) {
      if (n.nodeType === 3 && n.data.indexOf('@@') >= 0) n.data = put(n.data);
      else if (n.nodeType === 1)
        for (var i = 0; i < n.attributes.length; i++) {
          var a = n.attributes[i];
          if (a.value.indexOf('@@') >= 0) a.value = put(a.value);
        }
    }
    filled.push(node);
  };
  // Takes the item `name` (`data-early-item`) out of `node` and puts a copy per element of `list`
  // in its place, each made by `each(copy, element)`.
  var repeat = function (node, name, list, each) {
    var item = node.querySelector('[data-early-item="' + name + '"]');
    var parent = item.parentNode;
    var after = item.nextSibling;
    item.removeAttribute('data-early-item');
    parent.removeChild(item);
    list.forEach(function (element, at) {
      var copy = item.cloneNode(true);
      each(copy, element, at);
      parent.insertBefore(copy, after);
    });
  };
  // Keeps `node`'s parts marked `data-early-if="name"` (what the app renders only when so) when
  // `shown`, else removes them.
  var when = function (node, name, shown) {
    Array.prototype.forEach.call(node.querySelectorAll('[data-early-if="' + name + '"]'), function (part) {
      if (shown) part.removeAttribute('data-early-if');
      else part.parentNode.removeChild(part);
    });
  };
  var progressText = function (progress) {
    return texts.progress.replace('#', percent.format(progress / 100));
  };
  // The first page of a list, which has items (none: the app's empty state), as its answer's
  // `pagination` says: the count, 'Página 1 de N', 'Próxima página' from 2 pages, 'Última página'
  // from 3 (the app's ListFilter and Pagination).
  var firstPage = function (answer) {
    var list = answer && answer.data;
    var pages = answer && answer.pagination;
    return (
      Array.isArray(list) &&
      list.length > 0 &&
      !!pages &&
      int(pages.last_page, 1, 1e9) &&
      pages.page === 1 &&
      int(pages.total, list.length, 1e12) &&
      (pages.last_page > 1 || pages.total === list.length)
    );
  };
  // `count`: the count's text when not the list's own ('N de M faturas'); default: of `total`.
  var paginated = function (page, pages, count) {
    count = count || counted(texts.count, pages.total);
    var pagination = page.querySelector('[data-early-pagination]');
    var last = page.querySelector('[data-early-last]');
    pagination.removeAttribute('data-early-pagination');
    last.removeAttribute('data-early-last');
    if (pages.last_page === 1) pagination.parentNode.removeChild(pagination);
    else if (pages.last_page === 2) last.parentNode.removeChild(last);
    if (pages.last_page > 1) count = texts.resultsPage.replace('@@', count).replace('#', String(pages.last_page));
    return { count: count, pageOf: texts.pageOf.replace('#', String(pages.last_page)), lastPage: pages.last_page };
  };
  // Each screen's early page: `valid` says whether its reads' answers (one argument each, in the
  // order of the route's early reads) are ones the app shows as they are (anything else: no early
  // page), `build` fills the template's copy `page` from them and returns the page's own values.
  var screens = {
    // The course list (src/views/courses/screen.tsx): its first page, with courses.
    courses: {
      valid: function (answer) {
        return (
          firstPage(answer) &&
          answer.data.every(function (c) {
            return (
              shape(c, 'id:id name:text description:text image_url:text? progress:pct modules_count:count') &&
              has(texts.status, c.status)
            );
          })
        );
      },
      build: function (page, answer) {
        repeat(page, 'course', answer.data, function (card, c) {
          fill(card, {
            id: encodeURIComponent(c.id),
            name: c.name,
            description: c.description,
            status: c.status,
            statusText: texts.status[c.status],
            modules: counted(texts.modules, c.modules_count),
            progress: c.progress,
            progressLabel: c.name + ': ' + c.progress + '%',
            progressText: progressText(c.progress),
          });
        });
        return paginated(page, answer.pagination);
      },
    },
    // The grade list (src/views/grades/screen.tsx): its summary and first page, in its default order.
    grades: {
      valid: function (answer) {
        return (
          firstPage(answer) &&
          shape(answer.stats, 'average:grade? approved:count in_progress:count failed:count') &&
          answer.data.every(function (g) {
            return (
              shape(
                g,
                'course_id:id course_name:text grade:grade? passing_grade:grade? graded_assessments:count total_assessments:count updated_at:instant?',
              ) && has(texts.status, g.status)
            );
          })
        );
      },
      build: function (page, answer) {
        var decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
        var date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });
        var grade = function (n) {
          return n === null ? texts.noGrade : decimal.format(n);
        };
        repeat(page, 'grade', answer.data, function (row, g) {
          fill(row, {
            id: encodeURIComponent(g.course_id),
            name: g.course_name,
            graded: texts.graded
              .replace('{graded}', String(g.graded_assessments))
              .replace('{total}', String(g.total_assessments)),
            grade: grade(g.grade),
            passing: g.passing_grade === null ? texts.noPassing : decimal.format(g.passing_grade),
            statusClass: texts.statusClass[g.status],
            statusText: texts.status[g.status],
            updated: g.updated_at === null ? '—' : date.format(new Date(g.updated_at)),
          });
        });
        var stats = answer.stats;
        return Object.assign(paginated(page, answer.pagination), {
          average: grade(stats.average),
          approved: number.format(stats.approved),
          in_progress: number.format(stats.in_progress),
          failed: number.format(stats.failed),
        });
      },
    },
    // The bill list (src/views/finances/screen.tsx): its first page, grouped and ordered as
    // pageOfBills (src/views/finances/bills.ts) does — overdue oldest first, open soonest first,
    // paid newest first.
    finances: {
      valid: function (answer) {
        var bills = answer && answer.data;
        return (
          Array.isArray(bills) &&
          bills.length > 0 &&
          bills.every(function (b) {
            return (
              shape(b, 'id:id description:text amount_cents:count due_date:day paid_at:instant?') &&
              texts.order.indexOf(b.status) >= 0
            );
          })
        );
      },
      build: function (page, answer) {
        var order = texts.order;
        var money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
        var date = { day: '2-digit', month: '2-digit', year: 'numeric' };
        var dueDate = new Intl.DateTimeFormat('pt-BR', Object.assign({ timeZone: 'UTC' }, date));
        var localDate = new Intl.DateTimeFormat('pt-BR', date);
        var bills = answer.data.slice().sort(function (a, b) {
          var rank = order.indexOf(a.status) - order.indexOf(b.status);
          var byDate = a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id;
          return rank || (a.status === 'paid' ? -byDate : byDate);
        });
        var shown = bills.slice(0, texts.perPage);
        var years = [];
        bills.forEach(function (b) {
          var year = Number(b.due_date.slice(0, 4));
          if (years.indexOf(year) < 0) years.push(year);
        });
        years.sort(function (a, b) {
          return b - a;
        });
        repeat(page, 'year', years.length > 1 ? years : [], function (option, year) {
          fill(option, { year: year });
        });
        when(page, 'years', years.length > 1);
        var of = function (list, status) {
          return list.filter(function (b) {
            return b.status === status;
          });
        };
        var groups = order.filter(function (status) {
          return of(shown, status).length > 0;
        });
        repeat(page, 'group', groups, function (section, status) {
          repeat(section, 'bill', of(shown, status), function (item, b) {
            when(item, 'paid', !!b.paid_at);
            when(item, 'payable', b.status !== 'paid');
            fill(item, {
              billClass: texts.billClass[status],
              description: b.description,
              amount: money.format(b.amount_cents / 100),
              badgeClass: texts.badgeClass[status],
              badge: texts.badge[status],
              due: dueDate.format(Date.parse(b.due_date + 'T00:00:00Z')),
              paidSep: b.paid_at ? ' · ' : '',
              paid: b.paid_at ? localDate.format(Date.parse(b.paid_at)) : '',
            });
          });
          fill(section, {
            groupId: texts.groupId[status],
            heading: texts.heading[status],
            groupTotal: of(bills, status).length,
          });
        });
        var last = Math.ceil(bills.length / texts.perPage);
        return paginated(
          page,
          { total: bills.length, last_page: last },
          last > 1 && texts.countPart.replace('#', number.format(bills.length)),
        );
      },
    },
    // The documents area (src/views/attachments/screen.tsx): the student's files, the documents'
    // categories and first page; the certificates below as they are while their reads are under way.
    attachments: {
      valid: function (mine, categories, documents) {
        var file = function (f) {
          return (
            shape(
              f,
              'id:id name:text description:text category_id:id? category_name:text? personal:bool file_name:text mime_type:text size_bytes:count url:text created_at:instant started_at:instant? completed_at:instant?',
            ) &&
            f.file_name !== '' &&
            has(texts.status, f.status)
          );
        };
        return (
          !!mine &&
          Array.isArray(mine.data) &&
          mine.data.length > 0 &&
          mine.data.every(file) &&
          !!categories &&
          Array.isArray(categories.data) &&
          categories.data.every(function (c) {
            return shape(c, 'id:id name:text count:count');
          }) &&
          firstPage(documents) &&
          documents.data.every(file)
        );
      },
      build: function (page, mine, categories, documents) {
        var size = function (bytes) {
          var mega = bytes >= 1e6;
          return new Intl.NumberFormat('pt-BR', {
            style: 'unit',
            unit: mega ? 'megabyte' : 'kilobyte',
            unitDisplay: 'short',
            maximumFractionDigits: 1,
          }).format(bytes > 0 ? Math.max(bytes / (mega ? 1e6 : 1e3), 0.1) : 0);
        };
        // As fileTypeLabel (src/views/components/file-format.ts): the MIME type, else the extension.
        var type = function (f) {
          var mime = f.mime_type.split(';')[0].trim().toLowerCase();
          var known = has(texts.types, mime)
            ? texts.types[mime]
            : has(texts.families, mime.split('/')[0])
              ? texts.families[mime.split('/')[0]]
              : null;
          var dot = f.file_name.lastIndexOf('.');
          return (
            known ||
            (dot > 0 && dot < f.file_name.length - 1
              ? texts.otherType.replace('#', f.file_name.slice(dot + 1).toUpperCase())
              : texts.noType)
          );
        };
        var rows = function (name, files) {
          repeat(page, name, files, function (row, f) {
            fill(row, {
              id: encodeURIComponent(f.id),
              name: f.name,
              status: f.status,
              statusText: texts.status[f.status],
              meta: [f.category_name, type(f), size(f.size_bytes)].filter(Boolean).join(' · '),
            });
          });
        };
        rows('mine', mine.data);
        rows('document', documents.data);
        repeat(page, 'category', categories.data, function (option, c) {
          fill(option, {
            categoryId: encodeURIComponent(c.id),
            categoryOption: texts.categoryOption.replace('#', String(c.count)).replace('@@', function () {
              return c.name;
            }),
          });
        });
        return paginated(page, documents.pagination);
      },
    },
    // The home page (src/views/home/screen.tsx): the greeting, the banners, the student's areas,
    // the courses to continue, the pending bills and what comes up.
    home: {
      valid: function (dashboard, banners) {
        var data = dashboard && dashboard.data;
        var list = banners === false ? [] : banners && banners.data;
        return (
          !!data &&
          kinds.count(data.pending_bills) &&
          Array.isArray(data.courses) &&
          data.courses.every(function (c) {
            return (
              shape(c, 'id:id name:text image_url:text? progress:pct') &&
              texts.statuses.indexOf(c.status) >= 0 &&
              (c.continue_learning_object === null ||
                shape(c.continue_learning_object, 'id:id lesson_id:id module_id:id'))
            );
          }) &&
          Array.isArray(data.upcoming) &&
          data.upcoming.every(function (u) {
            return (
              shape(u, 'title:text date:text link:text') &&
              has(texts.kind, u.kind) &&
              /^\d{4}-\d{2}-\d{2}$/.test(u.date) &&
              /^\/(?!\/)[^\s\\]*$/.test(u.link)
            );
          }) &&
          Array.isArray(list) &&
          list.every(function (b) {
            return (
              shape(b, 'id:id title:text text:text image_url:text alt:text link:text? visible_ead:bool position:pos') &&
              // A link the app leads to as it is: a plain path of the app, or another site.
              (b.link === null || /^\/[\w/-]*$/.test(b.link) || /^https?:\/\/\S*$/i.test(b.link))
            );
          })
        );
      },
      build: function (page, dashboard, banners, user) {
        var data = dashboard.data;
        var list = banners === false ? [] : banners.data;
        var several = list.length > 1;
        var saver = html.getAttribute('data-data-saver');
        var saves = saver === 'on' || (saver !== 'off' && navigator.connection && navigator.connection.saveData);
        repeat(page, 'slide', list, function (slide, b) {
          var at = list.indexOf(b);
          var inner = b.link !== null && b.link.charAt(0) === '/';
          if (at > 0) slide.setAttribute('hidden', '');
          when(slide, 'inner', inner);
          when(slide, 'outer', b.link !== null && !inner);
          fill(slide, {
            slideLabel: texts.slideLabel.replace('{n}', at + 1).replace('{total}', list.length),
            image: b.image_url,
            alt: b.alt,
            loading: at === 0 && !saves ? 'eager' : 'lazy',
            title: b.title,
            text: b.text,
            link: b.link,
            learnMoreLabel: texts.learnMore + ': ' + b.title,
          });
        });
        repeat(page, 'indicator', several ? list : [], function (button, b) {
          if (list.indexOf(b) > 0) button.removeAttribute('aria-current');
          fill(button, {
            pickSlide: texts.pickSlide.replace('{n}', list.indexOf(b) + 1).replace('{title}', function () {
              return b.title;
            }),
          });
        });
        when(page, 'banners', list.length > 0);
        when(page, 'several', several);
        // The rotation's button as the carousel's machine starts (src/views/home/carousel.tsx):
        // 'Continuar rotação' under reduced motion (it does not rotate then), else 'Pausar'.
        var still = !!window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        when(page, 'rotating', !still);
        when(page, 'still', still);
        when(page, 'user', user !== null);
        texts.flags.forEach(function (flag) {
          when(page, flag, !!user && user[flag] === true);
        });
        repeat(page, 'course', data.courses, function (card, c) {
          var next = c.continue_learning_object;
          var ids = function (template) {
            return template
              .replace('{course}', encodeURIComponent(c.id))
              .replace('{module}', next && encodeURIComponent(next.module_id))
              .replace('{learningObject}', next && encodeURIComponent(next.id));
          };
          var action = next ? texts.continue : texts.openCourse;
          fill(card, {
            courseHref: ids(texts.coursePath),
            name: c.name,
            progress: c.progress,
            progressText: progressText(c.progress),
            actionLabel: action + ': ' + c.name,
            actionHref: ids(next ? texts.continuePath : texts.coursePath),
            actionText: action,
          });
        });
        when(page, 'courses', data.courses.length > 0);
        when(page, 'noCourses', data.courses.length === 0);
        when(page, 'bills', data.pending_bills > 0);
        // The day as the app reads it (src/views/home/upcoming.ts `localDay`): the device's.
        var now = new Date();
        var pad = function (n) {
          return (n < 10 ? '0' : '') + n;
        };
        var today = now.getFullYear() + '-' + pad(now.getMonth() + 1) + '-' + pad(now.getDate());
        var short = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'UTC' });
        repeat(page, 'upcoming', data.upcoming, function (item, u) {
          when(item, 'past', u.date < today);
          fill(item, {
            kind: texts.kind[u.kind],
            upLink: u.link,
            upTitle: u.title,
            upDate: u.date,
            upDay: short.format(new Date(u.date + 'T12:00:00Z')),
            pastClass: texts.pastClass[u.kind],
            pastText: texts.pastText[u.kind],
          });
        });
        when(page, 'upcoming', data.upcoming.length > 0);
        when(page, 'noUpcoming', data.upcoming.length === 0);
        var pending = data.pending_bills;
        return {
          firstName: user ? user.name.split(' ')[0] : '',
          pending:
            pending === 0
              ? texts.pendingBills.zero
              : counted({ one: texts.pendingBills.one, other: texts.pendingBills.other }, pending),
        };
      },
    },
    // A course (src/views/course/screen.tsx): its progress, where to go on, its modules.
    course: {
      valid: function (answer) {
        var c = answer && answer.data;
        var ref = function (r) {
          return r === null || shape(r, 'id:id lesson_id:id module_id:id');
        };
        return (
          shape(c, 'id:id name:text description:text image_url:text? progress:pct modules_count:count') &&
          texts.statuses.indexOf(c.status) >= 0 &&
          ref(c.last_learning_object) &&
          (c.continue_learning_object === undefined || ref(c.continue_learning_object)) &&
          Array.isArray(c.modules) &&
          c.modules.every(function (m) {
            return shape(m, 'id:id name:text position:pos progress:pct completed:bool lessons_count:count');
          })
        );
      },
      build: function (page, answer) {
        var c = answer.data;
        var course = encodeURIComponent(c.id);
        var path = function (template, target) {
          return template
            .replace('{course}', course)
            .replace('{module}', encodeURIComponent(target.module_id))
            .replace('{learningObject}', encodeURIComponent(target.id));
        };
        // 'Continuar' to where the server says, else 'Começar o curso' to the first module.
        var target = c.continue_learning_object || c.last_learning_object;
        var first = c.modules.slice().sort(function (a, b) {
          return a.position - b.position;
        })[0];
        var href = target
          ? path(texts.continuePath, target)
          : first
            ? path(texts.startPath, { module_id: first.id })
            : null;
        when(page, 'continue', href !== null);
        when(page, 'started', c.status !== 'not_started' || c.last_learning_object !== null || c.progress > 0);
        repeat(page, 'module', c.modules, function (row, m) {
          when(row, 'completed', m.completed);
          when(row, 'progressing', !m.completed);
          fill(row, {
            id: course,
            moduleId: encodeURIComponent(m.id),
            name: m.name,
            lessons: counted(texts.lessons, m.lessons_count),
            progress: m.progress,
            progressText: progressText(m.progress),
          });
        });
        return {
          id: course,
          name: c.name,
          description: c.description,
          courseProgress: c.progress,
          courseProgressText: progressText(c.progress),
          continueHref: href,
          continueText: target ? texts.continue : texts.start,
        };
      },
    },
    // A module (src/views/module/screen.tsx): its lessons and their learning objects, in the
    // answer's order.
    module: {
      valid: function (answer) {
        var m = answer && answer.data;
        return (
          shape(m, 'id:id course_id:id course_name:text name:text position:pos progress:pct completed:bool') &&
          Array.isArray(m.lessons) &&
          m.lessons.every(function (l) {
            return (
              shape(l, 'id:id name:text position:pos completed:bool') &&
              Array.isArray(l.learning_objects) &&
              l.learning_objects.every(function (lo) {
                return (
                  shape(lo, 'id:id name:text position:pos duration_seconds:count?') &&
                  has(texts.types, lo.type) &&
                  has(texts.statuses, lo.status)
                );
              })
            );
          })
        );
      },
      build: function (page, answer) {
        var m = answer.data;
        var ids = { courseId: encodeURIComponent(m.course_id), moduleId: encodeURIComponent(m.id) };
        repeat(page, 'lesson', m.lessons, function (section, lesson) {
          repeat(section, 'learning-object', lesson.learning_objects, function (row, lo) {
            fill(
              row,
              Object.assign({}, ids, {
                id: encodeURIComponent(lo.id),
                name: lo.name,
                status: lo.status,
                tick: texts.ticks[lo.status],
                typeText: texts.types[lo.type],
                statusText: texts.statuses[lo.status],
              }),
            );
          });
          when(section, 'completed', lesson.completed);
          when(
            section,
            'started',
            lesson.learning_objects.some(function (lo) {
              return lo.status !== 'not_started';
            }),
          );
          fill(section, { lessonId: encodeURIComponent(lesson.id), lessonName: lesson.name });
        });
        return Object.assign(ids, {
          courseName: m.course_name,
          name: m.name,
          progress: m.progress,
          progressText: progressText(m.progress),
        });
      },
    },
    // A learning object (src/views/learning-object/screen.tsx): the module's answer, then its own
    // (the read the loader asked for once the module's answer named its lesson). Only the types
    // whose first screen needs none of their code, at a URL the app shows as this page does: a
    // file of the app's origin for a video, an audio or a PDF (their players without a source:
    // the app's fetch the file), any web, mail or phone address for a link. Not once the student
    // has finished it on this device and the outbox has not sent it (the app says 'Concluído'
    // then): the early page says what the platform says.
    'learning-object': {
      // The video provider whose page `o`'s URL is, as the app recognises it (only the pages'
      // plain addresses: `texts.videoProviders`), when the platform allows it; else null.
      provider: function (o, platform) {
        var options = platform && platform.data && platform.data.options;
        var url = (o.content || {}).url;
        if (!options || (o.type !== 'video' && o.type !== 'embed') || typeof url !== 'string') return null;
        var allowed = options.embed_providers;
        return (
          texts.videoProviders.filter(function (p) {
            return new RegExp(p.page).test(url) && (!Array.isArray(allowed) || allowed.indexOf(p.id) >= 0);
          })[0] || null
        );
      },
      // The stylesheets of the types' code the body shows (a provider's facade: its chunk's).
      kinds: function (module, lo, platform) {
        return this.provider(lo.data, platform) ? ['provider'] : [];
      },
      valid: function (module, lo, platform) {
        var m = module && module.data;
        var o = lo && lo.data;
        var ref = function (r) {
          return r === null || shape(r, 'id:id lesson_id:id module_id:id');
        };
        var next = o && o.next_module;
        var content = (o && o.content) || {};
        var url = content.url;
        var ids = new RegExp(pattern).exec(location.pathname).groups;
        return (
          shape(m, 'id:id course_id:id course_name:text name:text') &&
          Array.isArray(m.lessons) &&
          m.lessons.some(function (l) {
            return (
              Array.isArray(l.learning_objects) &&
              l.learning_objects.some(function (x) {
                return x && x.id === Number(ids.learningObject);
              })
            );
          }) &&
          m.id === Number(ids.module) &&
          shape(
            o,
            'id:id name:text lesson_id:id module_id:id course_id:id started_at:instant? completed_at:instant?',
          ) &&
          o.id === Number(ids.learningObject) &&
          has(texts.types, o.type) &&
          texts.statuses.indexOf(o.status) >= 0 &&
          ref(o.previous) &&
          ref(o.next) &&
          (next === undefined || next === null || (shape(next, 'id:id name:text') && ref(next.first))) &&
          (o.quiz_result === undefined || o.quiz_result === null) &&
          (content.html === null || typeof content.html === 'string') &&
          (o.type === 'quiz'
            ? // A quiz not answered yet (the platform's word: an end in the outbox is the app's).
              o.status !== 'completed' &&
              (url === null || typeof url === 'string') &&
              !!content.quiz &&
              Array.isArray(content.quiz.questions) &&
              content.quiz.questions.length > 0 &&
              content.quiz.questions.every(function (q) {
                return (
                  shape(q, 'id:key text:text') &&
                  Array.isArray(q.options) &&
                  q.options.length > 1 &&
                  q.options.every(function (option) {
                    return shape(option, 'id:key text:text');
                  })
                );
              })
            : (content.quiz === undefined || content.quiz === null) && typeof url === 'string') &&
          // No spaces nor control characters (what safeUrl strips: such a URL is the app's page).
          /* eslint-disable no-control-regex */
          (o.type === 'quiz' ||
            (o.type === 'link'
              ? /^(https?:[/][/]|mailto:|tel:)[^\s\u0000-\u001f\\]+$/i.test(url)
              : !!this.provider(o, platform) ||
                (o.type !== 'embed' && /^[/](?![/])[^\s\u0000-\u001f\\]*$/.test(url)))) &&
          /* eslint-enable no-control-regex */
          navigator.onLine !== false
        );
      },
      build: function (page, module, lo, platform) {
        var m = module.data;
        var o = lo.data;
        var provider = this.provider(o, platform);
        var path = function (template, course, moduleId, id) {
          return template
            .replace('{course}', encodeURIComponent(course))
            .replace('{module}', encodeURIComponent(moduleId))
            .replace('{learningObject}', encodeURIComponent(id));
        };
        var step = o.next_module;
        ['video', 'audio', 'pdf', 'link'].forEach(function (type) {
          when(page, type, !provider && o.type === type);
        });
        texts.videoProviders.forEach(function (p) {
          when(page, p.id, provider === p);
        });
        when(page, 'done', o.status === 'completed');
        when(page, 'todo', o.status !== 'completed');
        // A quiz is finished by sending its answers, not with 'Concluir'.
        when(page, 'finish', o.status !== 'completed' && o.type !== 'quiz');
        when(page, 'quiz', o.type === 'quiz');
        if (o.type === 'quiz')
          repeat(page, 'question', o.content.quiz.questions, function (fieldset, q, at) {
            repeat(fieldset, 'option', q.options, function (label, option) {
              fill(label, { optionId: option.id, optionText: option.text, radioName: 'early-quiz-' + at });
            });
            fill(fieldset, {
              questionNumber: texts.questionNumber.replace('#', number.format(at + 1)),
              questionText: q.text,
            });
          });
        when(page, 'previous', o.previous !== null);
        when(page, 'noPrevious', o.previous === null);
        when(page, 'nextObject', o.next !== null);
        when(page, 'nextModule', o.next === null && !!step);
        when(page, 'courseEnd', o.next === null && !step);
        var target = o.next || (step && step.first);
        // 'Economia de dados' (the loader's rule; src/services/media/data-saver.ts): the players
        // say they fetch nothing before play, as the app's do.
        var saver = html.getAttribute('data-data-saver');
        if (saver === 'on' || (saver !== 'off' && navigator.connection && navigator.connection.saveData))
          Array.prototype.forEach.call(page.querySelectorAll('video, audio'), function (player) {
            player.setAttribute('preload', 'none');
          });
        return {
          name: o.name,
          typeText: texts.types[o.type],
          courseName: m.course_name,
          moduleName: m.name,
          courseHref: texts.coursePath.replace('{course}', encodeURIComponent(o.course_id)),
          moduleHref: path(texts.modulePath, o.course_id, o.module_id),
          previousHref: o.previous && path(texts.learningObjectPath, o.course_id, o.previous.module_id, o.previous.id),
          nextHref: target
            ? path(texts.learningObjectPath, o.course_id, target.module_id, target.id)
            : step
              ? path(texts.modulePath, o.course_id, step.id)
              : '',
          nextModuleName: step ? step.name : '',
          fileHref: provider ? '' : new URL(o.content.url, location.origin).href,
          linkHref: o.type === 'link' ? new URL(o.content.url).href : '',
        };
      },
    },
  };
  var kind = has(screens, screen) && screens[screen];
  if (!kind) return;
  var build = function (answers) {
    // The layout every early page shares, this screen's content in its <main>, its navigation's
    // marks as the app's layout sets them (aria-current, then data-section, then href).
    var page = d.querySelector('template[data-early-layout]').content.cloneNode(true);
    page.querySelector('main').appendChild(tpl.content.cloneNode(true));
    var nav = JSON.parse(tpl.getAttribute('data-nav'));
    Array.prototype.forEach.call(page.querySelectorAll('[data-early-nav]'), function (link, at) {
      var href = link.getAttribute('href');
      link.removeAttribute('data-early-nav');
      link.removeAttribute('href');
      if (nav.current.indexOf(at) >= 0) link.setAttribute('aria-current', 'page');
      if (nav.section.indexOf(at) >= 0) link.setAttribute('data-section', '');
      link.setAttribute('href', href);
    });
    var user = student();
    var values = kind.build.apply(kind, [page].concat(answers, [user]));
    // Styles the app sets through the CSSOM (the CSP refuses style attributes): the same way here.
    Array.prototype.forEach.call(page.querySelectorAll('[data-early-style]'), function (part) {
      part.style.cssText = part.getAttribute('data-early-style');
      part.removeAttribute('data-early-style');
    });
    var greeting = page.querySelector('.user-name');
    if (user === null && greeting) greeting.parentNode.removeChild(greeting);
    if (user !== null) values.userName = user.name;
    fill(page, values);
    var root = d.createElement('div');
    root.id = 'early-root';
    root.appendChild(page);
    return root;
  };
  // The page's stylesheets (the loader preloaded them; the app would add them once its code runs).
  // `kinds`: the learning-object types' code whose styles the page shows too (entry-data's `kinds`).
  var styles = function (kinds) {
    var data = JSON.parse(d.getElementById('entry-data').textContent);
    var files = data.preloads.slice();
    kinds.forEach(function (k) {
      files = files.concat((data.kinds || {})[k] || []);
    });
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
          if (!performance.getEntriesByName('content-visible:' + screen).length)
            performance.mark('content-visible:' + screen);
        };
        channel.port2.postMessage(null);
      });
  };
  // An answer's JSON when it is a 200's, else null.
  var answerOf = function (response) {
    return response && response.ok ? response.clone().json() : null;
  };
  // The answers the screen shows: each read's, or the one that followed it (the bills after the
  // hub's ERP token, src/app/entry-loader.js).
  Promise.all(
    routeReads
      .map(function (read) {
        return (read.shown || read.response).then(answerOf);
      })
      // The home screen's banners (false: the platform shows none), after its read; a learning
      // object's own answer, after its module's.
      .concat('banners' in routeReads[0] ? [routeReads[0].banners] : [])
      .concat('followed' in routeReads[0] ? [routeReads[0].followed.then(answerOf)] : [])
      // And the platform's (its embed providers), after the lookup the loader asks for on every page.
      .concat('platform' in routeReads[0] ? [routeReads[0].platform] : []),
  )
    .then(function (answers) {
      if (!kind.valid.apply(kind, answers) || html.hasAttribute('data-early')) return;
      var early = build(answers);
      return Promise.all(styles(kind.kinds ? kind.kinds.apply(kind, answers) : [])).then(function () {
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
    // A field's own click (a quiz's option chosen, through its label too): done here, and carried
    // over with the field's state when the app takes over.
    if (event.type === 'click' && event.target.closest && event.target.closest('label, input, select, textarea'))
      return;
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
