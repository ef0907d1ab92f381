import { describe, expect, it } from 'vitest';
import { bootRedirect, safeNextRoute, safeSsoUrl, sameOriginPath } from '../../src/services/navigation/safe-redirect';

const origin = 'https://aluno.example.com';
const sso = ['https://lxp.example.com'];

/** Open-redirect tricks (OWASP ASVS v5 §3.7) that must never leave the app. */
const TRICKS: [string, string][] = [
  ['absolute URL', 'https://evil.example.com/phish'],
  ['protocol-relative', '//evil.example.com'],
  ['protocol-relative with path', '//evil.example.com/courses'],
  ['backslash after slash', '/\\evil.example.com'],
  ['two backslashes', '\\\\evil.example.com'],
  ['backslash then slash', '\\/evil.example.com'],
  ['javascript: scheme', 'javascript:alert(1)'],
  ['javascript: mixed case', 'JaVaScRiPt:alert(1)'],
  ['data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript: scheme', 'vbscript:msgbox(1)'],
  ['leading space', ' /courses'],
  ['leading tab', '\t//evil.example.com'],
  ['newline inside', '/courses\n//evil'],
  ['carriage return', '/\r/evil.example.com'],
  ['NUL byte', '/courses\u0000'],
  ['DEL character', '/\u007f/evil.example.com'],
  ['no-break space', '/\u00a0/evil.example.com'],
  ['line separator', '/courses\u2028'],
  ['BOM', '\ufeff//evil.example.com'],
  ['encoded slashes', '/%2F%2Fevil.example.com'],
  ['encoded slash after slash', '/%2Fevil.example.com'],
  ['encoded backslash', '/%5Cevil.example.com'],
  ['double-encoded slash', '/%252Fevil.example.com'],
  ['triple-encoded backslash', '/%25255Cevil.example.com'],
  ['encoded newline', '/courses%0A//evil'],
  ['encoded NUL', '/courses%00'],
  ['malformed encoding', '/courses%E0%A4%A'],
  ['relative path', 'courses'],
  ['dot path', './courses'],
  ['empty', ''],
  ['too long', `/${'a'.repeat(2100)}`],
];

describe('next_route allowlist (same-origin paths only)', () => {
  it.each([
    ['/courses/1/modules/2', '/courses/1/modules/2'],
    ['/grades?page=2#top', '/grades?page=2#top'],
    ['/courses?search=matem%C3%A1tica', '/courses?search=matem%C3%A1tica'],
    ['/', '/'],
  ])('follows the same-origin path %s', (raw, expected) => {
    expect(safeNextRoute(raw, origin)).toBe(expected);
  });

  it.each(TRICKS)('refuses %s and falls back to /', (_name, raw) => {
    expect(sameOriginPath(raw, origin)).toBeNull();
    expect(safeNextRoute(raw, origin)).toBe('/');
  });

  it('falls back to / when next_route is missing', () => {
    expect(safeNextRoute(null, origin)).toBe('/');
    expect(safeNextRoute(undefined, origin)).toBe('/');
  });
});

describe('SSO addresses (configured hosts only)', () => {
  it('follows an https address on a configured SSO origin', () => {
    expect(safeSsoUrl('https://lxp.example.com/entrar?token=x', sso)).toBe('https://lxp.example.com/entrar?token=x');
  });

  it.each([
    ['another host', 'https://evil.example.com/'],
    ['a look-alike subdomain', 'https://lxp.example.com.evil.example.com/'],
    ['credentials before the host', 'https://lxp.example.com@evil.example.com/'],
    ['user info on the allowed host', 'https://user:pass@lxp.example.com/'],
    ['another port', 'https://lxp.example.com:8443/'],
    ['plain http of the https host', 'http://lxp.example.com/'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['protocol-relative', '//lxp.example.com/'],
    ['a path', '/relative'],
    ['a tab hiding a host', 'https://lxp.exa\tmple.com/'],
    ['a newline', 'https://lxp.example.com/\n'],
    ['leading space', ' https://lxp.example.com/'],
  ])('refuses %s', (_name, raw) => {
    expect(safeSsoUrl(raw, sso)).toBeNull();
  });
});

describe('boot-step redirects (docs/product.md §4 Startup) through the allowlist', () => {
  const options = { origin, ssoOrigins: sso };

  it('resolves a same-origin path (the access_token sign-in goes to /courses)', () => {
    expect(bootRedirect('/courses', options)).toEqual({ url: 'https://aluno.example.com/courses', allowed: true });
  });

  it('follows an absolute address on a configured SSO origin', () => {
    expect(bootRedirect('https://lxp.example.com/entrar', options)).toEqual({
      url: 'https://lxp.example.com/entrar',
      allowed: true,
    });
  });

  it.each(TRICKS)('refuses %s and goes to the app root instead', (_name, raw) => {
    expect(bootRedirect(raw, options)).toEqual({ url: 'https://aluno.example.com/', allowed: false });
  });

  it('refuses an absolute address on a host that is not configured', () => {
    expect(bootRedirect('https://evil.example.com/', options).allowed).toBe(false);
    expect(bootRedirect('HTTPS://EVIL.example.com/', options).allowed).toBe(false);
  });
});
