import '@mantine/core/styles/PinInput.css';
import { Center, PinInput, Stack, Text } from '@mantine/core';
import { WITHDRAWAL_PIN_LENGTH } from '@krapao/contract';

interface PinFieldProps {
  label: string;
  value: string;
  onChange: (pin: string) => void;
  /** The last digit typed (a review screen confirms at once, as a banking app does). */
  onComplete?: (pin: string) => void;
  error?: string | null | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  testId?: string;
}

/** A withdrawal PIN's six boxes, masked, with a number pad on a phone. */
export function PinField({
  label,
  value,
  onChange,
  onComplete,
  error,
  disabled,
  autoFocus,
  testId,
}: PinFieldProps) {
  return (
    <Stack gap={6} data-testid={testId}>
      <Text fz="sm" fw={600} ta="center">
        {label}
      </Text>
      <Center>
        <PinInput
          length={WITHDRAWAL_PIN_LENGTH}
          type="number"
          mask
          size="md"
          gap={8}
          value={value}
          onChange={onChange}
          onComplete={onComplete}
          error={Boolean(error)}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-label={label}
          inputMode="numeric"
        />
      </Center>
      {error && (
        <Text fz="sm" c="red" ta="center" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
