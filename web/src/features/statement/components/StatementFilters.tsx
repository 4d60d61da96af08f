import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { statement } from '@krapao/contract';
import { IconDownload, IconX } from '@tabler/icons-react';
import { errorText } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { isReversed, type StatementFilter } from '../api/filter';

/**
 * ST-4: narrow the statement to one type and to the days between two dates. Native controls: a phone's
 * own date picker, and no popover code on the page.
 */
export function StatementFilters({
  filter,
  onFilter,
  onExport,
}: {
  filter: StatementFilter;
  /** The parts that change; undefined clears a part. */
  onFilter: (patch: StatementFilter) => void;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const narrowed = Boolean(filter.type || filter.from || filter.to);
  // The pickers keep the days in order; an address can still bring them reversed (the list then asks
  // for nothing and stays empty, StatementView): say why under them.
  const reversed = isReversed(filter);
  return (
    <div className="statement-filters" role="search" aria-label={t('statement.filter.label')}>
      <NativeSelect
        label={t('statement.filter.type')}
        value={filter.type ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          onFilter({ type: value ? (value as StatementFilter['type']) : undefined });
        }}
        data={[
          { value: '', label: t('statement.filter.allTypes') },
          ...statement.STATEMENT_TYPES.map((type) => ({
            value: type,
            label: t(`statement.filter.types.${type}`),
          })),
        ]}
      />
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        <TextInput
          type="date"
          label={t('statement.filter.from')}
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(e) => onFilter({ from: e.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label={t('statement.filter.to')}
          value={filter.to ?? ''}
          min={filter.from}
          error={reversed ? errorText('STATEMENT_RANGE_INVALID') : undefined}
          onChange={(e) => onFilter({ to: e.currentTarget.value || undefined })}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="xs" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconX size={16} />}
          disabled={!narrowed}
          onClick={() => onFilter({ type: undefined, from: undefined, to: undefined })}
        >
          {t('statement.filter.clear')}
        </Button>
        <Button variant="light" size="compact-sm" leftSection={<IconDownload size={16} />} onClick={onExport}>
          {t('statement.export.open')}
        </Button>
      </Group>
    </div>
  );
}
