import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../i18n';

export default function NotFoundPage() {
  const t = useT();
  return (
    <Stack align="flex-start">
      <Title order={2}>{t('console.notFound.title')}</Title>
      <Text c="dimmed">{t('console.notFound.text')}</Text>
      <Button component={Link} to="/console" variant="light">
        {t('console.nav.home')}
      </Button>
    </Stack>
  );
}
