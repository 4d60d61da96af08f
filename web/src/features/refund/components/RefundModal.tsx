import './refund.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Table.css';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { PAGE_SIZE, type Currency, type RefundCheck, type RefundKind } from '@krapao/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { BannerCarousel } from '../../../components/BannerCarousel';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { Money, useMoneyText } from '../../../components/Money';
import { PagedTable } from '../../../components/PagedTable';
import { PercentBadges } from '../../../components/PercentBadges';
import { errorText } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { bahtToMinor, formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useClaimRefund, useRefundBanners, useRefundCheck, useRefunds } from '../api/refund';

export interface RefundModalProps {
  opened: boolean;
  onClose: () => void;
  currency: Currency | undefined;
  /** After a refund: the caller asks the wallet and the statement again. */
  onReceived: () => void;
}

/** A period's day (YYYY-MM-DD, the operator's calendar) as the site writes dates: DD/MM/YYYY. */
export const dayText = (day: string) => day.split('-').reverse().join('/');

/** REF-1: banners, the last period's refund (check), receive or add to wallet with their exits, the log. */
export function RefundModal({ opened, onClose, currency, onReceived }: RefundModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('refund.title')} centered radius="lg">
      {opened && (
        <Stack gap="md">
          <RefundBanners />
          <RefundClaim currency={currency} onReceived={onReceived} />
          <RefundLogTable currency={currency} />
        </Stack>
      )}
    </Modal>
  );
}

function RefundBanners() {
  const { t } = useTranslation();
  const banners = useRefundBanners();
  return (
    <BannerCarousel banners={banners.data?.banners} loading={banners.isPending} label={t('refund.banners')} />
  );
}

function periodTitle(t: ReturnType<typeof useTranslation>['t'], info: RefundCheck['info']) {
  return info.periodStart === info.periodEnd
    ? t('refund.lastDay', { date: dayText(info.periodStart) })
    : t('refund.lastWeek', { start: dayText(info.periodStart), end: dayText(info.periodEnd) });
}

function RefundClaim({ currency, onReceived }: { currency: Currency | undefined; onReceived: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const check = useRefundCheck();
  const claim = useClaimRefund();
  const [claiming, setClaiming] = useState<RefundKind | null>(null);
  const c = check.data;

  const take = (kind: RefundKind) => {
    setClaiming(kind);
    claim.mutate(kind, {
      onSuccess: (r) => {
        notifySuccess(t('refund.received', { amount: money(bahtToMinor(r.refundAmount), currency) }));
        onReceived();
      },
      // ERR-1: NO_REFUND, REFUND_CONDITION, REFUND_MINIMUM, REFUND_INACTIVE, translated.
      onError: notifyError,
      onSettled: () => setClaiming(null),
    });
  };

  if (check.isPending) return <DelayedLoader />;
  if (!c) return null;
  const { info } = c;
  return (
    <Paper radius="md" p="md" className="refund-claim" data-testid="refund-check">
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fz="sm" fw={700}>
            {periodTitle(t, info)}
          </Text>
          <Anchor
            component="button"
            type="button"
            fz="xs"
            fw={600}
            onClick={() => void check.refetch()}
            aria-label={t('refund.recheck')}
          >
            <IconRefresh size={16} aria-hidden />
          </Anchor>
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          <div>
            <Text fz="xs" c="dimmed">
              {t('refund.turnover')}
            </Text>
            <Text fw={600} data-testid="refund-turnover">
              <Money minor={bahtToMinor(info.turnover)} currency={currency} />
            </Text>
          </div>
          <div>
            <Text fz="xs" c="dimmed">
              {t('refund.netLoss')}
            </Text>
            <Text fw={600} data-testid="refund-net-loss">
              <Money minor={bahtToMinor(info.netLoss)} currency={currency} />
            </Text>
          </div>
        </SimpleGrid>
        {info.late.result !== 0 && (
          // Bets settled after an earlier refund (a sport bet decided the next day) count here, once.
          <Text fz="xs" c="dimmed" data-testid="refund-late">
            {t(info.late.result < 0 ? 'refund.lateLoss' : 'refund.lateWin', {
              amount: money(bahtToMinor(Math.abs(info.late.result)), currency),
            })}
          </Text>
        )}
        {info.reason && (
          <Alert
            color={info.reason === 'REFUND_CONDITION' ? 'orange' : 'gray'}
            p="xs"
            data-testid="refund-reason"
          >
            <Text fz="sm">{errorText(info.reason)}</Text>
          </Alert>
        )}
        <Stack gap="xs">
          <Choice
            title={t('refund.receive')}
            hint={t('refund.receiveHint', { percent: info.percent })}
            amount={c.refundAmount}
            currency={currency}
            success={c.refundSuccess}
            fail={c.refundFail}
            disabled={!c.result}
            loading={claiming === 'receive'}
            onClick={() => take('receive')}
            testId="refund-receive"
          />
          <Choice
            title={t('refund.addWallet')}
            hint={t('refund.addWalletHint', { percent: info.addWallet.percent })}
            amount={info.addWallet.amount}
            currency={currency}
            success={info.addWallet.percentSuccess}
            fail={info.addWallet.percentFail}
            disabled={!c.result}
            loading={claiming === 'addWallet'}
            onClick={() => take('addWallet')}
            testId="refund-add-wallet"
            variant="light"
          />
        </Stack>
        <Text fz="xs" c="dimmed" data-testid="refund-current">
          {t(info.period === 'weekly' ? 'refund.currentWeek' : 'refund.currentDay', {
            amount: money(bahtToMinor(info.current.netLoss), currency),
          })}
        </Text>
      </Stack>
    </Paper>
  );
}

function Choice(props: {
  title: string;
  hint: string;
  amount: number;
  currency: Currency | undefined;
  success: number;
  fail: number;
  disabled: boolean;
  loading: boolean;
  onClick: () => void;
  testId: string;
  variant?: 'filled' | 'light';
}) {
  const { t } = useTranslation();
  return (
    <div className="refund-choice" data-testid={props.testId}>
      <Stack gap={2} className="refund-choice__what">
        <Text fz={20} fw={800} lh={1.1}>
          <Money minor={bahtToMinor(props.amount)} currency={props.currency} />
        </Text>
        <Text fz="xs" c="dimmed">
          {props.hint}
        </Text>
      </Stack>
      <Button
        radius="xl"
        size="sm"
        variant={props.variant ?? 'filled'}
        disabled={props.disabled}
        loading={props.loading}
        onClick={props.onClick}
      >
        {props.title}
      </Button>
      <div className="refund-choice__exits">
        <PercentBadges
          justify="flex-start"
          success={{
            text:
              props.success > 0 ? t('refund.success', { percent: props.success }) : t('refund.noTurnover'),
          }}
          fail={props.fail > 0 ? { text: t('refund.fail', { percent: props.fail }) } : undefined}
        />
      </div>
    </div>
  );
}

function RefundLogTable({ currency }: { currency: Currency | undefined }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useRefunds(page);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('refund.logTitle')}
      </Title>
      <PagedTable
        page={page}
        onPage={setPage}
        pageSize={PAGE_SIZE.refund}
        rows={query.data?.refunds}
        total={query.data?.total}
        loading={query.isPending}
        dense
        empty={{ text: t('refund.empty'), testId: 'refunds-empty' }}
        pagesLabel={t('refund.pages')}
        head={
          <>
            <Table.Th>{t('refund.date')}</Table.Th>
            <Table.Th>{t('refund.period')}</Table.Th>
            <Table.Th ta="right">{t('refund.amount')}</Table.Th>
          </>
        }
        row={(r, i) => (
          <Table.Tr key={`${page}-${i}`} data-testid="refund-row">
            <Table.Td fz="xs" data-testid="refund-date">
              {formatDateTime(r.createdAt)}
            </Table.Td>
            <Table.Td fz="xs">
              {r.periodStart === r.periodEnd
                ? dayText(r.periodStart)
                : `${dayText(r.periodStart)} – ${dayText(r.periodEnd)}`}
              <br />
              <Text span fz="xs" c="dimmed">
                {t(`refund.kindLabel.${r.kind}`)}
              </Text>
            </Table.Td>
            <Table.Td ta="right" data-testid="refund-amount">
              <Money minor={bahtToMinor(r.refundAmount)} currency={currency} />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
