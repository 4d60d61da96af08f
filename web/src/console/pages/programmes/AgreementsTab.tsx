import { ActionIcon, Alert, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { agreements as contract, type LocalizedText } from '@krapao/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { errorCode } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { useT } from '../../i18n';
import { api, useConsoleRead, useConsoleWrite } from './api';
import { fieldErrors } from './form';
import { LocalizedInputs } from './LocalizedInputs';

type Agreement = z.input<typeof contract.opsAgreementSchema>;
const LANGS = ['th', 'la', 'en'] as const;

function AgreementsForm({ initial, manage }: { initial: Agreement[]; manage: boolean }) {
  const t = useT();
  const [list, setList] = useState<Agreement[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useConsoleWrite(api.setAgreements, api.agreements, { replace: true });
  const set = (i: number, change: Partial<Agreement>) =>
    setList((all) => all.map((a, j) => (j === i ? { ...a, ...change } : a)));
  const submit = () => {
    const found = fieldErrors(api.setAgreements.body, { agreements: list });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    save.mutate(
      { agreements: list },
      {
        onSuccess: () => notifySuccess(t('console.agreements.saved')),
        onError: (e) => setServerError(errorCode(e)),
      },
    );
  };
  return (
    <Stack>
      <Alert color="yellow" variant="light">
        {t('console.agreements.newVersion')}
      </Alert>
      {list.map((a, i) => (
        <Card key={i} withBorder radius="lg" padding="lg">
          <Group justify="space-between" align="flex-end" mb="sm">
            <TextInput
              label={t('console.agreements.id')}
              value={a.id}
              disabled={!manage}
              error={errors[`agreements.${i}.id`]}
              onChange={(e) => set(i, { id: e.currentTarget.value.toLowerCase() })}
              w={240}
            />
            {manage && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('console.agreements.remove', { id: a.id })}
                onClick={() => setList((all) => all.filter((_, j) => j !== i))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
          <LocalizedInputs
            label={t('console.agreements.title')}
            value={a.title as LocalizedText}
            disabled={!manage}
            error={LANGS.map((l) => errors[`agreements.${i}.title.${l}`]).find(Boolean)}
            onChange={(title) => set(i, { title: title as Agreement['title'] })}
          />
          <Group grow align="flex-start" mt="xs">
            {LANGS.map((l) => (
              <Textarea
                key={l}
                label={`${t('console.agreements.content')} (${t(`console.form.lang.${l}`)})`}
                autosize
                minRows={3}
                maxRows={8}
                value={a.content[l] ?? ''}
                disabled={!manage}
                error={errors[`agreements.${i}.content.${l}`]}
                onChange={(e) => set(i, { content: { ...a.content, [l]: e.currentTarget.value } })}
              />
            ))}
          </Group>
        </Card>
      ))}
      {errors['agreements'] && <Text c="red">{errors['agreements']}</Text>}
      {Object.keys(errors).length > 0 && (
        <Alert color="red" variant="light" role="alert">
          {t('console.form.fix')}
        </Alert>
      )}
      {serverError && <ConsoleError code={serverError} />}
      {manage && (
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              setList((all) => [
                ...all,
                {
                  id: `agreement-${all.length + 1}`,
                  title: { th: '', la: '', en: '' },
                  content: { th: '', la: '', en: '' },
                },
              ])
            }
          >
            {t('console.agreements.add')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('console.form.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function AgreementsTab({ manage }: { manage: boolean }) {
  const read = useConsoleRead(api.agreements);
  if (read.isPending) return <PageLoader />;
  if (read.isError) return <ConsoleError code={errorCode(read.error)} />;
  return <AgreementsForm key={read.data.version} initial={read.data.agreements} manage={manage} />;
}
