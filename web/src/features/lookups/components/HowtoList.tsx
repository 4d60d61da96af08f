import { Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { howtoVideoUrls } from '../../../lib/config';

const VIDEO_KEYS = ['register', 'deposit', 'transfer', 'withdraw', 'bonus'] as const;

/** SH-4: five how-to videos; each card links to its configured address (nothing is fetched). */
export function HowtoList() {
  const { t } = useTranslation();
  const urls = howtoVideoUrls();
  return (
    <>
      <Title order={2} fz={22} mb={4}>
        {t('howto.title')}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {t('howto.subtitle')}
      </Text>
      <SimpleGrid cols={1} spacing="sm">
        {VIDEO_KEYS.map((key, i) => {
          const url = urls[i];
          const title = t(`howto.videos.${key}`);
          const body = (
            <Group wrap="nowrap" gap="md">
              <div className="video-thumb" aria-hidden>
                <ThemeIcon size={44} radius="xl" color="white" c="brand.8">
                  <IconPlayerPlayFilled size={22} />
                </ThemeIcon>
              </div>
              <div>
                <Text fw={700}>{`${i + 1}. ${title}`}</Text>
                <Text c="dimmed" fz="sm">
                  {url ? t('howto.watch') : t('common.comingSoon')}
                </Text>
              </div>
            </Group>
          );
          return url ? (
            <Paper
              key={key}
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="surface howto-card"
              p="sm"
              aria-label={`${t('howto.watch')}: ${title}`}
            >
              {body}
            </Paper>
          ) : (
            <Paper key={key} className="surface howto-card" p="sm" aria-disabled="true">
              {body}
            </Paper>
          );
        })}
      </SimpleGrid>
    </>
  );
}
