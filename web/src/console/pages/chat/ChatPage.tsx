import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Image.css';
import {
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Image,
  Menu,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { IconMessageReply, IconPhoto, IconUserCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  consoleQueues,
  scriptLanguage,
  type ChatMemberContext,
  type ChatMessage,
  type ConsoleConversation,
  type Locale,
} from '@krapao/contract';
import { NATIVE_NAMES } from '../../../components/LanguageSwitch';
import { useLocale } from '../../../i18n/react';
import { ApiError, errorCode } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/format';
import { consoleCall, consolePath, staffHeaders } from '../../api/client';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { formatAmount, formatBangkok } from '../../format';
import { consoleTextIn, loadConsoleTexts, useT } from '../../i18n';
import { can, PERMISSIONS } from '../../permissions';
import { useStaffMe } from '../../use-me';

/** Canned answers the operator picks and then edits before sending (console.chat.quick.*). */
export const QUICK_REPLIES = [
  'greeting',
  'checking',
  'depositDone',
  'withdrawalDone',
  'slipNeeded',
  'thanks',
] as const;

/**
 * The language to answer a conversation in: the script of the member's last words (Thai, Lao; Latin
 * letters: English), else their money's (a kip wallet: Lao), else the console's own.
 */
function replyLanguage(
  messages: readonly ChatMessage[],
  currency: string | undefined,
  fallback: Locale,
): Locale {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.sender !== 'customer' || m.message.message_type !== 'text') continue;
    const language = scriptLanguage(m.message.payload.text);
    if (language) return language;
  }
  return currency === 'LAK' ? 'la' : fallback;
}

const chatsKey = ['console', 'chats'] as const;

const useConversations = () =>
  useQuery({
    queryKey: chatsKey,
    queryFn: ({ signal }) => consoleCall(consoleQueues.chats, undefined, { signal }),
    refetchInterval: 15_000,
  });

const useThread = (id: string | null) =>
  useQuery({
    queryKey: [...chatsKey, id],
    queryFn: ({ signal }) =>
      consoleCall(consoleQueues.chatThread, undefined, { params: { id: id! }, signal }),
    enabled: id !== null,
    refetchInterval: 15_000,
  });

/** A picture for a reply, uploaded into the conversation; answers the media payload to send. */
async function uploadPicture(
  id: string,
  file: File,
): Promise<{ fileType: 'image' | 'video'; filePath: string }> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(
    consolePath({ path: consoleQueues.CHAT_IMAGE_UPLOAD_PATH }, { params: { id } }),
    {
      method: 'POST',
      headers: staffHeaders(false),
      body: form,
    },
  );
  const data = (await response.json().catch(() => ({}))) as {
    message?: string;
    fileType?: 'image';
    filePath?: string;
  };
  if (!response.ok || !data.filePath)
    throw new ApiError(data.message ?? 'INTERNAL_SERVER_ERROR', response.status);
  return { fileType: data.fileType ?? 'image', filePath: data.filePath };
}

function Age({ since }: { since: string }) {
  const t = useT();
  const minutes = Math.max(0, Math.floor((Date.now() - new Date(since).getTime()) / 60_000));
  return (
    <Badge
      color={minutes >= 5 ? 'red' : 'yellow'}
      variant="light"
      size="sm"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {t('console.chat.waiting', { minutes })}
    </Badge>
  );
}

function ConversationList({
  items,
  selected,
  onSelect,
}: {
  items: ConsoleConversation[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const t = useT();
  return (
    <ScrollArea h={700} type="auto">
      <Stack gap={4}>
        {items.length === 0 && <Text c="dimmed">{t('console.chat.none')}</Text>}
        {items.map((c) => (
          <UnstyledButton
            key={c.id}
            onClick={() => onSelect(c.id)}
            p="sm"
            style={{
              borderRadius: 8,
              background: c.id === selected ? 'var(--mantine-color-brand-0)' : undefined,
            }}
            aria-current={c.id === selected || undefined}
            data-testid={`chat-${c.id}`}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm" truncate>
                {c.name ?? t('console.chat.guest')}
              </Text>
              {c.waitingSince ? (
                <Age since={c.waitingSince} />
              ) : (
                c.closed && (
                  <Badge size="sm" variant="default">
                    {t('console.chat.closed')}
                  </Badge>
                )
              )}
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {c.phone ? formatPhone(c.phone) : c.guestId?.slice(0, 8)}
              </Text>
              <Group gap={4}>
                {c.assignedTo && (
                  <Badge size="xs" variant="outline">
                    {c.assignedTo}
                  </Badge>
                )}
                {c.unread > 0 && (
                  <Badge size="xs" circle>
                    {c.unread}
                  </Badge>
                )}
              </Group>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </ScrollArea>
  );
}

function Bubble({ m }: { m: ChatMessage }) {
  const mine = m.sender !== 'customer';
  const content = m.message;
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'}>
      <Card
        padding="xs"
        radius="md"
        maw="75%"
        bg={mine ? 'var(--mantine-color-brand-0)' : 'var(--mantine-color-gray-1)'}
        data-testid="chat-bubble"
      >
        {(content.message_type === 'text' ||
          content.message_type === 'quick_replies' ||
          content.message_type === 'buttons') && <Text size="sm">{content.payload.text}</Text>}
        {content.message_type === 'media' && content.payload.fileType === 'image' && (
          <Image src={content.payload.filePath} alt="" maw={240} radius="sm" />
        )}
        {(content.message_type === 'generic' || content.message_type === 'postback') && (
          <Text size="sm" c="dimmed">
            [{content.message_type}]
          </Text>
        )}
        <Text size="xs" c="dimmed" ta={mine ? 'right' : 'left'}>
          {m.name ?? m.sender} · {formatBangkok(m.createdAt)}
        </Text>
      </Card>
    </Group>
  );
}

function MemberPanel({ member }: { member: ChatMemberContext | null }) {
  const t = useT();
  // How a deposit came, in the words of the member's own statement; a channel without them as it is.
  const channelText = (channel: string) => {
    const text = t(`statement.channel.${channel}`);
    return text.startsWith('statement.') ? channel : text;
  };
  const locale = useLocale();
  if (!member) return <Text c="dimmed">{t('console.chat.guestContext')}</Text>;
  return (
    <Stack gap="xs" data-testid="chat-member">
      <Text fw={700}>{member.name}</Text>
      <Text size="sm">{formatPhone(member.phone)}</Text>
      <Anchor component={Link} to={`/console/members/${encodeURIComponent(member.memberId)}`} size="sm">
        {member.memberId}
      </Anchor>
      <Text size="sm">
        {t('console.chat.balance')}: <b>{formatAmount(member.balance, member.currency, locale)}</b>
      </Text>
      <Text fw={600} size="sm" mt="sm">
        {t('console.chat.lastDeposits')}
      </Text>
      {member.deposits.length === 0 && (
        <Text size="sm" c="dimmed">
          –
        </Text>
      )}
      {member.deposits.map((d) => (
        <Stack key={`${d.createdAt}${d.amount}`} gap={0}>
          <Text size="xs" c="dimmed">
            {formatBangkok(d.createdAt)}
          </Text>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(d.amount, member.currency, locale)}
            </Text>
            <Badge
              size="sm"
              variant="light"
              color={d.status === 'SUCCESS' ? 'green' : 'yellow'}
              style={{ overflow: 'visible' }}
            >
              {channelText(d.channel)}
            </Badge>
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

/** The canned answers, in the language the conversation is answered in (replyLanguage), to edit and send. */
function QuickReplies({ language, onPick }: { language: Locale; onPick: (text: string) => void }) {
  const t = useT();
  // That language's console texts, if they are not the console's own (useT re-renders once they are here).
  useEffect(() => void loadConsoleTexts(language), [language]);
  const text = (q: (typeof QUICK_REPLIES)[number]) => consoleTextIn(language, `console.chat.quick.${q}`);
  return (
    <Menu position="top-start">
      <Menu.Target>
        <Button size="compact-sm" variant="light" leftSection={<IconMessageReply size={16} />}>
          {t('console.chat.quickReplies')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('console.chat.quickIn', { language: NATIVE_NAMES[language].long })}</Menu.Label>
        {QUICK_REPLIES.map((q) => (
          <Menu.Item key={q} lang={language === 'la' ? 'lo' : language} onClick={() => onPick(text(q))}>
            {text(q)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Thread({ id }: { id: string }) {
  const t = useT();
  const me = useStaffMe();
  const client = useQueryClient();
  const thread = useThread(id);
  const locale = useLocale();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: chatsKey });
  const send = useMutation({
    mutationFn: (message: Parameters<typeof consoleCall<typeof consoleQueues.chatReply>>[1]) =>
      consoleCall(consoleQueues.chatReply, message, { params: { id } }),
    onSuccess: refresh,
  });
  const assign = useMutation({
    mutationFn: () => consoleCall(consoleQueues.chatAssign, undefined, { params: { id } }),
    onSuccess: refresh,
  });
  const close = useMutation({
    mutationFn: () => consoleCall(consoleQueues.chatClose, undefined, { params: { id } }),
    onSuccess: refresh,
  });
  const answer = can(me, PERMISSIONS.chatAnswer);
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      return true;
    } catch (e) {
      setError(errorCode(e));
      return false;
    }
  };
  if (thread.isPending) return <PageLoader />;
  if (thread.isError) return <ConsoleError code={errorCode(thread.error)} />;
  const { conversation, messages, member } = thread.data;
  const replyLng = replyLanguage(messages, member?.currency, locale);
  return (
    <Grid>
      <Grid.Col span={8}>
        <Card withBorder radius="lg" padding="md">
          <Group justify="space-between" mb="sm">
            <Text fw={700}>{conversation.name ?? t('console.chat.guest')}</Text>
            {answer && (
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconUserCheck size={16} />}
                  disabled={conversation.assignedTo === me.username}
                  onClick={() => void act(() => assign.mutateAsync())}
                >
                  {conversation.assignedTo === me.username
                    ? t('console.chat.yours')
                    : t('console.chat.assign')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconX size={16} />}
                  disabled={conversation.closed}
                  onClick={() => void act(() => close.mutateAsync())}
                >
                  {t('console.chat.close')}
                </Button>
              </Group>
            )}
          </Group>
          <ScrollArea h={470} type="auto">
            <Stack gap="xs" data-testid="chat-thread">
              {messages.map((m) => (
                <Bubble key={m.id} m={m} />
              ))}
            </Stack>
          </ScrollArea>
          {error && <ConsoleError code={error} />}
          {answer && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const body = text.trim();
                if (!body) return;
                void act(() =>
                  send.mutateAsync({ message: { message_type: 'text', payload: { text: body } } }),
                ).then((ok) => ok && setText(''));
              }}
            >
              <Stack gap="xs" mt="sm">
                <Textarea
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                  placeholder={t('console.chat.placeholder')}
                  aria-label={t('console.chat.placeholder')}
                  rows={3}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && !e.shiftKey) {
                      e.preventDefault();
                      e.currentTarget.form?.requestSubmit();
                    }
                  }}
                />
                <Group justify="space-between">
                  <Group gap="xs">
                    <QuickReplies language={replyLng} onPick={setText} />
                    <FileButton
                      accept="image/png,image/jpeg,image/webp,image/gif"
                      onChange={(file) =>
                        file &&
                        void act(async () => {
                          const media = await uploadPicture(id, file);
                          await send.mutateAsync({ message: { message_type: 'media', payload: media } });
                        })
                      }
                    >
                      {(props) => (
                        <Button
                          {...props}
                          size="compact-sm"
                          variant="light"
                          leftSection={<IconPhoto size={16} />}
                        >
                          {t('console.chat.picture')}
                        </Button>
                      )}
                    </FileButton>
                  </Group>
                  <Button type="submit" loading={send.isPending} disabled={!text.trim()}>
                    {t('console.chat.send')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={4}>
        <Card withBorder radius="lg" padding="md">
          <MemberPanel member={member} />
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/**
 * The chat console: conversations (the longest waiting first), the thread, the member beside it. A
 * member's page opens it on their conversation (?c=<id>), listed or not.
 */
export default function ChatPage() {
  const t = useT();
  const list = useConversations();
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<string | null>(params.get('c'));
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <ConsoleError code={errorCode(list.error)} />;
  const items = list.data.items;
  const current = selected ?? items[0]?.id ?? null;
  return (
    <>
      <PageTitle title={t('console.chat.title')} sub={t('console.chat.sub')} />
      <Grid>
        <Grid.Col span={3}>
          <Card withBorder radius="lg" padding="xs">
            <ConversationList items={items} selected={current} onSelect={setSelected} />
          </Card>
        </Grid.Col>
        <Grid.Col span={9}>{current ? <Thread key={current} id={current} /> : null}</Grid.Col>
      </Grid>
    </>
  );
}
