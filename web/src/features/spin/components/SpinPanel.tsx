import '../spin.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { useQueryClient } from '@tanstack/react-query';
import { IconConfetti } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/wallet-keys';
import { spinKeys } from '../api/keys';
import { useSpin, useSpinSetup } from '../api/spin-api';
import { percentText, pick } from '../text';
import { CouponTable } from './CouponTable';
import { FairnessPanel } from './FairnessPanel';
import { SpinWheel } from './SpinWheel';

type SpinResult = Awaited<ReturnType<ReturnType<typeof useSpin>['mutateAsync']>>;
type Setup = NonNullable<ReturnType<typeof useSpinSetup>['data']>;
type Wheel = NonNullable<Setup['activeSpinwheel']>;

/** SPIN-2: the congratulations with the prize; closing it reloads the wheel's setup. */
function PrizeModal({
  result,
  wheel,
  onClose,
}: {
  result: SpinResult | null;
  wheel: Wheel;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const slice = result ? wheel.slices.find((s) => s.code === result.code) : undefined;
  const nothing = slice?.type === 'nothing';
  return (
    <Modal opened={result !== null} onClose={onClose} title={t('spin.prizeTitle')} centered radius="lg">
      {result && (
        <Stack align="center" gap="sm" className="spin-prize">
          <IconConfetti size={44} stroke={1.5} />
          <Text fz="xl" fw={800} ta="center" data-testid="prize-label">
            {pick(result.label, locale)}
          </Text>
          {slice && !nothing && (
            <Text ta="center">{t('spin.prizeWon', { prize: pick(slice.name, locale) })}</Text>
          )}
          <Text fz="sm" c="dimmed" ta="center">
            {nothing ? t('spin.prizeNothing') : t('spin.prizeCoupon')}
          </Text>
          <Button radius="xl" fullWidth onClick={onClose}>
            {t('spin.close')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

/** Each slice's chance, beside its colour: what the member can win and how likely. */
function Chances({ wheel }: { wheel: Wheel }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section aria-labelledby="spin-chances-title" className="spin-chances">
      <Text id="spin-chances-title" component="h2" fw={700} fz="md" mb={6}>
        {t('spin.chances')}
      </Text>
      <ul>
        {wheel.slices.map((s) => (
          <li key={s.code} data-testid="slice-chance">
            <span className="spin-chances__swatch" style={{ background: s.bgColor }} aria-hidden="true" />
            <span className="spin-chances__name">
              <b>{pick(s.label, locale)}</b> {pick(s.name, locale)}
            </span>
            <span className="spin-chances__pct">{percentText(s.probability)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * SPIN-1 to SPIN-4: the wheel and its coins, the prize, the chances, the fairness commitment and verify
 * view, and the coupons. The /user/spin page and the wallet card's modal (`compact`: wheel and coupons).
 */
export function SpinPanel({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const setup = useSpinSetup();
  const spinCall = useSpin();
  const [prize, setPrize] = useState<SpinResult | null>(null);
  // The answer waits here until the wheel stops (a ref: the wheel's timer calls onPrize later).
  const pending = useRef<SpinResult | null>(null);
  const [round, setRound] = useState(0);

  if (setup.isPending) return <DelayedLoader />;
  if (setup.isError) return <ErrorAlert code={errorCode(setup.error)} />;
  const { activeSpinwheel: wheel, userCoin, fair } = setup.data;
  if (!wheel) return <ErrorAlert code="SPIN_INACTIVE" />;

  const spin = async () => {
    spinCall.reset();
    try {
      const result = await spinCall.mutateAsync();
      pending.current = result;
      // The coins the server counted, at once (the setup reloads after the prize).
      queryClient.setQueryData(spinKeys.setup(), (old: Setup | undefined) =>
        old ? { ...old, userCoin: result.remainingCoin } : old,
      );
      return result.code;
    } catch {
      return null;
    }
  };
  const closePrize = () => {
    setPrize(null);
    setRound((r) => r + 1);
    void queryClient.invalidateQueries({ queryKey: spinKeys.all() });
    void queryClient.invalidateQueries({ queryKey: walletKeys.detail() });
  };

  return (
    <Stack gap="lg" className="spin-panel" data-compact={compact || undefined}>
      <Stack align="center" gap="xs">
        {/* The operator's name of the wheel, unless it only repeats the page's or the modal's title. */}
        {![t('pages.spin'), t('spin.title'), ''].includes(pick(wheel.name, locale)) && (
          <Text component="h2" fw={800} fz="lg" ta="center">
            {pick(wheel.name, locale)}
          </Text>
        )}
        <SpinWheel
          slices={wheel.slices}
          coins={userCoin}
          spin={spin}
          onPrize={() => setPrize(pending.current)}
          round={round}
        />
        <Text fz="sm" c="dimmed" data-testid="spin-coins">
          {userCoin > 0 ? t('spin.coinsLeft', { count: userCoin }) : t('spin.noCoins')}
        </Text>
        {spinCall.isError && <ErrorAlert code={errorCode(spinCall.error)} />}
      </Stack>
      <CouponTable />
      {!compact && <Chances wheel={wheel} />}
      {!compact && <FairnessPanel fair={fair} />}
      <PrizeModal result={prize} wheel={wheel} onClose={closePrize} />
    </Stack>
  );
}
