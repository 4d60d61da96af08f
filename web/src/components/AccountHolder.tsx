import { Text } from '@mantine/core';

/** The holder's name under a bank account, upper-cased as banks print it (DEP-3). */
export function AccountHolder({ name }: { name: string }) {
  return (
    <Text fz="xs" c="dimmed">
      {name.toUpperCase()}
    </Text>
  );
}
