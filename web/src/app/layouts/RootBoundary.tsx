import { Button, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Splash } from './Splash';

/** Shown while the first lazy screen loads: the splash index.html painted goes on. */
export function RootFallback() {
  return <Splash />;
}

/** A screen failed to load or render (often a new release while the tab was open): offer a reload. */
function ReloadOffer() {
  const { t } = useTranslation();
  return (
    <Stack align="center" justify="center" mih="100dvh" p="xl" ta="center">
      <Title order={3}>{t('common.somethingWrong')}</Title>
      <Text c="dimmed">{t('common.reloadHint')}</Text>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </Stack>
  );
}

/** Catches what a screen throws while it loads or renders, and offers a reload instead of a blank page. */
export class RootBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ReloadOffer /> : this.props.children;
  }
}
