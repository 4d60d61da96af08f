import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { REALITY_CHECK_MINUTES, type Protection } from '@krapao/contract';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { useSetRealityCheck } from '../api/protection';

/** How often the reality check appears: off, 15, 30 or 60 minutes; applies at once. */
export function RealityCheckSetting({ state }: { state: Protection }) {
  const { t } = useTranslation();
  const set = useSetRealityCheck();
  return (
    <Paper className="surface" p="lg" data-testid="reality-check-setting">
      <Title order={2} fz={16}>
        {t('protection.realityCheck')}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('protection.realityCheckHelp')}
      </Text>
      <Group gap={6} role="group" aria-label={t('protection.realityCheck')}>
        {REALITY_CHECK_MINUTES.map((m) => {
          const chosen = state.realityCheckMinutes === m;
          return (
            <Button
              key={m}
              size="compact-md"
              radius="xl"
              variant={chosen ? 'filled' : 'light'}
              aria-pressed={chosen}
              onClick={() => set.mutate(m)}
            >
              {m === 0 ? t('protection.off') : t('protection.minutes', { count: m })}
            </Button>
          );
        })}
      </Group>
      {set.isError && <ErrorAlert code={errorCode(set.error)} />}
    </Paper>
  );
}
