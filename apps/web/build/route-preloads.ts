import type { Plugin } from 'vite';

/**
 * Route preloads (issue 38, Lighthouse mobile): a signed-out first visit to /login waited for the
 * entry chunk to download and run (half a second of a phone's CPU) before the router asked for the
 * page's own chunks, one more round trip on a mobile network. The build writes
 * `route-preloads.js`, which index.html loads async in <head>: on a listed path it adds
 * `modulepreload` (and CSS `preload`) links for the page's chunks, so they download beside the entry.
 * A plain file, not an inline script: the Content-Security-Policy allows no inline script.
 */

/** What the plugin needs of a build output chunk (Rollup's and Rolldown's OutputChunk have these). */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export type BundleInfo = Record<string, ChunkInfo | { type: 'asset'; fileName: string }>;

export const ROUTE_PRELOADS_FILE = 'route-preloads.js';

function staticClosure(bundle: BundleInfo, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const fileName = queue.pop()!;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') queue.push(...chunk.imports);
  }
  return seen;
}

/**
 * For each path, the files its modules need beyond what the entry already loads: each module's chunk,
 * its static imports, and their CSS, as absolute URLs. A module the build did not split into its own
 * chunk is an error: the map would silently preload nothing.
 */
export function computeRoutePreloads(bundle: BundleInfo, routes: Record<string, string | string[]>): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((file): file is ChunkInfo => file.type === 'chunk');
  const entryFiles = staticClosure(
    bundle,
    chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
  );
  const preloads: Record<string, string[]> = {};
  for (const [path, moduleSuffixes] of Object.entries(routes)) {
    const pages = [moduleSuffixes].flat().map((moduleSuffix) => {
      const page = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix));
      if (!page) throw new Error(`route-preloads: no chunk of its own for ${moduleSuffix} (${path})`);
      return page.fileName;
    });
    const files = [...staticClosure(bundle, pages)].filter((file) => !entryFiles.has(file));
    const css = new Set<string>();
    for (const file of files) {
      const chunk = bundle[file];
      if (chunk?.type === 'chunk') chunk.viteMetadata?.importedCss.forEach((sheet) => css.add(sheet));
    }
    preloads[path] = [...files, ...css].map((file) => `/${file}`);
  }
  return preloads;
}

/** The script's text: on a listed path (trailing slashes ignored), one link per file. */
export function renderRoutePreloadsScript(preloads: Record<string, string[]>): string {
  return `// Written by the build (apps/web/build/route-preloads.ts).
(function () {
  var preloads = ${JSON.stringify(preloads)};
  var files = preloads[window.location.pathname.replace(/\\/+$/, '')];
  if (!files) return;
  files.forEach(function (href) {
    var link = document.createElement('link');
    if (/\\.css$/.test(href)) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
      // Vite loads its stylesheets with crossorigin: a preload in another mode is fetched twice.
      link.crossOrigin = '';
    } else {
      link.rel = 'modulepreload';
    }
    link.href = href;
    document.head.appendChild(link);
  });
})();
`;
}

/** The Vite plugin: writes the script at build time and loads it from index.html's <head>. */
export function routePreloads(routes: Record<string, string | string[]>): Plugin {
  return {
    name: 'stockpot-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const source = renderRoutePreloadsScript(computeRoutePreloads(bundle as unknown as BundleInfo, routes));
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source });
    },
    transformIndexHtml() {
      return [{ tag: 'script', attrs: { async: true, src: `/${ROUTE_PRELOADS_FILE}` }, injectTo: 'head-prepend' }];
    },
  };
}
