import './wallet.css';
import '@mantine/core/styles/Skeleton.css';
import { ActionIcon, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Money, useMoneyText } from '../../../components/Money';
import { FieldLabel } from '../../../components/FieldLabel';
import { logQuietFailure } from '../../../lib/quiet-failure';
import { useDelayedFlag } from '../../../lib/delayed';
import { formatDateTime } from '../../../lib/format';
import { lastSyncOf, useWallet, walletFigures } from '../api/get-wallet';
import { storedLastSync } from '../api/queries';
import { useRefreshSlots } from '../api/refresh-slots';

/** The "last updated" line under a balance (BAL-2). */
export function LastSyncText({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return (
    <span data-testid="last-sync">
      {value ? t('wallet.lastSync', { time: formatDateTime(value) }) : t('wallet.neverSynced')}
    </span>
  );
}

/**
 * HOME-1 / BAL-1 / BAL-2: the total (main wallet plus games), its parts, refresh and last sync.
 * `actions` stand before the refresh button: the app puts the spin-coin button there (app/home-cards.tsx),
 * since features do not import each other.
 */
export function WalletCard({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const query = useWallet();
  const refresh = useRefreshSlots();
  const refreshing = useDelayedFlag(refresh.isPending);
  const figures = query.data ? walletFigures(query.data) : null;
  // ERR-3: reading the wallet again (after a move, a realtime nudge) is a wallet refresh: a failure is
  // logged, the figures shown stay, and a first load that fails shows dashes, not a loader forever.
  const { error } = query;
  useEffect(() => {
    if (error) logQuietFailure('wallet refresh', error);
  }, [error]);

  return (
    <Paper className="wallet-card" p="lg" radius="xl" component="section" aria-label={t('wallet.card')}>
      <Stack gap={6} className="wallet-card__body">
        <Group justify="space-between" wrap="nowrap">
          <Text fz="sm" c="brand.1" fw={600}>
            {t('home.walletTotal')}
          </Text>
          <Group gap={8} wrap="nowrap">
            {actions}
            {/* A native title, not Mantine's Tooltip: the home page then loads no floating-ui (about 19 KB gzip). */}
            <ActionIcon
              variant="white"
              color="brand.9"
              size={40}
              radius="xl"
              aria-label={t('wallet.refresh')}
              title={t('wallet.refresh')}
              loading={refreshing}
              onClick={() => {
                refresh.mutate();
              }}
            >
              <IconRefresh size={20} stroke={2} />
            </ActionIcon>
          </Group>
        </Group>
        {figures ? (
          <Text fz={34} fw={800} lh={1.1} aria-label={t('home.walletTotal')}>
            <Money minor={figures.totalMinor} currency={figures.currency} />
          </Text>
        ) : query.isError ? (
          <Text fz={34} fw={800} lh={1.1} aria-label={t('home.walletTotal')}>
            —
          </Text>
        ) : (
          <Skeleton height={38} width="60%" radius="md" opacity={0.35} aria-label={t('common.loading')} />
        )}
        <Text fz="xs" c="brand.1">
          <LastSyncText value={lastSyncOf(query.data, storedLastSync())} />
        </Text>
        <div className="wallet-card__split">
          <div>
            <FieldLabel c="brand.1">{t('wallet.main')}</FieldLabel>
            <Text fw={700} data-testid="wallet-main">
              {figures ? <Money minor={figures.mainMinor} currency={figures.currency} /> : '—'}
            </Text>
          </div>
          <div>
            <FieldLabel c="brand.1">{t('wallet.games')}</FieldLabel>
            <Text fw={700} data-testid="wallet-games">
              {figures ? <Money minor={figures.gamesMinor} currency={figures.currency} /> : '—'}
            </Text>
          </div>
        </div>
        {figures && figures.pendingMinor > 0 && (
          // TRF-2: a transfer the game has not confirmed: counted in the total, in neither part yet.
          <Text fz="xs" c="brand.1" data-testid="wallet-pending" title={t('wallet.pendingHint')}>
            {t('wallet.pending', { amount: money(figures.pendingMinor, figures.currency) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
