import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useT } from '../../i18n';
import { ConsoleError } from '../../components/ConsoleError';
import { actionError, useStepUp } from '../../components/StepUp';

// A page's module, not the console's components/: it uses lib/notify, which a member's dialogs share, and
// a module of the console's own chunk would pull that chunk into a member's page (scripts/chunk-groups.ts).

/**
 * A money request in a window (an adjustment, a payout-account change): its text, its fields, a reason
 * for the audit, then the request sent with a TOTP code when the server asks for one. `check` answers a
 * console text key when the fields are not ready; `send` makes the request. Done, it says `doneText`
 * and closes; refused, it says why and stays open.
 */
export function StepUpFormModal({
  opened,
  title,
  text,
  submitLabel,
  doneText,
  check,
  send,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  text: string;
  submitLabel: string;
  doneText: string;
  check: () => string | null;
  send: (reason: string, code?: string) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const stepUp = useStepUp();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    const missing = check() ?? (reason.trim() ? null : 'console.reason.missing');
    setError(missing);
    if (missing) return;
    setBusy(true);
    try {
      await stepUp.run((code) => send(reason.trim(), code));
      notifySuccess(doneText);
      close();
    } catch (err) {
      setError(actionError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Modal opened={opened} onClose={close} title={title} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">{text}</Text>
            {children}
            <Textarea
              label={t('console.reason.required')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              rows={3}
            />
            {error && <ConsoleError code={error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('console.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {stepUp.modal}
    </>
  );
}
