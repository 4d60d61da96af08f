import './BannerCarousel.css';
import '@mantine/core/styles/Skeleton.css';
import type { LocalizedText } from '@krapao/contract';
import { ActionIcon, Skeleton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useLocale } from '../i18n/react';
import { safeHtml } from '../lib/safe-html';

/** A banner: a picture and the operator's HTML, per language (a programme's) or one text (a bonus's). */
export interface CarouselBanner {
  image: string;
  html: LocalizedText | string;
}

export interface BannerCarouselProps {
  banners: CarouselBanner[] | undefined;
  loading?: boolean;
  /** The carousel's name for a screen reader. */
  label: string;
  /** A slide's name for a screen reader; "2 / 5" unless given. */
  slideLabel?: (n: number, total: number) => string;
  /**
   * 'inset' (INV-1, REF-1): rounded, the operator's words over the picture's foot, dots under it to
   * jump to a slide. 'bleed' (a bonus, BON-2): edge to edge of the modal, the words under the picture,
   * the dots over it showing where the member is (the arrows move).
   */
  layout?: 'inset' | 'bleed';
  /** Previous and next arrows over the picture (going round), with what a screen reader calls them. */
  arrows?: { previous: string; next: string };
}

const ofTotal = (n: number, total: number) => `${n} / ${total}`;

/**
 * Banners (INV-1, REF-1, BON-2): pictures a member swipes through (scroll snap, no script library), each
 * with the operator's HTML in the member's language, cleaned again here, and dots (and, if asked,
 * arrows) to move.
 */
export function BannerCarousel({
  banners,
  loading,
  label,
  slideLabel = ofTotal,
  layout = 'inset',
  arrows,
}: BannerCarouselProps) {
  const locale = useLocale();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const slides = useMemo(
    () =>
      (banners ?? []).map((b) => ({
        image: b.image,
        html: safeHtml(typeof b.html === 'string' ? b.html : (b.html[locale] ?? b.html.en ?? '')),
      })),
    [banners, locale],
  );
  if (loading) return <Skeleton className="banner-carousel__skeleton" radius="lg" />;
  if (!slides.length) return null;

  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
  };
  const go = (i: number) => {
    const next = (i + slides.length) % slides.length;
    const el = track.current;
    el?.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' });
    setCurrent(next);
  };

  return (
    <section
      className={`banner-carousel banner-carousel--${layout}`}
      aria-roledescription="carousel"
      aria-label={label}
    >
      <div className="banner-carousel__track" ref={track} onScroll={onScroll}>
        {slides.map((s, i) => (
          <figure
            key={`${s.image}-${i}`}
            className="banner-carousel__slide"
            aria-roledescription="slide"
            aria-label={slideLabel(i + 1, slides.length)}
            data-testid="banner"
          >
            <img src={s.image} alt="" loading={i === 0 ? 'eager' : 'lazy'} width={600} height={300} />
            {s.html && (
              <figcaption className="banner-carousel__text" dangerouslySetInnerHTML={{ __html: s.html }} />
            )}
          </figure>
        ))}
      </div>
      {slides.length > 1 && arrows && (
        // Over the picture only (2:1, the carousel's width), whatever text a slide has under it.
        <div className="banner-carousel__frame">
          <ActionIcon
            className="banner-carousel__arrow banner-carousel__arrow--previous"
            variant="white"
            radius="xl"
            aria-label={arrows.previous}
            onClick={() => go(current - 1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon
            className="banner-carousel__arrow banner-carousel__arrow--next"
            variant="white"
            radius="xl"
            aria-label={arrows.next}
            onClick={() => go(current + 1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <div className="banner-carousel__marks" aria-hidden="true">
            {slides.map((s, i) => (
              <span key={`${s.image}-${i}`} data-active={i === current || undefined} />
            ))}
          </div>
        </div>
      )}
      {slides.length > 1 && !arrows && (
        <div className="banner-carousel__dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className="banner-carousel__dot"
              aria-label={slideLabel(i + 1, slides.length)}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
