import './withdrawals.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { Modal } from '../../../components/Modal';
import {
  formatBankAccountNo,
  type ActiveReward,
  type Currency,
  type Wallet,
  type Withdrawal,
} from '@krapao/contract';
import { IconBuildingBank, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { AccountHolder } from '../../../components/AccountHolder';
import { BankAccountNo } from '../../../components/BankAccountNo';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { DoneState } from '../../../components/DoneState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ReviewStep } from '../../../components/ReviewStep';
import { Money, useMoneyText } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode, retryAfterOf } from '../../../lib/api-client';
import { bankName } from '../../../lib/banks';
import { useDelayedFlag } from '../../../lib/delayed';
import { bahtToMinor, formatMoneyInput, minorToBaht, parseMoneyInput } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { usePinStatus } from '../api/pin';
import { useWithdrawAll } from '../api/withdraw-all';
import { SetPinForm } from './SetPinForm';

export interface WithdrawLimits {
  /** In the member's currency (baht or kip), from GET /api/lookup/withdraw. */
  withdrawMin: number;
  withdrawMax: number;
}

export type PayoutAccount = Pick<Wallet['bankAccount'], 'bankAccountName' | 'bankAccountNo' | 'bank'>;

export interface WithdrawModalProps {
  opened: boolean;
  onClose: () => void;
  limits: WithdrawLimits | undefined;
  limitsLoading: boolean;
  /** The main wallet as the member sees it, in minor units. */
  balanceMinor: number | undefined;
  /** The wallet's currency, which the limits and amounts are in; the member shell's unless given. */
  currency?: Currency;
  /** The registered bank account the payout goes to. */
  account: PayoutAccount | undefined;
  /** The money left the wallet: the caller refreshes balances and the statement. */
  onWithdrawn: (withdrawal: Withdrawal) => void;
  /**
   * The active bonus, if any (BON-5): while none of its exits holds it refuses every withdrawal, so the
   * form says so, with how far the member is, before they try.
   */
  bonusLock?: ActiveReward | null;
}

/** The answers the review screen shows itself: the PIN's, and those a retry of the same request fixes. */
const REVIEW_ERRORS = new Set([
  'PIN_REQUIRED',
  'PIN_WRONG',
  'PIN_BLOCK',
  'NETWORK_ERROR',
  'REQUEST_TIMEOUT',
  'SERVICE_UNAVAILABLE',
]);

/**
 * WD-1 / WD-2: amount or everything, within the server's limits; then a review (amount, bank, account,
 * no cancel) with the withdrawal PIN. A member without a PIN sets one first (docs/api.md).
 */
export function WithdrawModal({ opened, onClose, ...props }: WithdrawModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('withdraw.title')} centered radius="lg">
      {/* Mounted while open: the form makes its idempotency key when it opens (lib/idempotency.ts). */}
      {opened && <WithdrawForm onClose={onClose} {...props} />}
    </Modal>
  );
}

function WithdrawForm({
  onClose,
  limits,
  limitsLoading,
  balanceMinor,
  currency,
  account,
  onWithdrawn,
  bonusLock,
}: Omit<WithdrawModalProps, 'opened'>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoneyText();
  const withdraw = useCreateWithdrawal();
  const withdrawEverything = useWithdrawAll();
  const idempotency = useIdempotencyKey();
  const [text, setText] = useState('');
  const [all, setAll] = useState(false);
  const [inline, setInline] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const [step, setStep] = useState<'form' | 'setPin' | 'review'>('form');
  const [reviewError, setReviewError] = useState<{ code: string; retryAfterS?: number | undefined } | null>(
    null,
  );
  const [reviewAttempt, setReviewAttempt] = useState(0);
  const pinStatus = usePinStatus();
  const pending = withdraw.isPending || withdrawEverything.isPending;
  const busy = useDelayedFlag(pending);

  const minMinor = limits ? bahtToMinor(limits.withdrawMin) : null;
  const maxMinor = limits ? bahtToMinor(limits.withdrawMax) : null;
  const canWithdrawAll = balanceMinor !== undefined && balanceMinor > 0;

  const amountMinor = all ? (balanceMinor ?? null) : parseMoneyInput(text, locale);
  // One whose exit already holds ends by itself at the withdrawal (server): only a lock that holds shows.
  const locked = bonusLock && !bonusLock.canClear ? bonusLock : null;

  const check = (minor: number | null): string | null => {
    if (minor === null || minor <= 0) return t('withdraw.amountInvalid');
    // WD-1: the server's limits, said with the limit itself.
    if (minMinor !== null && minor < minMinor)
      return t('withdraw.belowMin', { min: money(minMinor, currency) });
    if (maxMinor !== null && minor > maxMinor)
      return t('withdraw.aboveMax', { max: money(maxMinor, currency) });
    // Said here, before a PIN is asked for, not by the server after it.
    if (balanceMinor !== undefined && minor > balanceMinor)
      return t('withdraw.aboveBalance', { balance: money(balanceMinor, currency) });
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = check(amountMinor);
    setInline(problem);
    if (problem || amountMinor === null) return;
    setServerError(null);
    setReviewError(null);
    // Unknown (not loaded yet) counts as having one: the server ignores a PIN a member does not have.
    setStep(pinStatus.data?.set === false ? 'setPin' : 'review');
  };

  const confirm = (pin: string | undefined) => {
    if (pending || amountMinor === null) return;
    setReviewError(null);
    const input = { amount: minorToBaht(amountMinor), idempotencyKey: idempotency.key, pin };
    const mutation = all ? withdrawEverything : withdraw;
    mutation.mutate(input, {
      onSuccess: (withdrawal) => {
        idempotency.settle();
        setDone(withdrawal);
        onWithdrawn(withdrawal);
      },
      onError: (error) => {
        // A network error or a 5xx keeps the key: the retry is the same request (lib/idempotency.ts).
        idempotency.settle(error);
        const code = errorCode(error);
        if (REVIEW_ERRORS.has(code)) {
          // The boxes empty for the next try.
          setReviewAttempt((n) => n + 1);
          setReviewError({ code, retryAfterS: retryAfterOf(error) });
          if (code === 'PIN_BLOCK') void pinStatus.refetch();
        } else {
          // The amount or the balance: fixed on the form.
          setStep('form');
          setServerError(code);
        }
      },
    });
  };

  if (done) {
    return (
      <DoneState title={t('withdraw.doneTitle')}>
        <Text fz={30} fw={800} lh={1.2} data-testid="withdrawn-amount">
          <Money minor={bahtToMinor(done.amount)} currency={currency} />
        </Text>
        <Badge color="yellow" variant="light" size="lg">
          {t(`withdraw.status.${done.status}`)}
        </Badge>
        <Text c="dimmed" fz="sm" maw={340}>
          {account
            ? t('withdraw.doneNoteAccount', {
                bank: bankName(account.bank, locale),
                no: formatBankAccountNo(account.bankAccountNo),
              })
            : t('withdraw.doneNote')}
        </Text>
        <Text fz="sm">
          {t('withdraw.newBalance')}: <Money minor={bahtToMinor(done.balance)} currency={currency} />
        </Text>
        <Button mt="sm" fullWidth onClick={onClose}>
          {t('withdraw.done')}
        </Button>
      </DoneState>
    );
  }

  if (step === 'setPin') {
    return (
      <SetPinForm
        hasPin={false}
        intro={t('care.pin.firstWithdrawal')}
        submitLabel={t('care.pin.setAndContinue')}
        onDone={() => setStep('review')}
      />
    );
  }

  if (step === 'review' && amountMinor !== null) {
    return (
      <ReviewStep
        key={reviewAttempt}
        rows={[
          {
            label: t('withdraw.amount'),
            value: <Money minor={amountMinor} currency={currency} />,
            testId: 'review-amount',
          },
          ...(account
            ? [
                {
                  label: t('care.review.bank'),
                  value: bankName(account.bank, locale),
                  testId: 'review-bank',
                },
                {
                  label: t('care.review.account'),
                  value: (
                    <>
                      <BankAccountNo value={account.bankAccountNo} />
                      <br />
                      {account.bankAccountName}
                    </>
                  ),
                  testId: 'review-account',
                },
              ]
            : []),
        ]}
        warning={t('withdraw.noCancel')}
        askPin={pinStatus.data?.set !== false}
        confirmLabel={t('care.review.confirmWithdraw')}
        onConfirm={confirm}
        onBack={() => setStep('form')}
        busy={busy}
        error={reviewError && <ErrorAlert code={reviewError.code} retryAfterS={reviewError.retryAfterS} />}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper className="withdraw-balance" p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap">
            <Text fz="sm" c="dimmed" fw={600}>
              {/* Held by a bonus, it is in the wallet but not to be withdrawn yet. */}
              {t(locked ? 'withdraw.inWallet' : 'withdraw.available')}
            </Text>
            <Text fw={800} fz="lg" data-testid="withdraw-available">
              {balanceMinor === undefined ? '—' : <Money minor={balanceMinor} currency={currency} />}
            </Text>
          </Group>
        </Paper>
        <TextInput
          label={t('withdraw.amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={all && balanceMinor !== undefined ? formatMoneyInput(balanceMinor, locale) : text}
          readOnly={all}
          error={inline}
          description={
            limits ? (
              <span data-testid="withdraw-limits">
                {t('withdraw.limits', {
                  min: money(bahtToMinor(limits.withdrawMin), currency),
                  max: money(bahtToMinor(limits.withdrawMax), currency),
                })}
              </span>
            ) : undefined
          }
          onChange={(e) => {
            setText(e.currentTarget.value);
            setInline(null);
            setServerError(null);
          }}
          data-autofocus
        />
        {limitsLoading && !limits && <DelayedLoader size="sm" />}
        <Checkbox
          label={
            canWithdrawAll
              ? t('withdraw.all', { amount: money(balanceMinor, currency) })
              : t('withdraw.allEmpty')
          }
          checked={all}
          disabled={!canWithdrawAll}
          onChange={(e) => {
            setAll(e.currentTarget.checked);
            setInline(null);
            setServerError(null);
          }}
        />
        {account && (
          <Group gap="sm" wrap="nowrap" className="payout-account">
            <ThemeIcon variant="light" radius="xl" size={36}>
              <IconBuildingBank size={18} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text fz="xs" c="dimmed">
                {t('withdraw.paidTo')}
              </Text>
              <Text fz="sm" fw={600} data-testid="payout-account">
                {bankName(account.bank, locale)} · <BankAccountNo value={account.bankAccountNo} />
              </Text>
              <AccountHolder name={account.bankAccountName} />
            </div>
          </Group>
        )}
        {locked && <BonusLockNote reward={locked} currency={currency} />}
        {serverError && <ErrorAlert code={serverError} />}
        <Button type="submit" fullWidth loading={busy} disabled={locked !== null}>
          {t('withdraw.submit')}
        </Button>
        <Text fz="xs" c="dimmed" ta="center">
          {t('withdraw.noCancel')}
        </Text>
      </Stack>
    </form>
  );
}

/** BON-5: the active bonus that holds withdrawals: what ends it and how far the member is. */
function BonusLockNote({ reward, currency }: { reward: ActiveReward; currency: Currency | undefined }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const m = (baht: number) => money(bahtToMinor(baht), currency);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLock size={20} />}
      title={t('withdraw.bonusLock.title')}
      data-testid="withdraw-bonus-lock"
    >
      <Text fz="sm">
        {t('withdraw.bonusLock.text', {
          done: m(reward.turnoverDone),
          needed: m(reward.turnoverNeeded),
          left: m(Math.max(0, reward.turnoverNeeded - reward.turnoverDone)),
          line: m(reward.failBelow),
        })}
      </Text>
    </Alert>
  );
}
