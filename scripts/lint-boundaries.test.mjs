// The import boundaries of eslint.config.js, shown to hold: each rule refuses a deliberately wrong import,
// spelled as a developer would, in a file at a real place in the tree (the rules look at resolved paths,
// so the imported files are real too), and the right imports pass. `npm run lint` runs it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import { root } from './lib.mjs';

const eslint = new ESLint({ cwd: root });

/** The boundary rules' findings for `code` as if it were the file at `path` (relative to the repo). */
async function boundaryErrors(path, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return result.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

async function refused(path, code, why) {
  const errors = await boundaryErrors(path, code);
  assert.ok(errors.length > 0, `expected ${path} to be refused: ${code}`);
  assert.ok(
    errors.some((e) => e.includes(why)),
    `expected a finding saying "${why}", got:\n${errors.join('\n')}`,
  );
}

async function allowed(path, code) {
  assert.deepEqual(await boundaryErrors(path, code), [], `expected ${path} to pass: ${code}`);
}

describe('web', () => {
  const walletCard = 'web/src/features/wallet/components/WalletCard.tsx';

  test('a feature importing another feature by a relative path is refused', async () => {
    await refused(
      walletCard,
      "import { SpinCoinButton } from '../../spin/components/SpinCoinButton';\nexport const x = SpinCoinButton;",
      'features do not import each other',
    );
  });

  test('a feature importing another feature through a longer path to the same file is refused', async () => {
    await refused(
      walletCard,
      "import { useSpinActive } from '../../../features/spin/api/spin-api';\nexport const x = useSpinActive;",
      'features do not import each other',
    );
  });

  test('a feature importing app/ is refused', async () => {
    await refused(
      walletCard,
      "import { useMoneyMoved } from '../../../app/money';\nexport const x = useMoneyMoved;",
      'features do not import app/',
    );
  });

  test('lib importing a feature is refused', async () => {
    await refused(
      'web/src/lib/format.ts',
      "import { useWallet } from '../features/wallet/api/get-wallet';\nexport const x = useWallet;",
      'sit below features and app',
    );
  });

  test('components importing app/ is refused', async () => {
    await refused(
      'web/src/components/Money.tsx',
      "import { useMoneyMoved } from '../app/money';\nexport const x = useMoneyMoved;",
      'sit below features and app',
    );
  });

  test('a feature importing its own files, lib/ and components/ passes, and app/ may import features', async () => {
    await allowed(
      walletCard,
      [
        "import { useWallet } from '../api/get-wallet';",
        "import { walletKeys } from '../../../lib/wallet-keys';",
        "import { Money } from '../../../components/Money';",
        'export const x = [useWallet, walletKeys, Money];',
      ].join('\n'),
    );
    await allowed(
      'web/src/app/home-cards.tsx',
      "import { SpinCoinButton } from '../features/spin/components/SpinCoinButton';\nexport const x = SpinCoinButton;",
    );
  });

  test('an import cycle is refused', async () => {
    // WalletCard.tsx imports get-wallet.ts; get-wallet.ts importing WalletCard.tsx closes the loop.
    await refused(
      'web/src/features/wallet/api/get-wallet.ts',
      "import { WalletCard } from '../components/WalletCard';\nexport const x = WalletCard;",
      'Dependency cycle',
    );
  });
});

describe('server', () => {
  test("a module importing another module's routes is refused", async () => {
    await refused(
      'server/src/modules/chat/routes.ts',
      "import { opsRoutes } from '../ops/routes.ts';\nexport const x = opsRoutes;",
      "modules do not import each other's routes",
    );
  });

  test("a service importing its own module's routes is refused", async () => {
    await refused(
      'server/src/modules/wallet/service.ts',
      "import { walletRoutes } from './routes.ts';\nexport const x = walletRoutes;",
      'a service never imports routes',
    );
  });

  test('db/ importing a module is refused', async () => {
    await refused(
      'server/src/db/seed.ts',
      "import { seedSpin } from '../modules/spin/seed.ts';\nexport const x = seedSpin;",
      'import no module',
    );
  });

  test('http/ importing a module is refused', async () => {
    await refused(
      'server/src/http/auth.ts',
      "import { login } from '../modules/accounts/service.ts';\nexport const x = login;",
      'import no module',
    );
  });

  test('config.ts importing a module is refused', async () => {
    await refused(
      'server/src/config.ts',
      "import { otpRequired } from './modules/otp/policy.ts';\nexport const x = otpRequired;",
      'import no module',
    );
  });

  test('a module importing the simulated world is refused', async () => {
    await refused(
      'server/src/modules/games/service.ts',
      "import { simGames } from '../../sim/games.ts';\nexport const x = simGames;",
      'production code never imports the simulated world',
    );
  });

  test('app.ts loading the simulated world, even dynamically, is refused', async () => {
    await refused(
      'server/src/app.ts',
      "export const load = () => import('./sim/world.ts');",
      'production code never imports the simulated world',
    );
  });

  test('simulated-world.ts, and only it, may load the simulated world', async () => {
    await allowed('server/src/simulated-world.ts', "export const load = () => import('./sim/world.ts');");
    await refused(
      'server/src/jobs.ts',
      "export const load = () => import('./sim/world.ts');",
      'production code never imports the simulated world',
    );
  });

  test('a module importing a provider adapter or the adapters chooser is refused; the interface passes', async () => {
    await refused(
      'server/src/modules/otp/service.ts',
      "import { httpSms } from '../../providers/sms/http-sms.ts';\nexport const x = httpSms;",
      'never an adapter',
    );
    await refused(
      'server/src/modules/otp/service.ts',
      "import { chooseProviders } from '../../providers/index.ts';\nexport const x = chooseProviders;",
      'modules get their providers through Ctx',
    );
    await allowed(
      'server/src/modules/otp/service.ts',
      "import type { SmsSender } from '../../providers/sms/sms.ts';\nexport type X = SmsSender;",
    );
  });

  test("routes importing http/ pieces and another module's service pass", async () => {
    await allowed(
      'server/src/modules/invite/routes.ts',
      [
        "import { operatorAuth } from '../../http/operator-auth.ts';",
        "import { audited } from '../ops/service.ts';",
        'export const x = [operatorAuth, audited];',
      ].join('\n'),
    );
  });

  test('an import cycle is refused', async () => {
    // http/auth.ts imports http/sessions.ts; sessions.ts importing auth.ts closes the loop.
    await refused(
      'server/src/http/sessions.ts',
      "import { sessionOf } from './auth.ts';\nexport const x = sessionOf;",
      'Dependency cycle',
    );
  });
});

describe('contract', () => {
  test('contract importing the server is refused', async () => {
    await refused(
      'contract/src/index.ts',
      "import { buildApp } from '../../server/src/app.ts';\nexport const x = buildApp;",
      'contract imports neither side',
    );
  });
});
