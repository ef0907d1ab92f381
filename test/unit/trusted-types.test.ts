/**
 * Trusted Types policies of the app (src/services/security/trusted-types.ts): server
 * HTML becomes TrustedHTML only through DOMPurify's `dompurify` policy, and widget scripts load
 * only from the page's origin, the configured widget hosts or VLibras (`widget-scripts`). A fake
 * policy factory stands in for the browser's `trustedTypes` (jsdom has none).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentSources } from '../../src/services/contract/content-sources';
import { PT_BR_LABELS as LABELS } from '../fixtures/rich-text';

/** A fresh copy of the sanitiser (its Trusted Types policy is made once per module copy). */
async function freshSanitizer() {
  const { sanitizeRichText } = await import('../../src/services/content/rich-text');
  return (html: string) =>
    sanitizeRichText(html, { origin: location.origin, sources: contentSources({}), labels: LABELS }).html;
}

interface FakePolicy {
  name: string;
  rules: { createHTML?: (s: string) => string; createScriptURL?: (s: string) => string };
}

/** Installs a fake `trustedTypes` and loads a fresh copy of the module. */
async function withTrustedTypes() {
  const policies: FakePolicy[] = [];
  vi.stubGlobal('trustedTypes', {
    createPolicy: (name: string, rules: FakePolicy['rules']) => {
      policies.push({ name, rules });
      return {
        name,
        createHTML: (s: string) => ({
          trusted: 'html',
          value: rules.createHTML!(s),
          toString: () => rules.createHTML!(s),
        }),
        createScriptURL: (s: string) => ({ trusted: 'url', value: rules.createScriptURL!(s) }),
      };
    },
  });
  vi.resetModules();
  const module = await import('../../src/services/security/trusted-types');
  return { policies, ...module, sanitizeHtml: await freshSanitizer() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('without Trusted Types (jsdom, Firefox)', () => {
  it('sanitises to a plain string: no script, no handler survives', async () => {
    vi.resetModules();
    const sanitizeHtml = await freshSanitizer();
    const clean = sanitizeHtml('<p>Olá <b>aluno</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>');
    expect(typeof clean).toBe('string');
    // Images of lesson text load lazily (docs/offline.md "Economia de dados"), from the URL that
    // was checked (absolute: services/content/rich-text.ts).
    expect(clean).toBe(`<p>Olá <b>aluno</b></p><img src="${location.origin}/x" loading="lazy" decoding="async">`);
  });
});

describe('with Trusted Types', () => {
  it('returns TrustedHTML made by the policy named "dompurify", from DOMPurify output only', async () => {
    const { policies, sanitizeHtml } = await withTrustedTypes();
    const result = sanitizeHtml('<p>texto</p><a href="javascript:alert(1)" onclick="x()">link</a>') as unknown as {
      trusted: string;
      value: string;
    };
    expect(policies.map((p) => p.name)).toEqual(['dompurify']);
    expect(result.trusted).toBe('html');
    expect(result.value).toBe('<p>texto</p><a>link</a>');
    sanitizeHtml('<p>again</p>');
    expect(policies).toHaveLength(1); // one policy per page
  });

  it('gives script URLs only for the page origin, the widget hosts and VLibras ("widget-scripts")', async () => {
    const { policies, trustedScriptUrl, UntrustedScriptUrlError } = await withTrustedTypes();
    expect(trustedScriptUrl('https://www.clarity.ms/tag/abc')).toEqual({
      trusted: 'url',
      value: 'https://www.clarity.ms/tag/abc',
    });
    expect(trustedScriptUrl('https://vlibras.gov.br/app/vlibras-plugin.js')).toMatchObject({ trusted: 'url' });
    expect(trustedScriptUrl('/api/standins/survey.js')).toEqual({
      trusted: 'url',
      value: `${location.origin}/api/standins/survey.js`,
    });
    expect(policies.map((p) => p.name)).toEqual(['widget-scripts']);
    for (const bad of [
      'https://evil.example.com/x.js',
      'javascript:alert(1)',
      'data:text/javascript,alert(1)',
      '//evil.example.com/x.js',
    ]) {
      expect(() => trustedScriptUrl(bad), bad).toThrow(UntrustedScriptUrlError);
    }
  });
});
