import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { TRUEWALLET_MIN_BAHT } from '@krapao/contract';
import { IconBolt, IconGift, IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useMoneyText } from '../../../components/Money';
import { errorText } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { useDelayedFlag } from '../../../lib/delayed';
import { bahtToMinor, formatPhone } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { notifySuccess } from '../../../lib/notify';
import type { DepositWallet } from '../accounts';
import { useRedeemTruelink } from '../api/redeem-truelink';
import { BankMark, NumberToCopy } from './BankPanel';

/** What a TrueMoney gift link looks like; an example, the same in every language. */
const GIFT_LINK_EXAMPLE = 'https://gift.truemoney.com/campaign/?v=…';

/** DEP-10: the first wallet account decides: AUTO transfers, else a gift link. */
export function TrueWalletSection({
  wallets,
  memberPhone,
  onDeposited,
}: {
  wallets: DepositWallet[];
  /** The member's registered phone: AUTO credits transfers from it only. */
  memberPhone: string | undefined;
  /** A gift link was redeemed: the caller refreshes balances and the statement. */
  onDeposited: () => void;
}) {
  const wallet = wallets[0];
  if (!wallet) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {errorText('NO_WALLET')}
      </Text>
    );
  }
  return wallet.mode === 'AUTO' ? (
    <AutoWalletPanel wallet={wallet} memberPhone={memberPhone} />
  ) : (
    <GiftLinkPanel wallet={wallet} onDeposited={onDeposited} />
  );
}

function WalletHeader({ wallet, auto }: { wallet: DepositWallet; auto: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      <BankMark code="TRUEWALLET" />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text fw={700}>{t('deposit.sectionWallet')}</Text>
        <Text fz="sm" c="dimmed" data-testid="wallet-name">
          {wallet.walletAccountName}
        </Text>
      </div>
      {auto && (
        <Badge variant="light" color="teal" leftSection={<IconBolt size={12} />}>
          {t('deposit.auto')}
        </Badge>
      )}
    </Group>
  );
}

function AutoWalletPanel({
  wallet,
  memberPhone,
}: {
  wallet: DepositWallet;
  memberPhone: string | undefined;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  // True Wallet is Thai: baht (only baht members are offered it).
  const min = money(bahtToMinor(TRUEWALLET_MIN_BAHT), 'BAHT');
  return (
    <Paper
      className="surface"
      p="md"
      role="group"
      aria-label={t('deposit.sectionWallet')}
      data-panel="tw-auto"
    >
      <Stack gap="sm">
        <WalletHeader wallet={wallet} auto />
        <NumberToCopy
          label={t('deposit.tw.phone')}
          shown={formatPhone(wallet.walletPhone)}
          value={wallet.walletPhone}
          copyLabel={t('deposit.tw.copyPhone')}
          testId="wallet-phone"
        />
        <Alert variant="light" color="teal" icon={<IconInfoCircle size={20} />} p="sm">
          <Text fz="sm" data-testid="wallet-rule">
            {memberPhone
              ? t('deposit.tw.autoRule', { phone: formatPhone(memberPhone), min })
              : t('deposit.tw.autoRuleNoPhone', { min })}
          </Text>
        </Alert>
      </Stack>
    </Paper>
  );
}

function GiftLinkPanel({ wallet, onDeposited }: { wallet: DepositWallet; onDeposited: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const redeem = useRedeemTruelink();
  const idempotency = useIdempotencyKey();
  const busy = useDelayedFlag(redeem.isPending);
  const [link, setLink] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const trimmed = link.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || redeem.isPending) return;
    setServerError(null);
    redeem.mutate(
      { link: trimmed, idempotencyKey: idempotency.key },
      {
        onSuccess: (deposit) => {
          idempotency.settle();
          setLink('');
          // The same id as the realtime toast of this deposit: the member reads it once.
          notifySuccess(t('deposit.tw.credited', { amount: money(bahtToMinor(deposit.amount), 'BAHT') }), {
            id: `deposit-${deposit.depositId}`,
          });
          onDeposited();
        },
        onError: (error) => {
          idempotency.settle(error);
          setServerError(errorCode(error));
        },
      },
    );
  };

  return (
    <Paper
      className="surface"
      p="md"
      role="group"
      aria-label={t('deposit.sectionWallet')}
      data-panel="tw-gift"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <WalletHeader wallet={wallet} auto={false} />
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconGift size={18} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
            <Text fz="sm">
              {t('deposit.tw.giftIntro', { min: money(bahtToMinor(TRUEWALLET_MIN_BAHT), 'BAHT') })}
            </Text>
          </Group>
          <TextInput
            label={t('deposit.tw.giftLink')}
            placeholder={GIFT_LINK_EXAMPLE}
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={link}
            onChange={(e) => {
              setLink(e.currentTarget.value);
              setServerError(null);
            }}
          />
          {serverError && <ErrorAlert code={serverError} />}
          <Button type="submit" fullWidth disabled={!trimmed} loading={busy}>
            {t('deposit.tw.giftSubmit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
