import '@mantine/core/styles/Badge.css';
import { Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SignIn } from '@krapao/contract';
import { IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { Fragment } from 'react';
import { DelayedLoader } from '../../../../components/DelayedLoader';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useTranslation } from '../../../../i18n/react';
import { errorCode } from '../../../../lib/api-client';
import { useDelayedFlag } from '../../../../lib/delayed';
import { formatDateTime } from '../../../../lib/format';
import { notifySuccess } from '../../../../lib/notify';
import { useEndOtherSessions, useSignIns } from '../../api/sign-ins';

/** "Chrome on Android", one part where only one is known, else "unknown device". */
export function useDeviceName() {
  const { t } = useTranslation();
  return (s: Pick<SignIn, 'browser' | 'os'>) =>
    s.browser && s.os
      ? t('care.signIns.device', { browser: s.browser, os: s.os })
      : s.browser || s.os || t('care.signIns.unknownDevice');
}

/** The recent sign-ins (time, device, address and area), this device marked; ends the other sessions. */
export function SignInHistory() {
  const { t } = useTranslation();
  const query = useSignIns();
  const endOthers = useEndOtherSessions();
  const busy = useDelayedFlag(endOthers.isPending);
  const deviceName = useDeviceName();
  const items = query.data?.items;
  const others = items?.some((s) => s.active && !s.current) ?? false;

  return (
    <Paper className="surface" p="lg" data-testid="sign-in-history">
      <Group gap="xs" mb="xs">
        <IconDeviceMobile size={18} aria-hidden />
        <Title order={2} fz={16}>
          {t('care.signIns.title')}
        </Title>
      </Group>
      {!items ? (
        <DelayedLoader active={query.isPending} />
      ) : items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('care.signIns.none')}
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((s, i) => (
            <Fragment key={`${s.at}-${i}`}>
              {i > 0 && <Divider />}
              <div data-testid="sign-in">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} fz="sm">
                    {deviceName(s)}
                  </Text>
                  {s.current ? (
                    <Badge size="sm" variant="filled">
                      {t('care.signIns.thisDevice')}
                    </Badge>
                  ) : (
                    s.active && (
                      <Badge size="sm" variant="light">
                        {t('care.signIns.active')}
                      </Badge>
                    )
                  )}
                </Group>
                <Text fz="xs" c="dimmed">
                  {formatDateTime(s.at)} · {s.address} · {s.area ?? t('care.signIns.areaUnknown')}
                </Text>
              </div>
            </Fragment>
          ))}
        </Stack>
      )}
      {endOthers.isError && <ErrorAlert code={errorCode(endOthers.error)} />}
      <Button
        mt="md"
        variant="light"
        color="red"
        fullWidth
        leftSection={<IconLogout size={18} />}
        disabled={!others}
        loading={busy}
        onClick={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ ended }) => notifySuccess(t('care.signIns.endOthersDone', { count: ended })),
          })
        }
      >
        {t('care.signIns.endOthers')}
      </Button>
    </Paper>
  );
}
