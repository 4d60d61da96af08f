import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { MemberDetail } from '@krapao/contract';
import { notifySuccess } from '../../../lib/notify';
import { useAdjust } from '../../api/queries';
import { ConsoleError } from '../../components/ConsoleError';
import { actionError, useStepUp } from '../../components/StepUp';
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
  const stepUp = useStepUp();
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setAmount('');
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    setError(null);
    const n = typeof amount === 'number' ? amount : Number(amount);
    if (!Number.isFinite(n) || n === 0) return setError('console.adjust.amountMissing');
    if (!reason.trim()) return setError('console.reason.missing');
    try {
      await stepUp.run((code) =>
        adjust.mutateAsync({
          phone: member.profile.phone,
          amount: n,
          reason: reason.trim(),
          ...(code ? { code } : {}),
        }),
      );
      notifySuccess(t('console.adjust.sent'));
      close();
    } catch (err) {
      setError(actionError(err));
    }
  };
  return (
    <>
      <Modal opened={opened} onClose={close} title={t('console.adjust.title')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">{t('console.adjust.text')}</Text>
            <NumberInput
              label={t('console.adjust.amount', { currency: isoCode(member.wallet.currency) })}
              description={t('console.adjust.amountHint')}
              value={amount}
              onChange={setAmount}
              decimalScale={2}
              thousandSeparator=","
              allowNegative
              data-autofocus
            />
            <Textarea
              label={t('console.reason.required')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              rows={3}
            />
            {error && <ConsoleError code={error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('console.cancel')}
              </Button>
              <Button type="submit" loading={adjust.isPending}>
                {t('console.adjust.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {stepUp.modal}
    </>
  );
}
