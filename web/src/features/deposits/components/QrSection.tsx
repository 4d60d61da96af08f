import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { QR_PROVIDER_CURRENCY, type Currency, type QrcodeRecord, type QrProvider } from '@krapao/contract';
import { IconCircleCheck, IconClockHour4, IconDeviceMobile } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { AccountHolder } from '../../../components/AccountHolder';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Money, useMoneyText } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode, errorNumber } from '../../../lib/api-client';
import { bankName } from '../../../lib/banks';
import { serverNow, useNow } from '../../../lib/clock';
import { useDelayedFlag } from '../../../lib/delayed';
import {
  bahtToMinor,
  formatCountdown,
  formatMoneyShort,
  isTooLarge,
  minorToBaht,
  MONEY_INPUT_MAX_MINOR,
  parseMoneyInput,
} from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRealtimeConnected } from '../../../lib/realtime-status';
import type { DepositAccount } from '../accounts';
import { useCancelQrcode } from '../api/cancel-qrcode';
import { useCreateQrcode } from '../api/create-qrcode';
import { isLiveQr, isPaidQr, useQrcode, useQrcodes } from '../api/get-qrcode';
import { canCreateQr, qrChannels, qrImageSrc, qrRules, type QrChannel, type QrRules } from '../qr';
import { BankMark } from './BankPanel';
import { markReceivedSeen, receivedSeenBefore } from '../qr-received-seen';
import { QrSaveActions } from './QrSaveActions';

/**
 * DEP-4 / DEP-6: the QR channels, one chosen at a time (a phone shows one panel, not five). Every
 * channel's existing QR is asked for on load, so one with a live QR is chosen first and marked.
 */
export function QrSection({
  accounts,
  currency,
  onTransferDone,
  onPaid = () => {},
}: {
  accounts: DepositAccount[];
  /** The member's currency: its QRs are scanned with Thai banking apps (baht) or Lao ones (kip). */
  currency: Currency;
  onTransferDone: () => void;
  /** A QR shown here was paid: the caller refreshes balances (also when polling, not an event, saw it). */
  onPaid?: () => void;
}) {
  const { t } = useTranslation();
  const channels = qrChannels(accounts);
  const queries = useQrcodes(channels.map((c) => c.provider));
  const [chosen, setChosen] = useState<QrProvider | null>(null);
  // One clock for the section: it ticks each second while any QR is live, and every panel reads it.
  const now = useNow(queries.some((q) => isLiveQr(q.data, serverNow())));
  const live = new Set(channels.filter((_, i) => isLiveQr(queries[i]?.data, now)).map((c) => c.provider));
  // The first channel found with a live QR is chosen for the member, and stays chosen when it ends.
  const firstLive = channels.find((c) => live.has(c.provider))?.provider;
  if (chosen === null && firstLive) setChosen(firstLive);

  if (channels.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {t('deposit.qr.none')}
      </Text>
    );
  }
  const selected =
    channels.find((c) => c.provider === chosen) ?? channels.find((c) => live.has(c.provider)) ?? channels[0]!;

  return (
    <Stack gap="sm">
      <Group gap={6} wrap="nowrap" c="dimmed">
        <IconDeviceMobile size={16} style={{ flex: 'none' }} aria-hidden />
        <Text fz="xs">{t(currency === 'LAK' ? 'deposit.qr.hintLak' : 'deposit.qr.hint')}</Text>
      </Group>
      {channels.length > 1 && (
        <div className="qr-channels" role="radiogroup" aria-label={t('deposit.qr.channels')}>
          {channels.map(({ provider }) => (
            <button
              key={provider}
              type="button"
              role="radio"
              aria-checked={provider === selected.provider}
              className="qr-channel"
              onClick={() => setChosen(provider)}
            >
              <BankMark code={provider} size="sm" />
              <span className="qr-channel__name">{provider}</span>
              {live.has(provider) && (
                <span className="qr-channel__live" data-testid="qr-live">
                  {t('deposit.qr.live')}
                </span>
              )}
            </button>
          ))}
        </div>
      )}
      <QrPanel
        key={selected.provider}
        channel={selected}
        now={now}
        onTransferDone={onTransferDone}
        onPaid={onPaid}
      />
    </Stack>
  );
}

/** DEP-6 / DEP-7: amount entry, or the live QR with its countdown, for one provider. */
function QrPanel({
  channel,
  now,
  onTransferDone,
  onPaid,
}: {
  channel: QrChannel;
  /** The section's clock: at 00:00 the QR is no longer live and the entry returns. */
  now: number;
  onTransferDone: () => void;
  onPaid: () => void;
}) {
  const locale = useLocale();
  const { provider, account } = channel;
  // Without the realtime socket nothing will say the QR was paid: it is asked for every few seconds.
  const query = useQrcode(provider, { poll: !useRealtimeConnected() });
  const record = query.data;
  // "New QR" after a paid one: the entry comes back for this panel, the paid QR stays paid.
  const [dismissedPaid, setDismissedPaid] = useState<string | null>(null);
  // A paid QR whose "received" the member saw when the window was open before is not announced again.
  const [seenBefore] = useState(receivedSeenBefore);
  const name = bankName(account.bank, locale);
  return (
    <Paper className="surface qr-panel" p="md" role="group" aria-label={name} data-provider={provider}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <BankMark code={provider} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>{name}</Text>
            <AccountHolder name={account.bankAccountName} />
          </div>
        </Group>
        {query.isPending ? (
          <DelayedLoader size="sm" />
        ) : isPaidQr(record) && record.qrcodeId !== dismissedPaid && !seenBefore.has(record.qrcodeId) ? (
          <QrReceived
            record={record}
            currency={QR_PROVIDER_CURRENCY[provider]}
            onPaid={onPaid}
            onNewQr={() => setDismissedPaid(record.qrcodeId)}
          />
        ) : isLiveQr(record, now) ? (
          <QrShown
            provider={provider}
            providerName={name}
            record={record}
            remainingMs={record.expireIn - now}
            onTransferDone={onTransferDone}
          />
        ) : (
          <QrEntry provider={provider} rules={qrRules(provider)} />
        )}
      </Stack>
    </Paper>
  );
}

function QrEntry({ provider, rules }: { provider: QrProvider; rules: QrRules }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const locale = useLocale();
  const create = useCreateQrcode();
  const idempotency = useIdempotencyKey();
  const busy = useDelayedFlag(create.isPending);
  const [text, setText] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  // Player protection: DEPOSIT_LIMIT says what may still be deposited.
  const [limitLeft, setLimitLeft] = useState<number | undefined>(undefined);
  const amountMinor = parseMoneyInput(text, locale);
  const allowed = canCreateQr(rules, amountMinor);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // DEP-8: an amount below the minimum (or below 1 baht) is ignored.
    if (!allowed || amountMinor === null || create.isPending) return;
    setServerError(null);
    create.mutate(
      { provider, amount: minorToBaht(amountMinor), idempotencyKey: idempotency.key },
      {
        onSuccess: (record) => {
          idempotency.settle();
          // DEP-7: the gateway said no: its message (a code) as an error toast.
          if (!record.hasQrcode) notifyError(new Error(record.message || 'QR_FAIL'));
        },
        onError: (error) => {
          idempotency.settle(error);
          setServerError(errorCode(error));
          setLimitLeft(errorNumber(error, 'left'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('deposit.qr.amount')}
          description={t('deposit.qr.minimum', { min: money(bahtToMinor(rules.min), rules.currency) })}
          error={
            isTooLarge(amountMinor)
              ? t('common.amountTooLarge', { max: money(MONEY_INPUT_MAX_MINOR, rules.currency) })
              : undefined
          }
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setServerError(null);
          }}
        />
        <Group gap={6} role="group" aria-label={t('deposit.qr.quickPicks')}>
          {rules.quickPicks.map((pick) => {
            const minor = bahtToMinor(pick);
            const picked = amountMinor === minor;
            return (
              <Button
                key={pick}
                size="compact-sm"
                radius="xl"
                variant={picked ? 'filled' : 'light'}
                aria-pressed={picked}
                className="tabular"
                onClick={() => {
                  setText(String(pick));
                  setServerError(null);
                }}
              >
                {formatMoneyShort(minor, locale, rules.currency)}
              </Button>
            );
          })}
        </Group>
        {serverError && (
          <ErrorAlert code={serverError}>
            {limitLeft !== undefined && (
              <> {t('protection.depositLeft', { amount: money(bahtToMinor(limitLeft), rules.currency) })}</>
            )}
          </ErrorAlert>
        )}
        <Button type="submit" fullWidth disabled={!allowed} loading={busy}>
          {t('deposit.qr.create')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The QR was paid and credited. No countdown and no second invitation to pay: the amount received, and a
 * way to make another QR.
 */
function QrReceived({
  record,
  currency,
  onPaid,
  onNewQr,
}: {
  record: QrcodeRecord;
  currency: Currency;
  onPaid: () => void;
  onNewQr: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const paid = useEffectEvent(onPaid);
  useEffect(() => {
    markReceivedSeen(record.qrcodeId);
    paid();
  }, [record.qrcodeId]);
  return (
    <Stack gap="sm" align="center" ta="center" role="status" data-testid="qr-received">
      <IconCircleCheck size={64} stroke={1.6} color="var(--mantine-color-teal-6)" aria-hidden />
      <Text fz={26} fw={800} lh={1.2}>
        {t('realtime.received', { amount: money(bahtToMinor(record.amount), currency) })}
      </Text>
      <Text fz="sm" c="dimmed" maw={300}>
        {t('realtime.qrPaidNote')}
      </Text>
      <Button variant="light" onClick={onNewQr}>
        {t('realtime.newQr')}
      </Button>
    </Stack>
  );
}

function QrShown({
  provider,
  providerName,
  record,
  remainingMs,
  onTransferDone,
}: {
  provider: QrProvider;
  providerName: string;
  record: QrcodeRecord;
  remainingMs: number;
  onTransferDone: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const cancel = useCancelQrcode();
  const cancelling = useDelayedFlag(cancel.isPending);
  const amountMinor = bahtToMinor(record.amount);
  const currency = QR_PROVIDER_CURRENCY[provider];
  return (
    <Stack gap="sm" align="center" ta="center">
      <img
        className="qr-image"
        src={qrImageSrc(record.qrcode)}
        alt={t('deposit.qr.imageAlt', { amount: money(amountMinor, currency) })}
        width={200}
        height={200}
      />
      <Text fz={28} fw={800} lh={1.1} data-testid="qr-amount">
        <Money minor={amountMinor} currency={currency} />
      </Text>
      <Group gap={6} wrap="nowrap" justify="center">
        <IconClockHour4 size={18} aria-hidden />
        <Text fz="sm">{t('deposit.qr.expiresIn')}</Text>
        <Text fz="sm" fw={800} className="tabular" role="timer" aria-label={t('deposit.qr.expiresIn')}>
          {formatCountdown(remainingMs)}
        </Text>
      </Group>
      <Text fz="xs" c="dimmed" maw={300}>
        {t('deposit.qr.payExactly')}
      </Text>
      <QrSaveActions record={record} providerName={providerName} currency={currency} />
      {/* Side by side, so both fit under the QR on a phone without scrolling. */}
      <Group gap="sm" w="100%" wrap="nowrap">
        <Button
          px="md"
          variant="light"
          color="gray"
          loading={cancelling}
          onClick={() => {
            if (cancel.isPending) return;
            cancel.mutate({ provider, qrcodeId: record.qrcodeId }, { onError: notifyError });
          }}
        >
          {t('deposit.qr.cancel')}
        </Button>
        <Button
          flex={1}
          px="xs"
          onClick={() => {
            notifySuccess(t('deposit.qr.doneToast'));
            onTransferDone();
          }}
        >
          {t('deposit.qr.done')}
        </Button>
      </Group>
    </Stack>
  );
}
