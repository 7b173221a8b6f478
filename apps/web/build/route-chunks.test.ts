import { describe, expect, it } from 'vitest';
import { assignRouteChunks, routeChunkGroups, type ModuleGraph } from './route-chunks';

const root = '/app';
interface FakeModule {
  imports?: string[];
  exports?: string[];
  code?: string;
}

function graphOf(modules: Record<string, FakeModule>): ModuleGraph {
  const infos = new Map(
    Object.entries(modules).map(([id, m]) => [
      id,
      { importedIds: m.imports ?? [], exports: m.exports ?? [], code: m.code ?? '' },
    ]),
  );
  return { getModuleInfo: (id) => infos.get(id) ?? null };
}

// A login page and the shell share a form module and Mantine's Divider (through the barrel); the
// shell has a header of its own and the icon barrel's IconX (a default export under its file name).
const graph = graphOf({
  '/app/src/login-page.tsx': {
    imports: ['/mantine/index.mjs', '/app/src/form.tsx', '\0vite/preload-helper.js'],
    code: 'import { Divider, Stack as Column } from "@mantine/core";\nimport { Form } from "../form";\n',
  },
  '/app/src/shell.tsx': {
    imports: ['/mantine/index.mjs', '/icons/index.mjs', '/app/src/header.tsx', '/app/src/form.tsx'],
    code: [
      'import {\n  Divider,\n  Paper\n} from "@mantine/core";',
      'import { IconX } from "@tabler/icons-react";',
      'import { Header } from "./header";',
      'import { Form } from "./form";',
    ].join('\n'),
  },
  '/app/src/form.tsx': { imports: ['/mantine/index.mjs', '/app/src/field.tsx'] },
  '/app/src/field.tsx': {},
  '/app/src/header.tsx': { imports: ['/app/src/shell.tsx'] },
  '/mantine/index.mjs': {
    imports: ['/mantine/Divider.mjs', '/mantine/Stack.mjs', '/mantine/Paper.mjs'],
    exports: ['Divider', 'Stack', 'Paper'],
  },
  '/mantine/Divider.mjs': { exports: ['Divider'] },
  '/mantine/Stack.mjs': { exports: ['Stack'] },
  '/mantine/Paper.mjs': { exports: ['Paper'] },
  '/icons/index.mjs': { imports: ['/icons/IconPlus.mjs', '/icons/IconX.mjs'], exports: ['IconPlus', 'IconX'] },
  '/icons/IconPlus.mjs': { exports: ['default'] },
  '/icons/IconX.mjs': { exports: ['default'] },
});

const groups = [
  { name: 'login', pages: ['src/login-page.tsx'] },
  { name: 'shell', pages: ['src/shell.tsx'] },
];

describe('assignRouteChunks', () => {
  it("names a page's app modules and the modules its barrel imports come from, the earlier group first", () => {
    expect(Object.fromEntries(assignRouteChunks(graph, root, groups))).toEqual({
      '/app/src/form.tsx': 'login',
      '/app/src/field.tsx': 'login',
      '/mantine/Divider.mjs': 'login',
      '/mantine/Stack.mjs': 'login',
      '/app/src/header.tsx': 'shell',
      '/mantine/Paper.mjs': 'shell',
      '/icons/IconX.mjs': 'shell',
    });
  });

  it('leaves the pages to chunks of their own, and the barrels to Rolldown', () => {
    const names = assignRouteChunks(graph, root, groups);
    for (const id of ['/app/src/login-page.tsx', '/app/src/shell.tsx', '/mantine/index.mjs', '/icons/IconPlus.mjs']) {
      expect(names.has(id)).toBe(false);
    }
  });

  it("fails the build when a page's import statements do not match its module's imports", () => {
    const odd = graphOf({ '/app/src/login-page.tsx': { imports: ['/mantine/index.mjs'], code: '' } });
    expect(() => assignRouteChunks(odd, root, groups)).toThrow(/cannot match the imports/);
  });
});

describe('routeChunkGroups', () => {
  it('gives one group per route chunk, the first the highest priority, each naming only its own modules', () => {
    const [login, shell] = routeChunkGroups(root, groups, 10);
    expect([login.priority, shell.priority]).toEqual([9, 8]);
    expect(login.name('/app/src/form.tsx', graph)).toBe('login');
    expect(shell.name('/app/src/form.tsx', graph)).toBeNull();
    expect(shell.name('/app/src/header.tsx', graph)).toBe('shell');
    expect(shell.name('/app/src/shell.tsx', graph)).toBeNull();
  });
});
