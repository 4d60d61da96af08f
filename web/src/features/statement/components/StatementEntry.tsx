import '@mantine/core/styles/Badge.css';
import { Badge, Group, Paper, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { StatementEntry } from '@krapao/contract';
import {
  IconArrowBackUp,
  IconArrowsExchange,
  IconCircleCheck,
  IconGift,
  IconRosetteDiscountCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Money } from '../../../components/Money';
import { DepositIcon, WithdrawIcon } from '../../../components/MoneyIcons';
import { errorText } from '../../../i18n';
import { useLocale, useTranslation } from '../../../i18n/react';
import { bahtToMinor, formatDateTime, formatTime, formatTimeAgo } from '../../../lib/format';

const TYPE_LOOK: Record<StatementEntry['statementType'], { icon: ReactNode; color: string }> = {
  deposit: { icon: <DepositIcon size={20} stroke={1.8} />, color: 'teal' },
  withdraw: { icon: <WithdrawIcon size={20} stroke={1.8} />, color: 'orange' },
  bonus: { icon: <IconGift size={20} stroke={1.8} />, color: 'grape' },
  finish_bonus: { icon: <IconRosetteDiscountCheck size={20} stroke={1.8} />, color: 'grape' },
  transfer: { icon: <IconArrowsExchange size={20} stroke={1.8} />, color: 'blue' },
};

const DEPOSIT_CHANNELS = new Set(['BANK', 'QR', 'TRUEWALLET', 'SLIP', 'NOTICE']);
/** Bank refusals with a text of their own; any other bank reason reads as the general one. */
const BANK_REASONS = new Set(['DEST_ACC_INVALID']);

/** ST-2: deposit and bonus '+', withdraw '-', transfer (and a finished bonus) none. */
function amountSign(type: StatementEntry['statementType']): '' | '+' | '-' {
  if (type === 'deposit' || type === 'bonus') return '+';
  if (type === 'withdraw') return '-';
  return '';
}

function activityKey(entry: StatementEntry): string {
  if (entry.statementType !== 'deposit') return `statement.activity.${entry.statementType}`;
  // A notice the operator credited is the deposit itself: it reads as the transfer it was.
  if (entry.channel === 'NOTICE' && entry.status === 'SUCCESS') return 'statement.activity.deposit.BANK';
  return `statement.activity.deposit.${DEPOSIT_CHANNELS.has(entry.channel) ? entry.channel : 'other'}`;
}

/** Why a withdrawal came back, in words that do not blame the member for a bank's refusal. */
function returnReasonKey(entry: StatementEntry): string {
  if (entry.outcome === 'REJECTED') return 'statement.returnReason.operator';
  return entry.reason && BANK_REASONS.has(entry.reason)
    ? `statement.returnReason.${entry.reason}`
    : 'statement.returnReason.bank';
}

function StatusBadge({ entry }: { entry: StatementEntry }) {
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

/** What happened next, under the badge: the money that came back, a matched or expired notice. */
function EntryNote({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation();
  const note = (children: ReactNode, color = 'dimmed') => (
    <Text fz="xs" c={color} mt={4} data-testid="statement-note">
      {children}
    </Text>
  );
  if (entry.outcome === 'RETURNED' || entry.outcome === 'REJECTED')
    return (
      <>
        <Group gap={4} wrap="nowrap" mt={6} c="teal.8" data-testid="statement-returned">
          <IconArrowBackUp size={16} stroke={2} aria-hidden style={{ flex: 'none' }} />
          <Text fz="sm" fw={700} c="teal.8">
            <Money minor={bahtToMinor(entry.amount)} sign="+" /> {t('statement.note.returned')}
          </Text>
        </Group>
        {note(t(returnReasonKey(entry)))}
      </>
    );
  if (entry.outcome === 'EXPIRED') return note(t('statement.note.expired'));
  if (entry.expiresAt) return note(t('statement.note.waitingUntil', { time: formatTime(entry.expiresAt) }));
  if (entry.noticeId)
    return note(
      <Group component="span" gap={4} wrap="nowrap">
        <IconCircleCheck size={14} stroke={2} aria-hidden />
        {t('statement.note.matched')}
      </Group>,
    );
  return null;
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

export { activityKey, amountSign, StatusBadge };

/** One line of the statement (ST-1, ST-2), with what became of it; a tap opens its detail (ST-5). */
export function StatementEntryRow({
  entry,
  now,
  onOpen,
}: {
  entry: StatementEntry;
  now: number;
  onOpen?: (entry: StatementEntry) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const look = TYPE_LOOK[entry.statementType];
  const sign = amountSign(entry.statementType);
  // Money that never moved (an expired notice) or came back (a returned withdrawal) is not coloured.
  const settledBack = entry.outcome !== null;
  return (
    <Paper component="li" className="surface statement-entry" p={0} data-type={entry.statementType}>
      <UnstyledButton
        className="statement-entry__open"
        p="sm"
        w="100%"
        aria-haspopup="dialog"
        onClick={() => onOpen?.(entry)}
      >
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color={look.color} aria-hidden>
            {look.icon}
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text fw={700} fz="sm" data-testid="statement-activity">
                {t(activityKey(entry))}
              </Text>
              <Text
                fw={800}
                fz="sm"
                c={settledBack ? 'dimmed' : sign === '+' ? 'teal.8' : sign === '-' ? 'red.7' : undefined}
                style={{ whiteSpace: 'nowrap' }}
                data-testid="statement-amount"
              >
                <Money minor={bahtToMinor(entry.amount)} sign={sign} />
              </Text>
            </Group>
            <TransferRoute entry={entry} />
            <Text fz="xs" c="dimmed" mt={2}>
              <span className="tabular" data-testid="statement-date">
                {formatDateTime(entry.createdAt)}
              </span>
              {' · '}
              <span data-testid="statement-ago">{formatTimeAgo(entry.createdAt, locale, now)}</span>
            </Text>
            <div style={{ marginTop: 6 }} data-testid="statement-status">
              <StatusBadge entry={entry} />
            </div>
            <EntryNote entry={entry} />
          </div>
        </Group>
      </UnstyledButton>
    </Paper>
  );
}
