/**
 * A Lucide icon drawn from its data, without lucide-react's component runtime (~2 KB gzip):
 * for the icon of the entry chunk (the /login screen), where every KB is paid by every student
 * before the form answers (docs/performance.md, budget 110 KB). Signed-in screens, which load
 * lucide-react anyway, use its components. Drawn with Lucide's default attributes (24×24 view
 * box, `currentColor` stroke of 2, round caps and joins), so it looks the same as the component.
 */
import { createElement } from 'react';

/** One SVG element of an icon: its tag and attributes (with a React `key`). */
export type IconNodeElement = [tag: string, attributes: Record<string, string>];
/** An icon's data as lucide-react's icon modules export it (`__iconData`; not in their typings). */
export interface IconData {
  name: string;
  size: number;
  node: IconNodeElement[];
}

/**
 * Lucide's 'person-standing' (ISC licence), the accessibility icon of the /login screen: copied
 * because importing it from lucide-react brings its runtime along (its module builds the
 * component when imported). test/unit/static-icon.test.tsx fails when it differs from
 * lucide-react's own data, so an update of the package cannot leave it behind.
 */
export const PERSON_STANDING: IconData = {
  name: 'person-standing',
  size: 24,
  node: [
    ['circle', { cx: '12', cy: '5', r: '1', key: 'gxeob9' }],
    ['path', { d: 'm9 20 3-6 3 6', key: 'se2kox' }],
    ['path', { d: 'm6 8 6 2 6-2', key: '4o3us4' }],
    ['path', { d: 'M12 10v4', key: '1kjpxc' }],
  ],
};

/** `data` as an inline SVG of `size` px (20 by default), hidden from assistive technology. */
export function StaticIcon({ data, size = 20 }: { data: IconData; size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={`lucide lucide-${data.name}`}
    >
      {data.node.map(([tag, attributes]) => createElement(tag, attributes))}
    </svg>
  );
}
