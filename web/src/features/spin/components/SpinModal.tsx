import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { Anchor } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { SpinPanel } from './SpinPanel';

/** SPIN-1: the same wheel as a modal, opened from the wallet card's spin-coin button. */
export default function SpinModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('spin.title')} centered radius="lg">
      {opened && <SpinPanel compact />}
      <Anchor component={Link} to="/user/spin" fz="sm" display="block" ta="center" mt="md" onClick={onClose}>
        {t('spin.fullPage')}
      </Anchor>
    </Modal>
  );
}
