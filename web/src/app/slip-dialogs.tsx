import { SlipTableModal } from '../features/slips/components/SlipTableModal';
import { SlipUploadModal } from '../features/slips/components/SlipUploadModal';

export type SlipDialog = 'table' | 'upload' | null;

/** SLIP-1 / SLIP-3: the slip table and the upload, one at a time, each leading to the other. */
export function SlipDialogs({ open, onChange }: { open: SlipDialog; onChange: (next: SlipDialog) => void }) {
  return (
    <>
      <SlipTableModal
        opened={open === 'table'}
        onClose={() => onChange(null)}
        onUpload={() => onChange('upload')}
      />
      <SlipUploadModal
        opened={open === 'upload'}
        onClose={() => onChange(null)}
        onShowSlips={() => onChange('table')}
      />
    </>
  );
}
