import './BannerCarousel.css';
import '@mantine/core/styles/Skeleton.css';
import type { ProgrammeBanner } from '@krapao/contract';
import { Skeleton } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useLocale } from '../i18n/react';
import { safeHtml } from '../lib/safe-html';

/**
 * A programme's banners (INV-1, REF-1): pictures a member swipes through (scroll snap, no script
 * library), each with the operator's HTML in the member's language, cleaned again here, and dots to
 * jump to one.
 */
export function BannerCarousel({
  banners,
  loading,
  label,
}: {
  banners: ProgrammeBanner[] | undefined;
  loading?: boolean;
  label: string;
}) {
  const locale = useLocale();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const slides = useMemo(
    () =>
      (banners ?? []).map((b) => ({
        image: b.image,
        html: safeHtml(b.html[locale] ?? b.html.en ?? ''),
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
    const el = track.current;
    el?.scrollTo?.({ left: i * el.clientWidth, behavior: 'smooth' });
    setCurrent(i);
  };

  return (
    <section className="banner-carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="banner-carousel__track" ref={track} onScroll={onScroll}>
        {slides.map((s, i) => (
          <figure
            key={`${s.image}-${i}`}
            className="banner-carousel__slide"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${slides.length}`}
            data-testid="banner"
          >
            <img src={s.image} alt="" loading={i === 0 ? 'eager' : 'lazy'} width={600} height={300} />
            {s.html && (
              <figcaption className="banner-carousel__text" dangerouslySetInnerHTML={{ __html: s.html }} />
            )}
          </figure>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="banner-carousel__dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className="banner-carousel__dot"
              aria-label={`${i + 1} / ${slides.length}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
