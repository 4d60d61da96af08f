import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { SegmentedControl } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { useT } from '../../i18n';
import { can, PERMISSIONS, type Permission } from '../../permissions';
import { useStaffMe } from '../../use-me';
import { AgreementsTab } from './AgreementsTab';
import { ProgrammeTable } from './ProgrammesTables';
import { RulesTab } from './RulesTab';
import { WheelTab } from './WheelTab';

const TABS: Array<{ id: string; read: Permission; manage: Permission }> = [
  { id: 'bonuses', read: PERMISSIONS.bonusesRead, manage: PERMISSIONS.bonusesManage },
  { id: 'promotions', read: PERMISSIONS.bonusesRead, manage: PERMISSIONS.bonusesManage },
  { id: 'wheel', read: PERMISSIONS.wheelRead, manage: PERMISSIONS.wheelManage },
  { id: 'rules', read: PERMISSIONS.rulesRead, manage: PERMISSIONS.rulesManage },
  { id: 'agreements', read: PERMISSIONS.agreementsRead, manage: PERMISSIONS.agreementsManage },
];

/** Programmes (marketing): bonuses, promotion codes, the wheel, invite and refund rules, agreements. */
export default function ProgrammesPage() {
  const t = useT();
  const me = useStaffMe();
  const navigate = useNavigate();
  const { tab } = useParams();
  const tabs = TABS.filter((x) => can(me, x.read));
  const current = tabs.find((x) => x.id === tab) ?? tabs[0];
  if (!current) return <Navigate to="/console" replace />;
  const manage = can(me, current.manage);
  return (
    <>
      <PageTitle title={t('console.programmes.title')} sub={t('console.programmes.sub')} />
      {/* One view at a time; the address keeps which (/console/programmes/<view>). */}
      <SegmentedControl
        mb="lg"
        value={current.id}
        onChange={(v) => void navigate(`/console/programmes/${v}`)}
        data={tabs.map((x) => ({ value: x.id, label: t(`console.programmes.tabs.${x.id}`) }))}
        aria-label={t('console.programmes.title')}
      />
      <div key={current.id}>
        {
          {
            bonuses: <ProgrammeTable kind="bonus" manage={manage} />,
            promotions: <ProgrammeTable kind="promotion" manage={manage} />,
            wheel: <WheelTab manage={manage} />,
            rules: <RulesTab manage={manage} />,
            agreements: <AgreementsTab manage={manage} />,
          }[current.id]
        }
      </div>
    </>
  );
}
