import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { Money } from '../../../components/Money';
import { useTranslation } from '../../../i18n/react';
import { bahtToMinor } from '../../../lib/format';
import { useProtection } from '../api/protection';

/**
 * The reality check's dialog (RealityCheck.tsx opens it when a check is due): how long the member has
 * been signed in and this sign-in's net result, as the server last answered, with "continue" and "log out".
 */
export function RealityCheckModal({
  opened,
  onClose,
  onLogout,
}: {
  opened: boolean;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const state = useProtection();
  const session = state.data?.session;
  const net = session?.net ?? 0;
  const hours = Math.floor((session?.elapsedS ?? 0) / 3600);
  const mins = Math.floor(((session?.elapsedS ?? 0) % 3600) / 60);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('protection.check.title')}
      centered
      closeOnClickOutside={false}
      data-testid="reality-check"
    >
      <Stack gap="sm">
        <Text>
          {t('protection.check.elapsed', {
            time: t('protection.hoursMinutes', { hours, minutes: mins }),
          })}
        </Text>
        <Group justify="space-between">
          <Text c="dimmed">{t('protection.check.net')}</Text>
          <Text fw={700} className="tabular" data-testid="reality-net">
            <Money
              minor={Math.abs(bahtToMinor(net))}
              sign={net < 0 ? '-' : net > 0 ? '+' : ''}
              currency={state.data?.currency}
            />
          </Text>
        </Group>
        <Group grow mt="sm">
          <Button variant="default" onClick={onLogout}>
            {t('protection.check.logout')}
          </Button>
          <Button onClick={onClose}>{t('protection.check.continue')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
