import '@mantine/core/styles/Badge.css';
import { Badge, Group, Text } from '@mantine/core';
import type { StatementEntry } from '@krapao/contract';
import { errorText } from '../i18n';
import { useTranslation } from '../i18n/react';

// How a statement entry is named, signed and its state told (ST-2, ST-5): one reading for the member's
// statement and for the console's page of a member, so staff read what the member reads.

const DEPOSIT_CHANNELS = new Set(['BANK', 'QR', 'TRUEWALLET', 'SLIP', 'NOTICE', 'ADJUSTMENT']);

export /** ST-2: deposit and bonus '+', withdraw '-', transfer (and a finished bonus) none. */
function amountSign(type: StatementEntry['statementType']): '' | '+' | '-' {
  if (type === 'deposit' || type === 'bonus') return '+';
  if (type === 'withdraw') return '-';
  return '';
}

export function activityKey(entry: StatementEntry): string {
  // A staff debit is money out, but not to the member's bank.
  if (entry.statementType === 'withdraw' && entry.channel === 'ADJUSTMENT')
    return 'statement.activity.adjustmentDebit';
  if (entry.statementType !== 'deposit') return `statement.activity.${entry.statementType}`;
  // A notice the operator credited is the deposit itself: it reads as the transfer it was.
  if (entry.channel === 'NOTICE' && entry.status === 'SUCCESS') return 'statement.activity.deposit.BANK';
  return `statement.activity.deposit.${DEPOSIT_CHANNELS.has(entry.channel) ? entry.channel : 'other'}`;
}

export function StatusBadge({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation();
  const badge = (color: string, text: string) => (
    <Badge color={color} variant="light" size="sm">
      {text}
    </Badge>
  );
  if (entry.outcome === 'EXPIRED') return badge('gray', t('statement.status.expired'));
  if (entry.outcome === 'RETURNED') return badge('blue', t('statement.status.returned'));
  if (entry.outcome === 'REJECTED') return badge('gray', t('statement.status.declined'));
  if (entry.status === 'SUCCESS') return badge('teal', t('statement.status.success'));
  if (entry.status === 'FAILED')
    return (
      <Group gap={6} wrap="wrap">
        {badge('red', t('statement.status.failed'))}
        {entry.reason && (
          <Text component="span" fz="xs" c="red.8" data-testid="statement-reason">
            ({errorText(entry.reason)})
          </Text>
        )}
      </Group>
    );
  if (entry.statementType === 'deposit' && entry.channel === 'NOTICE')
    return badge('yellow', t('statement.status.waiting'));
  return badge('yellow', t('statement.status.inProgress'));
}

/** ST-5: a side of a transfer: the main wallet, or the game by its name (its code when it has none). */
export function accountLabel(code: string | null, name: string | null, wallet: string): string {
  return code === 'WALLET' ? wallet : (name ?? code ?? '');
}

/** ST-5: "Main wallet → PG Soft", the way the money went. */
export function TransferRoute({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation();
  if (entry.statementType !== 'transfer' || !entry.from || !entry.to) return null;
  const wallet = t('statement.wallet');
  return (
    <Text fz="xs" c="dark.4" mt={2} data-testid="statement-route">
      {accountLabel(entry.from, entry.fromName, wallet)} → {accountLabel(entry.to, entry.toName, wallet)}
    </Text>
  );
}
