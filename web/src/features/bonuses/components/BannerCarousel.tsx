import type { bonuses } from '@krapao/contract';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { safeHtml } from '../../../lib/safe-html';

/**
 * BON-2: the bonus's banners, one at a time: swiped (scroll snapping) or stepped with the arrows and
 * dots. The operator's HTML under a picture is cleaned again here (lib/safe-html) before it is shown.
 */
export function BannerCarousel({ banners, name }: { banners: bonuses.Banner[]; name: string }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  if (!banners.length) return null;
  const go = (i: number) => {
    const next = (i + banners.length) % banners.length;
    setIndex(next);
    const el = track.current;
    el?.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className="bonus-carousel" role="region" aria-roledescription="carousel" aria-label={name}>
      <div
        className="bonus-carousel-track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {banners.map((b, i) => (
          <figure
            key={`${b.image}-${i}`}
            className="bonus-carousel-slide"
            aria-label={t('bonus.modal.banner', { n: i + 1, total: banners.length })}
          >
            <img src={b.image} alt="" />
            {b.html && <figcaption dangerouslySetInnerHTML={{ __html: safeHtml(b.html) }} />}
          </figure>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="bonus-carousel-frame">
          <ActionIcon
            className="bonus-carousel-prev"
            variant="white"
            radius="xl"
            aria-label={t('bonus.modal.previous')}
            onClick={() => go(index - 1)}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon
            className="bonus-carousel-next"
            variant="white"
            radius="xl"
            aria-label={t('bonus.modal.next')}
            onClick={() => go(index + 1)}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
          <div className="bonus-carousel-dots" aria-hidden="true">
            {banners.map((b, i) => (
              <span key={`${b.image}-${i}`} data-active={i === index || undefined} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
