import { Alert } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format';
import { readItem, removeItem, STORAGE_KEYS } from '../../../lib/storage';
import { useSignIns } from '../api/sign-ins';
import { useDeviceName } from './profile/SignInHistory';

/**
 * Once after a login, on the home: when and on what the member signed in before this one, so a sign-in
 * they did not make stands out. A member's first sign-in has nothing to show.
 */
export function LastSignInNotice() {
  const { t } = useTranslation();
  const [wanted] = useState(() => readItem(STORAGE_KEYS.signInNotice, 'session') === '1');
  const [closed, setClosed] = useState(false);
  const deviceName = useDeviceName();
  // Shown once: a reload or a return to the home does not show it again.
  useEffect(() => {
    if (wanted) removeItem(STORAGE_KEYS.signInNotice);
  }, [wanted]);
  const signIns = useSignIns(wanted);
  const previous = signIns.data?.items.find((s) => !s.current);
  if (!wanted || closed || !previous) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHistory size={20} />}
      withCloseButton
      closeButtonLabel={t('care.close')}
      onClose={() => setClosed(true)}
      role="status"
      data-testid="last-sign-in"
    >
      {t('care.signIns.lastSignInDevice', {
        time: formatDateTime(previous.at),
        device: deviceName(previous),
      })}
    </Alert>
  );
}
