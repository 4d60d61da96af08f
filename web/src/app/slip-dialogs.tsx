import { useQueryClient } from '@tanstack/react-query';
import { SlipTableModal } from '../features/slips/components/SlipTableModal';
import { SlipUploadModal } from '../features/slips/components/SlipUploadModal';
import { statementKeys } from '../features/statement/api/keys';
import { walletKeys } from '../features/wallet/api/keys';

export type SlipDialog = 'table' | 'upload' | null;

/**
 * SLIP-1 / SLIP-3: the slip table and the upload, one at a time, each leading to the other. Slips are
 * verified in the background, so closing either one refreshes the statement and the balance behind it:
 * a slip seen "Success" in the table is a deposit on the statement when the member gets back to it.
 */
export function SlipDialogs({ open, onChange }: { open: SlipDialog; onChange: (next: SlipDialog) => void }) {
  const queryClient = useQueryClient();
  const close = () => {
    onChange(null);
    void queryClient.invalidateQueries({ queryKey: statementKeys.all() });
    void queryClient.invalidateQueries({ queryKey: walletKeys.detail() });
  };
  return (
    <>
      <SlipTableModal opened={open === 'table'} onClose={close} onUpload={() => onChange('upload')} />
      <SlipUploadModal opened={open === 'upload'} onClose={close} onShowSlips={() => onChange('table')} />
    </>
  );
}
