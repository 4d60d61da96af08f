import { Button, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useT } from '../i18n';

/** Copies a secret shown once (recovery codes, a one-time password), and says when it has. */
export function CopyTextButton({ value }: { value: string }) {
  const t = useT();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant="light"
          onClick={copy}
          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
        >
          {copied ? t('console.codes.copied') : t('console.codes.copy')}
        </Button>
      )}
    </CopyButton>
  );
}
