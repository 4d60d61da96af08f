import { Group, ThemeIcon, Title } from '@mantine/core';
import { IconRosette } from '@tabler/icons-react';
import { useBlockInForce } from '../../features/protection/api/protection';
import { OffersPaused } from '../../features/protection/components/OffersPaused';
import { SpinPanel } from '../../features/spin/components/SpinPanel';
import { useTranslation } from '../../i18n/react';

/** SPIN-1 to SPIN-4: the spin wheel page; not offered during a time-out or self-exclusion. */
export default function MemberSpinRoute() {
  const { t } = useTranslation();
  const block = useBlockInForce();
  return (
    <>
      <Group gap="sm" wrap="nowrap" mb="md">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconRosette size={24} stroke={1.7} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          {t('pages.spin')}
        </Title>
      </Group>
      {block ? <OffersPaused block={block} /> : <SpinPanel />}
    </>
  );
}
