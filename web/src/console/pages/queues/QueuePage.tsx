import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { BankLine, QueuedSlip, QueuedWithdrawal } from '@krapao/contract';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useLocale } from '../../../i18n/react';
import { formatPhone } from '../../../lib/format';
import { errorCode } from '../../../lib/api-client';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { ReasonModal } from '../../components/ReasonModal';
import { SinceDeposit } from '../../components/SinceDeposit';
import { formatAmount, formatBangkok } from '../../format';
import { useT } from '../../i18n';
import { MemberLink, QueueRows, usePhones, useRunner } from './queue-parts';
import { Slips } from './SlipsQueue';
import { actions, isTableQueue, useQueueAction, useQueueList, type TableQueue } from './queue-api';

interface Transfer {
  reference: string;
  phone: string;
  provider: string;
  direction: string;
  amount: number;
  currency: string;
  createdAt: string;
  checks: number;
}
interface RefusedQr {
  id: string;
  provider: string;
  orderId: string;
  amount: number;
  currency: string | null;
  paidAt: string;
  reason: string;
  memberPhone: string | null;
}

function BankLines({ items }: { items: BankLine[] }) {
  const t = useT();
  const locale = useLocale();
  const runner = useRunner();
  const match = useQueueAction(actions.match);
  const phones = usePhones();
  const doMatch = (
    line: BankLine,
    payee: { name: string; phone: string } | { typedPhone: string },
    noticeId?: string,
  ) =>
    runner.confirm({
      title: t('console.queues.confirm.creditTitle'),
      confirmLabel: t('console.queues.matchTo'),
      amount: formatAmount(line.amount, line.currency ?? '', locale),
      payee,
      run: (code) =>
        match.mutateAsync({
          reference: line.reference,
          phone: 'phone' in payee ? payee.phone : payee.typedPhone,
          ...(noticeId ? { noticeId } : {}),
          ...(code ? { code } : {}),
        }),
    });
  return (
    <QueueRows cols={['received', 'amount', 'from', 'reference', 'candidates', 'match']} runner={runner}>
      {items.map((l) => (
        <Table.Tr key={l.reference}>
          <Table.Td>{formatBangkok(l.receivedAt)}</Table.Td>
          <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(l.amount, l.currency ?? '', locale)}
          </Table.Td>
          <Table.Td>
            {l.fromBankCode} {l.fromAccountNo}
          </Table.Td>
          <Table.Td>
            <Text size="xs" ff="monospace">
              {l.reference}
            </Text>
          </Table.Td>
          <Table.Td>
            <Stack gap={4}>
              {l.candidates.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('console.queues.noCandidates')}
                </Text>
              )}
              {l.candidates.map((c) => (
                <Group key={c.memberId} gap="xs" wrap="wrap">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {c.name} · {c.phone}
                  </Text>
                  {c.why.map((w) => (
                    <Badge key={w} size="sm" variant="light" style={{ overflow: 'visible' }}>
                      {t(`console.queues.why.${w}`)}
                      {w === 'notice' && c.noticeAmount !== null ? ` ${c.noticeAmount}` : ''}
                    </Badge>
                  ))}
                  <Button size="compact-xs" onClick={() => doMatch(l, c, c.noticeId ?? undefined)}>
                    {t('console.queues.matchTo')}
                  </Button>
                </Group>
              ))}
            </Stack>
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              {phones.field(l.reference)}
              <Button
                size="compact-sm"
                variant="light"
                disabled={!phones.phoneOf(l.reference)}
                onClick={() => doMatch(l, { typedPhone: phones.phoneOf(l.reference) })}
              >
                {t('console.queues.match')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </QueueRows>
  );
}

function Withdrawals({ items }: { items: QueuedWithdrawal[] }) {
  const t = useT();
  const locale = useLocale();
  const runner = useRunner();
  const approve = useQueueAction(actions.approve);
  const reject = useQueueAction(actions.reject);
  const [rejecting, setRejecting] = useState<QueuedWithdrawal | null>(null);
  return (
    <>
      <QueueRows cols={['created', 'member', 'amount', 'sinceDeposit', 'account', 'actions']} runner={runner}>
        {items.map((w) => (
          <Table.Tr key={w.withdrawalId}>
            <Table.Td>{formatBangkok(w.createdAt)}</Table.Td>
            <Table.Td>
              <MemberLink memberId={w.memberId}>
                {w.name} · {formatPhone(w.phone)}
              </MemberLink>
            </Table.Td>
            <Table.Td fw={600}>
              {formatAmount(w.amount, w.currency, locale)}
              {w.needsSecondApproval && !w.approvalId && (
                <Text size="xs" c="orange.8" fw={500}>
                  {t('console.queues.twoApprovals')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <SinceDeposit since={w.sinceDeposit} currency={w.currency} />
            </Table.Td>
            <Table.Td>
              {w.bankCode} {w.bankAccountNo} · {w.bankAccountName}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {w.approvalId ? (
                  // A four-eyes request waits on another staff member: approving again would only say so.
                  <Badge variant="light" color="orange" style={{ overflow: 'visible' }}>
                    <Anchor component={Link} to="/console/approvals" size="xs" inherit>
                      {t('console.queues.awaitingSecond')}
                    </Anchor>
                  </Badge>
                ) : (
                  <Button
                    size="compact-sm"
                    onClick={() =>
                      runner.confirm({
                        // Above the second-approval amount, yes sends it to Approvals: nothing is paid yet.
                        title: t(
                          w.needsSecondApproval
                            ? 'console.queues.confirm.approveSecondTitle'
                            : 'console.queues.confirm.approveTitle',
                        ),
                        note: w.needsSecondApproval ? t('console.queues.confirm.secondNote') : undefined,
                        confirmLabel: t('console.queues.approve'),
                        amount: formatAmount(w.amount, w.currency, locale),
                        payee: w,
                        account: `${w.bankCode} ${w.bankAccountNo} · ${w.bankAccountName}`,
                        run: (code) => approve.mutateAsync({ id: w.withdrawalId, ...(code ? { code } : {}) }),
                        said: (answer) =>
                          (answer as { status?: string }).status === 'AWAITING_APPROVAL'
                            ? t('console.queues.sentForSecond')
                            : undefined,
                      })
                    }
                  >
                    {t('console.queues.approve')}
                  </Button>
                )}
                <Button size="compact-sm" color="red" variant="light" onClick={() => setRejecting(w)}>
                  {t('console.queues.reject')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </QueueRows>
      <ReasonModal
        opened={rejecting !== null}
        title={t('console.queues.rejectTitle')}
        confirmLabel={t('console.queues.reject')}
        confirmColor="red"
        reasonRequired
        busy={reject.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => {
          const w = rejecting!;
          setRejecting(null);
          void runner.run((code) =>
            reject.mutateAsync({ id: w.withdrawalId, reason, ...(code ? { code } : {}) }),
          );
        }}
      >
        <Text size="sm">{t('console.queues.rejectHint')}</Text>
      </ReasonModal>
    </>
  );
}

function Transfers({ items }: { items: Transfer[] }) {
  const t = useT();
  const locale = useLocale();
  const runner = useRunner();
  const check = useQueueAction(actions.check);
  return (
    <QueueRows cols={['created', 'member', 'amount', 'provider', 'checks', 'actions']} runner={runner}>
      {items.map((x) => (
        <Table.Tr key={x.reference}>
          <Table.Td>{formatBangkok(x.createdAt)}</Table.Td>
          <Table.Td>{x.phone}</Table.Td>
          <Table.Td fw={600}>{formatAmount(x.amount, x.currency, locale)}</Table.Td>
          <Table.Td>
            {x.provider} · {x.direction}
          </Table.Td>
          <Table.Td>{x.checks}</Table.Td>
          <Table.Td>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => void runner.run(() => check.mutateAsync(x))}
            >
              {t('console.queues.askAgain')}
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </QueueRows>
  );
}

function Qr({ items }: { items: RefusedQr[] }) {
  const t = useT();
  const locale = useLocale();
  const runner = useRunner();
  const credit = useQueueAction(actions.qrCredit);
  const refunded = useQueueAction(actions.qrRefunded);
  const phones = usePhones();
  return (
    <QueueRows cols={['paid', 'member', 'amount', 'provider', 'why', 'actions']} runner={runner}>
      {items.map((q) => (
        <Table.Tr key={q.id}>
          <Table.Td>{formatBangkok(q.paidAt)}</Table.Td>
          <Table.Td>{q.memberPhone ?? phones.field(q.id)}</Table.Td>
          <Table.Td fw={600}>{formatAmount(q.amount, q.currency ?? '', locale)}</Table.Td>
          <Table.Td>
            {q.provider} · {q.orderId}
          </Table.Td>
          <Table.Td>{q.reason}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                disabled={!q.memberPhone && !phones.phoneOf(q.id)}
                onClick={() =>
                  runner.confirm({
                    title: t('console.queues.confirm.creditTitle'),
                    confirmLabel: t('console.queues.credit'),
                    amount: formatAmount(q.amount, q.currency ?? '', locale),
                    payee: { typedPhone: q.memberPhone ?? phones.phoneOf(q.id) },
                    run: (code) =>
                      credit.mutateAsync({
                        id: q.id,
                        ...(phones.phoneOf(q.id) ? { phone: phones.phoneOf(q.id) } : {}),
                        ...(code ? { code } : {}),
                      }),
                  })
                }
              >
                {t('console.queues.credit')}
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => void runner.run(() => refunded.mutateAsync({ id: q.id }))}
              >
                {t('console.queues.refunded')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </QueueRows>
  );
}

function QueueTable({ queue }: { queue: TableQueue }) {
  const t = useT();
  const list = useQueueList(queue);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <ConsoleError code={errorCode(list.error)} />;
  const items = list.data.items;
  if (!items.length) return <Text c="dimmed">{t('console.home.queues.empty')}</Text>;
  const tables: Record<TableQueue, ReactNode> = {
    bankLines: <BankLines items={items as BankLine[]} />,
    withdrawals: <Withdrawals items={items as QueuedWithdrawal[]} />,
    slips: <Slips items={items as QueuedSlip[]} />,
    transfers: <Transfers items={items as Transfer[]} />,
    qr: <Qr items={items as RefusedQr[]} />,
  };
  return tables[queue];
}

/** One work queue's rows, oldest first, with its actions; live through the staff socket's nudge. */
export default function QueuePage() {
  const t = useT();
  const { queue } = useParams();
  if (!isTableQueue(queue)) return <Navigate to="/console" replace />;
  return (
    <>
      <PageTitle title={t(`console.home.queues.${queue}`)} sub={t('console.queues.oldestFirst')} />
      <QueueTable key={queue} queue={queue} />
    </>
  );
}
