import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useT } from '../i18n';

/** "Page 2 of 5" with newer and older: a list the server pages, newest first. Nothing for one page. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <Group justify="flex-end" mt="sm" gap="xs">
      <Text size="sm" c="dimmed">
        {t('console.member.statement.page', { page, pages })}
      </Text>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={14} />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('console.member.statement.newer')}
      </Button>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={14} />}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('console.member.statement.older')}
      </Button>
    </Group>
  );
}
