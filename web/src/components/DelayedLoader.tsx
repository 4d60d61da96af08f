import { Center, Loader } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { useDelayedFlag } from '../lib/delayed';

/** SH-17: a spinner that appears only after LOADER_DELAY_MS. */
export function DelayedLoader({
  active = true,
  size = 'md',
}: {
  active?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const shown = useDelayedFlag(active);
  if (!shown) return null;
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader size={size} />
    </Center>
  );
}
