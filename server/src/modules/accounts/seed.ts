// The demo members of a SIMULATE start (db/seed.ts names them): written here, beside the password hashing
// they need, and composed with the site's rows by server/src/seed.ts.
import type { Queryable } from '../../db/db.ts';
import type { DEMO_MEMBER } from '../../db/seed.ts';
import { hashPassword } from './passwords.ts';

/** Adds a demo member unless one with that phone exists. */
export async function seedDemoMember(
  q: Queryable,
  publicId: string,
  m: typeof DEMO_MEMBER,
  currency: 'BAHT' | 'LAK',
) {
  const exists = await q.query('select 1 from members where phone = $1', [m.phone]);
  if (exists.length) return;
  await q.query(
    `insert into members (public_id, phone, name, password_hash, bank_code, bank_account_name, bank_account_no, currency)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
    [
      publicId,
      m.phone,
      m.name,
      await hashPassword(m.password),
      m.bankCode,
      m.bankAccountName,
      m.bankAccountNo,
      currency,
    ],
  );
}
