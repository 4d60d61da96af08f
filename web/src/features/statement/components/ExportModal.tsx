import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { statement } from '@krapao/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../i18n';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { useExportStatement } from '../api/export-statement';
import { daysIn } from '../api/filter';

/**
 * ST-6: choose the days and save the statement as a CSV file (Excel shows Thai and Lao). A range longer
 * than the server takes is said here before asking; the server's refusal is shown the same way.
 */
export function ExportModal({
  opened,
  onClose,
  initial,
}: {
  opened: boolean;
  onClose: () => void;
  initial: { from: string; to: string };
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const exporting = useExportStatement();
  const max = statement.STATEMENT_EXPORT_MAX_DAYS;
  const local =
    !from || !to
      ? 'STATEMENT_RANGE_INVALID'
      : daysIn(from, to) === 0
        ? 'STATEMENT_RANGE_INVALID'
        : daysIn(from, to) > max
          ? 'STATEMENT_RANGE_TOO_LONG'
          : undefined;
  const shown = local ?? (exporting.isError ? errorCode(exporting.error) : undefined);
  return (
    <Modal opened={opened} onClose={onClose} title={t('statement.export.title')} centered radius="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (local) return;
          exporting.mutate({ from, to, lang: locale }, { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {t('statement.export.text', { days: max })}
          </Text>
          <SimpleGrid cols={2} spacing="xs">
            <TextInput
              type="date"
              label={t('statement.filter.from')}
              value={from}
              required
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('statement.filter.to')}
              value={to}
              required
              onChange={(e) => setTo(e.currentTarget.value)}
            />
          </SimpleGrid>
          {shown && (
            <Alert color="red" variant="light" role="alert" data-testid="statement-export-error">
              {shown === 'STATEMENT_RANGE_TOO_LONG'
                ? t('statement.export.tooLong', { days: max })
                : errorText(shown)}
            </Alert>
          )}
          <Button
            type="submit"
            radius="md"
            leftSection={<IconDownload size={18} />}
            loading={exporting.isPending}
            disabled={Boolean(local)}
          >
            {t('statement.export.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
