import { Alert } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Protection } from '@krapao/contract';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format';

/**
 * Said where something is paused by a time-out or self-exclusion (`title`, `text` with its {{time}}):
 * until when, and the way to the limits page (`onLink` first, e.g. to close the dialog it is in).
 */
export function BlockNotice({
  block,
  title,
  text,
  testId,
  onLink,
}: {
  block: NonNullable<Protection['block']>;
  title: string;
  text: string;
  testId: string;
  onLink?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconShieldCheck size={20} />}
      data-testid={testId}
      title={t(title)}
    >
      {t(text, { time: formatDateTime(block.until) })}{' '}
      <Link to="/user/limits" onClick={onLink}>
        {t('protection.link')}
      </Link>
    </Alert>
  );
}

/** Said where offers would be, during a time-out or self-exclusion: none until it ends. */
export function OffersPaused({ block }: { block: NonNullable<Protection['block']> }) {
  return (
    <BlockNotice
      block={block}
      title="protection.paused.title"
      text="protection.paused.text"
      testId="offers-paused"
    />
  );
}
