import { NAME_MAX_LENGTH, type MemberDetail } from '@krapao/contract';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useLocale } from '../../../i18n/react';
import { bankOption } from '../../../lib/banks';
import { notifySuccess } from '../../../lib/notify';
import { ConsoleError } from '../../components/ConsoleError';
import { actionError, useStepUp } from '../../components/StepUp';
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
  const stepUp = useStepUp();
  const [bankCode, setBankCode] = useState<string | null>(member.bankAccount?.bankCode ?? null);
  const [accountNo, setAccountNo] = useState('');
  const [accountName, setAccountName] = useState(member.bankAccount?.accountName ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setAccountNo('');
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    setError(null);
    if (!bankCode || !accountNo.trim() || !accountName.trim()) return setError('console.payout.missing');
    if (!reason.trim()) return setError('console.reason.missing');
    try {
      await stepUp.run((code) =>
        change.mutateAsync({
          bankCode,
          bankAccountNo: accountNo.trim(),
          bankAccountName: accountName.trim(),
          reason: reason.trim(),
          ...(code ? { code } : {}),
        }),
      );
      notifySuccess(t('console.payout.sent'));
      close();
    } catch (err) {
      setError(actionError(err));
    }
  };

  return (
    <>
      <Modal opened={opened} onClose={close} title={t('console.payout.title')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">{t('console.payout.text')}</Text>
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
              data-autofocus
              maxLength={32}
            />
            <TextInput
              label={t('console.member.accountName')}
              value={accountName}
              onChange={(e) => setAccountName(e.currentTarget.value.toUpperCase())}
              maxLength={NAME_MAX_LENGTH}
            />
            <Textarea
              label={t('console.reason.required')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              rows={2}
            />
            {error && <ConsoleError code={error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('console.cancel')}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {t('console.payout.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {stepUp.modal}
    </>
  );
}
