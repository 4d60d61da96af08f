import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Typography.css';
import { Button, Stack, Text, Title, Typography } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import type { Localized } from '@krapao/contract';
import { useMemo } from 'react';
import { useLocale, useTranslation } from '../../../i18n/react';
import { safeHtml } from '../../../lib/safe-html';

export interface Agreement {
  id: string;
  title: Localized;
  content: Localized;
}

/**
 * HOME-2: the list of agreements (operator HTML, cleaned again here) and one accept button. It has no
 * close button and ignores Escape and the backdrop: it stays until the member accepts.
 */
export function AgreementsModal({
  opened,
  agreements,
  accepting,
  onAccept,
}: {
  opened: boolean;
  agreements: Agreement[];
  accepting: boolean;
  onAccept: () => void;
}) {
  const { t } = useTranslation();
  const lng = useLocale();
  const texts = useMemo(
    () => agreements.map((a) => ({ id: a.id, title: a.title[lng], html: safeHtml(a.content[lng]) })),
    [agreements, lng],
  );
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      title={t('agreements.title')}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      radius="lg"
      size="lg"
    >
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {t('agreements.intro')}
        </Text>
        {texts.map((a) => (
          <section key={a.id} aria-label={a.title}>
            <Title order={3} fz="md" mb={4}>
              {a.title}
            </Title>
            <Typography>
              <div dangerouslySetInnerHTML={{ __html: a.html }} />
            </Typography>
          </section>
        ))}
        <Button fullWidth size="md" radius="xl" loading={accepting} onClick={onAccept}>
          {t('agreements.accept')}
        </Button>
      </Stack>
    </Modal>
  );
}
