import type { Bonus } from '@krapao/contract';
import { Badge, Text, UnstyledButton } from '@mantine/core';
import { useMoneyText } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { bahtToMinor } from '../../../lib/format';
import { pick } from '../texts';

/**
 * BON-2: the bonus cards with their banners: 'current' on the active one; 'received' and disabled once
 * received maxReceived times in its period; otherwise a click opens the bonus modal.
 */
export function BonusGrid({ bonuses, onOpen }: { bonuses: Bonus[]; onOpen: (b: Bonus) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="bonus-grid" aria-label={t('bonus.list')}>
      {bonuses.map((b) => (
        <li key={b._id}>
          <BonusCard bonus={b} onOpen={() => onOpen(b)} />
        </li>
      ))}
    </ul>
  );
}

function BonusCard({ bonus: b, onOpen }: { bonus: Bonus; onOpen: () => void }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const money = useMoneyText();
  const name = pick(b.name, lng) || b.code;
  const received = b.state === 'received';
  const banner = b.banners[0]?.image;
  return (
    <UnstyledButton
      className="bonus-card"
      data-state={b.state}
      disabled={received}
      aria-label={name}
      onClick={onOpen}
    >
      <div className="bonus-card-banner">
        {banner ? (
          <img src={banner} alt="" loading="lazy" />
        ) : (
          <span className="bonus-card-code">{b.code}</span>
        )}
        {b.state === 'current' && (
          <Badge className="bonus-card-badge" color="teal" variant="filled" size="sm">
            {t('bonus.card.current')}
          </Badge>
        )}
        {received && (
          <Badge className="bonus-card-badge" color="gray" variant="filled" size="sm">
            {t('bonus.card.received')}
          </Badge>
        )}
      </div>
      <div className="bonus-card-body">
        <Text fw={700} fz="sm" lh={1.25} lineClamp={2}>
          {name}
        </Text>
        <Text fz="xs" c="dimmed" lh={1.3}>
          {b.reward.kind === 'percent'
            ? t('bonus.card.percent', { percent: b.reward.percent, max: money(bahtToMinor(b.reward.max)) })
            : t('bonus.card.fixed', { amount: money(bahtToMinor(b.reward.amount)) })}
        </Text>
        <Text fz="xs" c="dimmed" lh={1.3}>
          {t(`bonus.rule.count.${b.type}`, { count: b.receivedInPeriod, max: b.maxReceived })}
        </Text>
      </div>
    </UnstyledButton>
  );
}
