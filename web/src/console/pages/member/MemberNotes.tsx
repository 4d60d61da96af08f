import { MEMBER_NOTE_MAX_LENGTH } from '@krapao/contract';
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorCode } from '../../../lib/api-client';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { formatBangkok } from '../../format';
import { useT } from '../../i18n';
import { useAddMemberNote, useMemberNotes } from './member-api';

/**
 * What staff wrote about the member, newest first, with who and when; a note is added, never changed (a
 * correction is a new note). Members never see them.
 */
export function MemberNotes({ memberId, canWrite }: { memberId: string; canWrite: boolean }) {
  const t = useT();
  const notes = useMemberNotes(memberId);
  const add = useAddMemberNote(memberId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    setError(null);
    if (!text.trim()) return setError('console.member.notes.empty');
    add.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (err) => setError(errorCode(err)),
    });
  };

  return (
    <Stack>
      {canWrite && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('console.member.notes.new')}
              description={`${t('console.member.notes.hint')} ${t('console.member.notes.count', {
                count: text.length,
                max: MEMBER_NOTE_MAX_LENGTH,
              })}`}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={MEMBER_NOTE_MAX_LENGTH}
              rows={3}
            />
            {error && <ConsoleError code={error} />}
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                {t('console.member.notes.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {notes.isPending ? (
        <PageLoader />
      ) : notes.isError ? (
        <ConsoleError code={errorCode(notes.error)} />
      ) : notes.data.items.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {t('console.member.notes.none')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="member-notes">
          {notes.data.items.map((n) => (
            <Card key={n.id} withBorder radius="md" padding="sm">
              <Text size="xs" c="dimmed" mb={4}>
                {t('console.member.notes.by', { author: n.author, time: formatBangkok(n.at) })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.text}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
