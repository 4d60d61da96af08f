import type { BankNames } from '@krapao/contract';

/** The columns of a bank's names, as a query selects them from `banks b`. */
export const BANK_NAME_COLUMNS = 'b.name_th, b.name_en, b.name_la';

export interface BankNameRow {
  name_th: string;
  name_en: string;
  name_la: string | null;
}

/** A bank's names for the API: nameLA only where the bank has a Lao name. */
export function bankNamesOf(row: BankNameRow): BankNames {
  return {
    nameTH: row.name_th,
    nameEN: row.name_en,
    ...(row.name_la ? { nameLA: row.name_la } : {}),
  };
}
