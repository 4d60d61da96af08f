import { NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  AMOUNT_MAX_BAHT,
  PROTECTION_LIMIT_KEYS,
  type MemberProtection,
  type ProtectionLimitKey,
} from '@krapao/contract';
import { useLocale } from '../../../i18n/react';
import { formatAmount, isoCode } from '../../format';
import { useT } from '../../i18n';
import { parseAdjustment } from './AdjustModal';
import { useLowerMemberLimit } from './member-api';
import { StepUpFormModal } from './StepUpFormModal';

/**
 * Risk sets one of the member's limits lower, at once (a member who asked on the phone or in the chat, or
 * a concern staff saw). Only lower: the window says so and refuses a figure at or above the limit in
 * force before anything is sent; the server decides again under the member's lock.
 */
export function LowerLimitModal({
  memberId,
  protection,
  opened,
  onClose,
}: {
  memberId: string;
  protection: MemberProtection;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const lower = useLowerMemberLimit(memberId);
  const [limit, setLimit] = useState<ProtectionLimitKey>('depositDay');
  const [text, setText] = useState('');
  const value = parseAdjustment(text);
  const inForce = protection.limits[limit];
  const close = () => {
    setText('');
    onClose();
  };
  const check = () => {
    if (text.trim() && (value === null || value < 0)) return 'console.protection.amountInvalid';
    if (value === null || value <= 0) return 'console.protection.amountMissing';
    if (value > AMOUNT_MAX_BAHT) return 'console.protection.amountTooLarge';
    return null;
  };
  // Refused before it is sent, as the server would (LIMIT_NOT_LOWER); the limit in force shows above.
  const notLower = value !== null && value > 0 && inForce !== null && value >= inForce;
  return (
    <StepUpFormModal
      opened={opened}
      title={t('console.protection.lowerTitle')}
      text={t('console.protection.lowerText')}
      submitLabel={t('console.protection.lowerSubmit')}
      doneText={t('console.protection.lowered')}
      check={() => check() ?? (notLower ? 'LIMIT_NOT_LOWER' : null)}
      send={(reason, code) => lower.mutateAsync({ limit, amount: value ?? 0, reason, code })}
      onClose={close}
    >
      <NativeSelect
        label={t('console.protection.limit')}
        value={limit}
        onChange={(e) => setLimit(e.currentTarget.value as ProtectionLimitKey)}
        data={PROTECTION_LIMIT_KEYS.map((k) => ({ value: k, label: t(`console.protection.limits.${k}`) }))}
        description={t('console.protection.inForce', {
          amount:
            inForce === null
              ? t('console.protection.noLimit')
              : formatAmount(inForce, protection.currency, locale),
        })}
      />
      <TextInput
        label={t('console.protection.amount', { currency: isoCode(protection.currency) })}
        description={t('console.protection.amountHint')}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={
          text.trim() && (value === null || value < 0) ? t('console.protection.amountInvalid') : undefined
        }
        data-autofocus
      />
    </StepUpFormModal>
  );
}
