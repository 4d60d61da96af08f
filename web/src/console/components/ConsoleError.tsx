import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorText } from '../../i18n';
import { useT } from '../i18n';

/** A server code (errors.*) or a console text key (console.*), in the operator's language. */
export function ConsoleError({ code }: { code: string }) {
  const t = useT();
  const text = code.startsWith('console.') ? t(code) : errorText(code);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
      {text}
    </Alert>
  );
}
