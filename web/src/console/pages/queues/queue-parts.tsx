import { Anchor, Table, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { ConsoleError } from '../../components/ConsoleError';
import { actionError, useStepUp } from '../../components/StepUp';
import { useT } from '../../i18n';
import { MoneyConfirm, type MoneyAction } from './MoneyConfirm';

// The parts every queue's table is made of: its rows under translated heads, the runner of its actions
// (step-up, confirmation, the answer said), a phone typed per row, and a link to a row's member.

/**
 * Runs an action (with step-up when the server asks for it), then says it is done (or what `said` makes
 * of the answer) or why not. A money action is confirmed first (`confirm`): its amount and its member.
 */
export function useRunner() {
  const t = useT();
  const stepUp = useStepUp();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<MoneyAction | null>(null);
  const run = async (
    attempt: (code?: string) => Promise<unknown>,
    said?: (answer: unknown) => string | undefined,
  ) => {
    setError(null);
    try {
      const answer = await stepUp.run(attempt);
      notifySuccess(said?.(answer) ?? t('console.queues.done'));
      return true;
    } catch (e) {
      setError(actionError(e));
      return false;
    }
  };
  const modal = (
    <>
      {stepUp.modal}
      <MoneyConfirm
        action={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={(a) => {
          setConfirming(null);
          void run(a.run, a.said);
        }}
      />
    </>
  );
  return { run, confirm: setConfirming, error, modal };
}

/**
 * A queue's table: its columns' heads and rows; with a runner, why its last action failed above it and
 * the step-up modal beside it.
 */
export function QueueRows({
  cols,
  runner,
  children,
}: {
  cols: string[];
  runner?: ReturnType<typeof useRunner>;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      {runner?.error && <ConsoleError code={runner.error} />}
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {cols.map((c) => (
              <Table.Th key={c}>{t(`console.queues.col.${c}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
      {runner?.modal}
    </>
  );
}

/** The phone of the member a row's money goes to, typed by the staff member (per row, by its key). */
export function usePhones() {
  const t = useT();
  const [phones, setPhones] = useState<Record<string, string>>({});
  const phoneOf = (key: string) => phones[key]?.trim() ?? '';
  const field = (key: string) => (
    <TextInput
      size="xs"
      w={130}
      placeholder={t('console.queues.phone')}
      aria-label={t('console.queues.phone')}
      value={phones[key] ?? ''}
      onChange={(e) => setPhones({ ...phones, [key]: e.currentTarget.value })}
    />
  );
  return { phoneOf, field };
}

/** A member named in a queue's row, opening their page (where staff see their wallet and can reach them). */
export function MemberLink({ memberId, children }: { memberId: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={`/console/members/${encodeURIComponent(memberId)}`} inherit>
      {children}
    </Anchor>
  );
}
