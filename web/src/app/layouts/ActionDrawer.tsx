import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Drawer, Loader, SimpleGrid, Text } from '@mantine/core';
import {
  IconArrowsExchange,
  IconGift,
  IconReceiptRefund,
  IconRefresh,
  IconShieldCheck,
  IconUsersPlus,
} from '@tabler/icons-react';
import { lazy, useState, type ReactNode } from 'react';
import { useBackCloses } from '../../lib/back-closes';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { Money, useMemberCurrency } from '../../components/Money';
import { Words } from '../../components/Words';
import { WhenFirstOpened } from '../../components/WhenFirstOpened';
import { DepositIcon, WithdrawIcon } from '../../components/MoneyIcons';
import { useActiveReward } from '../../features/bonuses/api/get-active-reward';
import { DepositModal } from '../../features/deposits/components/DepositModal';
import { GameBalanceList } from '../../features/games/components/GameBalanceList';
import { useDepositAccounts, useWithdrawLimits } from '../../features/lookups/api/lookups';
import { useBlockInForce, useProtection } from '../../features/protection/api/protection';
import { BlockNotice } from '../../features/protection/components/OffersPaused';
import { lastSyncOf, useWallet, walletFigures } from '../../features/wallet/api/get-wallet';
import { storedLastSync } from '../../features/wallet/api/queries';
import { useRefreshSlots } from '../../features/wallet/api/refresh-slots';
import { LastSyncText } from '../../features/wallet/components/WalletCard';
import { WithdrawModal } from '../../features/withdrawals/components/WithdrawModal';
import { useDelayedFlag } from '../../lib/delayed';
import { useMoneyMoved } from '../money';
import { SlipDialogs, type SlipDialog } from '../slip-dialogs';

type Dialog = 'deposit' | 'withdraw' | 'transfer' | 'invite' | 'refund';

// TRF-1: the transfer dialog loads when first opened.
const TransferModal = lazy(() =>
  import('../../features/games/components/TransferModal').then((m) => ({ default: m.TransferModal })),
);
// INV-1, REF-1: the invite and refund modals load when first opened.
const InviteModal = lazy(() =>
  import('../../features/invite/components/InviteModal').then((m) => ({ default: m.InviteModal })),
);
const RefundModal = lazy(() =>
  import('../../features/refund/components/RefundModal').then((m) => ({ default: m.RefundModal })),
);

/** SH-11: the central plus button's actions; the money flows meet here (features do not import each other). */
export function ActionDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [slipDialog, setSlipDialog] = useState<SlipDialog>(null);
  // Fetched only while the drawer or one of its dialogs is open, not on every member page.
  const wallet = useWallet(opened || dialog !== null);
  const refresh = useRefreshSlots();
  const refreshing = useDelayedFlag(refresh.isPending);
  const limits = useWithdrawLimits(dialog === 'withdraw');
  // BON-5: an active bonus holds withdrawals; the form says so before the member tries.
  const activeReward = useActiveReward(dialog === 'withdraw');
  const block = useBlockInForce();
  const protection = useProtection();
  const deposit = useDepositAccounts(dialog === 'deposit');
  const moneyMoved = useMoneyMoved();
  const memberCurrency = useMemberCurrency();
  const figures = wallet.data ? walletFigures(wallet.data) : null;
  // SH-16: the wallet's currency, else the profile's (the shell's) until the wallet answers.
  const currency = figures?.currency ?? memberCurrency ?? undefined;

  const close = () => onClose();
  // Back closes the drawer too, as it closes a modal.
  useBackCloses(opened, onClose);
  // A money dialog replaces the drawer: one layer at a time on a phone.
  const openDialog = (next: Dialog) => {
    setDialog(next);
    close();
  };

  const tile = (label: string, icon: ReactNode, onClick: () => void, extra?: ReactNode) => (
    <button type="button" className="tile" onClick={onClick}>
      <span className="tile__icon">{icon}</span>
      <span>
        <Words>{label}</Words>
      </span>
      {extra}
    </button>
  );

  return (
    <>
      <Drawer
        opened={opened}
        onClose={close}
        position="bottom"
        radius="xl"
        title={t('actions.title')}
        classNames={{ content: 'action-drawer' }}
      >
        <SimpleGrid cols={3} spacing="sm" pb="md">
          {tile(t('actions.deposit'), <DepositIcon size={26} stroke={1.7} />, () => openDialog('deposit'))}
          {tile(
            t('actions.refresh'),
            refreshing ? <Loader size={22} /> : <IconRefresh size={26} stroke={1.7} />,
            () => {
              refresh.mutate();
            },
            // BAL-2: the total and the last sync time, refreshed in place.
            <Text component="span" fz={11} c="dimmed" fw={500} data-testid="drawer-sync">
              {figures ? <Money minor={figures.totalMinor} currency={figures.currency} /> : '—'}
              <br />
              <LastSyncText value={lastSyncOf(wallet.data, storedLastSync())} />
            </Text>,
          )}
          {tile(t('actions.withdraw'), <WithdrawIcon size={26} stroke={1.7} />, () => openDialog('withdraw'))}
          {tile(t('actions.transfer'), <IconArrowsExchange size={26} stroke={1.7} />, () =>
            openDialog('transfer'),
          )}
          {/* Marketing stops during a time-out or self-exclusion: no programme tiles. */}
          {!block &&
            tile(t('actions.invite'), <IconUsersPlus size={26} stroke={1.7} />, () => openDialog('invite'))}
          {!block &&
            tile(t('actions.bonus'), <IconGift size={26} stroke={1.7} />, () => {
              close();
              void navigate('/user/bonus');
            })}
          {!block &&
            tile(t('actions.refund'), <IconReceiptRefund size={26} stroke={1.7} />, () =>
              openDialog('refund'),
            )}
          {tile(t('protection.link'), <IconShieldCheck size={26} stroke={1.7} />, () => {
            close();
            void navigate('/user/limits');
          })}
        </SimpleGrid>
        {/* BAL-2: each game's balance as the last refresh heard it, stale ones marked. */}
        {wallet.data && (
          <div style={{ paddingBottom: 'var(--mantine-spacing-md)' }}>
            <GameBalanceList slots={wallet.data.slots} />
          </div>
        )}
      </Drawer>
      <WhenFirstOpened opened={dialog === 'transfer'}>
        <TransferModal
          opened={dialog === 'transfer'}
          onClose={() => setDialog(null)}
          wallet={wallet.data}
          walletUpdatedAt={wallet.dataUpdatedAt}
          onMoved={moneyMoved}
        />
      </WhenFirstOpened>
      <WhenFirstOpened opened={dialog === 'invite'}>
        <InviteModal
          opened={dialog === 'invite'}
          onClose={() => setDialog(null)}
          memberId={wallet.data?.profile._id}
          summary={wallet.data?.invite}
          currency={currency}
          onCollected={moneyMoved}
        />
      </WhenFirstOpened>
      <WhenFirstOpened opened={dialog === 'refund'}>
        <RefundModal
          opened={dialog === 'refund'}
          onClose={() => setDialog(null)}
          currency={currency}
          onReceived={moneyMoved}
        />
      </WhenFirstOpened>
      <WithdrawModal
        opened={dialog === 'withdraw'}
        onClose={() => setDialog(null)}
        limits={limits.data}
        limitsLoading={limits.isPending}
        balanceMinor={figures?.mainMinor}
        currency={currency}
        account={wallet.data?.bankAccount}
        onWithdrawn={moneyMoved}
        bonusLock={activeReward.data}
      />
      <DepositModal
        opened={dialog === 'deposit'}
        onClose={() => setDialog(null)}
        lookup={deposit.data}
        currency={currency}
        loading={deposit.isPending}
        error={deposit.error}
        registeredAccount={wallet.data?.bankAccount}
        memberPhone={wallet.data?.profile.username}
        onNoticeSent={moneyMoved}
        onDeposited={moneyMoved}
        onUploadSlip={() => setSlipDialog('upload')}
        closed={
          block && (
            <BlockNotice
              block={block}
              title="protection.depositClosedTitle"
              text="protection.depositClosedText"
              testId="deposit-closed"
              onLink={() => setDialog(null)}
            />
          )
        }
        notice={
          protection.data?.depositLeft === 0 && (
            <Alert color="orange" variant="light" icon={<IconShieldCheck size={20} />} mb="md">
              {t('protection.depositLimitReached')}
            </Alert>
          )
        }
      />
      <SlipDialogs open={slipDialog} onChange={setSlipDialog} />
    </>
  );
}
