import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Money } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { useDelayedFlag } from '../../../lib/delayed';
import { useMoneyText } from '../../../components/Money';
import {
  bahtToMinor,
  isTooLarge,
  minorToBaht,
  MONEY_INPUT_MAX_MINOR,
  parseMoneyInput,
} from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useAddDepositNotice } from '../api/add-deposit-notice';

/** DEP-12: "I have transferred": the amount, sent once with its own idempotency key. */
export function DepositNoticeForm({ onSent, onCancel }: { onSent: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const mutation = useAddDepositNotice();
  const idempotency = useIdempotencyKey();
  const busy = useDelayedFlag(mutation.isPending);
  const locale = useLocale();
  const [text, setText] = useState('');
  const [inline, setInline] = useState<string | null>(null);
  const [sent, setSent] = useState<{ minor: number; matched: boolean } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const minor = parseMoneyInput(text, locale);
    if (minor === null || minor <= 0) return setInline(t('withdraw.amountInvalid'));
    if (isTooLarge(minor))
      return setInline(t('common.amountTooLarge', { max: money(MONEY_INPUT_MAX_MINOR) }));
    mutation.mutate(
      { amount: minorToBaht(minor), idempotencyKey: idempotency.key },
      {
        onSuccess: (notice) => {
          idempotency.settle();
          // SUCCESS: the transfer had already been credited, and the notice was matched with it.
          setSent({ minor: bahtToMinor(notice.amount), matched: notice.status === 'SUCCESS' });
          onSent();
        },
        onError: (error) => idempotency.settle(error),
      },
    );
  };

  if (sent !== null) {
    return (
      <Group gap="sm" wrap="nowrap" role="status" className="deposit-notice">
        <IconCircleCheck size={24} color="var(--mantine-color-brand-7)" style={{ flex: 'none' }} />
        <Text fz="sm">
          {t(sent.matched ? 'deposit.noticeMatched' : 'deposit.noticeSent')} <Money minor={sent.minor} />
        </Text>
      </Group>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="deposit-notice">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('deposit.noticeHint')}
        </Text>
        <TextInput
          label={t('deposit.noticeAmount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={text}
          error={inline}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setInline(null);
            if (mutation.isError) mutation.reset();
          }}
        />
        {mutation.isError && <ErrorAlert code={errorCode(mutation.error)} />}
        <Group grow>
          <Button variant="default" onClick={onCancel}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('deposit.noticeSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
