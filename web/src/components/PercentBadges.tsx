import '@mantine/core/styles/Badge.css';
import { Badge, Group } from '@mantine/core';

/**
 * A reward's two exits as the member reads them (docs/decisions.md "One model for every reward"): the
 * turnover that makes it theirs (or none needed), and the balance share below which it ends. The caller
 * gives the texts in its own words (invite, refund).
 */
export function PercentBadges({
  success,
  fail,
  testId,
  justify = 'center',
}: {
  success: { text: string; hint?: string };
  /** Absent when the reward cannot fail (0 %). */
  fail?: { text: string; hint?: string };
  testId?: string;
  justify?: 'center' | 'flex-start';
}) {
  return (
    <Group gap={6} justify={justify} data-testid={testId}>
      <Badge variant="light" color="teal" radius="sm" title={success.hint} style={{ textTransform: 'none' }}>
        {success.text}
      </Badge>
      {fail && (
        <Badge variant="light" color="orange" radius="sm" title={fail.hint} style={{ textTransform: 'none' }}>
          {fail.text}
        </Badge>
      )}
    </Group>
  );
}
