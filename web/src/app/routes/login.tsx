import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlayerPlay, IconShieldCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoginForm } from '../../features/accounts/components/LoginForm';
import { useServiceActive } from '../../features/lookups/api/service-active';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const active = useServiceActive();
  // REG-8: a member who has just registered finds their phone filled in.
  const registered = (useLocation().state as { username?: unknown } | null)?.username;

  // SH-6: a terminated service sends every visitor to /terminated.
  useEffect(() => {
    if (active && !active.active) void navigate('/terminated', { replace: true });
  }, [active, navigate]);

  return (
    <Stack gap="lg">
      <div>
        {/* A member who has just registered is new here, not back. */}
        <Title order={1} fz={26}>
          {t(typeof registered === 'string' ? 'login.titleRegistered' : 'login.title')}
        </Title>
        <Text c="dimmed">
          {t(typeof registered === 'string' ? 'login.subtitleRegistered' : 'login.subtitle')}
        </Text>
      </div>
      <Paper className="surface" p="lg">
        <LoginForm
          defaultUsername={typeof registered === 'string' ? registered : ''}
          onLoggedIn={() => void navigate('/user/home', { replace: true })}
        />
        <Group justify="flex-end" mt="sm">
          <Anchor component={Link} to="/forgot-password" fz="sm" fw={600}>
            {t('login.forgot')}
          </Anchor>
        </Group>
      </Paper>
      <Paper className="surface" p="md">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} style={{ minWidth: 0 }}>
            {t('login.noAccount')}
          </Text>
          {/* The question wraps, never the button's label (English's is the longest). */}
          <Button
            component={Link}
            to="/register"
            variant="light"
            bg="brand.0"
            c="brand.9"
            size="sm"
            style={{ flexShrink: 0 }}
          >
            {t('login.registerCta')}
          </Button>
        </Group>
      </Paper>
      <Group justify="center" gap={6}>
        <IconPlayerPlay size={16} aria-hidden />
        <Anchor component={Link} to="/howto" fw={600}>
          {t('howto.link')}
        </Anchor>
      </Group>
      <Group justify="center" gap={6} c="dimmed">
        <ThemeIcon variant="transparent" c="brand.7" size="sm">
          <IconShieldCheck size={16} />
        </ThemeIcon>
        <Text fz="xs">{t('login.secure')}</Text>
      </Group>
    </Stack>
  );
}
