/**
 * Web app weight: a production build of apps/web with Vite's manifest (`vite build --manifest`, the
 * project's vite.config.ts unchanged) into a folder of the bench's own, then the gzipped size of
 * the JavaScript and CSS each route needs before it can render: the entry chunk with everything it
 * imports statically, plus the route's lazy chunks and their static imports.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  route: string;
  /** Manifest keys of the lazy chunks this route adds to the entry. */
  chunks: string[];
  jsFiles: number;
  cssFiles: number;
  jsRawKb: number;
  jsGzipKb: number;
  cssGzipKb: number;
  totalGzipKb: number;
}

export interface WebBuild {
  distDir: string;
  buildSeconds: number | null;
  routes: RouteWeight[];
  allJsGzipKb: number;
}

/** Builds the web app with a manifest into `outDir` (outside apps/web, so the dev build is untouched). */
export function buildWeb(root: string, outDir: string): number {
  const started = performance.now();
  const result = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
  });
  if (result.status !== 0) throw new Error(`The web build failed (exit ${result.status})`);
  return Math.round((performance.now() - started) / 100) / 10;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Every chunk a set of starting chunks loads before running: themselves and their static imports. */
function staticClosure(manifest: Manifest, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  starts.forEach(visit);
  return seen;
}

function findChunk(manifest: Manifest, sourceEnding: string): string | null {
  return Object.keys(manifest).find((key) => key.endsWith(sourceEnding)) ?? null;
}

export function measureRoutes(distDir: string): { routes: RouteWeight[]; allJsGzipKb: number } {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No Vite manifest at ${manifestPath}`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const content = readFileSync(path.join(distDir, file));
      size = { raw: content.length, gzip: gzipSync(content).length };
      sizes.set(file, size);
    }
    return size;
  };
  const weigh = (route: string, lazyChunks: (string | null)[]): RouteWeight => {
    const chunks = lazyChunks.filter((c): c is string => c !== null);
    const closure = staticClosure(manifest, [entry, ...chunks]);
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of closure) {
      js.add(manifest[key].file);
      for (const file of manifest[key].css ?? []) css.add(file);
    }
    const jsSizes = [...js].map(sizeOf);
    const cssSizes = [...css].map(sizeOf);
    const jsGzip = jsSizes.reduce((sum, s) => sum + s.gzip, 0);
    const cssGzip = cssSizes.reduce((sum, s) => sum + s.gzip, 0);
    return {
      route,
      chunks,
      jsFiles: js.size,
      cssFiles: css.size,
      jsRawKb: kb(jsSizes.reduce((sum, s) => sum + s.raw, 0)),
      jsGzipKb: kb(jsGzip),
      cssGzipKb: kb(cssGzip),
      totalGzipKb: kb(jsGzip + cssGzip),
    };
  };
  const routes = [
    weigh('first route (entry + static imports)', []),
    weigh('/login', [findChunk(manifest, 'features/auth/pages/login-page.tsx')]),
    weigh('/place-order/list', [
      findChunk(manifest, 'shell/app-layout.tsx'),
      findChunk(manifest, 'app/place-order-route.tsx'),
      findChunk(manifest, 'features/catalog/pages/place-order-list-page.tsx'),
    ]),
  ];
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file, i, all) => file.endsWith('.js') && all.indexOf(file) === i);
  return { routes, allJsGzipKb: kb(allJs.reduce((sum, file) => sum + sizeOf(file).gzip, 0)) };
}
