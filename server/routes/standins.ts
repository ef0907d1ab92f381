/**
 * STAND-INS for the app's third-party widgets (docs/product.md §7 Third-party) — NOT the real vendors.
 * The reference server serves tiny scripts in their place so that the end-to-end build
 * (test/e2e/support/global-setup.ts sets VITE_CLARITY_SRC, VITE_CHATBOT_SRC, VITE_SURVEY_SRC)
 * can check what the app tells each widget. Production builds load the real hosts.
 *
 *   GET  /api/standins/clarity.js?key=…   analytics stand-in: logs { widget: 'clarity', event: 'load', data: { key } }
 *   GET  /api/standins/chatbot.js?key=…   chatbot stand-in: window.imbot = { init, show, hide } and a fixed
 *                                          'Fale conosco' button; logs init (key), show, hide, click
 *   GET  /api/standins/survey.js          survey SDK stand-in: window.surveySdk = { route, setAttribute,
 *                                          removeModals }; logs each call
 *   POST /api/standins/log                { widget, event, data? } → 204 (what the stand-ins received)
 *   GET  /api/standins/log                { data: [{ at, widget, event, data }] } oldest first
 *
 * The log is kept in memory per server process (the last 1 000 entries).
 * Off (404) when `demoFeatures().standins` is false: `STANDINS=0`, or `NODE_ENV=production`
 * without `STANDINS=1` (server/features.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { demoFeatures } from '../features';
import { jsonBody, MESSAGES } from '../http';

/** One thing a stand-in received. */
export interface StandinLogEntry {
  at: string;
  widget: 'clarity' | 'chatbot' | 'survey';
  event: string;
  data: Record<string, string | number | boolean | null>;
}

const MAX_ENTRIES = 1_000;

const LogBody = v.object({
  widget: v.picklist(['clarity', 'chatbot', 'survey']),
  event: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  data: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.maxLength(64)),
        v.nullable(v.union([v.pipe(v.string(), v.maxLength(2048)), v.number(), v.boolean()])),
      ),
      v.check((d) => Object.keys(d).length <= 16, 'at most 16 fields'),
    ),
  ),
});

/** Posts `{ widget, event, data }` to the log next to the script's own URL (same origin). */
const LOGGER = `
  var logUrl = new URL('/api/standins/log', document.currentScript.src).href;
  function log(widget, event, data) {
    fetch(logUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ widget: widget, event: event, data: data || {} }),
      keepalive: true,
    }).catch(function () {});
  }
  var params = new URL(document.currentScript.src).searchParams;
`;

const CLARITY_JS = `/* STAND-IN for Microsoft Clarity (reference server, tests only): records the key it was loaded with. */
(function () {${LOGGER}
  var queued = (window.clarity && window.clarity.q) || [];
  window.clarity = function () { log('clarity', 'call', { name: String(arguments[0]) }); };
  log('clarity', 'load', { key: params.get('key'), queued: queued.length });
})();
`;

const CHATBOT_JS = `/* STAND-IN for the chatbot widget (reference server, tests only): a 'Fale conosco' button that records init/show/hide. */
(function () {${LOGGER}
  var button = null;
  function ensureButton() {
    if (button) return button;
    button = document.createElement('button');
    button.type = 'button';
    button.id = 'chatbot-standin';
    button.textContent = 'Fale conosco';
    button.hidden = true;
    var s = button.style;
    s.position = 'fixed';
    s.right = '16px';
    s.bottom = '16px';
    s.zIndex = '900';
    s.minHeight = '44px';
    s.padding = '10px 18px';
    s.border = '0';
    s.borderRadius = '999px';
    s.background = '#0b57a4';
    s.color = '#ffffff';
    s.font = 'inherit';
    s.fontWeight = '600';
    s.boxShadow = '0 2px 8px rgba(0,0,0,0.3)';
    s.cursor = 'pointer';
    button.addEventListener('click', function () { log('chatbot', 'click'); });
    document.body.appendChild(button);
    return button;
  }
  function setVisible(visible) {
    var b = ensureButton();
    b.hidden = !visible;
    // Like a real vendor's widget, it leaves the page alone: the app reserves room for it.
  }
  window.imbot = {
    init: function (options) { ensureButton(); log('chatbot', 'init', { key: options && options.key, srcKey: params.get('key') }); },
    show: function () { setVisible(true); log('chatbot', 'show', { path: location.pathname }); },
    hide: function () { setVisible(false); log('chatbot', 'hide', { path: location.pathname }); },
  };
})();
`;

const SURVEY_JS = `/* STAND-IN for the satisfaction survey SDK (reference server, tests only): records routes, attributes and modal removals. */
(function () {${LOGGER}
  window.surveySdk = {
    route: function (path) { log('survey', 'route', { path: String(path) }); },
    setAttribute: function (name, value) { log('survey', 'attribute', { name: String(name), value: value == null ? null : String(value) }); },
    removeModals: function () {
      document.querySelectorAll('.survey-standin-modal').forEach(function (m) { m.remove(); });
      log('survey', 'removeModals', { path: location.pathname });
    },
  };
  log('survey', 'load', {});
})();
`;

/** The stand-in routes, mounted at `/api/standins`; `log` is this app's in-memory log. */
export function standinRoutes(log: StandinLogEntry[] = []): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (!demoFeatures().standins) return c.json({ message: MESSAGES.notFound }, 404);
    await next();
  });
  const script = (body: string) => () =>
    new Response(body, {
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  app.get('/clarity.js', script(CLARITY_JS));
  app.get('/chatbot.js', script(CHATBOT_JS));
  app.get('/survey.js', script(SURVEY_JS));
  app.post('/log', async (c) => {
    const body = await jsonBody(c, LogBody);
    log.push({ at: new Date().toISOString(), widget: body.widget, event: body.event, data: body.data ?? {} });
    if (log.length > MAX_ENTRIES) log.splice(0, log.length - MAX_ENTRIES);
    return c.body(null, 204);
  });
  app.get('/log', (c) => c.json({ data: log }));
  return app;
}
