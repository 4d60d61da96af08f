import type { ConsoleMe } from '@krapao/contract';
import { useOutletContext } from 'react-router';

/** The signed-in staff member, as the shell read it from GET /api/console/me. */
export const useStaffMe = () => useOutletContext<ConsoleMe>();
