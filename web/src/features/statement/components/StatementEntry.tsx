import { Group, Paper, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
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
import { activityKey, amountSign, StatusBadge, TransferRoute } from '../../../components/StatementLabels';
import { DepositIcon, WithdrawIcon } from '../../../components/MoneyIcons';
import { useLocale, useTranslation } from '../../../i18n/react';
import { bahtToMinor, formatDateTime, formatTime, formatTimeAgo } from '../../../lib/format';

const TYPE_LOOK: Record<StatementEntry['statementType'], { icon: ReactNode; color: string }> = {
  deposit: { icon: <DepositIcon size={20} stroke={1.8} />, color: 'teal' },
  withdraw: { icon: <WithdrawIcon size={20} stroke={1.8} />, color: 'orange' },
  bonus: { icon: <IconGift size={20} stroke={1.8} />, color: 'grape' },
  finish_bonus: { icon: <IconRosetteDiscountCheck size={20} stroke={1.8} />, color: 'grape' },
  transfer: { icon: <IconArrowsExchange size={20} stroke={1.8} />, color: 'blue' },
};

/** Bank refusals with a text of their own; any other bank reason reads as the general one. */
const BANK_REASONS = new Set(['DEST_ACC_INVALID']);

/** Why a withdrawal came back, in words that do not blame the member for a bank's refusal. */
function returnReasonKey(entry: StatementEntry): string {
  if (entry.outcome === 'REJECTED') return 'statement.returnReason.operator';
  return entry.reason && BANK_REASONS.has(entry.reason)
    ? `statement.returnReason.${entry.reason}`
    : 'statement.returnReason.bank';
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
