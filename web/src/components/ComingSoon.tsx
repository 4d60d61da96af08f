import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

/** A friendly placeholder for what the next issues build. */
export function ComingSoon({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py="xl" px="md" ta="center">
      <ThemeIcon size={72} radius={36} variant="light">
        {icon ?? <IconSparkles size={36} stroke={1.6} />}
      </ThemeIcon>
      <Title order={3}>{title}</Title>
      <Text c="dimmed" maw={320}>
        {t('common.comingSoonText')}
      </Text>
      {children}
    </Stack>
  );
}
