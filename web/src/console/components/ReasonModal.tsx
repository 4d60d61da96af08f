import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../i18n';
import { ConsoleError } from './ConsoleError';

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
  onConfirm: (reason: string) => void;
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
  useEffect(() => {
    if (opened) {
      setReason('');
      setMissing(false);
    }
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (reasonRequired && !reason.trim()) return setMissing(true);
          onConfirm(reason.trim());
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
          {error && <ConsoleError code={error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('console.cancel')}
            </Button>
            <Button type="submit" color={confirmColor} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
