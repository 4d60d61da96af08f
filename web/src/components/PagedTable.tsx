import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { DelayedLoader } from './DelayedLoader';
import { Pager, pageCount } from './Pager';

export interface PagedTableProps<Row> {
  /** The page shown (from 1); the caller asks its list for it and for another through `onPage`. */
  page: number;
  onPage: (page: number) => void;
  /** `PAGE_SIZE` of the list (contract): with `total`, how many pages there are. */
  pageSize: number;
  /** The page's rows and the list's whole count: undefined until they come, or when they failed. */
  rows: Row[] | undefined;
  total: number | undefined;
  /** While the first answer is on its way: a loader, after a moment (DelayedLoader). */
  loading: boolean;
  /** The header row's cells (<Table.Th>). */
  head: ReactNode;
  /** A row (<Table.Tr> with its key). */
  row: (row: Row, index: number) => ReactNode;
  /** What an empty list says, and its test id. */
  empty: { text: string; testId: string };
  /** What a screen reader calls the pager, in the list's own words ("Friend list pages"). */
  pagesLabel: string;
  /**
   * A list beside other things in a modal (invite, refund): small type, less room when empty. Otherwise
   * the list is the modal's content (slips): the body's type, more room when empty, its page line bold.
   */
  dense?: boolean;
  className?: string;
  /** The test id of the "Page 2 of 5" line. */
  pageTestId?: string;
}

/**
 * A list a page at a time (SLIP-3, INV-1, REF-1): the loader while it comes, its empty text, the table,
 * and under it the pager with "Page 2 of 5" (the pager's texts are shared: `pager.*`). ERR-3: a list
 * that fails to load hides its loader and stays quiet; the caller offers a way to ask again.
 */
export function PagedTable<Row>({
  page,
  onPage,
  pageSize,
  rows,
  total,
  loading,
  head,
  row,
  empty,
  pagesLabel,
  dense = false,
  className,
  pageTestId,
}: PagedTableProps<Row>) {
  const { t } = useTranslation();
  const pages = rows && total !== undefined ? pageCount(total, pageSize) : 1;
  return (
    <>
      {loading && <DelayedLoader />}
      {rows && rows.length === 0 && (
        <Text
          c="dimmed"
          ta="center"
          py={dense ? 'md' : 'lg'}
          fz={dense ? 'sm' : undefined}
          data-testid={empty.testId}
        >
          {empty.text}
        </Text>
      )}
      {rows && rows.length > 0 && (
        <Table
          className={className}
          horizontalSpacing={6}
          verticalSpacing={8}
          striped
          fz={dense ? 'sm' : undefined}
        >
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows.map(row)}</Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Pager
          page={page}
          pages={pages}
          onPage={onPage}
          labels={{ nav: pagesLabel, previous: t('pager.previous'), next: t('pager.next') }}
        >
          <Text fz="sm" fw={dense ? undefined : 600} data-testid={pageTestId}>
            {t('pager.pageOf', { page, pages })}
          </Text>
        </Pager>
      )}
    </>
  );
}
