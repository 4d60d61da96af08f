import './deposits.css';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatBankAccountNo } from '@krapao/contract';
import { IconBolt, IconInfoCircle } from '@tabler/icons-react';
import { CopyField } from '../../../components/CopyField';
import { FieldLabel } from '../../../components/FieldLabel';
import { useLocale, useTranslation } from '../../../i18n/react';
import { bankNameLines } from '../../../lib/banks';
import type { BankPanelKind, DepositAccount } from '../accounts';
import { BcelInstruction } from './BcelInstruction';

/** A round mark with the bank's code, coloured like the bank so a member recognises it at a glance. */
const BANK_COLOURS: Record<string, string> = {
  KBANK: '#138f2d',
  SCB: '#4e2e7f',
  GSB: '#eb198d',
  KTB: '#1ba5e1',
  BBL: '#1e4598',
  BAY: '#fec43b',
  TMB: '#1279be',
  BCEL: '#d71f26',
  // QR payment gateways (DEP-4) and True Wallet (DEP-10).
  WW: '#5b3cc4',
  PAYTIMZ: '#0a6ebd',
  PAYONEX: '#e8590c',
  ZPAY: '#1b1f3b',
  // The Lao QR gateway: BCEL's OnePay, a deeper red than BCEL's own mark.
  ONEPAY: '#9c1c24',
  TRUEWALLET: '#f08c00',
};

/** Marks for codes too long for the circle. */
const MARK_TEXT: Record<string, string> = {
  PAYTIMZ: 'PTZ',
  PAYONEX: 'PNX',
  ONEPAY: '1PAY',
  TRUEWALLET: 'TW',
  // The code stays TMB; the bank is ttb (lib/banks.ts bankCodeText).
  TMB: 'ttb',
};

export function BankMark({ code, size = 'md' }: { code: string; size?: 'sm' | 'md' }) {
  return (
    <span
      className="bank-mark"
      data-size={size}
      data-long={(MARK_TEXT[code] ?? code).length > 4 || undefined}
      style={{ background: BANK_COLOURS[code] ?? '#087f5b' }}
      aria-hidden
    >
      {MARK_TEXT[code] ?? code.slice(0, 6)}
    </span>
  );
}

/** DEP-3 / DEP-10: where the member sends money (account number, wallet phone), large, with a copy button. */
export function NumberToCopy({
  label,
  shown,
  value,
  copyLabel,
  testId,
}: {
  label: string;
  /** As the member reads it, e.g. 123-456-7890. */
  shown: string;
  /** As the member pastes it into their banking app. */
  value: string;
  copyLabel: string;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" className="deposit-account__number">
      <div>
        <FieldLabel>{label}</FieldLabel>
        <Text fz={22} fw={800} className="tabular" data-testid={testId}>
          {shown}
        </Text>
      </div>
      <CopyField value={value} label={copyLabel} />
    </Group>
  );
}

/**
 * DEP-3 / DEP-5: one account to transfer to: the bank's name in the member's language and the one its
 * own app uses (lib/banks.ts bankNameLines), the account name upper-cased, the number formatted 3-3-rest with a copy button. The kind
 * adds what its bank needs: BCEL its instruction image and the currency.
 */
export function BankPanel({ account, kind }: { account: DepositAccount; kind: BankPanelKind }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const no = formatBankAccountNo(account.bankAccountNo);
  const name = bankNameLines(account.bank, locale, account.currency);
  return (
    <Paper
      className="surface deposit-account"
      p="md"
      data-panel={kind}
      role="group"
      aria-label={`${account.bank.nameEN} ${no}`}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <BankMark code={account.bankCode} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} lang={name.firstLang}>
              {name.first}
            </Text>
            {name.second && (
              <Text fz="sm" c="dimmed" lang={name.secondLang}>
                {name.second}
              </Text>
            )}
            {kind === 'bcel' && (
              <Badge variant="light" color="red" mt={6} data-testid="deposit-currency">
                {t(`currency.${account.currency}`)}
              </Badge>
            )}
          </div>
          {kind === 'kbank-auto' && (
            <Badge variant="light" color="teal" leftSection={<IconBolt size={12} />}>
              {t('deposit.auto')}
            </Badge>
          )}
        </Group>
        <div>
          <FieldLabel>{t('deposit.accountName')}</FieldLabel>
          <Text fw={700} data-testid="deposit-account-name">
            {account.bankAccountName.toUpperCase()}
          </Text>
        </div>
        <NumberToCopy
          label={t('deposit.accountNo')}
          shown={no}
          value={account.bankAccountNo}
          copyLabel={t('deposit.copyNo')}
          testId="deposit-account-no"
        />
        {kind === 'bcel' && (
          <>
            <BcelInstruction accountNo={account.bankAccountNo} currency={account.currency} />
            <Group gap={6} wrap="nowrap" align="flex-start" c="dimmed">
              <IconInfoCircle size={16} style={{ flex: 'none', marginTop: 2 }} />
              <Text fz="sm" data-testid="deposit-instruction">
                {t('deposit.bcelInstruction', { currency: t(`currency.unit.${account.currency}`) })}
              </Text>
            </Group>
          </>
        )}
        {kind === 'generic' && (
          <Text fz="sm" c="dimmed">
            {t('deposit.genericNote')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
