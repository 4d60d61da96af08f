import { Button } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyWithLaterTexts, useTranslation } from '../../../i18n/react';
import { useSpinActive } from '../api/spin-api';

// The wheel's code loads when the member opens it, not with the home page.
const SpinModal = lazyWithLaterTexts(() => import('./SpinModal'), 'default');

/** HOME-1: the spin-coin button with the coin count, only while the wheel is active; opens the wheel. */
export function SpinCoinButton({ coins }: { coins: number | undefined }) {
  const { t } = useTranslation();
  const active = useSpinActive();
  const [open, setOpen] = useState(false);
  if (active.data !== true) return null;
  return (
    <>
      <Button
        className="spin-coin-button"
        variant="white"
        color="brand.9"
        size="compact-sm"
        radius="xl"
        leftSection={<IconCoin size={18} stroke={1.8} />}
        aria-label={t('spin.openWheel', { count: coins ?? 0 })}
        onClick={() => setOpen(true)}
      >
        {coins ?? 0}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SpinModal opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
