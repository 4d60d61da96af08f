import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { DelayedLoader } from '../../components/DelayedLoader';

/** Shown while the first lazy screen loads. */
export function RootFallback() {
  return <DelayedLoader />;
}

/** A screen failed to load or render (often a new release while the tab was open): offer a reload. */
export function RootBoundary() {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" mih="100dvh" p="xl" ta="center">
      <Title order={3}>{t('common.somethingWrong')}</Title>
      <Text c="dimmed">{t('common.reloadHint')}</Text>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </Stack>
  );
}
