import { useState } from 'react';
import { actionError } from './StepUp';

/**
 * What a ReasonModal confirms: the thing acted on while the modal is open, why the action failed (said
 * in the modal, which stays open; a cancelled step-up says nothing), and closing it.
 */
export function useConfirm<T>() {
  const [acting, setActing] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setActing(null);
    setError(null);
  };
  /** Runs the action on what the modal is open for; closes it once the action is done. */
  const confirm = async (act: (what: T) => Promise<void>) => {
    if (acting === null) return;
    setError(null);
    try {
      await act(acting);
      setActing(null);
    } catch (err) {
      setError(actionError(err));
    }
  };
  return { acting, open: setActing, close, error, confirm };
}
