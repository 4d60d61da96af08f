import './deposits.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tabs.css';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Tabs, Text } from '@mantine/core';
import { formatBankAccountNo } from '@krapao/contract';
import { IconBuildingBank, IconClockHour4, IconQrcode, IconReceipt2, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { ComingSoon } from '../../../components/ComingSoon';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorText } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { bankPanelKind, splitAccounts, type DepositLookup } from '../accounts';
import { BankMark, BankPanel } from './BankPanel';
import { DepositNoticeForm } from './DepositNoticeForm';

export interface RegisteredAccount {
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  bank: { nameTH: string; nameEN: string };
}

export interface DepositModalProps {
  opened: boolean;
  onClose: () => void;
  /** GET /api/lookup/deposit. */
  lookup: DepositLookup | undefined;
  loading: boolean;
  error: unknown;
  /** The member's registered account: transfers from it are credited automatically (DEP-11). */
  registeredAccount: RegisteredAccount | undefined;
  /** A deposit notice was recorded: the caller refreshes the statement. */
  onNoticeSent: () => void;
}

type Section = 'bank' | 'qr' | 'wallet';

/** DEP-1: bank transfer by account number, QR code and True Wallet. */
export function DepositModal({
  opened,
  onClose,
  lookup,
  loading,
  error,
  registeredAccount,
  onNoticeSent,
}: DepositModalProps) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('bank');
  const close = () => {
    setSection('bank');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('deposit.title')} centered radius="lg">
      {!lookup && loading && <DelayedLoader />}
      {!lookup && !loading && error !== null && error !== undefined && <ErrorAlert code={errorCode(error)} />}
      {lookup && (
        <Tabs
          value={section}
          onChange={(v) => setSection((v as Section | null) ?? 'bank')}
          keepMounted={false}
          variant="pills"
          radius="xl"
          classNames={{ list: 'deposit-tabs' }}
        >
          <Tabs.List grow>
            <Tabs.Tab value="bank">
              <span className="deposit-tab">
                <IconBuildingBank size={20} stroke={1.7} aria-hidden />
                {t('deposit.sectionBank')}
              </span>
            </Tabs.Tab>
            <Tabs.Tab value="qr">
              <span className="deposit-tab">
                <IconQrcode size={20} stroke={1.7} aria-hidden />
                {t('deposit.sectionQr')}
              </span>
            </Tabs.Tab>
            <Tabs.Tab value="wallet">
              <span className="deposit-tab">
                <IconWallet size={20} stroke={1.7} aria-hidden />
                {t('deposit.sectionWallet')}
              </span>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="bank" pt="md">
            <BankSection lookup={lookup} registeredAccount={registeredAccount} onNoticeSent={onNoticeSent} />
          </Tabs.Panel>
          <Tabs.Panel value="qr" pt="md">
            <QrSection lookup={lookup} />
          </Tabs.Panel>
          <Tabs.Panel value="wallet" pt="md">
            <WalletSection lookup={lookup} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}

function BankSection({
  lookup,
  registeredAccount,
  onNoticeSent,
}: Pick<DepositModalProps, 'registeredAccount' | 'onNoticeSent'> & { lookup: DepositLookup }) {
  const { t, i18n } = useTranslation();
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
                {i18n.language === 'th' ? registeredAccount.bank.nameTH : registeredAccount.bank.nameEN}
              </Text>
              <Text fz="sm" className="tabular">
                {formatBankAccountNo(registeredAccount.bankAccountNo)}
              </Text>
              <Text fz="xs" c="dimmed">
                {registeredAccount.bankAccountName.toUpperCase()}
              </Text>
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
    </Stack>
  );
}

function QrSection({ lookup }: { lookup: DepositLookup }) {
  const { t } = useTranslation();
  const accounts = splitAccounts(lookup).qr;
  return (
    <ComingSoon title={t('deposit.qrSoon')} icon={<IconQrcode size={36} stroke={1.6} />}>
      {accounts.length > 0 && (
        <Group justify="center" gap={6} data-testid="qr-providers">
          {accounts.map((a) => (
            <Badge key={`${a.bankCode}-${a.bankAccountNo}`} variant="light" size="lg">
              {a.bank.nameEN}
            </Badge>
          ))}
        </Group>
      )}
    </ComingSoon>
  );
}

function WalletSection({ lookup }: { lookup: DepositLookup }) {
  const { t } = useTranslation();
  if (lookup.wallets.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {errorText('NO_WALLET')}
      </Text>
    );
  }
  return (
    <ComingSoon title={t('deposit.walletSoon')} icon={<IconWallet size={36} stroke={1.6} />}>
      <Group justify="center" gap={6}>
        {lookup.wallets.map((w) => (
          <Badge key={w.walletPhone} variant="light" size="lg">
            {w.walletAccountName}
          </Badge>
        ))}
      </Group>
    </ComingSoon>
  );
}
