import './deposits.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tabs.css';
import { Alert, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import type { Currency, Wallet } from '@krapao/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  type Icon,
  IconBuildingBank,
  IconClockHour4,
  IconQrcode,
  IconReceipt2,
  IconUpload,
  IconWallet,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { AccountHolder } from '../../../components/AccountHolder';
import { BankAccountNo } from '../../../components/BankAccountNo';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useMemberCurrency } from '../../../components/Money';
import { errorText } from '../../../i18n';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { bankName } from '../../../lib/banks';
import { bankPanelKind, offeredTo, splitAccounts, type DepositLookup } from '../accounts';
import { depositKeys } from '../api/keys';
import { BankMark, BankPanel } from './BankPanel';
import { DepositNoticeForm } from './DepositNoticeForm';
import { QrSection } from './QrSection';
import { TrueWalletSection } from './TrueWalletSection';

export type RegisteredAccount = Wallet['bankAccount'];

export interface DepositModalProps {
  opened: boolean;
  onClose: () => void;
  /** GET /api/lookup/deposit. */
  lookup: DepositLookup | undefined;
  /** The member's wallet currency (the member shell's unless given): only its channels are offered. */
  currency?: Currency;
  loading: boolean;
  error: unknown;
  /** The member's registered account: transfers from it are credited automatically (DEP-11). */
  registeredAccount: RegisteredAccount | undefined;
  /** The member's registered phone: True Wallet AUTO credits transfers from it (DEP-10). */
  memberPhone: string | undefined;
  /** A deposit notice was recorded: the caller refreshes the statement. */
  onNoticeSent: () => void;
  /**
   * Money arrived (a True Wallet gift link at once, a QR seen paid): the caller refreshes balances and
   * the statement.
   */
  onDeposited: () => void;
  /** SLIP-1: when given, the bank section offers "Upload slip"; the caller opens the upload. */
  onUploadSlip?: () => void;
  /** Shown instead of the channels when deposits are closed (a time-out or self-exclusion). */
  closed?: ReactNode;
  /** Shown above the channels (a deposit limit used up: what a transfer still does). */
  notice?: ReactNode;
}

type Section = 'bank' | 'qr' | 'wallet';
/** DEP-1: the three ways to deposit, in the order the tabs show them. */
const SECTIONS = [
  { value: 'bank', icon: IconBuildingBank, label: 'deposit.sectionBank' },
  { value: 'qr', icon: IconQrcode, label: 'deposit.sectionQr' },
  { value: 'wallet', icon: IconWallet, label: 'deposit.sectionWallet' },
] as const satisfies ReadonlyArray<{ value: Section; icon: Icon; label: string }>;

/**
 * DEP-1: bank transfer by account number, QR code and True Wallet; a kip member is offered the kip
 * channels only: bank transfer (BCEL) and QR (ONEPAY), no True Wallet.
 */
export function DepositModal({
  opened,
  onClose,
  lookup: answer,
  currency: givenCurrency,
  loading,
  error,
  registeredAccount,
  memberPhone,
  onNoticeSent,
  onDeposited,
  onUploadSlip,
  closed,
  notice,
}: DepositModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [section, setSection] = useState<Section>('bank');
  const memberCurrency = useMemberCurrency();
  const currency = givenCurrency ?? memberCurrency;
  // Until the member's currency is known nothing is offered: a channel of the other currency never shows.
  const offer = answer && currency ? { lookup: offeredTo(answer, currency), currency } : undefined;
  const sections = SECTIONS.filter(({ value }) => value !== 'wallet' || currency === 'BAHT');
  const close = () => {
    setSection('bank');
    onClose();
  };
  // DEP-7: 'Transfer done' closes the modal; the QRs are asked again when it next opens.
  const transferDone = () => {
    void queryClient.invalidateQueries({ queryKey: depositKeys.qrcodes(), refetchType: 'none' });
    close();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('deposit.title')} centered radius="lg">
      {!offer && (loading || (answer && !currency)) && <DelayedLoader />}
      {!offer && !loading && error !== null && error !== undefined && <ErrorAlert code={errorCode(error)} />}
      {closed}
      {offer && !closed && notice}
      {offer && !closed && (
        <Tabs
          value={section}
          onChange={(v) => setSection((v as Section | null) ?? 'bank')}
          keepMounted={false}
          variant="pills"
          radius="xl"
          classNames={{ list: 'deposit-tabs' }}
        >
          <Tabs.List grow>
            {sections.map(({ value, icon: SectionIcon, label }) => (
              <Tabs.Tab key={value} value={value}>
                <span className="deposit-tab">
                  <SectionIcon size={20} stroke={1.7} aria-hidden />
                  {t(label)}
                </span>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="bank" pt="md">
            <BankSection
              lookup={offer.lookup}
              registeredAccount={registeredAccount}
              onNoticeSent={onNoticeSent}
              onUploadSlip={
                onUploadSlip &&
                (() => {
                  close();
                  onUploadSlip();
                })
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="qr" pt="md">
            <QrSection
              accounts={splitAccounts(offer.lookup).qr}
              currency={offer.currency}
              onTransferDone={transferDone}
              onPaid={onDeposited}
            />
          </Tabs.Panel>
          {offer.currency === 'BAHT' && (
            <Tabs.Panel value="wallet" pt="md">
              <TrueWalletSection
                wallets={offer.lookup.wallets}
                memberPhone={memberPhone}
                onDeposited={onDeposited}
              />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Modal>
  );
}

function BankSection({
  lookup,
  registeredAccount,
  onNoticeSent,
  onUploadSlip,
}: Pick<DepositModalProps, 'registeredAccount' | 'onNoticeSent' | 'onUploadSlip'> & {
  lookup: DepositLookup;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const accounts = splitAccounts(lookup).bank;
  return (
    <Stack gap="md">
      <Alert variant="light" color="teal" icon={<IconClockHour4 size={20} />} p="sm">
        <Text fz="sm">{t('deposit.creditedWithin')}</Text>
      </Alert>
      {registeredAccount && (
        <Paper className="deposit-from" p="sm" radius="md">
          <Text fz="xs" c="dimmed" fw={600} mb={6}>
            {t('deposit.fromAccount')}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <BankMark code={registeredAccount.bankCode} />
            <div style={{ minWidth: 0 }} data-testid="deposit-from">
              <Text fz="sm" fw={700}>
                {bankName(registeredAccount.bank, locale)}
              </Text>
              <Text fz="sm">
                <BankAccountNo value={registeredAccount.bankAccountNo} />
              </Text>
              <AccountHolder name={registeredAccount.bankAccountName} />
            </div>
          </Group>
        </Paper>
      )}
      {accounts.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {errorText('NO_BANK')}
        </Text>
      ) : (
        <>
          <Text fw={700}>{t('deposit.transferTo')}</Text>
          {accounts.map((account) => (
            <BankPanel
              key={`${account.bankCode}-${account.bankAccountNo}`}
              account={account}
              kind={bankPanelKind(account, lookup.isManual)}
            />
          ))}
        </>
      )}
      {noticeOpen ? (
        <DepositNoticeForm onSent={onNoticeSent} onCancel={() => setNoticeOpen(false)} />
      ) : (
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconReceipt2 size={18} />}
          onClick={() => setNoticeOpen(true)}
        >
          {t('deposit.noticeOpen')}
        </Button>
      )}
      {onUploadSlip && (
        <Stack gap={4} align="center">
          <Text fz="xs" c="dimmed" ta="center">
            {t('deposit.slipHint')}
          </Text>
          <Button variant="light" size="sm" leftSection={<IconUpload size={18} />} onClick={onUploadSlip}>
            {t('deposit.slipOpen')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
