import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { ViewsPage, type View } from '../../components/ViewsPage';
import { AgreementsTab } from './AgreementsTab';
import { ProgrammeTable } from './ProgrammesTables';
import { RulesTab } from './RulesTab';
import { PROGRAMME_VIEWS, type ProgrammeView } from './views';
import { WheelTab } from './WheelTab';

/** What each programme page shows. */
const RENDER: Record<ProgrammeView['id'], View['render']> = {
  bonuses: (manage) => <ProgrammeTable kind="bonus" manage={manage} />,
  promotions: (manage) => <ProgrammeTable kind="promotion" manage={manage} />,
  wheel: (manage) => <WheelTab manage={manage} />,
  rules: (manage) => <RulesTab manage={manage} />,
  agreements: (manage) => <AgreementsTab manage={manage} />,
};

const VIEWS: readonly View[] = PROGRAMME_VIEWS.map((v) => ({ ...v, render: RENDER[v.id] }));

/** Programmes (marketing): bonuses, promotion codes, the wheel, invite and refund rules, agreements. */
export default function ProgrammesPage() {
  return <ViewsPage area="programmes" views={VIEWS} />;
}
