/**
 * Stand-ins of the third-party widgets (docs/product.md §7; server/routes/standins.ts): the three
 * scripts are served as JavaScript and say they are stand-ins, the log records valid entries
 * and answers 400 on bad ones, and the app's CSP allows the widgets' production hosts.
 */
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { standinRoutes, type StandinLogEntry } from './routes/standins';
import { appOrigins, contentSecurityPolicy } from '../src/services/contract/security-policy';
import { HttpProblem } from './http';

function app() {
  const log: StandinLogEntry[] = [];
  const hono = new Hono();
  hono.onError((error, c) =>
    error instanceof HttpProblem ? c.json({ message: error.message }, error.status) : c.json({}, 500),
  );
  hono.route('/api/standins', standinRoutes(log));
  return { hono, log };
}

describe('widget stand-ins', () => {
  it('serves the three stand-in scripts as JavaScript, clearly marked', async () => {
    const { hono } = app();
    for (const [name, api] of [
      ['clarity', 'window.clarity'],
      ['chatbot', 'window.imbot'],
      ['survey', 'window.surveySdk'],
    ]) {
      const answer = await hono.request(`/api/standins/${name}.js?key=k`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/);
      const body = await answer.text();
      expect(body).toMatch(/^\/\* STAND-IN for /);
      expect(body).toContain(api);
    }
  });

  it('records what the stand-ins received and reads it back', async () => {
    const { hono } = app();
    const post = (body: unknown) =>
      hono.request('/api/standins/log', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post({ widget: 'survey', event: 'attribute', data: { name: 'courseId', value: '1' } })).status).toBe(
      204,
    );
    expect((await post({ widget: 'clarity', event: 'load', data: { key: 'demo-clarity-1' } })).status).toBe(204);
    expect((await post({ widget: 'nope', event: 'load' })).status).toBe(400);
    expect((await post({ widget: 'survey', event: '' })).status).toBe(400);
    expect((await post([1, 2])).status).toBe(400);
    const { data } = (await (await hono.request('/api/standins/log')).json()) as { data: StandinLogEntry[] };
    expect(data.map(({ widget, event, data: d }) => ({ widget, event, data: d }))).toEqual([
      { widget: 'survey', event: 'attribute', data: { name: 'courseId', value: '1' } },
      { widget: 'clarity', event: 'load', data: { key: 'demo-clarity-1' } },
    ]);
  });

  it('allows the production widget hosts in the CSP, hashes still in script-src', () => {
    const csp = contentSecurityPolicy(appOrigins({}), ["'sha256-abc='"]);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toContain("'sha256-abc='");
    for (const host of ['https://www.clarity.ms', 'https://widget.imbot.com.br', 'https://sdk.surveysdk.com.br']) {
      expect(scriptSrc).toContain(host);
    }
    expect(csp.split('; ').find((d) => d.startsWith('connect-src'))).toContain('https://*.clarity.ms');
  });
});
