import { NAME_MAX_LENGTH, type MemberDetail } from '@krapao/contract';
import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useLocale } from '../../../i18n/react';
import { bankOption } from '../../../lib/banks';
import { StepUpFormModal } from './StepUpFormModal';
import { useT } from '../../i18n';
import { useBanks, usePayoutAccountChange } from './member-api';

/**
 * A change of the account the member's withdrawals are paid to, asked by staff (the member changed
 * phones, or their bank closed the account): a four-eyes request another staff member approves; the
 * server checks it when asked and again then, and holds new withdrawals for a while after it.
 */
export function PayoutAccountModal({
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
  const banks = useBanks();
  const change = usePayoutAccountChange(member.profile.memberId);
  const [bankCode, setBankCode] = useState<string | null>(member.bankAccount?.bankCode ?? null);
  const [accountNo, setAccountNo] = useState('');
  const [accountName, setAccountName] = useState(member.bankAccount?.accountName ?? '');
  return (
    <StepUpFormModal
      opened={opened}
      title={t('console.payout.title')}
      text={t('console.payout.text')}
      submitLabel={t('console.payout.submit')}
      doneText={t('console.payout.sent')}
      check={() => (bankCode && accountNo.trim() && accountName.trim() ? null : 'console.payout.missing')}
      send={(reason, code) =>
        change.mutateAsync({
          bankCode: bankCode!,
          bankAccountNo: accountNo.trim(),
          bankAccountName: accountName.trim(),
          reason,
          ...(code ? { code } : {}),
        })
      }
      onClose={() => {
        setAccountNo('');
        onClose();
      }}
    >
      <Select
        label={t('console.member.bankCode')}
        data={(banks.data ?? []).map((b) => ({ value: b.code, label: bankOption(b, locale) }))}
        value={bankCode}
        onChange={setBankCode}
        searchable
        allowDeselect={false}
      />
      <TextInput
        label={t('console.member.accountNo')}
        value={accountNo}
        onChange={(e) => setAccountNo(e.currentTarget.value.replace(/[^\d]/g, ''))}
        inputMode="numeric"
        maxLength={32}
        data-autofocus
      />
      <TextInput
        label={t('console.member.accountName')}
        value={accountName}
        onChange={(e) => setAccountName(e.currentTarget.value.toUpperCase())}
        maxLength={NAME_MAX_LENGTH}
      />
    </StepUpFormModal>
  );
}
