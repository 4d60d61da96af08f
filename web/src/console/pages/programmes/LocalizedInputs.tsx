import { Group, TextInput } from '@mantine/core';
import type { LocalizedText } from '@krapao/contract';
import { useT } from '../../i18n';

const LANGS = ['th', 'la', 'en'] as const;

/** One text in Thai, Lao and English: three short inputs, each labelled with its language. */
export function LocalizedInputs({
  label,
  value,
  onChange,
  error,
  disabled,
  testId,
  compact,
}: {
  label: string;
  value: LocalizedText;
  onChange: (v: LocalizedText) => void;
  error?: string;
  disabled?: boolean;
  testId?: string;
  /** In a table row: no label above each input, the language as its placeholder and accessible name. */
  compact?: boolean;
}) {
  const t = useT();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {LANGS.map((lng) => (
        <TextInput
          key={lng}
          size="xs"
          label={compact ? undefined : `${label} (${t(`console.form.lang.${lng}`)})`}
          aria-label={compact ? `${label} (${t(`console.form.lang.${lng}`)})` : undefined}
          placeholder={compact ? `${label} · ${lng.toUpperCase()}` : undefined}
          value={value[lng] ?? ''}
          disabled={disabled}
          error={lng === 'en' ? error : undefined}
          data-testid={testId ? `${testId}-${lng}` : undefined}
          onChange={(e) => onChange({ ...value, [lng]: e.currentTarget.value })}
          style={{ flex: 1, minWidth: 0 }}
        />
      ))}
    </Group>
  );
}
