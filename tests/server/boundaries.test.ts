import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/platform/version.ts';

/**
 * The import boundaries of ADR 0005, as eslint.config.js enforces them: each rule refuses a small
 * offending snippet linted as if it were a file of that folder, and compliant snippets pass.
 */
const eslint = new ESLint({
  cwd: ROOT_DIR,
  overrideConfig: { linterOptions: { reportUnusedDisableDirectives: 'off' } },
});

async function lint(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT_DIR, path) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const BOUNDARY = /no-restricted-paths|no-restricted-imports|no-cycle/;

describe('server import boundaries (ADR 0005)', () => {
  it('a platform file importing a feature is refused', async () => {
    const messages = await lint(
      'server/platform/probe.ts',
      "import { shopRoutes } from '../features/shops/routes.ts';\nexport const probe = shopRoutes;\n",
    );
    expect(messages.join('\n')).toMatch(/no-restricted-paths.*server\/platform imports no feature/);
  });

  it('a platform file importing the seed is refused', async () => {
    const messages = await lint(
      'server/platform/plugins/probe.ts',
      "import { seedDemoData } from '../../seed/demo.ts';\nexport const probe = seedDemoData;\n",
    );
    expect(messages.join('\n')).toMatch(/no-restricted-paths/);
  });

  it("a feature importing another feature's service or routes is refused, from any depth", async () => {
    const service = await lint(
      'server/features/accounts/probe.ts',
      "import { ShopService } from '../shops/service.ts';\nexport const probe = ShopService;\n",
    );
    expect(service.join('\n')).toMatch(/no-restricted-paths.*schema\.ts only/);
    const routes = await lint(
      'server/features/accounts/routes/probe.ts',
      "import { findShopProfile } from '../../profiles/repo.ts';\nexport const probe = findShopProfile;\n",
    );
    expect(routes.join('\n')).toMatch(/no-restricted-paths.*schema\.ts only/);
  });

  it("a feature importing another feature's schema.ts passes (the shared data model)", async () => {
    const messages = await lint(
      'server/features/profiles/probe.ts',
      "import { shops } from '../shops/schema.ts';\nimport { users } from '../accounts/schema.ts';\nexport const probe = [shops, users];\n",
    );
    expect(messages.filter((m) => BOUNDARY.test(m))).toEqual([]);
  });

  it('a contracts file importing drizzle (or the server) is refused; zod and other contracts pass', async () => {
    const drizzle = await lint(
      'contracts/probe.ts',
      "import { sql } from 'drizzle-orm';\nexport const probe = sql;\n",
    );
    expect(drizzle.join('\n')).toMatch(/no-restricted-imports.*contracts\/ imports only zod/);
    const server = await lint(
      'contracts/probe.ts',
      "import { HttpError } from '../server/platform/http-errors.ts';\nexport const probe = HttpError;\n",
    );
    expect(server.join('\n')).toMatch(/no-restricted-imports/);
    const fine = await lint(
      'contracts/probe.ts',
      "import { z } from 'zod';\nimport { MESSAGES } from './common.ts';\nexport const probe = [z, MESSAGES];\n",
    );
    expect(fine).toEqual([]);
  });

  it('server code importing client code (src/, machines/) is refused', async () => {
    const src = await lint(
      'server/features/shops/probe.ts',
      "import { mount } from '../../../src/mount.ts';\nexport const probe = mount;\n",
    );
    expect(src.join('\n')).toMatch(/no-restricted-paths.*never imports client code/);
  });

  it('non-test code importing tests/ is refused', async () => {
    const messages = await lint(
      'server/platform/probe.ts',
      "import { createTestApp } from '../../tests/support/app.ts';\nexport const probe = createTestApp;\n",
    );
    expect(messages.join('\n')).toMatch(/no-restricted-paths.*Only tests import tests/);
  });

  it('an import cycle on the server is refused', async () => {
    // shops/service.ts imports shops/repo.ts; a repo importing the service closes the loop.
    const messages = await lint(
      'server/features/shops/repo.ts',
      "import { ShopService } from './service.ts';\nexport const probe = ShopService;\n",
    );
    expect(messages.join('\n')).toMatch(/house\/no-cycle/);
  });

  it('a compliant feature file passes every boundary', async () => {
    const messages = await lint(
      'server/features/shops/probe.ts',
      [
        "import { SHOP_MESSAGES } from '../../../contracts/shops.ts';",
        "import { HttpError } from '../../platform/http-errors.ts';",
        "import { users } from '../accounts/schema.ts';",
        "import { ShopService } from './service.ts';",
        'export const probe = [SHOP_MESSAGES, HttpError, users, ShopService];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});

describe('client import boundaries (ADR 0007)', () => {
  it('a platform file importing a feature or the app is refused', async () => {
    const feature = await lint(
      'src/platform/ui/Probe.tsx',
      "import { routes } from '../../features/contact/routes.ts';\nexport const probe = routes;\n",
    );
    expect(feature.join('\n')).toMatch(/no-restricted-paths.*src\/platform imports no feature/);
    const app = await lint(
      'src/platform/probe.ts',
      "import { FEATURES } from '../app/features.ts';\nexport const probe = FEATURES;\n",
    );
    expect(app.join('\n')).toMatch(/no-restricted-paths.*src\/platform imports no feature/);
  });

  it('a feature importing another feature or the app is refused; its own files and platform pass', async () => {
    const other = await lint(
      'src/features/contact/Probe.tsx',
      "import { sendShopRequest } from '../shop-requests/api/send-shop-request.ts';\nexport const probe = sendShopRequest;\n",
    );
    expect(other.join('\n')).toMatch(/no-restricted-paths.*src\/features\/contact imports no other feature/);
    const app = await lint(
      'src/features/contact/api/probe.ts',
      "import { ROUTES } from '../../../app/routes/table.ts';\nexport const probe = ROUTES;\n",
    );
    expect(app.join('\n')).toMatch(/no-restricted-paths/);
    const fine = await lint(
      'src/features/contact/Probe.tsx',
      "import { sendContact } from './api/send-contact.ts';\nimport { Button } from '../../platform/ui/Button.tsx';\nexport const probe = [sendContact, Button];\n",
    );
    expect(fine.filter((m) => BOUNDARY.test(m))).toEqual([]);
  });

  it('machines import no React and nothing from src/ or server/', async () => {
    const react = await lint(
      'machines/probeMachine.ts',
      "import { useState } from 'react';\nexport const probe = useState;\n",
    );
    expect(react.join('\n')).toMatch(/no-restricted-imports.*machines\/ imports no React/);
    const src = await lint(
      'machines/probeMachine.ts',
      "import { session } from '../src/platform/session/session-storage.ts';\nexport const probe = session;\n",
    );
    expect(src.join('\n')).toMatch(/no-restricted-paths.*machines\/ is pure TypeScript/);
  });

  it('client code importing server code is refused', async () => {
    const messages = await lint(
      'src/features/contact/probe.ts',
      "import { buildApp } from '../../../server/platform/app.ts';\nexport const probe = buildApp;\n",
    );
    expect(messages.join('\n')).toMatch(/no-restricted-paths.*never imports server code/);
  });
});

describe('issue 28 (b): dynamic imports with a computed path', () => {
  it('issue 28 (b): a template literal that can reach another feature is refused, on the client and the server', async () => {
    const client = await lint(
      'src/features/contact/Probe.tsx',
      'export const probe = (name: string) => import(`../shop-requests/api/${name}.ts`);\n',
    );
    expect(client.join('\n')).toMatch(
      /no-restricted-paths.*src\/features\/shop-requests\/api\/….*computed dynamic import.*imports no other feature/,
    );
    // The folder the template starts in holds every feature: it can reach the others.
    const anyFeature = await lint(
      'src/features/contact/Probe.tsx',
      'export const probe = (name: string) => import(`../${name}/routes.ts`);\n',
    );
    expect(anyFeature.join('\n')).toMatch(/no-restricted-paths/);
    const server = await lint(
      'server/platform/probe.ts',
      'export const probe = (name: string) => import(`../features/${name}/routes.ts`);\n',
    );
    expect(server.join('\n')).toMatch(/no-restricted-paths.*server\/platform imports no feature/);
  });

  it("issue 28 (b): string concatenation and templates without expressions are checked too; a feature's own folder passes", async () => {
    const concatenated = await lint(
      'server/platform/probe.ts',
      "export const probe = (name: string) => import('../features/' + name + '/routes.ts');\n",
    );
    expect(concatenated.join('\n')).toMatch(/no-restricted-paths.*server\/platform imports no feature/);
    const plain = await lint(
      'src/platform/probe.ts',
      'export const probe = () => import(`../features/contact/routes.ts`);\n',
    );
    expect(plain.join('\n')).toMatch(/no-restricted-paths.*src\/platform imports no feature/);
    const own = await lint(
      'src/features/contact/Probe.tsx',
      'export const probe = (name: string) => import(`./api/${name}.ts`);\n',
    );
    expect(own.filter((m) => BOUNDARY.test(m))).toEqual([]);
  });
});
