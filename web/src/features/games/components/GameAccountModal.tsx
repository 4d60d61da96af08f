import './games.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { WALLET_ACCOUNT, type GameAccount, type GameAccountDetail } from '@krapao/contract';
import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import {
  IconBrandAndroid,
  IconBrandApple,
  IconEye,
  IconEyeOff,
  IconKey,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CopyField } from '../../../components/CopyField';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Money, useMoneyText } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { useDelayedFlag } from '../../../lib/delayed';
import { bahtToMinor, minorToBaht, parseMoneyInput } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { notifySuccess } from '../../../lib/notify';
import { useActivateGame } from '../api/activate-game';
import { getLaunchLink } from '../api/auto-login';
import { useCreateTransfer } from '../api/create-transfer';
import { useGameAccount } from '../api/get-game-account';
import { useResetGamePassword } from '../api/reset-game-password';
import { followLaunchLink, isKnownProvider, openAppLink, openLaunchTab, openOther } from '../launch';
import { useTransferSettled } from '../settled';
import { StaleMark } from './GameCarousels';

export interface GameAccountModalProps {
  /** The provider's slot as the wallet lists it (kept fresh by the wallet query). */
  slot: GameAccount | undefined;
  opened: boolean;
  onClose: () => void;
  /** The main wallet, in minor units of the member's currency. */
  walletMinor: number | undefined;
  /** Money between the wallet and a game (the wallet's pendingTransfers), and when the wallet was read. */
  pendingMinor: number;
  walletUpdatedAt: number;
  /** Money moved or an account opened: the caller reads the wallet and the statement again. */
  onChanged: () => void;
  /**
   * Said instead of the transfer and play buttons when play is closed (a time-out or self-exclusion):
   * the server would refuse both, and a member on a break is not invited to play.
   */
  closed?: ReactNode;
}

/** GAME-1 / GAME-3 / GAME-4: the member's account at one provider, its money and its play button. */
export function GameAccountModal({ slot, opened, onClose, ...props }: GameAccountModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened && slot !== undefined}
      onClose={onClose}
      title={slot?.name ?? t('home.games')}
      centered
      radius="lg"
    >
      {/* Mounted while open: the transfer's idempotency key is made when the modal opens. */}
      {opened && slot && <GameAccountPanel key={slot.code} slot={slot} {...props} />}
    </Modal>
  );
}

function Banner({ slot, amount }: { slot: GameAccount; amount: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div
      className="game-banner"
      style={slot.background ? { backgroundImage: `url("${slot.background}")` } : undefined}
    >
      {slot.logo && <img src={slot.logo} alt="" width={56} height={56} />}
      <div style={{ minWidth: 0 }}>
        <Text fw={800} fz="lg" lh={1.2}>
          {slot.name}
        </Text>
        {amount !== undefined && (
          <>
            <Text fz="xs" opacity={0.85}>
              {t('games.balance')}
            </Text>
            <Text fw={800} fz="xl" lh={1.2} data-testid="game-modal-amount">
              <Money minor={bahtToMinor(amount)} />
            </Text>
            <StaleMark slot={slot} />
          </>
        )}
      </div>
    </div>
  );
}

type Panel = Omit<GameAccountModalProps, 'opened' | 'onClose' | 'slot'> & { slot: GameAccount };

function GameAccountPanel({ slot, walletMinor, pendingMinor, walletUpdatedAt, onChanged, closed }: Panel) {
  const { t } = useTranslation();
  const activate = useActivateGame();
  // SLOT_ALREADY_ACTIVE: the account exists (opened on another device, or its answer was lost).
  const alreadyActive = activate.error !== null && errorCode(activate.error) === 'SLOT_ALREADY_ACTIVE';
  const known = slot.active || activate.isSuccess || alreadyActive;
  // GAME-1: the account is loaded when the member has one; an activation's answer fills it (GAME-4).
  const account = useGameAccount(slot.code, known);
  const activating = useDelayedFlag(activate.isPending);
  const accountError = account.error ? errorCode(account.error) : null;
  const hasAccount = known && accountError !== 'SLOT_NO_ACCOUNT';

  const onActivate = () => {
    activate.mutate(slot.code, {
      onSuccess: (answer) => {
        notifySuccess(t('games.activated', { name: answer.name }));
        onChanged();
      },
      onError: (error) => {
        // ERR-3: a failed activation hides its loader and says nothing; the button can be tapped again.
        // GAME-4: the account exists already: it is shown, and the wallet learns it is active.
        if (errorCode(error) === 'SLOT_ALREADY_ACTIVE') onChanged();
      },
    });
  };

  if (!hasAccount) {
    return (
      <Stack gap="md">
        <Banner slot={slot} amount={undefined} />
        <Text>{t('games.noAccount', { name: slot.name })}</Text>
        <Button fullWidth loading={activating} onClick={onActivate} disabled={activate.isPending}>
          {t('games.activate')}
        </Button>
      </Stack>
    );
  }

  if (!account.data) {
    return (
      <Stack gap="md">
        <Banner slot={slot} amount={slot.amount} />
        {accountError ? <ErrorAlert code={accountError} /> : <DelayedLoader />}
      </Stack>
    );
  }

  return (
    <ActiveAccount
      slot={slot}
      account={account.data}
      walletMinor={walletMinor}
      pendingMinor={pendingMinor}
      walletUpdatedAt={walletUpdatedAt}
      onChanged={onChanged}
      closed={closed}
    />
  );
}

function Credential({
  label,
  value,
  copyLabel,
  secret,
}: {
  label: string;
  value: string;
  copyLabel: string;
  secret?: boolean;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(!secret);
  return (
    <div>
      <Text fz="xs" c="dimmed" fw={600} mb={4}>
        {label}
      </Text>
      <div className="game-credential">
        <span className="game-credential__value" aria-label={label}>
          {shown ? value : '•'.repeat(Math.max(8, value.length))}
        </span>
        {secret && (
          <ActionIcon
            variant="subtle"
            size="lg"
            radius="xl"
            aria-label={shown ? t('games.hidePassword') : t('games.showPassword')}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <IconEyeOff size={18} /> : <IconEye size={18} />}
          </ActionIcon>
        )}
        <CopyField value={value} label={copyLabel} />
      </div>
    </div>
  );
}

type Notice = { kind: 'done'; amountMinor: number } | { kind: 'pending' };

function ActiveAccount({
  slot,
  account,
  walletMinor,
  pendingMinor,
  walletUpdatedAt,
  onChanged,
  closed,
}: Omit<Panel, 'slot'> & { slot: GameAccount; account: GameAccountDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoneyText();
  const reset = useResetGamePassword();
  const transfer = useCreateTransfer();
  const idempotency = useIdempotencyKey();
  const settled = useTransferSettled(pendingMinor, walletUpdatedAt);
  const amountRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [inline, setInline] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [launching, setLaunching] = useState(false);
  const busy = useDelayedFlag(transfer.isPending || reset.isPending);
  const showLaunching = useDelayedFlag(launching);
  // The wallet's figure once it has been read again after a transfer; the account's answer before.
  const amount = slot.active ? slot.amount : account.amount;

  /** GAME-2: a launch link for this account, followed per the provider's setting. */
  const launch = (tab = openLaunchTab(account)) => {
    if (!isKnownProvider(account.code)) {
      openOther(account);
      return;
    }
    setLaunching(true);
    getLaunchLink(account.code, account.username).then(
      (link) => {
        followLaunchLink(link, tab);
        setLaunching(false);
      },
      (error: unknown) => {
        followLaunchLink(null, tab);
        setLaunching(false);
        setServerError(errorCode(error));
      },
    );
  };

  /** GAME-3: transfer only, or transfer and play; an amount of 0 transfers nothing. */
  const run = (play: boolean) => {
    if (transfer.isPending) return;
    setServerError(null);
    setNotice(null);
    settled.clear();
    const blank = text.trim() === '';
    const minor = blank ? 0 : parseMoneyInput(text, locale);
    if (minor === 0) {
      setInline(null);
      if (play) launch();
      else {
        // GAME-3: transfer-only with nothing to transfer asks for the amount.
        setInline(t('games.amountNeeded'));
        amountRef.current?.focus();
      }
      return;
    }
    if (minor === null) {
      setInline(t('games.amountInvalid'));
      amountRef.current?.focus();
      return;
    }
    setInline(null);
    // The tab must open within the tap; it is pointed at the game once the money is there.
    const tab = play ? openLaunchTab(account) : null;
    transfer.mutate(
      { from: WALLET_ACCOUNT, to: account.code, amount: minorToBaht(minor), idempotencyKey: idempotency.key },
      {
        onSuccess: (answer) => {
          idempotency.settle();
          setText('');
          onChanged();
          if (answer.status === 'SUCCESS') {
            setNotice({ kind: 'done', amountMinor: bahtToMinor(answer.amount) });
            if (play) launch(tab);
          } else {
            // TRF-2: not confirmed yet; playing now would start without the money.
            tab?.close();
            settled.markPending();
            setNotice({ kind: 'pending' });
          }
        },
        onError: (error) => {
          idempotency.settle(error);
          tab?.close();
          const code = errorCode(error);
          setServerError(code);
          // TRANSFER_FAIL: the money is back in the wallet (a final answer: a new try is a new transfer).
          if (code === 'TRANSFER_FAIL') {
            idempotency.renew();
            onChanged();
          }
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(false);
  };

  return (
    <Stack gap="md">
      <Banner slot={slot} amount={amount} />
      <Credential label={t('games.username')} value={account.username} copyLabel={t('games.copyUsername')} />
      <Credential
        label={t('games.password')}
        value={account.password}
        copyLabel={t('games.copyPassword')}
        secret
      />
      <Button
        variant="subtle"
        size="sm"
        leftSection={<IconKey size={16} />}
        loading={reset.isPending && busy}
        onClick={() =>
          reset.mutate(account.code, {
            onSuccess: (answer) => notifySuccess(t('games.passwordReset', { name: answer.name })),
            onError: (error) => setServerError(errorCode(error)),
          })
        }
        style={{ alignSelf: 'flex-start' }}
      >
        {t('games.resetPassword')}
      </Button>

      {closed || (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fz="sm" c="dimmed" fw={600}>
                {t('games.mainWallet')}
              </Text>
              <Text fw={800} data-testid="game-modal-wallet">
                {walletMinor === undefined ? '—' : <Money minor={walletMinor} />}
              </Text>
            </Group>
            <TextInput
              ref={amountRef}
              label={t('games.amount')}
              description={t('games.amountHint')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={text}
              error={inline}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setInline(null);
                setServerError(null);
              }}
            />
            {serverError && <ErrorAlert code={serverError} />}
            {notice?.kind === 'done' && (
              <Alert color="teal" variant="light" role="status">
                {t('games.transferred', { amount: money(notice.amountMinor), name: account.name })}
              </Alert>
            )}
            {notice?.kind === 'pending' && (
              <Alert color="yellow" variant="light" role="status" data-testid="transfer-processing">
                {settled.settled ? t('games.settled') : t('games.processing', { name: account.name })}
              </Alert>
            )}
            {showLaunching && (
              <Text fz="sm" c="dimmed" role="status">
                {t('games.launching')}
              </Text>
            )}
            <Button
              type="button"
              fullWidth
              leftSection={<IconPlayerPlay size={18} />}
              loading={(busy && transfer.isPending) || showLaunching}
              onClick={() => run(true)}
            >
              {t('games.transferAndPlay')}
            </Button>
            <Button type="submit" variant="light" fullWidth loading={busy && transfer.isPending}>
              {t('games.transferOnly')}
            </Button>
          </Stack>
        </form>
      )}

      {(account.android || account.ios) && (
        <div>
          <Text fz="xs" c="dimmed" fw={600} mb={6}>
            {t('games.apps')}
          </Text>
          {/* Each button as wide as its label needs: Lao's "ແອັບ Android" was cut to "ແອັບ Andro" in half
              a phone's width; when the two do not fit side by side the second takes a row of its own. */}
          <Group grow gap="sm" wrap="wrap" preventGrowOverflow={false}>
            {account.android && (
              <Button
                variant="default"
                leftSection={<IconBrandAndroid size={18} />}
                onClick={() => openAppLink(account.android)}
              >
                {t('games.android')}
              </Button>
            )}
            {account.ios && (
              <Button
                variant="default"
                leftSection={<IconBrandApple size={18} />}
                onClick={() => openAppLink(account.ios)}
              >
                {t('games.ios')}
              </Button>
            )}
          </Group>
        </div>
      )}
    </Stack>
  );
}
