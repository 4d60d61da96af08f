import 'mantine-datatable/styles.css';
import type { AuditRow } from '@krapao/contract';
import { Button, Card, Code, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconFilter } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { errorCode } from '../../lib/api-client';
import { consoleDownload } from '../api/client';
import { auditQuery, useAudit, type AuditFilters } from '../api/queries';
import { ConsoleError } from '../components/ConsoleError';
import { PageTitle } from '../components/PageTitle';
import { bangkokInputToIso, formatBangkok } from '../format';
import { auditActionText } from '../audit-actions';
import { useT } from '../i18n';

/** The same rows as CSV, a download (up to 5000 rows, the server's limit). */
const AUDIT_CSV = '/api/console/audit.csv';

const EMPTY = { actor: '', action: '', memberId: '', from: '', to: '' };
type Draft = typeof EMPTY;

function toFilters(d: Draft): AuditFilters {
  const clean = (s: string) => s.trim() || undefined;
  return {
    actor: clean(d.actor),
    action: clean(d.action),
    memberId: clean(d.memberId),
    from: bangkokInputToIso(d.from),
    to: bangkokInputToIso(d.to),
  };
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Text c="dimmed">–</Text>;
  return (
    <Code block className="console-json">
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

/**
 * The audit log, newest first: filtered by actor, action, member and time (Bangkok), paged on the server
 * with `before` (each page remembers the cursor it was asked with, so "newer" goes back exactly), and
 * exported as CSV with the same filters.
 */
export default function AuditPage() {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const audit = useAudit(filters, before);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const apply = (next: Draft) => {
    setDraft(next);
    setFilters(toFilters(next));
    setCursors([undefined]);
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const blob = await consoleDownload(AUDIT_CSV, { query: { ...auditQuery(filters), limit: undefined } });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `krapao-audit-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      setExportError(errorCode(err));
    } finally {
      setExporting(false);
    }
  };

  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [name]: e.currentTarget.value }),
  });

  return (
    <>
      <PageTitle title={t('console.audit.title')} sub={t('console.audit.sub')}>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} />}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          {t('console.audit.export')}
        </Button>
      </PageTitle>
      <Card withBorder radius="lg" padding="md" mb="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
        >
          <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing="sm">
            <TextInput size="sm" label={t('console.audit.actor')} {...field('actor')} />
            <TextInput
              size="sm"
              label={t('console.audit.action')}
              placeholder="approval.approve"
              {...field('action')}
            />
            <TextInput size="sm" label={t('console.audit.member')} {...field('memberId')} />
            <TextInput size="sm" type="datetime-local" label={t('console.audit.from')} {...field('from')} />
            <TextInput size="sm" type="datetime-local" label={t('console.audit.to')} {...field('to')} />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm" gap="sm">
            <Button size="sm" variant="default" onClick={() => apply(EMPTY)}>
              {t('console.audit.clear')}
            </Button>
            <Button size="sm" type="submit" leftSection={<IconFilter size={16} />}>
              {t('console.audit.apply')}
            </Button>
          </Group>
        </form>
      </Card>
      {exportError && <ConsoleError code={exportError} />}
      {audit.isError && <ConsoleError code={errorCode(audit.error)} />}
      <Stack gap="sm">
        <DataTable<AuditRow>
          withTableBorder
          borderRadius="lg"
          striped
          highlightOnHover
          minHeight={240}
          idAccessor="id"
          records={audit.data?.items ?? []}
          fetching={audit.isFetching}
          noRecordsText={t('console.audit.empty')}
          columns={[
            { accessor: 'at', title: t('console.audit.at'), width: 180, render: (r) => formatBangkok(r.at) },
            { accessor: 'actor', title: t('console.audit.actor') },
            {
              accessor: 'action',
              title: t('console.audit.action'),
              render: (r) => (
                <>
                  <Text size="sm">{auditActionText(t, r.action)}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {r.action}
                  </Text>
                </>
              ),
            },
            { accessor: 'target', title: t('console.audit.target'), render: (r) => r.target ?? '–' },
            { accessor: 'ip', title: t('console.audit.ip'), render: (r) => r.ip ?? '–' },
          ]}
          rowExpansion={{
            content: ({ record }) => (
              <SimpleGrid cols={2} p="sm">
                <div>
                  <Text size="xs" c="dimmed" mb={4}>
                    {t('console.audit.before')}
                  </Text>
                  <Json value={record.before} />
                </div>
                <div>
                  <Text size="xs" c="dimmed" mb={4}>
                    {t('console.audit.after')}
                  </Text>
                  <Json value={record.after} />
                </div>
              </SimpleGrid>
            ),
          }}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('console.audit.page', { page: cursors.length })}
          </Text>
          <Group gap="sm">
            <Button
              size="sm"
              variant="default"
              leftSection={<IconChevronLeft size={16} />}
              disabled={cursors.length === 1}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              {t('console.audit.newer')}
            </Button>
            <Button
              size="sm"
              variant="default"
              rightSection={<IconChevronRight size={16} />}
              disabled={!audit.data?.nextBefore || audit.isPlaceholderData}
              onClick={() => {
                const next = audit.data?.nextBefore;
                if (next) setCursors((c) => [...c, next]);
              }}
            >
              {t('console.audit.older')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </>
  );
}
