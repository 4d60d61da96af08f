import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageTitle({ title, sub, children }: { title: string; sub?: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {sub && <Text c="dimmed">{sub}</Text>}
      </div>
      {children && <Group gap="sm">{children}</Group>}
    </Group>
  );
}
