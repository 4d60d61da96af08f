import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { hasSession } from '../../lib/session';

/** SH-7: any unknown path. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="sm" py={48}>
      <Text fz={64} fw={800} c="brand.7" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1} fz={24}>
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={320}>
        {t('notFound.text')}
      </Text>
      <Button component={Link} to={hasSession() ? '/user/home' : '/login'} mt="sm">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
