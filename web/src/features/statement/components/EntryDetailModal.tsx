import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { formatBankAccountNo, type StatementEntry } from '@krapao/contract';
import type { ReactNode } from 'react';
import { CopyField } from '../../../components/CopyField';
import { Money } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { bankCodeText } from '../../../lib/banks';
import { bahtToMinor, formatDateTime } from '../../../lib/format';
import { accountLabel, activityKey, amountSign, StatusBadge } from '../../../components/StatementLabels';

const CHANNELS = new Set(['BANK', 'QR', 'TRUEWALLET', 'SLIP', 'NOTICE', 'GAME', 'REWARD', 'ADJUSTMENT']);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text fz="sm" c="dimmed" style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text component="div" fz="sm" fw={600} ta="end" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** ST-5: one entry in full: its reference (to quote to the operator), time, channel, status and amount. */
export function EntryDetailModal({ entry, onClose }: { entry: StatementEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const wallet = t('statement.wallet');
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={entry ? t(activityKey(entry)) : ''}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('statement.detail.close') }}
    >
      {entry && (
        <Stack gap="sm" data-testid="statement-detail">
          <Text fz={28} fw={800} ta="center" className="tabular">
            <Money minor={bahtToMinor(entry.amount)} sign={amountSign(entry.statementType)} />
          </Text>
          <Row label={t('statement.detail.status')}>
            <StatusBadge entry={entry} />
          </Row>
          <Row label={t('statement.detail.time')}>
            <span className="tabular">{formatDateTime(entry.createdAt)}</span>
          </Row>
          <Row label={t('statement.detail.channel')}>
            {CHANNELS.has(entry.channel) ? t(`statement.channel.${entry.channel}`) : entry.channel}
          </Row>
          {entry.statementType === 'transfer' && entry.from && entry.to && (
            <>
              <Row label={t('statement.detail.from')}>{accountLabel(entry.from, entry.fromName, wallet)}</Row>
              <Row label={t('statement.detail.to')}>{accountLabel(entry.to, entry.toName, wallet)}</Row>
            </>
          )}
          {entry.bankAccount && (
            <Row
              label={t(
                entry.statementType === 'withdraw' ? 'statement.detail.paidTo' : 'statement.detail.sentFrom',
              )}
            >
              <span className="tabular" data-testid="statement-bank-account">
                {bankCodeText(entry.bankAccount.bankCode)} {formatBankAccountNo(entry.bankAccount.accountNo)}
              </span>
            </Row>
          )}
          {entry.related && (
            <Row label={t('statement.detail.related')}>
              {entry.related.title[locale] || entry.related.reference}
            </Row>
          )}
          <Row label={t('statement.detail.reference')}>
            <Group gap={6} wrap="nowrap" justify="flex-end">
              <span className="tabular" data-testid="statement-reference">
                {entry._id}
              </span>
              <CopyField label={t('statement.detail.copyReference')} value={entry._id} />
            </Group>
          </Row>
        </Stack>
      )}
    </Modal>
  );
}
