import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { AMOUNT_MAX_BAHT, type MemberDetail } from '@krapao/contract';
import { useAdjust } from '../../api/queries';
import { StepUpFormModal } from './StepUpFormModal';
import { isoCode } from '../../format';
import { useT } from '../../i18n';

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
  const adjust = useAdjust();
  const [amount, setAmount] = useState<number | string>('');
  const value = typeof amount === 'number' ? amount : Number(amount);
  return (
    <StepUpFormModal
      opened={opened}
      title={t('console.adjust.title')}
      text={t('console.adjust.text')}
      submitLabel={t('console.adjust.submit')}
      doneText={t('console.adjust.sent')}
      check={() => {
        if (!Number.isFinite(value) || value === 0) return 'console.adjust.amountMissing';
        return Math.abs(value) > AMOUNT_MAX_BAHT ? 'console.adjust.amountTooLarge' : null;
      }}
      send={(reason, code) =>
        adjust.mutateAsync({
          phone: member.profile.phone,
          amount: value,
          reason,
          ...(code ? { code } : {}),
        })
      }
      onClose={() => {
        setAmount('');
        onClose();
      }}
    >
      <NumberInput
        label={t('console.adjust.amount', { currency: isoCode(member.wallet.currency) })}
        description={t('console.adjust.amountHint')}
        value={amount}
        onChange={setAmount}
        decimalScale={2}
        thousandSeparator=","
        allowNegative
        min={-AMOUNT_MAX_BAHT}
        max={AMOUNT_MAX_BAHT}
        clampBehavior="strict"
        data-autofocus
      />
    </StepUpFormModal>
  );
}
