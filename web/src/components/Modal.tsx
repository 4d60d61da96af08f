import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useBackCloses } from '../lib/back-closes';

/** Mantine's modal whose back button closes it (lib/back-closes.ts): every member modal is this one. */
export function Modal(props: ModalProps) {
  useBackCloses(props.opened, props.onClose);
  return <MantineModal {...props} />;
}
