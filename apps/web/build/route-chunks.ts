import path from 'node:path';

/**
 * Route chunks (issue 38, stop 68): Rolldown's automatic splitting gives every set of pages that
 * shares a module a chunk of its own, and with a hundred lazy pages most of those chunks are one
 * tabler icon, one Mantine hook or one domain rule (under 1 KB gzip). The place-order list loaded 75
 * files on top of the entry; on a phone each is a request, a module to instantiate and a link for
 * route-preloads.js to add. These `codeSplitting` groups give a route one chunk for what it needs.
 *
 * A group names the app's own modules (under src/) that its pages import statically, and Rolldown
 * adds what they use of the packages (`includeDependenciesRecursively`, on by default). Packages are
 * left to Rolldown because they are reached through barrels (`@mantine/core`, `@tabler/icons-react`,
 * `@stockpot/domain`): the module graph lists every module a barrel re-exports, Rolldown's own
 * recursion only what is used. The pages themselves are not named: each keeps a chunk of its own
 * (lazy() loads it, route-preloads.ts and the bench look it up by its module).
 *
 * A group takes nothing an earlier group took, so list the groups from the most shared: a later
 * group's chunk imports an earlier one's, never the other way round. The entry's modules go into a
 * group of their own before any of these (`tags: ['$initial']`), so no route chunk takes one.
 */

export interface RouteChunkGroup {
  /** The chunk's name (`assets/<name>-<hash>.js`). */
  name: string;
  /** The pages whose static imports the chunk holds, relative to apps/web. */
  pages: string[];
}

/** What the name functions need of Rolldown's ModuleInfo. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; exports: readonly string[]; code: string | null } | null;
}

const IMPORT = /^(?:import|export)\s+(?:([^'"]*?)\s+from\s+)?["']([^"']+)["'];?$/gm;

/**
 * The modules that define what a page imports by name from a package's barrel (`import { Divider }
 * from '@mantine/core'` → Divider.mjs). A page's own package imports are in no app module's
 * recursion: without this a later group's recursion took those the page shares with it, and /login
 * imported the shell's chunk.
 */
function namedPackageImports(graph: ModuleGraph, page: string, sourceDir: string): string[] {
  const info = graph.getModuleInfo(page);
  const statements = [...(info?.code ?? '').matchAll(IMPORT)];
  const targets = [...new Set(statements.map((m) => m[2]))];
  // Virtual modules a plugin adds (Vite's preload helper) come after the source's own imports.
  const importedIds = info?.importedIds.filter((id) => !id.startsWith('\0')) ?? [];
  if (targets.length !== importedIds.length) {
    throw new Error(`route-chunks: cannot match the imports of ${page} to its module's imports`);
  }
  const found: string[] = [];
  statements.forEach(([, clause, specifier]) => {
    const barrel = importedIds[targets.indexOf(specifier)];
    if (barrel.startsWith(sourceDir) || !clause?.startsWith('{')) return;
    for (const name of clause.replace(/[{}]/g, '').split(',')) {
      const imported = name.trim().split(/\s+as\s+/)[0];
      const owner = imported && definingModule(graph, barrel, imported);
      if (owner) found.push(owner);
    }
  });
  return found;
}

/** The module under a barrel that defines `name` (exports it and re-exports it from none of its imports). */
function definingModule(graph: ModuleGraph, barrel: string, name: string, depth = 0): string | null {
  for (const child of graph.getModuleInfo(barrel)?.importedIds ?? []) {
    const info = graph.getModuleInfo(child);
    // A default export under its own file name: `export { default as IconX } from './icons/IconX.mjs'`.
    const named =
      info?.exports.includes(name) ||
      (/[\\/]([^\\/]+)\.m?[jt]sx?$/.exec(child)?.[1] === name && info?.exports.includes('default'));
    if (!named) continue;
    return (depth < 4 && definingModule(graph, child, name, depth + 1)) || child;
  }
  return null;
}

/** The app's modules the pages import statically, following only imports inside `sourceDir`. */
function appClosure(graph: ModuleGraph, pages: string[], sourceDir: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...pages];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
      if (imported.startsWith(sourceDir)) queue.push(imported);
    }
  }
  for (const page of pages) {
    seen.delete(page);
    namedPackageImports(graph, page, sourceDir).forEach((id) => seen.add(id));
  }
  return seen;
}

/** Which group each app module goes into (module id → chunk name); modules not listed are left alone. */
export function assignRouteChunks(graph: ModuleGraph, root: string, groups: RouteChunkGroup[]): Map<string, string> {
  const sourceDir = path.join(root, 'src') + path.sep;
  const pages = new Set(groups.flatMap((group) => group.pages.map((page) => path.resolve(root, page))));
  const names = new Map<string, string>();
  for (const group of groups) {
    for (const id of appClosure(
      graph,
      group.pages.map((page) => path.resolve(root, page)),
      sourceDir,
    )) {
      if (!names.has(id) && !pages.has(id)) names.set(id, group.name);
    }
  }
  return names;
}

/**
 * `build.rolldownOptions.output.codeSplitting.groups` for `groups`, each with the priority of its
 * place (the first highest, all below `topPriority`). The assignment is computed on the first call
 * of a build (the module graph is complete by then) and kept: Rolldown asks once a module. A new
 * build is told by the graph's object for the first page, which Rolldown reuses within one chunking
 * pass (its ChunkingContext docs), so a watch rebuild recomputes it.
 */
export function routeChunkGroups(root: string, groups: RouteChunkGroup[], topPriority: number) {
  let names: Map<string, string> | null = null;
  let builtFor: unknown = null;
  const nameOf = (id: string, graph: ModuleGraph) => {
    const probe = graph.getModuleInfo(path.resolve(root, groups[0].pages[0]));
    if (!names || builtFor !== probe) {
      names = assignRouteChunks(graph, root, groups);
      builtFor = probe;
    }
    return names.get(id) ?? null;
  };
  return groups.map((group, index) => ({
    debugName: `route chunk ${group.name}`,
    name: (id: string, graph: ModuleGraph) => (nameOf(id, graph) === group.name ? group.name : null),
    priority: topPriority - 1 - index,
  }));
}
