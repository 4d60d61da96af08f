import { Stack, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a form turns into once the server said yes: a tick, the title, then the details; read out politely. */
export function DoneState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack align="center" ta="center" gap="xs" py="md" role="status" aria-live="polite">
      <ThemeIcon size={72} radius={36} variant="light">
        <IconCircleCheck size={40} stroke={1.6} />
      </ThemeIcon>
      <Title order={2} fz={20}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
