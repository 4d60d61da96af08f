import './games.css';
import type { GameAccount } from '@krapao/contract';
import { Stack, Title } from '@mantine/core';
import { useId, useRef } from 'react';
import { Money } from '../../../components/Money';
import { Words } from '../../../components/Words';
import { useTranslation } from '../../../i18n/react';
import { bahtToMinor, formatDateTime } from '../../../lib/format';
import { useSeen } from '../../../lib/use-seen';
import { carouselRows, isFirstScreenCard } from '../first-cards';

/** BAL-2: a provider that did not answer the last refresh shows its last balance, marked. */
export function StaleMark({ slot }: { slot: Pick<GameAccount, 'stale' | 'balanceAt'> }) {
  const { t } = useTranslation();
  if (!slot.stale) return null;
  return (
    <span
      className="game-card__tag game-card__tag--stale"
      title={t('games.staleTitle', { time: slot.balanceAt ? formatDateTime(slot.balanceAt) : '—' })}
    >
      {t('games.stale')}
    </span>
  );
}

function GameCard({
  slot,
  single,
  eager,
  onOpen,
}: {
  slot: GameAccount;
  single: boolean;
  eager: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const detailId = useId();
  const ref = useRef<HTMLButtonElement>(null);
  // The pictures of cards nobody has scrolled to yet wait (use-seen.ts); the first ones are in view.
  const seen = useSeen(ref, eager);
  return (
    <button
      ref={ref}
      type="button"
      className={single ? 'game-card game-card--single' : 'game-card'}
      style={seen && slot.background ? { backgroundImage: `url("${slot.background}")` } : undefined}
      aria-label={slot.name}
      aria-describedby={detailId}
      data-testid={`game-card-${slot.code}`}
      onClick={onOpen}
    >
      {slot.logo ? (
        <img
          className="game-card__logo"
          src={seen ? slot.logo : undefined}
          alt=""
          width={48}
          height={48}
          fetchPriority="low"
        />
      ) : (
        <span />
      )}
      <span id={detailId} style={{ minWidth: 0 }}>
        <span className="game-card__name">{slot.name}</span>
        {slot.active ? (
          <>
            <span className="game-card__amount" data-testid={`game-amount-${slot.code}`}>
              <Money minor={bahtToMinor(slot.amount)} />
            </span>
            <StaleMark slot={slot} />
          </>
        ) : (
          <span className="game-card__tag">{t('games.notOpened')}</span>
        )}
      </span>
    </button>
  );
}

/**
 * HOME-3: one carousel per category (slot, sport plus casino, lotto), shown only when it has games;
 * about 2.2 cards with more than one, a single card with one. A card opens the game account modal.
 */
export function GameCarousels({ slots, onOpen }: { slots: GameAccount[]; onOpen: (code: string) => void }) {
  const { t } = useTranslation();
  const rows = carouselRows(slots);
  return (
    <Stack gap="lg">
      {rows.map(({ category, list }, row) => {
        const title = t(`home.game.${category}`);
        const single = list.length === 1;
        return (
          <section key={category} aria-label={title} data-testid={`carousel-${category}`}>
            <Title order={2} fz={18} mb="sm">
              <Words>{title}</Words>
            </Title>
            <ul
              className={single ? 'game-single' : 'game-carousel'}
              aria-label={t('games.carousel', { category: title, count: list.length })}
            >
              {list.map((slot, i) => (
                <li key={slot.code}>
                  <GameCard
                    slot={slot}
                    single={single}
                    eager={isFirstScreenCard(row, i)}
                    onOpen={() => onOpen(slot.code)}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </Stack>
  );
}
