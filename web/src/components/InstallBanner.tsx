import './install-banner.css';
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/react';
import { dismissInstall, installOffered, promptInstall, subscribeInstallPrompt } from '../lib/install-prompt';

/**
 * "Install Krapao": shown at the top of a member's page when the browser offers installation (Android's
 * Chrome) and the member has not turned it down on this device. The browser makes its offer once it has
 * checked the app, most often after the page is drawn: inserted then, the banner pushed everything below
 * it down (Lighthouse measured a layout shift of 0.087 on /user/home with applied throttling), and a tap
 * meant for a game card could land on the next one. So an offer shows on a page drawn after it came (the
 * member shell draws a new banner for each page: MemberLayout's key), never into one on screen; floating
 * over the page instead covered what members tap (a browser test's button, for one).
 */
export function InstallBanner() {
  const { t } = useTranslation();
  const offered = useSyncExternalStore(subscribeInstallPrompt, installOffered, () => false);
  const [offeredWhenDrawn] = useState(installOffered);
  if (!offered || !offeredWhenDrawn) return null;
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
