import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AMOUNT_MAX_BAHT, type MemberDetail } from '@krapao/contract';
import { useLocale } from '../../../i18n/react';
import { useAdjust } from '../../api/queries';
import { StepUpFormModal } from './StepUpFormModal';
import { formatAmount, isoCode } from '../../format';
import { useT } from '../../i18n';

/**
 * The amount as typed: digits with at most two decimals, a minus for a debit, commas between thousands
 * allowed. Anything else (1e3, 1.005, 12abc) is no amount: a number field would have read 1e3 as 13 and
 * cut 1.005 to 1.00 without a word, and the request would have gone out for that.
 */
export function parseAdjustment(text: string): number | null {
  const clean = text.trim();
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(clean)) return null;
  return Number(clean.replace(/,/g, ''));
}

/** A manual credit (positive) or debit (negative): a request another staff member approves. */
export function AdjustModal({
  member,
  opened,
  onClose,
}: {
  member: MemberDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const adjust = useAdjust();
  const [text, setText] = useState('');
  const value = parseAdjustment(text);
  const currency = member.wallet.currency;
  return (
    <StepUpFormModal
      opened={opened}
      title={t('console.adjust.title')}
      text={t('console.adjust.text')}
      submitLabel={t('console.adjust.submit')}
      doneText={t('console.adjust.sent')}
      check={() => {
        if (text.trim() && value === null) return 'console.adjust.amountInvalid';
        if (value === null || value === 0) return 'console.adjust.amountMissing';
        return Math.abs(value) > AMOUNT_MAX_BAHT ? 'console.adjust.amountTooLarge' : null;
      }}
      send={(reason, code) =>
        adjust.mutateAsync({
          phone: member.profile.phone,
          amount: value ?? 0,
          reason,
          ...(code ? { code } : {}),
        })
      }
      onClose={() => {
        setText('');
        onClose();
      }}
    >
      <TextInput
        label={t('console.adjust.amount', { currency: isoCode(currency) })}
        description={t('console.adjust.amountHint')}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={text.trim() && value === null ? t('console.adjust.amountInvalid') : undefined}
        data-autofocus
      />
      {/* What the request will ask, in words, before it is sent. */}
      {value !== null && value !== 0 && (
        <Text size="sm" fw={600} c={value < 0 ? 'red.8' : 'teal.8'} data-testid="adjust-preview">
          {t(value < 0 ? 'console.adjust.previewDebit' : 'console.adjust.previewCredit', {
            amount: formatAmount(Math.abs(value), currency, locale),
          })}
        </Text>
      )}
    </StepUpFormModal>
  );
}
