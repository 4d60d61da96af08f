import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';

/** SH-6: the service has ended ('gone'). */
export default function TerminatedRoute() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="sm" py={48}>
      <ThemeIcon size={80} radius={40} variant="light" color="gray">
        <IconPlugConnectedX size={40} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={24}>
        {t('terminated.title')}
      </Title>
      <Text c="dimmed" maw={320}>
        {t('terminated.text')}
      </Text>
    </Stack>
  );
}
