import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorText } from '../i18n';

/** ERR-1: a server or client error code, in the member's words, under the form that caused it. */
export function ErrorAlert({ code }: { code: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
      {errorText(code)}
    </Alert>
  );
}
