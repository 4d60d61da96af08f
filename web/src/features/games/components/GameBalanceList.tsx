import './games.css';
import type { GameAccount } from '@krapao/contract';
import { Text } from '@mantine/core';
import { Money } from '../../../components/Money';
import { useTranslation } from '../../../i18n/react';
import { bahtToMinor } from '../../../lib/format';
import { StaleMark } from './GameCarousels';

/** BAL-2: the balance each game account last reported, beside the refresh tile; stale ones marked. */
export function GameBalanceList({ slots }: { slots: GameAccount[] }) {
  const { t } = useTranslation();
  const active = slots.filter((s) => s.active);
  if (active.length === 0) return null;
  return (
    <section aria-label={t('actions.gameBalances')}>
      <Text fz="sm" fw={700} mb={6}>
        {t('actions.gameBalances')}
      </Text>
      <ul className="game-balances" data-testid="game-balances">
        {active.map((slot) => (
          <li key={slot.code}>
            {slot.logo && <img src={slot.logo} alt="" width={28} height={28} loading="lazy" />}
            <span style={{ flex: 1 }}>{slot.name}</span>
            <StaleMark slot={slot} />
            <strong data-testid={`game-balance-${slot.code}`}>
              <Money minor={bahtToMinor(slot.amount)} />
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
