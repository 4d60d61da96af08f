import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import { ConsoleError } from './ConsoleError';
import { actionError } from './StepUp';

interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What the action is about, above the reason. */
  children?: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  reasonRequired?: boolean;
  /** False for an action that takes no reason (a role change: the request itself is audited). */
  withReason?: boolean;
  busy?: boolean;
  error?: string | null;
  /**
   * The action. One that answers a promise is run here: busy while it runs, and a refusal said in the
   * window (the caller closes it on success); one that answers nothing reports through busy and error.
   */
  onConfirm: (reason: string) => void | Promise<unknown>;
  onClose: () => void;
}

/** Confirms an action with a reason written for the audit log. */
export function ReasonModal({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor,
  reasonRequired = false,
  withReason = true,
  busy = false,
  error,
  onConfirm,
  onClose,
}: ReasonModalProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [running, setRunning] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setReason('');
      setMissing(false);
      setRefused(null);
    }
  }, [opened]);
  const confirm = async (given: string) => {
    const run = onConfirm(given);
    if (!run) return;
    setRefused(null);
    setRunning(true);
    try {
      await run;
    } catch (err) {
      setRefused(actionError(err));
    } finally {
      setRunning(false);
    }
  };
  const shown = error ?? refused;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (reasonRequired && !reason.trim()) return setMissing(true);
          void confirm(reason.trim());
        }}
      >
        <Stack>
          {children}
          {withReason && (
            <Textarea
              label={t(reasonRequired ? 'console.reason.required' : 'console.reason.optional')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              rows={3}
              error={missing ? t('console.reason.missing') : undefined}
              data-autofocus
            />
          )}
          {shown && <ConsoleError code={shown} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('console.cancel')}
            </Button>
            <Button type="submit" color={confirmColor} loading={busy || running}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
