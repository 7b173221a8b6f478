import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * No import circles, type imports included (issue 35). ESLint's `import-x/no-cycle` skips
 * `import type` by design and has no switch for it, and madge 8 (the kept library for this) does not
 * accept TypeScript 6 as a peer: so this reads every module's imports with TypeScript's own
 * `preProcessFile` (which lists type imports and re-exports too) and looks for strongly connected
 * groups of modules. Relative imports only: across packages the layering rule already forbids a
 * circle (domain imports nothing of ours).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_ROOTS = ['apps/api/src', 'apps/web/src', 'packages/domain/src', 'packages/db/src', 'scripts'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each module's relative imports (values, types and re-exports alike). */
export function readImportGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolveRelative(file, name))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph: its strongly connected groups of two or more modules, or a module importing itself. */
export function findCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('import circles, type imports included', () => {
  const dir = path.join(tmpdir(), `stockpot-type-cycle-${process.pid}`);
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport interface A { b: B }\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { type A } from './a';\nexport interface B { a?: A }\n");
    writeFileSync(path.join(dir, 'c.ts'), "export type { A } from './a';\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a circle made of type imports alone, and not a module that only reads one', () => {
    const files = ['a.ts', 'b.ts', 'c.ts'].map((name) => path.join(dir, name));
    expect(findCircles(readImportGraph(files))).toEqual([[files[0], files[1]]]);
  });

  it('finds none in our source', () => {
    const files = SOURCE_ROOTS.flatMap((folder) => sourceFiles(path.join(root, folder)));
    expect(files.length).toBeGreaterThan(500);
    const circles = findCircles(readImportGraph(files)).map((group) => group.map((f) => path.relative(root, f)));
    expect(circles).toEqual([]);
  });
});
