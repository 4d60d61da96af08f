import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../i18n/react';

/**
 * Mantine's password field with its eye button named in the reader's language: Mantine names it
 * "Toggle password visibility" in English, which a screen reader read out on Thai and Lao screens. The
 * button says whether the password shows by aria-pressed, so its name stays one.
 */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <MantinePasswordInput
      {...props}
      visibilityToggleButtonProps={{
        'aria-label': t('common.showPassword'),
        ...props.visibilityToggleButtonProps,
      }}
    />
  );
}
