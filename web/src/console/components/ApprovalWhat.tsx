import { formatBankAccountNo, type Approval } from '@krapao/contract';
import { Stack, Text } from '@mantine/core';
import { useLocale } from '../../i18n/react';
import { bankCodeText } from '../../lib/banks';
import { formatAmount } from '../format';
import { useT } from '../i18n';
import { SinceDeposit } from './SinceDeposit';

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** "KBANK 123-456-7890 · SOMCHAI JAIDEE": an account as the approver compares it. */
const accountText = (a: { bankCode: string; accountNo: string; accountName: string }) =>
  [`${bankCodeText(a.bankCode)} ${formatBankAccountNo(a.accountNo)}`, a.accountName]
    .filter(Boolean)
    .join(' · ');

/** Who the request is about: their name and phone as they are now, else the ids the request holds. */
function Member({ approval }: { approval: Approval }) {
  const p = approval.payload;
  const who = approval.subject
    ? [approval.subject.name, approval.subject.phone, str(p.memberId)]
    : [str(p.phone), str(p.memberId)];
  return (
    <Text size="xs" c="dimmed">
      {who.filter(Boolean).join(' · ')}
    </Text>
  );
}

/**
 * What a request asks for, in words: the amount and member of an adjustment or withdrawal (and the account
 * a withdrawal pays to), the member's account now and the new one of a bank-account change, the staff
 * and role of a role change.
 */
export function ApprovalWhat({ approval }: { approval: Approval }) {
  const t = useT();
  const locale = useLocale();
  const p = approval.payload;
  if (approval.kind === 'adjustment' || approval.kind === 'withdrawal') {
    const amount = Number(p.amount);
    return (
      <Stack gap={0}>
        <Text size="sm" fw={600} c={amount < 0 ? 'red.8' : undefined}>
          {Number.isFinite(amount) ? formatAmount(amount, str(p.currency), locale) : '–'}
        </Text>
        <Member approval={approval} />
        {approval.subject?.paysTo && (
          <Text size="xs" data-testid="approval-pays-to">
            {t('console.approvals.paysTo', { account: accountText(approval.subject.paysTo) })}
          </Text>
        )}
        {str(p.reason) && (
          <Text size="xs">{t('console.approvals.reasonGiven', { reason: str(p.reason) })}</Text>
        )}
        {approval.kind === 'withdrawal' && approval.subject && (
          <SinceDeposit since={approval.subject.sinceDeposit} currency={str(p.currency)} />
        )}
      </Stack>
    );
  }
  if (approval.kind === 'role') {
    return (
      <Text size="sm">
        {t('console.approvals.roleChange', {
          username: str(p.username),
          role: t(`console.roles.${str(p.role)}`),
        })}
      </Text>
    );
  }
  if (approval.kind === 'payout-account') {
    const next = {
      bankCode: str(p.bankCode),
      accountNo: str(p.bankAccountNo),
      accountName: str(p.bankAccountName),
    };
    return (
      <Stack gap={0} data-testid="approval-account-change">
        <Member approval={approval} />
        {approval.subject && (
          <Text size="xs">
            {t('console.approvals.accountNow', { account: accountText(approval.subject.account) })}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {t('console.approvals.accountNew', { account: accountText(next) })}
        </Text>
        {str(p.reason) && (
          <Text size="xs">{t('console.approvals.reasonGiven', { reason: str(p.reason) })}</Text>
        )}
      </Stack>
    );
  }
  return (
    <Text size="xs" className="console-json">
      {JSON.stringify(p)}
    </Text>
  );
}
