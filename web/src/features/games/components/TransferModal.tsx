import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import { TRANSFER_MIN_BAHT, WALLET_ACCOUNT, type Transfer, type Wallet } from '@krapao/contract';
import { Badge, Button, Checkbox, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { useState, type FormEvent } from 'react';
import { DoneState } from '../../../components/DoneState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Money, useMoneyText } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { useDelayedFlag } from '../../../lib/delayed';
import { bahtToMinor, formatMoneyInput, minorToBaht, parseMoneyInput } from '../../../lib/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { useCreateTransfer } from '../api/create-transfer';
import { useTransferAll } from '../api/transfer-all';
import { useTransferSettled } from '../settled';

export interface TransferModalProps {
  opened: boolean;
  onClose: () => void;
  /** The member's wallet: the main wallet and the game accounts it lists. */
  wallet: Wallet | undefined;
  /** When the wallet was last read (a PENDING transfer settles on a read after its answer). */
  walletUpdatedAt: number;
  /** Money moved (or came back): the caller reads the wallet and the statement again. */
  onMoved: () => void;
}

/** TRF-1: the action menu's transfer between the main wallet and the game accounts. */
export function TransferModal({ opened, onClose, ...props }: TransferModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('transfer.title')} centered radius="lg">
      {opened && <TransferForm onClose={onClose} {...props} />}
    </Modal>
  );
}

/** TRF-1: in the member's currency (kip for a kip member), at least 1. */
const MIN_MINOR = bahtToMinor(TRANSFER_MIN_BAHT);

interface Problems {
  from?: string;
  to?: string;
  amount?: string;
}

function TransferForm({ onClose, wallet, walletUpdatedAt, onMoved }: Omit<TransferModalProps, 'opened'>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoneyText();
  const transfer = useCreateTransfer();
  const transferEverything = useTransferAll();
  const idempotency = useIdempotencyKey();
  const settled = useTransferSettled(bahtToMinor(wallet?.pendingTransfers ?? 0), walletUpdatedAt);
  const [from, setFrom] = useState<string>(WALLET_ACCOUNT);
  const [to, setTo] = useState<string>('');
  const [text, setText] = useState('');
  const [all, setAll] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<Transfer | null>(null);
  const pending = transfer.isPending || transferEverything.isPending;
  const busy = useDelayedFlag(pending);

  const games = (wallet?.slots ?? []).filter((s) => s.active);
  const accounts = [
    { value: WALLET_ACCOUNT, name: t('transfer.wallet'), minor: bahtToMinor(wallet?.wallet.amount ?? 0) },
    ...games.map((s) => ({ value: s.code, name: s.name, minor: bahtToMinor(s.amount) })),
  ];
  const nameOf = (value: string) => accounts.find((a) => a.value === value)?.name ?? value;
  const sourceMinor = accounts.find((a) => a.value === from)?.minor;
  const canAll = from !== '' && sourceMinor !== undefined && sourceMinor > 0;
  const amountMinor = all ? (sourceMinor ?? null) : parseMoneyInput(text, locale);

  const options = [
    { value: '', label: t('transfer.choose') },
    ...accounts.map((a) => ({
      value: a.value,
      label: `${a.name} · ${money(a.minor)}`,
    })),
  ];

  const check = (): Problems => {
    // TRF-1: both chosen, different, at least the minimum.
    if (!from || !to) {
      const message = t('transfer.chooseBoth');
      return { ...(from ? {} : { from: message }), ...(to ? {} : { to: message }) };
    }
    if (from === to) return { to: t('transfer.sameAccount') };
    if (amountMinor === null || amountMinor < MIN_MINOR)
      return { amount: t('transfer.belowMin', { min: money(MIN_MINOR) }) };
    return {};
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0 || amountMinor === null) return;
    setServerError(null);
    const handlers = {
      onSuccess: (answer: Transfer) => {
        idempotency.settle();
        setDone(answer);
        if (answer.status === 'PENDING') settled.markPending();
        onMoved();
      },
      onError: (error: unknown) => {
        // A network error or a 5xx other than a refusal keeps the key: the retry is the same request.
        idempotency.settle(error);
        const code = errorCode(error);
        setServerError(code);
        // TRANSFER_FAIL: the money is back where it came from; the balances say so.
        if (code === 'TRANSFER_FAIL') {
          idempotency.renew();
          onMoved();
        }
      },
    };
    const key = idempotency.key;
    // TRF-3: everything from the wallet to a game, or a whole game back; game to game sends its balance.
    if (all && (from === WALLET_ACCOUNT || to === WALLET_ACCOUNT)) {
      transferEverything.mutate(
        from === WALLET_ACCOUNT ? { to, idempotencyKey: key } : { to, from, idempotencyKey: key },
        handlers,
      );
    } else {
      transfer.mutate({ from, to, amount: minorToBaht(amountMinor), idempotencyKey: key }, handlers);
    }
  };

  if (done) {
    const processing = done.status === 'PENDING' && !settled.settled;
    return (
      <DoneState title={processing ? t('transfer.processingTitle') : t('transfer.doneTitle')}>
        <Text fz={30} fw={800} lh={1.2} data-testid="transferred-amount">
          <Money minor={bahtToMinor(done.amount)} />
        </Text>
        <Text fz="sm" fw={600}>
          {nameOf(done.from)} → {nameOf(done.to)}
        </Text>
        {done.status === 'PENDING' && (
          <>
            <Badge color={processing ? 'yellow' : 'teal'} variant="light" size="lg">
              {processing ? t('transfer.processingTitle') : t('statement.status.success')}
            </Badge>
            <Text c="dimmed" fz="sm" maw={340} data-testid="transfer-processing">
              {processing ? t('transfer.processing') : t('transfer.settled')}
            </Text>
          </>
        )}
        <Button mt="sm" fullWidth onClick={onClose}>
          {t('transfer.done')}
        </Button>
      </DoneState>
    );
  }

  const clear = () => {
    setProblems({});
    setServerError(null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {games.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('transfer.noGames')}
          </Text>
        )}
        <NativeSelect
          label={t('transfer.from')}
          data={options}
          value={from}
          error={problems.from}
          onChange={(e) => {
            setFrom(e.currentTarget.value);
            setAll(false);
            clear();
          }}
        />
        <NativeSelect
          label={t('transfer.to')}
          data={options}
          value={to}
          error={problems.to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            clear();
          }}
        />
        <TextInput
          label={t('transfer.amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={all && sourceMinor !== undefined ? formatMoneyInput(sourceMinor, locale) : text}
          readOnly={all}
          error={problems.amount}
          onChange={(e) => {
            setText(e.currentTarget.value);
            clear();
          }}
        />
        <Checkbox
          label={canAll ? t('transfer.all', { amount: money(sourceMinor) }) : t('transfer.allEmpty')}
          checked={all}
          disabled={!canAll}
          onChange={(e) => {
            setAll(e.currentTarget.checked);
            clear();
          }}
        />
        {serverError && <ErrorAlert code={serverError} />}
        <Button type="submit" fullWidth loading={busy}>
          {t('transfer.submit')}
        </Button>
      </Stack>
    </form>
  );
}
