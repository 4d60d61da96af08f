import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The small capitals above a shown value (account number, phone, balance part): one look for all. */
export function FieldLabel({
  children,
  c = 'dimmed',
  fz = 11,
}: Pick<TextProps, 'c' | 'fz'> & { children: ReactNode }) {
  return (
    <Text fz={fz} c={c} fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
      {children}
    </Text>
  );
}
