import { Alert } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Protection } from '@krapao/contract';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format';

/** Said where offers would be, during a time-out or self-exclusion: none until it ends. */
export function OffersPaused({ block }: { block: NonNullable<Protection['block']> }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconShieldCheck size={20} />}
      data-testid="offers-paused"
      title={t('protection.paused.title')}
    >
      {t('protection.paused.text', { time: formatDateTime(block.until) })}{' '}
      <Link to="/user/limits">{t('protection.link')}</Link>
    </Alert>
  );
}
