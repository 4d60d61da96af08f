import { APPROVAL_STATUSES, type Approval } from '@krapao/contract';
import { Badge, Button, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useApprovals, useDecide, type ApprovalStatus } from '../api/queries';
import { ApprovalWhat } from '../components/ApprovalWhat';
import { ConsoleError } from '../components/ConsoleError';
import { PageLoader } from '../components/PageLoader';
import { PageTitle } from '../components/PageTitle';
import { ReasonModal } from '../components/ReasonModal';
import { useStepUp } from '../components/StepUp';
import { useConfirm } from '../components/use-confirm';
import { formatBangkok } from '../format';
import { useT } from '../i18n';
import { notifySuccess } from '../../lib/notify';
import { can, DECIDE_PERMISSION } from '../permissions';
import { useStaffMe } from '../use-me';
import { errorCode } from '../../lib/api-client';

type Deciding = { approval: Approval; decision: 'approve' | 'reject' };

/**
 * Four-eyes: the requests waiting for a second person, approved or rejected with a reason. A money
 * request asks for a fresh TOTP code (STEP_UP_REQUIRED); one's own request (FOUR_EYES) and a request
 * someone decided meanwhile (ALREADY_DECIDED) are said in words.
 */
export default function ApprovalsPage() {
  const t = useT();
  const me = useStaffMe();
  const [status, setStatus] = useState<ApprovalStatus>('AWAITING_APPROVAL');
  const list = useApprovals(status);
  const decide = useDecide();
  const stepUp = useStepUp();
  const confirming = useConfirm<Deciding>();
  const { acting: deciding, open: setDeciding } = confirming;

  const confirm = (reason: string) =>
    confirming.confirm(async ({ approval, decision }) => {
      await stepUp.run((code) => decide.mutateAsync({ id: approval.id, decision, reason, code }));
      notifySuccess(t(decision === 'approve' ? 'console.approvals.approved' : 'console.approvals.rejected'));
    });

  const waiting = status === 'AWAITING_APPROVAL';
  return (
    <>
      <PageTitle title={t('console.approvals.title')}>
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as ApprovalStatus)}
          data={APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`console.approvals.status.${s}`) }))}
        />
      </PageTitle>
      {list.isPending && <PageLoader />}
      {list.isError && <ConsoleError code={errorCode(list.error)} />}
      {list.data && list.data.items.length === 0 && <Text c="dimmed">{t('console.approvals.empty')}</Text>}
      {list.data && list.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover verticalSpacing="sm" bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('console.approvals.kind')}</Table.Th>
                <Table.Th>{t('console.approvals.what')}</Table.Th>
                <Table.Th>{t('console.approvals.maker')}</Table.Th>
                <Table.Th>{t('console.approvals.when')}</Table.Th>
                <Table.Th>{waiting ? '' : t('console.approvals.decided')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((a) => (
                <Table.Tr key={a.id} data-testid={`approval-${a.id}`}>
                  <Table.Td>
                    <Badge variant="light" color={a.kind === 'role' ? 'grape' : 'brand'}>
                      {t(`console.approvals.kinds.${a.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ApprovalWhat approval={a} />
                  </Table.Td>
                  <Table.Td>{a.maker}</Table.Td>
                  <Table.Td>{formatBangkok(a.createdAt)}</Table.Td>
                  <Table.Td>
                    {waiting && a.maker === me?.username ? (
                      // Four-eyes: the maker's own request is another person's to decide.
                      <Text size="sm" c="dimmed">
                        {t('console.approvals.yours')}
                      </Text>
                    ) : waiting ? (
                      can(me, DECIDE_PERMISSION[a.kind] ?? 'approvals.decide') && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="xs" onClick={() => setDeciding({ approval: a, decision: 'approve' })}>
                            {t('console.approvals.approve')}
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => setDeciding({ approval: a, decision: 'reject' })}
                          >
                            {t('console.approvals.reject')}
                          </Button>
                        </Group>
                      )
                    ) : (
                      <Text size="sm">
                        {[a.decidedBy, a.decidedAt && formatBangkok(a.decidedAt), a.reason]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ReasonModal
        opened={deciding !== null}
        title={t(
          deciding?.decision === 'reject'
            ? 'console.approvals.rejectTitle'
            : 'console.approvals.approveTitle',
        )}
        confirmLabel={t(
          deciding?.decision === 'reject' ? 'console.approvals.reject' : 'console.approvals.approve',
        )}
        confirmColor={deciding?.decision === 'reject' ? 'red' : undefined}
        reasonRequired={deciding?.decision === 'reject'}
        busy={decide.isPending}
        error={confirming.error}
        onConfirm={(reason) => void confirm(reason)}
        onClose={confirming.close}
      >
        {deciding && <ApprovalWhat approval={deciding.approval} />}
      </ReasonModal>
      {stepUp.modal}
    </>
  );
}
