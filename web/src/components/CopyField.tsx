import '@mantine/core/styles/Tooltip.css';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from '../i18n/react';
import { notifications } from '@mantine/notifications';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

interface CopyFieldProps {
  value: string;
  label: string;
  /** PRO-5: return false to do something else instead of copying. */
  onBeforeCopy?: () => boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A copy control that tells the member what happened: 'Copied: {text}' or 'Failed to copy'. */
export function CopyField({ value, label, onBeforeCopy, ref }: CopyFieldProps) {
  const { t } = useTranslation();
  const onClick = async () => {
    if (onBeforeCopy && !onBeforeCopy()) return;
    const ok = await copyText(value);
    notifications.show(
      ok
        ? { color: 'teal', message: t('common.copied', { text: value }) }
        : { color: 'red', message: t('common.copyFailed') },
    );
  };
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon ref={ref} variant="light" size="lg" radius="xl" aria-label={label} onClick={onClick}>
        <IconCopy size={18} stroke={1.8} />
      </ActionIcon>
    </Tooltip>
  );
}
