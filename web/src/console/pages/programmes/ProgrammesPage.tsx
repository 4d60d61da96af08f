import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { ViewsPage, type View } from '../../components/ViewsPage';
import { PERMISSIONS } from '../../permissions';
import { AgreementsTab } from './AgreementsTab';
import { ProgrammeTable } from './ProgrammesTables';
import { RulesTab } from './RulesTab';
import { WheelTab } from './WheelTab';

const VIEWS: readonly View[] = [
  {
    id: 'bonuses',
    read: PERMISSIONS.bonusesRead,
    manage: PERMISSIONS.bonusesManage,
    render: (manage) => <ProgrammeTable kind="bonus" manage={manage} />,
  },
  {
    id: 'promotions',
    read: PERMISSIONS.bonusesRead,
    manage: PERMISSIONS.bonusesManage,
    render: (manage) => <ProgrammeTable kind="promotion" manage={manage} />,
  },
  {
    id: 'wheel',
    read: PERMISSIONS.wheelRead,
    manage: PERMISSIONS.wheelManage,
    render: (manage) => <WheelTab manage={manage} />,
  },
  {
    id: 'rules',
    read: PERMISSIONS.rulesRead,
    manage: PERMISSIONS.rulesManage,
    render: (manage) => <RulesTab manage={manage} />,
  },
  {
    id: 'agreements',
    read: PERMISSIONS.agreementsRead,
    manage: PERMISSIONS.agreementsManage,
    render: (manage) => <AgreementsTab manage={manage} />,
  },
];

/** Programmes (marketing): bonuses, promotion codes, the wheel, invite and refund rules, agreements. */
export default function ProgrammesPage() {
  return <ViewsPage area="programmes" views={VIEWS} />;
}
