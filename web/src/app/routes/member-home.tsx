import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { IconCards, IconBallFootball, IconTicket } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Words } from '../../components/Words';
import { useProfile } from '../../features/accounts/api/get-profile';
import { WalletCard } from '../../features/wallet/components/WalletCard';

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

      <WalletCard />

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
                  <Words>{t(`home.game.${g.key}`)}</Words>
                </Text>
                <Text fz={11} c="dimmed">
                  <Words>{t('common.comingSoon')}</Words>
                </Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </div>
    </Stack>
  );
}
