/**
 * The home banner carousel (WAI-ARIA APG carousel pattern, WCAG 2.2.2): a labelled
 * region (`aria-roledescription="carrossel"`), one slide shown at a time (`role="group"`,
 * `aria-roledescription="slide"`, named 'N de M'), 'Pausar' / 'Continuar rotação' first, then
 * 'Anterior' / 'Próximo' — compact icon buttons over the banner's corner, named by aria-label
 * — and one indicator button per slide (`aria-current` on the shown one).
 * ←/→ inside the carousel move too. Rotation (every 6 s) stops under reduced motion and while
 * the pointer is over it or focus is inside; a polite live region speaks the slide only after
 * the student changes it. The behaviour is `carouselMachine`; this view only sends events.
 */
import type { FocusEvent, KeyboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { carouselMachine } from '../../machines/carousel.machine';
import type { Banner } from '../../services/contract/home';
import { sameOriginPath } from '../../services/navigation/safe-redirect';
import { CarouselMessages } from './messages';
import { useDataSaver } from '../components/use-data-saver';
import styles from './home.module.css';

export type CarouselRef = ActorRefFrom<typeof carouselMachine>;

/** Whether the student asked for reduced motion (`prefers-reduced-motion: reduce`). */
export const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The carousel of `banners` with its own machine (reduced motion read once at mount). */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const actor = useActorRef(carouselMachine, {
    input: { count: banners.length, reducedMotion: prefersReducedMotion() },
  });
  return <BannerCarouselView banners={banners} actor={actor} />;
}

/** The carousel's view over a running `carouselMachine` actor (tests pass their own). */
export function BannerCarouselView({ banners, actor }: { banners: Banner[]; actor: CarouselRef }) {
  const intl = useIntl();
  const index = useSelector(actor, (s) => s.context.index);
  const announce = useSelector(actor, (s) => s.context.announce);
  const rotating = useSelector(actor, (s) => s.hasTag('rotating'));
  // 'Economia de dados': even the first banner waits until it is on screen.
  const dataSaver = useDataSaver();
  const total = banners.length;
  if (total === 0) return null;
  const current = banners[Math.min(index, total - 1)]!;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') actor.send({ type: 'carousel.next' });
    else if (event.key === 'ArrowLeft') actor.send({ type: 'carousel.previous' });
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) actor.send({ type: 'carousel.release' });
  };

  return (
    // Keys are handled on the region for the buttons inside it (each is natively focusable).
    <section
      className={styles.carousel}
      aria-roledescription={intl.formatMessage(CarouselMessages.roleDescription)}
      aria-label={intl.formatMessage(CarouselMessages.label)}
      onMouseEnter={() => actor.send({ type: 'carousel.hold' })}
      onMouseLeave={() => actor.send({ type: 'carousel.release' })}
      onFocus={() => actor.send({ type: 'carousel.hold' })}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {total > 1 && (
        // Compact icon buttons over the banner's top corner; first in the tab order.
        <div className={styles.carouselControls}>
          <button
            type="button"
            className={styles.controlButton}
            aria-label={intl.formatMessage(rotating ? CarouselMessages.pause : CarouselMessages.play)}
            onClick={() => actor.send({ type: rotating ? 'carousel.pause' : 'carousel.play' })}
          >
            {rotating ? <Pause aria-hidden="true" size={20} /> : <Play aria-hidden="true" size={20} />}
          </button>
          <button
            type="button"
            className={styles.controlButton}
            aria-label={intl.formatMessage(CarouselMessages.previous)}
            onClick={() => actor.send({ type: 'carousel.previous' })}
          >
            <ChevronLeft aria-hidden="true" size={24} />
          </button>
          <button
            type="button"
            className={styles.controlButton}
            aria-label={intl.formatMessage(CarouselMessages.next)}
            onClick={() => actor.send({ type: 'carousel.next' })}
          >
            <ChevronRight aria-hidden="true" size={24} />
          </button>
        </div>
      )}
      <div className={styles.slides}>
        {banners.map((banner, i) => (
          <div
            key={banner.id}
            role="group"
            aria-roledescription={intl.formatMessage(CarouselMessages.slideRole)}
            aria-label={intl.formatMessage(CarouselMessages.slideLabel, { n: i + 1, total })}
            className={styles.slide}
            hidden={i !== index}
          >
            {/* Sized (no layout shift); the first slide's image is fetched at once, the others lazily. */}
            <img
              className={styles.slideImage}
              src={banner.image_url}
              alt={banner.alt}
              width={960}
              height={320}
              decoding="async"
              loading={i === 0 && !dataSaver ? 'eager' : 'lazy'}
            />
            <div className={styles.slideText}>
              <h2 className={styles.slideTitle}>{banner.title}</h2>
              <p>{banner.text}</p>
              <BannerLink banner={banner} />
            </div>
          </div>
        ))}
      </div>
      {total > 1 && (
        <div role="group" aria-label={intl.formatMessage(CarouselMessages.pickLabel)} className={styles.indicators}>
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className={styles.indicator}
              aria-current={i === index ? 'true' : undefined}
              aria-label={intl.formatMessage(CarouselMessages.pickSlide, { n: i + 1, title: banner.title })}
              onClick={() => actor.send({ type: 'carousel.goTo', index: i })}
            />
          ))}
        </div>
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announce ? intl.formatMessage(CarouselMessages.announce, { n: index + 1, total, title: current.title }) : ''}
      </p>
    </section>
  );
}

/** 'Saiba mais' to the banner's app path, or to an absolute http(s) address in a new tab. */
function BannerLink({ banner }: { banner: Banner }) {
  const intl = useIntl();
  if (!banner.link) return null;
  const text = intl.formatMessage(CarouselMessages.learnMore);
  const label = `${text}: ${banner.title}`;
  const path = sameOriginPath(banner.link);
  if (path) {
    return (
      <Link href={path} className="button button-primary" aria-label={label}>
        {text}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(banner.link)) {
    return (
      <a
        href={banner.link}
        className="button button-primary"
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
      >
        {text}
      </a>
    );
  }
  return null;
}
