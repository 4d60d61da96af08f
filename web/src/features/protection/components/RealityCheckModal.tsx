import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { useEffect, useState } from 'react';
import { Money } from '../../../components/Money';
import { useTranslation } from '../../../i18n/react';
import { bahtToMinor } from '../../../lib/format';
import { useProtection } from '../api/protection';

/**
 * The reality check: while the member is on the site, every chosen interval a dialog says how long they
 * have been signed in and the net result of this sign-in's play (the server's figures, read afresh when
 * it opens), with "continue" and "log out". The intervals count from sign-in (the server's session start),
 * so the first comes as soon as one is due. Off when the interval is 0.
 */
export function RealityCheckModal({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const state = useProtection();
  const minutes = state.data?.realityCheckMinutes ?? 0;
  const [open, setOpen] = useState(false);
  const refetch = state.refetch;
  const session = state.data?.session;
  // The server's time since sign-in when it answered; the time since then is this page's own.
  const signedInS = session?.elapsedS;
  const answeredAt = state.dataUpdatedAt;

  useEffect(() => {
    if (!minutes || open || signedInS === undefined) return;
    const every = minutes * 60_000;
    // Counted from sign-in, not from this page's load: a reload or a new tab keeps the rhythm.
    const since = signedInS * 1000 + Math.max(0, Date.now() - answeredAt);
    const timer = setTimeout(
      () => {
        void refetch();
        setOpen(true);
      },
      (Math.floor(since / every) + 1) * every - since,
    );
    return () => clearTimeout(timer);
  }, [minutes, open, refetch, signedInS, answeredAt]);

  const net = session?.net ?? 0;
  const hours = Math.floor((session?.elapsedS ?? 0) / 3600);
  const mins = Math.floor(((session?.elapsedS ?? 0) % 3600) / 60);
  return (
    <Modal
      opened={open}
      onClose={() => setOpen(false)}
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
          <Button onClick={() => setOpen(false)}>{t('protection.check.continue')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
