import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Words } from './Words';

/**
 * The small label above a shown value (account number, phone, balance part): one look for all. In
 * sentence case as written, not capitals (English labels read as shouting).
 */
export function FieldLabel({
  children,
  c = 'dimmed',
  fz = 11,
}: Pick<TextProps, 'c' | 'fz'> & { children: ReactNode }) {
  return (
    <Text fz={fz} c={c} fw={600}>
      {typeof children === 'string' ? <Words>{children}</Words> : children}
    </Text>
  );
}
