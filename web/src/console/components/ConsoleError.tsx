import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { refusalText } from '../../components/ErrorAlert';
import { useT } from '../i18n';

/**
 * A server code (errors.*) or a console text key (console.*), in the operator's language; a lockout
 * (REQUEST_LIMIT) with the server's Retry-After says how long to wait.
 */
export function ConsoleError({ code, retryAfterS }: { code: string; retryAfterS?: number | undefined }) {
  const t = useT();
  const text = code.startsWith('console.') ? t(code) : refusalText(code, retryAfterS);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
      {text}
    </Alert>
  );
}
