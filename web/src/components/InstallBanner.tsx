import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/react';
import { dismissInstall, installOffered, promptInstall, subscribeInstallPrompt } from '../lib/install-prompt';

/**
 * "Install Krapao": shown on a member's pages when the browser offers installation (Android's Chrome)
 * and the member has not turned it down on this device.
 */
export function InstallBanner() {
  const { t } = useTranslation();
  const offered = useSyncExternalStore(subscribeInstallPrompt, installOffered, () => false);
  if (!offered) return null;
  return (
    <Paper className="surface install-banner" p="sm" mb="md" role="region" aria-label={t('install.button')}>
      <Group wrap="nowrap" gap="sm">
        <IconDeviceMobileDown size={28} stroke={1.6} aria-hidden style={{ flex: 'none' }} />
        <Text fz="sm" style={{ flex: 1 }}>
          {t('install.text')}
        </Text>
        <Button size="compact-sm" radius="xl" onClick={promptInstall}>
          {t('install.button')}
        </Button>
        <CloseButton aria-label={t('install.dismiss')} onClick={dismissInstall} />
      </Group>
    </Paper>
  );
}
