import { useSearchParams } from 'react-router';
import { StatementView } from '../../features/statement/components/StatementView';

/** ST-1: the page lives in the address (?page=2), so back and reload keep it. */
export default function MemberStatementRoute() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return (
    <StatementView
      page={page}
      onPage={(next) => {
        setParams(next > 1 ? { page: String(next) } : {});
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
