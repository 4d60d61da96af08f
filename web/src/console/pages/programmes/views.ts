import { PERMISSIONS } from '../../permissions';

/**
 * The programme pages (ProgrammesPage's tabs, /console/programmes/<id>) and the permissions that read and
 * change each: apart from the pages themselves, so that the console's home links them without loading them.
 */
export const PROGRAMME_VIEWS = [
  { id: 'bonuses', read: PERMISSIONS.bonusesRead, manage: PERMISSIONS.bonusesManage },
  { id: 'promotions', read: PERMISSIONS.bonusesRead, manage: PERMISSIONS.bonusesManage },
  { id: 'wheel', read: PERMISSIONS.wheelRead, manage: PERMISSIONS.wheelManage },
  { id: 'rules', read: PERMISSIONS.rulesRead, manage: PERMISSIONS.rulesManage },
  { id: 'agreements', read: PERMISSIONS.agreementsRead, manage: PERMISSIONS.agreementsManage },
] as const;
export type ProgrammeView = (typeof PROGRAMME_VIEWS)[number];
