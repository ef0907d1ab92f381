/**
 * The app's security headers (docs/architecture.md §D5; OWASP ASVS v5 §3.4): one source for the
 * server, the build's `dist/_headers` and the checked-in `deploy/_headers` (no drift), and
 * Google's CSP Evaluator (`csp_evaluator`) finds nothing of high severity in the exact
 * Content-Security-Policy strings the app ships.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CspEvaluator } from 'csp_evaluator/dist/evaluator.js';
import { CspParser } from 'csp_evaluator/dist/parser.js';
import { Severity, type Finding } from 'csp_evaluator/dist/finding.js';
import {
  appOrigins,
  contentSecurityPolicy,
  documentHeaders,
  TRUSTED_TYPES_REPORT_ONLY,
} from '../src/services/contract/security-policy';
import { EARLY_DOCUMENTS } from '../src/services/contract/early-documents';
import {
  buildHeaders,
  DEPLOY_HEADERS_FILE,
  defaultHeadersFile,
  earlyContentInline,
  entryLoaderInline,
  inlineScriptHashes,
  prepaintInline,
} from './security-headers';

/** The build of `npm start`/CDN (defaults) and the end-to-end build (stand-in widgets). */
const CONFIGS: Record<string, Record<string, string>> = {
  production: {},
  e2e: {
    VITE_CLARITY_SRC: '/api/standins/clarity.js?key={key}',
    VITE_CHATBOT_SRC: '/api/standins/chatbot.js?key={key}',
    VITE_SURVEY_SRC: '/api/standins/survey.js',
  },
  'external APIs': {
    VITE_API_MAIN_V1_URL: 'https://api.example.com/v1',
    VITE_API_ERP_URL: 'https://erp.example.com/api/v1',
    VITE_API_FILES_URL: 'https://files.example.com',
  },
};

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.split(' ')[0] === name);

/** Findings of CSP Evaluator that must never appear: HIGH, HIGH_MAYBE and syntax errors. */
function seriousFindings(csp: string): Finding[] {
  const findings = new CspEvaluator(new CspParser(csp).csp).evaluate();
  return findings.filter(
    (f) => f.severity === Severity.HIGH || f.severity === Severity.HIGH_MAYBE || f.severity === Severity.SYNTAX,
  );
}

describe('Content-Security-Policy', () => {
  const { hash } = prepaintInline();

  it.each(Object.entries(CONFIGS))('CSP Evaluator finds nothing high-severity (%s build)', (_name, env) => {
    const csp = buildHeaders(env, [hash]).headers['Content-Security-Policy']!;
    const serious = seriousFindings(csp);
    expect(serious.map((f) => `${f.directive}: ${f.description} (${f.value ?? ''})`)).toEqual([]);
  });

  it('the evaluator does flag a weak policy (the check can fail)', () => {
    expect(seriousFindings("script-src 'self' 'unsafe-inline' https:; object-src *").length).toBeGreaterThan(0);
  });

  it('has the directives of docs/architecture.md §D5, and no unsafe-inline or unsafe-eval anywhere', () => {
    const csp = buildHeaders({}, [hash]).headers['Content-Security-Policy']!;
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'style-src')).toBe("style-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
    // Wildcards: only one vendor's tenant subdomains (`https://*.h5p.com`) and the demo content
    // host's port (`http://conteudo.localhost:*`, a name that only reaches the device itself).
    const wildcards = csp.split(/[ ;]+/).filter((source) => source.includes('*'));
    for (const source of wildcards)
      expect(source).toMatch(/^https:\/\/\*\.[a-z0-9-]+\.[a-z]+$|^http:\/\/[a-z0-9.-]*localhost:\*$/);
    // Scripts: self, the pre-paint hash, the production widget hosts and VLibras only.
    expect(directive(csp, 'script-src')!.split(' ').slice(1).sort()).toEqual(
      [
        "'self'",
        hash,
        'https://scripts.clarity.ms',
        'https://sdk.surveysdk.com.br',
        'https://vlibras.gov.br',
        'https://widget.imbot.com.br',
        'https://www.clarity.ms',
      ].sort(),
    );
  });

  it('limits connect-src to the API bases (and the widgets) of the build configuration', () => {
    const e2e = contentSecurityPolicy(appOrigins(CONFIGS.e2e), [hash]);
    // Same-origin APIs and stand-in widgets: only VLibras and the demo content host besides 'self'.
    expect(directive(e2e, 'connect-src')).toBe("connect-src 'self' http://conteudo.localhost:* https://vlibras.gov.br");
    expect(directive(e2e, 'script-src')).toBe(`script-src 'self' ${hash} https://vlibras.gov.br`);
    const external = contentSecurityPolicy(appOrigins(CONFIGS['external APIs']), [hash]);
    for (const origin of ['https://api.example.com', 'https://erp.example.com', 'https://files.example.com']) {
      expect(directive(external, 'connect-src')).toContain(origin);
      expect(directive(external, 'script-src')).not.toContain(origin);
    }
  });

  it('allows course content only from the configured content hosts and embed providers', () => {
    const csp = contentSecurityPolicy(
      appOrigins({
        VITE_CONTENT_HOSTS: 'https://cdn.escola.com.br, https://midia.escola.com.br/',
        VITE_EMBED_PROVIDERS: 'youtube,google-docs',
      }),
      [hash],
    );
    expect(directive(csp, 'img-src')).toContain('https://cdn.escola.com.br');
    // Facades show no provider thumbnail: no provider in img-src.
    expect(directive(csp, 'img-src')).not.toContain('ytimg');
    expect(directive(csp, 'media-src')).toBe(
      "media-src 'self' blob: https://cdn.escola.com.br https://midia.escola.com.br https://vlibras.gov.br",
    );
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' blob: https://cdn.escola.com.br https://docs.google.com https://midia.escola.com.br https://www.youtube-nocookie.com",
    );
    expect(csp).not.toContain('localhost');
    expect(csp).not.toContain('vimeo');
    expect(seriousFindings(csp)).toEqual([]);
    // What would open a whole public cloud, or is not an origin, fails the build.
    for (const bad of [
      'https://*.amazonaws.com',
      'https://cdn.escola.com.br:*',
      'cdn.escola.com.br',
      'data:',
      'https://cdn.x.com/path',
    ]) {
      expect(() => appOrigins({ VITE_CONTENT_HOSTS: bad }), bad).toThrow(/VITE_CONTENT_HOSTS/);
    }
    expect(() => appOrigins({ VITE_EMBED_PROVIDERS: 'youtube,tiktok' })).toThrow(/unknown provider: tiktok/);
    expect(directive(contentSecurityPolicy(appOrigins({ VITE_EMBED_PROVIDERS: 'none' }), [hash]), 'frame-src')).toBe(
      "frame-src 'self' blob: http://conteudo.localhost:*",
    );
  });

  it('refuses a script hash that is not a CSP sha256 source', () => {
    expect(() => contentSecurityPolicy(appOrigins({}), ["'unsafe-inline'"])).toThrow(/not a CSP hash/);
  });
});

describe('the other document headers', () => {
  const headers = documentHeaders(appOrigins({}), [prepaintInline().hash]);

  it('sends HSTS, nosniff, the referrer policy, frame denial and Trusted Types report-only', () => {
    expect(headers['Strict-Transport-Security']).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(headers['Strict-Transport-Security']!)![1])).toBeGreaterThanOrEqual(31_536_000);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Content-Security-Policy-Report-Only']).toBe(TRUSTED_TYPES_REPORT_ONLY);
    expect(TRUSTED_TYPES_REPORT_ONLY).toBe(
      "require-trusted-types-for 'script'; trusted-types dompurify widget-scripts",
    );
  });

  it('allows the camera for the app itself only and turns off microphone, geolocation, payment, usb…', () => {
    const features = Object.fromEntries(
      headers['Permissions-Policy']!.split(', ').map((f) => f.split('=') as [string, string]),
    );
    expect(features.camera).toBe('(self)');
    for (const off of ['microphone', 'geolocation', 'payment', 'usb', 'serial', 'display-capture']) {
      expect(features[off], off).toBe('()');
    }
  });
});

describe('the CDN header file', () => {
  it('deploy/_headers is what the policy source generates today (run `npm run headers` after a change)', () => {
    expect(readFileSync(DEPLOY_HEADERS_FILE, 'utf8')).toBe(defaultHeadersFile());
  });

  it('allows the inline scripts of every document: the pre-paint script, the entry loader, each document’s early pages’ script', () => {
    const scriptSrc = directive(
      readFileSync(DEPLOY_HEADERS_FILE, 'utf8')
        .split('\n')
        .find((line) => line.startsWith('  Content-Security-Policy: '))!
        .replace('  Content-Security-Policy: ', ''),
      'script-src',
    )!.split(' ');
    const hashes = scriptSrc.filter((source) => source.startsWith("'sha256-"));
    const early = Object.values(EARLY_DOCUMENTS).map((screens) => earlyContentInline(screens).hash);
    expect(hashes.sort()).toEqual([prepaintInline().hash, entryLoaderInline().hash, ...early].sort());
    expect(inlineScriptHashes()).toEqual([prepaintInline().hash, entryLoaderInline().hash, ...early]);
    // One script per document, each with its own screens' fill only.
    expect(new Set(early).size).toBe(Object.keys(EARLY_DOCUMENTS).length);
    const finances = earlyContentInline(['finances']).code;
    expect(finances).toContain('pageOf');
    expect(finances).not.toMatch(/categoryOption|pendingBills/);
  });

  it('refuses a document of a screen the early pages’ script has no fill for', () => {
    expect(() => earlyContentInline(['profile'])).toThrow(/profile/);
  });

  it('lists every document header on /* and the immutable cache on /assets/*', () => {
    const text = defaultHeadersFile();
    const record = buildHeaders({}, inlineScriptHashes());
    for (const [name, value] of Object.entries(record.headers)) expect(text).toContain(`  ${name}: ${value}\n`);
    expect(text).toMatch(/^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  });
});
