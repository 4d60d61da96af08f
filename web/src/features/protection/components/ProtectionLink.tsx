import { Paper, Text, UnstyledButton, Group } from '@mantine/core';
import { IconChevronRight, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';

/** The profile's way to /user/limits. */
export function ProtectionLink() {
  const { t } = useTranslation();
  return (
    <Paper className="surface" p="lg">
      <UnstyledButton component={Link} to="/user/limits" w="100%" data-testid="limits-link">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <IconShieldCheck size={22} stroke={1.7} aria-hidden />
            <div>
              <Text fw={700}>{t('protection.link')}</Text>
              <Text fz="sm" c="dimmed">
                {t('protection.linkHelp')}
              </Text>
            </div>
          </Group>
          <IconChevronRight size={18} aria-hidden />
        </Group>
      </UnstyledButton>
    </Paper>
  );
}
