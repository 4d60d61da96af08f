import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { EXCLUSION_MONTHS, TIMEOUT_DAYS } from '@krapao/contract';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { useBlock, type BlockRequest } from '../api/protection';

/** A time-out or a self-exclusion: each starts at once, after the member says "yes" once more. */
export function BreakCard({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const block = useBlock();
  const [asked, setAsked] = useState<BlockRequest | null>(null);
  const lengthOf = (req: BlockRequest) =>
    req.kind === 'TIMEOUT'
      ? req.days === 1
        ? t('protection.oneDay')
        : t('protection.days', { count: req.days })
      : req.months % 12 === 0 && req.months > 12
        ? t('protection.years', { count: req.months / 12 })
        : t('protection.months', { count: req.months });

  const choices = (kind: BlockRequest['kind']) => (
    <Group gap={6}>
      {(kind === 'TIMEOUT' ? TIMEOUT_DAYS : EXCLUSION_MONTHS).map((n) => {
        const req: BlockRequest = kind === 'TIMEOUT' ? { kind, days: n } : { kind, months: n };
        return (
          <Button
            key={n}
            size="compact-md"
            radius="xl"
            variant="light"
            color={kind === 'EXCLUSION' ? 'red' : undefined}
            disabled={disabled}
            onClick={() => setAsked(req)}
          >
            {lengthOf(req)}
          </Button>
        );
      })}
    </Group>
  );

  return (
    <Paper className="surface" p="lg" data-testid="break-card">
      <Stack gap="sm">
        <Title order={2} fz={16}>
          {t('protection.timeout')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('protection.timeoutHelp')}
        </Text>
        {choices('TIMEOUT')}
        <Title order={2} fz={16} mt="sm">
          {t('protection.exclusion')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('protection.exclusionHelp')}
        </Text>
        {choices('EXCLUSION')}
      </Stack>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={t('protection.sureTitle')}
        centered
      >
        {asked && (
          <Stack gap="md">
            <Text>
              {t(asked.kind === 'TIMEOUT' ? 'protection.sureTimeout' : 'protection.sureExclusion', {
                length: lengthOf(asked),
              })}
            </Text>
            {block.isError && <ErrorAlert code={errorCode(block.error)} />}
            <Group grow>
              <Button variant="default" onClick={() => setAsked(null)}>
                {t('protection.cancel')}
              </Button>
              <Button
                color="red"
                loading={block.isPending}
                onClick={() => block.mutate(asked, { onSuccess: () => setAsked(null) })}
              >
                {t('protection.start')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
