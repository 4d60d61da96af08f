import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePinStatus } from '../api/pin';
import { SetPinForm } from './SetPinForm';

/** The profile's withdrawal PIN: whether it is set (or locked), and the dialog that sets or changes it. */
export function WithdrawalPinCard() {
  const { t } = useTranslation();
  const status = usePinStatus();
  const [open, setOpen] = useState(false);
  const set = status.data?.set ?? false;
  return (
    <Paper className="surface" p="lg" data-testid="pin-card">
      <Group gap="xs" mb="xs">
        <IconShieldLock size={18} aria-hidden />
        <Title order={2} fz={16}>
          {t('care.pin.title')}
        </Title>
      </Group>
      <Text fz="sm" c="dimmed">
        {t('care.pin.why')}
      </Text>
      <Text fz="sm" fw={600} mt="xs" data-testid="pin-state">
        {status.data ? (set ? t('care.pin.set') : t('care.pin.notSet')) : '—'}
      </Text>
      {status.data?.blockedUntil && (
        <Text fz="sm" c="red">
          {t('care.pin.blocked', { time: formatDateTime(status.data.blockedUntil) })}
        </Text>
      )}
      <Button mt="md" variant="light" fullWidth disabled={!status.data} onClick={() => setOpen(true)}>
        {set ? t('care.pin.changeButton') : t('care.pin.setButton')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('care.pin.title')} centered radius="lg">
        {open && (
          <SetPinForm
            hasPin={set}
            submitLabel={set ? t('care.pin.changeButton') : t('care.pin.setButton')}
            onDone={() => {
              setOpen(false);
              notifySuccess(t('care.pin.saved'));
            }}
          />
        )}
      </Modal>
    </Paper>
  );
}
