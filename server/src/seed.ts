// Idempotent first-start data, in one transaction: the site's rows (db/seed.ts), the demo member, the
// modules' own programmes (the wheel, the bonuses) and a Laos build's kip member. Composed here, outside
// db/, because db/ imports no module. main.ts runs it at every start; tests seed their databases with it.
import type { Region } from '@krapao/contract';
import type { Db } from './db/db.ts';
import { DEMO_MEMBER, LAO_DEMO_MEMBER, seedSite } from './db/seed.ts';
import { seedDemoMember } from './modules/accounts/seed.ts';
import { seedBonuses } from './modules/bonuses/seed.ts';
import { seedSpin } from './modules/spin/seed.ts';

export async function seed(db: Db, opts: { demoMember: boolean; region?: Region }): Promise<void> {
  const laos = opts.region === 'la';
  await db.tx(async (q) => {
    await seedSite(q, { region: opts.region });
    if (opts.demoMember) await seedDemoMember(q, 'DEMO01', DEMO_MEMBER, 'BAHT');
    await seedSpin(q, opts.region);
    await seedBonuses(q);
    if (opts.demoMember && laos) await seedDemoMember(q, 'DEMOLA', LAO_DEMO_MEMBER, 'LAK');
  });
}
