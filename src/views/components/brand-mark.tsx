/**
 * The platform's logo and name, from the platform lookup (docs/product.md §1 brand by host):
 * on the login card and at the start of the signed-in header.
 *
 * - Known brand: `<img>` of its logo (`theme.icons.logo`, else the favicon) with the brand's
 *   name as alt text, and the name as visible text (hidden from assistive technology: the
 *   image already says it).
 * - Not known yet (before the lookup answers, and in the pre-rendered /login): the same box,
 *   same size, painted by CSS with the *cached* brand (`--brand-logo`, `--brand-name`, set by
 *   the pre-paint script from apply-platform.ts): the logo as a background and the name as
 *   generated text (assistive technology reads the product name meanwhile: an offline start
 *   never looks the brand up). The markup does not depend on the cache,
 *   so the static /login hydrates as is; the box never changes size (no layout shift).
 */
import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { useAppActor } from '../app-actors';
import { brandLogoUrl } from '../../services/theme/apply-platform';
import { CommonMessages } from './messages';

const noSubscription = () => () => {};

/**
 * False while React hydrates the pre-rendered /login (its server snapshot), true afterwards and
 * in any render that is not a hydration: the brand may be known before the static markup is
 * hydrated, and markup that differs from it would make React throw that markup away and render
 * again — losing what the student already typed into the form.
 */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** Logo sizes in CSS px (square box; the image is contained in it). */
const SIZES = { header: 40, login: 56 } as const;

export function BrandMark({ variant }: { variant: 'header' | 'login' }) {
  const intl = useIntl();
  const ref = useAppActor('platform');
  const hydrated = useHydrated();
  const brandName = useSelector(ref, (s) => s?.context.platform?.name ?? null);
  const brandLogo = useSelector(ref, (s) => (s?.context.platform ? brandLogoUrl(s.context.platform) : null));
  const [name, logo] = hydrated ? [brandName, brandLogo] : [null, null];
  const size = SIZES[variant];
  return (
    <span className={`brand-mark brand-mark-${variant}`}>
      {name && logo ? (
        <img className="brand-logo" src={logo} alt={name} width={size} height={size} decoding="async" />
      ) : (
        <span className="brand-logo brand-logo-cached" aria-hidden="true" />
      )}
      {name ? (
        <span className="brand-name" aria-hidden={logo ? true : undefined}>
          {name}
        </span>
      ) : (
        // The cached name is painted by CSS (hidden from assistive technology: `content: … / ""`);
        // assistive technology reads the product name until the brand is known.
        <span className="brand-name brand-name-cached">
          <span className="sr-only">{intl.formatMessage(CommonMessages.appName)}</span>
        </span>
      )}
    </span>
  );
}
