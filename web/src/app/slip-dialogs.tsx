import { SlipTableModal } from '../features/slips/components/SlipTableModal';
import { SlipUploadModal } from '../features/slips/components/SlipUploadModal';
import { useMoneyMoved } from './money';

export type SlipDialog = 'table' | 'upload' | null;

/**
 * SLIP-1 / SLIP-3: the slip table and the upload, one at a time, each leading to the other. Slips are
 * verified in the background, so closing either one refreshes the statement and the balance behind it:
 * a slip seen "Success" in the table is a deposit on the statement when the member gets back to it.
 */
export function SlipDialogs({ open, onChange }: { open: SlipDialog; onChange: (next: SlipDialog) => void }) {
  const moneyMoved = useMoneyMoved();
  const close = () => {
    onChange(null);
    moneyMoved();
  };
  return (
    <>
      <SlipTableModal opened={open === 'table'} onClose={close} onUpload={() => onChange('upload')} />
      <SlipUploadModal opened={open === 'upload'} onClose={close} onShowSlips={() => onChange('table')} />
    </>
  );
}
