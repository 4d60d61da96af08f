import { AGREEMENT_MODAL_DELAY_MS } from '@krapao/contract';
import { useEffect, useState } from 'react';
import { useProfile } from '../features/accounts/api/get-profile';
import { useAcceptAgreements } from '../features/agreements/api/accept-agreements';
import { useAgreementsStatus } from '../features/agreements/api/get-status';
import { isAcceptanceRemembered, rememberAcceptance } from '../features/agreements/remembered';
import { useAgreements } from '../features/lookups/api/lookups';
import { WhenFirstOpened } from '../components/WhenFirstOpened';
import { errorCode } from '../lib/api-client';
import { useDelayedFlag } from '../lib/delayed';
import { notifyError } from '../lib/notify';
import { lazyWithLaterTexts } from '../i18n/react';

// The modal's code loads only for a member who has something to accept.
const AgreementsModal = lazyWithLaterTexts(
  () => import('../features/agreements/components/AgreementsModal'),
  'AgreementsModal',
);

/**
 * HOME-2: about 1.5 s after the home loads, the agreements ask to be accepted, unless this member
 * accepted this version already: remembered in the browser (no call at all), else per the server's
 * status (then remembered). Failures to load the texts or the status stay quiet (ERR-3): no modal.
 * It waits while another dialog is open (the game account modal, the action drawer, a money dialog)
 * instead of stacking over it, and once open it stays until accepted.
 */
export function AgreementsPrompt() {
  const memberId = useProfile().data?._id;
  const lookup = useAgreements();
  const version = lookup.data?.version;
  const hasTexts = (lookup.data?.agreements.length ?? 0) > 0;
  const remembered = memberId && version ? isAcceptanceRemembered(memberId, version) : false;
  const status = useAgreementsStatus(Boolean(memberId && version && hasTexts && !remembered));
  const accept = useAcceptAgreements();
  // Accepted on another device or before this browser kept the flag: remember it, next time no call.
  const acceptedVersion = status.data?.accepted ? status.data.version : undefined;
  useEffect(() => {
    if (memberId && acceptedVersion) rememberAcceptance(memberId, acceptedVersion);
  }, [memberId, acceptedVersion]);

  // The status speaks of the current version: texts read before the operator changed them are read again.
  const stale = status.data && version && status.data.version !== version;
  const { refetch } = lookup;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);

  const due = useDelayedFlag(true, AGREEMENT_MODAL_DELAY_MS);
  const wanted = Boolean(due && hasTexts && !remembered && status.data && !status.data.accepted && !stale);
  const [shown, setShown] = useState(false);
  const free = useNoOtherDialog(wanted && !shown);
  if (wanted && free && !shown) setShown(true);
  const opened = shown && wanted;

  const onAccept = () => {
    if (!memberId || !version) return;
    accept.mutate(
      { memberId, version },
      {
        onError: (error) => {
          // ERR-3: accepting is the member's own action, so its failure is told.
          notifyError(error);
          if (errorCode(error) === 'AGREEMENTS_CHANGED')
            void Promise.all([lookup.refetch(), status.refetch()]);
        },
      },
    );
  };

  return (
    <WhenFirstOpened opened={opened}>
      <AgreementsModal
        opened={opened}
        agreements={lookup.data?.agreements ?? []}
        accepting={accept.isPending}
        onAccept={onAccept}
      />
    </WhenFirstOpened>
  );
}

/** True while no dialog (Mantine modal or drawer) is on the page; watched only while `active`. */
function useNoOtherDialog(active: boolean): boolean {
  const [free, setFree] = useState(false);
  useEffect(() => {
    if (!active) return;
    const check = () => setFree(document.querySelector('[role="dialog"]') === null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [active]);
  return free;
}
