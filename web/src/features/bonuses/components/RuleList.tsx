import type { BonusType, RewardRule } from '@krapao/contract';
import { List, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMoneyText } from '../../../components/Money';
import { useTranslation } from '../../../i18n/react';
import { bahtToMinor } from '../../../lib/format';
import { needsDeposit } from '../texts';

interface RuleListProps {
  reward: RewardRule;
  minDeposit: number;
  percentSuccess: number;
  percentFail: number;
  categories: readonly string[] | null;
  /** A bonus's limit: received so far in its period, of how many. */
  limit?: { type: BonusType; count: number; max: number };
}

/** What a bonus or promotion pays and asks, in plain words (the member sees both exits before receiving). */
export function RuleList({
  reward,
  minDeposit,
  percentSuccess,
  percentFail,
  categories,
  limit,
}: RuleListProps) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const items = [
    reward.kind === 'percent'
      ? t('bonus.rule.percent', { percent: reward.percent, max: money(bahtToMinor(reward.max)) })
      : t('bonus.rule.fixed', { amount: money(bahtToMinor(reward.amount)) }),
    needsDeposit(reward, minDeposit)
      ? t('bonus.rule.minDeposit', { amount: money(bahtToMinor(minDeposit)) })
      : t('bonus.rule.noDeposit'),
    percentSuccess > 0
      ? t('bonus.rule.turnover', { times: percentSuccess / 100 })
      : t('bonus.rule.noTurnover'),
    percentSuccess > 0 ? t('bonus.rule.fail', { percent: percentFail }) : null,
    percentSuccess > 0
      ? categories && categories.length
        ? t('bonus.rule.categories', { list: categories.map((c) => t(`bonus.category.${c}`)).join(', ') })
        : t('bonus.rule.allGames')
      : null,
    limit ? t(`bonus.rule.count.${limit.type}`, { count: limit.count, max: limit.max }) : null,
  ].filter((x): x is string => Boolean(x));
  return (
    <List
      spacing={6}
      size="sm"
      className="bonus-rules"
      icon={
        <ThemeIcon size={20} radius="xl" variant="light">
          <IconCheck size={13} stroke={2.4} />
        </ThemeIcon>
      }
    >
      {items.map((text) => (
        <List.Item key={text}>{text}</List.Item>
      ))}
    </List>
  );
}
