/**
 * The accessibility icon of /login drawn without lucide-react's runtime
 * (src/views/components/static-icon.tsx): its data is lucide-react's own, and it draws the same
 * SVG as lucide-react's component, hidden from assistive technology.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import * as lucidePersonStanding from 'lucide-react/icons/person-standing';
import { PersonStanding } from 'lucide-react';
import { PERSON_STANDING, StaticIcon } from '../../src/views/components/static-icon';

describe('StaticIcon', () => {
  it('carries lucide-react’s data of the icon (an update of the package is noticed)', () => {
    expect(PERSON_STANDING).toEqual((lucidePersonStanding as unknown as { __iconData: unknown }).__iconData);
  });

  it('draws the same shapes and attributes as the lucide-react component, aria-hidden', () => {
    const ours = render(<StaticIcon data={PERSON_STANDING} />).container.querySelector('svg')!;
    const theirs = render(<PersonStanding aria-hidden="true" size={20} />).container.querySelector('svg')!;
    expect(ours.innerHTML).toBe(theirs.innerHTML);
    for (const name of [
      'width',
      'height',
      'viewBox',
      'fill',
      'stroke',
      'stroke-width',
      'stroke-linecap',
      'stroke-linejoin',
    ]) {
      expect(ours.getAttribute(name), name).toBe(theirs.getAttribute(name));
    }
    expect(ours.getAttribute('aria-hidden')).toBe('true');
  });
});
