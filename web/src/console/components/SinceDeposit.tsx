import { Badge, Stack, Text } from '@mantine/core';
import type { SinceDeposit as Since } from '@krapao/contract';
import { useLocale } from '../../i18n/react';
import { formatAmount, formatBangkok } from '../format';
import { useT } from '../i18n';

/**
 * A withdrawal's context for the person deciding it (its queue row, its four-eyes request): the member's
 * last deposit before it and their play since (stakes, and the result: a loss is negative). Money
 * deposited and taken out unplayed is flagged, the pattern of a stolen account's or a mule's money
 * passing through.
 */
export function SinceDeposit({ since, currency }: { since: Since | null; currency: string }) {
  const t = useT();
  const locale = useLocale();
  if (!since)
    return (
      <Text size="sm" c="dimmed" data-testid="since-deposit">
        {t('console.queues.sinceDeposit.noDeposit')}
      </Text>
    );
  const money = (amount: number) => formatAmount(amount, currency, locale);
  return (
    <Stack gap={2} data-testid="since-deposit">
      <Text size="sm">
        {t('console.queues.sinceDeposit.deposited', {
          amount: money(since.amount),
          time: formatBangkok(since.at),
        })}
      </Text>
      {since.bets === 0 ? (
        <Badge variant="light" color="orange" w="fit-content">
          {t('console.queues.sinceDeposit.unplayed')}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          {t('console.queues.sinceDeposit.played', { bets: money(since.bets), net: money(since.net) })}
        </Text>
      )}
    </Stack>
  );
}
