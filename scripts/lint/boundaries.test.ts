import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries of docs/architecture.md are lint rules (eslint.config.js). These cases break each
 * rule on purpose, in snippets linted as if they lived in the zone, and expect the rule to fail;
 * an allowed import next to each shows the rule does not fire on everything.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function lintAt(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('web import zones', () => {
  it('a feature does not import another feature', async () => {
    const messages = await lintAt(
      'apps/web/src/features/catalog/probe.ts',
      "export { REVIEW_ORDER_PATH } from '../checkout/checkout-paths';\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature does not import another feature/),
    ]);
  });

  it('a feature imports its own files and the shared layers', async () => {
    const messages = await lintAt(
      'apps/web/src/features/catalog/probe.ts',
      "export { useItemList } from './api/use-item-list';\nexport { api } from '../../lib/api-client';\nexport { useCartCount } from '../../shared/cart/use-cart';\n",
    );
    expect(messages).toEqual([]);
  });

  it.each(['shell', 'shared/cart', 'ui', 'lib'])('%s does not import a feature', async (folder) => {
    const depth = '../'.repeat(folder.split('/').length);
    const messages = await lintAt(
      `apps/web/src/${folder}/probe.ts`,
      `export { REVIEW_ORDER_PATH } from '${depth}features/checkout/checkout-paths';\n`,
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*do not import features/)]);
  });

  it('ui does not import shell or shared', async () => {
    const messages = await lintAt(
      'apps/web/src/ui/probe.ts',
      "export { openMessageModal } from '../shared/modals/modal-store';\n",
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*bottom layers/)]);
  });

  it('shared does not import shell', async () => {
    const messages = await lintAt('apps/web/src/shared/cart/probe.ts', "export { Header } from '../../shell/header';\n");
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*does not import shell/)]);
  });

  it('the web app does not import @stockpot/db', async () => {
    const messages = await lintAt('apps/web/src/lib/probe.ts', "export { queryRows } from '@stockpot/db';\n");
    // By package name, and by where it resolves (which a relative path into packages/db would hit too).
    expect(messages).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*never imports @stockpot\/db/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports the database package/),
    ]);
  });
});

describe('web query keys', () => {
  it('come from the factory, never an inline array', async () => {
    const messages = await lintAt(
      'apps/web/src/features/shopping-lists/api/probe.ts',
      "export const refresh = (client: { invalidateQueries(filter: object): void }) =>\n  client.invalidateQueries({ queryKey: ['items', 'list'] });\n",
    );
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-syntax: .*lib\/query-keys\.ts/)]);
  });
});

describe('API feature repos', () => {
  it("a feature does not import another feature's repo", async () => {
    const messages = await lintAt(
      'apps/api/src/features/savings/probe.ts',
      "export { findAccount } from '../checkout/checkout.repo';\n",
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*only through checkout\.public\.ts/)]);
  });

  it('a feature imports platform/ and the shared catalog read model', async () => {
    const messages = await lintAt(
      'apps/api/src/features/savings/probe.ts',
      "export { loadCartLines } from '../../platform/cart/cart-lines.repo';\nexport { selectItemRows } from '../catalog/catalog.public';\n",
    );
    expect(messages).toEqual([]);
  });

  it("a feature reads another's services only through its public module (issue 35)", async () => {
    const messages = await lintAt(
      'apps/api/src/features/checkout/probe.ts',
      "export { getOrderSummary } from '../orders/order-history.service';\nexport { getOrderSummary as summary } from '../orders/orders.public';\n",
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*only through orders\.public\.ts/)]);
  });

  it('a feature reads the catalog only through its public module', async () => {
    const messages = await lintAt(
      'apps/api/src/features/savings/probe.ts',
      "export { selectItemRows } from '../catalog/item-rows.repo';\nexport { listItems } from '../catalog/catalog.service';\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*only through catalog\.public\.ts/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*only through catalog\.public\.ts/),
    ]);
  });
});

describe('import cycles', () => {
  // A cycle needs two real files: written in a folder of their own and removed afterwards.
  const dir = path.join(root, 'apps/web/src/lib', `lint-probe-${process.pid}`);

  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    writeFileSync(path.join(dir, 'c.ts'), "import { b } from './b';\nexport const c = () => b;\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fail the lint', async () => {
    const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    expect(result.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
  });

  it('are told apart from a plain import of a module in a cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(dir, 'c.ts')]);
    expect(result.messages).toEqual([]);
  });
});

describe('rooms small enough to read (issue 35)', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n';

  it('a source file over 300 lines fails the lint', async () => {
    expect(await lintAt('apps/api/src/platform/probe.ts', lines(301))).toEqual([
      expect.stringMatching(/^max-lines: File has too many lines \(301\)/),
    ]);
    expect(await lintAt('packages/domain/src/cart/probe.ts', lines(301))).toEqual([expect.stringMatching(/^max-lines/)]);
    expect(await lintAt('apps/web/src/ui/probe.tsx', lines(300))).toEqual([]);
  });

  it('tests are not held to it; the bench and cluster tooling are', async () => {
    expect(await lintAt('apps/api/src/platform/probe.test.ts', lines(400))).toEqual([]);
    expect(await lintAt('scripts/bench/probe.ts', lines(400))).toEqual([expect.stringMatching(/^max-lines/)]);
  });
});
