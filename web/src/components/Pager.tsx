import { ActionIcon, Group, Text, type GroupProps } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The pages `total` items fill at `limit` a page; an empty list still has its one page. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What a screen reader calls the pager and its arrows, in the list's own words. */
  labels: { nav: string; previous: string; next: string };
  /** Between the arrows: <PageNumbers> or a line such as "Page 2 of 5". */
  children: ReactNode;
  gap?: GroupProps['gap'];
}

/** Previous and next around what the list shows of where the member is. */
export function Pager({ page, pages, onPage, labels, children, gap = 'sm' }: PagerProps) {
  return (
    <Group component="nav" aria-label={labels.nav} justify="center" gap={gap} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={40}
        radius="xl"
        aria-label={labels.previous}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      {children}
      <ActionIcon
        variant="default"
        size={40}
        radius="xl"
        aria-label={labels.next}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}

/** A button for each of `numbers`, the current page filled and marked as current. */
export function PageNumbers({
  numbers,
  page,
  onPage,
  label,
}: {
  numbers: number[];
  page: number;
  onPage: (page: number) => void;
  /** The button's name, e.g. "Page 3". */
  label: (page: number) => string;
}) {
  return (
    <>
      {numbers.map((n) => (
        <ActionIcon
          key={n}
          variant={n === page ? 'filled' : 'default'}
          size={40}
          radius="xl"
          aria-label={label(n)}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          <Text fz="sm" fw={700} component="span">
            {n}
          </Text>
        </ActionIcon>
      ))}
    </>
  );
}
