import '@mantine/core/styles/Image.css';
import { Center, Image, Loader, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorCode } from '../../lib/api-client';
import { consoleKeys } from '../api/keys';
import { useT } from '../i18n';
import { ConsoleError } from './ConsoleError';

/**
 * A slip's picture in a window, by the short-lived address the server signs for it (`load`: the slips
 * queue's route or the member page's); SLIP_IMAGE_GONE in words once the picture was dropped.
 */
export function SlipPicture({
  slipId,
  load,
  onClose,
}: {
  slipId: string | null;
  load: (slipId: string) => Promise<{ url: string }>;
  onClose: () => void;
}) {
  const t = useT();
  // The address works for a few minutes: asked again each time the window opens, not kept.
  const picture = useQuery({
    queryKey: consoleKeys.slipPicture(slipId ?? ''),
    queryFn: () => load(slipId!),
    enabled: slipId !== null,
    gcTime: 0,
    retry: false,
  });
  return (
    <Modal
      opened={slipId !== null}
      onClose={onClose}
      title={t('console.queues.pictureTitle')}
      size="lg"
      centered
    >
      {picture.isError ? (
        <ConsoleError code={errorCode(picture.error)} />
      ) : picture.data ? (
        <Image src={picture.data.url} alt={t('console.queues.pictureTitle')} fit="contain" mah="70vh" />
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
