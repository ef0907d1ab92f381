import { describe, expect, it } from 'vitest';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import {
  applyPlatform,
  brandLogoUrl,
  brandPresentation,
  readableOn,
  THEME_BACKGROUNDS,
} from '../../src/services/theme/apply-platform';
import type { Platform } from '../../src/services/contract';

extend([a11yPlugin]);

describe('brand colours stay readable (WCAG AA 4.5:1)', () => {
  it('keeps a brand colour that already reaches 4.5:1', () => {
    expect(readableOn('#0B57D0')).toBe('#0b57d0');
  });

  it('darkens a light brand colour until text in it is readable', () => {
    const adjusted = readableOn('#FFD54F')!;
    expect(adjusted).not.toBe('#ffd54f');
    expect(colord(adjusted).contrast('#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('lightens a dark brand colour for the dark theme', () => {
    const adjusted = readableOn('#0B57D0', THEME_BACKGROUNDS.dark)!;
    expect(colord(adjusted).contrast(THEME_BACKGROUNDS.dark)).toBeGreaterThanOrEqual(4.5);
    expect(colord(adjusted).brightness()).toBeGreaterThan(colord('#0B57D0').brightness());
  });

  it('ignores an invalid colour', () => {
    expect(readableOn('not-a-colour')).toBeNull();
  });

  it('sets both theme variants of the palette, the template and favicon, and caches them for first paint', () => {
    const platform = {
      id: 2,
      theme: {
        template: 'streaming',
        icons: { favicon: '/brand2.svg' },
        palette: { primary: { main: '#7A1FA2' }, secondary: { main: '#FFEB3B' } },
      },
    } as unknown as Platform;
    applyPlatform(platform);
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--brand-primary-light')).toBe('#7a1fa2');
    for (const name of ['primary', 'secondary']) {
      const light = root.style.getPropertyValue(`--brand-${name}-light`);
      const dark = root.style.getPropertyValue(`--brand-${name}-dark`);
      expect(colord(light).contrast(THEME_BACKGROUNDS.light)).toBeGreaterThanOrEqual(4.5);
      expect(colord(dark).contrast(THEME_BACKGROUNDS.dark)).toBeGreaterThanOrEqual(4.5);
    }
    expect(root.dataset.template).toBe('streaming');
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href')).toBe('/brand2.svg');
    const cached = JSON.parse(localStorage.getItem('prepaint') ?? '{}') as {
      brand?: { attrs: Record<string, string> };
    };
    expect(cached.brand?.attrs['data-template']).toBe('streaming');
  });
});

describe('brand logo and name (issue 18)', () => {
  const brand = (icons: { favicon: string | null; logo?: string | null }, name = 'Academia Stream') =>
    ({
      id: 2,
      name,
      theme: {
        template: 'streaming',
        icons,
        palette: { primary: { main: '#7A1FA2' }, secondary: { main: '#00796B' } },
      },
    }) as unknown as Platform;

  it('uses the logo, else the favicon, as an absolute http(s) address', () => {
    const base = 'http://127.0.0.1:4000/login';
    expect(brandLogoUrl(brand({ favicon: '/favicon.svg', logo: '/api/v1/platforms/2/icons/any.svg' }), base)).toBe(
      'http://127.0.0.1:4000/api/v1/platforms/2/icons/any.svg',
    );
    expect(brandLogoUrl(brand({ favicon: '/favicon.svg', logo: null }), base)).toBe(
      'http://127.0.0.1:4000/favicon.svg',
    );
    expect(brandLogoUrl(brand({ favicon: '/favicon.svg' }), base)).toBe('http://127.0.0.1:4000/favicon.svg');
    expect(brandLogoUrl(brand({ favicon: null, logo: null }), base)).toBeNull();
    expect(brandLogoUrl(brand({ favicon: null, logo: 'javascript:alert(1)' }), base)).toBeNull();
  });

  it('caches the logo and the name for the pre-rendered /login as CSS values', () => {
    const vars = brandPresentation(brand({ favicon: null, logo: 'https://cdn.example/logo.svg' }, 'Escola "A"')).vars;
    expect(vars['--brand-logo']).toBe('url("https://cdn.example/logo.svg")');
    expect(vars['--brand-name']).toBe('"Escola \\"A\\""');
  });
});
