import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import { IconCards, IconBallFootball, IconTicket } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Money } from '../../components/Money';
import { useProfile } from '../../features/accounts/api/get-profile';

export default function MemberHomeRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  const name = profile.data?.name ?? '';
  return (
    <Stack gap="lg">
      <div>
        <Text c="dimmed" fz="sm">
          {t('home.welcomeBack')}
        </Text>
        <Title order={1} fz={24}>
          {name ? t('home.hello', { name }) : t('home.helloAnonymous')}
        </Title>
      </div>

      <Paper className="wallet-card" p="lg" radius="xl">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text fz="sm" c="brand.1" fw={600}>
              {t('home.walletTotal')}
            </Text>
            <Badge color="white" c="brand.9" variant="filled" size="sm">
              {t('common.comingSoon')}
            </Badge>
          </Group>
          <Text fz={34} fw={800} lh={1.1} aria-label={t('home.walletTotal')}>
            <Money minor={0} />
          </Text>
          <Text fz="sm" c="brand.1">
            {t('home.walletSoon')}
          </Text>
        </Stack>
      </Paper>

      <div>
        <Title order={2} fz={18} mb="sm">
          {t('home.games')}
        </Title>
        <SimpleGrid cols={3} spacing="sm">
          {[
            { key: 'slot', icon: <IconCards size={26} stroke={1.6} /> },
            { key: 'sport', icon: <IconBallFootball size={26} stroke={1.6} /> },
            { key: 'lotto', icon: <IconTicket size={26} stroke={1.6} /> },
          ].map((g) => (
            <Paper key={g.key} className="surface" p="md" ta="center">
              <Stack gap={6} align="center" c="brand.8">
                {g.icon}
                <Text fz="sm" fw={700} c="dark">
                  {t(`home.game.${g.key}`)}
                </Text>
                <Text fz={11} c="dimmed">
                  {t('common.comingSoon')}
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </div>
    </Stack>
  );
}
