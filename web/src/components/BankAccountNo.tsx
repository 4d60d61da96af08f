import { formatBankAccountNo } from '@krapao/contract';

/** PRO-1: a 10-digit number shows 3-3-rest; other lengths as they are. */
export function BankAccountNo({ value }: { value: string }) {
  return <span className="tabular">{formatBankAccountNo(value)}</span>;
}
