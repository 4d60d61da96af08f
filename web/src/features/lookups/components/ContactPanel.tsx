import '@mantine/core/styles/Image.css';
import { Anchor, Button, Group, Image, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CLIENT_VERSION } from '@krapao/contract';
import { IconBrandLine, IconPhone, IconHeadset } from '@tabler/icons-react';
import { useLocale, useTranslation } from '../../../i18n/react';
import { Link, useLocation } from 'react-router';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useContact } from '../api/lookups';

/**
 * Where the LINE button leads: the operator's link, else LINE's add-friend address for the ID (an official
 * account's ID starts with @, written %40), which opens the LINE app on a phone. A button without an
 * address did nothing when only the ID was set, as the seed sets it.
 */
function lineLink(contact: { lineUrl: string; lineId: string }): string | undefined {
  if (contact.lineUrl) return contact.lineUrl;
  return contact.lineId ? `https://line.me/R/ti/p/${encodeURIComponent(contact.lineId)}` : undefined;
}

/** SH-16: contact text, QR, LINE and phone from /api/lookup/contact, and the client version. */
export function ContactPanel() {
  const { t } = useTranslation();
  const query = useContact();
  const lng = useLocale();
  const contact = query.data;
  const line = contact && lineLink(contact);
  // HELP-1: a member stays in the member shell (/user/howto), a visitor in theirs.
  const howto = useLocation().pathname.startsWith('/user/') ? '/user/howto' : '/howto';
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconHeadset size={24} stroke={1.7} />
        </ThemeIcon>
        <div>
          <Title order={2} fz={22}>
            {t('contact.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('contact.subtitle')}
          </Text>
        </div>
      </Group>
      {query.isPending && <DelayedLoader />}
      {query.isError && <Text c="dimmed">{t('contact.unavailable')}</Text>}
      {contact && (
        <Paper className="surface" p="lg">
          <Stack gap="md">
            {contact.text[lng] && <Text style={{ whiteSpace: 'pre-line' }}>{contact.text[lng]}</Text>}
            {contact.qrImageUrl && (
              <Image
                src={contact.qrImageUrl}
                alt={t('contact.qrAlt')}
                w={180}
                h={180}
                fit="contain"
                mx="auto"
                radius="md"
              />
            )}
            {line && (
              <Button
                component="a"
                href={line}
                target="_blank"
                rel="noopener noreferrer"
                color="green"
                leftSection={<IconBrandLine size={20} />}
                fullWidth
              >
                {t('contact.line', { id: contact.lineId })}
              </Button>
            )}
            {contact.phone && (
              <Button
                component="a"
                href={`tel:${contact.phone}`}
                variant="light"
                leftSection={<IconPhone size={20} />}
                fullWidth
              >
                {t('contact.call', { phone: contact.phone })}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      <Text ta="center" c="dimmed" fz="xs">
        {t('contact.version', { version: CLIENT_VERSION })}
      </Text>
      <Text ta="center" fz="sm">
        <Anchor component={Link} to={howto}>
          {t('howto.link')}
        </Anchor>
      </Text>
    </Stack>
  );
}
