import { describe, expect, it } from 'vitest';
import { safeNextRoute, sameOriginPath } from '../../src/services/navigation/safe-redirect';

const origin = 'https://aluno.example.com';

describe('next_route allowlist (same-origin paths only)', () => {
  it.each([
    ['/courses/1/modules/2', '/courses/1/modules/2'],
    ['/grades?page=2#top', '/grades?page=2#top'],
    ['/', '/'],
  ])('follows the same-origin path %s', (raw, expected) => {
    expect(safeNextRoute(raw, origin)).toBe(expected);
  });

  it.each([
    'https://evil.example.com/phish',
    '//evil.example.com',
    '/\\evil.example.com',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' /courses',
    '/courses\n//evil',
    'courses',
    '',
  ])('refuses %j and falls back to /', (raw) => {
    expect(sameOriginPath(raw, origin)).toBeNull();
    expect(safeNextRoute(raw, origin)).toBe('/');
  });

  it('falls back to / when next_route is missing', () => {
    expect(safeNextRoute(null, origin)).toBe('/');
    expect(safeNextRoute(undefined, origin)).toBe('/');
  });
});
