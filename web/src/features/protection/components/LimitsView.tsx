import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useProtection } from '../api/protection';
import { BreakCard } from './BreakCard';
import { LimitsForm } from './LimitsForm';
import { PendingLimits } from './PendingLimits';
import { RealityCheckSetting } from './RealityCheckSetting';

/** /user/limits: the member's own limits, reality check, time-out and self-exclusion. */
export function LimitsView() {
  const { t } = useTranslation();
  const state = useProtection();
  if (state.isError) return <ErrorAlert code={errorCode(state.error)} />;
  if (!state.data) return <Loader mx="auto" my="xl" />;
  const data = state.data;
  return (
    <Stack gap="md" data-testid="limits-page">
      <Title order={1} fz={20}>
        {t('protection.title')}
      </Title>
      {data.block && (
        <Alert
          color="red"
          variant="light"
          icon={<IconShieldCheck size={20} />}
          data-testid="protection-block"
        >
          {t(data.block.kind === 'TIMEOUT' ? 'protection.blockedTimeout' : 'protection.blockedExclusion', {
            time: formatDateTime(data.block.until),
          })}
        </Alert>
      )}
      <Text fz="sm" c="dimmed">
        {t('protection.intro')}
      </Text>
      <PendingLimits state={data} />
      <Paper className="surface" p="lg">
        {/* Saved limits come back from the server: the form starts again from them. */}
        <LimitsForm key={JSON.stringify(data.limits)} state={data} />
      </Paper>
      <RealityCheckSetting state={data} />
      <BreakCard disabled={data.block?.kind === 'EXCLUSION'} />
    </Stack>
  );
}
