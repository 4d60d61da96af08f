import './slips.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { SLIP_IMAGE_TYPES, SLIP_MAX_AGE_S, type Slip } from '@krapao/contract';
import { IconAlertTriangle, IconPhotoUp, IconUpload } from '@tabler/icons-react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { DoneState } from '../../../components/DoneState';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorText } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { Money } from '../../../components/Money';
import { bahtToMinor } from '../../../lib/format';
import { errorCode } from '../../../lib/api-client';
import { useDelayedFlag } from '../../../lib/delayed';
import { useSlipOutcome } from '../api/slip-outcome';
import { useUploadSlip } from '../api/upload-slip';
import { SLIP_MAX_MB, slipFileProblem } from '../files';

export interface SlipUploadModalProps {
  opened: boolean;
  onClose: () => void;
  /** When given, the confirmation offers the slip table; the caller opens it. */
  onShowSlips?: () => void;
}

/**
 * SLIP-1: choose the slip image and send it; the answer says it is being checked, and then, as soon as the
 * server knows, whether it was credited or refused and why (SLIP-4: a duplicate, an unreadable slip...).
 */
export function SlipUploadModal({ opened, onClose, onShowSlips }: SlipUploadModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('slips.uploadTitle')} centered radius="lg">
      {opened && <SlipUploadForm onClose={onClose} onShowSlips={onShowSlips} />}
    </Modal>
  );
}

/** A local address for the chosen image, released when it changes (the preview). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function SlipUploadForm({ onClose, onShowSlips }: Omit<SlipUploadModalProps, 'opened'>) {
  const { t } = useTranslation();
  const upload = useUploadSlip();
  const busy = useDelayedFlag(upload.isPending);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const outcome = useSlipOutcome(sent);
  const preview = useObjectUrl(file);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0];
    if (!chosen) return;
    const refused = slipFileProblem(chosen);
    setProblem(refused);
    setFile(refused ? null : chosen);
    // The same file can be chosen again after a refusal.
    if (refused) event.currentTarget.value = '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    if (!file) return setProblem('SLIP_NO_FILE');
    setProblem(null);
    upload.mutate(file, {
      onSuccess: (slip) => setSent(slip.slipId),
      onError: (error) => setProblem(errorCode(error)),
    });
  };

  if (sent && outcome?.status === 'FAILED') {
    return (
      <SlipRefused
        slip={outcome}
        onAnother={() => {
          setSent(null);
          setFile(null);
        }}
        onShowSlips={onShowSlips}
      />
    );
  }

  if (sent) {
    const credited = outcome?.status === 'SUCCESS';
    return (
      <DoneState title={t(credited ? 'slips.creditedTitle' : 'slips.sentTitle')}>
        {credited ? (
          <Text fz="sm" maw={340} data-testid="slip-credited">
            {outcome.amount === null ? (
              t('slips.creditedText')
            ) : (
              <>
                <Money minor={bahtToMinor(outcome.amount)} /> {t('slips.creditedAmount')}
              </>
            )}
          </Text>
        ) : (
          <>
            <Text c="dimmed" fz="sm" maw={340}>
              {t('slips.sentText')}
            </Text>
            <Group gap={6} justify="center" data-testid="slip-checking">
              <Loader size="xs" />
              <Text fz="sm" fw={600}>
                {t('slips.checking')}
              </Text>
            </Group>
          </>
        )}
        <Stack gap={6} w="100%" mt="sm">
          <Button fullWidth onClick={onClose}>
            {t('slips.done')}
          </Button>
          {onShowSlips && (
            <Button fullWidth variant="light" onClick={onShowSlips}>
              {t('slips.showSlips')}
            </Button>
          )}
        </Stack>
      </DoneState>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('slips.uploadHint', { minutes: SLIP_MAX_AGE_S / 60, mb: SLIP_MAX_MB })}
        </Text>
        <label className="slip-drop" data-filled={file ? true : undefined}>
          <input
            type="file"
            accept={SLIP_IMAGE_TYPES.join(',')}
            aria-label={t('slips.fileLabel')}
            disabled={upload.isPending}
            onChange={choose}
          />
          {file ? (
            <Stack gap={6} align="center">
              {preview && <img src={preview} alt={t('slips.previewAlt')} className="slip-preview" />}
              <Text fz="sm" fw={600} className="slip-drop__name" data-testid="slip-file-name">
                {file.name}
              </Text>
              <Text fz="xs" c="brand.7" fw={600}>
                {t('slips.chooseAnother')}
              </Text>
            </Stack>
          ) : (
            <Stack gap={4} align="center">
              <ThemeIcon size={52} radius={26} variant="light">
                <IconPhotoUp size={28} stroke={1.6} />
              </ThemeIcon>
              <Text fw={700}>{t('slips.choose')}</Text>
              <Text fz="xs" c="dimmed">
                {t('slips.chooseHint')}
              </Text>
            </Stack>
          )}
        </label>
        {problem && <ErrorAlert code={problem} />}
        <Button type="submit" fullWidth loading={busy} leftSection={<IconUpload size={18} />}>
          {t('slips.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Reasons whose cure is a better picture of the same slip (SLIP-4). */
const UNREADABLE = new Set([
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'INVALID_SLIP',
  'UNSTABLE_REFNO_ON_SLIP',
]);

/** A slip the server refused: the reason in the member's language, what it means, and what to do next. */
function SlipRefused({
  slip,
  onAnother,
  onShowSlips,
}: {
  slip: Slip;
  onAnother: () => void;
  onShowSlips: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const note = slip.note ?? 'UNKNOW_ERROR';
  const help =
    note === 'SLIP_REFNO_DUPLICATED'
      ? t('slips.refused.duplicate')
      : UNREADABLE.has(note)
        ? t('slips.refused.unreadable')
        : t('slips.refused.other');
  return (
    <Stack gap="md" role="alert" aria-live="assertive" data-testid="slip-refused">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title={t('slips.refused.title')}
      >
        <Text fz="sm" fw={700} data-testid="slip-refused-reason">
          {errorText(note)}
        </Text>
        <Text fz="sm" mt={4}>
          {help}
        </Text>
      </Alert>
      <Button fullWidth onClick={onAnother} leftSection={<IconUpload size={18} />}>
        {t('slips.refused.another')}
      </Button>
      {onShowSlips && (
        <Button fullWidth variant="light" onClick={onShowSlips}>
          {t('slips.showSlips')}
        </Button>
      )}
    </Stack>
  );
}
