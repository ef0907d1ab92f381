import { describe, expect, it } from 'vitest';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { applyPlatform, readableOn } from '../../src/services/theme/apply-platform';
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

  it('ignores an invalid colour', () => {
    expect(readableOn('not-a-colour')).toBeNull();
  });

  it('sets the palette, template and favicon on the page', () => {
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
    expect(root.style.getPropertyValue('--color-primary')).toBe('#7a1fa2');
    expect(colord(root.style.getPropertyValue('--color-secondary')).contrast('#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(root.dataset.template).toBe('streaming');
    expect(document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href')).toBe('/brand2.svg');
  });
});
