import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Table.css';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { spin, type Coupon } from '@krapao/contract';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Money } from '../../../components/Money';
import { Pager, pageCount } from '../../../components/Pager';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { bahtToMinor } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { safeHtml } from '../../../lib/safe-html';
import { useClaimCoupon, useCoupons } from '../api/spin-api';
import { pick } from '../text';

/** A coupon's prize in the member's words: the amount in their currency, or the coins. */
function PrizeAmount({ coupon }: { coupon: Pick<Coupon, 'amount' | 'coins'> }) {
  const { t } = useTranslation();
  if (coupon.amount !== null) return <Money minor={bahtToMinor(coupon.amount)} />;
  return <>{t('spin.coinsAmount', { count: coupon.coins ?? 0 })}</>;
}

/** SPIN-1: the coupons, 3 a page: index, prize label and name, amount, claim button. */
export function CouponTable() {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useCoupons();
  const [page, setPage] = useState(1);
  const [claiming, setClaiming] = useState<Coupon | null>(null);
  const coupons = query.data ?? [];
  const pages = pageCount(coupons.length, spin.COUPON_PAGE);
  const shown = coupons.slice((page - 1) * spin.COUPON_PAGE, page * spin.COUPON_PAGE);
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  return (
    <section className="spin-coupons" aria-labelledby="spin-coupons-title">
      <Text id="spin-coupons-title" component="h2" fw={700} fz="lg" mb="xs">
        {t('spin.coupons')}
      </Text>
      {query.isSuccess && !coupons.length ? (
        <Text c="dimmed" fz="sm">
          {t('spin.noCoupons')}
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-labelledby="spin-coupons-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('spin.couponIndex')}</Table.Th>
              <Table.Th>{t('spin.couponPrize')}</Table.Th>
              <Table.Th>{t('spin.couponAmount')}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{t('spin.claim')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((c, i) => (
              <Table.Tr key={c._id} data-testid="coupon-row">
                <Table.Td>{(page - 1) * spin.COUPON_PAGE + i + 1}</Table.Td>
                <Table.Td>
                  <span
                    className="spin-coupons__label"
                    style={{ background: c.prize.slice.bgColor, color: c.prize.slice.textColor }}
                  >
                    {pick(c.prize.slice.label, locale)}
                  </span>
                  <Text fz="xs" c="dimmed" mt={2}>
                    {pick(c.prize.name, locale)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <PrizeAmount coupon={c} />
                </Table.Td>
                <Table.Td>
                  {c.claimable ? (
                    <Button size="compact-sm" radius="xl" onClick={() => setClaiming(c)}>
                      {t('spin.claim')}
                    </Button>
                  ) : (
                    <Text fz="xs" c="dimmed">
                      {c.claimedAt ? t('spin.claimed') : t('spin.expired')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          onPage={setPage}
          labels={{ nav: t('spin.couponPages'), previous: t('pager.previous'), next: t('pager.next') }}
        >
          <Text fz="sm">{t('pager.pageOf', { page, pages })}</Text>
        </Pager>
      )}
      <ClaimModal coupon={claiming} onClose={() => setClaiming(null)} />
    </section>
  );
}

/**
 * SPIN-3: the prize label, its description (the operator's HTML, cleaned), cancel and confirm. The
 * claim goes 500 ms after the last press of confirm, once; then the wheel and the coupons reload.
 */
export function ClaimModal({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const claim = useClaimCoupon();
  const timer = useRef<number | undefined>(undefined);
  const { reset } = claim;
  useEffect(() => {
    reset();
    return () => window.clearTimeout(timer.current);
  }, [coupon, reset]);

  const confirm = () => {
    if (!coupon) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      claim.mutate(coupon._id, {
        onSuccess: () => {
          notifySuccess(t('spin.claimedToast', { prize: pick(coupon.prize.name, locale) }));
          onClose();
        },
      });
    }, spin.COUPON_CONFIRM_DEBOUNCE_MS);
  };

  const html = coupon ? pick(coupon.prize.slice.htmlDescription, locale) : '';
  return (
    <Modal
      opened={coupon !== null}
      onClose={onClose}
      title={coupon ? t('spin.claimTitle', { prize: pick(coupon.prize.slice.label, locale) }) : ''}
      centered
      radius="lg"
    >
      {coupon && (
        <Stack gap="sm">
          <Text fw={700}>{pick(coupon.prize.name, locale)}</Text>
          <Text fz="sm">
            <PrizeAmount coupon={coupon} />
          </Text>
          {html && (
            <div
              className="spin-claim__html"
              data-testid="claim-description"
              // The operator's HTML, through the allow-list: no script, handler or style survives.
              dangerouslySetInnerHTML={{ __html: safeHtml(html) }}
            />
          )}
          {claim.isError && <ErrorAlert code={errorCode(claim.error)} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" radius="xl" onClick={onClose}>
              {t('spin.cancel')}
            </Button>
            <Button radius="xl" onClick={confirm} loading={claim.isPending}>
              {t('spin.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
