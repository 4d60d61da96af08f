import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { ApiError, errorCode } from '../../lib/api-client';
import { ConsoleError } from './ConsoleError';
import { useT } from '../i18n';

type Attempt<T> = (code?: string) => Promise<T>;

interface Pending {
  submit: (code: string) => Promise<void>;
  cancel: () => void;
}

export class StepUpCancelled extends Error {
  constructor() {
    super('STEP_UP_CANCELLED');
  }
}

const isStepUp = (error: unknown) => error instanceof ApiError && error.code === 'STEP_UP_REQUIRED';

/**
 * A money action needs a TOTP code given in the last five minutes. `run(attempt)` tries without one;
 * when the server answers STEP_UP_REQUIRED a small modal asks for a code and tries again with it (a
 * refused code keeps the modal open). Cancelling rejects with StepUpCancelled.
 */
export function useStepUp(): { run: <T>(attempt: Attempt<T>) => Promise<T>; modal: ReactNode } {
  const t = useT();
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const run = async <T,>(attempt: Attempt<T>): Promise<T> => {
    try {
      return await attempt();
    } catch (first) {
      if (!isStepUp(first)) throw first;
    }
    return new Promise<T>((resolve, reject) => {
      setCode('');
      setError(null);
      setPending({
        submit: async (entered) => {
          setBusy(true);
          try {
            const result = await attempt(entered);
            setPending(null);
            resolve(result);
          } catch (again) {
            if (isStepUp(again)) {
              setError('console.stepUp.refused');
              setCode('');
              inputRef.current?.focus();
            } else {
              setPending(null);
              reject(again);
            }
          } finally {
            setBusy(false);
          }
        },
        cancel: () => {
          setPending(null);
          reject(new StepUpCancelled());
        },
      });
    });
  };

  const modal = (
    <Modal
      opened={pending !== null}
      onClose={() => pending?.cancel()}
      title={t('console.stepUp.title')}
      size="sm"
      centered
      // Above the modal whose action asked for it, which stays open underneath.
      zIndex={300}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // Six digits from the app, or one of the recovery codes.
          if (code.trim().length >= 6) void pending?.submit(code.trim());
          else setError('console.stepUp.sixDigits');
        }}
      >
        <Stack>
          <Text size="sm">{t('console.stepUp.text')}</Text>
          <TextInput
            ref={inputRef}
            label={t('console.stepUp.code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            autoComplete="one-time-code"
            maxLength={32}
            data-autofocus
          />
          {error && <ConsoleError code={error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => pending?.cancel()}>
              {t('console.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('console.stepUp.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
  return { run, modal };
}

/** The error of a failed action as a translated code; a cancelled step-up is no error. */
export function actionError(error: unknown): string | null {
  return error instanceof StepUpCancelled ? null : errorCode(error);
}
