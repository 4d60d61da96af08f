import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ScrollArea.css';
import { Text, Typography } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import '@mantine/core/styles/Typography.css';
import { useLocale, useTranslation } from '../../../i18n/react';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useConditions } from '../api/lookups';

/** SH-10: the conditions, from /api/lookup/conditions, in the member's language. */
export function ConditionsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useConditions(opened);
  const lng = useLocale();
  return (
    <Modal opened={opened} onClose={onClose} title={t('conditions.title')} centered radius="lg" size="lg">
      {query.isPending && <DelayedLoader />}
      {query.isError && <Text c="dimmed">{t('conditions.unavailable')}</Text>}
      {query.data && (
        <Typography>
          {/* The server sanitises configured HTML; it is operator content, not member input. */}
          <div dangerouslySetInnerHTML={{ __html: query.data.content[lng] }} />
        </Typography>
      )}
    </Modal>
  );
}
